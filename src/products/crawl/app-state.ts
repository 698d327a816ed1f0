/**
 * Embedded application state (`__NEXT_DATA__`, `window.__INITIAL_STATE__`, `__NUXT__` when it is
 * JSON, …): a bounded breadth-first search for the most product-like object (a name plus a price).
 */
import type { PageLocale } from './currency.ts';
import { normalizeCurrency } from './currency.ts';
import type { Page } from './dom.ts';
import { asArray, cleanText, firstString, isObj, jsonAfter, parseJsonStrict, type JsonObject } from './json.ts';
import { centsToDecimal, parseMachinePrice, type ParsedPrice } from './price.ts';
import { emptyResult, type SourceResult } from './types.ts';

const STATE_MARKERS = [
  /window\.__INITIAL_STATE__\s*=\s*/,
  /window\.__PRELOADED_STATE__\s*=\s*/,
  /window\.__NUXT__\s*=\s*/,
  /window\.__APOLLO_STATE__\s*=\s*/,
  /window\.__STATE__\s*=\s*/,
  /window\.__DATA__\s*=\s*/,
];
const NAME_KEYS = ['name', 'title', 'productName', 'displayName'];
const PRICE_KEYS = ['price', 'salePrice', 'currentPrice', 'finalPrice', 'sellingPrice', 'offerPrice', 'priceInfo', 'prices', 'pricing', 'offers', 'priceRange'];
const NODE_BUDGET = 60_000;

function stateRoots(page: Page): unknown[] {
  const roots: unknown[] = [];
  for (const s of page.scripts) {
    if (s.id === '__NEXT_DATA__' || s.id === '__NUXT_DATA__' || (s.type === 'application/json' && /state|__data__|preload/i.test(s.id))) {
      const v = parseJsonStrict(s.text);
      if (v !== undefined) roots.push(v);
      continue;
    }
    if (s.type === 'application/json' || s.text.length < 50 || !s.text.includes('window.__')) continue;
    for (const re of STATE_MARKERS) {
      const v = jsonAfter(s.text, re);
      if (v !== undefined) roots.push(v);
    }
  }
  return roots;
}

function priceOf(v: unknown, key: string, loc: PageLocale, depth = 0): ParsedPrice | null {
  if (v === null || v === undefined || depth > 3) return null;
  if (typeof v === 'number') {
    const amount = /cent/i.test(key) ? centsToDecimal(v) : parseMachinePrice(v, null, loc)?.amount;
    return amount ? { amount, currency: null } : null;
  }
  if (typeof v === 'string') return parseMachinePrice(v, null, loc);
  if (Array.isArray(v)) return v.length > 0 ? priceOf(v[0], key, loc, depth + 1) : null;
  if (!isObj(v)) return null;
  const currency = normalizeCurrency(v.currency ?? v.currencyCode ?? v.priceCurrency, loc);
  if (typeof v.centAmount === 'number') {
    const digits = typeof v.fractionDigits === 'number' ? v.fractionDigits : 2;
    const amount = parseMachinePrice(v.centAmount / 10 ** digits, currency, loc);
    return amount ? { amount: amount.amount, currency } : null;
  }
  for (const k of ['value', 'amount', 'current', 'sale', 'salePrice', 'final', 'finalPrice', 'price', 'lowPrice', 'min', 'minPrice', 'raw', 'formattedValue', 'formatted', 'displayPrice']) {
    if (v[k] === undefined) continue;
    const p = priceOf(v[k], k, loc, depth + 1);
    if (p) return { amount: p.amount, currency: currency ?? p.currency };
  }
  return null;
}

interface Candidate {
  obj: JsonObject;
  name: string;
  price: ParsedPrice;
  score: number;
}

function norm(s: string | null | undefined): string {
  return (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function evaluate(o: JsonObject, loc: PageLocale, titles: string[]): Candidate | null {
  let name: string | null = null;
  for (const k of NAME_KEYS) {
    const v = o[k];
    if (typeof v === 'string' && v.trim().length >= 2 && v.length <= 400) {
      name = cleanText(v, 400);
      break;
    }
  }
  if (!name) return null;
  let price: ParsedPrice | null = null;
  for (const k of PRICE_KEYS) {
    if (o[k] === undefined) continue;
    price = priceOf(o[k], k, loc);
    if (price) break;
  }
  if (!price) return null;
  let score = 5;
  if (o.brand !== undefined) score++;
  if (o.sku !== undefined || o.productId !== undefined) score++;
  if (o.images !== undefined || o.image !== undefined) score++;
  if (o.description !== undefined) score++;
  const n = norm(name);
  if (titles.some((t) => t && (t === n || t.includes(n)))) score += 4;
  return { obj: o, name, price, score };
}

export function fromAppState(page: Page, loc: PageLocale, titles: string[]): SourceResult {
  const r = emptyResult('app-state');
  const roots = stateRoots(page);
  if (roots.length === 0) return r;
  const normTitles = titles.map(norm);
  let best: Candidate | null = null;
  const queue: unknown[] = [...roots];
  let budget = NODE_BUDGET;
  for (let qi = 0; qi < queue.length && budget > 0; qi++) {
    const v = queue[qi];
    budget--;
    if (Array.isArray(v)) {
      for (const x of v) if (typeof x === 'object' && x !== null) queue.push(x);
      continue;
    }
    if (!isObj(v)) continue;
    const c = evaluate(v, loc, normTitles);
    if (c && (!best || c.score > best.score)) best = c;
    for (const k in v) {
      const x = v[k];
      if (typeof x === 'object' && x !== null) queue.push(x);
    }
  }
  if (!best) return r;
  const o = best.obj;
  r.name = best.name;
  r.price = best.price;
  r.currency = best.price.currency ?? normalizeCurrency(o.currency ?? o.currencyCode ?? o.priceCurrency, loc);
  if (r.price && !r.price.currency && r.currency) r.price = { ...r.price, currency: r.currency };
  r.description = cleanText(o.description, 10_000);
  r.brand = isObj(o.brand) ? firstString(o.brand.name) : cleanText(o.brand, 120);
  r.sku = firstString(o.sku);
  for (const img of [...asArray(o.images), ...asArray(o.image)]) {
    if (typeof img === 'string') r.images.push(img);
    else if (isObj(img)) {
      const u = firstString(img.url, img.src, img.contentUrl, img.large, img.original);
      if (u) r.images.push(u);
    }
  }
  return r;
}
