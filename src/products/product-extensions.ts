/**
 * The extension fields a client may give a product (POST without url, PUT): brand, price,
 * currency, selling_points. Stored as the crawler stores them, so the script writer and the
 * price module (src/pipeline/script/price.ts) read a hand-given price exactly like a crawled one:
 * price a plain decimal string ("1299.00"), currency an upper-case ISO 4217 code.
 */
import { errors } from '../lib/errors.ts';
import { ISO_CODES } from './crawl/currency.ts';
import { normalizeNumber } from './crawl/price.ts';
import type { Product } from './product.repository.ts';

export interface ExtensionInput {
  brand?: string | undefined;
  /** A number or a numeric string (after the route's coercion, always a string). */
  price?: string | undefined;
  currency?: string | undefined;
  selling_points?: string[] | undefined;
}

export type ExtensionChanges = Partial<Pick<Product, 'brand' | 'price' | 'currency' | 'sellingPoints'>>;

/** Prices at or above this are refused (the crawler's bound too). */
const MAX_PRICE = 1e9;

/**
 * "49.90", "49,90", "1,299.00", "1.299,00" or 49.9 → "49.90" style decimal string; "0" → null
 * (price 0 removes the price, as 0 means "none" for template_id and music_id). A negative or
 * non-numeric value is 40000 naming price.
 */
export function parsePriceInput(raw: string): string | null {
  const t = raw.trim();
  const rule = 'must be a non-negative number or numeric string such as 49.90 (0 removes the price)';
  if (/^0+([.,]0+)?$/.test(t)) return null;
  if (/^-/.test(t)) throw errors.parameter('price', rule);
  const plain = /^\d+(\.\d+)?$/.test(t) ? t.replace(/^0+(?=\d)/, '') : normalizeNumber(t);
  if (plain === null || !/^\d+(\.\d+)?$/.test(plain) || Number(plain) >= MAX_PRICE) throw errors.parameter('price', rule);
  return plain;
}

export function parseCurrencyInput(raw: string): string {
  const code = raw.trim().toUpperCase();
  if (!ISO_CODES.has(code)) throw errors.parameter('currency', 'must be an ISO 4217 currency code such as USD, EUR or JPY');
  return code;
}

/**
 * The stored form of the extension fields the input gives; absent fields are not in the result.
 * An empty selling_points list (or one of blank lines only) means "no change", like an empty media list.
 */
export function extensionChanges(input: ExtensionInput): ExtensionChanges {
  const out: ExtensionChanges = {};
  if (input.brand !== undefined) out.brand = input.brand.trim();
  if (input.price !== undefined) out.price = parsePriceInput(input.price);
  if (input.currency !== undefined) out.currency = parseCurrencyInput(input.currency);
  const points = input.selling_points?.map((p) => p.trim()).filter((p) => p !== '');
  if (points && points.length > 0) out.sellingPoints = points;
  return out;
}
