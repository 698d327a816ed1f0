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
