import type { Language, ScriptStyle } from '../../catalog/languages.ts';
import type { ProductFacts, Script } from '../types.ts';
import { assignImages, type Draft } from './cues.ts';
import { LANGUAGE_PROFILES } from './rates.ts';
import { splitSentences } from './split.ts';

/**
 * The client's own script, said as written: split into sentences, cues by position (first the
 * hook on the hero image, last the call to action, the middle ones as points walking through the
 * images). Its length is the client's business: it is not fitted to video_length.
 * Null when the text holds no sentence at all (only spaces or punctuation).
 */
export function scriptFromOverride(input: { product: ProductFacts; style: ScriptStyle; lengthS: 15 | 30 | 60; language: Language; overrideScript: string | null }): Script | null {
  const { product, style, lengthS, language } = input;
  const parts = splitSentences(input.overrideScript ?? '', language);
  if (parts.length === 0) return null;
  const n = product.imagePaths.length;
  const drafts: Draft[] = parts.map((text, i) => {
    const kind = i === 0 ? 'hook' : i === parts.length - 1 ? 'cta' : 'point';
    return { text, role: kind, cue: { kind, pointIndex: null, gesture: kind === 'cta' ? 'point' : kind === 'hook' ? 'open' : 'none', overlay: null } };
  });
  const sentences = assignImages(drafts, n).map((s, i) =>
    // Middle sentences cycle through the images after the hero one: sentence i shows image i.
    s.cue.kind === 'point' && n > 0 ? { ...s, cue: { ...s.cue, imageIndex: i % n } } : s,
  );
  return { language, style, lengthS, sentences, text: sentences.map((s) => s.text).join(LANGUAGE_PROFILES[language].joiner), source: 'override' };
}
