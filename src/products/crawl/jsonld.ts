/** schema.org JSON-LD: Product / ProductGroup nodes, offers, brand, images, VideoObjects. */
import type { PageLocale } from './currency.ts';
import { normalizeCurrency } from './currency.ts';
import type { Page } from './dom.ts';
import { asArray, cleanText, firstString, isObj, parseJsonLoose, type JsonObject } from './json.ts';
import { parseMachinePrice, type ParsedPrice } from './price.ts';
import { emptyResult, type SourceResult } from './types.ts';

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel', 'someproducts', 'vehicle', 'car', 'motorizedbicycle']);
const NON_PRODUCT_WITH_OFFERS = new Set(['offer', 'aggregateoffer', 'itemlist', 'organization', 'website', 'webpage', 'breadcrumblist', 'store', 'localbusiness', 'searchresultspage', 'collectionpage']);
const ARTICLE_TYPES = new Set(['article', 'blogposting', 'newsarticle', 'techarticle', 'report', 'scholarlyarticle', 'liveblogposting']);

interface Found {
  node: JsonObject;
  inList: boolean;
}

export function typesOf(node: JsonObject): string[] {
  return asArray(node['@type'])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase());
}

function isProductNode(node: JsonObject): boolean {
  const types = typesOf(node);
  if (types.some((t) => PRODUCT_TYPES.has(t))) return true;
  // Books, events, courses… sold with offers are products for our purposes.
  return node.offers !== undefined && typeof node.name === 'string' && !types.some((t) => NON_PRODUCT_WITH_OFFERS.has(t));
}

function collect(roots: unknown[]): { nodes: Found[]; ids: Map<string, JsonObject> } {
  const nodes: Found[] = [];
  const ids = new Map<string, JsonObject>();
  let budget = 20_000;
  const visit = (v: unknown, inList: boolean, depth: number): void => {
    if (depth > 8 || budget-- <= 0) return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x, inList, depth + 1);
      return;
    }
    if (!isObj(v)) return;
    const id = v['@id'];
    if (typeof id === 'string' && Object.keys(v).length > 1 && !ids.has(id)) ids.set(id, v);
    nodes.push({ node: v, inList });
    if (v['@graph'] !== undefined) visit(v['@graph'], inList, depth + 1);
    for (const k of ['mainEntity', 'mainEntityOfPage', 'about', 'subjectOf']) if (isObj(v[k]) || Array.isArray(v[k])) visit(v[k], inList, depth + 1);
    if (v.itemListElement !== undefined) visit(v.itemListElement, true, depth + 1);
    if (isObj(v.item)) visit(v.item, inList, depth + 1);
    // index nested objects that carry an @id (offers, brands) so references resolve
    for (const k of ['offers', 'brand', 'manufacturer', 'image', 'video']) {
      for (const x of asArray(v[k])) {
        if (isObj(x) && typeof x['@id'] === 'string' && Object.keys(x).length > 1 && !ids.has(x['@id'])) ids.set(x['@id'], x);
      }
    }
  };
  for (const r of roots) visit(r, false, 0);
  return { nodes, ids };
}

function deref(v: unknown, ids: Map<string, JsonObject>): unknown {
  if (isObj(v) && typeof v['@id'] === 'string' && Object.keys(v).length === 1) return ids.get(v['@id']) ?? v;
  return v;
}

