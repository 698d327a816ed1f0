/**
 * A layout for a video without captions (pure): nothing else carries the words, so the cards
 * take the captions' room — the selling-point cards (×1.2) and the price (×2, the hero) are set
 * larger (UNCAPTIONED_GROWTH: their slot's height, so their type), growing upwards (to the top
 * margin), then downwards. The layout step still places them clear of the face, the product's middle and each
 * other, and shrinks them back to fit (docs/rendering.md "No empty frames").
 */
import type { TemplateLayout, TextSlot, TextSlotName } from './types.ts';

export const UNCAPTIONED_GROWTH: Partial<Record<TextSlotName, number>> = { cue: 1.2, price: 2 };
/** A product held small by its sharpness (a 300 px photo), captions on: the price is the hero too. */
export const SMALL_PRODUCT_GROWTH: Partial<Record<TextSlotName, number>> = { price: 2 };

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
  return { ...layout, slots, ...(layout.tallProduct ? { tallProduct: uncaptionedLayout(layout.tallProduct, growth) } : {}) };
}
