/**
 * Face parts in head-local design units, drawn every frame under the head's transform (a few
 * paths each): face, ears, nose, age lines, beard, eyes with lids, brows, moustache, glasses.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarLook } from '../looks.data.ts';
import { luminance, mix, rgba, shade } from './color.ts';
import {
  BROW_Y, EYE_DX, EYE_RX, EYE_WHITE, EYE_Y, FACE_H, FACE_W, MOUTH_W, MOUTH_Y, NOSE_Y, PUPIL,
} from './layout.ts';

type Ctx = SKRSContext2D;
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** Face outline: round forehead, cheeks, jaw (soft or square), chin; `drop` lowers the jaw. */
export function facePath(ctx: Ctx, jaw: number, drop = 0, w = FACE_W, h = FACE_H): void {
  const jx = lerp(0.5, 0.62, jaw) * w;
  const jy = lerp(0.84, 0.8, jaw) * h + drop * 0.6;
  const ch = h + drop;
  ctx.beginPath();
  ctx.moveTo(0, -h);
  ctx.bezierCurveTo(0.58 * w, -h, w, -0.62 * h, w, -0.08 * h);
  ctx.bezierCurveTo(w, lerp(0.3, 0.4, jaw) * h, lerp(0.86, 0.96, jaw) * w, 0.62 * h, jx, jy);
  ctx.bezierCurveTo(lerp(0.32, 0.44, jaw) * w, ch, 0.2 * w, ch, 0, ch);
  ctx.bezierCurveTo(-0.2 * w, ch, -lerp(0.32, 0.44, jaw) * w, ch, -jx, jy);
  ctx.bezierCurveTo(-lerp(0.86, 0.96, jaw) * w, 0.62 * h, -w, lerp(0.3, 0.4, jaw) * h, -w, -0.08 * h);
  ctx.bezierCurveTo(-w, -0.62 * h, -0.58 * w, -h, 0, -h);
  ctx.closePath();
}