function brandOf(v: unknown, ids: Map<string, JsonObject>): string | null {
  for (const raw of asArray(v)) {
    const b = deref(raw, ids);
    const s = isObj(b) ? firstString(b.name, b.alternateName) : cleanText(b, 200);
    if (s && !/^https?:\/\//i.test(s) && s.length <= 120) return s;
  }
  return null;
}

function urlsOf(v: unknown, ids: Map<string, JsonObject>, keys: string[]): string[] {
  const out: string[] = [];
  for (const raw of asArray(v)) {
    const x = deref(raw, ids);
    if (typeof x === 'string') out.push(x);
    else if (isObj(x)) {
      for (const k of keys) {
        const s = asArray(x[k]).find((y): y is string => typeof y === 'string');
        if (s) {
          out.push(s);
          break;
        }
      }
    }
  }
  return out;
}

function sameUrl(a: unknown, page: Page): boolean {
  if (typeof a !== 'string' || !page.pageUrl) return false;
  try {
    const u = new URL(a, page.pageUrl);
    return u.pathname === page.pageUrl.pathname && u.search === page.pageUrl.search;
  } catch {
    return false;
  }
}

interface OfferPrice {
  price: ParsedPrice | null;
  currency: string | null;
}

function offerPrice(offer: JsonObject, loc: PageLocale): OfferPrice {
  const specs = asArray(offer.priceSpecification).filter(isObj);
  const currency = normalizeCurrency(offer.priceCurrency ?? specs[0]?.priceCurrency, loc);
  // a spec marked VAT-included beats the offer price when another spec says that one excludes VAT
  const vat = (s: JsonObject) => String(s.valueAddedTaxIncluded ?? '').replace(/^https?:\/\/schema\.org\//i, '').toLowerCase();
  const withVat = specs.filter((s) => vat(s) === 'true');
  const first = withVat.length > 0 && specs.some((s) => vat(s) === 'false') ? withVat.map((s) => s.price) : [];
  for (const v of [...first, offer.price, offer.lowPrice, ...specs.map((s) => s.price), ...specs.map((s) => s.minPrice)]) {
    if (v === undefined || v === null) continue;
    const p = parseMachinePrice(v, currency, loc);
    if (p) return { price: { amount: p.amount, currency: currency ?? p.currency }, currency: currency ?? p.currency };
  }
  return { price: null, currency };
}

function offersOf(node: JsonObject, ids: Map<string, JsonObject>): JsonObject[] {
  const out: JsonObject[] = [];
  const add = (v: unknown, depth: number) => {
    for (const raw of asArray(v)) {
      const o = deref(raw, ids);
      if (!isObj(o)) continue;
      out.push(o);
      if (depth < 2 && o.offers !== undefined) add(o.offers, depth + 1); // AggregateOffer.offers
    }
  };
  add(node.offers, 0);
  for (const variant of asArray(node.hasVariant)) {
    const vv = deref(variant, ids);
    if (isObj(vv)) add(vv.offers, 1);
  }
  return out;
}

function pickMain(products: Found[], page: Page): JsonObject | null {
  const top = products.filter((p) => !p.inList).map((p) => p.node);
  if (top.length === 0) return null;
  return (
    top.find((p) => sameUrl(p.url, page) || sameUrl(p['@id'], page)) ??
    top.find((p) => p.offers !== undefined && typesOf(p).some((t) => PRODUCT_TYPES.has(t))) ??
    top.find((p) => p.offers !== undefined) ??
    top[0]!
  );
}

export function parseJsonLdBlocks(page: Page): unknown[] {
  const roots: unknown[] = [];
  for (const block of page.ldJson) {
    const v = parseJsonLoose(block.text);
    if (v !== undefined) roots.push(v);
  }
  return roots;
}

export function fromJsonLd(page: Page, loc: PageLocale): SourceResult {
  const r = emptyResult('jsonld');
  if (page.ldJson.length === 0) return r;
  const { nodes, ids } = collect(parseJsonLdBlocks(page));
  const products = nodes.filter((f) => isProductNode(f.node));
  r.article = nodes.some((f) => typesOf(f.node).some((t) => ARTICLE_TYPES.has(t)));
  for (const f of nodes) {
    if (typesOf(f.node).includes('videoobject') && !f.inList) r.videos.push(...urlsOf(f.node, ids, ['contentUrl', 'embedUrl']));
  }
  const main = pickMain(products, page);
  if (!main) {
    const listed = new Set(products.filter((p) => p.inList).map((p) => cleanText(p.node.name)));
    if (listed.size >= 2) r.listing = true;
    return r;
  }
  r.isProduct = true;
  const group = deref(main.isVariantOf, ids);
  const parent = isObj(group) ? group : null;
  r.name = firstString(main.name, parent?.name);
  if (r.name && r.name.length > 500) r.name = r.name.slice(0, 500);
  r.description = cleanText(main.description) ?? cleanText(parent?.description);
  r.brand = brandOf(main.brand, ids) ?? brandOf(parent?.brand, ids);
  r.sku = firstString(main.sku, main.productID);
  if (!r.sku) {
    const variantSkus = asArray(main.hasVariant).map((v) => deref(v, ids)).filter(isObj);
    r.sku = variantSkus.length === 1 ? firstString(variantSkus[0]!.sku) : null;
  }
  const offers = offersOf(main, ids);
  const ordered = [...offers.filter((o) => sameUrl(o.url, page)), ...offers];
  for (const o of ordered) {
    const p = offerPrice(o, loc);
    if (!r.currency && p.currency) r.currency = p.currency;
    if (p.price) {
      r.price = p.price;
      break;
    }
  }
  r.images.push(...urlsOf(main.image, ids, ['contentUrl', 'url', 'thumbnailUrl']));
  for (const variant of asArray(main.hasVariant)) {
    const vv = deref(variant, ids);
    if (isObj(vv)) r.images.push(...urlsOf(vv.image, ids, ['contentUrl', 'url']));
  }
  if (parent) r.images.push(...urlsOf(parent.image, ids, ['contentUrl', 'url']));
  r.videos.unshift(...urlsOf(main.video, ids, ['contentUrl', 'embedUrl']));
  return r;
}
