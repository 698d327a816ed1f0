/**
 * A layout for a video without captions (pure): nothing else carries the words, so the cards
 * take the captions' room — the selling-point cards (×1.2) and the price (×2, the hero) are set
 * larger (UNCAPTIONED_GROWTH: their slot's height, so their type), growing upwards (to the top
 * margin), then downwards. The layout step still places them clear of the face, the product's middle and each
 * other, and shrinks them back to fit (docs/rendering.md "No empty frames"). A product's stage
 * with the captions band right under it grows over the band: the product stands lower and its
 * plate runs down through the captions' room.
 */
import type { TemplateLayout, TextSlot, TextSlotName } from './types.ts';

export const UNCAPTIONED_GROWTH: Partial<Record<TextSlotName, number>> = { cue: 1.2, price: 2 };
/** A product held small by its sharpness (a 300 px photo), captions on: the price is the hero too. */
export const SMALL_PRODUCT_GROWTH: Partial<Record<TextSlotName, number>> = { price: 2 };

/** A captions band within this much under the stage (frame share) is the stage's own room. */
const STAGE_JOIN = 0.05;

/** The highest a grown slot starts (frame share): inside the 9:16 safe area's top. */
const TOP = 0.05;

export function uncaptionedLayout(layout: TemplateLayout, growth: Partial<Record<TextSlotName, number>> = UNCAPTIONED_GROWTH): TemplateLayout {
  const slots = { ...layout.slots };
  for (const [name, k] of Object.entries(growth) as [TextSlotName, number][]) {
    const rule = slots[name as 'cue'] as TextSlot | undefined;
    if (!rule) continue;
    // Grown upwards as far as the top margin lets it, so a card does not reach down over the product.
    const h = Math.min(rule.box.h * k, 1 - rule.box.y + Math.max(0, rule.box.y - TOP));
    const y = Math.max(Math.min(rule.box.y, TOP), rule.box.y + rule.box.h - h);
    slots[name as 'cue'] = { ...rule, box: { ...rule.box, y, h } };
  }
  // No captions: their room right under a stage is free, and the product's stage (so its plate)
  // takes it — the product stands lower, the texts above it get full rows (docs/rendering.md
  // "No empty frames": Voice Over 16:9 with a 300 px photo, 40 → 50 %).
  const m = layout.media;
  const st = m?.stage;
  const c = layout.captions;
  const free = growth === UNCAPTIONED_GROWTH && !!m && !!st && c.y >= st.y + st.h - 1e-9 && c.y - (st.y + st.h) < STAGE_JOIN;
  const media = free ? { ...m!, stage: { ...st!, h: c.y + c.h - st!.y } } : m;
  return { ...layout, slots, media, ...(layout.tallProduct ? { tallProduct: uncaptionedLayout(layout.tallProduct, growth) } : {}) };
}
