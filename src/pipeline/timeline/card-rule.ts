/**
 * How a selling-point card is set (pure; issue 27, docs/rendering.md "A card in at most three
 * lines"). A designer sets a selling point in at most CARD_LINES lines at a size that reads, in a
 * column wide enough for its words: never a four- or five-line sliver beside the presenter with a
 * word hyphenated ("Three / colour / tempera‐ / tures" in the README demo). A card takes more
 * lines only when its text does not fit CARD_LINES lines across the whole safe width at the
 * minimum size, and breaks a word only when that word is wider than the safe width at its size.
 * Where no spot holds it so, the card goes where one is (another row, over the product's side:
 * the product then steps aside, text-room.ts). The placer (place-text.ts) and the check
 * (`card-lines`, layoutViolations) share these.
 */
import type { Box } from '../templates/types.ts';
import { estimateWidth, fitAnyway, fitText, SOFT_HYPHEN_MARK, words } from './fit-text.ts';
import { BADGE_EM, BADGE_GAP_EM, padXEm } from './overlay-box.ts';
import { minFontPx } from './rules.ts';
import type { TextOverlay, Timeline } from './types.ts';

/** A card's lines at most (where its text fits them across the safe width at the minimum size). */
export const CARD_LINES = 3;

/** Whether an overlay is a selling-point card (a cue card; not the full name under its short title, title-rule.ts). */
export const isCard = (o: Pick<TextOverlay, 'slot' | 'subtitle'>): boolean => o.slot === 'cue' && !o.subtitle;

/** The text room of a card as wide as the safe area at `fontPx`, its number badge included. */
const fullRoom = (safe: Box, fontPx: number, badge: boolean) => safe.w - (2 * padXEm('cue') + (badge ? BADGE_EM + BADGE_GAP_EM : 0)) * fontPx;

export interface CardContext {
  safeArea: Box;
  height: number;
  language: string;
  uppercase: boolean;
}

/** The lines a card of `text` may take: CARD_LINES, or the fewest it takes across the safe width at the minimum size. */
export function cardLines(text: string, badge: boolean, o: CardContext): number {
  const min = minFontPx(o.height);
  const fit = { language: o.language, uppercase: o.uppercase, width: fullRoom(o.safeArea, min, badge), fontPx: min, minFontPx: min, maxLines: CARD_LINES };
  if (fitText([text], { ...fit, breakWords: false })) return CARD_LINES;
  return Math.max(CARD_LINES, fitAnyway([text], fit)?.lines.length ?? Infinity);
}

/** Whether a word of a card is wider than the safe width at `fontPx` (then breaking it is unavoidable). */
export const cardWordTooWide = (word: string, safe: Box, fontPx: number, uppercase: boolean, badge: boolean): boolean => estimateWidth(word, fontPx, uppercase) > fullRoom(safe, fontPx, badge);

/** The words of an overlay broken across lines with a hyphen (whole). */
export function brokenWords(o: Pick<TextOverlay, 'lines'>, language: string): string[] {
  const out: string[] = [];
  o.lines.forEach((line, i) => {
    if (!line.endsWith(SOFT_HYPHEN_MARK)) return;
    const head = words(line.slice(0, -1), language).at(-1)?.text ?? '';
    const tail = words(o.lines[i + 1] ?? '', language)[0]?.text ?? '';
    out.push(head + tail);
  });
  return out;
}

/**
 * `card-lines`: a selling-point card in more lines than it may take (a narrow column), or with a
 * word broken by a hyphen where that word fits the safe width whole at the card's size.
 */
export function cardViolations(t: Timeline): string[] {
  const out: string[] = [];
  for (const o of t.overlays) out.push(...cardRuleBroken(o, { safeArea: t.safeArea, height: t.height, language: t.language, uppercase: t.style.text.uppercase }));
  return out;
}

/** How one overlay breaks the card rule (none for a text that is not a card): the checks' strings; name-room.ts asks it of each placement too. */
export function cardRuleBroken(o: TextOverlay, c: CardContext): string[] {
  const out: string[] = [];
  if (!isCard(o)) return out;
  const uppercase = c.uppercase && !o.ownCase;
  const ctx = { ...c, uppercase };
  const allowed = cardLines(o.source, !!o.badge, ctx);
  if (o.lines.length > allowed) out.push(`card-lines: ${o.id} "${o.source}" set in ${o.lines.length} lines ${Math.round(o.box.w)} px wide (at most ${allowed})`);
  for (const w of brokenWords(o, c.language)) if (!cardWordTooWide(w, c.safeArea, o.fontPx, uppercase, !!o.badge)) out.push(`card-lines: ${o.id} breaks "${w}" with a hyphen, a word the safe width holds whole`);
  return out;
}
