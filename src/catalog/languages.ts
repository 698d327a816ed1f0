/** The 54 `language` values create_video_from_url accepts, in the seed's order. */
export const LANGUAGES = [
  'english', 'filipino', 'french', 'german', 'hindi', 'indonesian', 'italian', 'japanese', 'korean', 'malay',
  'portuguese', 'russian', 'spanish', 'thai', 'vietnamese', 'arabic', 'greek', 'turkish', 'slovenian', 'croatian',
  'romanian', 'chinese', 'bengali', 'urdu', 'hungarian', 'traditional-chinese', 'polish', 'cantonese', 'danish',
  'malayalam', 'tamil', 'telugu', 'czech', 'hebrew', 'zulu', 'swedish', 'lithuanian', 'dutch', 'flemish', 'norwegian',
  'finnish', 'bulgarian', 'latvian', 'ukrainian', 'mongolian', 'persian', 'odia', 'assamese', 'kannada', 'tagalog',
  'amharic', 'serbian', 'slovak', 'swahili',
] as const;

export type Language = (typeof LANGUAGES)[number];

export function isLanguage(s: string | null | undefined): s is Language {
  return typeof s === 'string' && (LANGUAGES as readonly string[]).includes(s);
}

/** The 16 `script_style` values, spelled exactly as the seed spells them. */
export const SCRIPT_STYLES = [
  "Don't Worry", 'Discovery', 'Data', 'Top 3 reasons', 'Soft Selling', 'Humor & Meme', 'Feature Explainer',
  'Soft Storytelling with Twist', 'Expert Advice', 'Unboxing & Review', 'Challenge', 'Problem/Solution', 'Comparison',
  'Creative/Innovative', 'Emotional Appeal', 'Immersive Storytelling',
] as const;

export type ScriptStyle = (typeof SCRIPT_STYLES)[number];

export const VIDEO_LENGTHS = ['15', '30', '60'] as const;

/** ISO 639-1 codes (and a few locales) of the languages, for clients that send `lang: "en"` or `"en-US"`. */
const LANGUAGE_CODES: Record<string, Language> = {
  en: 'english', fil: 'filipino', fr: 'french', de: 'german', hi: 'hindi', id: 'indonesian', it: 'italian', ja: 'japanese',
  ko: 'korean', ms: 'malay', pt: 'portuguese', ru: 'russian', es: 'spanish', th: 'thai', vi: 'vietnamese', ar: 'arabic',
  el: 'greek', tr: 'turkish', sl: 'slovenian', hr: 'croatian', ro: 'romanian', zh: 'chinese', 'zh-cn': 'chinese',
  'zh-tw': 'traditional-chinese', 'zh-hk': 'cantonese', yue: 'cantonese', bn: 'bengali', ur: 'urdu', hu: 'hungarian',
  pl: 'polish', da: 'danish', ml: 'malayalam', ta: 'tamil', te: 'telugu', cs: 'czech', he: 'hebrew', zu: 'zulu',
  sv: 'swedish', lt: 'lithuanian', nl: 'dutch', 'nl-be': 'flemish', no: 'norwegian', nb: 'norwegian', fi: 'finnish',
  bg: 'bulgarian', lv: 'latvian', uk: 'ukrainian', mn: 'mongolian', fa: 'persian', or: 'odia', as: 'assamese',
  kn: 'kannada', tl: 'tagalog', am: 'amharic', sr: 'serbian', sk: 'slovak', sw: 'swahili',
};

/**
 * A language as clients write it: one of LANGUAGES in any case ("English"), an ISO code ("en")
 * or a locale ("en-US", "zh-TW"); undefined when it is none of these.
 */
export function clientLanguage(s: string): Language | undefined {
  const v = s.trim().toLowerCase().replace(/_/g, '-');
  if (isLanguage(v)) return v;
  return LANGUAGE_CODES[v] ?? LANGUAGE_CODES[v.split('-')[0]!];
}

/** A list's language filter as clients write it; an unknown language keeps its spelling, so it matches nothing (as in v1). */
export const languageFilter = (s: string | undefined): string | undefined => (s === undefined ? undefined : (clientLanguage(s) ?? s));
