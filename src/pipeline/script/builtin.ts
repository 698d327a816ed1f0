import { isLanguage, type Language, type ScriptStyle } from '../../catalog/languages.ts';
import { detectLanguage, productLanguage, sameWrittenLanguage } from '../../products/language-detect.ts';
import type { ProductFacts, Script } from '../types.ts';
import { assignImages, type Draft } from './cues.ts';
import { fit, type Budget, type Chosen, type Item } from './fit.ts';
import { PHRASES } from './phrases/index.ts';
import { SHOWN_BEATS } from './phrases/shown-beats.ts';
import type { PhraseTable, StyleKey } from './phrases/types.ts';
import { formatPrice, speakPrices } from './price.ts';
import { LANGUAGE_PROFILES } from './rates.ts';
import { clean, fill, hasNumber, keywords, productPoints, shortName, variants, words, type Point } from './text.ts';

export const STYLE_KEYS: Readonly<Record<ScriptStyle, StyleKey>> = {
  "Don't Worry": 'worry', Discovery: 'discovery', Data: 'data', 'Top 3 reasons': 'top3', 'Soft Selling': 'soft',
  'Humor & Meme': 'humor', 'Feature Explainer': 'feature', 'Soft Storytelling with Twist': 'twist',
  'Expert Advice': 'expert', 'Unboxing & Review': 'unboxing', Challenge: 'challenge', 'Problem/Solution': 'problem',
  Comparison: 'comparison', 'Creative/Innovative': 'creative', 'Emotional Appeal': 'emotional',
  'Immersive Storytelling': 'immersive',
};

/** Where each part goes in the finished script. */
const ORDER = { hook: 0, intro: 10, twist: 20, audience: 25, point: 100, recap: 400, line: 500, price: 600, cta: 700 } as const;

/** The share of the length the narration aims for: under the length so a pause after the call to action fits. */
export const BUDGET = { min: 0.9, max: 0.97 } as const;

/** FNV-1a, 32 bit: a stable number from the seed (the video id) for the writer's choices. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (const ch of s) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface BuiltinInput {
  product: ProductFacts;
  style: ScriptStyle;
  lengthS: 15 | 30 | 60;
  language: Language;
  /** The video id: different ids vary the wording, the same id gives the same script. Default: the product name. */
  seed?: string;
  /** Multiplies the duration estimate (measured ÷ estimated of an earlier attempt); passed to fit(). */
  paceScale?: number;
}

/**
 * The built-in writer: templates of the language × the style, filled with product text, fitted to
 * the length. Product sentences are said only when the product is written in the narration
 * language; otherwise they are shown (as overlays) and the voice says what it can say in its own
 * language: the name, the audience when it is in that language, the price and the style's phrases.
 */
