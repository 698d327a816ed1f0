/**
 * A text over a product's edge, allowed: the "sticker" (pure; docs/rendering.md "The product
 * leads": "A text over the product's edge"). Where no spot clear of a product shown whole is left
 * (a frame-high product at its share in 9:16), a card, the title, the price or the call to action
 * may overlap the product's own box the way a price sticker sits on a packshot's edge: on its
 * pill (every overlay is drawn on one; a sticker's pill is drawn opaque, render/text-sprites.ts),
 * clear of the product's heart (the middle third of its box both ways, rules.ts contentHeart), and
 * covering at most STICKER_SHARE of the product's box. The face zone and the captions band stay
 * hard obstacles of the layout step (other rules). One definition: the placer (place-text.ts,
 * layout.ts's sticker pass) and the check (text-product.ts, `text-product`) both ask `stickerAllowed`.
 */
import type { Box } from '../templates/types.ts';
import { contentHeart, intersection, intersects } from './rules.ts';

/** A sticker covers at most this share of the product's box (its box at the move's largest). */
export const STICKER_SHARE = 0.15;

/** The share of the product's box a text box covers. */
export function coveredShare(text: Box, product: Box): number {
  const on = intersection(text, product);
  return on ? (on.w * on.h) / Math.max(1, product.w * product.h) : 0;
}

/**
 * Whether a text box over (or within the gap of) a product's box is an allowed overlap: clear of
 * the product's heart, covering at most STICKER_SHARE of its box.
 */
export function stickerAllowed(text: Box, product: Box): boolean {
  return !intersects(text, contentHeart(product)) && coveredShare(text, product) <= STICKER_SHARE + 1e-9;
}
