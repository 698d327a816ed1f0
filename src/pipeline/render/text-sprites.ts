/**
 * Text overlays (brand, name, price, call to action, cue cards) pre-rendered into sprites: the
 * lines the layout step wrapped are shaped and rasterised once, with their box, shadow or glow,
 * and per frame only the bitmap is drawn (with an entrance move).
 */
import { createCanvas, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { VisualStyleDef } from '../templates/types.ts';
import type { TextOverlay } from '../timeline/types.ts';
import { languageTag } from '../captions/lang.ts';
import { isRtlText } from '../captions/place.ts';
import { fontString } from './fonts.ts';
import { opaque, overlayColours } from '../templates/legibility.ts';
import { ARROW_EM, BADGE_EM, BADGE_GAP_EM, badgeLineEm, lineRoom, LINE_EM, PAD_Y_EM, sidePadEm, STACK_GAP_EM } from '../timeline/overlay-box.ts';

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

/**
 * Draws an overlay's lines as the layout step wrapped them, at its font size; a line the real
 * font measures wider than the box (the layout estimates widths) shrinks the text, never below
 * the minimum text size `minFontPx`.
 */
export function overlaySprite(o: TextOverlay, style: VisualStyleDef, language: string, languageRtl: boolean, minFontPx = 0, icon: Image | null = null, frameH = 0): Sprite {
  // The text's own direction: a Latin selling point shown in an Arabic video reads left to right.
  const rtl = isRtlText(o.text, languageRtl);
  const p = style.palette;
  const h = o.box.h;
  const upper = style.text.uppercase && o.slot !== 'price' && !o.ownCase;
  const tag = languageTag(language);
  const lines = o.lines.map((l) => (upper ? l.toLocaleUpperCase(tag) : l));
  const accentPill = o.slot === 'price' || o.slot === 'cta';
  // The pill deepens until the text reads on it at its size (templates/legibility.ts; 4.5 small, 3 large).
  const pill = overlayColours(p, accentPill, o.fontPx, frameH);
  // A sticker on a product's edge (timeline/sticker.ts) is never see-through: its pill opaque.
  if (o.sticker) pill.fill = opaque(pill.fill);
  const family = o.slot === 'name' ? style.fonts.display : style.fonts.body;
  const weight = o.slot === 'name' ? style.fonts.displayWeight : 700;
  let size = o.fontPx;
  const measure = createCanvas(4, 4).getContext('2d');
  measure.font = fontString(family, weight, size);
  // A run-in card (timeline/run-in.ts): the badge beside the first line only, the lines after it the badge's width wider.
  const runInD = o.runIn ? badgeLineEm(o) * o.fontPx : 0;
  const over = Math.max(...lines.map((l, i) => measure.measureText(l).width / lineRoom(o, i)));
  if (over > 1) {
    size = Math.max(minFontPx, size / over);
    measure.font = fontString(family, weight, size);
  }
  // (A run-in card's widest line measured from the badge's left edge: the first line with the badge beside it.)
  const textW = Math.max(...lines.map((l, i) => measure.measureText(l).width + (o.runIn && i === 0 ? runInD : 0)));
  const f = o.fontPx;
  const padX = sidePadEm(o) * f;
  const badgeD = o.badge ? BADGE_EM * f : 0;
  // A stacked card's badge sits above the text (its own row), so it takes no width on the lines.
  const gap = o.badge && !o.stacked && !o.runIn ? BADGE_GAP_EM * f : 0;
  const besideD = o.stacked || o.runIn ? 0 : badgeD;
  const arrowW = o.slot === 'cta' ? ARROW_EM * f : 0;
  const arrow = o.slot === 'cta' ? (rtl ? '←' : '→') : '';
  // An icon card (the no-media design) is drawn the full width of its box: a large card, not a chip.
  const pillW = o.icon || o.full ? o.box.w : Math.min(o.box.w, Math.max(textW, o.stacked ? badgeD : 0) + padX * 2 + besideD + gap + arrowW);
  const pad = Math.ceil(Math.max(h, f * 2) * 0.45);
  const canvas = createCanvas(Math.ceil(pillW + pad * 2), Math.ceil(h + pad * 2));
  const ctx = canvas.getContext('2d');
  const radius = o.slot === 'cta' ? Math.min(h / 2, f * 1.1) : Math.min(h / 2, f * 1.6 * style.text.radius);

  ctx.save();
  ctx.shadowColor = style.text.treatment === 'glow' ? p.accent : 'rgba(0,0,0,0.28)';
  ctx.shadowBlur = f * (style.text.treatment === 'glow' ? 0.6 : 0.45);
  ctx.shadowOffsetY = style.text.treatment === 'glow' ? 0 : f * 0.12;
  roundRect(ctx, pad, pad, pillW, h, radius);
  ctx.fillStyle = pill.fill;
  ctx.fill();
  ctx.restore();
  if (style.text.treatment === 'glow') {
    roundRect(ctx, pad, pad, pillW, h, radius);
    ctx.lineWidth = Math.max(1.5, f * 0.075);
    ctx.strokeStyle = accentPill ? '#FFFFFF' : p.accent;
    ctx.stroke();
  }

  const lineH = LINE_EM * f;
  // A stacked card: the badge row at the top, the lines under it.
  const stackH = o.stacked ? badgeD + STACK_GAP_EM * f : 0;
  const firstY = pad + stackH + (h - stackH) / 2 - (lines.length * lineH) / 2 + lineH / 2;
  const badgeY = o.stacked ? pad + PAD_Y_EM * f + badgeD / 2 : firstY;
  // A full-width price (the no-media design's hero) sets its figure in the middle of its band.
  const centred = o.full && o.slot === 'price' ? (pillW - 2 * padX - textW) / 2 : 0;
  let x = rtl ? pad + pillW - padX - centred : pad + padX + centred;
  if (o.badge) {
    const bx = rtl ? x - badgeD / 2 : x + badgeD / 2;
    ctx.beginPath();
    ctx.arc(bx, badgeY, badgeD / 2, 0, Math.PI * 2);
    ctx.fillStyle = p.accent;
    ctx.fill();
    if (icon) ctx.drawImage(icon, Math.round(bx - icon.width / 2), Math.round(badgeY - icon.height / 2));
    else {
      ctx.font = fontString(style.fonts.body, 700, badgeD * 0.55);
      ctx.fillStyle = p.onAccent;
      ctx.textAlign = 'center';
      ctx.fillText(o.badge, bx, baselineFor(ctx, o.badge, badgeY));
    }
    x += (rtl ? -1 : 1) * (besideD + gap);
  }
  ctx.font = fontString(family, weight, size);
  ctx.textAlign = rtl ? 'right' : 'left';
  ctx.direction = rtl ? 'rtl' : 'ltr';
  ctx.fillStyle = pill.ink;
  if (style.text.treatment === 'glow' && !accentPill) {
    ctx.shadowColor = p.accent;
    ctx.shadowBlur = size * 0.35;
  }
  // One baseline per line from the font's metrics (not each line's ink), so lines sit evenly.
  const m = ctx.measureText('Hg');
  const asc = m.fontBoundingBoxAscent || size * 0.9;
  const desc = m.fontBoundingBoxDescent || size * 0.25;
  // A run-in card's first line starts after its badge; the others under the badge.
  lines.forEach((line, i) => ctx.fillText(line, x + (o.runIn && i === 0 ? (rtl ? -runInD : runInD) : 0), firstY + i * lineH + (asc - desc) / 2));
  ctx.shadowBlur = 0;
  if (arrow) {
    // After the last line's last word (a button wrapped to two lines reads "Shop / now →", not "Shop → / now").
    const lastW = ctx.measureText(lines[lines.length - 1] ?? '').width;
    ctx.font = fontString(style.fonts.body, 700, f);
    const ax = rtl ? x - lastW - f * 0.3 : x + lastW + f * 0.3;
    ctx.textAlign = rtl ? 'right' : 'left';
    ctx.fillText(arrow, ax, baselineFor(ctx, arrow, firstY + (lines.length - 1) * lineH));
  }

  const align = rtl && o.align !== 'center' ? (o.align === 'left' ? 'right' : 'left') : o.align;
  const offset = align === 'left' ? 0 : align === 'right' ? o.box.w - pillW : (o.box.w - pillW) / 2;
  return { canvas, dx: Math.round(offset - pad), dy: -pad };
}

/** Size (px) a card's icon is drawn at inside its badge. */
export const cardIconPx = (o: Pick<TextOverlay, 'fontPx'>): number => BADGE_EM * o.fontPx * 0.62;
