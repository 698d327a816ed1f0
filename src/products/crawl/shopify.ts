/**
 * Shopify product data: `<script type="application/json" data-product-json>`, `/products/x.js`-style
 * objects assigned in theme scripts, and the analytics `var meta = {product: …}` (prices in cents).
 */
import type { PageLocale } from './currency.ts';
import { normalizeCurrency } from './currency.ts';
import type { Page } from './dom.ts';
import { asArray, cleanText, firstString, isObj, jsonAfter, parseJsonLoose, type JsonObject } from './json.ts';
import { centsToDecimal, parseMachinePrice, type ParsedPrice } from './price.ts';
import { emptyResult, type SourceResult } from './types.ts';

/** A Shopify product object has variants plus a title or vendor. */
function isShopifyProduct(v: unknown): v is JsonObject {
  return isObj(v) && Array.isArray(v.variants) && (typeof v.title === 'string' || typeof v.vendor === 'string');
}

function unwrap(v: unknown): JsonObject | null {
  if (isShopifyProduct(v)) return v;
  if (isObj(v) && isShopifyProduct(v.product)) return v.product;
  return null;
}

/** Shopify `.js` objects carry integer cents; `.json` objects carry decimal strings. */
function shopifyPrice(v: unknown, currency: string | null, loc: PageLocale): ParsedPrice | null {
  if (typeof v === 'number') {
    const amount = centsToDecimal(v);
    return amount ? { amount, currency } : null;
  }
  if (typeof v === 'string' && v.trim()) {
    const p = parseMachinePrice(v, currency, loc);
    return p ? { amount: p.amount, currency } : null;
  }
  return null;
}

function selectedVariant(product: JsonObject, page: Page): JsonObject | null {
  const variants = asArray(product.variants).filter(isObj);
  const wanted = page.pageUrl?.searchParams.get('variant');
  return (
    (wanted ? variants.find((v) => String(v.id) === wanted) : undefined) ??
    variants.find((v) => v.available !== false) ??
    variants[0] ??
    null
  );
}

function listItems(html: string): string[] {
  const ul = /<ul\b[^>]*>([\s\S]*?)<\/ul>/i.exec(html);
  if (!ul) return [];
  const out: string[] = [];
  const li = /<li\b[^>]*>([\s\S]*?)<\/li>/gi;
  let m: RegExpExecArray | null;
  while ((m = li.exec(ul[1]!)) !== null && out.length < 12) {
    const t = cleanText(m[1], 400);
    if (t) out.push(t);
  }
  return out;
}

function mediaUrls(product: JsonObject, r: SourceResult): void {
  for (const img of asArray(product.images)) {
    if (typeof img === 'string') r.images.push(img);
    else if (isObj(img) && typeof img.src === 'string') r.images.push(img.src);
  }
  if (typeof product.featured_image === 'string') r.images.push(product.featured_image);
  for (const m of asArray(product.media).filter(isObj)) {
    if (m.media_type === 'image' && typeof m.src === 'string') r.images.push(m.src);
    else if (m.media_type === 'video') {
      const mp4 = asArray(m.sources).filter(isObj).find((s) => s.format === 'mp4' || s.mime_type === 'video/mp4') ?? asArray(m.sources).filter(isObj)[0];
      if (mp4 && typeof mp4.url === 'string') r.videos.push(mp4.url);
    } else if (m.media_type === 'external_video' && typeof m.external_id === 'string') {
      if (m.host === 'youtube') r.videos.push(`https://www.youtube.com/watch?v=${m.external_id}`);
      else if (m.host === 'vimeo') r.videos.push(`https://vimeo.com/${m.external_id}`);
    }
  }
}

const PRODUCT_ASSIGN = /(?:\bvar|\blet|\bconst|window\.|\b)(?:product|productJson|productJSON|currentProduct|_product)\s*[=:]\s*(?=\{)/g;

function findProductJson(page: Page): JsonObject | null {
  for (const s of page.scripts) {
    if (s.type !== 'application/json') continue;
    if (s.el.attribs['data-product-json'] !== undefined || /product-?json|^product[-_]/i.test(s.id)) {
      const p = unwrap(parseJsonLoose(s.text));
      if (p) return p;
    }
  }
  for (const s of page.scripts) {
    if (s.type && s.type !== 'text/javascript' && s.type !== 'application/javascript' && s.type !== 'module') continue;
    if (!s.text.includes('variants')) continue;
    PRODUCT_ASSIGN.lastIndex = 0;
    let m: RegExpExecArray | null;
    let tries = 0;
    while ((m = PRODUCT_ASSIGN.exec(s.text)) !== null && tries++ < 5) {
      const p = unwrap(jsonAfter(s.text.slice(m.index, m.index + 2_000_000), m[0]));
      if (p) return p;
    }
  }
  return null;
}

function findAnalyticsMeta(page: Page): { product: JsonObject | null; currency: string | null } {
  let currency: string | null = null;
  let product: JsonObject | null = null;
  for (const s of page.scripts) {
    const t = s.text;
    if (!t.includes('Shopify') && !t.includes('var meta')) continue;
    if (!product && t.includes('var meta')) {
      const m = jsonAfter(t, /var\s+meta\s*=\s*/);
      if (isObj(m) && isObj(m.product)) product = m.product;
    }
    if (!currency) {
      const c = /ShopifyAnalytics\.meta\.currency\s*=\s*['"]([A-Z]{3})['"]/.exec(t) ?? /Shopify\.currency\s*=\s*\{[^}]*"active"\s*:\s*"([A-Z]{3})"/.exec(t);
      if (c) currency = c[1]!;
    }
    if (product && currency) break;
  }
  return { product, currency };
}

export function fromShopify(page: Page, loc: PageLocale): SourceResult {
  const r = emptyResult('shopify');
  const product = findProductJson(page);
  const analytics = findAnalyticsMeta(page);
  if (!product && !analytics.product) return r;
  r.isProduct = true;
  r.currency = normalizeCurrency(analytics.currency, loc);
  if (product) {
    r.name = cleanText(product.title, 500);
    const desc = typeof product.description === 'string' ? product.description : typeof product.body_html === 'string' ? product.body_html : '';
    r.description = cleanText(desc, 10_000);
    r.sellingPoints = listItems(desc);
    r.brand = cleanText(product.vendor, 120);
    const v = selectedVariant(product, page);
    r.sku = firstString(v?.sku);
    r.price = shopifyPrice(v?.price, r.currency, loc) ?? shopifyPrice(product.price, r.currency, loc) ?? shopifyPrice(product.price_min, r.currency, loc);
    if (isObj(v?.featured_image) && typeof v.featured_image.src === 'string') r.images.push(v.featured_image.src);
    mediaUrls(product, r);
  }
  const meta = analytics.product;
  if (meta) {
    r.brand ??= cleanText(meta.vendor, 120);
    const v = selectedVariant(meta, page);
    r.sku ??= firstString(v?.sku);
    r.price ??= shopifyPrice(v?.price, r.currency, loc);
    if (!r.name && v && typeof v.name === 'string') {
      const title = typeof v.public_title === 'string' && v.public_title ? v.name.replace(` - ${v.public_title}`, '') : v.name;
      r.name = cleanText(title, 500);
    }
  }
  return r;
}
