/**
 * Caption pages (pure): the script's display text, timed over the speech engine's word timings.
 * A page is one or two lines shown together; the spoken word is highlighted. Tokens are the
 * words of what the script SHOWS (tokens.ts: "USB-C", "US$49.90", kanji words), aligned with
 * what the engine SAID (align.ts). Lines break where each language allows (never inside a word,
 * kinsoku for CJK), never exceed the width budget of the aspect ratio, prefer phrase ends, and
 * keep protected spans (product name, brand, price) on one line when they fit and on one page.
 */
import type { WordTiming } from '../types.ts';
import type { AspectRatio } from '../templates/types.ts';
import { alignTokens } from './align.ts';
import { isNoSpaceChar, isRtl, languageTag, textUnits } from './lang.ts';
import { NO_LINE_END, NO_LINE_START, tokenizeDisplay } from './tokens.ts';

export interface CaptionToken {
  text: string;
  startMs: number;
  endMs: number;
  /** Index of the speech word this token is timed from (-1: none, the sentence's span). */
  word: number;
  /** Whether whitespace separates this token from the previous one in the sentence (ignored at a line start). */
  spaceBefore: boolean;
  /** Protected span (product name, brand, price) this token belongs to, per sentence. */
  group?: number;
  /** Characters at the start and end of the token outside its protected span. */
  outside?: [number, number];
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
  maxLines: number;
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
  /**
   * The script's sentences: captions show `text` (what is shown), timed over the engine words of
   * that sentence (which read `spoken ?? text`). Without them the engine words are shown.
   */
  sentences?: readonly { text: string; spoken?: string }[];
  /** When each sentence is spoken, for a sentence the engine reported no word for. */
  sentenceSpans?: readonly { startMs: number; endMs: number }[];
  /** Where the video ends: the last page holds PAGE_HOLD_MS after its last word, but not past this. */
  mediaEndMs?: number;
  /** Strings that must not be split across pages, nor across lines when they fit one (name, brand, price). */
  protectedSpans?: readonly (string | null | undefined)[];
}

export function buildCaptions(words: readonly WordTiming[], opts: CaptionOptions): Captions {
  const maxUnits = opts.maxUnits ?? MAX_LINE_UNITS[opts.aspectRatio ?? 0];
  const maxLines = opts.maxLines ?? MAX_LINES;
  const locale = languageTag(opts.language);
  const spans = (opts.protectedSpans ?? []).filter((s): s is string => typeof s === 'string');
  const sentences = opts.sentences ?? sentencesFromWords(words);
  const pages: CaptionPage[] = [];
  sentences.forEach((sentence, s) => {
    const display = tokenizeDisplay(sentence.text, locale, spans);
    if (display.length === 0) return;
    const spoken = words.flatMap((w, index) => (w.sentence === s ? [{ ...w, index }] : []));
    const times = alignTokens(display.map((t) => t.text), spoken, opts.sentenceSpans?.[s]);
    const tokens: CaptionToken[] = display.map(({ from: _f, to: _t, ...d }, k) => ({ ...d, ...times[k]! }));
    const lines = breakLines(tokens, maxUnits);
    for (const group of pageLines(lines, maxLines)) {
      const first = group[0]!.tokens[0]!;
      const lastLine = group[group.length - 1]!;
      const last = lastLine.tokens[lastLine.tokens.length - 1]!;
      pages.push({ startMs: first.startMs, endMs: last.endMs, sentence: s, lines: group });
    }
  });
  for (let p = 0; p < pages.length; p++) {
    const page = pages[p]!;
    const next = pages[p + 1];
    const hold = page.endMs + PAGE_HOLD_MS;
    page.endMs = next ? Math.max(page.endMs, Math.min(hold, next.startMs)) : opts.mediaEndMs !== undefined ? Math.max(page.endMs, Math.min(hold, opts.mediaEndMs)) : hold;
  }
  return { language: opts.language, rtl: isRtl(opts.language), maxUnits, maxLines, pages };
}

