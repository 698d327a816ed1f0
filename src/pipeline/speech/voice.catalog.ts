import { LANGUAGES, type Language } from '../../catalog/languages.ts';
import type { VoiceRecord } from '../../catalog/catalog.service.ts';
import { festivalInstalled } from './festival/festival.client.ts';
import { fliteInstalled } from './flite/flite.installed.ts';

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

/** Which engine speaks a voice (see docs/narration.md, "Speech engines"). */
export type EngineName = 'espeak' | 'festival' | 'flite' | 'neural' | 'external';

/**
 * Everything the engine needs to speak with one voice id. The espeak fields (espeakVoice, rate,
 * pitch, range, words, latinVoice) are set for every voice: for a Festival or external voice they
 * describe its built-in stand-in (fallbackVoiceId), which speaks when the external engine fails
 * and the service is set to fall back.
 */
export interface VoiceSpec {
  voiceId: string;
  engine: EngineName;
  /** Festival or Flite voice name ("cmu_us_slt_arctic_hts", "rms"), the external engine's voice name, "<model id>#<speaker>" of a neural voice; null for espeak. */
  engineVoice: string | null;
  /** The built-in voice that stands in for this one (itself for espeak voices). */
  fallbackVoiceId: string;
  /** Multiplies the speaking rate (custom voices; 1 for the catalog's). */
  speed: number;
  /** Semitones the finished speech is shifted by, its length kept (custom voices; 0 for the catalog's). */
  pitchShift: number;
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
        engine: 'espeak',
        engineVoice: null,
        fallbackVoiceId: voiceId,
        speed: 1,
        pitchShift: 0,
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

/**
 * Festival voices (Debian packages). Each stands on an espeak voice of the same language and
 * gender for its fallback. Listed and chosen as defaults only where Festival is installed.
 */
export interface FestivalVoice {
  voiceId: string;
  festival: string;
  label: string;
  gender: Gender;
  age: Age;
  /** The espeak voice that stands in for it. */
  standIn: string;
}

export const FESTIVAL_VOICES: readonly FestivalVoice[] = [
  { voiceId: 'en-us-slt', festival: 'cmu_us_slt_arctic_hts', label: 'English (US)', gender: 'female', age: 'adult', standIn: 'en-us-f1' },
];

for (const f of FESTIVAL_VOICES) {
  const standIn = SPECS.get(f.standIn)!;
  SPECS.set(f.voiceId, {
    ...standIn,
    voiceId: f.voiceId,
    engine: 'festival',
    engineVoice: f.festival,
    fallbackVoiceId: f.standIn,
    name: `${f.label} – ${f.gender}, ${f.age} (Festival HTS)`,
    gender: f.gender,
    age: f.age,
  });
}

/**
 * Flite voices (Debian's flite package, clustergen). Like Festival's, each stands on an espeak
 * voice of the same language and gender, and is listed and chosen as a default only where the
 * flite program is installed.
 */
export const FLITE_VOICES: readonly FestivalVoice[] = [
  { voiceId: 'en-us-rms', festival: 'rms', label: 'English (US)', gender: 'male', age: 'adult', standIn: 'en-us-m1' },
];

for (const f of FLITE_VOICES) {
  const standIn = SPECS.get(f.standIn)!;
  SPECS.set(f.voiceId, { ...standIn, voiceId: f.voiceId, engine: 'flite', engineVoice: f.festival, fallbackVoiceId: f.standIn, name: `${f.label} – ${f.gender}, ${f.age} (Flite clustergen)`, gender: f.gender, age: f.age });
}

/** Which optional engines this machine has (festival.client.ts, flite.installed.ts). */
export interface InstalledEngines {
  festival: boolean;
  flite: boolean;
}

const installed = (festival?: boolean): InstalledEngines => ({ festival: festival ?? festivalInstalled(), flite: fliteInstalled() });

/**
 * The voices of the model folder (VOICE_MODELS_DIR, speech/models/voice-models.ts), registered
 * after the folder's scan: listed with the built-in ones, valid as voice_id, and, unless the
 * operator turned it off, preferred as the default of their language and gender.
 */
let modelVoices = new Map<string, VoiceSpec>();
let modelVoicesAreDefaults = true;

export function setModelVoices(specs: readonly VoiceSpec[], asDefaults: boolean): void {
  modelVoices = new Map(specs.map((s) => [s.voiceId, s]));
  modelVoicesAreDefaults = asDefaults;
}

export function modelVoiceSpecs(): readonly VoiceSpec[] {
  return [...modelVoices.values()];
}

/** Every voice of the built-in table, in catalog order (language order of LANGUAGE_VOICES, then variants; Festival and Flite voices last). */
export function allVoiceSpecs(): readonly VoiceSpec[] {
  return [...SPECS.values()];
}

/** The voices this machine can speak with: espeak's, Festival's and Flite's where installed, then the model folder's. */
export function installedVoiceSpecs(festival?: boolean): readonly VoiceSpec[] {
  const on = installed(festival);
  return [...allVoiceSpecs().filter((s) => (s.engine !== 'festival' || on.festival) && (s.engine !== 'flite' || on.flite)), ...modelVoices.values()];
}

export function voiceSpec(voiceId: string): VoiceSpec | undefined {
  return SPECS.get(voiceId) ?? modelVoices.get(voiceId);
}

/** One voice as GET /v1/voices lists it (`engine` is our extension field). */
export function voiceRecord(s: VoiceSpec, publicBaseUrl: string): VoiceRecord {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return {
    voice_id: s.voiceId,
    name: s.name,
    language: s.language,
    gender: s.gender,
    age: s.age,
    audition_url: `${base}/v1/voices/${encodeURIComponent(s.voiceId)}/audition`,
    engine: s.engine,
  };
}

/** The voice list of GET /v1/voices: the installed voices, then `extra` (configured external voices). */
export function voiceRecords(publicBaseUrl: string, extra: readonly VoiceSpec[] = [], festival?: boolean): VoiceRecord[] {
  return [...installedVoiceSpecs(festival), ...extra].map((s) => voiceRecord(s, publicBaseUrl));
}

/** The language's espeak voice of a gender and age: every other voice's stand-in. */
export function espeakVoiceFor(language: string, gender: Gender, age: Age = 'adult'): string {
  const lv = LANGUAGE_VOICES.find((l) => l.language === language);
  if (!lv) throw new Error(`no voice for language "${language}"`);
  const variant = VOICE_VARIANTS.find((x) => x.gender === gender && x.age === age) ?? VOICE_VARIANTS[0]!;
  return `${lv.prefix}-${variant.key}`;
}

/**
 * The voice a video gets when voice_id is absent: the language's main accent, the avatar's
 * gender, from the most natural engine installed: a neural voice of the model folder (same age
 * first, then any), then Festival's HTS voice (US English woman) or Flite's clustergen voice (US
 * English man), then espeak-ng (see docs/narration.md for how that was judged).
 */
export function defaultVoice(language: string, avatarGender: Gender, age: Age = 'adult', festival?: boolean): string {
  const espeak = espeakVoiceFor(language, avatarGender, age);
  if (modelVoicesAreDefaults) {
    const mine = [...modelVoices.values()].filter((s) => s.language === language && s.gender === avatarGender);
    const pick = mine.find((s) => s.age === age) ?? mine[0];
    if (pick) return pick.voiceId;
  }
  const on = installed(festival);
  const better = (on.festival ? FESTIVAL_VOICES.find((f) => f.standIn === espeak) : undefined) ?? (on.flite ? FLITE_VOICES.find((f) => f.standIn === espeak) : undefined);
  return better?.voiceId ?? espeak;
}

// Every contract language has a voice: fail at import, not in a job, if the table loses one.
for (const language of LANGUAGES) {
  if (!LANGUAGE_VOICES.some((l) => l.language === language)) throw new Error(`voice table misses ${language}`);
}
