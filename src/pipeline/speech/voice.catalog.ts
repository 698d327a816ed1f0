import { LANGUAGES, type Language } from '../../catalog/languages.ts';
import type { VoiceRecord } from '../../catalog/catalog.service.ts';

/**
 * Which espeak-ng voice speaks each of our 54 languages, and the voice variants offered for each.
 * Checked against Debian espeak-ng 1.51 (`espeak-ng --voices` and synthesis of every sample
 * sentence): see docs/narration.md for what each choice sounds like and why.
 */

/** How word timings are taken: the engine's WORD events, or an SSML mark before each token. */
export type WordTimingMode = 'events' | 'marks';

export interface LanguageVoice {
  language: Language;
  /** Prefix of the voice ids, e.g. "en-us" → "en-us-f1". Stable: voice ids are stored in videos. */
  prefix: string;
  /** espeak-ng voice name passed to espeak_SetVoiceByName. */
  espeak: string;
  /** Shown in the voice name. */
  label: string;
  /** Set when espeak-ng has no voice for the language and a related one reads the text. */
  fallback: string | null;
  words: WordTimingMode;
  /** Intl.Segmenter locale for 'marks' languages. */
  segmenterLocale?: string;
  /**
   * Voice for runs of Latin-script words, where the language's own voice cannot read them:
   * the Japanese voice spells them letter by letter, the Mandarin (pinyin) voice reads them as
   * pinyin. Other voices switch to English by themselves.
   */
  latin?: string;
  /**
   * Multiplies the variant's rate. espeak-ng's rate is words a minute as it counts them; for
   * syllable-timed scripts it comes out slow (at 160: Mandarin 3.4, Cantonese 3.9, Korean 4.5,
   * Thai 6.3, Japanese 5.9 characters a second), so those voices are sped up towards natural
   * narration rates (the script writer's LANGUAGE_PROFILES).
   */
  rateScale?: number;
}

const v = (language: Language, prefix: string, espeak: string, label: string, extra: Partial<LanguageVoice> = {}): LanguageVoice => ({
  language,
  prefix,
  espeak,
  label,
  fallback: null,
  words: 'events',
  ...extra,
});

const marks = (locale: string): Partial<LanguageVoice> => ({ words: 'marks', segmenterLocale: locale });

/**
 * The first entry of a language is its main voice; some languages get a second accent.
 * Chinese uses `cmn-latn-pinyin`: in 1.51 the plain `cmn` voice turns Han characters into pinyin
 * and then reads the tone digits as English numbers ("ni three hao three"); the pinyin voice reads
 * the same characters correctly (tone sandhi included), simplified and traditional alike.
 */
