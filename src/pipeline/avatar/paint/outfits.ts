/**
 * Clothes over the torso silhouette, one case per outfit kind, in design units. Drawn once into the
 * painter's body layer, so detail here costs nothing per frame.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarLook } from '../looks.data.ts';
import { rgba, shade } from './color.ts';
import { BREATH_LIFT, CENTER_X as X, DESIGN_H, NECK_TOP, SHOULDER_Y } from './layout.ts';

type Ctx = SKRSContext2D;
const BOTTOM = DESIGN_H + BREATH_LIFT + 4;

export function torsoPath(ctx: Ctx, sw: number): void {
  ctx.beginPath();
  ctx.moveTo(X - sw + 14, BOTTOM);
  ctx.lineTo(X - sw - 2, 660);
  ctx.bezierCurveTo(X - sw - 6, 575, X - sw + 12, SHOULDER_Y + 10, X - sw + 70, SHOULDER_Y);
  ctx.quadraticCurveTo(X - 60, SHOULDER_Y - 12, X - 36, SHOULDER_Y - 26);
  ctx.lineTo(X + 36, SHOULDER_Y - 26);
  ctx.quadraticCurveTo(X + 60, SHOULDER_Y - 12, X + sw - 70, SHOULDER_Y);
  ctx.bezierCurveTo(X + sw - 12, SHOULDER_Y + 10, X + sw + 6, 575, X + sw + 2, 660);
  ctx.lineTo(X + sw - 14, BOTTOM);
  ctx.closePath();
}


/** Skin showing in a neckline: from the neck sides down to `depth`. */
function neckline(ctx: Ctx, look: AvatarLook, half: number, depth: number, v: boolean): void {
  ctx.fillStyle = look.skin;
  ctx.beginPath();
  ctx.moveTo(X - half, SHOULDER_Y - 28);
  if (v) ctx.lineTo(X, depth);
  else ctx.bezierCurveTo(X - half * 0.9, depth, X + half * 0.9, depth, X + half, SHOULDER_Y - 28);
  ctx.lineTo(X + half, SHOULDER_Y - 28);
  ctx.closePath();
  ctx.fill();
}

function band(ctx: Ctx, color: string, width: number, half: number, depth: number, v: boolean): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(X - half, SHOULDER_Y - 27);
  if (v) ctx.lineTo(X, depth);
  else ctx.bezierCurveTo(X - half * 0.9, depth, X + half * 0.9, depth, X + half, SHOULDER_Y - 27);
  if (v) ctx.lineTo(X + half, SHOULDER_Y - 27);
  ctx.stroke();
}

function lapels(ctx: Ctx, color: string, top: number, bottom: number, width: number): void {
  for (const side of [-1, 1]) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(X + side * 44, top);
    ctx.lineTo(X + side * (44 + width), top + 30);
    ctx.lineTo(X + side * (34 + width), top + 70);
    ctx.lineTo(X + side * (48 + width * 0.6), top + 84);
    ctx.lineTo(X + side * 6, bottom);
    ctx.lineTo(X + side * 2, bottom - 10);
    ctx.closePath();
    ctx.fill();
  }
}

function buttons(ctx: Ctx, color: string, x: number, ys: number[], r = 5): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  for (const y of ys) {
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
  ctx.fill();
}

function shirtCollar(ctx: Ctx, color: string): void {
  ctx.fillStyle = color;
  ctx.strokeStyle = shade(color, -0.15);
  ctx.lineWidth = 2;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(X + side * 40, SHOULDER_Y - 36);
    ctx.lineTo(X + side * 50, SHOULDER_Y + 10);
    ctx.lineTo(X + side * 4, SHOULDER_Y + 22);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }
}

