/**
 * The per-video content checks of bench:quality, as pure functions over pipeline data.
 *
 * Two of them stand in for modules other parts of issue 10 deliver; each is a FALLBACK to be
 * replaced at merge by the contract's import (the table marks their columns with '*'):
 * - captionViolationsFallback → `captionViolations` from src/pipeline/captions/ (CAPTIONS part)
 * - narrationLanguageShareFallback → `narrationLanguageShare` from
 *   src/pipeline/script/language-share.ts (SCRIPTS part)
 */
import { detectAll } from 'tinyld';
import type { Captions } from '../../src/pipeline/captions/build.ts';
import { languageTag, textUnits } from '../../src/pipeline/captions/lang.ts';
import type { Script } from '../../src/pipeline/types.ts';

export const LAYOUT_TAGS = ['text-face', 'text-text', 'safe-area', 'cut-text', 'text-size', 'presenter-size', 'end-frame', 'media-frame'] as const;
export const CAPTION_TAGS = ['baseline', 'order', 'overlap', 'line-length', 'split-name', 'line-start', 'bidi', 'highlight'] as const;

/** Counts tagged violation strings ("tag: message") by tag; strings with an unknown tag count as `fallbackTag`. */
export function countByTag(violations: readonly string[], tags: readonly string[], fallbackTag: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of violations) {
    const tag = /^([a-z-]+): /.exec(v)?.[1];
    const key = tag && tags.includes(tag) ? tag : fallbackTag;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
/** Small kana and closing punctuation must not start a line (JIS X 4051 kinsoku, CJK and Latin closers). */
const NO_LINE_START = /^[ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰ-ㇿー、。，．！？）」』】〕〉》〙〗”’!?),.:;%]/u;

/**
 * FALLBACK (replace with captionViolations from src/pipeline/captions/ at merge). Checks what
 * the caption DATA shows: order, overlap, line length, split protected spans, line starts and
 * one-grapheme highlights. `baseline` and `bidi` need the caption layer's geometry and are not
 * checked here.
 */
export function captionViolationsFallback(c: Captions, opts: { protectedSpans: string[] }): string[] {
  const out: string[] = [];
  const pages = c.pages;
  const spans = opts.protectedSpans.map((s) => s.trim()).filter((s) => s.length > 1);
  pages.forEach((p, i) => {
    if (p.endMs <= p.startMs) out.push(`order: cue ${i} ends before it starts`);
    const next = pages[i + 1];
    if (next && next.startMs < p.startMs) out.push(`order: cue ${i + 1} starts before cue ${i}`);
    if (next && p.endMs > next.startMs) out.push(`overlap: cues ${i} and ${i + 1} overlap by ${p.endMs - next.startMs} ms`);
    const toks = p.lines.flatMap((l) => l.tokens);
    for (let k = 1; k < toks.length; k++) if (toks[k]!.startMs < toks[k - 1]!.startMs) out.push(`order: cue ${i} token "${toks[k]!.text}" before its predecessor`);
    p.lines.forEach((l, li) => {
      if (textUnits(l.text) > c.maxUnits + 0.01) out.push(`line-length: cue ${i} line ${li} is ${textUnits(l.text).toFixed(1)} units > ${c.maxUnits}`);
      if (NO_LINE_START.test(l.text)) out.push(`line-start: cue ${i} line ${li} starts with "${[...l.text][0]}"`);
      const nextLine = p.lines[li + 1];
      for (const s of spans) {
        if (!nextLine || textUnits(s) > c.maxUnits) continue;
        if (splitAcross(l.text, nextLine.text, s)) out.push(`split-name: "${s}" split across lines of cue ${i} ("${l.text}" | "${nextLine.text}")`);
      }
    });
    if (next) {
      const a = p.lines.map((l) => l.text).join(' ');
      const b = next.lines.map((l) => l.text).join(' ');
      for (const s of spans) if (splitAcross(a, b, s)) out.push(`split-name: "${s}" split across cues ${i} and ${i + 1} ("${a}" | "${b}")`);
    }
    // A word cut into pieces lights piece by piece; a one-grapheme piece is a single kana lit alone.
    for (const t of toks) {
      const pieces = toks.filter((u) => u.word === t.word).length;
      if (pieces > 1 && [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(t.text)].length === 1) out.push(`highlight: cue ${i} lights "${t.text}" alone (part of a word)`);
    }
  });
  return out;
}

/** The span is in a+b but in neither alone, and it straddles the join. */
function splitAcross(a: string, b: string, span: string): boolean {
  const s = squash(span);
  const A = squash(a);
  const B = squash(b);
  if (A.includes(s) || B.includes(s)) return false;
  const joined = A + B;
  const at = joined.indexOf(s);
  return at >= 0 && at < A.length && at + s.length > A.length;
}

