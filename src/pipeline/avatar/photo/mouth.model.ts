/**
 * The mouth model both photo-like presenters use (issue 24 item 3), applied on a mesh of landmarks:
 * the photo presenter's on its photo's landmarks, the video presenter's on each frame's tracked
 * ones. The mesh's moved triangles are re-drawn as affine warps of the source picture (the lips
 * keep their own texture and colour, the jaw and chin follow), then the opening's interior: a
 * feathered dark-red shading and an upper teeth band sized by the shape's teeth share (none on
 * closed shapes), with no outline. Pure drawing: no I/O.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarPose } from '../avatar.types.ts';
import { pointsBox } from '../face-box.ts';
import { mouthShapeOf } from '../paint/mouth.ts';
import { mouthGap, type FaceMesh, type Pt } from './photo.mesh.ts';
import { warpTriangle } from './triangle-warp.ts';

/** The inner mouth's shading, deep middle to edge, and the upper teeth band's top and bottom. */
const MOUTH_DEEP = '#2A0C10';
const MOUTH_DARK = '#4A1519';
const MOUTH_EDGE = '#6E2A2C';
const TEETH_TOP = 'rgba(232,226,214,0.92)';
const TEETH_LOW = 'rgba(205,195,182,0.75)';

/**
 * Re-draws the triangles of `mesh` that any moved vertex touches, each warped from its `from`
 * position in `src` to its `to` position (the inner-lip triangles are left: the interior is drawn
 * over them). `moved[i]` says whether vertex i moved. Returns whether anything was drawn.
 */
export function warpMovedTriangles(ctx: SKRSContext2D, src: Canvas, mesh: Pick<FaceMesh, 'triangles' | 'mouthInterior'>, from: readonly Pt[], to: readonly Pt[], moved: readonly boolean[]): boolean {
  const tris = mesh.triangles;
  let any = false;
  for (let t = 0; t < tris.length / 3; t++) {
    if (mesh.mouthInterior.has(t)) continue;
    const i0 = tris[t * 3]!, i1 = tris[t * 3 + 1]!, i2 = tris[t * 3 + 2]!;
    if (!(moved[i0] || moved[i1] || moved[i2])) continue;
    warpTriangle(ctx, src, from[i0]!, from[i1]!, from[i2]!, to[i0]!, to[i1]!, to[i2]!);
    any = true;
  }
  return any;
}

export interface MouthInteriorContext {
  /** Nose-bridge-to-chin length of the face (px): bounds the teeth and the feather. */
  faceH: number;
  /** The inner-lip gap (px) of the un-posed mouth: no interior is drawn for a gap this small. */
  restGap: number;
  /**
   * A picture that shows teeth in its un-posed mouth lends them (the photo presenter's still):
   * the source and its un-posed points, drawn over the band carried with the upper lip.
   */
  lend?: { src: Canvas; rest: readonly Pt[] };
}

/**
 * The opening between the (warped, textured) lips `p`: a soft dark-red shading, darkest deep in
 * the middle, its edge feathered under the lips; the upper teeth as a soft band hanging from the
 * upper inner lip, as tall as the shape's teeth share of the gap (none on closed shapes), at most
 * a tooth's height. No outline anywhere.
 */
export function drawMouthInterior(ctx: SKRSContext2D, p: readonly Pt[], pose: AvatarPose, m: MouthInteriorContext): void {
  const { faceH, restGap } = m;
  const gap = mouthGap(p);
  if (gap - restGap < 0.8) return;
  const inner = [60, 61, 62, 63, 64, 65, 66, 67].map((i) => p[i]!);
  const cx = inner.reduce((a, q) => a + q[0], 0) / inner.length;
  const cy = inner.reduce((a, q) => a + q[1], 0) / inner.length;
  const half = Math.hypot(p[64]![0] - p[60]![0], p[64]![1] - p[60]![1]) / 2;
  const feather = Math.max(0.8, Math.min(gap * 0.12, faceH * 0.012));
  const path = () => {
    ctx.beginPath();
    inner.forEach(([u, v], k) => (k === 0 ? ctx.moveTo(u, v) : ctx.lineTo(u, v)));
    ctx.closePath();
  };
  ctx.save();
  const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(half, gap));
  g.addColorStop(0, MOUTH_DEEP);
  g.addColorStop(0.55, MOUTH_DARK);
  g.addColorStop(1, MOUTH_EDGE);
  ctx.fillStyle = g;
  ctx.filter = `blur(${feather.toFixed(1)}px)`;
  path();
  ctx.fill();
  ctx.restore();
  const shape = pose.mouthShape ?? mouthShapeOf(pose.viseme);
  const depth = Math.min(gap * shape.teeth, faceH * 0.05);
  if (depth < 0.8) return;
  ctx.save();
  path();
  ctx.clip();
  // Upper teeth: hanging from the upper inner lip (60-64) along the face's down direction,
  // fading toward their edges.
  const dl = Math.hypot(p[8]![0] - p[27]![0], p[8]![1] - p[27]![1]) || 1;
  const dn: Pt = [(p[8]![0] - p[27]![0]) / dl, (p[8]![1] - p[27]![1]) / dl];
  const upper = [60, 61, 62, 63, 64].map((i) => p[i]!);
  const t = ctx.createLinearGradient(p[62]![0], p[62]![1], p[62]![0] + dn[0] * depth, p[62]![1] + dn[1] * depth);
  t.addColorStop(0, TEETH_TOP);
  t.addColorStop(0.7, TEETH_LOW);
  t.addColorStop(1, 'rgba(160,140,130,0)');
  ctx.fillStyle = t;
  ctx.filter = `blur(${(feather * 0.8).toFixed(1)}px)`;
  ctx.beginPath();
  upper.forEach(([u, v], k) => (k === 0 ? ctx.moveTo(u - dn[0] * feather, v - dn[1] * feather) : ctx.lineTo(u - dn[0] * feather, v - dn[1] * feather)));
  for (const [u, v] of upper.slice().reverse()) ctx.lineTo(u + dn[0] * depth, v + dn[1] * depth);
  ctx.closePath();
  ctx.fill();
  if (m.lend && restGap > 2) {
    // The picture's own teeth (its un-posed opening, carried with the upper lip) over the band.
    const { src, rest } = m.lend;
    ctx.filter = 'none';
    const dx = p[62]![0] - rest[62]![0];
    const dy = p[62]![1] - rest[62]![1];
    ctx.beginPath();
    [60, 61, 62, 63, 64, 65, 66, 67].forEach((i, k) => (k === 0 ? ctx.moveTo(rest[i]![0] + dx, rest[i]![1] + dy) : ctx.lineTo(rest[i]![0] + dx, rest[i]![1] + dy)));
    ctx.closePath();
    ctx.clip();
    const b = pointsBox(rest.slice(60, 68), 2);
    ctx.globalAlpha = 0.9;
    ctx.drawImage(src, b.x, b.y, b.width, b.height, b.x + dx, b.y + dy, b.width, b.height);
  }
  ctx.restore();
}