export function drawEars(ctx: Ctx, look: AvatarLook): void {
  for (const side of [-1, 1]) {
    ctx.fillStyle = look.skin;
    ctx.beginPath();
    ctx.ellipse(side * (FACE_W - 3), EYE_Y + 14, 14, 23, side * 0.15, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = shade(look.skin, -0.16);
    ctx.beginPath();
    ctx.ellipse(side * (FACE_W + 1), EYE_Y + 15, 6.5, 13, side * 0.15, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** How far the chin drops for a mouth opening (design units): wide vowels move the jaw. */
export const jawDrop = (open: number) => open * 7;

export function drawFaceBase(ctx: Ctx, look: AvatarLook, drop = 0): void {
  ctx.fillStyle = look.skin;
  facePath(ctx, look.jaw, drop);
  ctx.fill();
  if (look.blush > 0) {
    for (const side of [-1, 1]) {
      const g = ctx.createRadialGradient(side * 52, MOUTH_Y - 22, 2, side * 52, MOUTH_Y - 22, 24);
      const blush = mix(look.skin, '#FF6464', 0.6);
      g.addColorStop(0, rgba(blush, look.blush));
      g.addColorStop(1, rgba(blush, 0));
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.ellipse(side * 52, MOUTH_Y - 22, 24, 16, 0, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

export function drawNose(ctx: Ctx, look: AvatarLook): void {
  const dark = shade(look.skin, -0.2);
  ctx.fillStyle = rgba(shade(look.skin, -0.3), 0.18);
  ctx.beginPath();
  ctx.ellipse(0, NOSE_Y + 2, 13, 8, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = dark;
  ctx.lineWidth = 3.4;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(-9, NOSE_Y + 2);
  ctx.bezierCurveTo(-9, NOSE_Y + 9, -3, NOSE_Y + 10, 0, NOSE_Y + 8);
  ctx.bezierCurveTo(3, NOSE_Y + 10, 9, NOSE_Y + 9, 9, NOSE_Y + 2);
  ctx.stroke();
}

export function drawAgeLines(ctx: Ctx, look: AvatarLook): void {
  ctx.strokeStyle = rgba(shade(look.skin, -0.45), 0.35);
  ctx.lineWidth = 2.2;
  ctx.lineCap = 'round';
  for (const side of [-1, 1]) {
    // Smile lines from the nose wings past the mouth corners.
    ctx.beginPath();
    ctx.moveTo(side * 18, NOSE_Y + 6);
    ctx.quadraticCurveTo(side * 34, MOUTH_Y - 6, side * 32, MOUTH_Y + 12);
    ctx.stroke();
    // Crow's feet.
    for (const dy of [-5, 2]) {
      ctx.beginPath();
      ctx.moveTo(side * (EYE_DX + EYE_RX + 5), EYE_Y + dy);
      ctx.lineTo(side * (EYE_DX + EYE_RX + 13), EYE_Y + dy * 1.8);
      ctx.stroke();
    }
  }
  for (const y of [-72, -60]) {
    ctx.beginPath();
    ctx.moveTo(-26, y);
    ctx.quadraticCurveTo(0, y - 5, 26, y);
    ctx.stroke();
  }
}

/** Beard around the jaw; the mouth is drawn over it each frame. */
export function drawBeard(ctx: Ctx, look: AvatarLook, drop = 0): void {
  const beard = look.beard;
  if (beard === undefined) return;
  ctx.save();
  facePath(ctx, look.jaw, drop);
  ctx.clip();
  const W = FACE_W;
  ctx.beginPath();
  ctx.moveTo(-W - 2, EYE_Y);
  ctx.lineTo(-W + 9, EYE_Y);
  ctx.bezierCurveTo(-W + 10, EYE_Y + 40, -W * 0.6, MOUTH_Y - 20, -MOUTH_W - 7, MOUTH_Y - 13);
  ctx.quadraticCurveTo(0, MOUTH_Y - 26, MOUTH_W + 7, MOUTH_Y - 13);
  ctx.bezierCurveTo(W * 0.6, MOUTH_Y - 20, W - 10, EYE_Y + 40, W - 9, EYE_Y);
  ctx.lineTo(W + 2, EYE_Y);
  ctx.lineTo(W + 2, FACE_H + 10);
  ctx.lineTo(-W - 2, FACE_H + 10);
  ctx.closePath();
  ctx.fillStyle = beard.style === 'full' ? beard.color : rgba(beard.color, 0.2);
  ctx.fill();
  if (beard.style === 'full') {
    // A lighter fringe of texture along the beard line.
    ctx.strokeStyle = rgba(shade(beard.color, luminance(beard.color) > 150 ? -0.2 : 0.25), 0.6);
    ctx.lineWidth = 2.2;
    ctx.beginPath();
    for (const side of [-1, 1]) {
      for (let i = 0; i < 5; i++) {
        const y = MOUTH_Y + 14 + i * 8;
        ctx.moveTo(side * (W * 0.5 - i * 4), y);
        ctx.quadraticCurveTo(side * (W * 0.42 - i * 4), y + 6, side * (W * 0.38 - i * 4), y + 12);
      }
    }
    ctx.stroke();
  }
  ctx.restore();
}

/** Moustache over the upper lip, drawn after the mouth. */
export function drawMoustache(ctx: Ctx, look: AvatarLook, open: number): void {
  if (look.beard?.style !== 'full') return;
  const lift = open * 6;
  ctx.fillStyle = look.beard.color;
  ctx.beginPath();
  ctx.moveTo(-MOUTH_W - 8, MOUTH_Y - 2 - lift * 0.3);
  ctx.bezierCurveTo(-MOUTH_W, MOUTH_Y - 20, -8, MOUTH_Y - 20, 0, MOUTH_Y - 15);
  ctx.bezierCurveTo(8, MOUTH_Y - 20, MOUTH_W, MOUTH_Y - 20, MOUTH_W + 8, MOUTH_Y - 2 - lift * 0.3);
  ctx.bezierCurveTo(MOUTH_W - 4, MOUTH_Y - 8 - lift, 10, MOUTH_Y - 9 - lift, 0, MOUTH_Y - 8 - lift);
  ctx.bezierCurveTo(-10, MOUTH_Y - 9 - lift, -MOUTH_W + 4, MOUTH_Y - 8 - lift, -MOUTH_W - 8, MOUTH_Y - 2 - lift * 0.3);
  ctx.fill();
}

export function browColor(look: AvatarLook): string {
  return mix(look.hair.color, '#2a1c18', luminance(look.hair.color) > 150 ? 0.4 : 0.15);
}

export function drawBrows(ctx: Ctx, raise: number, color: string, male: boolean): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = male ? 8 : 6.5;
  ctx.lineCap = 'round';
  for (const side of [-1, 1]) {
    const up = raise * 9;
    ctx.beginPath();
    ctx.moveTo(side * 14, BROW_Y + 3 - up * 1.15);
    ctx.quadraticCurveTo(side * 32, BROW_Y - 8 - up, side * 50, BROW_Y + (male ? 0 : 1) - up * 0.7);
    ctx.stroke();
  }
}

export function drawEyes(ctx: Ctx, look: AvatarLook, blink: number, lookX: number, lookY: number, lashColor: string): void {
  const upper = 12.5;
  const lower = 8;
  const lid = shade(look.skin, -0.1);
  const lidCtrl = lerp(-2 * upper, 2 * lower, blink);
  const ix = lookX * 6;
  const iy = lookY * 4 + 1.5;
  for (const side of [-1, 1]) {
    ctx.save();
    ctx.translate(side * EYE_DX, EYE_Y);
    ctx.beginPath();
    ctx.moveTo(-EYE_RX, 0);
    ctx.quadraticCurveTo(0, -2 * upper, EYE_RX, 0);
    ctx.quadraticCurveTo(0, 2 * lower, -EYE_RX, 0);
    ctx.closePath();
    if (blink < 0.98) {
      ctx.fillStyle = EYE_WHITE;
      ctx.fill();
      ctx.save();
      ctx.clip();
      ctx.fillStyle = look.iris;
      ctx.beginPath();
      ctx.arc(ix, iy, 10.2, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = PUPIL;
      ctx.beginPath();
      ctx.arc(ix, iy, 5.3, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#FFFFFF';
      ctx.beginPath();
      ctx.arc(ix + 3, iy - 3.5, 2.6, 0, Math.PI * 2);
      ctx.fill();
      if (blink > 0.02) {
        ctx.fillStyle = lid;
        ctx.beginPath();
        ctx.moveTo(-EYE_RX - 2, 0);
        ctx.quadraticCurveTo(0, -2 * upper - 6, EYE_RX + 2, 0);
        ctx.quadraticCurveTo(0, lidCtrl, -EYE_RX - 2, 0);
        ctx.fill();
      }
      ctx.restore();
    }
    ctx.strokeStyle = lashColor;
    ctx.lineWidth = look.lashes ? 3.6 : 3;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(-EYE_RX - 1, 0.5);
    ctx.quadraticCurveTo(0, lidCtrl - 1, EYE_RX + 1, 0.5);
    if (look.lashes) {
      ctx.moveTo(side * (EYE_RX - 1), -1);
      ctx.lineTo(side * (EYE_RX + 4), -3.5 + blink * 4);
    }
    ctx.stroke();
    ctx.restore();
  }
}

export function drawGlasses(ctx: Ctx, look: AvatarLook): void {
  const g = look.glasses;
  if (g === undefined) return;
  ctx.strokeStyle = g.color;
  ctx.lineWidth = 3.6;
  ctx.fillStyle = 'rgba(200,225,255,0.12)';
  ctx.beginPath();
  for (const side of [-1, 1]) {
    const cx = side * EYE_DX;
    if (g.shape === 'round') {
      ctx.moveTo(cx + 21, EYE_Y);
      ctx.arc(cx, EYE_Y, 21, 0, Math.PI * 2);
    } else {
      ctx.roundRect(cx - 24, EYE_Y - 16, 48, 33, 9);
    }
  }
  ctx.fill();
  ctx.moveTo(-EYE_DX + (g.shape === 'round' ? 21 : 24), EYE_Y - 3);
  ctx.quadraticCurveTo(0, EYE_Y - 10, EYE_DX - (g.shape === 'round' ? 21 : 24), EYE_Y - 3);
  ctx.moveTo(-EYE_DX - 24, EYE_Y - 4);
  ctx.lineTo(-FACE_W + 2, EYE_Y - 7);
  ctx.moveTo(EYE_DX + 24, EYE_Y - 4);
  ctx.lineTo(FACE_W - 2, EYE_Y - 7);
  ctx.stroke();
}