/** Letters of each narration language's own script (others count as Latin). */
const SCRIPTS: Record<string, RegExp> = {
  arabic: /\p{Script=Arabic}/u, urdu: /\p{Script=Arabic}/u, persian: /\p{Script=Arabic}/u,
  japanese: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー]/u,
  chinese: /\p{Script=Han}/u, 'traditional-chinese': /\p{Script=Han}/u, cantonese: /\p{Script=Han}/u,
  korean: /[\p{Script=Hangul}\p{Script=Han}]/u, thai: /\p{Script=Thai}/u, hindi: /\p{Script=Devanagari}/u,
  russian: /\p{Script=Cyrillic}/u, ukrainian: /\p{Script=Cyrillic}/u, bulgarian: /\p{Script=Cyrillic}/u, serbian: /\p{Script=Cyrillic}/u, mongolian: /\p{Script=Cyrillic}/u,
  greek: /\p{Script=Greek}/u, hebrew: /\p{Script=Hebrew}/u, bengali: /\p{Script=Bengali}/u, assamese: /\p{Script=Bengali}/u,
  tamil: /\p{Script=Tamil}/u, telugu: /\p{Script=Telugu}/u, malayalam: /\p{Script=Malayalam}/u, kannada: /\p{Script=Kannada}/u,
  odia: /\p{Script=Oriya}/u, amharic: /\p{Script=Ethiopic}/u,
};
const LATIN = /\p{Script=Latin}/u;

/** The language tinyld finds with clear confidence, else null (short or mixed text). */
function detect(text: string): string | null {
  const best = detectAll(text)[0];
  return best && best.accuracy >= 0.5 ? best.lang : null;
}

/**
 * FALLBACK (replace with narrationLanguageShare from src/pipeline/script/language-share.ts at
 * merge). Share of the letters the voice reads (spoken ?? text) that belong to the narration
 * language: by Unicode script, and for Latin-script languages a sentence of 4+ words that tinyld
 * confidently detects as another language (names and brands left out) counts as foreign.
 */
export function narrationLanguageShareFallback(script: Pick<Script, 'language' | 'sentences'>, names: readonly string[] = []): number {
  const own = SCRIPTS[script.language] ?? LATIN;
  const tag = languageTag(script.language).split('-')[0]!;
  let total = 0;
  let mine = 0;
  for (const s of script.sentences) {
    const text = s.spoken ?? s.text;
    const letters = [...text].filter((ch) => /\p{L}/u.test(ch));
    let inScript = letters.filter((ch) => own.test(ch)).length;
    // Names and brands are said as they are in every language: they do not decide the sentence's language.
    const rest = names.filter(Boolean).reduce((t, n) => t.split(n).join(' '), text);
    if (own === LATIN && rest.trim().split(/\s+/).length >= 4) {
      const lang = detect(rest);
      if (lang && lang !== tag) inScript = 0;
    }
    total += letters.length;
    mine += inScript;
  }
  return total === 0 ? 1 : mine / total;
}

/** Below this share of the narration's letters in its own language, the video counts a defect. */
export const LANGUAGE_SHARE_MIN = 0.8;

/**
 * An amount as a shop or a shopper writes it, read independently of the pipeline's own price
 * code: a separator followed by exactly 1–2 final digits is the decimal mark ("89,00", "49.90",
 * "1.299,00"), any other separator groups thousands ("1,290", "8 900", "12.800").
 */
export function readAmount(s: string): number | null {
  const m = /\d(?:[\d.,'\u00a0\u202f ]*\d)?/.exec(s);
  if (!m) return null;
  const raw = m[0].replace(/[\u00a0\u202f' ]/g, '');
  const dec = /[.,](\d{1,2})$/.exec(raw);
  const whole = (dec ? raw.slice(0, dec.index) : raw).replace(/[.,]/g, '');
  return Number(whole) + (dec ? Number(dec[1]) / 10 ** dec[1]!.length : 0);
}

/** How the language may write the currency: its code and the locale's symbol and narrow symbol ("ر.س" for SAR in Arabic). */
function currencySigns(currency: string, tag: string): string[] {
  const out = [currency];
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    try {
      const part = new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay }).formatToParts(1).find((p) => p.type === 'currency');
      if (part) out.push(part.value.replace(/[\u200e\u200f\u061c]/g, '').replace(/\.$/, ''));
    } catch {
      // an unknown code: the code itself is the only sign
    }
  }
  return out;
}

/**
 * Prices the viewer sees (the price sentence and its on-screen overlay) state the stored amount
 * ("89,00" EUR is 89 euros, never 8900) and keep a currency symbol or code ("US 49.90" lost it).
 */
export function priceViolations(script: Pick<Script, 'sentences' | 'language'>, price: string | null, currency: string | null): string[] {
  const expected = price ? readAmount(price) : null;
  if (expected === null) return [];
  const signs = currency ? currencySigns(currency, languageTag(script.language)) : [];
  const out: string[] = [];
  for (const s of script.sentences) {
    if (s.cue.kind !== 'price') continue;
    for (const [where, text] of [['sentence', s.text], ['overlay', s.cue.overlay ?? '']] as const) {
      const got = readAmount(text);
      if (got === null) continue;
      if (Math.abs(got - expected) > 0.005) out.push(`price: ${where} "${text}" shows ${got}, the product costs ${expected} ${currency ?? ''}`.trim());
      if (currency && !/\p{Sc}/u.test(text) && !signs.some((c) => text.includes(c))) out.push(`price: ${where} "${text}" has no currency symbol`);
    }
  }
  return out;
}
