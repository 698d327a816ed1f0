/**
 * Amazon-style detail-page layout (also used by marketplaces built on the same templates):
 * #productTitle, #feature-bullets, #landingImage, #bylineInfo, .a-price .a-offscreen, input#ASIN.
 */
import type { PageLocale } from './currency.ts';
import { classId, descendants, hasAncestor, textOf, type Element, type Page } from './dom.ts';
import { imgUrl } from './images.ts';
import { cleanText, isObj, jsonAfter } from './json.ts';
import { parsePriceText, type ParsedPrice } from './price.ts';
import { emptyResult, type SourceResult } from './types.ts';

const PRICE_CONTAINERS = [
  'corePrice_feature_div',
  'corePriceDisplay_desktop_feature_div',
  'corePrice_desktop',
  'apex_desktop',
  'priceblock_dealprice',
  'priceblock_saleprice',
  'priceblock_ourprice',
  'price_inside_buybox',
  'newBuyBoxPrice',
  'tp_price_block_total_price_ww',
  'kindle-price',
  'buyNewSection',
];

const BYLINE = [
  /^(?:brand|marke|marque|marca|merk|marka|märke)\s*:\s*(.+)$/i,
  /^visit the (.+?) store$/i,
  /^besuchen sie den (.+?)[- ]store$/i,
  /^besuche den (.+?)[- ]store$/i,
  /^visite[zr] la boutique (.+)$/i,
  /^visita la tienda de (.+)$/i,
  /^visita lo store di (.+)$/i,
  /^bezoek de (.+?)[- ]store$/i,
  /^odwiedź sklep (.+)$/i,
  /^besök (.+?)[- ]butiken$/i,
  /^(.+?)(?:のストアを表示|ストアにアクセス)$/,
];

function byline(el: Element | undefined): string | null {
  const t = textOf(el, 300);
  if (!t) return null;
  // book/music contributor lines ("Jane Doe (Author)") name people, not brands
  if (/\((author|autor|auteur|autore|auteur|artist|künstler|editor|illustrator|narrator|translator)[^)]*\)/i.test(t)) return null;
  for (const re of BYLINE) {
    const m = re.exec(t);
    if (m) return cleanText(m[1], 120);
  }
  return t.length <= 60 && !/\s{2,}|:/.test(t) ? t : null;
}

function priceIn(el: Element, loc: PageLocale): ParsedPrice | null {
  const own = classId(el);
  if (/a-offscreen/.test(own)) return parsePriceText(textOf(el, 80), loc, { requireCurrency: true });
  for (const d of descendants(el, 3000)) {
    const c = d.attribs.class ?? '';
    if (!/\ba-price\b/.test(c) || /a-text-price/.test(c) || d.attribs['data-a-strike'] !== undefined) continue;
    if (hasAncestor(d, (p) => /a-text-price|basisPrice|savings|unitPrice|pricePerUnit/i.test(classId(p)), 4)) continue;
    for (const s of descendants(d, 50)) {
      if (/a-offscreen/.test(s.attribs.class ?? '')) {
        const p = parsePriceText(textOf(s, 80), loc, { requireCurrency: true });
        if (p) return p;
      }
    }
    const p = parsePriceText(textOf(d, 80), loc, { requireCurrency: true });
    if (p) return p;
  }
  const t = textOf(el, 120);
  return t.length <= 40 ? parsePriceText(t, loc, { requireCurrency: true }) : null;
}

function galleryFromScripts(page: Page): string[] {
  for (const s of page.scripts) {
    if (!s.text.includes('colorImages')) continue;
    const v = jsonAfter(s.text, /['"]colorImages['"]\s*:\s*\{\s*['"]initial['"]\s*:\s*/);
    if (!Array.isArray(v)) continue;
    const out: string[] = [];
    for (const img of v) {
      if (!isObj(img)) continue;
      const u = [img.hiRes, img.large, img.mainUrl].find((x): x is string => typeof x === 'string' && x.length > 0);
      if (u) out.push(u);
    }
    if (out.length > 0) return out;
  }
  return [];
}

export function isAmazonLayout(page: Page): boolean {
  return page.byId.has('productTitle') || page.byId.has('ebooksProductTitle') || (page.byId.has('dp-container') && page.byId.has('title'));
}

export function fromAmazonLayout(page: Page, loc: PageLocale): SourceResult {
  const r = emptyResult('amazon');
  if (!isAmazonLayout(page)) return r;
  const byId = page.byId;
  r.isProduct = true;
  r.name = cleanText(textOf(byId.get('productTitle') ?? byId.get('ebooksProductTitle') ?? byId.get('title'), 600), 600);
  const bullets = byId.get('feature-bullets');
  if (bullets) {
    for (const li of descendants(bullets, 2000)) {
      if (li.name !== 'li' || /aok-hidden/.test(li.attribs.class ?? '') || li.attribs.id === 'replacementPartsFitmentBullet') continue;
      const t = cleanText(textOf(li, 600), 600);
      if (t && r.sellingPoints.length < 12) r.sellingPoints.push(t);
    }
  }
  r.brand = byline(byId.get('bylineInfo')) ?? byline(byId.get('brand'));
  for (const id of PRICE_CONTAINERS) {
    const el = byId.get(id);
    if (!el) continue;
    const p = priceIn(el, loc);
    if (p) {
      r.price = p;
      r.currency = p.currency;
      break;
    }
  }
  const asin = byId.get('ASIN');
  r.sku = cleanText(asin?.attribs.value, 40) ?? (/\/(?:dp|gp\/product)\/([A-Z0-9]{10})(?:[/?]|$)/.exec(page.pageUrl?.pathname ?? '')?.[1] ?? null);
  const desc = byId.get('productDescription') ?? byId.get('bookDescription_feature_div');
  r.description = cleanText(textOf(desc, 5000), 5000);
  for (const id of ['landingImage', 'imgBlkFront', 'ebooksImgBlkFront', 'main-image']) {
    const img = byId.get(id);
    const u = img ? imgUrl(img) : null;
    if (u) {
      r.images.push(u);
      break;
    }
  }
  const scripted = galleryFromScripts(page);
  r.images.push(...scripted);
  // thumbnails only when the gallery data is missing (their image ids differ from the hi-res ones)
  const alt = scripted.length === 0 ? byId.get('altImages') : undefined;
  if (alt) {
    for (const img of descendants(alt, 3000)) {
      if (img.name !== 'img' || hasAncestor(img, (p) => /videoThumbnail|video/i.test(classId(p)), 6)) continue;
      const src = img.attribs.src;
      // thumbnails carry size modifiers ("._AC_US40_."); without them the CDN serves the original
      if (src) r.images.push(src.replace(/\._[^/]*?_\.(jpe?g|png)$/i, '.$1'));
    }
  }
  return r;
}
