/**
 * The mouth, drawn every frame in head-local design units: the viseme picks the shape (width,
 * rounding, teeth, tongue), the tweened opening sets the gap between the lips.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { MouthShape, Viseme } from '../avatar.types.ts';
import type { AvatarLook } from '../looks.data.ts';
import { rgba, shade } from './color.ts';
import { MOUTH_INTERIOR, MOUTH_W, MOUTH_Y, TEETH, TONGUE } from './layout.ts';

type Ctx = SKRSContext2D;

export interface MouthSpec {
  width: number;
  round: number;
  teeth: 'top' | 'both' | 'bite' | 'none';
  tongue: 'low' | 'up' | 'none';
}

const MOUTH: Record<Exclude<Viseme, 'A' | 'X'>, MouthSpec> = {
  B: { width: 0.95, round: 0.1, teeth: 'both', tongue: 'none' },
  C: { width: 1.0, round: 0.3, teeth: 'top', tongue: 'low' },
  D: { width: 1.06, round: 0.45, teeth: 'top', tongue: 'low' },
  E: { width: 0.8, round: 0.75, teeth: 'top', tongue: 'low' },
  F: { width: 0.55, round: 1, teeth: 'none', tongue: 'none' },
  G: { width: 0.92, round: 0.15, teeth: 'bite', tongue: 'none' },
  H: { width: 0.95, round: 0.4, teeth: 'top', tongue: 'up' },
};

const CLOSED: MouthSpec = { width: 1, round: 0, teeth: 'none', tongue: 'none' };

/** Width (1 = rest), rounding (0..1), teeth and tongue of a mouth shape; the photo presenter warps by the same numbers. */
export function mouthSpec(viseme: Viseme): MouthSpec {
  return viseme === 'A' || viseme === 'X' ? CLOSED : MOUTH[viseme];
}

/**
 * How much of the opening the upper teeth band fills, by shape: none with the lips closed (A, X)
 * or puckered (F), most on teeth-together (B) and the lip-bite (G) where the gap is small; on open
 * vowels (C, D) a smaller share of a bigger gap, so the band is tallest there.
 */
const TEETH_SHARE: Record<Viseme, number> = { A: 0, X: 0, B: 0.6, C: 0.45, D: 0.42, E: 0.32, F: 0.08, G: 0.62, H: 0.36 };

/** The viseme's shape numbers (photo and video presenters warp by them; the track eases them). */
export function mouthShapeOf(viseme: Viseme): MouthShape {
  const spec = mouthSpec(viseme);
  return { width: spec.width, round: spec.round, teeth: TEETH_SHARE[viseme] };
}

/** Mouth centred at (0, MOUTH_Y): lips line for closed shapes, lips + interior + teeth/tongue for open ones. */
export function drawMouth(ctx: Ctx, look: AvatarLook, viseme: Viseme, open: number, male: boolean): void {
  const lipLine = shade(look.lips, -0.45);
  ctx.save();
  ctx.translate(0, MOUTH_Y);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (viseme === 'A' || viseme === 'X' || open < 0.04) {
    const pressed = viseme === 'A';
    const w = MOUTH_W * (pressed ? 0.9 : 0.95);
    const lift = pressed ? 1.5 : 4;
    if (!male) {
      ctx.fillStyle = look.lips;
      ctx.beginPath();
      ctx.moveTo(-w, -lift);
      ctx.bezierCurveTo(-w * 0.5, -9, -w * 0.15, -6, 0, -5);
      ctx.bezierCurveTo(w * 0.15, -6, w * 0.5, -9, w, -lift);
      ctx.bezierCurveTo(w * 0.5, 12, -w * 0.5, 12, -w, -lift);
      ctx.fill();
    } else {
      ctx.fillStyle = rgba(look.lips, 0.7);
      ctx.beginPath();
      ctx.moveTo(-w * 0.6, 2);
      ctx.quadraticCurveTo(0, 11, w * 0.6, 2);
      ctx.closePath();
      ctx.fill();
    }
    ctx.strokeStyle = lipLine;
    ctx.lineWidth = pressed ? 3.6 : 3.2;
    ctx.beginPath();
    ctx.moveTo(-w, -lift);
    ctx.quadraticCurveTo(0, pressed ? 2.5 : 5, w, -lift);
    ctx.stroke();
    ctx.restore();
    return;
  }

  const spec = MOUTH[viseme];
  const w = MOUTH_W * spec.width * (male ? 1.05 : 1);
  const height = spec.teeth === 'bite' ? 8 : 5 + 30 * open;
  const top = height * 0.32;
  const bottom = height * 0.68;
  const corner = -3 * (1 - spec.round);
  const k = 0.15 + 0.45 * spec.round;
  const path = () => {
    ctx.beginPath();
    ctx.moveTo(-w, corner);
    ctx.bezierCurveTo(-w, corner - k * top * 2, -w * 0.55, -top, 0, -top);
    ctx.bezierCurveTo(w * 0.55, -top, w, corner - k * top * 2, w, corner);
    ctx.bezierCurveTo(w, corner + k * bottom * 2, w * 0.55, bottom, 0, bottom);
    ctx.bezierCurveTo(-w * 0.55, bottom, -w, corner + k * bottom * 2, -w, corner);
    ctx.closePath();
  };
  // Lips: a rim around the opening, fuller below.
  ctx.fillStyle = look.lips;
  ctx.beginPath();
  ctx.ellipse(0, bottom - 1, w * 0.62, 5.5 + spec.round * 1.5, 0, 0, Math.PI * 2);
  ctx.fill();
  path();
  ctx.strokeStyle = look.lips;
  ctx.lineWidth = male ? 4.5 : 6;
  ctx.stroke();
  ctx.fillStyle = MOUTH_INTERIOR;
  ctx.fill();
  if (spec.teeth !== 'none' || spec.tongue !== 'none') {
    ctx.save();
    ctx.clip();
    if (spec.tongue !== 'none') {
      ctx.fillStyle = TONGUE;
      ctx.beginPath();
      if (spec.tongue === 'low') ctx.ellipse(0, bottom + 1, w * 0.62, height * 0.32, 0, 0, Math.PI * 2);
      else ctx.ellipse(0, -top + 5, w * 0.45, height * 0.3, 0, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = TEETH;
    const teethH = spec.teeth === 'bite' ? height : Math.min(6.5, height * 0.3);
    if (spec.teeth !== 'none') ctx.fillRect(-w, -top - 2, 2 * w, teethH + 2);
    if (spec.teeth === 'both') ctx.fillRect(-w, bottom - teethH * 0.9, 2 * w, teethH + 2);
    ctx.restore();
  }
  ctx.strokeStyle = lipLine;
  ctx.lineWidth = 1.6;
  path();
  ctx.stroke();
  ctx.restore();
}

