/**
 * Fitting overlay text into its box (pure): the text wraps at word boundaries (words from
 * Intl.Segmenter for scripts written without spaces) into up to maxLines lines, shrinking from
 * the slot's size down to the minimum text size; if it still does not fit, a shorter candidate
 * is taken (a complete shorter claim from the writer). Text is never cut with an ellipsis.
 * Widths are estimated from character units (captions/lang.ts textUnits) with a generous em per
 * unit, so the renderer's measured lines fit; it shrinks (never below the minimum) if one does not.
 */
import { languageTag, textUnits } from '../captions/lang.ts';
import { tokenizeDisplay } from '../captions/tokens.ts';
import { mayBreak, syllableBreaks } from './hyphenate.ts';

/** Em per average character unit, bold UI fonts: lower case, and all capitals (wider). */
const EM_PER_UNIT = 0.6;
const EM_PER_UNIT_UPPER = 0.7;
/** What a cut text would end with: no overlay shows one its source does not have (the checks look for it). */
export const ELLIPSIS = '…';

export interface FittedText {
  lines: string[];
  fontPx: number;
  /** The candidate the lines come from, in full (the lines show all of it). */
  source: string;
}

export interface FitOptions {
  language: string;
  uppercase: boolean;
  width: number;
  fontPx: number;
  minFontPx: number;
  maxLines: number;
  /** Whether a word wider than a line may be broken with a hyphen (default true); else it does not fit. */
  breakWords?: boolean;
  /**
   * fitAnyway only: where a word fits no line at the minimum size (no dictionary break makes it
   * fit), the size it may go down to, so the text shows whole (the checks report its size).
   */
  floorPx?: number;
}

interface Word {
  text: string;
  /** Whether a space separates it from the word before. */
  space: boolean;
}

/**
 * Words of a text, the units a line may break between: the captions' own tokenizer (spaces, and
 * Intl.Segmenter words for scripts written without them, with the kinsoku rules: punctuation and
 * small kana stay on their word).
 */
export function words(text: string, language: string): Word[] {
  return remember(wordMemo, `${language}\u0000${text}`, () => tokenizeDisplay(text.replace(/\s+/g, ' ').trim(), languageTag(language)).flatMap((t) => compoundParts({ text: t.text, space: t.spaceBefore }))).map((w) => ({ ...w }));
}

/**
 * The layout step fits the same texts into the same widths again and again (each pose and
 * variant it tries rebuilds the timeline), so answers are kept: bounded maps, emptied when full,
 * holding values no caller sees (copies go out).
 */
const MEMO_SIZE = 20000;
const wordMemo = new Map<string, Word[]>();
const wholeMemo = new Map<string, FittedText | null>();
const anywayMemo = new Map<string, FittedText | null>();
function remember<T>(memo: Map<string, T>, key: string, make: () => T): T {
  if (memo.has(key)) return memo.get(key)!;
  if (memo.size >= MEMO_SIZE) memo.clear();
  const v = make();
  memo.set(key, v);
  return v;
}

/**
 * A hyphenated compound ("Cold-pressed", "Single-estate") may break after its own hyphen, a
 * break between words: its parts, the hyphen kept on the first, joined without a space. Parts
 * of fewer than 3 graphemes stay joined ("USB-C", "24-hour", "Wi-Fi").
 */
function compoundParts(w: Word): Word[] {
  const parts = w.text.split(/(?<=[\p{L}\p{N}][-\u2010\u2011])(?=\p{L})/u);
  if (parts.length < 2) return [w];
  const out: Word[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').length;
    if (last && (letters(last.text) < 3 || letters(p) < 3)) last.text += p;
    else out.push({ text: p, space: last ? false : w.space });
  }
  return out;
}

const join = (ws: readonly Word[]): string => ws.map((w, i) => (i > 0 && w.space ? ' ' : '') + w.text).join('');

export function estimateWidth(text: string, fontPx: number, uppercase: boolean): number {
  return textUnits(text) * fontPx * (uppercase ? EM_PER_UNIT_UPPER : EM_PER_UNIT);
}

/** A break inside a word too long for any line (long compounds): marked so, and not part of the text. */
export const SOFT_HYPHEN_MARK = '\u2010';
const graphemes = (s: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

/**
 * Words written in a script whose lines may break between any two characters (Chinese, Japanese,
 * Korean: UAX #14 class ID): such a word wider than a line may break at any grapheme. Every other
 * script breaks a word only at its dictionary's syllable breaks (issue 27: "Fra‐gra‐nce").
 */
const ANY_BREAK_WORD = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\u3005\p{P}]+$/u;

/**
 * A word wider than a line, broken into pieces that fit, each but the last ending in a hyphen.
 * Each piece ends at the latest syllable break from the language's hyphenation patterns
 * (timeline/hyphenate.ts) that fits. Never at arbitrary letters: null when the language has no
 * patterns, when some piece between two dictionary breaks is still wider than the line, or for a
 * word too short to break (hyphenate.ts mayBreak) — then the text gets smaller or goes to a wider
 * spot. Only a word of a script that breaks between any characters (CJK) breaks between graphemes.
 */
function breakWord(w: Word, width: number, fontPx: number, uppercase: boolean, language: string): Word[] | null {
  // A short word, or one of one or two syllables, is never broken: the text gets smaller or the box wider instead.
  if (!mayBreak(w.text, language)) return null;
  const g = graphemes(w.text);
  const anywhere = ANY_BREAK_WORD.test(w.text);
  const syllables = anywhere ? g.map((_, i) => i).filter((i) => i >= 1) : (syllableBreaks(w.text, language) ?? []);
  const fits = (start: number, end: number) => estimateWidth(g.slice(start, end).join('') + (end < g.length ? SOFT_HYPHEN_MARK : ''), fontPx, uppercase) <= width;
  const out: Word[] = [];
  let start = 0;
  while (start < g.length) {
    let end = g.length;
    if (!fits(start, end)) {
      end = syllables.filter((b) => b > start && fits(start, b)).pop() ?? 0;
      if (!end) return null;
    }
    out.push({ text: g.slice(start, end).join('') + (end < g.length ? SOFT_HYPHEN_MARK : ''), space: start === 0 ? w.space : false });
    start = end;
  }
  return out;
}

