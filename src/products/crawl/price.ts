/** Price parsing: locale-aware separators → a plain decimal string ("1.299,00 €" → "1299.00"). */
import { ZERO_DECIMAL, detectCurrency, type PageLocale } from './currency.ts';

export interface ParsedPrice {
  amount: string;
  currency: string | null;
}

// Indian grouping (1,29,999.00), then 3-digit groups (1.299,00 / 1 299,00 / 1'299.00), then plain.
const NUMBER = /\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?|\d{1,3}(?:[.,'’\u00a0\u202f\u2009 ]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d+)?/g;

function trimZeros(intPart: string, frac: string): string | null {
  const i = intPart.replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(i) || (frac && !/^\d+$/.test(frac))) return null;
  const s = frac ? `${i}.${frac}` : i;
  const n = Number(s);
  if (!Number.isFinite(n) || n <= 0 || n >= 1e9) return null;
  return s;
}

/**
 * Normalises one number token. `machine` marks values from structured data, where a lone "."
 * is a decimal point ("12.500" stays 12.5) unless the currency has no minor unit.
 */
export function normalizeNumber(token: string, opts: { machine?: boolean; currency?: string | null } = {}): string | null {
  const t = token.replace(/[\s\u00a0\u202f\u2009'’]/g, '');
  if (!/^\d[\d.,]*$/.test(t)) return null;
  const lastDot = t.lastIndexOf('.');
  const lastComma = t.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decIdx = Math.max(lastDot, lastComma);
    const intPart = t.slice(0, decIdx).replace(/[.,]/g, '');
    return trimZeros(intPart, t.slice(decIdx + 1));
  }
  const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : '';
  if (!sep) return trimZeros(t, '');
  const parts = t.split(sep);
  if (parts.length > 2) return trimZeros(parts.join(''), '');
  const [intPart, frac] = parts as [string, string];
  const zeroDecimal = !!opts.currency && ZERO_DECIMAL.has(opts.currency);
  if (frac.length === 3 && intPart !== '0' && intPart.length <= 3) {
    // "1,299" / "12.800": a thousands group, except a machine-written decimal ("12.500" in JSON)
    if (!(opts.machine && sep === '.' && !zeroDecimal)) return trimZeros(intPart + frac, '');
  }
  if (frac.length === 0) return trimZeros(intPart, '');
  return trimZeros(intPart, frac);
}

/** Formats a number of minor units (Shopify cents) as a decimal string. */
export function centsToDecimal(cents: number): string | null {
  if (!Number.isFinite(cents) || cents <= 0) return null;
  const whole = Math.floor(Math.round(cents) / 100);
  const rest = Math.round(cents) % 100;
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

export function numberToDecimal(n: number): string | null {
  if (!Number.isFinite(n) || n <= 0 || n >= 1e9) return null;
  return String(Math.round(n * 1e6) / 1e6);
}

/** Parses a structured-data price value (number or machine string, maybe with a symbol). */
export function parseMachinePrice(v: unknown, currency: string | null, loc: PageLocale): ParsedPrice | null {
  if (typeof v === 'number') {
    const amount = numberToDecimal(v);
    return amount ? { amount, currency } : null;
  }
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!s) return null;
  if (/^\d+(\.\d+)?$/.test(s)) {
    const amount = normalizeNumber(s, { machine: true, currency });
    return amount ? { amount, currency } : null;
  }
  return parsePriceText(s, loc, { machine: true, currency });
}

/**
 * Finds a price in free text ("1.299,00 €", "$1,299.99", "R$ 49,90", "30,000원~"). Prefers the
 * first number written next to a currency marker; otherwise the first number when the text is short.
 */
export function parsePriceText(
  text: string,
  loc: PageLocale,
  opts: { machine?: boolean; currency?: string | null; requireCurrency?: boolean } = {},
): ParsedPrice | null {
  const s = text.replace(/\s+/g, ' ').trim();
  if (!s || s.length > 400) return null;
  const found: Array<{ token: string; index: number; currency: string | null }> = [];
  NUMBER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NUMBER.exec(s)) !== null && found.length < 8) {
    let token = m[0].replace(/[\s\u00a0\u202f\u2009]+$/, '');
    // a separator followed by a group, then more text, is fine; a trailing separator is not part of the number
    token = token.replace(/[.,'’]$/, '');
    const before = s.slice(Math.max(0, m.index - 6), m.index);
    const after = s.slice(m.index + m[0].length, m.index + m[0].length + 6);
    const cur = detectCurrency(before.slice(-5), loc) ?? detectCurrency(after, loc);
    found.push({ token, index: m.index, currency: cur });
  }
  if (found.length === 0) return null;
  const pick = found.find((f) => f.currency) ?? (opts.requireCurrency ? undefined : found[0]);
  if (!pick) return null;
  const currency = pick.currency ?? opts.currency ?? null;
  const amount = normalizeNumber(pick.token, { machine: opts.machine, currency });
  return amount ? { amount, currency } : null;
}
