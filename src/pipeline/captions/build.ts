/**
 * Caption pages from the speech engine's word timings (pure). A page is one or two lines shown
 * together; the spoken word is highlighted. Lines break at sentence and phrase boundaries where
 * they can, never exceed the width budget of the aspect ratio, and words of scripts written
 * without spaces (CJK, Thai) that are too long for a line are split with Intl.Segmenter, their
 * time shared out by width. Every token keeps the exact times of its word.
 */
import type { WordTiming } from '../types.ts';
import type { AspectRatio } from '../templates/types.ts';
import { isNoSpaceChar, isRtl, languageTag, textUnits } from './lang.ts';

export interface CaptionToken {
  text: string;
  startMs: number;
  endMs: number;
  /** Index of the speech word this token is (part of). */
  word: number;
  /** Whether a space separates this token from the previous one on its line. */
  spaceBefore: boolean;
}

export interface CaptionLine {
  tokens: CaptionToken[];
  text: string;
}

export interface CaptionPage {
  startMs: number;
  endMs: number;
  sentence: number;
  lines: CaptionLine[];
}

export interface Captions {
  language: string;
  rtl: boolean;
  maxUnits: number;
  pages: CaptionPage[];
}

/** Line width budget in average Latin characters, by aspect ratio (9:16 narrow, 16:9 wide). */
export const MAX_LINE_UNITS: Record<AspectRatio, number> = { 0: 22, 1: 38, 2: 28 };
export const MAX_LINES = 2;
/** How long a page stays after its last word when the next page does not follow at once. */
export const PAGE_HOLD_MS = 600;

const PHRASE_END = /[,;:!?.…，、；：！？。—–]$/u;

export interface CaptionOptions {
  language: string;
  aspectRatio?: AspectRatio;
  maxUnits?: number;
  maxLines?: number;
}

export function buildCaptions(words: readonly WordTiming[], opts: CaptionOptions): Captions {
  const maxUnits = opts.maxUnits ?? MAX_LINE_UNITS[opts.aspectRatio ?? 0];
  const maxLines = opts.maxLines ?? MAX_LINES;
  const tokens = tokenize(words, maxUnits, languageTag(opts.language));
  const pages: CaptionPage[] = [];
  let i = 0;
  while (i < tokens.length) {
    const sentence = words[tokens[i]!.word]!.sentence;
    let j = i;
    while (j < tokens.length && words[tokens[j]!.word]!.sentence === sentence) j++;
    const lines = breakLines(tokens.slice(i, j), maxUnits);
    for (let k = 0; k < lines.length; k += maxLines) {
      const group = lines.slice(k, k + maxLines);
      const first = group[0]!.tokens[0]!;
      const lastLine = group[group.length - 1]!;
      const last = lastLine.tokens[lastLine.tokens.length - 1]!;
      pages.push({ startMs: first.startMs, endMs: last.endMs, sentence, lines: group });
    }
    i = j;
  }
  for (let p = 0; p < pages.length; p++) {
    const page = pages[p]!;
    const next = pages[p + 1];
    const hold = page.endMs + PAGE_HOLD_MS;
    page.endMs = next ? Math.max(page.endMs, Math.min(hold, next.startMs)) : hold;
  }
  return { language: opts.language, rtl: isRtl(opts.language), maxUnits, pages };
}

/** The token spoken at tMs on a page: the last one started (it stays lit through short gaps). */
export function activeToken(page: CaptionPage, tMs: number): { line: number; token: number } | null {
  let found: { line: number; token: number } | null = null;
  page.lines.forEach((line, li) =>
    line.tokens.forEach((tok, ti) => {
      if (tok.startMs <= tMs) found = { line: li, token: ti };
    }),
  );
  return found;
}

/** The page on screen at tMs, by binary search over start times. */
export function pageAt(captions: Captions, tMs: number): CaptionPage | null {
  const pages = captions.pages;
  let lo = 0;
  let hi = pages.length - 1;
  let idx = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (pages[mid]!.startMs <= tMs) {
      idx = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (idx < 0) return null;
  const page = pages[idx]!;
  return tMs < page.endMs ? page : null;
}

function tokenize(words: readonly WordTiming[], maxUnits: number, tag: string): CaptionToken[] {
  const out: CaptionToken[] = [];
  let prevChar = '';
  words.forEach((w, index) => {
    const text = w.text.trim();
    if (!text) return;
    const pieces = textUnits(text) > maxUnits ? splitLong(text, maxUnits, tag) : [text];
    const total = pieces.reduce((s, p) => s + Math.max(textUnits(p), 0.5), 0);
    let t = w.startMs;
    pieces.forEach((piece, k) => {
      const share = Math.max(textUnits(piece), 0.5) / total;
      const end = k === pieces.length - 1 ? w.endMs : Math.round(t + (w.endMs - w.startMs) * share);
      const firstChar = [...piece][0] ?? '';
      const spaceBefore = k === 0 && out.length > 0 && !(isNoSpaceChar(prevChar) && isNoSpaceChar(firstChar));
      out.push({ text: piece, startMs: t, endMs: end, word: index, spaceBefore });
      t = end;
      prevChar = [...piece].pop() ?? '';
    });
  });
  return out;
}

/** Splits a word wider than a line at word-segment boundaries, then at graphemes. */
function splitLong(text: string, maxUnits: number, tag: string): string[] {
  const segs = [...new Intl.Segmenter(tag, { granularity: 'word' }).segment(text)].map((s) => s.segment);
  const graphemes = (s: string) => [...new Intl.Segmenter(tag, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);
  const units = segs.flatMap((s) => (textUnits(s) > maxUnits ? graphemes(s) : [s]));
  const out: string[] = [];
  let cur = '';
  for (const u of units) {
    if (cur && textUnits(cur + u) > maxUnits) {
      out.push(cur);
      cur = '';
    }
    cur += u;
  }
  if (cur) out.push(cur);
  return out;
}

function lineText(tokens: readonly CaptionToken[]): string {
  return tokens.map((t, i) => (i > 0 && t.spaceBefore ? ' ' : '') + t.text).join('');
}

/**
 * Balanced line breaking (a small Knuth–Plass): the fewest lines that fit, then the most even
 * lengths, preferring to end a line at phrase punctuation and avoiding a lone word on a line.
 */
function breakLines(tokens: readonly CaptionToken[], maxUnits: number): CaptionLine[] {
  const n = tokens.length;
  const widthOf = (i: number, j: number) => textUnits(lineText(tokens.slice(i, j).map((t, k) => (k === 0 ? { ...t, spaceBefore: false } : t))));
  const linePenalty = maxUnits * maxUnits;
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(0);
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    for (let i = j - 1; i >= 0; i--) {
      const w = widthOf(i, j);
      if (w > maxUnits && j - i > 1) break;
      const slack = Math.max(0, maxUnits - w);
      let cost = linePenalty + slack * slack;
      if (j < n && PHRASE_END.test(tokens[j - 1]!.text)) cost -= (maxUnits * 0.45) ** 2;
      if (j - i === 1 && n > 1) cost += (maxUnits * 0.4) ** 2;
      if (best[i]! + cost < best[j]!) {
        best[j] = best[i]! + cost;
        from[j] = i;
      }
    }
  }
  const cuts: number[] = [];
  for (let j = n; j > 0; j = from[j]!) cuts.unshift(from[j]!);
  cuts.push(n);
  const lines: CaptionLine[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const toks = tokens.slice(cuts[k], cuts[k + 1]).map((t, i) => (i === 0 ? { ...t, spaceBefore: false } : t));
    lines.push({ tokens: toks, text: lineText(toks) });
  }
  return lines;
}
