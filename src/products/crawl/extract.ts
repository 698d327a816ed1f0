/**
 * Product extraction: a pure function from page HTML + URL to the product's fields, or a verdict
 * that the page is a bot wall or not a product page.
 *
 * The page is parsed once; every source reads the shared index. Sources, most trusted first:
 * JSON-LD, microdata, Shopify product JSON, Amazon-style layout, OpenGraph/product meta, embedded
 * app state, generic page heuristics. Per field the first source with a good value wins; images
 * and videos are merged across sources and deduplicated.
 */
import { countryCurrency, type PageLocale } from './currency.ts';
import { fromAppState } from './app-state.ts';
import { fromAmazonLayout } from './amazon.ts';
import { brandFromTitles, cleanBrand, isShopNameFragment } from './brands.ts';
import { detectBotWall } from './botwall.ts';
import { loadPage, meta, textOf, type Page } from './dom.ts';
import { fromGeneric } from './generic.ts';
import { MediaList } from './images.ts';
import { hasOfferForm } from './offer-form.ts';
import { fromMagento } from './magento.ts';
import { cleanText } from './json.ts';
import { fromJsonLd } from './jsonld.ts';
import { fromMeta, metaDescription } from './meta.ts';
import { fromMicrodata } from './microdata.ts';
import { fromShopify } from './shopify.ts';
import { cleanSku, preferVisibleCode, withUrlId } from './identifiers.ts';
import { splitTitle, withoutAuthorAndFormat } from './titles.ts';
import { emptyResult, type ExtractedProduct, type PageVerdict, type SourceResult } from './types.ts';

export type { ExtractedProduct, PageVerdict } from './types.ts';

const MAX_IMAGES = 20;
const MAX_VIDEOS = 10;

type Field = 'name' | 'description' | 'brand' | 'sku';

function firstOf(sources: SourceResult[], field: Field): string | null {
  for (const s of sources) {
    const v = s[field];
    if (v) return v;
  }
  return null;
}

export { stripSiteName } from './titles.ts';

export { cleanSku } from './identifiers.ts';

function mergeMedia(page: Page, lists: string[][], max: number, images: boolean): string[] {
  const m = new MediaList(page.baseUrl, max, images);
  for (const l of lists) m.addAll(l);
  return m.urls;
}

function pageVideos(page: Page): string[] {
  const out: string[] = [];
  for (const v of page.videos) {
    if (v.attribs.src) out.push(v.attribs.src);
    else if (v.attribs['data-src']) out.push(v.attribs['data-src']);
    for (const c of v.children) {
      if (c.type === 'tag' && (c as { name?: string }).name === 'source') {
        const a = (c as unknown as { attribs: Record<string, string> }).attribs;
        const src = a.src ?? a['data-src'];
        if (src) out.push(src);
      }
    }
  }
  return out;
}

