/**
 * espeak-ng phoneme mnemonic → Rhubarb mouth shape(s).
 *
 * espeak writes phonemes as short ASCII mnemonics built from a base letter plus modifiers
 * (":" long, "#" / digits variants, "~" nasal, "^" palatal, "/" and "-" allophones, "'" "," stress),
 * and the same letters mean the same mouth across its ~100 languages. So the mapping classifies
 * each base character (vowel letters by openness and rounding, consonants by place: lips, teeth,
 * tongue, rest) and keeps a sequence for diphthongs ("aI" → D then B). IPA input is folded to
 * the same letters first, so a TTS engine that reports IPA still gets sensible shapes.
 */
import type { Viseme } from './avatar.types.ts';

export interface PhonemeShapes {
  /** Shapes in order across the phoneme's duration; empty for a pause. */
  shapes: Viseme[];
  pause: boolean;
  /** Lips must close (p b m): kept even when shorter than a frame. */
  closure: boolean;
  /** "h": the mouth already takes the next vowel's shape. */
  takesNext: boolean;
}

const VOWELS: Record<string, Viseme> = {
  a: 'D', A: 'D', '&': 'C', e: 'C', E: 'C', i: 'B', I: 'B',
  o: 'E', O: 'E', '0': 'E', '3': 'E', W: 'E', Y: 'E', V: 'C', '@': 'C',
  u: 'F', U: 'F', y: 'F',
};

const LIPS = new Set(['p', 'b', 'm', 'B']);
const LIP_TEETH = new Set(['f', 'v', 'F']);
const TONGUE = new Set(['l', 'L', 'T', 'D']);
const ROUNDED_CONSONANTS = new Set(['w']);

/** IPA characters folded to espeak's letters. */
const IPA: Record<string, string> = {
  'ɑ': 'A', 'æ': '&', 'ɐ': 'a', 'ə': '@', 'ɚ': '3', 'ɛ': 'E', 'ɜ': '3', 'ɪ': 'I', 'ɔ': 'O', 'ɒ': '0',
  'ʊ': 'U', 'ʌ': 'V', 'ø': 'W', 'œ': 'Y', 'ʏ': 'Y', 'ɯ': 'u', 'ɨ': 'i', 'ʉ': 'u', 'ɤ': 'o', 'ɵ': 'o',
  'θ': 'T', 'ð': 'D', 'ʃ': 'S', 'ʒ': 'Z', 'ŋ': 'N', 'ɹ': 'r', 'ɾ': 'r', 'ʁ': 'R', 'χ': 'x', 'ç': 'C',
  'ɲ': 'J', 'ʎ': 'L', 'ɫ': 'l', 'β': 'B', 'ɸ': 'f', 'ʋ': 'v', 'ɣ': 'G', 'ʔ': '?', 'ɡ': 'g', 'ɦ': 'h',
  'ɱ': 'm', 'ʂ': 'S', 'ʐ': 'Z', 'ɕ': 'S', 'ʑ': 'Z', 'ɭ': 'l', 'ɳ': 'n', 'ʈ': 't', 'ɖ': 'd', 'ɻ': 'r',
};

/** Modifiers that do not change the mouth. */
const MODIFIERS = /[:#~^/\-'",%=!0-9ˈˌːˑ\u0300-\u036f|]/g;

const PAUSE = /^(_.*|\|+|)$/;

export function isPausePhoneme(mnemonic: string): boolean {
  return PAUSE.test(mnemonic.trim());
}

function fold(mnemonic: string): string {
  let out = '';
  for (const ch of mnemonic.trim()) out += IPA[ch] ?? ch;
  out = out.replace(/^['",%=ˈˌ]+/, '');
  // Digits after a letter mark variants ("@2", "E2"), but a leading "0" or "3" is a vowel (ɒ, ɜ).
  const lead = out[0] === '0' || out[0] === '3' ? out[0] : '';
  return lead + out.slice(lead.length).replace(MODIFIERS, '');
}

function consonantShape(ch: string): Viseme {
  if (LIPS.has(ch)) return 'A';
  if (LIP_TEETH.has(ch)) return 'G';
  if (TONGUE.has(ch)) return 'H';
  if (ROUNDED_CONSONANTS.has(ch)) return 'F';
  return 'B';
}

/** Short vowels open less: a 50 ms "a" is a C, not a D. */
function shortened(shape: Viseme): Viseme {
  return shape === 'D' ? 'C' : shape === 'C' ? 'B' : shape;
}

export function phonemeShapes(mnemonic: string, durationMs = 100): PhonemeShapes {
  if (isPausePhoneme(mnemonic)) return { shapes: [], pause: true, closure: false, takesNext: false };
  const core = fold(mnemonic);
  if (core === '') return { shapes: [], pause: true, closure: false, takesNext: false };
  if (core === 'h' || core === 'H') return { shapes: ['B'], pause: false, closure: false, takesNext: true };

  const shapes: Viseme[] = [];
  let closure = false;
  const vowelCount = [...core].filter((c) => VOWELS[c] !== undefined).length;
  const perVowelMs = durationMs / Math.max(1, vowelCount);
  for (const ch of core) {
    const vowel = VOWELS[ch];
    let shape: Viseme;
    if (vowel !== undefined) {
      shape = perVowelMs < 60 ? shortened(vowel) : vowel;
      // Schwa is lazy: only a long one opens to C.
      if (ch === '@' && perVowelMs < 90) shape = 'B';
    } else {
      shape = consonantShape(ch);
      if (shape === 'A') closure = true;
    }
    if (shapes[shapes.length - 1] !== shape) shapes.push(shape);
  }
  return { shapes, pause: false, closure, takesNext: false };
}
