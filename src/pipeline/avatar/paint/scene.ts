/**
 * Stylised backdrops for the presenter's scene, drawn to any size. Detail sits at the edges and
 * in muted tones so the presenter in the middle stays the subject. Drawn once per video (static).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarRecord } from '../../../catalog/catalog.data.ts';
import type { AvatarLook } from '../looks.data.ts';
import { mix, rgba, shade } from './color.ts';

type Ctx = SKRSContext2D;

interface Box {
  w: number;
  h: number;
  /** Unit for sizes that should look the same in every aspect ratio. */
  u: number;
}

function vertical(ctx: Ctx, b: Box, top: string, bottom: string): void {
  const g = ctx.createLinearGradient(0, 0, 0, b.h);
  g.addColorStop(0, top);
  g.addColorStop(1, bottom);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, b.w, b.h);
}

function glow(ctx: Ctx, x: number, y: number, r: number, color: string, alpha: number): void {
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, rgba(color, alpha));
  g.addColorStop(1, rgba(color, 0));
  ctx.fillStyle = g;
  ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
}

function plant(ctx: Ctx, x: number, floor: number, u: number, pot: string): void {
  const leaf = '#5E9E6E';
  ctx.fillStyle = shade(leaf, -0.1);
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + (i - 3) * 0.38;
    ctx.save();
    ctx.translate(x, floor - u * 0.16);
    ctx.rotate(a + Math.PI / 2);
    ctx.beginPath();
    ctx.ellipse(0, -u * 0.12, u * 0.035, u * 0.12, 0, 0, Math.PI * 2);
    ctx.fillStyle = i % 2 === 0 ? leaf : shade(leaf, -0.12);
    ctx.fill();
    ctx.restore();
  }
  ctx.fillStyle = pot;
  ctx.beginPath();
  ctx.moveTo(x - u * 0.07, floor - u * 0.17);
  ctx.lineTo(x + u * 0.07, floor - u * 0.17);
  ctx.lineTo(x + u * 0.055, floor);
  ctx.lineTo(x - u * 0.055, floor);
  ctx.closePath();
  ctx.fill();
}

