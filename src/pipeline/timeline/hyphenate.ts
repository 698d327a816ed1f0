/**
 * Where a word may be broken across lines, by dictionary: Liang's hyphenation patterns (the TeX
 * pattern sets, npm `hyphen`) for every catalog language they exist for. A language without
 * patterns answers null (the fitter keeps its own rule). Points are grapheme indices, so a break
 * never falls inside a grapheme cluster (a Devanagari conjunct, a letter with its marks).
 * Patterns load on first use of a language (a few hundred ms for the first; each set once per
 * process) and only when some word is wider than its line.
 */
import { createRequire } from 'node:module';
import { languageTag } from '../captions/lang.ts';

/** Catalog language tag (captions/lang.ts) → the `hyphen` pattern module. */
const MODULES: Record<string, string> = {
  en: 'en-us', de: 'de-1996', fr: 'fr', es: 'es', it: 'it', pt: 'pt', nl: 'nl', 'nl-BE': 'nl', da: 'da', sv: 'sv',
  nb: 'nb', fi: 'fi', pl: 'pl', cs: 'cs', sk: 'sk', sl: 'sl', hr: 'hr', ro: 'ro', hu: 'hu', lt: 'lt', lv: 'lv',
  tr: 'tr', el: 'el-monoton', ru: 'ru', uk: 'uk', bg: 'bg', mn: 'mn-cyrl', id: 'id',
  // Malay is written and syllabified as Indonesian; TeX has no Malay set of its own.
  ms: 'id',
  hi: 'hi', bn: 'bn', as: 'as', or: 'or', ml: 'ml', ta: 'ta', te: 'te', kn: 'kn', th: 'th', am: 'mul-ethi',
};
/**
 * Catalog languages written in Latin script (with patterns or, for the last five, without). A Latin
 * word (a brand, a model name) in a language written in another script takes English's patterns.
 */
const LATIN = new Set(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'nl-BE', 'da', 'sv', 'nb', 'fi', 'pl', 'cs', 'sk', 'sl', 'hr', 'ro', 'hu', 'lt', 'lv', 'tr', 'id', 'ms', 'sr', 'vi', 'fil', 'tl', 'zu', 'sw']);
const LATIN_WORD = /^[\p{Script=Latin}\p{P}\p{N}]+$/u;
/** Serbian is written in Cyrillic or Latin: the pattern set follows the word's script. */
const SERBIAN = { cyrl: 'sr-cyrl', latn: 'sh-latn' };

/**
 * A second pattern set for a language's words its first set has no break for: English's US set
 * (TeX's, sparing) leaves "hyaluronic" whole; the British set breaks it "hyalur‐onic". Only where
 * the first set has none, so a word breaks as it did wherever it could.
 */
const FALLBACK: Record<string, string> = { 'en-us': 'en-gb' };

/** Fewest graphemes before the first and after the last break of a word (TeX's defaults, 2 and 3). */
const LEFT_MIN = 2;
const RIGHT_MIN = 3;
/** Marks the library's breaks; a private-use character no product text carries. */
const MARK = '\uE000';

type HyphenateSync = (text: string, options?: { hyphenChar?: string; minWordLength?: number }) => string;
const require = createRequire(import.meta.url);
const loaded = new Map<string, HyphenateSync>();

function hyphenator(module: string): HyphenateSync {
  let h = loaded.get(module);
  if (!h) {
    h = (require(`hyphen/${module}`) as { hyphenateSync: HyphenateSync }).hyphenateSync;
    loaded.set(module, h);
  }
  return h;
}

/** The pattern module for a word in a language; null when the language has none. */
export function patternModule(language: string, word = ''): string | null {
  const tag = languageTag(language);
  if (tag === 'sr') return /\p{Script=Cyrillic}/u.test(word) ? SERBIAN.cyrl : SERBIAN.latn;
  if (!LATIN.has(tag) && /\p{Script=Latin}/u.test(word) && LATIN_WORD.test(word)) return MODULES.en!;
  return MODULES[tag] ?? null;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The grapheme indices inside `word` where it may break by its language's patterns (a break at
 * i puts graphemes [0, i) on one line), at least 2 graphemes from its start and 3 from its end;
 * null when the language has no patterns.
 */
export function syllableBreaks(word: string, language: string): number[] | null {
  const module = patternModule(language, word);
  if (!module) return null;
  const key = `${module}\u0000${word}`;
  let out = memo.get(key);
  if (!out) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    out = breaksOf(word, module);
    // TeX's US patterns know no break in some long words ("hyaluronic"): the British set's, a second dictionary.
    if (!out.length && FALLBACK[module]) out = breaksOf(word, FALLBACK[module]!);
    memo.set(key, out);
  }
  return out;
}

/**
 * The fitter asks about the same word at each size and placement it tries, so answers are kept
 * (read-only arrays; a bounded map, emptied when full). The library keeps its own per-word cache
 * too, unbounded, but only of the words asked about here: those wider than a line.
 */
const memo = new Map<string, number[]>();
const MEMO_SIZE = 2000;

/** A word shorter than this (graphemes) is never broken across lines: it goes whole to the next line, or the text gets smaller. */
export const MIN_BROKEN_LETTERS = 8;
/** Nor a word of fewer syllables than this ("Cold-pres‐sed", "har‐vest" read badly on a card). */
export const MIN_BROKEN_SYLLABLES = 3;

/**
 * Syllables of a word, as far as they are known: the language's pattern breaks (no minimum
 * before the first or after the last) plus one, and for a Latin word at least its vowel groups
 * (TeX's English patterns are sparing: "Ad‐justable"); null for a language without patterns and
 * a word in another script.
 */
export function syllableCount(word: string, language: string): number | null {
  const module = patternModule(language, word);
  const byPatterns = module ? hyphenator(module)(word, { hyphenChar: MARK, minWordLength: 2 }).split(MARK).length : null;
  const latin = /\p{Script=Latin}/u.test(word) ? (word.normalize('NFD').toLowerCase().match(/[aeiouy]+/g) ?? []).length : null;
  return byPatterns === null && latin === null ? null : Math.max(byPatterns ?? 0, latin ?? 0);
}

/** Whether a word wider than its line may be broken with a hyphen: at least MIN_BROKEN_LETTERS graphemes and MIN_BROKEN_SYLLABLES syllables (when known). */
export function mayBreak(word: string, language: string): boolean {
  if ([...segmenter.segment(word)].length < MIN_BROKEN_LETTERS) return false;
  return (syllableCount(word, language) ?? MIN_BROKEN_SYLLABLES) >= MIN_BROKEN_SYLLABLES;
}

function breaksOf(word: string, module: string): number[] {
  const marked = hyphenator(module)(word, { hyphenChar: MARK, minWordLength: LEFT_MIN + RIGHT_MIN });
  // Code-unit offsets of the breaks in the unmarked word.
  const at = new Set<number>();
  for (let i = 0, off = 0; i < marked.length; i++) {
    if (marked[i] === MARK) at.add(off);
    else off++;
  }
  const ends = [...segmenter.segment(word)].map((g) => g.index + g.segment.length);
  const out: number[] = [];
  ends.forEach((e, i) => {
    if (at.has(e) && i + 1 >= LEFT_MIN && ends.length - (i + 1) >= RIGHT_MIN) out.push(i + 1);
  });
  return out;
}
