import type { VoiceSpec } from './voice.catalog.ts';

/**
 * Turns one script sentence into what espeak-ng is given, and remembers how to map the engine's
 * events back to the words of the sentence. Pure: no engine here.
 */

export interface MarkToken {
  /** The word as written in the script (what captions show). */
  text: string;
  /** What the engine is asked to say for it ('' = nothing it can say, see Japanese). */
  spoken: string;
  /** ' ' when a space separates it from the next token, else '' (to rejoin merged words). */
  joiner: string;
  /** Where `spoken` sits in the SSML input: [from, to) in 1-based code points (the engine's positions). */
  from: number;
  to: number;
}

export type PreparedSentence =
  /** Plain text; words come from WORD events whose positions index `chars` (code points). */
  | { mode: 'events'; input: string; ssml: false; chars: string[] }
  /** SSML with <mark name="wN"/> before token N; words come from MARK events. */
  | { mode: 'marks'; input: string; ssml: true; tokens: MarkToken[] };

// Read aloud by the engine as "party popper", "asterisk", "hash": never meant to be spoken.
const UNSPOKEN = /[\p{Extended_Pictographic}\u200d\ufe0f*_#~`^|<>{}[\]\\]/gu;
// The Japanese voice knows kana only; it says "Chinese letter" for every kanji.
const HAN = /[\p{Script=Han}\u3005\u3006]/u;
const LATIN = /\p{Script=Latin}/u;

/** Per-language repairs for letters the 1.51 voices cannot read but have an equivalent for. */
function repairLetters(text: string, language: string): string {
  // Odia ୱ (U+0B71) is read as "halant letter ..."; ଵ (U+0B35) is the same sound and is known.
  if (language === 'odia') return text.replace(/\u0b71/g, '\u0b35');
  return text;
}

export function cleanForSpeech(text: string, language: string): string {
  return repairLetters(text.normalize('NFC').replace(UNSPOKEN, ' '), language).replace(/\s+/g, ' ').trim();
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const codePoints = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** Word tokens (Intl.Segmenter, dictionary-based for Thai, Chinese and Japanese) and the text between them. */
function segment(text: string, locale: string): { text: string; word: boolean }[] {
  const seg = new Intl.Segmenter(locale, { granularity: 'word' });
  return [...seg.segment(text)].map((s) => ({ text: s.segment, word: s.isWordLike === true }));
}

export function prepareSentence(text: string, voice: Pick<VoiceSpec, 'language' | 'words' | 'segmenterLocale' | 'latinVoice'>): PreparedSentence {
  const clean = cleanForSpeech(text, voice.language);
  if (voice.words === 'events') return { mode: 'events', input: clean, ssml: false, chars: Array.from(clean) };

  const tokens: MarkToken[] = [];
  let input = '<speak>';
  // Runs of Latin-script words go to a voice that reads them as words (see LanguageVoice.latin).
  let inLatin = false;
  for (const part of segment(clean, voice.segmenterLocale ?? 'und')) {
    if (part.word && voice.latinVoice) {
      const latin = LATIN.test(part.text);
      if (latin && !inLatin) input += `<voice name="${voice.latinVoice}">`;
      if (!latin && inLatin) input += '</voice>';
      inLatin = latin;
    }
    if (!part.word) {
      input += escapeXml(part.text);
      const prev = tokens[tokens.length - 1];
      if (prev && /\s/u.test(part.text)) prev.joiner = ' ';
      continue;
    }
    // A kanji word said without its kanji would be gibberish: say nothing for it.
    const spoken = voice.language === 'japanese' && HAN.test(part.text) ? '' : part.text;
    input += `<mark name="w${tokens.length}"/>`;
    const from = codePoints(input) + 1;
    input += escapeXml(spoken);
    tokens.push({ text: part.text, spoken, joiner: '', from, to: codePoints(input) + 1 });
  }
  return { mode: 'marks', input: `${input}${inLatin ? '</voice>' : ''}</speak>`, ssml: true, tokens };
}
