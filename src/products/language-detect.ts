import { detect } from 'tinyld';
import { LANGUAGES, type Language } from '../catalog/languages.ts';
import { LANGUAGE_PROFILES } from '../pipeline/script/rates.ts';

/**
 * Which catalog language a product's own text is written in, by tinyld (n-gram detector; chosen
 * over eld after a comparison on product texts in 12+ languages: tinyld got Hindi, Norwegian,
 * Indonesian and Mongolian right where eld's medium model said Marathi, Danish, Malay and
 * Belarusian, loads in ~0.1 s and ~50 MB against eld-large's 1.7 s and ~400 MB; see docs/script.md).
 *
 * tinyld does not know Malayalam, Odia, Croatian, Slovenian, Malay, Zulu or Swahili. The first two
 * are the only languages of their Unicode script here, so the script decides; Serbian detected in
 * Latin letters is Croatian (the catalog's Serbian is Cyrillic); Malay reads as Indonesian, which
 * `sameWrittenLanguage` treats as one. Slovenian, Zulu and Swahili are not recognised (null or a
 * neighbour).
 */

/** tinyld's ISO 639-1 code → catalog name, from the locales of the language profiles (first one wins: zh → chinese, nl → dutch). */
const BY_CODE: ReadonlyMap<string, Language> = (() => {
  const m = new Map<string, Language>([['tl', 'filipino'], ['no', 'norwegian']]);
  for (const l of LANGUAGES) {
    const code = LANGUAGE_PROFILES[l].locale.split('-')[0]!;
    if (!m.has(code)) m.set(code, l);
  }
  return m;
})();

/** Languages that are alone in their script among the catalog's: the letters say which. */
const BY_SCRIPT: readonly [RegExp, Language][] = [
  [/\p{Script=Malayalam}/u, 'malayalam'],
  [/\p{Script=Oriya}/u, 'odia'],
];

/**
 * Below three words (or six characters of a script written without spaces) a detector guesses:
 * tinyld calls "commuters" French and "Pendler" Estonian.
 */
const MIN_WORDS = 3;
const MIN_DENSE_CHARS = 6;
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;

/** The catalog language of a text, or null when it is too short or mixed to tell. */
export function detectLanguage(text: string): Language | null {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!/\p{L}/u.test(t)) return null;
  const words = t.match(/\p{L}[\p{L}\p{M}'’-]*/gu)?.length ?? 0;
  if (words < MIN_WORDS && (t.match(DENSE)?.length ?? 0) < MIN_DENSE_CHARS) return null;
  for (const [re, language] of BY_SCRIPT) {
    const letters = t.match(/\p{L}/gu)!.length;
    if ((t.match(new RegExp(re.source, 'gu'))?.length ?? 0) / letters > 0.5) return language;
  }
  const code = detect(t);
  if (!code) return null;
  if (code === 'sr' && !/\p{Script=Cyrillic}/u.test(t)) return 'croatian';
  return BY_CODE.get(code) ?? null;
}

/** The language of a product's own words: name, description and selling points together. */
export function productLanguage(p: { name: string; description: string; sellingPoints: readonly string[] }): Language | null {
  return detectLanguage([p.name, p.description, ...p.sellingPoints].join('\n'));
}

/**
 * Pairs whose text a voice of the other reads as its own: one written standard under two names
 * (Dutch/Flemish, Filipino/Tagalog), written Chinese (Mandarin, Taiwan and Hong Kong voices all
 * read Han text), and Malay/Indonesian (one language to the detector, mutually intelligible).
 */
const GROUPS: readonly (readonly Language[])[] = [
  ['dutch', 'flemish'],
  ['filipino', 'tagalog'],
  ['chinese', 'traditional-chinese', 'cantonese'],
  ['malay', 'indonesian'],
];

export function sameWrittenLanguage(a: Language, b: Language): boolean {
  return a === b || GROUPS.some((g) => g.includes(a) && g.includes(b));
}

