/**
 * Hair in head-local design units: a back part (behind the head and body, moves with the head)
 * and a front part (over the forehead and temples, cached with the face).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarLook } from '../looks.data.ts';
import { luminance, rgba, shade } from './color.ts';
import { drawHeadscarfBack, drawHeadscarfFront } from './headscarf.ts';
import { EYE_Y, FACE_H, FACE_W } from './layout.ts';

type Ctx = SKRSContext2D;
const W = FACE_W;
const H = FACE_H;

function strands(ctx: Ctx, color: string, lines: Array<[number, number, number, number, number, number]>, width = 3): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (const [x0, y0, cx, cy, x1, y1] of lines) {
    ctx.moveTo(x0, y0);
    ctx.quadraticCurveTo(cx, cy, x1, y1);
  }
  ctx.stroke();
}

/** Long hair mass behind the head, falling to the shoulders. */
function longBack(ctx: Ctx, color: string, length: number, wave: boolean): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(0, -H - 26);
  ctx.bezierCurveTo(W * 0.9, -H - 24, W + 30, -H * 0.5, W + 28, H * 0.3);
  if (wave) {
    ctx.bezierCurveTo(W + 44, H * 0.8, W + 20, H * 1.1, W + 36, length - 30);
    ctx.quadraticCurveTo(W + 30, length + 6, W - 4, length);
  } else {
    ctx.bezierCurveTo(W + 32, H * 0.9, W + 30, H * 1.3, W + 30, length - 20);
    ctx.quadraticCurveTo(W + 24, length + 4, W - 10, length);
  }
  ctx.lineTo(-W + 10, length);
  if (wave) {
    ctx.quadraticCurveTo(-W - 30, length + 6, -W - 36, length - 30);
    ctx.bezierCurveTo(-W - 20, H * 1.1, -W - 44, H * 0.8, -W - 28, H * 0.3);
  } else {
    ctx.quadraticCurveTo(-W - 24, length + 4, -W - 30, length - 20);
    ctx.bezierCurveTo(-W - 30, H * 1.3, -W - 32, H * 0.9, -W - 28, H * 0.3);
  }
  ctx.bezierCurveTo(-W - 30, -H * 0.5, -W * 0.9, -H - 24, 0, -H - 26);
  ctx.fill();
  // The shadowed inside of the hair, seen beside the neck.
  ctx.fillStyle = shade(color, -0.25);
  ctx.beginPath();
  ctx.ellipse(0, H * 0.9, W * 0.85, H * 0.9, 0, 0, Math.PI * 2);
  ctx.fill();
}

/** A cap over the skull with a hairline; `line` is the hairline from right temple to left temple. */
function cap(ctx: Ctx, color: string, volume: number, line: (ctx: Ctx) => void, sideY = -H * 0.2): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(-W - 5, sideY);
  ctx.bezierCurveTo(-W - 10, -H * 0.85, -W * 0.62, -H - volume, 0, -H - volume);
  ctx.bezierCurveTo(W * 0.62, -H - volume, W + 10, -H * 0.85, W + 5, sideY);
  line(ctx);
  ctx.closePath();
  ctx.fill();
}

/** Short hair comes down in front of the ears as sideburns. */
function sideburns(ctx: Ctx, color: string, bottom: number): void {
  ctx.fillStyle = color;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(side * (W + 5), -H * 0.3);
    ctx.lineTo(side * (W + 2), bottom);
    ctx.lineTo(side * (W - 9), bottom);
    ctx.lineTo(side * (W - 10), -H * 0.3);
    ctx.closePath();
    ctx.fill();
  }
}

/** Hair falling in front of the temples and ears, framing the face down to `bottom`. */
function sideLocks(ctx: Ctx, color: string, bottom: number, part: number): void {
  ctx.fillStyle = color;
  for (const side of [-1, 1]) {
    const full = side === Math.sign(part) ? 1.15 : 1;
    ctx.beginPath();
    ctx.moveTo(side * (W * 0.2), -H * 0.98);
    ctx.bezierCurveTo(side * (W + 18), -H * 0.9, side * (W + 16 * full), -H * 0.1, side * (W + 16 * full), bottom - 10);
    ctx.quadraticCurveTo(side * (W + 10), bottom + 10, side * (W - 8), bottom);
    ctx.bezierCurveTo(side * (W - 16), H * 0.1, side * (W - 12), -H * 0.45, side * (W * 0.45), -H * 0.72);
    ctx.closePath();
    ctx.fill();
  }
}

