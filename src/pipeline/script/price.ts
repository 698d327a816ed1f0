import type { Language } from '../../catalog/languages.ts';
import { LANGUAGE_PROFILES } from './rates.ts';

/**
 * The one place prices are read and written (script, captions, overlays all call it), so what is
 * shown and what is said cannot disagree. Stored prices come from shops of every locale: "49.90",
 * "89,00", "1.299,00", "1,299.00", "$29.99".
 */

/**
 * Parses a stored price into a number; null when it is not one price. The last separator is the
 * decimal one when one or two digits follow it ("89,00" is 89, "29,9" is 29.9); with three digits
 * after it, it groups thousands ("1.299" is 1299).
 */
export function parsePrice(raw: string): number | null {
  const s = raw.replace(/[^\d.,]/g, '');
  if (!/\d/.test(s)) return null;
  const decimalAt = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  const after = s.length - decimalAt - 1;
  const normal = decimalAt >= 0 && after > 0 && after <= 2 ? `${s.slice(0, decimalAt).replace(/[.,]/g, '')}.${s.slice(decimalAt + 1)}` : s.replace(/[.,]/g, '');
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

/** Currency codes Intl knows; an unknown one ("XYZ" is valid shape but no currency) falls back to "89 XYZ". */
function currencyOf(currency: string | null): string | null {
  const code = currency?.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/**
 * Intl output as plain text: digits stay Latin (`-u-nu-latn`; the voice reads them reliably),
 * direction marks go (the caption layer runs the bidi algorithm itself), no-break spaces become
 * spaces so captions, protected spans and speech see the same ordinary characters, the full-width
 * yen becomes ¥, and a trailing abbreviation dot ("ر.س.") is dropped so it does not end a sentence.
 */
function plain(s: string): string {
  return s.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ').replace(/\uffe5/g, '¥').trim().replace(/\.$/, '');
}

/** Built formatters by locale and options: an Intl.NumberFormat costs ~0.1 ms to build, and a price counting up formats it many times per layout. */
const FORMATTERS = new Map<string, Intl.NumberFormat | null>();

function formatter(locale: string, o: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  const key = `${locale} ${JSON.stringify(o)}`;
  if (!FORMATTERS.has(key)) {
    let f: Intl.NumberFormat | null = null;
    try {
      f = new Intl.NumberFormat(locale, o);
    } catch {
      /* not a currency Intl knows */
    }
    if (FORMATTERS.size > 256) FORMATTERS.clear();
    FORMATTERS.set(key, f);
  }
  return FORMATTERS.get(key)!;
}

function formatWith(value: number, currency: string | null, language: Language, extra: Intl.NumberFormatOptions): string {
  const locale = `${LANGUAGE_PROFILES[language].locale}-u-nu-latn`;
  // Whole amounts drop their ".00": "89 €", not "89,00 €".
  const digits = Number.isInteger(value) ? 0 : 2;
  const base: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits, ...extra };
  const code = currencyOf(currency);
  // Not a currency Intl knows: the number with the code after it.
  const money = code ? formatter(locale, { ...base, style: 'currency', currency: code }) : null;
  if (money) return plain(money.format(value));
  const n = plain(formatter(locale, base)!.format(value));
  return code ? `${n} ${code}` : n;
}

/**
 * The price as a shopper of the language reads it, currency symbol kept: "89 €" in German and
 * "€89" in English for ("89,00", "EUR"); "US$49.90" in Chinese. Text that is not one price is
 * shown as given; null when there is no price.
 */
export function formatPrice(price: string | null, currency: string | null, language: Language): string | null {
  const raw = price?.trim();
  if (!raw) return null;
  const value = parsePrice(raw);
  // "£12" with no currency code: the shop's own writing is all we know.
  if (value === null || value <= 0 || (!currencyOf(currency) && /[^\d\s.,]/.test(raw))) return raw;
  const shown = formatWith(value, currency, language, {});
  const odd = currency?.trim();
  return odd && !currencyOf(currency) ? `${shown} ${odd}` : shown;
}

/**
 * The same amount in words the voice can say: the currency's name instead of its symbol, digits
 * without grouping separators (espeak-ng reads "1299" as a number; "1.299" it may read as a
 * decimal): "89 euros", "49,90 US-Dollar", "12800円". Null when there is no readable price.
 */
export function spokenPrice(price: string | null, currency: string | null, language: Language): string | null {
  const raw = price?.trim();
  if (!raw) return null;
  const value = parsePrice(raw);
  if (value === null || value <= 0) return null;
  return formatWith(value, currency, language, { currencyDisplay: 'name', useGrouping: false });
}

/**
 * Sentences that show the price ("All this for just 89 €.") are said with it in words
 * ("All this for just 89 Euro."): each gets `spoken`. Others pass unchanged.
 */
export function speakPrices<T extends { text: string; spoken?: string }>(sentences: readonly T[], price: string | null, currency: string | null, language: Language): T[] {
  const shown = formatPrice(price, currency, language);
  const said = spokenPrice(price, currency, language);
  if (!shown || !said || shown === said) return [...sentences];
  return sentences.map((s) => (s.text.includes(shown) ? { ...s, spoken: (s.spoken ?? s.text).replace(shown, () => said) } : s));
}
