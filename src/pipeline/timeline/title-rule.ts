/**
 * How a title is set (pure; issue 27, docs/rendering.md "Nothing cut", "A title in at most three
 * lines"). A designer sets a product's title in at most TITLE_LINES lines, at a size that reads;
 * TITLE_LINES_LONG only for a title that does not fit three lines at the minimum size across the
 * whole safe width (a very long name with no shorter form). A word of a title is broken with a
 * hyphen only when it is wider than the safe width at the title's size (unavoidable). Where the
 * full name needs more, the title shows the writer's short name and the full name under it
 * (place-text.ts overlaySpecs, name-room.ts); a column too narrow for the title is not taken.
 * The placer (place-text.ts) and the check (`title-lines`, layoutViolations) share these.
 */
import type { Box } from '../templates/types.ts';
import { estimateWidth, fitText } from './fit-text.ts';
import { brokenWords } from './card-rule.ts';
import { padXEm } from './overlay-box.ts';
import { minFontPx } from './rules.ts';
import type { Timeline } from './types.ts';

/** A title's lines; a very long one (no three lines hold it across the safe width at the minimum size) may take four. */
export const TITLE_LINES = 3;
export const TITLE_LINES_LONG = 4;

/** The text room of a row as wide as the safe area, for a title at `fontPx`. */
const fullRoom = (safe: Box, fontPx: number) => safe.w - 2 * padXEm('name') * fontPx;

/** The lines a title of `text` may take: 3, or 4 when three do not hold it across the safe width at the minimum size. */
export function titleLines(text: string, o: { safeArea: Box; height: number; language: string; uppercase: boolean }): number {
  const min = minFontPx(o.height);
  const three = fitText([text], { language: o.language, uppercase: o.uppercase, width: fullRoom(o.safeArea, min), fontPx: min, minFontPx: min, maxLines: TITLE_LINES, breakWords: false });
  return three ? TITLE_LINES : TITLE_LINES_LONG;
}

/** Whether a word of a title is wider than the safe width at `fontPx` (then breaking it is unavoidable). */
export const wordTooWide = (word: string, safe: Box, fontPx: number, uppercase: boolean): boolean => estimateWidth(word, fontPx, uppercase) > fullRoom(safe, fontPx);

/**
 * `title-lines`: a product title (the name slot) in more lines than it may take, or with a word
 * broken by a hyphen in a title of at most three lines where that word fits the safe width whole.
 */
export function titleViolations(t: Timeline): string[] {
  const out: string[] = [];
  const language = t.language;
  for (const o of t.overlays) {
    if (o.slot !== 'name') continue;
    const uppercase = t.style.text.uppercase && !o.ownCase;
    const allowed = titleLines(o.source, { safeArea: t.safeArea, height: t.height, language, uppercase });
    if (o.lines.length > allowed) out.push(`title-lines: ${o.id} "${o.source}" set in ${o.lines.length} lines (at most ${allowed})`);
    if (o.lines.length <= TITLE_LINES) for (const w of brokenWords(o, language)) if (!wordTooWide(w, t.safeArea, o.fontPx, uppercase)) out.push(`title-lines: ${o.id} breaks "${w}" with a hyphen in a ${o.lines.length}-line title`);
  }
  return out;
}
