/**
 * A layout for a video without captions (pure): nothing else carries the words, so the cards
 * take the captions' room — the selling-point cards (×1.4) and the price (×2, the hero) are set
 * larger (UNCAPTIONED_GROWTH: their slot's height, so their type), growing downwards inside the
 * frame. The layout step still places them clear of the face, the product's middle and each
 * other, and shrinks them back to fit (docs/rendering.md "No empty frames").
 */
import type { TemplateLayout, TextSlot, TextSlotName } from './types.ts';

/** The share of the frame a product is grown towards without captions (30 % / 25 % with them), as sharpness and its room allow. */
export const UNCAPTIONED_PRODUCT_SHARE = 0.4;

export const UNCAPTIONED_GROWTH: Partial<Record<TextSlotName, number>> = { cue: 1.4, price: 2 };

export function uncaptionedLayout(layout: TemplateLayout): TemplateLayout {
  const slots = { ...layout.slots };
  for (const [name, k] of Object.entries(UNCAPTIONED_GROWTH) as [TextSlotName, number][]) {
    const rule = slots[name as 'cue'] as TextSlot | undefined;
    if (!rule) continue;
    const h = Math.min(rule.box.h * k, 1 - rule.box.y);
    slots[name as 'cue'] = { ...rule, box: { ...rule.box, h } };
  }
  return { ...layout, slots, ...(layout.tallProduct ? { tallProduct: uncaptionedLayout(layout.tallProduct) } : {}) };
}