const BACK: ReadonlySet<AvatarLook['hair']['style']> = new Set(['long_wavy', 'long_straight', 'braid', 'bob', 'bun', 'ponytail']);

export function hasBackHair(look: AvatarLook): boolean {
  return look.headscarf !== undefined || BACK.has(look.hair.style);
}

export function drawHairBack(ctx: Ctx, look: AvatarLook): void {
  if (look.headscarf !== undefined) return drawHeadscarfBack(ctx, look.headscarf);
  const c = look.hair.color;
  switch (look.hair.style) {
    case 'long_wavy':
      longBack(ctx, c, H * 2.25, true);
      break;
    case 'long_straight':
      longBack(ctx, c, H * 2.4, false);
      break;
    case 'braid':
      longBack(ctx, c, H * 0.9, false);
      break;
    case 'bob': {
      ctx.fillStyle = c;
      ctx.beginPath();
      ctx.moveTo(0, -H - 30);
      ctx.bezierCurveTo(W + 10, -H - 28, W + 34, -H * 0.4, W + 30, H * 0.45);
      ctx.quadraticCurveTo(W + 30, H * 0.75, W + 8, H * 0.72);
      ctx.lineTo(-W - 8, H * 0.72);
      ctx.quadraticCurveTo(-W - 30, H * 0.75, -W - 30, H * 0.45);
      ctx.bezierCurveTo(-W - 34, -H * 0.4, -W - 10, -H - 28, 0, -H - 30);
      ctx.fill();
      break;
    }
    case 'bun': {
      ctx.fillStyle = c;
      ctx.beginPath();
      ctx.arc(0, -H - 34, 42, 0, Math.PI * 2);
      ctx.fill();
      strands(ctx, shade(c, 0.18), [[-24, -H - 50, 0, -H - 70, 22, -H - 52], [-28, -H - 30, -2, -H - 52, 26, -H - 34]], 3);
      break;
    }
    case 'ponytail': {
      ctx.fillStyle = c;
      ctx.beginPath();
      ctx.moveTo(W * 0.3, -H * 0.95);
      ctx.bezierCurveTo(W + 40, -H * 1.05, W + 62, -H * 0.3, W + 46, H * 0.5);
      ctx.bezierCurveTo(W + 36, H * 1.1, W + 50, H * 1.5, W + 30, H * 1.75);
      ctx.bezierCurveTo(W + 14, H * 1.3, W + 6, H * 0.6, W + 8, -H * 0.1);
      ctx.closePath();
      ctx.fill();
      strands(ctx, shade(c, 0.2), [[W + 36, -H * 0.2, W + 44, H * 0.6, W + 32, H * 1.3]], 3);
      break;
    }
    default:
      break;
  }
}

export function drawHairFront(ctx: Ctx, look: AvatarLook): void {
  if (look.headscarf !== undefined) return drawHeadscarfFront(ctx, look.headscarf);
  hairFrontStyle(ctx, look);
  if (look.headband !== undefined) {
    ctx.strokeStyle = look.headband;
    ctx.lineWidth = 11;
    ctx.beginPath();
    ctx.moveTo(-W - 4, -H * 0.52);
    ctx.bezierCurveTo(-W * 0.6, -H * 1.02, W * 0.6, -H * 1.02, W + 4, -H * 0.52);
    ctx.stroke();
  }
}