/** Sentences made of the engine words themselves, when the caller has no script text. */
function sentencesFromWords(words: readonly WordTiming[]): { text: string }[] {
  const out: { text: string }[] = [];
  for (const w of words) {
    const text = w.text.trim();
    if (!text) continue;
    const cur = (out[w.sentence] ??= { text: '' });
    const joinTight = isNoSpaceChar([...cur.text].pop() ?? '') && isNoSpaceChar([...text][0] ?? '');
    cur.text += (cur.text && !joinTight ? ' ' : '') + text;
  }
  for (let i = 0; i < out.length; i++) out[i] ??= { text: '' };
  return out;
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

function lineText(tokens: readonly CaptionToken[]): string {
  return tokens.map((t, i) => (i > 0 && t.spaceBefore ? ' ' : '') + t.text).join('');
}

/**
 * Where a line may end before token j: not before a small kana or closing mark, not after an
 * opening bracket, and not inside a protected span that fits on one line.
 */
function breakable(tokens: readonly CaptionToken[], j: number, maxUnits: number): boolean {
  if (j <= 0 || j >= tokens.length) return true;
  const a = tokens[j - 1]!;
  const b = tokens[j]!;
  if (NO_LINE_START.test(b.text) || NO_LINE_END.test(a.text)) return false;
  if (a.group === undefined || a.group !== b.group) return true;
  return textUnits(groupText(tokens, a.group)) > maxUnits;
}

/** The text of a protected span: its tokens, without what they carry beyond it ("Lamp。" → "Lamp"). */
function groupText(tokens: readonly CaptionToken[], group: number): string {
  const span = tokens.filter((t) => t.group === group);
  const text = lineText(span);
  return text.slice(span[0]?.outside?.[0] ?? 0, text.length - (span.at(-1)?.outside?.[1] ?? 0));
}

/**
 * Balanced line breaking (a small Knuth–Plass) over the allowed breaks: the fewest lines that
 * fit, then the most even lengths, preferring to end a line at phrase punctuation and avoiding a
 * lone word on a line. A run with no allowed break wider than a line gets a line of its own
 * (the caption layer scales that line down).
 */
function breakLines(tokens: readonly CaptionToken[], maxUnits: number): CaptionLine[] {
  const n = tokens.length;
  const ok = Array.from({ length: n + 1 }, (_, j) => breakable(tokens, j, maxUnits));
  const widthOf = (i: number, j: number) => textUnits(lineText(tokens.slice(i, j)));
  const linePenalty = maxUnits * maxUnits;
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(0);
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    if (!ok[j]) continue;
    let inner = false; // an allowed break lies strictly inside [i, j)
    for (let i = j - 1; i >= 0; i--) {
      if (!ok[i]) continue;
      const w = widthOf(i, j);
      if (w > maxUnits && inner) break;
      const slack = Math.max(0, maxUnits - w);
      let cost = linePenalty + slack * slack;
      if (j < n && PHRASE_END.test(tokens[j - 1]!.text)) cost -= (maxUnits * 0.45) ** 2;
      if (!inner && n > 1) cost += (maxUnits * 0.4) ** 2;
      // A break inside a protected span too long for a line costs three lines (more than a lone word's line and its slack): the span starts a line where it can, so it can start a page.
      if (j < n && tokens[j - 1]!.group !== undefined && tokens[j - 1]!.group === tokens[j]!.group) cost += 3 * linePenalty;
      if (best[i]! + cost < best[j]!) {
        best[j] = best[i]! + cost;
        from[j] = i;
      }
      inner = true;
    }
  }
  const cuts: number[] = [];
  for (let j = n; j > 0; j = from[j]!) cuts.unshift(from[j]!);
  cuts.push(n);
  const lines: CaptionLine[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const toks = tokens.slice(cuts[k], cuts[k + 1]);
    lines.push({ tokens: toks, text: lineText(toks) });
  }
  return lines;
}

/** Lines into pages of at most maxLines, not turning the page inside a protected span where avoidable. */
function pageLines(lines: readonly CaptionLine[], maxLines: number): CaptionLine[][] {
  const pages: CaptionLine[][] = [];
  let i = 0;
  while (i < lines.length) {
    let take = Math.min(maxLines, lines.length - i);
    const splits = (k: number) => {
      const a = lines[i + k - 1]!.tokens.at(-1)!;
      const b = lines[i + k]?.tokens[0];
      return b !== undefined && a.group !== undefined && a.group === b.group;
    };
    for (let k = take; k >= 1; k--)
      if (!splits(k)) {
        take = k;
        break;
      }
    pages.push(lines.slice(i, i + take));
    i += take;
  }
  return pages;
}