/** Greedy wrap of words into lines no wider than `width`; null when a word cannot be made to fit. */
function wrap(input: readonly Word[], width: number, fontPx: number, uppercase: boolean, language: string, breakWords = true): Word[][] | null {
  const ws: Word[] = [];
  for (const w of input) {
    if (estimateWidth(w.text, fontPx, uppercase) <= width) ws.push(w);
    else if (!breakWords) return null;
    else {
      const parts = breakWord(w, width, fontPx, uppercase, language);
      if (!parts) return null;
      ws.push(...parts.map((p, i) => (i > 0 ? { ...p, forceBreak: true } : p)));
    }
  }
  const lines: Word[][] = [];
  let cur: Word[] = [];
  for (const w of ws) {
    if ((w as Word & { forceBreak?: boolean }).forceBreak && cur.length) {
      lines.push(cur);
      cur = [{ text: w.text, space: false }];
      continue;
    }
    const next = [...cur, w];
    if (estimateWidth(join(next), fontPx, uppercase) <= width) cur = next;
    else {
      if (!cur.length) return null;
      lines.push(cur);
      cur = [{ ...w, space: false }];
      if (estimateWidth(w.text, fontPx, uppercase) > width) return null;
    }
  }
  if (cur.length) lines.push(cur);
  return lines;
}

/** Sizes from the slot's size down to the minimum, in ~8% steps. */
export function sizes(from: number, min: number): number[] {
  const out: number[] = [];
  for (let s = from; s > min; s *= 0.92) out.push(s);
  out.push(min);
  return out;
}

function fitWhole(text: string, o: FitOptions): FittedText | null {
  const key = [text, o.language, o.uppercase, o.width, o.fontPx, o.minFontPx, o.maxLines, o.breakWords !== false].join('\u0000');
  const f = remember(wholeMemo, key, () => fitWholeOnce(text, o));
  return f && { ...f, lines: [...f.lines] };
}

function fitWholeOnce(text: string, o: FitOptions): FittedText | null {
  const ws = words(text, o.language);
  if (!ws.length) return null;
  for (const size of sizes(Math.max(o.fontPx, o.minFontPx), o.minFontPx)) {
    const lines = wrap(ws, o.width, size, o.uppercase, o.language, o.breakWords);
    if (lines && lines.length <= o.maxLines) return { lines: lines.map(join), fontPx: size, source: text };
  }
  return null;
}

const clean = (candidates: readonly string[]) => candidates.map((c) => c.replace(/\s+/g, ' ').trim()).filter(Boolean);

/**
 * The first candidate that fits whole (wrapped into up to maxLines lines, from the slot's size
 * down to the minimum); null when none does. Nothing is ever cut: a text that fits nowhere is
 * placed by fitAnyway, a shorter text only comes from the writer (a complete shorter claim).
 */
export function fitText(candidates: readonly string[], o: FitOptions): FittedText | null {
  for (const t of clean(candidates)) {
    const f = fitWhole(t, o);
    if (f) return f;
  }
  return null;
}

/**
 * The last resort, so no text silently vanishes and none is cut: the candidate that needs the
 * fewest lines at the minimum size (words broken with a hyphen only where one is wider than a line,
 * at dictionary breaks, and only when breakWords is not false), in as many lines as it takes; with
 * `floorPx`, smaller where a word fits no line at the minimum size. null for no text at all, or a
 * word wider than the box (at the floor) that may not be broken or has no breaks that fit.
 */
export function fitAnyway(candidates: readonly string[], o: FitOptions): FittedText | null {
  const key = [candidates.length, ...candidates, o.language, o.uppercase, o.width, o.minFontPx, o.breakWords !== false, o.floorPx ?? 0].join('\u0000');
  const f = remember(anywayMemo, key, () => fitAnywayOnce(candidates, o));
  return f && { ...f, lines: [...f.lines] };
}

function fitAnywayOnce(candidates: readonly string[], o: FitOptions): FittedText | null {
  // At the minimum size; a word no line holds whole or at its dictionary breaks: smaller, down to the floor.
  for (const size of o.floorPx && o.floorPx < o.minFontPx ? sizes(o.minFontPx, o.floorPx) : [o.minFontPx]) {
    let best: FittedText | null = null;
    for (const t of clean(candidates)) {
      const ws = words(t, o.language);
      const lines = wrap(ws, o.width, size, o.uppercase, o.language, false) ?? (o.breakWords === false ? null : wrap(ws, o.width, size, o.uppercase, o.language, true));
      if (lines && (!best || lines.length < best.lines.length)) best = { lines: lines.map(join), fontPx: size, source: t };
    }
    if (best) return best;
  }
  return null;
}

/**
 * Whether `lines` show `source` whole (the nothing-cut rule: docs/rendering.md "Nothing cut").
 * Spaces, case and the hyphen of a word broken across lines are not compared (lines may be
 * upper-cased by the renderer later).
 */
export function shownWhole(lines: readonly string[], source: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, '').toLocaleLowerCase();
  return norm(lines.map((l) => (l.endsWith(SOFT_HYPHEN_MARK) ? l.slice(0, -1) : l)).join('')) === norm(source);
}