export function writeBuiltin(input: BuiltinInput): Script {
  const { product, style, lengthS, language } = input;
  const t = PHRASES[language];
  const key = STYLE_KEYS[style];
  const seed = hash(input.seed ?? product.name);
  const pick = (slot: string, n: number) => hash(`${seed}:${slot}`) % n;
  const speakable = saysProductText(product, language);
  const pool = speakable ? productPoints(product) : [];
  // Top 3 with fewer than three points to say counts the ones it has under the Feature
  // Explainer's hooks: nothing promises three, no generic praise stands in (docs/script.md).
  // A product whose texts are shown, not read: Top 3 with three or more of them counts the three
  // reasons aloud ("Reason one.") while their cards show; at 60 s every style counts up to three
  // of two or more (a spoken beat per card, where the voice has little else to say).
  const shownTexts = speakable ? 0 : Math.min(MAX_SHOWN, productPoints(product).length);
  const countShown = key === 'top3' ? shownTexts >= 3 : lengthS === 60 && shownTexts >= 2;
  const fewReasons = key === 'top3' && pool.length < 3 && !countShown;
  const [hookA, hookB] = t.styles[fewReasons ? 'feature' : key];
  const [, , intro, line] = t.styles[key];
  const name = shortName(product.name) || shortName(product.brand ?? '');
  const nameCuts = nameVariants(name);
  const price = formatPrice(product.price, product.currency, language);
  const items: Item[] = [];

  const hooks = pick('hook', 2) === 0 ? [hookA, hookB] : [hookB, hookA];
  items.push(phrase('hook', ORDER.hook, hooks, { gesture: key === 'worry' ? 'nod' : 'none', overlay: key === 'top3' && !fewReasons ? t.threeReasons : null }));

  const named = (tpl: string) => nameCuts.map((n) => fill(tpl, { name: n }));
  if (!name) {
    // Nameless product (never from the API, which requires a name): no sentence that names it.
    if (key === 'twist') items.push(phrase('intro', ORDER.intro, [intro], { kind: 'story' }));
  } else if (key === 'twist') {
    items.push(phrase('intro', ORDER.intro, [intro], { kind: 'story', gesture: 'none' }));
    items.push({ ...phrase('line', ORDER.twist, named(line), { kind: 'story', gesture: 'open', overlay: keywords(name) }), required: true });
  } else {
    const introItem = phrase('intro', ORDER.intro, named(intro), { kind: 'intro', gesture: 'open', overlay: keywords(name) });
    // At 15 s a Top 3 script may not hold the name and three counted reasons; the reasons win.
    if (key === 'top3') introItem.dropRank = 1;
    items.push(introItem);
    const nod = key === 'worry' || key === 'expert' || key === 'soft' || key === 'emotional';
    // The Top 3 closing line says "three reasons": not after fewer.
    if (!fewReasons) items.push({ ...phrase('line', ORDER.line, named(line), { kind: 'story', gesture: nod ? 'nod' : 'none' }), required: false, priority: 0 });
  }
  const audience = audienceSlot(product, language);
  if (audience && t.audience.length) {
    const tpls = rotate(t.audience, pick('audience', t.audience.length));
    items.push({ ...phrase('line', ORDER.audience, tpls.map((a) => fill(a, { audience })), { kind: 'story', gesture: 'open' }), required: false, priority: 5 });
  }

  if (!speakable) items.push(...shownBeatItems(product, language, name, countShown, key === 'top3'));
  if (countShown) items.push(...t.reasons.slice(0, Math.min(3, shownTexts)).map((r, k) => ({ ...phrase('point', ORDER.point + k, [countLabel(r)], { kind: 'point', gesture: 'count' }), required: true })));

  if (price) {
    // The seed's pick first; the other wordings are there to save or fill time.
    const tpls = rotate(t.price, pick('price', t.price.length));
    items.push(phrase('price', ORDER.price, tpls.map((p) => fill(p, { price })), { kind: 'price', gesture: 'point', overlay: price }));
  } else {
    items.push({ ...phrase('price', ORDER.price, [t.offer], { kind: 'price', gesture: 'point' }), required: false, priority: 1 });
  }
  const ctas = key === 'soft' ? [t.softCta] : rotate(t.cta, pick('cta', t.cta.length));
  items.push(phrase('cta', ORDER.cta, ctas, { kind: 'cta', gesture: 'point' }));

  const budget = { min: BUDGET.min * lengthS, max: BUDGET.max * lengthS, paceScale: input.paceScale };
  // Points in the product's order; if a required one had to be cut mid-sentence to fit, the
  // shortest of the first five go first instead (a whole short point beats a chopped long one).
  let points = pointItems(pool, key, t, seed, false);
  let chosen = fit([...items, ...points], language, budget);
  if (chosen.some(isCutPoint)) {
    const shortFirst = pointItems(pool, key, t, seed, true);
    const again = fit([...items, ...shortFirst], language, budget);
    if (again.filter(isCutPoint).length < chosen.filter(isCutPoint).length) [chosen, points] = [again, shortFirst];
  }
  // With nothing of its own to read, the style's other hook may open too ("Tired of …? Same problem again?").
  const moreHook = shownTexts > 0 ? { ...phrase('hook', ORDER.hook + 1, hooks, { kind: 'hook' }), required: false, priority: 100 } : null;
  const recapped = recaps(chosen, points, t, name, language, budget, shownTexts, moreHook);
  const drafts: Draft[] = recapped.map((it) => ({ text: it.text, role: it.role, cue: { ...it.cue } }));
  if (!speakable) showUnsaid(drafts, productPoints(product));
  const sentences = speakPrices(assignImages(drafts, product.imagePaths.length), product.price, product.currency, language);
  return {
    language,
    style,
    lengthS,
    sentences,
    text: sentences.map((s) => s.text).join(LANGUAGE_PROFILES[language].joiner),
    source: 'builtin',
  };
}

