/**
 * Language facts the caption and text layout needs: the BCP 47 tag for Intl (segmenting,
 * number formats), the writing direction, and whether words are written without spaces.
 */

const TAGS: Record<string, string> = {
  english: 'en', filipino: 'fil', french: 'fr', german: 'de', hindi: 'hi', indonesian: 'id', italian: 'it',
  japanese: 'ja', korean: 'ko', malay: 'ms', portuguese: 'pt', russian: 'ru', spanish: 'es', thai: 'th',
  vietnamese: 'vi', arabic: 'ar', greek: 'el', turkish: 'tr', slovenian: 'sl', croatian: 'hr', romanian: 'ro',
  chinese: 'zh-CN', bengali: 'bn', urdu: 'ur', hungarian: 'hu', 'traditional-chinese': 'zh-TW', polish: 'pl',
  cantonese: 'zh-HK', danish: 'da', malayalam: 'ml', tamil: 'ta', telugu: 'te', czech: 'cs', hebrew: 'he',
  zulu: 'zu', swedish: 'sv', lithuanian: 'lt', dutch: 'nl', flemish: 'nl-BE', norwegian: 'nb', finnish: 'fi',
  bulgarian: 'bg', latvian: 'lv', ukrainian: 'uk', mongolian: 'mn', persian: 'fa', odia: 'or', assamese: 'as',
  kannada: 'kn', tagalog: 'tl', amharic: 'am', serbian: 'sr', slovak: 'sk', swahili: 'sw',
};

const RTL = new Set(['arabic', 'hebrew', 'persian', 'urdu']);

/** BCP 47 tag for a catalog language name (or the tag itself when given one); 'en' when unknown. */
export function languageTag(language: string): string {
  const key = language.trim().toLowerCase();
  return TAGS[key] ?? (/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(language) ? language : 'en');
}

export function isRtl(language: string): boolean {
  const key = language.trim().toLowerCase();
  return RTL.has(key) || /^(ar|he|fa|ur)(-|$)/.test(key);
}

/** Scripts written without spaces between words: a line may break between any two of their characters. */
const NO_SPACE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303F\uFF00-\uFF60]/u;
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFF60]/u;
const MARK = /\p{M}/u;

export function isNoSpaceChar(ch: string): boolean {
  return NO_SPACE.test(ch);
}

/**
 * Width of a text in "average Latin character" units: CJK and Hangul count as 1.8,
 * combining marks (Thai vowels and tones, Indic matras) as 0.
 */
export function textUnits(text: string): number {
  let n = 0;
  for (const ch of text) {
    if (MARK.test(ch)) continue;
    n += WIDE.test(ch) ? 1.8 : 1;
  }
  return n;
}
