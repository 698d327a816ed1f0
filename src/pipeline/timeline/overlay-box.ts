/**
 * An overlay's box from its lines (pure): padding, badge and arrow in proportion to the font, so
 * the layout step (which sizes the box) and the sprite (which draws into it) agree.
 */
import type { Box, TextSlotName } from '../templates/types.ts';
import { estimateWidth } from './fit-text.ts';

/** Line height, vertical and horizontal padding, as multiples of the font size. */
export const LINE_EM = 1.18;
export const PAD_Y_EM = 0.42;
export const padXEm = (slot: TextSlotName): number => (slot === 'cta' ? 0.75 : 0.62);
/** The selling point's number badge: diameter and gap after it. */
export const BADGE_EM = 1.2;
export const BADGE_GAP_EM = 0.35;
/**
 * A stacked card (`TextOverlay.stacked`): its number badge above the text, not beside it, for a
 * column too narrow for the badge and the card's longest word side by side (the README demo's
 * "temperatures" left of Spotlight's inset). A block, not a pill: padded evenly on every side
 * (PAD_Y_EM), its badge row BADGE_EM high and STACK_GAP_EM above the first line.
 */
export const STACK_GAP_EM = 0.2;
/** Horizontal padding of an overlay, as a multiple of the font size: a stacked card's is its vertical padding. */
export const sidePadEm = (o: { slot: TextSlotName; stacked?: true }): number => (o.stacked ? PAD_Y_EM : padXEm(o.slot));
/** The width a badge takes on a line of text (none when stacked above it), as a multiple of the font size. */
export const badgeLineEm = (o: { badge: string | null; stacked?: true }): number => (o.badge && !o.stacked ? BADGE_EM + BADGE_GAP_EM : 0);
/** The call to action's arrow and the gap before it. */
export const ARROW_EM = 1.1;

/** Height of a box holding n lines at fontPx (and a badge row above them when `stacked`). */
export function boxHeight(lines: number, fontPx: number, stacked = false): number {
  return fontPx * (PAD_Y_EM * 2 + LINE_EM * Math.max(1, lines) + (stacked ? BADGE_EM + STACK_GAP_EM : 0));
}

/** Width the text may use inside an overlay of this slot, box width and badge. */
export function innerWidth(o: { slot: TextSlotName; box: Box; fontPx: number; badge: string | null; stacked?: true }): number {
  const f = o.fontPx;
  return o.box.w - 2 * sidePadEm(o) * f - badgeLineEm(o) * f - (o.slot === 'cta' ? ARROW_EM * f : 0);
}

/** The room of line i of an overlay: a run-in card's lines after the first are the badge's width wider (run-in.ts). */
export function lineRoom(o: { slot: TextSlotName; box: Box; fontPx: number; badge: string | null; stacked?: true; runIn?: true }, i: number): number {
  return innerWidth(o) + (o.runIn && i > 0 ? badgeLineEm(o) * o.fontPx : 0);
}

/**
 * What an overlay draws inside its box (pure): a pill sized to its words (the sprite's
 * `pillW`, with the layout's width estimate for the words), placed by its alignment; an icon
 * card the box's full width. The slot's box is where it may go, this is what the eye sees (the
 * no-media brand chip: a 1056 px slot, a ~180 px chip); a full overlay (`full`) the whole box.
 */
export function drawnBox(o: { slot: TextSlotName; box: Box; fontPx: number; badge: string | null; stacked?: true; runIn?: true; icon?: string; full?: true; lines: readonly string[]; align: 'left' | 'center' | 'right' }, uppercase: boolean): Box {
  if (o.icon || o.full) return o.box;
  const f = o.fontPx;
  // A run-in card's badge sits beside its first line only (run-in.ts).
  const lineW = (l: string, i: number) => estimateWidth(l, f, uppercase) + (o.runIn && i === 0 ? badgeLineEm(o) * f : 0);
  const textW = Math.max(o.stacked ? BADGE_EM * f : 0, ...o.lines.map(lineW));
  const w = Math.min(o.box.w, textW + 2 * sidePadEm(o) * f + (o.runIn ? 0 : badgeLineEm(o) * f) + (o.slot === 'cta' ? ARROW_EM * f : 0));
  const x = o.align === 'left' ? o.box.x : o.align === 'right' ? o.box.x + o.box.w - w : o.box.x + (o.box.w - w) / 2;
  return { ...o.box, x, w };
}
