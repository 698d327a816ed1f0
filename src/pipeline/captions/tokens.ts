/**
 * Caption words from a sentence's DISPLAY text (pure): what the script shows, exactly, cut into
 * the units a line may break between and the highlight lights. Spaced scripts are cut at
 * whitespace ("USB-C", "US$49.90" stay whole); scripts written without spaces (Japanese, Chinese,
 * Thai) are cut with Intl.Segmenter's dictionary words, never inside one. Punctuation rides on
 * the word it belongs to (closing marks and small kana on the word before, opening brackets on
 * the word after), so a line can neither start nor end with them (kinsoku). Protected spans
 * (product name, brand, price) are marked so the line and page breaker keep them together.
 */
import { isNoSpaceChar } from './lang.ts';

export interface DisplayToken {
  text: string;
  /** [from, to) in UTF-16 units of the sentence text. */
  from: number;
  to: number;
  /** Whether whitespace separates this token from the previous one. */
  spaceBefore: boolean;
  /** Index of the protected span occurrence this token is part of. */
  group?: number;
  /** Characters at the start and end of the token outside its protected span ("." of "US$49.90."). */
  outside?: [number, number];
}

/**
 * Small kana, the prolonged sound mark and closing punctuation (CJK, Latin, and the Arabic,
 * Devanagari and Ethiopic stops and commas): never at the start of a line.
 */
export const NO_LINE_START = /^[ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー、。，．）」』】〕〉》！？：；!?,.;:)\]}…%’”»،؛؟।॥።፣]/u;
/** Opening brackets and quotes: never at the end of a line. */
export const NO_LINE_END = /[（「『【〔〈《([{“‘«¿¡]$/u;
const OPENING = /^[（「『【〔〈《([{“‘«¿¡]/u;

/**
 * Japanese particles and auxiliaries (joshi, jodōshi) as Intl.Segmenter cuts them off: they ride
 * on the word before, so a caption unit is a phrase (bunsetsu: 「光で」「助けます」「価格は」), a
 * line never starts with one and the highlight never lights one alone. Only whole segments in
 * this list are joined; other hiragana words (やさしい, たった) stay words of their own.
 */
export const JA_TRAILING = new Set([
  'は', 'が', 'を', 'に', 'へ', 'で', 'と', 'も', 'の', 'や', 'か', 'ね', 'よ', 'な', 'ば', 'て', 'た', 'だ', 'し',
  'から', 'まで', 'より', 'など', 'だけ', 'しか', 'こそ', 'さえ', 'でも', 'では', 'には', 'とは', 'への', 'での', 'にも', 'とも', 'って',
  'ます', 'です', 'ました', 'でした', 'ません', 'ましょう', 'でしょう', 'ない', 'たい', 'れる', 'られる', 'せる', 'させる',
  'ている', 'ています', 'てる', 'ちゃう', 'よう', 'そう', 'らしい',
]);

function lastChar(s: string): string {
  return [...s].pop() ?? '';
}

/** Directional marks Intl puts in formatted numbers (RLM, LRM, ALM, isolates, embeddings). */
export const BIDI_MARKS = /[\u200e\u200f\u061c\u2066-\u2069\u202a-\u202e]/gu;

/**
 * Occurrences of the protected spans in text (case-insensitive, longest first, not overlapping).
 * A formatted price ("\u200f49.90\u00a0US$") matches however the script spaced it: directional
 * marks are ignored and any whitespace (no-break spaces too) matches any whitespace.
 */
export function protectedOccurrences(text: string, spans: readonly string[]): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  const cores = spans.map((s) => s.replace(BIDI_MARKS, '').trim()).filter((s) => s.length > 0);
  const wanted = [...new Set(cores)].sort((a, b) => b.length - a.length);
  for (const span of wanted) {
    const pattern = span.split(/\s+/u).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\u200e\\u200f\\u061c]+');
    const re = new RegExp(pattern, 'giu');
    for (const m of text.matchAll(re)) {
      const from = m.index!;
      const to = from + m[0].length;
      if (found.some((o) => from < o.to && to > o.from)) continue;
      found.push({ from, to });
    }
  }
  return found.sort((a, b) => a.from - b.from);
}

/**
 * Whether a Japanese segment rides on the word before: a particle or auxiliary (JA_TRAILING), or
 * one or two hiragana right after kanji (okurigana the segmenter cut off: 明|る|く → 明るく,
 * 快適|にし → 快適にし); never after a comma, a sentence's end or a closing bracket.
 */
function joinsJapanese(prev: string, segment: string): boolean {
  // Not after closing brackets either: a quoted name is often as wide as a line already.
  if (/[、。，．！？!?）」』】〕〉》)\]]$/u.test(prev)) return false;
  return JA_TRAILING.has(segment) || (/^\p{Script=Hiragana}{1,2}$/u.test(segment) && /\p{Script=Han}\p{Script=Hiragana}{0,2}$/u.test(prev));
}

/** Cuts one whitespace-free chunk written (partly) without spaces into dictionary words. */
function segmentChunk(chunk: string, at: number, segmenter: Intl.Segmenter, japanese: boolean): { text: string; from: number }[] {
  const out: { text: string; from: number }[] = [];
  for (const s of segmenter.segment(chunk)) {
    const prev = out[out.length - 1];
    const first = [...s.segment][0] ?? '';
    const attach =
      prev !== undefined &&
      (NO_LINE_END.test(prev.text) || // an opening bracket joins the word it opens
        NO_LINE_START.test(s.segment) || // small kana and closing marks stay with the word before
        (japanese && joinsJapanese(prev.text, s.segment)) || // particles, auxiliaries and okurigana too
        (!s.isWordLike && !OPENING.test(s.segment)) || // other punctuation and symbols too
        (!isNoSpaceChar(lastChar(prev.text)) && !isNoSpaceChar(first))); // a Latin/number run is one word
    if (attach) prev.text += s.segment;
    else out.push({ text: s.segment, from: at + s.index });
  }
  return out;
}

export function tokenizeDisplay(text: string, locale: string, protectedSpans: readonly string[] = []): DisplayToken[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  const japanese = /^ja\b/i.test(locale);
  const tokens: DisplayToken[] = [];
  for (const m of text.matchAll(/\S+/gu)) {
    const chunk = m[0];
    const pieces = [...chunk].some(isNoSpaceChar) ? segmentChunk(chunk, m.index!, segmenter, japanese) : [{ text: chunk, from: m.index! }];
    pieces.forEach((p, k) => tokens.push({ text: p.text, from: p.from, to: p.from + p.text.length, spaceBefore: k === 0 && tokens.length > 0 }));
  }
  protectedOccurrences(text, protectedSpans).forEach((o, g) => {
    for (const t of tokens) {
      if (t.from >= o.to || t.to <= o.from || t.group !== undefined) continue;
      t.group = g;
      const outside: [number, number] = [Math.max(0, o.from - t.from), Math.max(0, t.to - o.to)];
      if (outside[0] || outside[1]) t.outside = outside;
    }
  });
  return tokens;
}
