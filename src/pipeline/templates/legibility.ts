/**
 * Every text readable over what is under it (pure; docs/rendering.md "Every text readable"):
 * WCAG 2's contrast floors — 4.5 for small text, 3 for large — applied to the text's fill against
 * what it is read on (its own pill, a plate, a colour field, the background). An outline does not
 * carry a word over a flat colour: it is a rim of 0.085 em, thinner than the letters' stems, and
 * white words in a dark rim on Clean Minimal's yellow read poorly (bench:quality #201, #205). Over
 * a photo (not known, busy) the outline stays the carrier, as in film subtitles.
 */
import { colord } from 'colord';
import { contrast } from './colours.ts';

/** WCAG 2's floor for small text. */
export const SMALL_TEXT_CONTRAST = 4.5;
/** WCAG 2's floor for large text (and for marks such as a pill). */
export const LARGE_TEXT_CONTRAST = 3;
/**
 * Text whose font size is at least this share of the frame height is large: WCAG's large bold
 * text (14 pt ≈ 18.7 CSS px) on a phone that shows the frame about 470 CSS px tall (a 9:16 video
 * in a feed, a 16:9 one turned sideways). 77 px on 1920, 43 px on 1080.
 */
export const LARGE_TEXT_SHARE = 0.04;

/** The contrast a text of this font size needs on a frame `frameH` tall. */
export function neededContrast(fontPx: number, frameH: number): number {
  return fontPx >= frameH * LARGE_TEXT_SHARE ? LARGE_TEXT_CONTRAST : SMALL_TEXT_CONTRAST;
}

/**
 * What a fill looks like where it is drawn: itself when opaque; a translucent one (Tech Neon's and
 * Luxury Dark's cards) over each colour under it, or over white and black when those are not known.
 */
export function seenFill(fill: string, under: readonly string[] = []): string[] {
  const c = colord(fill);
  const a = c.alpha();
  if (a >= 1) return [c.toHex()];
  const opaque = c.alpha(1).toHex();
  return (under.length ? under : ['#FFFFFF', '#000000']).map((u) => colord(u).mix(opaque, a).toHex());
}

/** The lowest contrast of a colour with any of these grounds. */
export const worstContrast = (ink: string, grounds: readonly string[]): number => Math.min(...grounds.map((g) => contrast(ink, g)));

/**
 * The ink for text on these grounds: `own` when it reaches `need` on every one, else the first of
 * `candidates` that does, else the one that comes closest (never worse than `own`).
 */
export function readableInk(own: string, grounds: readonly string[], need: number, candidates: readonly string[]): string {
  if (grounds.length === 0 || worstContrast(own, grounds) >= need) return own;
  const ok = candidates.find((c) => colord(c).alpha() === 1 && worstContrast(c, grounds) >= need);
  if (ok) return ok;
  return [own, ...candidates].reduce((b, c) => (worstContrast(c, grounds) > worstContrast(b, grounds) ? c : b));
}

/**
 * A text's pill deepened until its ink reads on it: mixed towards black under light ink (towards
 * white under dark ink) in 5 % steps, the least that reaches `need`. The style's ink stays, so a
 * pill keeps its hue: Soft Pastel's lavender call to action (white 2.9) turns a deeper violet,
 * Bold Pop's and Warm Lifestyle's (3.6, 4.3) a shade darker. Translucent fills are left as they are.
 */
export function deepenFor(fill: string, ink: string, need: number): string {
  const c = colord(fill);
  if (c.alpha() < 1 || contrast(ink, fill) >= need) return fill;
  const towards = colord(ink).luminance() > c.luminance() ? '#000000' : '#FFFFFF';
  let out = c.toHex();
  for (let k = 0.05; k <= 0.8 + 1e-9; k += 0.05) {
    out = c.mix(towards, k).toHex();
    if (contrast(ink, out) >= need) break;
  }
  return out;
}

/** A text overlay's pill and ink (render/text-sprites.ts): the accent pill (price, call to action) or the card surface, deepened until the ink reads at this size. */
export function overlayColours(palette: { accent: string; onAccent: string; surface: string; text: string }, accentPill: boolean, fontPx: number, frameH: number): { fill: string; ink: string } {
  const fill = accentPill ? palette.accent : palette.surface;
  const ink = accentPill ? palette.onAccent : palette.text;
  const need = frameH > 0 ? neededContrast(fontPx, frameH) : SMALL_TEXT_CONTRAST;
  return { fill: deepenFor(fill, ink, need), ink };
}

/** A colour at full opacity (a sticker's pill on a product's edge: never see-through). */
export function opaque(fill: string): string {
  return colord(fill).alpha(1).toHex();
}
