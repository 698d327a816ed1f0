/**
 * Neck, torso and clothes in design units, drawn once into the painter's body layer. Arms are not
 * here: they move with gestures (arms.ts).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarLook } from '../looks.data.ts';
import { rgba, shade } from './color.ts';
import { drawOutfit, torsoPath } from './outfits.ts';
import { CENTER_X as X, CHIN_Y, NECK_TOP, SHOULDER_Y } from './layout.ts';

type Ctx = SKRSContext2D;
function neck(ctx: Ctx, look: AvatarLook, male: boolean): void {
  const nw = male ? 36 : 30;
  ctx.fillStyle = look.skin;
  ctx.beginPath();
  ctx.moveTo(X - nw, NECK_TOP);
  ctx.lineTo(X - nw - 2, SHOULDER_Y - 10);
  ctx.quadraticCurveTo(X, SHOULDER_Y + 20, X + nw + 2, SHOULDER_Y - 10);
  ctx.lineTo(X + nw, NECK_TOP);
  ctx.closePath();
  ctx.fill();
  // Shadow the chin casts on the neck.
  ctx.fillStyle = shade(look.skin, -0.16);
  ctx.beginPath();
  ctx.moveTo(X - nw, NECK_TOP);
  ctx.lineTo(X - nw, CHIN_Y + 4);
  ctx.quadraticCurveTo(X, CHIN_Y + 30, X + nw, CHIN_Y + 4);
  ctx.lineTo(X + nw, NECK_TOP);
  ctx.closePath();
  ctx.fill();
}

export function drawBody(ctx: Ctx, look: AvatarLook, male: boolean): void {
  const o = look.outfit;
  const sw = look.shoulders;
  const dark = shade(o.main, -0.2);
  neck(ctx, look, male);

  if (o.kind === 'hoodie') {
    // The hood lies behind the neck, seen as a thick roll on the shoulders.
    ctx.fillStyle = o.second;
    ctx.beginPath();
    ctx.ellipse(X, SHOULDER_Y - 14, 92, 40, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = o.main;
  torsoPath(ctx, sw);
  ctx.fill();
  // Side shade for volume.
  ctx.save();
  torsoPath(ctx, sw);
  ctx.clip();
  ctx.fillStyle = rgba(dark, 0.35);
  ctx.fillRect(X + sw - 40, SHOULDER_Y - 30, 60, 600);
  ctx.restore();

  drawOutfit(ctx, look);
  drawNecklace(ctx, look);
  if (look.hair.style === 'braid' && look.headscarf === undefined) drawBraid(ctx, look.hair.color);
}

function drawNecklace(ctx: Ctx, look: AvatarLook): void {
  const n = look.necklace;
  if (n === undefined) return;
  if (n.style === 'pearls') {
    ctx.fillStyle = n.color;
    ctx.strokeStyle = rgba('#8a7f70', 0.5);
    ctx.lineWidth = 1;
    for (let i = 0; i <= 12; i++) {
      const a = Math.PI * (0.12 + (0.76 * i) / 12);
      const x = X + Math.cos(a) * 44;
      const y = SHOULDER_Y - 8 + Math.sin(a) * 38;
      ctx.beginPath();
      ctx.arc(x, y, 5.5, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  } else {
    ctx.strokeStyle = n.color;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(X - 40, SHOULDER_Y - 20);
    ctx.quadraticCurveTo(X, SHOULDER_Y + 60, X + 40, SHOULDER_Y - 20);
    ctx.stroke();
    ctx.fillStyle = n.color;
    ctx.beginPath();
    ctx.moveTo(X, SHOULDER_Y + 26);
    ctx.lineTo(X + 9, SHOULDER_Y + 40);
    ctx.lineTo(X, SHOULDER_Y + 54);
    ctx.lineTo(X - 9, SHOULDER_Y + 40);
    ctx.closePath();
    ctx.fill();
  }
}

/** A braid over the right shoulder (viewer's left), in front of the clothes. */
function drawBraid(ctx: Ctx, color: string): void {
  const hi = shade(color, 0.2);
  for (let i = 0; i < 9; i++) {
    const t = i / 8;
    const x = X - 70 - 28 * t + Math.sin(t * 3) * 6;
    const y = SHOULDER_Y - 30 + i * 30;
    for (const side of [-1, 1]) {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.ellipse(x + side * 9, y + (side > 0 ? 14 : 0), 17, 20, side * 0.5, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = hi;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      ctx.ellipse(x + side * 9, y + (side > 0 ? 14 : 0), 11, 13, side * 0.5, Math.PI * 1.1, Math.PI * 1.7);
      ctx.stroke();
    }
  }
  const end = SHOULDER_Y - 30 + 9 * 30;
  ctx.fillStyle = '#F25F5C';
  ctx.fillRect(X - 110, end - 6, 26, 10);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(X - 112, end + 4);
  ctx.quadraticCurveTo(X - 98, end + 40, X - 84, end + 4);
  ctx.fill();
}
