import type { Language } from '../../catalog/languages.ts';
import { LANGUAGE_PROFILES } from './rates.ts';

/**
 * Formats a stored price ("49.90", ISO currency "EUR") the way the language writes money:
 * "49,90 €" in German, "$49.90" in English, "¥12,800" in Japanese. Digits stay Latin (the voice
 * reads them reliably; some locales would otherwise switch to their own digits), whole amounts
 * drop their ".00", and invisible direction marks and no-break spaces become plain text so the
 * speech stage and captions see ordinary characters; a trailing abbreviation dot ("ر.س.") is
 * dropped so it does not end the sentence early. Returns null when there is no price.
 */
export function formatPrice(price: string | null, currency: string | null, language: Language): string | null {
  const raw = price?.trim();
  if (!raw) return null;
  const value = Number(raw.replace(/[^\d.\-]/g, ''));
  if (!/\d/.test(raw) || !Number.isFinite(value) || value <= 0) return raw;
  const locale = `${LANGUAGE_PROFILES[language].locale}-u-nu-latn`;
  const whole = Number.isInteger(value);
  let opts: Intl.NumberFormatOptions = whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (currency && /^[A-Z]{3}$/.test(currency)) opts = { ...opts, style: 'currency', currency };
  let out: string;
  try {
    out = new Intl.NumberFormat(locale, opts).format(value);
  } catch {
    out = new Intl.NumberFormat(locale, whole ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2 }).format(value);
    if (currency) out = `${out} ${currency}`;
  }
  return out.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ').replace(/\uffe5/g, '¥').trim().replace(/\.$/, '');
}