export const LANGUAGE_VOICES: readonly LanguageVoice[] = [
  v('english', 'en-us', 'en-us', 'English (US)'),
  v('english', 'en-gb', 'en', 'English (UK)'),
  v('filipino', 'fil', 'id', 'Filipino', { fallback: 'Indonesian voice' }),
  v('french', 'fr', 'fr', 'French'),
  v('german', 'de', 'de', 'German'),
  v('hindi', 'hi', 'hi', 'Hindi'),
  v('indonesian', 'id', 'id', 'Indonesian'),
  v('italian', 'it', 'it', 'Italian'),
  v('japanese', 'ja', 'ja', 'Japanese (kana)', { ...marks('ja'), latin: 'en-us', rateScale: 1.15 }),
  v('korean', 'ko', 'ko', 'Korean', { ...marks('ko'), rateScale: 1.12 }),
  v('malay', 'ms', 'ms', 'Malay'),
  v('portuguese', 'pt-br', 'pt-br', 'Portuguese (Brazil)'),
  v('portuguese', 'pt-pt', 'pt', 'Portuguese (Portugal)'),
  v('russian', 'ru', 'ru', 'Russian'),
  v('spanish', 'es', 'es', 'Spanish (Spain)'),
  v('spanish', 'es-419', 'es-419', 'Spanish (Latin America)'),
  v('thai', 'th', 'th', 'Thai', { ...marks('th'), rateScale: 1.3 }),
  v('vietnamese', 'vi', 'vi', 'Vietnamese'),
  v('arabic', 'ar', 'ar', 'Arabic'),
  v('greek', 'el', 'el', 'Greek'),
  v('turkish', 'tr', 'tr', 'Turkish'),
  v('slovenian', 'sl', 'sl', 'Slovenian'),
  v('croatian', 'hr', 'hr', 'Croatian'),
  v('romanian', 'ro', 'ro', 'Romanian'),
  v('chinese', 'zh-cn', 'cmn-latn-pinyin', 'Chinese (Mandarin)', { ...marks('zh-Hans'), latin: 'en-us', rateScale: 1.3 }),
  v('bengali', 'bn', 'bn', 'Bengali'),
  v('urdu', 'ur', 'ur', 'Urdu'),
  v('hungarian', 'hu', 'hu', 'Hungarian'),
  v('traditional-chinese', 'zh-tw', 'cmn-latn-pinyin', 'Chinese (Mandarin, traditional script)', { ...marks('zh-Hant'), latin: 'en-us', rateScale: 1.3 }),
  v('polish', 'pl', 'pl', 'Polish'),
  v('cantonese', 'yue', 'yue', 'Cantonese', { ...marks('zh-Hant'), rateScale: 1.25 }),
  v('danish', 'da', 'da', 'Danish'),
  v('malayalam', 'ml', 'ml', 'Malayalam'),
  v('tamil', 'ta', 'ta', 'Tamil'),
  v('telugu', 'te', 'te', 'Telugu'),
  v('czech', 'cs', 'cs', 'Czech'),
  v('hebrew', 'he', 'he', 'Hebrew'),
  v('zulu', 'zu', 'sw', 'Zulu', { fallback: 'Swahili voice' }),
  v('swedish', 'sv', 'sv', 'Swedish'),
  v('lithuanian', 'lt', 'lt', 'Lithuanian'),
  v('dutch', 'nl', 'nl', 'Dutch'),
  v('flemish', 'nl-be', 'nl', 'Flemish (Dutch voice)'),
  v('norwegian', 'nb', 'nb', 'Norwegian'),
  v('finnish', 'fi', 'fi', 'Finnish'),
  v('bulgarian', 'bg', 'bg', 'Bulgarian'),
  v('latvian', 'lv', 'lv', 'Latvian'),
  v('ukrainian', 'uk', 'uk', 'Ukrainian'),
  // Kyrgyz Cyrillic is Russian's alphabet plus ң ө ү: every letter of Mongolian Cyrillic.
  v('mongolian', 'mn', 'ky', 'Mongolian', { fallback: 'Kyrgyz voice' }),
  v('persian', 'fa', 'fa', 'Persian'),
  v('odia', 'or', 'or', 'Odia'),
  v('assamese', 'as', 'as', 'Assamese'),
  v('kannada', 'kn', 'kn', 'Kannada'),
  v('tagalog', 'tl', 'id', 'Tagalog', { fallback: 'Indonesian voice' }),
  v('amharic', 'am', 'am', 'Amharic'),
  v('serbian', 'sr', 'sr', 'Serbian'),
  v('slovak', 'sk', 'sk', 'Slovak'),
  v('swahili', 'sw', 'sw', 'Swahili'),
];

export type Gender = 'female' | 'male';
export type Age = 'young' | 'adult' | 'senior';

/**
 * One voice variant: an espeak-ng variant file (formants, pitch band, flutter) plus our rate
 * (words a minute), pitch and pitch range (0-100, 50 = the variant's own). Only variants without
 * an `echo` line: f2-f5 and m2 add a 120-140 ms echo that smears word ends and fills the pauses
 * between sentences. f1/m1 carry age 70 in their files (flutter, roughness): the senior voices.
 */
export interface VoiceVariant {
  key: 'f1' | 'm1' | 'f2' | 'm2' | 'f3' | 'm3';
  gender: Gender;
  age: Age;
  espeakVariant: string;
  rate: number;
  pitch: number;
  range: number;
}

