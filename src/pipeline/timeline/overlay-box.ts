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
/** The call to action's arrow and the gap before it. */
export const ARROW_EM = 1.1;

/** Height of a box holding n lines at fontPx. */
export function boxHeight(lines: number, fontPx: number): number {
  return fontPx * (PAD_Y_EM * 2 + LINE_EM * Math.max(1, lines));
}

/** Width the text may use inside an overlay of this slot, box width and badge. */
export function innerWidth(o: { slot: TextSlotName; box: Box; fontPx: number; badge: string | null }): number {
  const f = o.fontPx;
  return o.box.w - 2 * padXEm(o.slot) * f - (o.badge ? (BADGE_EM + BADGE_GAP_EM) * f : 0) - (o.slot === 'cta' ? ARROW_EM * f : 0);
}

/**
 * What an overlay draws inside its box (pure): a pill sized to its words (the sprite's
 * `pillW`, with the layout's width estimate for the words), placed by its alignment; an icon
 * card the box's full width. The slot's box is where it may go, this is what the eye sees (the
 * no-media brand chip: a 1056 px slot, a ~180 px chip); a full overlay (`full`) the whole box.
 */
export function drawnBox(o: { slot: TextSlotName; box: Box; fontPx: number; badge: string | null; icon?: string; full?: true; lines: readonly string[]; align: 'left' | 'center' | 'right' }, uppercase: boolean): Box {
  if (o.icon || o.full) return o.box;
  const f = o.fontPx;
  const textW = Math.max(0, ...o.lines.map((l) => estimateWidth(l, f, uppercase)));
  const w = Math.min(o.box.w, textW + 2 * padXEm(o.slot) * f + (o.badge ? (BADGE_EM + BADGE_GAP_EM) * f : 0) + (o.slot === 'cta' ? ARROW_EM * f : 0));
  const x = o.align === 'left' ? o.box.x : o.align === 'right' ? o.box.x + o.box.w - w : o.box.x + (o.box.w - w) / 2;
  return { ...o.box, x, w };
}
