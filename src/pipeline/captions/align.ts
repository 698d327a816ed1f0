/**
 * Times for the display tokens of one sentence from the words the engine reported for it (pure).
 * What is shown and what is said can differ ("USB-C" said as "USB" "C", "US$49.90" said as words,
 * Japanese kanji read in kana), so tokens are aligned, not zipped: tokens equal to an engine word
 * (letters and digits compared, case folded) are anchors in order (longest common subsequence)
 * and keep that word's exact times; the tokens between two anchors share the time of the engine
 * words between them by their share of the characters.
 */
import { textUnits } from './lang.ts';

export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
  /** Index in the speech's word list. */
  index: number;
}

export interface TokenTime {
  startMs: number;
  endMs: number;
  /** Index of the speech word this token is (part of). */
  word: number;
}

const norm = (s: string) => s.normalize('NFKC').toLocaleLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');

/** Pairs (token, word) of the longest common subsequence of equal, non-empty normalised texts. */
function anchors(a: readonly string[], b: readonly string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const dp = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      dp[i]![j] = a[i] !== '' && a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const out: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[i] !== '' && a[i] === b[j]) out.push([i++, j++]);
    else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

/**
 * `fallback` is the sentence's time when the engine reported no word for it (nothing to align
 * with): its tokens share that span.
 */
export function alignTokens(tokens: readonly string[], words: readonly TimedWord[], fallback?: { startMs: number; endMs: number }): TokenTime[] {
  const out: TokenTime[] = new Array(tokens.length);
  if (!words.some((w) => w.endMs > w.startMs)) {
    const at = fallback?.startMs ?? words[0]?.startMs ?? 0;
    share(tokens, 0, tokens.length, at, Math.max(at, fallback?.endMs ?? at), () => words[0]?.index ?? -1, out);
    return out;
  }
  // A word the engine did not sound (a kanji word the voice skipped) cannot time anything.
  const pairs = anchors(tokens.map(norm), words.map((w) => (w.endMs > w.startMs ? norm(w.text) : '')));
  // Sentinels: before the first and after the last token/word.
  const cuts: [number, number][] = [[-1, -1], ...pairs, [tokens.length, words.length]];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const [ti, wi] = cuts[k]!;
    const [tj, wj] = cuts[k + 1]!;
    if (ti >= 0) out[ti] = { startMs: words[wi]!.startMs, endMs: words[wi]!.endMs, word: words[wi]!.index };
    if (tj - ti <= 1) continue;
    const between = words.slice(wi + 1, wj);
    let from: number;
    let to: number;
    if (between.length > 0 && between[between.length - 1]!.endMs > between[0]!.startMs) [from, to] = [between[0]!.startMs, between[between.length - 1]!.endMs];
    else {
      // Shown but not said (an emoji, a symbol): the pause between the neighbouring words.
      const before = ti >= 0 ? words[wi]!.endMs : null;
      const after = wj < words.length ? words[wj]!.startMs : null;
      from = before ?? after ?? words[0]!.startMs;
      to = after ?? before ?? from;
    }
    const pool = between.length > 0 ? between : [words[Math.min(Math.max(wi, 0), words.length - 1)]!];
    const wordAt = (ms: number) => (pool.filter((w) => w.startMs <= ms).pop() ?? pool[0]!).index;
    share(tokens, ti + 1, tj, from, Math.max(from, to), wordAt, out);
  }
  return out;
}

/** Gives tokens [i, j) consecutive slices of [from, to] by their share of the characters. */
function share(tokens: readonly string[], i: number, j: number, from: number, to: number, wordAt: (ms: number) => number, out: TokenTime[]): void {
  const weights = tokens.slice(i, j).map((t) => Math.max(textUnits(t), 0.5));
  const total = weights.reduce((s, w) => s + w, 0);
  let t = from;
  let acc = 0;
  for (let k = i; k < j; k++) {
    acc += weights[k - i]!;
    const end = k === j - 1 ? to : Math.round(from + ((to - from) * acc) / total);
    out[k] = { startMs: t, endMs: end, word: wordAt(t) };
    t = end;
  }
}
