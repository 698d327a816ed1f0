/**
 * The per-video content checks of bench:quality that the pipeline does not have itself, as pure
 * functions over pipeline data (captions and layout are judged by the pipeline's own
 * captionViolations and layoutViolations, the language share by narrationLanguageShare).
 */
import { languageTag } from '../../src/pipeline/captions/lang.ts';
import type { Script } from '../../src/pipeline/types.ts';

export const LAYOUT_TAGS = ['text-face', 'text-text', 'safe-area', 'cut-text', 'text-size', 'presenter-size', 'presenter-float', 'end-frame', 'media-frame', 'product-share', 'presenter-product', 'captions-product', 'text-product', 'title-lines', 'card-lines', 'media-face', 'cta-head', 'captions-presenter', 'legibility'] as const;
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
