/** OpenGraph / Twitter / Facebook-catalog `<meta>` tags. */
import type { PageLocale } from './currency.ts';
import { normalizeCurrency } from './currency.ts';
import { meta, metaAll, type Page } from './dom.ts';
import { cleanText } from './json.ts';
import { parseMachinePrice, parsePriceText } from './price.ts';
import { emptyResult, type SourceResult } from './types.ts';

export function fromMeta(page: Page, loc: PageLocale): SourceResult {
  const r = emptyResult('meta');
  const ogType = (meta(page, 'og:type') ?? '').toLowerCase();
  r.isProduct = /product/.test(ogType);
  r.article = ogType === 'article' || ogType === 'blog';
  r.name = cleanText(meta(page, 'og:title', 'twitter:title'), 500);
  r.description = cleanText(meta(page, 'og:description', 'twitter:description'), 10_000);
  r.brand = cleanText(meta(page, 'product:brand', 'og:brand', 'brand'), 120);
  r.sku = cleanText(meta(page, 'product:retailer_item_id', 'product:sku', 'og:sku'), 100);
  r.currency = normalizeCurrency(meta(page, 'product:price:currency', 'og:price:currency', 'product:sale_price:currency'), loc);
  const amount = meta(page, 'product:sale_price:amount', 'product:price:amount', 'og:price:amount', 'og:price', 'product:price');
  let p = amount ? parseMachinePrice(amount, r.currency, loc) : null;
  if (!p && /price/i.test(meta(page, 'twitter:label1') ?? '')) p = parsePriceText(meta(page, 'twitter:data1') ?? '', loc, { currency: r.currency });
  if (p) {
    r.price = { amount: p.amount, currency: r.currency ?? p.currency };
    r.currency ??= p.currency;
  }
  for (const k of ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src']) r.images.push(...metaAll(page, k));
  for (const k of ['og:video', 'og:video:url', 'og:video:secure_url', 'twitter:player:stream']) r.videos.push(...metaAll(page, k));
  return r;
}

/** `<meta name="description">`, the last-resort description. */
export function metaDescription(page: Page): string | null {
  return cleanText(meta(page, 'description'), 10_000);
}
