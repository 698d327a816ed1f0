import type { Language } from '../../catalog/languages.ts';

/**
 * Everything the script writer needs to know about a language besides its phrases, in ONE table:
 * the Intl locale for prices, how speech is measured (words or characters a second), the Unicode
 * script its own phrases are written in (checked by tests and by the LLM validator), and how
 * sentences are joined.
 *
 * Rates are narration rates of a calm marketing voice, not conversational maxima. 'char' languages
 * (Chinese, Japanese kana, Korean syllables, Thai) count characters of their own script, without
 * combining marks; everything else counts words. Languages with long agglutinative words
 * (Finnish, Hungarian, Dravidian, Zulu) get fewer words a second.
 */
export interface LanguageProfile {
  locale: string;
  unit: 'word' | 'char';
  rate: number;
  /** Unicode script (`\p{Script=...}`) of the language's own phrases. */
  script: string;
  /** Between sentences: '' for Chinese and Japanese, a space elsewhere. */
  joiner: string;
}

const w = (locale: string, rate: number, script = 'Latin'): LanguageProfile => ({ locale, unit: 'word', rate, script, joiner: ' ' });
const c = (locale: string, rate: number, script: string, joiner = ''): LanguageProfile => ({ locale, unit: 'char', rate, script, joiner });

export const LANGUAGE_PROFILES: Readonly<Record<Language, LanguageProfile>> = {
  english: w('en-US', 2.5), filipino: w('fil-PH', 2.0), tagalog: w('fil-PH', 2.0),
  french: w('fr-FR', 2.7), german: w('de-DE', 2.2), italian: w('it-IT', 2.5), spanish: w('es-ES', 2.7),
  portuguese: w('pt-BR', 2.5), dutch: w('nl-NL', 2.4), flemish: w('nl-BE', 2.4), romanian: w('ro-RO', 2.3),
  danish: w('da-DK', 2.4), swedish: w('sv-SE', 2.3), norwegian: w('nb-NO', 2.4), finnish: w('fi-FI', 1.7),
  hungarian: w('hu-HU', 1.9), polish: w('pl-PL', 2.1), czech: w('cs-CZ', 2.2), slovak: w('sk-SK', 2.2),
  slovenian: w('sl-SI', 2.3), croatian: w('hr-HR', 2.3), lithuanian: w('lt-LT', 1.9), latvian: w('lv-LV', 2.0),
  turkish: w('tr-TR', 1.9), indonesian: w('id-ID', 2.0), malay: w('ms-MY', 2.0), vietnamese: w('vi-VN', 3.3),
  swahili: w('sw-KE', 2.0), zulu: w('zu-ZA', 1.6),
  russian: w('ru-RU', 2.1, 'Cyrillic'), ukrainian: w('uk-UA', 2.1, 'Cyrillic'), bulgarian: w('bg-BG', 2.3, 'Cyrillic'),
  serbian: w('sr-Cyrl-RS', 2.3, 'Cyrillic'), mongolian: w('mn-MN', 1.9, 'Cyrillic'),
  greek: w('el-GR', 2.3, 'Greek'), hebrew: w('he-IL', 2.2, 'Hebrew'),
  arabic: w('ar-SA', 2.0, 'Arabic'), persian: w('fa-IR', 2.4, 'Arabic'), urdu: w('ur-PK', 2.6, 'Arabic'),
  hindi: w('hi-IN', 2.6, 'Devanagari'), bengali: w('bn-BD', 2.2, 'Bengali'), assamese: w('as-IN', 2.1, 'Bengali'),
  odia: w('or-IN', 2.0, 'Oriya'), malayalam: w('ml-IN', 1.5, 'Malayalam'), tamil: w('ta-IN', 1.6, 'Tamil'),
  telugu: w('te-IN', 1.7, 'Telugu'), kannada: w('kn-IN', 1.6, 'Kannada'), amharic: w('am-ET', 1.9, 'Ethiopic'),
  chinese: c('zh-CN', 4.5, 'Han'), 'traditional-chinese': c('zh-TW', 4.5, 'Han'), cantonese: c('zh-HK', 5, 'Han'),
  japanese: c('ja-JP', 7, 'Hiragana'), korean: c('ko-KR', 5, 'Hangul', ' '), thai: c('th-TH', 9, 'Thai', ' '),
};

/** Pause the voice makes at the end of each sentence. */
export const SENTENCE_PAUSE_S = 0.2;
/** Latin-script words inside a language of another script (e.g. an English product name in Chinese or Hindi). */
export const FOREIGN_WPS = 2.5;
/** Characters of a dense script inside a 'word' language. */
export const FOREIGN_CPS = 5;
/** A number is read digit group by digit group: about this long per digit. */
export const DIGIT_S = 0.3;
/** A currency sign is read as a word ("dollars"). */
export const CURRENCY_S = 0.3;
/**
 * Japanese is shown with kanji but said from its kana reading (japanese-reading.ts), and the rate
 * is kana a second: a kanji is said as about 1.9 kana (measured with kuromoji on product and
 * phrase sentences: 東京 → トーキョー).
 */
export const KANA_PER_KANJI = 1.9;
const HAN = /[\p{Script=Han}\u3005]/gu;

const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’.,\-][\p{L}\p{M}\p{N}]+)*/gu;
const DENSE_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\u30fc\u3005]+/gu;
const MARKS = /\p{M}/gu;
const LATIN = /^[\p{Script=Latin}\p{N}'’.,\-\s]+$/u;

/** Seconds to say one sentence (its words and the pause after it). */
export function estimateSentenceS(text: string, language: Language): number {
  const prof = LANGUAGE_PROFILES[language];
  const wps = prof.unit === 'word' ? prof.rate : FOREIGN_WPS;
  const cps = prof.unit === 'char' ? prof.rate : FOREIGN_CPS;
  const latinForeign = prof.script !== 'Latin';
  let s = 0;
  for (const tok of text.match(TOKEN) ?? []) {
    if (/\p{Nd}/u.test(tok) && !/\p{L}{3}/u.test(tok)) {
      s += DIGIT_S * (tok.match(/\p{Nd}/gu)?.length ?? 0);
      continue;
    }
    const dense = tok.match(DENSE_RUN) ?? [];
    let denseChars = 0;
    for (const run of dense) denseChars += run.replace(MARKS, '').length;
    if (language === 'japanese') for (const run of dense) denseChars += (KANA_PER_KANJI - 1) * (run.match(HAN)?.length ?? 0);
    s += denseChars / cps;
    const rest = tok.replace(DENSE_RUN, ' ').trim();
    // A Latin word in a language of another script (an English name in Hindi) is said at the foreign rate.
    if (rest) s += rest.split(/\s+/).length / (latinForeign && LATIN.test(rest) ? FOREIGN_WPS : wps);
  }
  s += (text.match(/\p{Sc}/gu)?.length ?? 0) * CURRENCY_S;
  return s + SENTENCE_PAUSE_S;
}

/** Seconds to say a whole script, sentence by sentence. */
export function estimateScriptS(sentences: readonly string[], language: Language): number {
  let s = 0;
  for (const t of sentences) s += estimateSentenceS(t, language);
  return s;
}

/** Characters of the language's own dense script (Han, kana, Hangul, Thai) in a text; 0 for 'word' languages. */
export function denseCharCount(text: string): number {
  let n = 0;
  for (const run of text.match(DENSE_RUN) ?? []) n += run.replace(MARKS, '').length;
  return n;
}