export function drawOutfit(ctx: Ctx, look: AvatarLook): void {
  const o = look.outfit;
  const sw = look.shoulders;
  const dark = shade(o.main, -0.2);
  switch (o.kind) {
    case 'tee':
      neckline(ctx, look, 38, SHOULDER_Y + 22, false);
      band(ctx, shade(o.main, -0.12), 7, 38, SHOULDER_Y + 22, false);
      // A simple chest print.
      ctx.fillStyle = o.accent;
      ctx.beginPath();
      ctx.arc(X, 700, 40, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = o.second;
      ctx.beginPath();
      ctx.moveTo(X - 22, 716);
      ctx.quadraticCurveTo(X, 672, X + 22, 716);
      ctx.closePath();
      ctx.fill();
      break;
    case 'hoodie': {
      neckline(ctx, look, 34, SHOULDER_Y + 18, false);
      ctx.fillStyle = o.second;
      ctx.beginPath();
      ctx.moveTo(X - 92, SHOULDER_Y - 14);
      ctx.bezierCurveTo(X - 80, SHOULDER_Y + 60, X + 80, SHOULDER_Y + 60, X + 92, SHOULDER_Y - 14);
      ctx.bezierCurveTo(X + 50, SHOULDER_Y + 30, X - 50, SHOULDER_Y + 30, X - 92, SHOULDER_Y - 14);
      ctx.fill();
      ctx.strokeStyle = o.accent;
      ctx.lineWidth = 5;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(X - 20, SHOULDER_Y + 38);
      ctx.quadraticCurveTo(X - 26, 620, X - 22, 670);
      ctx.moveTo(X + 20, SHOULDER_Y + 38);
      ctx.quadraticCurveTo(X + 24, 620, X + 20, 682);
      ctx.stroke();
      ctx.strokeStyle = dark;
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.moveTo(X - 110, 1000);
      ctx.lineTo(X - 90, 870);
      ctx.lineTo(X + 90, 870);
      ctx.lineTo(X + 110, 1000);
      ctx.stroke();
      break;
    }
    case 'suit_tie':
    case 'blazer_blouse': {
      const tie = o.kind === 'suit_tie';
      ctx.fillStyle = o.second;
      ctx.beginPath();
      ctx.moveTo(X - 46, SHOULDER_Y - 30);
      ctx.lineTo(X, tie ? 780 : 700);
      ctx.lineTo(X + 46, SHOULDER_Y - 30);
      ctx.closePath();
      ctx.fill();
      if (tie) {
        shirtCollar(ctx, o.second);
        ctx.fillStyle = o.accent;
        ctx.beginPath();
        ctx.moveTo(X - 13, SHOULDER_Y + 6);
        ctx.lineTo(X + 13, SHOULDER_Y + 6);
        ctx.lineTo(X + 9, SHOULDER_Y + 30);
        ctx.lineTo(X - 9, SHOULDER_Y + 30);
        ctx.closePath();
        ctx.moveTo(X - 9, SHOULDER_Y + 30);
        ctx.lineTo(X + 9, SHOULDER_Y + 30);
        ctx.lineTo(X + 20, 740);
        ctx.lineTo(X, 770);
        ctx.lineTo(X - 20, 740);
        ctx.closePath();
        ctx.fill();
        ctx.fillStyle = rgba('#000000', 0.12);
        ctx.fillRect(X - 9, SHOULDER_Y + 26, 18, 5);
      } else {
        neckline(ctx, look, 30, SHOULDER_Y + 40, true);
        ctx.strokeStyle = shade(o.second, -0.12);
        ctx.lineWidth = 3;
        ctx.beginPath();
        ctx.moveTo(X - 30, SHOULDER_Y - 26);
        ctx.lineTo(X, SHOULDER_Y + 40);
        ctx.lineTo(X + 30, SHOULDER_Y - 26);
        ctx.stroke();
      }
      lapels(ctx, shade(o.main, -0.12), SHOULDER_Y - 26, tie ? 790 : 720, 30);
      ctx.strokeStyle = shade(o.main, -0.3);
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(X + 2, tie ? 790 : 720);
      ctx.lineTo(X + 6, 1010);
      ctx.stroke();
      buttons(ctx, shade(o.main, -0.4), X + 16, tie ? [840, 930] : [770, 860], 6);
      ctx.fillStyle = tie ? o.second : o.accent;
      ctx.beginPath();
      ctx.moveTo(X + sw * 0.42, 650);
      ctx.lineTo(X + sw * 0.42 + 14, 634);
      ctx.lineTo(X + sw * 0.42 + 28, 648);
      ctx.lineTo(X + sw * 0.42 + 44, 636);
      ctx.lineTo(X + sw * 0.42 + 48, 650);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = shade(o.main, -0.3);
      ctx.beginPath();
      ctx.moveTo(X + sw * 0.38, 652);
      ctx.lineTo(X + sw * 0.42 + 56, 652);
      ctx.stroke();
      break;
    }
    case 'track_jacket': {
      ctx.fillStyle = o.main;
      ctx.beginPath();
      ctx.roundRect(X - 46, SHOULDER_Y - 46, 92, 52, 14);
      ctx.fill();
      neckline(ctx, look, 20, SHOULDER_Y + 26, true);
      ctx.strokeStyle = o.accent;
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.moveTo(X - 20, SHOULDER_Y - 28);
      ctx.lineTo(X, SHOULDER_Y + 26);
      ctx.lineTo(X + 20, SHOULDER_Y - 28);
      ctx.moveTo(X, SHOULDER_Y + 26);
      ctx.lineTo(X, 1010);
      ctx.stroke();
      ctx.fillStyle = o.accent;
      ctx.fillRect(X - 6, SHOULDER_Y + 26, 12, 22);
      ctx.strokeStyle = o.second;
      ctx.lineWidth = 9;
      ctx.beginPath();
      ctx.moveTo(X - sw + 50, SHOULDER_Y + 2);
      ctx.lineTo(X - 60, SHOULDER_Y - 14);
      ctx.moveTo(X + 60, SHOULDER_Y - 14);
      ctx.lineTo(X + sw - 50, SHOULDER_Y + 2);
      ctx.stroke();
      break;
    }
    case 'jersey': {
      neckline(ctx, look, 36, SHOULDER_Y + 40, true);
      band(ctx, o.second, 9, 36, SHOULDER_Y + 40, true);
      ctx.fillStyle = o.second;
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(X + side * (sw - 4), 640);
        ctx.lineTo(X + side * (sw - 22), 640);
        ctx.lineTo(X + side * (sw - 34), 1010);
        ctx.lineTo(X + side * (sw - 14), 1010);
        ctx.closePath();
        ctx.fill();
      }
      ctx.fillStyle = o.accent;
      ctx.beginPath();
      ctx.arc(X - sw * 0.45, 640, 16, 0, Math.PI * 2);
      ctx.fill();
      break;
    }
    case 'overshirt': {
      ctx.fillStyle = o.second;
      ctx.beginPath();
      ctx.moveTo(X - 62, SHOULDER_Y - 26);
      ctx.lineTo(X + 62, SHOULDER_Y - 26);
      ctx.lineTo(X + 70, 1010);
      ctx.lineTo(X - 70, 1010);
      ctx.closePath();
      ctx.fill();
      neckline(ctx, look, 34, SHOULDER_Y + 16, false);
      band(ctx, shade(o.second, -0.12), 6, 34, SHOULDER_Y + 16, false);
      ctx.strokeStyle = o.accent;
      ctx.lineWidth = 8;
      ctx.beginPath();
      ctx.moveTo(X - 28, 720);
      ctx.lineTo(X, 668);
      ctx.lineTo(X + 28, 720);
      ctx.closePath();
      ctx.stroke();
      for (const side of [-1, 1]) {
        ctx.fillStyle = shade(o.main, -0.1);
        ctx.beginPath();
        ctx.moveTo(X + side * 40, SHOULDER_Y - 34);
        ctx.lineTo(X + side * 92, SHOULDER_Y + 4);
        ctx.lineTo(X + side * 64, SHOULDER_Y + 40);
        ctx.lineTo(X + side * 58, 1010);
        ctx.lineTo(X + side * 70, 1010);
        ctx.lineTo(X + side * 70, SHOULDER_Y + 50);
        ctx.closePath();
        ctx.fill();
      }
      ctx.strokeStyle = dark;
      ctx.lineWidth = 3;
      ctx.strokeRect(X + sw * 0.38, 620, 50, 44);
      buttons(ctx, shade(o.main, -0.35), X + 78, [640, 740, 840, 940], 4.5);
      break;
    }
    case 'pattern_top': {
      ctx.save();
      torsoPath(ctx, sw);
      ctx.clip();
      for (let row = 0; row < 9; row++) {
        for (let col = 0; col < 8; col++) {
          const cx = X - sw + 20 + col * 46 + (row % 2) * 23;
          const cy = 560 + row * 52;
          ctx.fillStyle = (row + col) % 3 === 0 ? o.accent : o.second;
          ctx.beginPath();
          ctx.moveTo(cx, cy - 10);
          ctx.lineTo(cx + 10, cy + 8);
          ctx.lineTo(cx - 10, cy + 8);
          ctx.closePath();
          ctx.fill();
        }
      }
      ctx.restore();
      neckline(ctx, look, 44, SHOULDER_Y + 34, false);
      band(ctx, shade(o.main, -0.15), 8, 44, SHOULDER_Y + 34, false);
      break;
    }
    case 'dress': {
      neckline(ctx, look, 58, SHOULDER_Y + 80, true);
      ctx.fillStyle = o.second;
      ctx.beginPath();
      ctx.moveTo(X - 58, SHOULDER_Y - 28);
      ctx.lineTo(X + 4, SHOULDER_Y + 84);
      ctx.lineTo(X + 30, 1010);
      ctx.lineTo(X + 14, 1010);
      ctx.lineTo(X - 8, SHOULDER_Y + 84);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = shade(o.main, -0.25);
      ctx.fillRect(X - sw, 880, sw * 2, 26);
      break;
    }
    case 'cardigan': {
      ctx.fillStyle = o.second;
      ctx.beginPath();
      ctx.moveTo(X - 56, SHOULDER_Y - 26);
      ctx.lineTo(X + 56, SHOULDER_Y - 26);
      ctx.lineTo(X + 20, 1010);
      ctx.lineTo(X - 20, 1010);
      ctx.closePath();
      ctx.fill();
      neckline(ctx, look, 32, SHOULDER_Y + 14, false);
      shirtCollar(ctx, o.second);
      for (const side of [-1, 1]) {
        ctx.strokeStyle = shade(o.main, -0.15);
        ctx.lineWidth = 12;
        ctx.beginPath();
        ctx.moveTo(X + side * 52, SHOULDER_Y - 24);
        ctx.lineTo(X + side * 16, 1010);
        ctx.stroke();
      }
      buttons(ctx, o.accent, X - 26, [700, 800, 900], 5.5);
      break;
    }
    case 'turtleneck_coat': {
      ctx.fillStyle = o.second;
      ctx.beginPath();
      ctx.moveTo(X - 60, SHOULDER_Y - 26);
      ctx.lineTo(X + 60, SHOULDER_Y - 26);
      ctx.lineTo(X + 44, 1010);
      ctx.lineTo(X - 44, 1010);
      ctx.closePath();
      ctx.fill();
      ctx.beginPath();
      ctx.roundRect(X - 42, NECK_TOP + 70, 84, SHOULDER_Y - NECK_TOP - 70, 12);
      ctx.fill();
      ctx.strokeStyle = shade(o.second, 0.1);
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      for (const y of [NECK_TOP + 92, NECK_TOP + 112, NECK_TOP + 132]) {
        ctx.moveTo(X - 38, y);
        ctx.quadraticCurveTo(X, y + 6, X + 38, y);
      }
      ctx.stroke();
      lapels(ctx, shade(o.main, -0.14), SHOULDER_Y - 24, 860, 40);
      break;
    }
  }
}