type CueBits = Partial<Pick<Item['cue'], 'kind' | 'gesture' | 'overlay' | 'pointIndex'>>;

function phrase(role: Item['role'], order: number, forms: string[], cue: CueBits, cuts: string[] = []): Item {
  return {
    role,
    order,
    forms: dedupe(forms),
    cuts,
    at: 0,
    required: true,
    priority: 0,
    dropRank: 0,
    cue: { kind: cue.kind ?? 'hook', gesture: cue.gesture ?? 'none', overlay: cue.overlay ?? null, pointIndex: cue.pointIndex ?? null },
  };
}

const isCutPoint = (c: Chosen) => c.role === 'point' && c.at >= c.forms.length;

/**
 * True when the voice may read the product's own sentences: they are written in the narration
 * language (or one it reads as its own). The stored language is used; a product stored before
 * detection (null) is detected here; text too short or mixed to tell is said as before.
 */
export function saysProductText(product: ProductFacts, language: Language): boolean {
  const own = isLanguage(product.language) ? product.language : productLanguage(product);
  return own === null || sameWrittenLanguage(own, language);
}

/**
 * target_audience as a slot filler, when the voice can say it: up to ten words, in the narration
 * language (a phrase too short to detect is taken to be in the product's language).
 */
export function audienceSlot(product: ProductFacts, language: Language): string | null {
  const a = clean(product.targetAudience ?? '');
  if (!a || !/\p{L}/u.test(a) || words(a).length > 10) return null;
  const own = detectLanguage(a) ?? (isLanguage(product.language) ? product.language : productLanguage(product));
  if (own !== null && !sameWrittenLanguage(own, language)) return null;
  // "Made for busy parents": a capitalised first word is lowered mid-sentence, except in German
  // (nouns keep their capital) and for names/acronyms ("iPhone owners", "NASA fans").
  return language !== 'german' && /^\p{Lu}\p{Ll}*(\s|$)/u.test(a) && words(a).length > 1 ? a.charAt(0).toLowerCase() + a.slice(1) : a;
}

/** Time to read a shown text the voice does not say: 1 s, plus 1 s per 12 characters, 5 s at most (a 50-character claim in another language than the viewer's). */
export function readingS(text: string): number {
  return Math.min(5, Math.round((1 + [...text].length / 12) * 10) / 10);
}

/**
 * Product sentences the voice does not read (another language) still appear: as the overlays of
 * the narration's own sentences that have none, in the product's order (several to a sentence,
 * shown one after another, when there are more texts than sentences), with the time to read them
 * (cue.readS: the length fitter may hold a pause that long after the sentence).
 */
function showUnsaid(drafts: Draft[], points: readonly Point[]): void {
  // A recap of the name would only repeat the title: it shows a point instead.
  // Only scenes that show cue cards (point and story scenes, every template) can hold them.
  const cards = drafts.filter((d) => !(d.cue.overlay !== null && d.role !== 'recap') && (d.cue.kind === 'point' || d.cue.kind === 'story'));
  // The recap of the name ("Remember: HydroPeak Bottle.") is a visual recap too: it shows the first
  // texts once more, as the spoken recap of a product the voice can read lists its points.
  const recap = cards.length > 1 ? cards.find((d) => d.role === 'recap') : undefined;
  const all = points.slice(0, MAX_SHOWN).map((p) => ({ text: keywords(p.text), index: p.index }));
  // Counted labels ("Reason one.") show the texts in order, one each; the rest are spread below.
  const counted = cards.filter((d) => d.cue.gesture === 'count' && d !== recap);
  counted.forEach((d, k) => showTexts(d, all.slice(k, k + 1)));
  const texts = all.slice(counted.length);
  const free = cards.filter((d) => d !== recap && !counted.includes(d));
  // Every point (and description sentence) is shown once, spread over the free sentences in order;
  // texts the other scenes could not hold (three to a scene) come first on the recap, then the first ones again.
  const held = Math.min(texts.length, free.length * MAX_SHOWN_PER_SENTENCE);
  const unheld = texts.slice(held);
  if (recap) showTexts(recap, [...unheld, ...all.filter((x) => !unheld.includes(x))].slice(0, MAX_SHOWN_PER_SENTENCE));
  if (free.length === 0) return;
  // Spread evenly (4 texts over 3 sentences: 2, 1, 1), at most three to a sentence (a reading beat
  // of ≤ 8 s): a longer wordless stretch loses the viewer.
  const per = Math.min(MAX_SHOWN_PER_SENTENCE, Math.ceil(texts.length / free.length));
  const from = (k: number) => Math.min(k * per, Math.round((k * texts.length) / free.length));
  free.forEach((d, k) => {
    showTexts(d, texts.slice(from(k), Math.min(from(k + 1), from(k) + per)));
  });
}