function studio(ctx: Ctx, b: Box, look: AvatarLook): void {
  const base = look.backdrop.base;
  vertical(ctx, b, shade(base, 0.25), shade(base, -0.08));
  glow(ctx, b.w / 2, b.h * 0.4, b.u * 0.75, '#FFFFFF', 0.55);
  ctx.fillStyle = rgba(look.backdrop.accent, 0.22);
  ctx.beginPath();
  ctx.arc(b.w * 0.12, b.h * 0.16, b.u * 0.16, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(b.w * 0.8, b.h * 0.55, b.u * 0.3, b.u * 0.3, b.u * 0.06);
  ctx.fill();
  ctx.strokeStyle = rgba(look.backdrop.accent, 0.35);
  ctx.lineWidth = b.u * 0.012;
  ctx.beginPath();
  ctx.arc(b.w * 0.86, b.h * 0.18, b.u * 0.07, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = rgba(shade(base, -0.3), 0.18);
  ctx.fillRect(0, b.h * 0.84, b.w, b.h * 0.16);
}

function home(ctx: Ctx, b: Box, look: AvatarLook): void {
  const wall = look.backdrop.base;
  vertical(ctx, b, shade(wall, 0.1), shade(wall, -0.06));
  // Window with curtains, on the left.
  const wx = b.w * 0.06;
  const wy = b.h * 0.1;
  const ww = b.u * 0.34;
  const wh = b.u * 0.44;
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(wx - b.u * 0.012, wy - b.u * 0.012, ww + b.u * 0.024, wh + b.u * 0.024);
  const sky = ctx.createLinearGradient(0, wy, 0, wy + wh);
  sky.addColorStop(0, '#BFE0F2');
  sky.addColorStop(1, '#E8F4FA');
  ctx.fillStyle = sky;
  ctx.fillRect(wx, wy, ww, wh);
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(wx + ww / 2 - b.u * 0.006, wy, b.u * 0.012, wh);
  ctx.fillRect(wx, wy + wh / 2 - b.u * 0.006, ww, b.u * 0.012);
  ctx.fillStyle = rgba(look.backdrop.accent, 0.55);
  ctx.fillRect(wx - b.u * 0.05, wy - b.u * 0.03, b.u * 0.07, wh + b.u * 0.08);
  ctx.fillRect(wx + ww - b.u * 0.02, wy - b.u * 0.03, b.u * 0.07, wh + b.u * 0.08);
  // Framed picture on the right.
  ctx.fillStyle = shade(look.backdrop.accent, -0.2);
  ctx.fillRect(b.w * 0.74, b.h * 0.14, b.u * 0.22, b.u * 0.16);
  ctx.fillStyle = mix(look.backdrop.accent, '#FFFFFF', 0.6);
  ctx.fillRect(b.w * 0.74 + b.u * 0.015, b.h * 0.14 + b.u * 0.015, b.u * 0.19, b.u * 0.13);
  ctx.fillStyle = rgba(look.backdrop.accent, 0.6);
  ctx.beginPath();
  ctx.moveTo(b.w * 0.74 + b.u * 0.02, b.h * 0.14 + b.u * 0.14);
  ctx.lineTo(b.w * 0.74 + b.u * 0.09, b.h * 0.14 + b.u * 0.05);
  ctx.lineTo(b.w * 0.74 + b.u * 0.2, b.h * 0.14 + b.u * 0.14);
  ctx.fill();
  // Sofa back along the bottom, plant on the right.
  const floor = b.h;
  ctx.fillStyle = shade(look.backdrop.accent, -0.05);
  ctx.beginPath();
  ctx.roundRect(-b.u * 0.05, b.h * 0.78, b.w + b.u * 0.1, b.h * 0.3, b.u * 0.06);
  ctx.fill();
  ctx.fillStyle = shade(look.backdrop.accent, 0.15);
  ctx.beginPath();
  ctx.roundRect(b.w * 0.08, b.h * 0.74, b.u * 0.2, b.u * 0.14, b.u * 0.04);
  ctx.fill();
  plant(ctx, b.w * 0.9, b.h * 0.8, b.u, '#C98B6B');
  void floor;
}

function office(ctx: Ctx, b: Box, look: AvatarLook): void {
  const wall = look.backdrop.base;
  vertical(ctx, b, shade(wall, 0.12), shade(wall, -0.05));
  // Big window with a skyline on the right.
  const wx = b.w * 0.62;
  const wy = b.h * 0.08;
  const ww = b.w * 0.34;
  const wh = b.h * 0.55;
  ctx.fillStyle = '#D6E8F5';
  ctx.fillRect(wx, wy, ww, wh);
  ctx.fillStyle = rgba(look.backdrop.accent, 0.45);
  const blocks = [0.12, 0.3, 0.2, 0.42, 0.26, 0.36, 0.18];
  blocks.forEach((hgt, i) => {
    const bw = ww / blocks.length;
    ctx.fillRect(wx + i * bw + bw * 0.08, wy + wh * (1 - hgt), bw * 0.84, wh * hgt);
  });
  ctx.strokeStyle = '#FFFFFF';
  ctx.lineWidth = b.u * 0.012;
  ctx.strokeRect(wx, wy, ww, wh);
  ctx.beginPath();
  ctx.moveTo(wx + ww / 2, wy);
  ctx.lineTo(wx + ww / 2, wy + wh);
  ctx.stroke();
  // Shelf with books on the left.
  const sx = b.w * 0.04;
  const sy = b.h * 0.3;
  ctx.fillStyle = shade(wall, -0.25);
  ctx.fillRect(sx, sy, b.u * 0.3, b.u * 0.018);
  const colors = [look.backdrop.accent, '#E9B44C', '#9BC1BC', '#ED6A5A', '#5D576B'];
  let x = sx + b.u * 0.01;
  colors.forEach((c, i) => {
    const bw = b.u * (0.03 + (i % 2) * 0.012);
    const bh = b.u * (0.09 + (i % 3) * 0.02);
    ctx.fillStyle = c;
    ctx.fillRect(x, sy - bh, bw, bh);
    x += bw + b.u * 0.006;
  });
  plant(ctx, sx + b.u * 0.22, sy, b.u * 0.55, '#FFFFFF');
  // Desk edge.
  ctx.fillStyle = shade(wall, -0.18);
  ctx.fillRect(0, b.h * 0.86, b.w, b.h * 0.14);
}

function outdoor(ctx: Ctx, b: Box, look: AvatarLook): void {
  vertical(ctx, b, shade(look.backdrop.base, -0.05), shade(look.backdrop.base, 0.55));
  glow(ctx, b.w * 0.82, b.h * 0.12, b.u * 0.2, '#FFF3B0', 0.9);
  ctx.fillStyle = '#FFF6CC';
  ctx.beginPath();
  ctx.arc(b.w * 0.82, b.h * 0.12, b.u * 0.06, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  for (const [cx, cy, r] of [[0.18, 0.14, 0.05], [0.6, 0.08, 0.035]] as const) {
    ctx.beginPath();
    ctx.ellipse(b.w * cx, b.h * cy, b.u * r * 2, b.u * r, 0, 0, Math.PI * 2);
    ctx.ellipse(b.w * cx + b.u * r, b.h * cy - b.u * r * 0.6, b.u * r * 1.1, b.u * r * 0.9, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  const green = look.backdrop.accent;
  ctx.fillStyle = mix(green, '#FFFFFF', 0.45);
  ctx.beginPath();
  ctx.moveTo(0, b.h * 0.62);
  ctx.quadraticCurveTo(b.w * 0.3, b.h * 0.52, b.w * 0.6, b.h * 0.6);
  ctx.quadraticCurveTo(b.w * 0.85, b.h * 0.66, b.w, b.h * 0.56);
  ctx.lineTo(b.w, b.h);
  ctx.lineTo(0, b.h);
  ctx.fill();
  ctx.fillStyle = mix(green, '#FFFFFF', 0.2);
  ctx.beginPath();
  ctx.moveTo(0, b.h * 0.74);
  ctx.quadraticCurveTo(b.w * 0.5, b.h * 0.66, b.w, b.h * 0.76);
  ctx.lineTo(b.w, b.h);
  ctx.lineTo(0, b.h);
  ctx.fill();
  for (const [tx, s] of [[0.1, 1], [0.9, 0.8]] as const) {
    const x = b.w * tx;
    const base = b.h * 0.72;
    ctx.fillStyle = '#8B6B4A';
    ctx.fillRect(x - b.u * 0.012 * s, base - b.u * 0.14 * s, b.u * 0.024 * s, b.u * 0.14 * s);
    ctx.fillStyle = shade(green, -0.15);
    ctx.beginPath();
    ctx.arc(x, base - b.u * 0.2 * s, b.u * 0.09 * s, 0, Math.PI * 2);
    ctx.arc(x - b.u * 0.05 * s, base - b.u * 0.15 * s, b.u * 0.06 * s, 0, Math.PI * 2);
    ctx.arc(x + b.u * 0.05 * s, base - b.u * 0.15 * s, b.u * 0.06 * s, 0, Math.PI * 2);
    ctx.fill();
  }
}

function store(ctx: Ctx, b: Box, look: AvatarLook): void {
  const wall = look.backdrop.base;
  vertical(ctx, b, shade(wall, 0.08), shade(wall, -0.06));
  const palette = ['#F4A259', '#5B8E7D', '#BC4B51', '#8CB369', '#F4E285', look.backdrop.accent, '#6D9DC5'];
  for (const side of [0, 1]) {
    const x0 = side === 0 ? b.w * 0.02 : b.w * 0.98 - b.u * 0.3;
    for (let row = 0; row < 4; row++) {
      const y = b.h * 0.12 + row * b.u * 0.2;
      let x = x0 + b.u * 0.01;
      for (let i = 0; i < 5; i++) {
        const c = palette[(row * 3 + i + side * 2) % palette.length]!;
        const bw = b.u * (0.04 + ((i + row) % 3) * 0.01);
        const bh = b.u * (0.08 + ((i * 7 + row) % 3) * 0.025);
        ctx.fillStyle = c;
        if ((i + row) % 3 === 0) {
          ctx.beginPath();
          ctx.roundRect(x, y - bh, bw, bh, bw * 0.3);
          ctx.fill();
          ctx.fillStyle = '#FFFFFF';
          ctx.fillRect(x, y - bh * 0.65, bw, bh * 0.22);
        } else {
          ctx.fillRect(x, y - bh, bw, bh);
        }
        x += bw + b.u * 0.008;
      }
      ctx.fillStyle = shade(wall, -0.3);
      ctx.fillRect(x0, y, b.u * 0.3, b.u * 0.014);
    }
  }
  // Counter along the bottom.
  ctx.fillStyle = shade(look.backdrop.accent, -0.1);
  ctx.fillRect(0, b.h * 0.84, b.w, b.h * 0.16);
  ctx.fillStyle = shade(look.backdrop.accent, 0.2);
  ctx.fillRect(0, b.h * 0.84, b.w, b.u * 0.02);
}

export function drawSceneFor(ctx: Ctx, record: Pick<AvatarRecord, 'scene'>, look: AvatarLook, width: number, height: number): void {
  const b: Box = { w: width, h: height, u: Math.min(width, height) };
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, width, height);
  ctx.clip();
  switch (record.scene) {
    case 'studio':
      studio(ctx, b, look);
      break;
    case 'home':
      home(ctx, b, look);
      break;
    case 'office':
      office(ctx, b, look);
      break;
    case 'outdoor':
      outdoor(ctx, b, look);
      break;
    case 'store':
      store(ctx, b, look);
      break;
  }
  ctx.restore();
}
