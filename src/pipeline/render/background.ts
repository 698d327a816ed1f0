/** Style backgrounds, drawn once into cached canvases. */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { VisualStyleDef } from '../templates/types.ts';
import { rng } from '../timeline/motion.ts';

export function drawStyleBackground(ctx: SKRSContext2D, style: VisualStyleDef, w: number, h: number, seed = 1): void {
  const p = style.palette;
  const g = ctx.createLinearGradient(0, 0, w * 0.4, h);
  g.addColorStop(0, p.bg);
  g.addColorStop(1, p.bg2);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const m = Math.min(w, h);
  const r = rng(seed);
  ctx.save();
  switch (style.background) {
    case 'radial': {
      const rg = ctx.createRadialGradient(w * 0.5, h * 0.38, 0, w * 0.5, h * 0.38, Math.max(w, h) * 0.7);
      rg.addColorStop(0, p.bg2);
      rg.addColorStop(1, p.bg);
      ctx.fillStyle = rg;
      ctx.fillRect(0, 0, w, h);
      ctx.strokeStyle = p.decor;
      ctx.lineWidth = Math.max(1, m * 0.002);
      for (let i = 1; i <= 3; i++) {
        ctx.beginPath();
        ctx.arc(w * 0.5, h * 0.38, m * (0.32 + i * 0.12), 0, Math.PI * 2);
        ctx.stroke();
      }
      break;
    }
    case 'dots': {
      ctx.fillStyle = p.decor;
      const step = m * 0.045;
      for (let y = step / 2, row = 0; y < h; y += step, row++)
        for (let x = (row % 2) * (step / 2); x < w; x += step) {
          const k = 0.25 + 0.75 * (1 - y / h);
          ctx.beginPath();
          ctx.arc(x, y, step * 0.16 * k, 0, Math.PI * 2);
          ctx.fill();
        }
      break;
    }
    case 'grid': {
      ctx.strokeStyle = p.decor;
      ctx.lineWidth = Math.max(1, m * 0.0018);
      const step = m * 0.08;
      ctx.beginPath();
      for (let x = (w % step) / 2; x <= w; x += step) {
        ctx.moveTo(x, 0);
        ctx.lineTo(x, h);
      }
      for (let y = (h % step) / 2; y <= h; y += step) {
        ctx.moveTo(0, y);
        ctx.lineTo(w, y);
      }
      ctx.stroke();
      const glow = ctx.createRadialGradient(w * 0.5, h, 0, w * 0.5, h, Math.max(w, h) * 0.8);
      glow.addColorStop(0, 'rgba(255,43,214,0.28)');
      glow.addColorStop(1, 'rgba(255,43,214,0)');
      ctx.fillStyle = glow;
      ctx.fillRect(0, 0, w, h);
      break;
    }
    case 'blobs': {
      for (let i = 0; i < 5; i++) {
        const cx = r() * w;
        const cy = r() * h;
        const rad = m * (0.25 + r() * 0.3);
        const bg = ctx.createRadialGradient(cx, cy, 0, cx, cy, rad);
        bg.addColorStop(0, p.decor);
        bg.addColorStop(1, 'rgba(255,255,255,0)');
        ctx.fillStyle = bg;
        ctx.fillRect(cx - rad, cy - rad, rad * 2, rad * 2);
      }
      break;
    }
    case 'stripes': {
      ctx.fillStyle = p.decor;
      const step = m * 0.12;
      ctx.translate(w / 2, h / 2);
      ctx.rotate(-Math.PI / 5);
      const span = Math.hypot(w, h);
      for (let x = -span; x < span; x += step * 2) ctx.fillRect(x, -span, step, span * 2);
      break;
    }
    default: {
      for (let i = 0; i < 3; i++) {
        const cx = w * (0.15 + 0.7 * r());
        const cy = h * (0.1 + 0.8 * r());
        const rad = m * (0.3 + r() * 0.25);
        const bg = ctx.createRadialGradient(cx, cy, 0, cx, cy, rad);
        bg.addColorStop(0, 'rgba(255,255,255,0.55)');
        bg.addColorStop(1, 'rgba(255,255,255,0)');
        ctx.fillStyle = bg;
        ctx.fillRect(cx - rad, cy - rad, rad * 2, rad * 2);
      }
    }
  }
  ctx.restore();
}

export function styleBackground(style: VisualStyleDef, w: number, h: number, seed = 1): Canvas {
  const c = createCanvas(Math.max(1, Math.round(w)), Math.max(1, Math.round(h)));
  drawStyleBackground(c.getContext('2d'), style, c.width, c.height, seed);
  return c;
}
