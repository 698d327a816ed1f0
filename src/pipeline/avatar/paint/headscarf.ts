/**
 * A headscarf (hijab) in head-local design units, drawn instead of hair: a back part behind the
 * head and a front part that frames the face (covering hair, ears and neck) and falls onto the
 * shoulders. Both move with the head like hair does.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { rgba, shade } from './color.ts';
import { FACE_H as H, FACE_W as W } from './layout.ts';

type Ctx = SKRSContext2D;

export function drawHeadscarfBack(ctx: Ctx, color: string): void {
  ctx.fillStyle = shade(color, -0.22);
  ctx.beginPath();
  ctx.moveTo(0, -H - 34);
  ctx.bezierCurveTo(W + 10, -H - 32, W + 40, -H * 0.4, W + 38, H * 0.5);
  ctx.quadraticCurveTo(W + 42, H + 40, W + 20, H + 60);
  ctx.lineTo(-W - 20, H + 60);
  ctx.quadraticCurveTo(-W - 42, H + 40, -W - 38, H * 0.5);
  ctx.bezierCurveTo(-W - 40, -H * 0.4, -W - 10, -H - 32, 0, -H - 34);
  ctx.fill();
}

/** The part around the face, after the face is drawn: outer outline minus the face opening. */
export function drawHeadscarfFront(ctx: Ctx, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  // Outer outline: over the head, down the sides, flaring onto the shoulders.
  ctx.moveTo(0, -H - 30);
  ctx.bezierCurveTo(W * 0.7, -H - 30, W + 28, -H * 0.62, W + 28, -H * 0.05);
  ctx.bezierCurveTo(W + 30, H * 0.55, W + 26, H * 0.95, W + 50, H + 58);
  ctx.quadraticCurveTo(W * 0.6, H + 84, 0, H + 82);
  ctx.quadraticCurveTo(-W * 0.6, H + 84, -W - 50, H + 58);
  ctx.bezierCurveTo(-W - 26, H * 0.95, -W - 30, H * 0.55, -W - 28, -H * 0.05);
  ctx.bezierCurveTo(-W - 28, -H * 0.62, -W * 0.7, -H - 30, 0, -H - 30);
  ctx.closePath();
  // The face opening: the forehead's top and the ears are covered, the chin shows.
  faceOpening(ctx);
  ctx.fill('evenodd');

  // Folds: a soft shade along the opening and two creases under the chin.
  ctx.save();
  ctx.strokeStyle = rgba(shade(color, -0.3), 0.55);
  ctx.lineWidth = 5;
  ctx.beginPath();
  faceOpening(ctx);
  ctx.stroke();
  ctx.lineWidth = 3;
  ctx.strokeStyle = rgba(shade(color, -0.25), 0.6);
  ctx.beginPath();
  for (const side of [-1, 1]) {
    ctx.moveTo(side * W * 0.75, H * 0.6);
    ctx.quadraticCurveTo(side * W * 0.55, H + 30, side * W * 0.2, H + 62);
    ctx.moveTo(side * (W + 14), H * 0.2);
    ctx.quadraticCurveTo(side * (W + 12), H * 0.9, side * (W + 34), H + 50);
  }
  ctx.stroke();
  ctx.strokeStyle = rgba(shade(color, 0.25), 0.5);
  ctx.beginPath();
  ctx.moveTo(-W * 0.5, -H - 18);
  ctx.quadraticCurveTo(0, -H - 28, W * 0.5, -H - 18);
  ctx.stroke();
  ctx.restore();
}

function faceOpening(ctx: Ctx): void {
  ctx.moveTo(0, -H * 0.8);
  ctx.bezierCurveTo(W * 0.78, -H * 0.8, W * 0.93, -H * 0.25, W * 0.9, H * 0.1);
  ctx.bezierCurveTo(W * 0.86, H * 0.72, W * 0.42, H + 10, 0, H + 10);
  ctx.bezierCurveTo(-W * 0.42, H + 10, -W * 0.86, H * 0.72, -W * 0.9, H * 0.1);
  ctx.bezierCurveTo(-W * 0.93, -H * 0.25, -W * 0.78, -H * 0.8, 0, -H * 0.8);
  ctx.closePath();
}
