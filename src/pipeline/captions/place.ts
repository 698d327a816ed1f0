/**
 * Where every caption word goes on a page (pure; text measuring is passed in). The caption
 * layer draws with these positions and captionViolations checks them, so what is checked is what
 * is drawn. Each line is ordered by the Unicode bidirectional algorithm (bidi-js), so Latin names
 * and numbers inside an Arabic or Hebrew line keep their left-to-right order; a token is split
 * into runs where its direction changes (a Latin word with an Arabic comma). Every run of a line
 * sits on ONE baseline, from the font's ascent and descent, not the ink of each word.
 */
import bidiModule from 'bidi-js';
import type { Box } from '../templates/types.ts';
import type { CaptionPage } from './build.ts';

// bidi-js is CommonJS: Node's default import is the factory itself, which its ESM-style typings call `default`.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

/**
 * Whether a text runs right to left by its own first strong letter (Unicode bidi paragraph level):
 * Latin product text in an Arabic video is LTR. Text with no letters (a price, a number) takes the
 * video language's direction, `languageRtl`.
 */
export function isRtlText(text: string, languageRtl: boolean): boolean {
  if (!/\p{L}/u.test(text)) return languageRtl;
  return (bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0) % 2 === 1;
}

export interface TextMeasure {
  /** Advance width of text at `size` px, shaped in the given direction. */
  width(text: string, size: number, rtl: boolean): number;
  /** The font's ascent and descent at `size` px (font metrics, the same for every word). */
  metrics(size: number): { ascent: number; descent: number };
}

export interface PlacedRun {
  /** Token index in its line. */
  token: number;
  text: string;
  /** Left edge and baseline. */
  x: number;
  y: number;
  width: number;
  rtl: boolean;
}

export interface PlacedLine {
  centerY: number;
  baseline: number;
  /** baseline − ascent and baseline + descent. */
  top: number;
  bottom: number;
  /** Runs in visual order, left to right. */
  runs: PlacedRun[];
}

export interface PlacedPage {
  size: number;
  lineHeight: number;
  lines: PlacedLine[];
}

/** Share of the line height the font size takes, and of the box width a line may fill. */
export const CAPTION_SIZE = 0.66;
export const CAPTION_FILL = 0.96;

const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A line's text in visual order as runs of one token and one direction (spaces: token −1).
 * Protected spans (tokens sharing a `group`: product name, brand, price) are inserted data and
 * are bidi-isolated (FSI…PDI, as HTML's <bdi>): their direction comes from their own first
 * strong character, so "US$" after a number stays "US$" in an Arabic line instead of "$US".
 */
export function visualRuns(tokens: readonly { text: string; spaceBefore: boolean; group?: number; outside?: [number, number] }[], rtl: boolean): { token: number; text: string; rtl: boolean }[] {
  let str = '';
  const owner: number[] = [];
  const put = (text: string, who: number) => {
    str += text;
    for (let u = 0; u < text.length; u++) owner.push(who);
  };
  tokens.forEach((t, k) => {
    if (k > 0 && t.spaceBefore) put(' ', -1);
    const open = t.group !== undefined && tokens[k - 1]?.group !== t.group;
    const close = t.group !== undefined && tokens[k + 1]?.group !== t.group;
    const lead = open ? Math.min(t.outside?.[0] ?? 0, t.text.length) : 0;
    const tail = close ? Math.max(lead, t.text.length - (t.outside?.[1] ?? 0)) : t.text.length;
    put(t.text.slice(0, lead), k);
    if (open) put(FSI, -2);
    put(t.text.slice(lead, tail), k);
    if (close) put(PDI, -2);
    put(t.text.slice(tail), k);
  });
  const levels = bidi.getEmbeddingLevels(str, rtl ? 'rtl' : 'ltr');
  const order = bidi.getReorderedIndices(str, levels);
  const runs: { token: number; level: number; lo: number; hi: number; last: number }[] = [];
  for (const i of order) {
    if (owner[i] === -2) continue;
    const cur = runs[runs.length - 1];
    const level = levels.levels[i]!;
    if (cur && cur.token === owner[i] && cur.level === level && Math.abs(i - cur.last) === 1) {
      cur.lo = Math.min(cur.lo, i);
      cur.hi = Math.max(cur.hi, i);
      cur.last = i;
    } else runs.push({ token: owner[i]!, level, lo: i, hi: i, last: i });
  }
  return runs.map((r) => ({ token: r.token, text: str.slice(r.lo, r.hi + 1), rtl: r.level % 2 === 1 }));
}

/** Places a page's lines centred in `box` (two line slots), scaling the font down if a line is too wide. */
export function placePage(page: CaptionPage, box: Box, opts: { rtl: boolean; measure: TextMeasure; transform?: (text: string) => string }): PlacedPage {
  const { measure } = opts;
  const tf = opts.transform ?? ((t: string) => t);
  const lineHeight = box.h / 2;
  const lines = page.lines.map((l) => visualRuns(l.tokens.map((t) => ({ ...t, text: tf(t.text) })), opts.rtl));
  const widthAt = (size: number) => (runs: (typeof lines)[number]) => runs.reduce((s, r) => s + measure.width(r.text, size, r.rtl), 0);
  let size = lineHeight * CAPTION_SIZE;
  const widest = Math.max(0, ...lines.map(widthAt(size)));
  if (widest > box.w * CAPTION_FILL) size *= (box.w * CAPTION_FILL) / widest;
  const { ascent, descent } = measure.metrics(size);
  const top = box.y + box.h / 2 - (lines.length * lineHeight) / 2;
  return {
    size,
    lineHeight,
    lines: lines.map((runs, li) => {
      const centerY = top + lineHeight * (li + 0.5);
      const baseline = centerY + (ascent - descent) / 2;
      const widths = runs.map((r) => measure.width(r.text, size, r.rtl));
      let x = box.x + (box.w - widths.reduce((s, w) => s + w, 0)) / 2;
      const placed: PlacedRun[] = [];
      runs.forEach((r, k) => {
        if (r.token >= 0) placed.push({ token: r.token, text: r.text, x, y: baseline, width: widths[k]!, rtl: r.rtl });
        x += widths[k]!;
      });
      return { centerY, baseline, top: baseline - ascent, bottom: baseline + descent, runs: placed };
    }),
  };
}
