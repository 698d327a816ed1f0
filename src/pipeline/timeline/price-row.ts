/**
 * The call to action in the price's row (pure; docs/rendering.md "The call to action beside the
 * price"). Where the layout step found the call to action no spot clear of a product shown whole
 * (bench:quality #2, Side by Side 16:9: "今すぐ購入 →" on the bottle's body from 26.7 s, the product
 * filling its half, the presenter's half holding the face, the captions and the price), the row
 * the price stands in often has room beside the price's pill: the layout reserves the price's
 * whole slot width (120 px at 480 wide) for a pill of ~63 px. The call to action then stands beside
 * the pill, its box its own pill (overlay-box.ts drawnBox), and the price's box narrows to its pill,
 * so what the checks see is what is drawn. Taken only when that spot is clear of everything the
 * call to action keeps clear of (the faces, insets, captions, other texts, the head box, every
 * product shown whole) and inside the safe area; else the layout's placement stands.
 */
import type { Box } from '../templates/types.ts';
import type { Obstacle } from './layout.ts';
import { drawnBox } from './overlay-box.ts';
import { intersects } from './rules.ts';
import type { TextOverlay } from './types.ts';

const together = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) => a.startMs < b.endMs && b.startMs < a.endMs;
const inside = (b: Box, s: Box) => b.x >= s.x - 0.5 && b.y >= s.y - 0.5 && b.x + b.w <= s.x + s.w + 0.5 && b.y + b.h <= s.y + s.h + 0.5;

export interface PriceRowContext {
  obstacles: readonly Obstacle[];
  /** What text keeps clear of where a spot allows: products shown whole, media cards. */
  avoid: readonly Obstacle[];
  safe: Box;
  gap: number;
  /** Boxes the call to action alone never meets (the presenter's head box). */
  keepOff: readonly Box[];
  uppercase: boolean;
}

export function ctaBesidePrice(overlays: readonly TextOverlay[], c: PriceRowContext): TextOverlay[] {
  const cta = overlays.find((o) => o.slot === 'cta');
  const price = cta && overlays.find((o) => o.slot === 'price' && together(o, cta));
  if (!cta || !price) return [...overlays];
  const over = c.avoid.filter((a) => together(a, cta));
  if (!over.some((a) => intersects(cta.box, a.box))) return [...overlays];
  const pill0 = drawnBox(price, false);
  const own = drawnBox(cta, c.uppercase);
  const others = overlays.filter((o) => o !== cta && o !== price);
  const clear = (box: Box, who: TextOverlay) =>
    inside(box, c.safe) &&
    !c.obstacles.some((o) => together(o, who) && intersects(box, o.box)) &&
    !c.avoid.some((a) => together(a, who) && intersects(box, a.box)) &&
    !others.some((o) => together(o, who) && intersects(box, o.box));
  // The row at the price's place, then moved up or down in gap steps by at most the call to
  // action's height (the price keeps its place, near enough): the price and the call to action
  // side by side, their middles on one line.
  const mid = price.box.y + price.box.h / 2;
  const shifts = [0];
  for (let d = c.gap; d <= cta.box.h + 0.01; d += c.gap) shifts.push(-d, d);
  for (const dy of shifts) {
    const pill = { ...pill0, y: pill0.y + dy };
    if (dy !== 0 && !clear(pill, price)) continue;
    const y = mid + dy - cta.box.h / 2;
    for (const x of [pill.x + pill.w + c.gap, pill.x - c.gap - own.w]) {
      const box = { x, y, w: own.w, h: cta.box.h };
      if (!clear(box, cta) || c.keepOff.some((k) => intersects(box, k)) || intersects(box, pill)) continue;
      return overlays.map((o) => (o === cta ? { ...o, box } : o === price ? { ...o, box: { ...o.box, x: pill.x, y: pill.y, w: pill.w } } : o));
    }
  }
  return [...overlays];
}
