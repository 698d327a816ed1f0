import { isLanguage, type Language, type ScriptStyle } from '../../catalog/languages.ts';
import type { ProductFacts, SceneCue, Script } from '../types.ts';
import { BUDGET } from './builtin.ts';
import { assignImages, type Draft } from './cues.ts';
import type { ChatMessage, LlmClient } from './llm.ts';
import { PHRASES } from './phrases/index.ts';
import { productLanguage, sameWrittenLanguage } from '../../products/language-detect.ts';
import { formatPrice, speakPrices } from './price.ts';
import { estimateScriptS, estimateSentenceS, LANGUAGE_PROFILES } from './rates.ts';
import { STYLE_BRIEFS } from './style-briefs.ts';
import { keywords, productPoints, shortName } from './text.ts';
import { endsUnfinished } from './short-claim.ts';

/** Why an LLM answer was not used; the caller falls back to the built-in writer. */
export class LlmScriptRejected extends Error {
  override name = 'LlmScriptRejected';
}

const KINDS = new Set<SceneCue['kind']>(['hook', 'intro', 'point', 'price', 'story', 'cta']);
/** An LLM script may be shorter than the built-in one (models count words badly), never much longer. */
export const LLM_LENGTH = { min: 0.5, max: 1.1 } as const;
const HOOK_MAX_S = 4;

interface Input {
  product: ProductFacts;
  style: ScriptStyle;
  lengthS: 15 | 30 | 60;
  language: Language;
  /** Measured ÷ estimated seconds of an earlier attempt: the word budget shrinks (or grows) by it. */
  paceScale?: number;
}

export async function writeWithLlm(input: Input, llm: LlmClient): Promise<Script> {
  const answer = await llm.chat(buildMessages(input), { json: true, temperature: 0.7 });
  return parseLlmScript(answer, input);
}

export function buildMessages(input: Input): ChatMessage[] {
  const { product, style, lengthS, language } = input;
  const prof = LANGUAGE_PROFILES[language];
  const target = Math.round((BUDGET.max * lengthS * prof.rate) / (input.paceScale ?? 1));
  const unit = prof.unit === 'word' ? 'words' : `characters of ${prof.script} script`;
  const price = formatPrice(product.price, product.currency, language);
  const points = productPoints(product).map((p, i) => `${i}. ${p.text}`);
  const own = isLanguage(product.language) ? product.language : productLanguage(product);
  const foreign = own !== null && !sameWrittenLanguage(own, language);
  const system = [
    'You write the narration of short product videos presented by an on-screen avatar.',
    'Answer with ONE JSON object and nothing else, shaped',
    '{"sentences":[{"text":"...","kind":"hook|intro|point|price|story|cta","point":0}],"short_points":["..."]}',
    '"point" is the number of the selling point the sentence states, or null.',
    `Add "short_points": for each selling point, by its number, a complete shorter claim of at most ${SHORT_CLAIM_CHARS} characters in the selling point's own language, shown on its card when the point is too long: a finished phrase ("Adjustable lumbar support"), never cut mid-way, no ellipsis, not ending on "with", "for", "and" or the like.`,
  ].join('\n');
  const user = [
    `Language: ${language}. Write every sentence in ${language}, ${SCRIPT_NOTES[language] ?? `in ${prof.script} script`}. Keep product names as they are.`,
    // The voice reads only the narration language: product text in another one is translated, never copied.
    foreign ? `The product text below is written in ${own}: translate the facts you use into ${language}; do not copy its sentences, only product and brand names stay as they are.` : '',
    `Style: ${style}. ${STYLE_BRIEFS[style]}`,
    `Length: ${lengthS} seconds read aloud, so about ${target} ${unit} in total, not more.`,
    'Structure: the first sentence is a hook of a few words (said in under 3 seconds); then the product and its selling points;',
    price ? `the price, written exactly as "${price}";` : 'no price is known: do not invent one;',
    product.targetAudience.trim() ? 'say once who it is for (the audience below, in your words);' : '',
    'the last sentence is a call to action. One sentence per item; no emojis, hashtags or stage directions.',
    '',
    `Product name: ${product.name}`,
    // A long name is said by its short name (the title shows it; the full name is shown elsewhere on screen).
    shortName(product.name) !== product.name.trim() ? `Say the product as "${shortName(product.name)}" (its short name; the full name is shown on screen).` : '',
    product.brand ? `Brand: ${product.brand}` : '',
    product.targetAudience ? `Audience: ${product.targetAudience}` : '',
    `Description: ${product.description.slice(0, 1500)}`,
    points.length ? `Selling points:\n${points.join('\n')}` : '',
  ].filter((l) => l !== '');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user.join('\n') },
  ];
}