function hairFrontStyle(ctx: Ctx, look: AvatarLook): void {
  const c = look.hair.color;
  const hi = luminance(c) > 150 ? shade(c, -0.18) : shade(c, 0.22);
  switch (look.hair.style) {
    case 'long_wavy':
      // Deep side part, a soft fringe sweeping across the forehead.
      cap(ctx, c, 28, (g) => {
        g.bezierCurveTo(W * 0.95, -H * 0.5, W * 0.45, -H * 0.46, W * 0.02, -H * 0.66);
        g.quadraticCurveTo(-W * 0.2, -H * 0.78, -W * 0.32, -H * 0.94);
        g.bezierCurveTo(-W * 0.48, -H * 0.72, -W * 0.82, -H * 0.6, -W - 2, -H * 0.1);
      });
      sideLocks(ctx, c, H * 0.95, 1);
      strands(ctx, hi, [[-W * 0.3, -H - 16, W * 0.3, -H * 0.95, W * 0.8, -H * 0.5], [-W * 0.1, -H * 0.8, W * 0.3, -H * 0.62, W * 0.75, -H * 0.58], [-W * 0.5, -H - 6, -W * 0.8, -H * 0.7, -W * 0.95, -H * 0.2]]);
      break;
    case 'long_straight':
      // Centre part, curtain fringe.
      cap(ctx, c, 24, (g) => {
        g.bezierCurveTo(W * 0.9, -H * 0.6, W * 0.3, -H * 0.6, 0, -H * 0.9);
        g.bezierCurveTo(-W * 0.3, -H * 0.6, -W * 0.9, -H * 0.6, -W - 2, -H * 0.1);
      });
      sideLocks(ctx, c, H * 1.1, -1);
      strands(ctx, shade(c, -0.3), [[0, -H - 20, -2, -H * 0.98, 0, -H * 0.9]], 2.5);
      strands(ctx, hi, [[-W * 0.15, -H - 14, -W * 0.7, -H * 0.95, -W * 0.9, -H * 0.3], [W * 0.15, -H - 14, W * 0.7, -H * 0.95, W * 0.9, -H * 0.3]]);
      break;
    case 'braid':
      cap(ctx, c, 18, (g) => {
        g.bezierCurveTo(W - 4, -H * 0.55, W * 0.45, -H * 0.7, 0, -H * 0.74);
        g.bezierCurveTo(-W * 0.45, -H * 0.7, -W + 4, -H * 0.55, -W - 4, -H * 0.05);
      }, H * 0.1);
      strands(ctx, shade(c, -0.3), [[0, -H - 16, -1, -H * 0.9, 0, -H * 0.75]], 2.5);
      strands(ctx, hi, [[-W * 0.2, -H - 10, -W * 0.7, -H * 0.85, -W * 0.9, -H * 0.3], [W * 0.2, -H - 10, W * 0.7, -H * 0.85, W * 0.9, -H * 0.3]]);
      break;
    case 'bun':
      cap(ctx, c, 12, (g) => {
        g.bezierCurveTo(W - 8, -H * 0.55, W * 0.5, -H * 0.7, 0, -H * 0.72);
        g.bezierCurveTo(-W * 0.5, -H * 0.7, -W + 8, -H * 0.55, -W - 4, -H * 0.05);
      });
      strands(ctx, hi, [[-W * 0.15, -H * 0.74, -W * 0.5, -H * 1.05, -W * 0.1, -H - 10], [W * 0.15, -H * 0.74, W * 0.55, -H * 1.02, W * 0.2, -H - 10]]);
      break;
    case 'bob': {
      cap(ctx, c, 30, (g) => {
        g.bezierCurveTo(W - 2, -H * 0.6, W * 0.4, -H * 0.5, -W * 0.1, -H * 0.58);
        g.bezierCurveTo(-W * 0.5, -H * 0.66, -W * 0.85, -H * 0.5, -W - 2, -H * 0.15);
      });
      sideLocks(ctx, c, H * 0.62, 1);
      strands(ctx, hi, [[W * 0.6, -H * 0.95, W * 0.2, -H * 0.75, -W * 0.3, -H * 0.62], [W * 0.3, -H - 18, -W * 0.2, -H * 0.95, -W * 0.7, -H * 0.55]]);
      break;
    }
    case 'ponytail':
      cap(ctx, c, 18, (g) => {
        g.bezierCurveTo(W - 4, -H * 0.5, W * 0.6, -H * 0.62, W * 0.25, -H * 0.6);
        g.bezierCurveTo(-W * 0.1, -H * 0.58, -W * 0.45, -H * 0.5, -W * 0.7, -H * 0.35);
        g.quadraticCurveTo(-W * 0.9, -H * 0.3, -W - 2, -H * 0.05);
      });
      strands(ctx, hi, [[W * 0.5, -H * 0.98, 0, -H * 0.85, -W * 0.6, -H * 0.42]]);
      break;
    case 'short_side':
      cap(ctx, c, 26, (g) => {
        g.lineTo(W - 9, -H * 0.2);
        g.bezierCurveTo(W - 6, -H * 0.5, W * 0.6, -H * 0.72, W * 0.15, -H * 0.7);
        g.bezierCurveTo(-W * 0.25, -H * 0.68, -W * 0.6, -H * 0.62, -W * 0.85, -H * 0.42);
        g.quadraticCurveTo(-W + 2, -H * 0.3, -W - 4, -H * 0.2);
      });
      sideburns(ctx, c, EYE_Y - 2);
      strands(ctx, hi, [[-W * 0.35, -H - 18, W * 0.1, -H - 12, W * 0.7, -H * 0.8], [-W * 0.2, -H * 0.9, W * 0.2, -H * 0.88, W * 0.55, -H * 0.74]]);
      strands(ctx, shade(c, -0.3), [[-W * 0.45, -H - 14, -W * 0.55, -H * 0.85, -W * 0.62, -H * 0.62]], 2.5);
      break;
    case 'short_messy':
      sideburns(ctx, c, EYE_Y - 4);
      cap(ctx, c, 30, (g) => {
        g.lineTo(W - 9, -H * 0.2);
        g.bezierCurveTo(W - 8, -H * 0.4, W * 0.85, -H * 0.5, W * 0.7, -H * 0.5);
        const tips = [0.5, 0.2, -0.1, -0.4, -0.7];
        let x = W * 0.7;
        for (const t of tips) {
          const nx = W * t;
          g.lineTo((x + nx) / 2, -H * (0.78 - Math.abs(t) * 0.05));
          g.lineTo(nx, -H * (0.46 + Math.abs(t) * 0.05));
          x = nx;
        }
        g.bezierCurveTo(-W * 0.85, -H * 0.45, -W + 4, -H * 0.35, -W - 4, -H * 0.2);
      });
      strands(ctx, hi, [[-W * 0.3, -H - 20, 0, -H - 10, W * 0.4, -H * 0.85]]);
      break;
    case 'short_curly': {
      sideburns(ctx, c, EYE_Y - 4);
      cap(ctx, c, 24, (g) => {
        g.lineTo(W - 9, -H * 0.2);
        g.bezierCurveTo(W - 6, -H * 0.5, W * 0.5, -H * 0.66, 0, -H * 0.66);
        g.bezierCurveTo(-W * 0.5, -H * 0.66, -W + 4, -H * 0.5, -W - 4, -H * 0.2);
      });
      ctx.fillStyle = c;
      ctx.beginPath();
      for (let i = 0; i <= 10; i++) {
        const a = Math.PI + (i / 10) * Math.PI;
        const x = Math.cos(a) * (W + 2);
        const y = -H * 0.3 + Math.sin(a) * (H * 0.72 + 14);
        ctx.moveTo(x + 16, y);
        ctx.arc(x, y, 16, 0, Math.PI * 2);
      }
      for (let i = 0; i < 7; i++) {
        const x = -W * 0.75 + (i / 6) * W * 1.5;
        ctx.moveTo(x + 13, -H * 0.66);
        ctx.arc(x, -H * 0.66, 13, 0, Math.PI * 2);
      }
      ctx.fill();
      ctx.strokeStyle = shade(c, 0.25);
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      for (let i = 0; i < 9; i++) {
        const x = -W * 0.7 + (i % 5) * W * 0.35 + (i > 4 ? W * 0.17 : 0);
        const y = i > 4 ? -H * 0.95 : -H * 0.78;
        ctx.moveTo(x + 6, y);
        ctx.arc(x, y, 6, 0, Math.PI * 1.2);
      }
      ctx.stroke();
      break;
    }
    case 'swept_back':
      sideburns(ctx, c, EYE_Y - 6);
      cap(ctx, c, 36, (g) => {
        g.lineTo(W - 9, -H * 0.2);
        g.bezierCurveTo(W - 6, -H * 0.55, W * 0.55, -H * 0.78, W * 0.1, -H * 0.74);
        g.bezierCurveTo(-W * 0.3, -H * 0.8, -W * 0.7, -H * 0.72, -W * 0.9, -H * 0.45);
        g.quadraticCurveTo(-W + 2, -H * 0.3, -W - 4, -H * 0.2);
      });
      strands(ctx, hi, [[-W * 0.6, -H * 0.78, -W * 0.2, -H - 30, W * 0.5, -H - 24], [-W * 0.2, -H * 0.8, W * 0.1, -H - 18, W * 0.8, -H * 0.8], [W * 0.2, -H * 0.78, W * 0.5, -H * 0.95, W * 0.92, -H * 0.5]]);
      break;
    case 'receding': {
      ctx.fillStyle = c;
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(side * (W * 0.72), -H * 0.7);
        ctx.bezierCurveTo(side * (W + 12), -H * 0.6, side * (W + 10), -H * 0.1, side * (W + 4), H * 0.05);
        ctx.lineTo(side * (W - 6), H * 0.02);
        ctx.bezierCurveTo(side * (W - 4), -H * 0.25, side * (W - 6), -H * 0.5, side * (W * 0.72), -H * 0.7);
        ctx.fill();
      }
      ctx.fillStyle = rgba('#FFFFFF', 0.13);
      ctx.beginPath();
      ctx.ellipse(-W * 0.3, -H * 0.78, 26, 12, -0.3, 0, Math.PI * 2);
      ctx.fill();
      break;
    }
  }
}
