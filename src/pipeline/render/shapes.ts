/**
 * The layout's designed shapes (brand-colour fields, panels, bands): static, drawn once into the
 * base layer. A 'field' takes the style's field colour: of highlight, accent, text and bg2, the
 * one farthest from the accent (price and CTA pills), the surface (cards) and the background
 * (the highlight unless another is clearly farther), so every card and pill stands out on it.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { VisualStyleDef } from '../templates/types.ts';
import type { Shape, Timeline } from '../timeline/types.ts';
import { fieldColour } from '../templates/colours.ts';

export { fieldColour } from '../templates/colours.ts';

/** A scene's product plate (timeline/plates.ts) in its own colour (templates/colours.ts plateColour) or the style's field colour, moved by dx (the backdrop's parallax). */
export function drawPlate(ctx: SKRSContext2D, plate: Pick<Shape, 'box' | 'alpha' | 'radius' | 'colour'>, style: VisualStyleDef, dx = 0): void {
  ctx.save();
  ctx.globalAlpha *= plate.alpha;
  ctx.fillStyle = plate.colour ?? fieldColour(style);
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