export function extractProduct(html: string, pageUrl: string): PageVerdict {
  const page = loadPage(html, pageUrl);
  const loc: PageLocale = { host: page.host, lang: page.lang, path: page.pageUrl?.pathname ?? '' };

  const jsonld = fromJsonLd(page, loc);
  const micro = fromMicrodata(page, loc);
  const shopify = fromShopify(page, loc);
  const amazon = fromAmazonLayout(page, loc);
  const metaR = fromMeta(page, loc);
  const structured = [jsonld, micro, shopify, amazon].some((s) => s.isProduct);

  // product data (markup, a meta price, or a title with an add-to-cart control) rules out a wall
  const wall = detectBotWall(page, structured || metaR.price !== null || (page.cartSignals > 0 && page.h1s.length > 0));
  if (wall) return { kind: 'blocked', reason: wall };

  const og = splitTitle(metaR.name, page);
  const doc = splitTitle(cleanText(page.title, 500), page);
  // names read off titles and headings lose a trailing author and format ("… by A. Writer (Paperback)")
  const plain = (x: string | null) => (x ? withoutAuthorAndFormat(x) : null);
  const ogTitle = plain(og.name);
  const docTitle = plain(doc.name);
  const hints = [jsonld.name, micro.name, shopify.name, og.name, doc.name, ogTitle, docTitle].filter((x): x is string => !!x);
  const needState = !structured || ![jsonld, micro, shopify, amazon].some((s) => s.price);
  const app = needState ? fromAppState(page, loc, hints) : emptyResult('app-state');
  // a title's last part is the shop's name when a heading on the page says the rest
  const low = (x: string | null) => (x ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  const shopNames = [...og.site, ...doc.site, page.host];
  const head = low(doc.head);
  if (doc.tail && head && page.headings.some((h) => h.name[0] === 'h' && low(textOf(h, 300)) === head)) shopNames.push(doc.tail);
  const generic = fromGeneric(page, loc, hints, { shops: shopNames, categories: [...doc.middle, ...og.middle] });
  generic.name = plain(generic.name);
  const titleMeta = { ...metaR, name: ogTitle };

  // an h1 that neither og:title nor <title> mentions (a modal, a section heading) loses to og:title
  const h1Agrees = !!generic.name && [ogTitle, docTitle].some((t) => !!t && (low(t).includes(low(generic.name)) || low(generic.name).includes(low(t))));
  const byName = h1Agrees || !ogTitle ? [jsonld, micro, shopify, amazon, app, generic, titleMeta] : [jsonld, micro, shopify, amazon, app, titleMeta, generic];
  const name = firstOf(byName, 'name') ?? docTitle;
  const description =
    firstOf([jsonld, micro, shopify, amazon, app, metaR], 'description') ?? metaDescription(page) ?? generic.description;
  for (const src of [jsonld, micro, shopify, metaR, amazon, app, generic]) {
    src.brand = cleanBrand(src.brand, [name, ogTitle, docTitle]);
    src.sku = cleanSku(src.sku, loc);
  }
  let brand = firstOf([jsonld, micro, shopify, metaR, amazon, app, generic], 'brand');
  if (brand && isShopNameFragment(brand, page.host, meta(page, 'og:site_name'))) brand = null;
  // No brand in the markup: a well-known brand the title starts with (brand-lexicon.ts).
  brand ??= brandFromTitles(name, ogTitle, docTitle);
  const structuredSku = firstOf([jsonld, micro, shopify, amazon, metaR, app], 'sku');
  const sku = withUrlId(generic.skuLabelled ? preferVisibleCode(structuredSku, generic.sku, page) : structuredSku ?? generic.sku, page.pageUrl);

  // Structured prices first; when structured sources disagree, the one the visible page
  // corroborates (the price shown next to the title) wins.
  const structuredPriced = [jsonld, micro, shopify, amazon, metaR, app].filter((s) => s.price);
  let priced: SourceResult | undefined = structuredPriced[0] ?? (generic.price ? generic : undefined);
  if (priced && priced !== generic && generic.price && structuredPriced.length > 1) {
    const shown = Number(generic.price.amount);
    if (Number(priced.price!.amount) !== shown) priced = structuredPriced.find((s) => Number(s.price!.amount) === shown) ?? priced;
  }
  // a structured price the page shows as "excl. VAT" next to another one: the shopper pays the other
  if (priced && priced !== generic && generic.price && generic.exVatPrices?.some((x) => Number(x) === Number(priced!.price!.amount))) {
    priced = structuredPriced.find((s) => Number(s.price!.amount) === Number(generic.price!.amount)) ?? generic;
  }
  const price = priced?.price ?? null;
  let currency = price?.currency ?? priced?.currency ?? null;
  if (price && !currency) {
    currency = [jsonld, micro, shopify, amazon, metaR, app, generic].map((s) => s.currency).find((c) => !!c) ?? countryCurrency(loc);
  }

  const sellingPoints = [amazon, shopify, generic].find((s) => s.sellingPoints.length > 0)?.sellingPoints ?? [];
  const magento = fromMagento(page);
  const images = mergeMedia(page, [jsonld.images, micro.images, shopify.images, magento.images, amazon.images, app.images, metaR.images, amazon.isProduct ? [] : generic.images], MAX_IMAGES, true);
  const videos = mergeMedia(page, [jsonld.videos, micro.videos, shopify.videos, magento.videos, metaR.videos, pageVideos(page)], MAX_VIDEOS, false);

  if (!name) return { kind: 'not_product', reason: 'no product name found' };
  const listing = (jsonld.listing || micro.listing || (generic.listing && !metaR.isProduct && page.cartSignals !== 1)) && !structured;
  if (listing) return { kind: 'not_product', reason: 'the page lists several products (category or search page)' };
  const strongSignal = structured || metaR.isProduct || page.cartSignals > 0;
  // an "article" with a price and a buy or booking form sells a service or a deal (offer-form.ts)
  if ((jsonld.article || metaR.article) && !structured && !metaR.isProduct && !(price && hasOfferForm(page))) {
    return { kind: 'not_product', reason: 'the page is an article, not a product page' };
  }
  if (!strongSignal && !price) {
    return { kind: 'not_product', reason: 'no product signal (no price, product markup or add-to-cart)' };
  }

  const product: ExtractedProduct = {
    name,
    description,
    sellingPoints,
    brand,
    price: price?.amount ?? null,
    currency: price ? currency : null,
    sku,
    images,
    videos,
  };
  return { kind: 'product', product };
}