/** A sentence's scene shows these texts one after another, with the time to read them (cue.readS). */
function showTexts(d: Draft, mine: readonly { text: string; index: number | null }[]): void {
  if (mine.length === 0) return;
  const [first, ...more] = mine;
  const readS = Math.min(MAX_BEAT_S, mine.reduce((t, m) => t + readingS(m.text), 0));
  d.cue = { ...d.cue, overlay: first!.text, pointIndex: first!.index, readS, ...(more.length ? { shown: more.map((m) => m.text) } : {}) };
}

/** Product texts a script shows without reading them, at most; per sentence; the longest reading beat (s). */
const MAX_SHOWN = 6;
const MAX_SHOWN_PER_SENTENCE = 3;
const MAX_BEAT_S = 8;

/** Selling points as sentences, each with its shorter forms; the style decides the wording and how many are required. */
function pointItems(points: readonly Point[], key: StyleKey, t: PhraseTable, seed: number, shortFirst: boolean): Item[] {
  let pool = [...points];
  if (key === 'data') pool = [...pool.filter((p) => hasNumber(p.text)), ...pool.filter((p) => !hasNumber(p.text))];
  if (shortFirst) {
    const head = pool.slice(0, 5).sort((a, b) => firstClauseWords(a.text) - firstClauseWords(b.text));
    pool = [...head, ...pool.slice(5)];
  }
  const minPoints = Math.min(key === 'top3' ? 3 : 1, pool.length);
  const connectors = t.point.slice(1);
  return pool.map((p, k) => {
    let tpl: string;
    if (key === 'top3' && k < 3) tpl = t.reasons[k as 0 | 1 | 2];
    else if (key === 'data' && hasNumber(p.text)) tpl = t.fact;
    else if (key === 'feature') tpl = k === 0 ? t.first : k % 2 === 1 ? t.next : connectors[(seed + k) % connectors.length]!;
    else if (key === 'comparison' && k === 0) tpl = t.unlike;
    else if (k === 0 || connectors.length === 0) tpl = t.point[0]!;
    else tpl = connectors[(seed + k) % connectors.length]!;
    const v = variants(p.text);
    const counted = key === 'top3' && k < 3;
    return {
      ...phrase('point', ORDER.point + k, v.natural.map((x) => fill(tpl, { p: x })), {
        kind: 'point',
        gesture: counted ? 'count' : 'none',
        overlay: keywords(p.text),
        pointIndex: p.index,
      }, v.cuts.map((x) => fill(tpl, { p: x }))),
      required: k < minPoints,
      priority: 10 + k,
      raw: p.text,
    };
  });
}

/**
 * Long scripts of products with few points: one recap of the points said, as a list in the
 * language's own form (Intl.ListFormat: "A, B and C"), shorter lists when time is short; and,
 * when at least two points lie between, the name once more just before the price. `shownOnly`: the
 * product texts shown but not read (another language): two or more count as points between, and
 * the recap is one more sentence whose scene shows them (a reading beat).
 */