/** Validates an LLM answer and turns it into a Script with cues; throws LlmScriptRejected when it is unusable. */
export function parseLlmScript(answer: string, input: Input): Script {
  const { product, style, lengthS, language } = input;
  const data = parseJson(answer);
  const raw = (data as { sentences?: unknown }).sentences;
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 60) throw new LlmScriptRejected('no "sentences" array of 2 to 60 items');
  const points = productPoints(product);
  const items = raw.map((s, i) => {
    const o = s as { text?: unknown; kind?: unknown; point?: unknown };
    if (!o || typeof o.text !== 'string' || !o.text.trim() || o.text.length > 500) throw new LlmScriptRejected(`sentence ${i} has no usable text`);
    if (typeof o.kind !== 'string' || !KINDS.has(o.kind as SceneCue['kind'])) throw new LlmScriptRejected(`sentence ${i} has an unknown kind`);
    const point = typeof o.point === 'number' && Number.isInteger(o.point) && o.point >= 0 && o.point < points.length ? points[o.point]! : null;
    return { text: o.text.replace(/\s+/g, ' ').trim(), kind: o.kind as SceneCue['kind'], point, short: point ? shortOf(data, o.point as number, point.text) : null };
  });
  const texts = items.map((s) => s.text);
  checkScript(texts.join(' '), language);
  const seconds = estimateScriptS(texts, language) * (input.paceScale ?? 1);
  if (seconds > LLM_LENGTH.max * lengthS) throw new LlmScriptRejected(`too long: about ${seconds.toFixed(1)} s for ${lengthS} s`);
  if (seconds < LLM_LENGTH.min * lengthS) throw new LlmScriptRejected(`too short: about ${seconds.toFixed(1)} s for ${lengthS} s`);
  if (estimateSentenceS(texts[0]!, language) > HOOK_MAX_S) throw new LlmScriptRejected('the first sentence is too long for a hook');

  const price = formatPrice(product.price, product.currency, language);
  const name = keywords(shortName(product.name));
  let counted = 0;
  const drafts: Draft[] = items.map((s, i) => {
    // The ends of a script are a hook and a call to action whatever the model called them.
    const kind: SceneCue['kind'] = i === 0 ? 'hook' : i === items.length - 1 ? 'cta' : s.kind === 'hook' ? 'intro' : s.kind === 'cta' ? 'story' : s.kind;
    const count = style === 'Top 3 reasons' && kind === 'point' && counted < 3;
    if (count) counted++;
    const gesture: SceneCue['gesture'] = kind === 'intro' ? 'open' : kind === 'price' || kind === 'cta' ? 'point' : count ? 'count' : 'none';
    const overlay =
      kind === 'price' ? price : kind === 'point' && s.point ? (s.short ?? keywords(s.point.text)) : kind === 'intro' ? name
        : kind === 'hook' && style === 'Top 3 reasons' ? PHRASES[language].threeReasons : null;
    return { text: s.text, role: kind, cue: { kind, gesture, overlay, pointIndex: kind === 'point' ? (s.point?.index ?? null) : null } };
  });
  const sentences = speakPrices(assignImages(drafts, product.imagePaths.length), product.price, product.currency, language);
  return { language, style, lengthS, sentences, text: texts.join(LANGUAGE_PROFILES[language].joiner), source: 'llm' };
}

/** The longest short claim the model may give for a card (it is validated, else the built-in shortener's is used). */
export const SHORT_CLAIM_CHARS = 40;

/**
 * The model's short claim for selling point `n`, when usable: a string of at most
 * SHORT_CLAIM_CHARS characters, shorter than the point, with no ellipsis and not ending on an
 * unfinished word (script/short-claim.ts endsUnfinished); else null (the built-in shortener's).
 */
export function shortOf(data: unknown, n: number, point: string): string | null {
  const list = (data as { short_points?: unknown }).short_points;
  const raw = Array.isArray(list) ? list[n] : undefined;
  if (typeof raw !== 'string') return null;
  const t = raw.replace(/\s+/g, ' ').trim().replace(/[.。!！]+$/u, '');
  if (!t || [...t].length > SHORT_CLAIM_CHARS || [...t].length >= [...point].length || /…|\.\.\./.test(t) || endsUnfinished(t) || !/[\p{L}\p{N}]/u.test(t)) return null;
  return t;
}

/** How to write the languages whose script needs more than its Unicode name (the voice reads Japanese kana only). */
const SCRIPT_NOTES: Partial<Record<Language, string>> = {
  japanese: 'with kanji and kana as Japanese is normally written (the voice is given the kana reading)',
  chinese: 'in simplified Chinese characters',
  'traditional-chinese': 'in traditional Chinese characters (Taiwan usage)',
  cantonese: 'as written Cantonese in traditional characters (Hong Kong usage)',
  serbian: 'in Cyrillic script',
  flemish: 'in Belgian Dutch',
};

function parseJson(answer: string): unknown {
  const text = answer.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new LlmScriptRejected('the answer holds no JSON object');
  try {
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  } catch {
    throw new LlmScriptRejected('the answer is not valid JSON');
  }
}

/**
 * The script must be written in the language's own script: at least 40% of its letters (product
 * names stay as they are, so not all), and for Japanese some kana, since Chinese is also Han.
 * Among Latin-script languages only an answer in English is caught (by its function words).
 */
export function checkScript(text: string, language: Language): void {
  const prof = LANGUAGE_PROFILES[language];
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) throw new LlmScriptRejected('the script has no letters');
  const re = language === 'japanese' ? /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/gu : new RegExp(`\\p{Script=${prof.script}}`, 'gu');
  const own = text.match(re)?.length ?? 0;
  const share = prof.script === 'Latin' ? 0.6 : 0.4;
  if (own / letters < share) throw new LlmScriptRejected(`the script is not written in ${prof.script} script`);
  if (language === 'japanese' && (text.match(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0) / letters < 0.1) {
    throw new LlmScriptRejected('Japanese without kana');
  }
  // The usual failure in Latin script: the model answered in English.
  if (prof.script === 'Latin' && language !== 'english') {
    const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
    const english = words.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length;
    if (words.length > 0 && english / words.length >= 0.08) throw new LlmScriptRejected(`the script reads as English, not ${language}`);
  }
}

/** Frequent English words that are not words of the other Latin-script languages here ("to", "is", "for", "a" are). */
const ENGLISH_FUNCTION_WORDS = new Set(['the', 'and', 'you', 'your', 'with', 'this', 'that', 'of', 'are', 'will', 'now', 'get', "it's", "don't", 'yours']);
