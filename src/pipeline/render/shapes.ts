/**
 * The layout's designed shapes (brand-colour fields, panels, bands): static, drawn once into the
 * base layer. A 'field' takes the style's field colour: of highlight, accent, text and bg2, the
 * one farthest from the accent (price and CTA pills), the surface (cards) and the background
 * (the highlight unless another is clearly farther), so every card and pill stands out on it.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { VisualStyleDef } from '../templates/types.ts';
import type { Shape, Timeline } from '../timeline/types.ts';

function rgb(c: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{6})$/i.exec(c.trim());
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as [number, number, number];
  const fn = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(c.trim());
  return fn ? [Number(fn[1]), Number(fn[2]), Number(fn[3])] : null;
}

const dist = (a: string, b: string): number => {
  const x = rgb(a);
  const y = rgb(b);
  return x && y ? Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) : 0;
};

/** The colour of a brand-colour field in this style. */
export function fieldColour(style: VisualStyleDef): string {
  const p = style.palette;
  const score = (c: string) => Math.min(dist(c, p.accent), dist(c, p.surface), dist(c, p.bg));
  return [p.highlight, p.accent, p.text, p.bg2].filter((c) => rgb(c)).reduce((best, c) => (score(c) > score(best) * 1.15 ? c : best), p.highlight);
}

/** A scene's product plate (timeline/plates.ts) in the style's field colour, moved by dx (the backdrop's parallax). */
export function drawPlate(ctx: SKRSContext2D, plate: Pick<Shape, 'box' | 'alpha' | 'radius'>, style: VisualStyleDef, dx = 0): void {
  ctx.save();
  ctx.globalAlpha *= plate.alpha;
  ctx.fillStyle = fieldColour(style);
  // Moved with the backdrop's parallax, it grows by as much on both sides so it still spans the frame.
  const g = Math.abs(dx);
  ctx.beginPath();
  if (plate.radius > 0) ctx.roundRect(plate.box.x + dx - g, plate.box.y, plate.box.w + 2 * g, plate.box.h, plate.radius);
  else ctx.rect(plate.box.x + dx - g, plate.box.y, plate.box.w + 2 * g, plate.box.h);
  ctx.fill();
  ctx.restore();
}

export function drawShapes(ctx: SKRSContext2D, t: Pick<Timeline, 'shapes' | 'style'>): void {
  const p = t.style.palette;
  for (const s of t.shapes) {
    // A product plate belongs to its scene: the media layer draws it (drawPlate).
    if (s.role === 'plate') continue;
    ctx.save();
    ctx.globalAlpha = s.alpha;
    ctx.fillStyle = s.role === 'field' ? fieldColour(t.style) : p[s.fill];
    ctx.beginPath();
    if (s.radius > 0) ctx.roundRect(s.box.x, s.box.y, s.box.w, s.box.h, s.radius);
    else ctx.rect(s.box.x, s.box.y, s.box.w, s.box.h);
    ctx.fill();
    ctx.restore();
  }
}