export const VOICE_VARIANTS: readonly VoiceVariant[] = [
  { key: 'f1', gender: 'female', age: 'adult', espeakVariant: 'linda', rate: 160, pitch: 42, range: 55 },
  { key: 'm1', gender: 'male', age: 'adult', espeakVariant: 'm3', rate: 160, pitch: 45, range: 50 },
  { key: 'f2', gender: 'female', age: 'young', espeakVariant: 'belinda', rate: 172, pitch: 58, range: 65 },
  { key: 'm2', gender: 'male', age: 'young', espeakVariant: 'm6', rate: 172, pitch: 58, range: 60 },
  { key: 'f3', gender: 'female', age: 'senior', espeakVariant: 'f1', rate: 145, pitch: 40, range: 45 },
  { key: 'm3', gender: 'male', age: 'senior', espeakVariant: 'm1', rate: 145, pitch: 38, range: 40 },
];

/** Everything the engine needs to speak with one voice id. */
export interface VoiceSpec {
  voiceId: string;
  language: Language;
  name: string;
  gender: Gender;
  age: Age;
  /** "<voice>+<variant>", the argument of espeak_SetVoiceByName. */
  espeakVoice: string;
  rate: number;
  pitch: number;
  range: number;
  words: WordTimingMode;
  segmenterLocale: string | undefined;
  /** "<voice>+<variant>" that reads Latin-script runs (SSML <voice>), or null. */
  latinVoice: string | null;
  fallback: string | null;
}

function buildSpecs(): Map<string, VoiceSpec> {
  const out = new Map<string, VoiceSpec>();
  for (const lv of LANGUAGE_VOICES) {
    for (const variant of VOICE_VARIANTS) {
      const voiceId = `${lv.prefix}-${variant.key}`;
      const flag = lv.fallback ? ` (fallback: ${lv.fallback})` : '';
      out.set(voiceId, {
        voiceId,
        language: lv.language,
        name: `${lv.label} – ${variant.gender}, ${variant.age}${flag}`,
        gender: variant.gender,
        age: variant.age,
        espeakVoice: `${lv.espeak}+${variant.espeakVariant}`,
        rate: Math.round(variant.rate * (lv.rateScale ?? 1)),
        pitch: variant.pitch,
        range: variant.range,
        words: lv.words,
        segmenterLocale: lv.segmenterLocale,
        latinVoice: lv.latin ? `${lv.latin}+${variant.espeakVariant}` : null,
        fallback: lv.fallback,
      });
    }
  }
  return out;
}

const SPECS = buildSpecs();

/** Every voice, in catalog order (language order of LANGUAGE_VOICES, then variants). */
export function allVoiceSpecs(): readonly VoiceSpec[] {
  return [...SPECS.values()];
}

export function voiceSpec(voiceId: string): VoiceSpec | undefined {
  return SPECS.get(voiceId);
}

/** The voice list of GET /v1/voices. */
export function voiceRecords(publicBaseUrl: string): VoiceRecord[] {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return allVoiceSpecs().map((s) => ({
    voice_id: s.voiceId,
    name: s.name,
    language: s.language,
    gender: s.gender,
    age: s.age,
    audition_url: `${base}/v1/voices/${encodeURIComponent(s.voiceId)}/audition`,
  }));
}

/** The voice a video gets when voice_id is absent: the language's main accent, adult, the avatar's gender. */
export function defaultVoice(language: string, avatarGender: Gender, age: Age = 'adult'): string {
  const lv = LANGUAGE_VOICES.find((l) => l.language === language);
  if (!lv) throw new Error(`no voice for language "${language}"`);
  const variant = VOICE_VARIANTS.find((x) => x.gender === avatarGender && x.age === age) ?? VOICE_VARIANTS[0]!;
  return `${lv.prefix}-${variant.key}`;
}

// Every contract language has a voice: fail at import, not in a job, if the table loses one.
for (const language of LANGUAGES) {
  if (!LANGUAGE_VOICES.some((l) => l.language === language)) throw new Error(`voice table misses ${language}`);
}
