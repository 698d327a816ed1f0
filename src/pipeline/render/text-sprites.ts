/**
 * Text overlays (name, price, call to action, cue chips) pre-rendered into sprites: the text is
 * shaped and rasterised once, with its box, shadow or glow, and per frame only the bitmap is
 * drawn (with an entrance move).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { VisualStyleDef } from '../templates/types.ts';
import type { TextOverlay } from '../timeline/types.ts';
import { languageTag } from '../captions/lang.ts';
import { fontString } from './fonts.ts';

export interface Sprite {
  canvas: Canvas;
  /** Top-left of the sprite relative to the overlay box's top-left. */
  dx: number;
  dy: number;
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, Math.min(r, h / 2, w / 2));
}

/** Vertical centre offset for a text at the current font: where to put the baseline. */
export function baselineFor(ctx: SKRSContext2D, text: string, centerY: number): number {
  const m = ctx.measureText(text || 'Hg');
  const asc = m.actualBoundingBoxAscent || m.fontBoundingBoxAscent * 0.7;
  const desc = m.actualBoundingBoxDescent || 0;
  return centerY + (asc - desc) / 2;
}

/** Shrinks the font (down to minShare of size) and then ellipsises until text fits maxWidth. */
export function fitText(ctx: SKRSContext2D, text: string, family: string, weight: number, size: number, maxWidth: number, minShare = 0.5): { text: string; size: number; width: number } {
  let s = size;
  ctx.font = fontString(family, weight, s);
  let w = ctx.measureText(text).width;
  if (w > maxWidth) {
    s = Math.max(size * minShare, (s * maxWidth * 0.985) / w);
    ctx.font = fontString(family, weight, s);
    w = ctx.measureText(text).width;
  }
  let t = text;
  const chars = [...text];
  while (w > maxWidth + 0.5 && chars.length > 1) {
    chars.pop();
    t = chars.join('').trimEnd() + '…';
    w = ctx.measureText(t).width;
  }
  return { text: t, size: s, width: w };
}

export function overlaySprite(o: TextOverlay, style: VisualStyleDef, language: string, rtl: boolean): Sprite {
  const p = style.palette;
  const h = o.box.h;
  const upper = style.text.uppercase && o.slot !== 'price';
  const text = upper ? o.text.toLocaleUpperCase(languageTag(language)) : o.text;
  const accentPill = o.slot === 'price' || o.slot === 'cta';
  const family = o.slot === 'name' ? style.fonts.display : style.fonts.body;
  const weight = o.slot === 'name' ? style.fonts.displayWeight : 700;
  const padX = h * (o.slot === 'cta' ? 0.55 : 0.38);
  const badgeD = o.badge ? h * 0.7 : 0;
  const arrow = o.slot === 'cta' ? (rtl ? '←' : '→') : '';
  const measure = createCanvas(4, 4).getContext('2d');
  measure.font = fontString(style.fonts.body, 700, h * o.fill);
  const arrowW = arrow ? measure.measureText(arrow).width + h * 0.2 : 0;
  const gap = o.badge ? h * 0.22 : 0;
  const fit = fitText(measure, text, family, weight, h * o.fill, o.box.w - padX * 2 - badgeD - gap - arrowW);
  const pillW = Math.min(o.box.w, fit.width + padX * 2 + badgeD + gap + arrowW);
  const pad = Math.ceil(h * 0.45);
  const canvas = createCanvas(Math.ceil(pillW + pad * 2), Math.ceil(h + pad * 2));
  const ctx = canvas.getContext('2d');
  const radius = accentPill && o.slot === 'cta' ? h / 2 : h * style.text.radius;

  ctx.save();
  ctx.shadowColor = style.text.treatment === 'glow' ? p.accent : 'rgba(0,0,0,0.28)';
  ctx.shadowBlur = h * (style.text.treatment === 'glow' ? 0.35 : 0.28);
  ctx.shadowOffsetY = style.text.treatment === 'glow' ? 0 : h * 0.07;
  roundRect(ctx, pad, pad, pillW, h, radius);
  ctx.fillStyle = accentPill ? p.accent : p.surface;
  ctx.fill();
  ctx.restore();
  if (style.text.treatment === 'glow') {
    roundRect(ctx, pad, pad, pillW, h, radius);
    ctx.lineWidth = Math.max(1.5, h * 0.045);
    ctx.strokeStyle = accentPill ? '#FFFFFF' : p.accent;
    ctx.stroke();
  }

  const cy = pad + h / 2;
  let x = rtl ? pad + pillW - padX : pad + padX;
  if (o.badge) {
    const bx = rtl ? x - badgeD / 2 : x + badgeD / 2;
    ctx.beginPath();
    ctx.arc(bx, cy, badgeD / 2, 0, Math.PI * 2);
    ctx.fillStyle = p.accent;
    ctx.fill();
    ctx.font = fontString(style.fonts.body, 700, badgeD * 0.55);
    ctx.fillStyle = p.onAccent;
    ctx.textAlign = 'center';
    ctx.fillText(o.badge, bx, baselineFor(ctx, o.badge, cy));
    x += (rtl ? -1 : 1) * (badgeD + gap);
  }
  ctx.font = fontString(family, weight, fit.size);
  ctx.textAlign = rtl ? 'right' : 'left';
  ctx.direction = rtl ? 'rtl' : 'ltr';
  ctx.fillStyle = accentPill ? p.onAccent : p.text;
  if (style.text.treatment === 'glow' && !accentPill) {
    ctx.shadowColor = p.accent;
    ctx.shadowBlur = fit.size * 0.35;
  }
  ctx.fillText(fit.text, x, baselineFor(ctx, fit.text, cy));
  ctx.shadowBlur = 0;
  if (arrow) {
    ctx.font = fontString(style.fonts.body, 700, h * o.fill);
    const ax = rtl ? x - fit.width - h * 0.2 : x + fit.width + h * 0.2;
    ctx.fillText(arrow, ax, baselineFor(ctx, arrow, cy));
  }

  const align = rtl && o.align !== 'center' ? (o.align === 'left' ? 'right' : 'left') : o.align;
  const offset = align === 'left' ? 0 : align === 'right' ? o.box.w - pillW : (o.box.w - pillW) / 2;
  return { canvas, dx: Math.round(offset - pad), dy: -pad };
}
