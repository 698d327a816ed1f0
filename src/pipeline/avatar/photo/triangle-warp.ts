/**
 * One triangle of a source image drawn where a mesh moved it: clipped to the destination
 * triangle (grown by a hair so neighbours meet without seams), an affine transform, one blit of
 * the triangle's bounding box. The photo and video presenters warp their faces with it.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { Pt } from './photo.mesh.ts';

/** How far each destination triangle is grown past its edges, in pixels (hides hairline seams). */
export const SEAM_PX = 0.7;

export function warpTriangle(ctx: SKRSContext2D, src: Canvas, s0: Pt, s1: Pt, s2: Pt, d0: Pt, d1: Pt, d2: Pt): void {
  const [x0, y0] = s0, [x1, y1] = s1, [x2, y2] = s2;
  const [u0, v0] = d0, [u1, v1] = d1, [u2, v2] = d2;
  const den = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(den) < 1e-6) return;
  const a = ((u1 - u0) * (y2 - y0) - (u2 - u0) * (y1 - y0)) / den;
  const c = ((u2 - u0) * (x1 - x0) - (u1 - u0) * (x2 - x0)) / den;
  const b = ((v1 - v0) * (y2 - y0) - (v2 - v0) * (y1 - y0)) / den;
  const d = ((v2 - v0) * (x1 - x0) - (v1 - v0) * (x2 - x0)) / den;
  const e = u0 - a * x0 - c * y0;
  const f = v0 - b * x0 - d * y0;
  const gx = (u0 + u1 + u2) / 3;
  const gy = (v0 + v1 + v2) / 3;
  ctx.save();
  ctx.beginPath();
  for (const [k, [u, v]] of [d0, d1, d2].entries()) {
    const l = Math.hypot(u - gx, v - gy) || 1;
    const px = u + ((u - gx) / l) * SEAM_PX;
    const py = v + ((v - gy) / l) * SEAM_PX;
    if (k === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.clip();
  ctx.transform(a, b, c, d, e, f);
  const sx = Math.max(0, Math.floor(Math.min(x0, x1, x2) - 2));
  const sy = Math.max(0, Math.floor(Math.min(y0, y1, y2) - 2));
  const sw = Math.min(src.width, Math.ceil(Math.max(x0, x1, x2) + 2)) - sx;
  const sh = Math.min(src.height, Math.ceil(Math.max(y0, y1, y2) + 2)) - sy;
  if (sw > 0 && sh > 0) ctx.drawImage(src, sx, sy, sw, sh, sx, sy, sw, sh);
  ctx.restore();
}
