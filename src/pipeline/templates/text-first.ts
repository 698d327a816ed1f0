/**
 * The no-media design: a product with no images or videos is told in text — brand line, big
 * name, the selling points as cards, price and call to action — on the style's background, with
 * the template's presenter if there is one. The name may take 4 lines in 9:16 (3 elsewhere). No media box, so nothing pretends to be a photo.
 * Slots are starting points; the layout step moves them off the presenter's face and each other.
 */
import { SAFE_AREAS } from './safe-area.ts';
import type { AspectRatio, Box, SceneKind, TemplateLayout, TextSlot } from './types.ts';

const b = (x: number, y: number, w: number, h: number): Box => ({ x, y, w, h });
const ALL: readonly SceneKind[] = ['hook', 'intro', 'point', 'story', 'price', 'cta'];
const NAME: readonly SceneKind[] = ['hook', 'intro'];

function slots(brand: Box, name: Box, cue: Box, price: Box, cta: Box, nameLines = 3): TemplateLayout['slots'] {
  const s = (box: Box, scenes: readonly SceneKind[], enter: TextSlot['enter'], fill: number, lines: number, align: TextSlot['align'] = 'left'): TextSlot => ({ box, scenes, enter, fill, lines, align });
  return {
    brand: s(brand, ALL, 'fade', 0.58, 1),
    name: s(name, NAME, 'rise', 0.62, nameLines),
    cue: s(cue, ['point', 'story'], 'slide', 0.6, 2),
    price: s(price, ['price', 'cta'], 'pop', 0.62, 1),
    cta: s(cta, ['cta'], 'pop', 0.5, 1, 'center'),
  };
}

const TEXT_FIRST: Record<AspectRatio, TemplateLayout['slots']> = {
  0: slots(b(0.05, 0.12, 0.83, 0.045), b(0.05, 0.18, 0.83, 0.09), b(0.05, 0.42, 0.83, 0.075), b(0.05, 0.42, 0.5, 0.075), b(0.05, 0.52, 0.83, 0.07), 4),
  1: slots(b(0.05, 0.07, 0.55, 0.07), b(0.05, 0.16, 0.55, 0.17), b(0.05, 0.48, 0.55, 0.12), b(0.05, 0.48, 0.3, 0.12), b(0.05, 0.62, 0.4, 0.1)),
  2: slots(b(0.05, 0.07, 0.9, 0.06), b(0.05, 0.14, 0.9, 0.13), b(0.05, 0.45, 0.9, 0.095), b(0.05, 0.45, 0.4, 0.09), b(0.05, 0.56, 0.6, 0.085)),
};

/**
 * The text-first variant of a layout: no media, the text-first slots; a presenter who fills the
 * frame steps to the right edge, so the text has the left side.
 */
export function textFirstLayout(layout: TemplateLayout, aspectRatio: AspectRatio): TemplateLayout {
  let presenter = layout.presenter;
  const p = presenter?.box;
  const full = presenter && presenter.frame === 'none' && presenter.panel.w >= 1 && presenter.panel.h >= 1;
  if (presenter && p && full) presenter = { ...presenter, box: { ...p, x: p.x + Math.max(0, 1 - (p.x + p.w)) } };
  // With nobody on screen the text has the whole width: the name and the cards grow into it.
  const slots = presenter ? TEXT_FIRST[aspectRatio] : widen(TEXT_FIRST[aspectRatio], SAFE_AREAS[aspectRatio]);
  return { ...layout, media: null, presenter, slots };
}

/** Name, brand and cards run to the safe area's right edge; the name also gets a quarter more height. */
function widen(slots: TemplateLayout['slots'], safe: Box): TemplateLayout['slots'] {
  const wide = (slot: TextSlot, taller = 1): TextSlot => ({ ...slot, box: { ...slot.box, w: safe.x + safe.w - slot.box.x, h: slot.box.h * taller } });
  return { ...slots, name: wide(slots.name, 1.25), cue: wide(slots.cue), ...(slots.brand ? { brand: wide(slots.brand) } : {}) };
}