function recaps(chosen: Chosen[], points: Item[], t: PhraseTable, name: string, language: Language, budget: Budget, shownOnly = 0, moreHook: Item | null = null): Chosen[] {
  const said = chosen.filter((i) => i.role === 'point' && i.cue.pointIndex !== null && i.raw !== undefined);
  const unused = points.filter((i) => !chosen.some((c) => c.order === i.order));
  if (unused.length > 0) return chosen;
  const extra: Item[] = [];
  if (said.length > 0) {
    // Shortest natural form of each point: a recap is a reminder.
    const short = said.map((p) => variants(p.raw!).natural.at(-1)!);
    const list = new Intl.ListFormat(LANGUAGE_PROFILES[language].locale, { type: 'conjunction' });
    // Points after the first continue the sentence: "Keeps drinks cold, leak-proof lid" (not "USB-C", "Lumina").
    const inList = short.map((x, k) => (k > 0 && /^\p{Lu}\p{Ll}/u.test(x) ? x[0]!.toLocaleLowerCase(LANGUAGE_PROFILES[language].locale) + x.slice(1) : x));
    const forms = inList.map((_, k) => fill(t.recap, { p: list.format(inList.slice(0, inList.length - k)) }));
    extra.push({ ...phrase('recap', ORDER.recap, forms, { kind: 'point', overlay: keywords(short[0]!), pointIndex: said[0]!.cue.pointIndex }), required: false, priority: 50 });
  }
  // "Remember: ThermoFlask Pro 750." right before the price, never straight after the intro.
  // A product whose texts are shown, not read: the recap's scene shows some of them (a story scene
  // has the cue cards; showUnsaid fills them), the voice says the name.
  if (name && said.length + shownOnly >= 2) extra.push({ ...phrase('recap', ORDER.price - 1, [fill(t.recap, { p: name })], { kind: shownOnly ? 'story' : 'intro', gesture: 'open', overlay: keywords(name) }), required: false, priority: 99 });
  // The style's other hook: whichever of the two the first sentence does not already say.
  const other = moreHook?.forms.find((f) => !chosen.some((c) => c.text === f));
  if (moreHook && other) extra.push({ ...moreHook, forms: [other] });
  const fixed = chosen.map((c): Item => ({ ...c, forms: [c.text], cuts: [], at: 0, required: true, dropRank: 0 }));
  return fit([...fixed, ...extra], language, budget);
}

/**
 * What the writer can still say of a product whose text it may not read (docs/script.md): the
 * brand, when the name does not already carry it, and the lead-in of the shown cards ("Here are
 * its highlights.", a point scene that shows them). Optional; they come in when the length has room.
 */
function shownBeatItems(product: ProductFacts, language: Language, name: string, counted: boolean, top3: boolean): Item[] {
  const say = SHOWN_BEATS[language];
  const out: Item[] = [];
  const shown = productPoints(product).length > 0;
  // Top 3's counted reasons lead in their own cards (its hook promised them); other styles' counted
  // cards are led in by "Here are its highlights." over the name's title (an intro scene: the cards
  // are the counted ones').
  if (shown && !(counted && top3))
    out.push({ ...phrase('line', ORDER.intro + 1, [say.highlights], { kind: counted ? 'intro' : 'point', gesture: 'open' }), required: false, priority: 2 });
  const brand = clean(product.brand ?? '');
  // After the lead-in its scene shows cards too (a story scene); without cards, or when the counted
  // labels take them in order, it is an intro scene (the name's title).
  if (brand && say.brand && !name.toLowerCase().includes(brand.toLowerCase()))
    out.push({ ...phrase('line', ORDER.intro + 5, [say.brand.replace('{brand}', () => brand)], { kind: shown && !counted ? 'story' : 'intro', gesture: 'none' }), required: false, priority: 4 });
  return out;
}

/** "Reason one: {p}." → "Reason one." (every table's reasons are a label, a colon or space, then {p}). */
export function countLabel(template: string): string {
  return template.replace(/\s*[:：]?\s*\{p\}/u, '');
}

function firstClauseWords(s: string): number {
  const natural = variants(s).natural;
  return words(natural[natural.length - 1]!).length;
}

/** The name, then its first three and two words as last resorts. */
function nameVariants(name: string): string[] {
  const ws = words(name);
  const out = [name];
  if (ws.length > 3) out.push(ws.slice(0, 3).join(' '));
  if (ws.length > 2) out.push(ws.slice(0, 2).join(' '));
  return out;
}

function rotate<T>(xs: readonly T[], by: number): T[] {
  return xs.map((_, i) => xs[(i + by) % xs.length]!);
}

function dedupe(xs: string[]): string[] {
  return [...new Set(xs)];
}
