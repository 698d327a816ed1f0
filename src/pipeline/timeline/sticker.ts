/**
 * A text over a product's edge, allowed: the "sticker" (pure; docs/rendering.md "The product
 * leads": "A text over the product's edge"). Where no spot clear of a product shown whole is left
 * (a frame-high product at its share in 9:16), a card, the title, the price or the call to action
 * may overlap the product's own box the way a price sticker sits on a packshot's edge: on its
 * pill (every overlay is drawn on one; a sticker's pill is drawn opaque, render/text-sprites.ts),
 * clear of the product's heart (the middle third of its box both ways, rules.ts contentHeart), and
 * covering at most STICKER_SHARE of the product's box — all the stickers on it at once together,
 * not each alone (two stickers of 10 % on one bottle at once cover 20 % of it). The face zone and the captions band stay
 * hard obstacles of the layout step (other rules). One definition: the placer (place-text.ts,
 * layout.ts's sticker pass) and the check (text-product.ts, `text-product`) both ask `stickerAllowed`.
 */
import type { Box } from '../templates/types.ts';
import { contentHeart, intersection, intersects } from './rules.ts';

/** The stickers on a product at once cover at most this share of its box (its box at the move's largest). */
export const STICKER_SHARE = 0.15;

/** The share of the product's box a text box covers. */
export function coveredShare(text: Box, product: Box): number {
  const on = intersection(text, product);
  return on ? (on.w * on.h) / Math.max(1, product.w * product.h) : 0;
}

interface Timed {
  startMs: number;
  endMs: number;
}

/** A text shown over a span. */
export interface Shown extends Timed {
  box: Box;
}

/**
 * The most of a product's box that `text` and the other texts on its edge cover at once while
 * `text` and the product (`during`) show: summed at each moment one of them comes in (the sum
 * only grows there). A text that is no sticker alone (over the product's heart, or more of it than
 * STICKER_SHARE) is not counted: it is a defect of its own, reported once (its neighbours on the
 * edge are not reported for it).
 */
export function coveredAtOnce(text: Shown, others: readonly Shown[], product: Box, during: Timed): number {
  const from = Math.max(text.startMs, during.startMs);
  const to = Math.min(text.endMs, during.endMs);
  const heart = contentHeart(product);
  const on = others.filter((o) => o.startMs < to && from < o.endMs && !intersects(o.box, heart) && coveredShare(o.box, product) > 0 && coveredShare(o.box, product) <= STICKER_SHARE + 1e-9);
  const own = coveredShare(text.box, product);
  let most = own;
  for (const t of [from, ...on.map((o) => o.startMs).filter((s) => s > from && s < to)])
    most = Math.max(most, on.reduce((s, o) => (o.startMs <= t && t < o.endMs ? s + coveredShare(o.box, product) : s), own));
  return most;
}

/**
 * Whether a text box over (or within the gap of) a product's box is an allowed overlap: clear of
 * the product's heart, covering at most STICKER_SHARE of its box — with `together` (the text's
 * span, the product's, the other texts), at most that share with the other stickers on it at once.
 */
export function stickerAllowed(text: Box, product: Box, together?: { when: Timed; during: Timed; others: readonly Shown[] }): boolean {
  if (intersects(text, contentHeart(product))) return false;
  const share = together ? coveredAtOnce({ box: text, startMs: together.when.startMs, endMs: together.when.endMs }, together.others, product, together.during) : coveredShare(text, product);
  return share <= STICKER_SHARE + 1e-9;
}
