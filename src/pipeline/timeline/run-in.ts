/**
 * A numbered card set run-in (pure; docs/rendering.md "Nothing cut", "A run-in card"): its badge
 * beside the first line only, the lines after it starting under the badge at the card's left pad.
 * A card whose longest word and badge do not fit one line side by side (bench #19's
 * "Lendenwirbelstütze" across Side by Side 9:16's rows, 184 px of 177 at the minimum size) takes
 * one line less than the stacked card (badge above the text): "① Verstellbare / Lendenwirbelstütze"
 * in 54 px where the stacked card needs 78 px and the row under the captions has 73.6.
 */
import { estimateWidth, fitText } from './fit-text.ts';
import type { FittedText } from './fit-text.ts';

export interface RunInOptions {
  language: string;
  uppercase: boolean;
  /** The first line's room (beside the badge) and the later lines' (the badge's width more). */
  firstWidth: number;
  width: number;
  fontPx: number;
  maxLines: number;
}

/**
 * The text in up to maxLines lines at fontPx, words whole, the first line no wider than firstWidth
 * and the others no wider than width; null where it does not fit so, or fits one line (then it is
 * a plain card). Only texts with spaces between their words (a first line ends at a space).
 */
export function fitRunIn(text: string, o: RunInOptions): FittedText | null {
  const ws = text.replace(/\s+/g, ' ').trim().split(' ');
  if (ws.length < 2 || o.maxLines < 2) return null;
  // The most words the first line holds (the fewest left for the lines under it).
  let k = 0;
  while (k < ws.length - 1 && estimateWidth(ws.slice(0, k + 1).join(' '), o.fontPx, o.uppercase) <= o.firstWidth) k++;
  if (k === 0) return null;
  const rest = fitText([ws.slice(k).join(' ')], { language: o.language, uppercase: o.uppercase, width: o.width, fontPx: o.fontPx, minFontPx: o.fontPx, maxLines: o.maxLines - 1, breakWords: false });
  return rest ? { lines: [ws.slice(0, k).join(' '), ...rest.lines], fontPx: o.fontPx, source: text } : null;
}
