/**
 * A photo presenter holding a product. The photo has no arms to pose, so a forearm comes up from
 * the bottom of the box to the hand under the product, in the colours of the person's own
 * clothes (sampled below the face) and skin (the cheek), drawn in front of the photo with the
 * same held-product drawing as the drawn presenters, placed by the face: design units are mapped
 * onto the photo so that its face box sits where a drawn presenter's face is.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { NEUTRAL_POSE, type AvatarPainter, type AvatarPose } from '../avatar.types.ts';
import { shade } from '../paint/color.ts';
import { drawForearm, drawHeldProduct, holdGeometry, type HeldProduct } from '../paint/held.ts';
import { CENTER_X, FACE_W, HEAD_SCALE, HEAD_Y, NOSE_Y } from '../paint/layout.ts';

/** Shoulder half-width assumed for a photo (the drawn presenters' middle). */
const PHOTO_SHOULDERS = 160;

export function withHeldProduct(painter: AvatarPainter, held: HeldProduct): AvatarPainter {
  const head = painter.layout.head;
  // The photo's face box (brows to chin) is as wide as a drawn face; its middle is at the nose.
  const s = head.width / (2 * FACE_W * HEAD_SCALE);
  const ox = head.x + head.width / 2 - CENTER_X * s;
  const oy = head.y + head.height / 2 - (HEAD_Y + NOSE_Y * HEAD_SCALE) * s;
  const bottom = (painter.height - oy) / s;
  const aspect = held.image.width / Math.max(1, held.image.height);
  const side = held.hold.side === 'left' ? -1 : 1;
  const { skin, sleeve } = sampleColours(painter, side);
  function draw(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void {
    painter.draw(ctx, pose, x, y);
    const raise = pose.gesture === 'point' || pose.gesture === 'open' ? pose.gestureAmount : 0;
    const g = holdGeometry(held.hold, aspect, PHOTO_SHOULDERS, raise, bottom);
    g.elbow = { x: g.elbow.x + side * 30, y: Math.max(g.elbow.y, bottom + 40) };
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, painter.width, painter.height);
    ctx.clip();
    ctx.translate(x + ox, y + oy);
    ctx.scale(s, s);
    drawForearm(ctx, g, 46, sleeve, shade(sleeve, -0.28));
    drawHeldProduct(ctx, held.image, g, skin, shade(skin, -0.25));
    ctx.restore();
  }
  return { width: painter.width, height: painter.height, layout: painter.layout, draw, ...(painter.faceBoxAt ? { faceBoxAt: painter.faceBoxAt } : {}) };
}

/** Skin from the cheek patch, sleeve from the clothes under the face on the holding side. */
function sampleColours(painter: AvatarPainter, side: number): { skin: string; sleeve: string } {
  const w = Math.max(1, Math.round(painter.width));
  const h = Math.max(1, Math.round(painter.height));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  painter.draw(ctx, NEUTRAL_POSE, 0, 0);
  const { head, cheek } = painter.layout;
  const mean = (x: number, y: number, rw: number, rh: number, fallback: string): string => {
    const x0 = Math.max(0, Math.min(w - 1, Math.round(x)));
    const y0 = Math.max(0, Math.min(h - 1, Math.round(y)));
    const cw = Math.max(1, Math.min(w - x0, Math.round(rw)));
    const ch = Math.max(1, Math.min(h - y0, Math.round(rh)));
    const d = ctx.getImageData(x0, y0, cw, ch).data;
    let r = 0, g = 0, b = 0, n = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3]! < 128) continue;
      r += d[i]!; g += d[i + 1]!; b += d[i + 2]!; n++;
    }
    if (!n) return fallback;
    const hex = (v: number) => Math.round(v / n).toString(16).padStart(2, '0');
    return `#${hex(r)}${hex(g)}${hex(b)}`;
  };
  const skin = mean(cheek.x, cheek.y, Math.max(4, cheek.width), Math.max(4, cheek.height), '#C89A7A');
  const cx = head.x + head.width / 2 + side * head.width * 0.55;
  const sleeve = mean(cx - head.width * 0.1, Math.min(h - 8, head.y + head.height * 1.9), head.width * 0.2, head.height * 0.2, '#4A5568');
  return { skin, sleeve };
}
