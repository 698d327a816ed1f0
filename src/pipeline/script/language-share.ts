import { isLanguage, type Language } from '../../catalog/languages.ts';
import { detectLanguage, sameWrittenLanguage } from '../../products/language-detect.ts';
import type { Script } from '../types.ts';
import { LANGUAGE_PROFILES } from './rates.ts';

/**
 * Share of the letters the voice reads (each sentence's `spoken ?? text`) that belong to the
 * narration language: 1 when everything said is in it, ~0.4 when a German voice reads English
 * selling points around a German frame. A letter counts when it is in the language's own script
 * (Japanese: kana and kanji) and, for the scripts several catalog languages share (Latin,
 * Cyrillic, Arabic), its sentence is not detected as another language. Sentences too short to
 * detect get the benefit of the doubt. `names` (the product's name and brand) are left out: the
 * writer says them as they are in every language; other Latin words inside a non-Latin language
 * count against the share.
 */
export function narrationLanguageShare(script: Pick<Script, 'sentences'>, language: Language | string, names: readonly (string | null)[] = []): number {
  if (!isLanguage(language)) throw new Error(`unknown language: ${language}`);
  const prof = LANGUAGE_PROFILES[language];
  const own = language === 'japanese' ? /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u30fc]/gu : new RegExp(`(?=[\\p{L}\\p{M}])\\p{Script=${prof.script}}`, 'gu');
  const shared = SHARED_SCRIPTS.has(prof.script);
  let total = 0;
  let ours = 0;
  for (const s of script.sentences) {
    // The product's name and brand are said as they are in every language (the writer may say them).
    const said = names.reduce<string>((t, n) => (n ? t.split(n).join(' ') : t), s.spoken ?? s.text);
    // Vowel signs of Indic scripts are marks, not letters: both count, or a Hindi share tops 1.
    const letters = said.match(/[\p{L}\p{M}]/gu)?.length ?? 0;
    if (letters === 0) continue;
    total += letters;
    const inScript = said.match(own)?.length ?? 0;
    if (inScript === 0) continue;
    if (shared) {
      // Too short to tell ("Jetzt kaufen!") is null: given the benefit of the doubt.
      const detected = detectLanguage(said);
      if (detected && !sameWrittenLanguage(detected, language)) continue;
    }
    ours += inScript;
  }
  return total === 0 ? 1 : ours / total;
}

/** Scripts in which the letters alone do not say the language. */
const SHARED_SCRIPTS = new Set(['Latin', 'Cyrillic', 'Arabic']);
