/**
 * Heuristics for pages without product markup: the h1 as the name, the price nearest after it
 * (itemprop/class*=price elements, then short currency-marked texts), labelled brand/SKU rows,
 * feature lists under "Features"/"Highlights" headings, and gallery images.
 */
import type { PageLocale } from './currency.ts';
import { classId, descendants, hasAncestor, textOf, type Element, type Page } from './dom.ts';
import { WORD_END, alternation } from './label-words.ts';
import { cleanSku } from './identifiers.ts';
import { isHidden } from './nodes.ts';
import { foldName } from './titles.ts';
import { galleryImages } from './images.ts';
import { cleanText } from './json.ts';
import { findLabelled } from './labels.ts';
import { parseMachinePrice, parsePriceText, type ParsedPrice } from './price.ts';
import { emptyResult, type SourceResult } from './types.ts';

/** Class/id words marking a price that is not the current one (old, list, per-unit, shipping…). */
const NOT_CURRENT =
  /(^|[\s_-])(old|was|regular|compare|strike|crossed|before|original|rrp|uvp|msrp|savings?|save|per-?unit|unit|shipping|installments?|monthly|filter|range|slider|hidden|from)([\s_-]|$)|old-?price|price-?old|list-?price|compare-?at|was-?price|price-?was|regular-?price|unit-?price|tax-?amount|discount(?!ed)/i;
/** Containers whose prices belong to other products or to page chrome. */
const ELSEWHERE =
  /related|recommend|similar|upsell|up-sell|cross-?sell|recently|also-?(viewed|bought)|accessor|bundle|mini-?cart|cart-?(summary|drawer)|(^|\s)((site|page|main|global)-?)?header(\s|$)|(^|[\s_-])(site-?)?footer([\s_-]|$)|(^|[\s_-])nav(bar|igation)?([\s_-]|$)|(^|[\s_-])menu([\s_-]|$)|breadcrumb|carousel|slider|swiper|sponsored/i;
const FEATURE_HEADING =
  /^(key )?(features?|highlights?|benefits?|key benefits|product features|why you.ll love it|merkmale|vorteile|highlights|eigenschaften|caractéristiques|points forts|avantages|características|ventajas|caratteristiche|vantaggi|kenmerken|voordelen|cechy|zalety|особенности|преимущества|特徴|特点|卖点)\s*:?$/i;
const NEAR = 600;
/** Elements between a price with VAT and the same price without it. */
const VAT_PAIR = 40;
/** Separators between the parts of a page title. */
const TITLE_PARTS = /\s+[|｜–—:>»-]+\s+|\s*::\s*/u; // elements after the title where the main price is expected

/** A price the page strikes through (<del>, <s>, inline `text-decoration: line-through`, a line-through class): the old one. */
function struckThrough(el: Element): boolean {
  if (el.name === 'del' || el.name === 's' || el.name === 'strike') return true;
  const style = el.attribs.style;
  if (style && /line-through/i.test(style)) return true;
  return /(^|[\s_-])(line-?through|strike-?through|strike)([\s_-]|$)/i.test(el.attribs.class ?? '');
}

/**
 * "Was" words before an old price written in the same text as the current one ("statt 89,00 €
 * jetzt 64,90 €", "Was $49.99"): the word, the number and its currency are dropped before reading.
 */
const WAS_WORDS = [
  'was', 'previously', 'originally', 'regular price', 'regular', 'list price', 'compare at', 'instead of', 'rrp', 'msrp',
  'statt', 'anstatt', 'uvp', 'bisher', 'vorher', 'zuvor', 'au lieu de', 'prix barré', 'avant', 'antes', 'en lugar de', 'prima', 'invece di',
  'voorheen', 'normaal', 'przed', 'zamiast', 'dříve', 'původně', 'было', 'вместо',
];
const WAS_PRICE = new RegExp(
  `(^|[^\\p{L}])(?:${WAS_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])\\s*:?\\s*[^\\p{L}\\d\\s]{0,3}\\s?` +
    `\\d(?:[\\d.,'’]|[\\s\\u00a0](?=\\d{3}(?!\\d)))*(?:\\s?(?:[^\\p{L}\\d\\s]{1,3}|(?:eur|usd|gbp|chf|pln|czk|sek|nok|dkk|huf|ron|bgn|rub|cad|aud|kr|zł|kč|ft|lei|руб)(?![\\p{L}])))?`,
  'giu',
);

export function withoutWasPrices(text: string): string {
  return text.replace(WAS_PRICE, '$1 ');
}

function outOfContext(el: Element): boolean {
  return hasAncestor(el, (p) => struckThrough(p) || p.name === 'header' || p.name === 'footer' || p.name === 'nav' || ELSEWHERE.test(classId(p)), 14);
}

function norm(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The product title: an h1 the og:title/<title> contains, else any heading or title-classed
 * element whose text equals one of those hints, else the first usable h1, else a
 * product-title-classed element.
 */
export interface TitleContext {
  /** The shop's name as cut off the page titles, and the host (an h1 saying only that is the logo). */
  shops?: string[];
  /** Middle parts of the page title ("Brass Lamp - Floor Lamps - Shop"): an h1 saying only that is a category. */
  categories?: string[];
}

export function pickTitle(page: Page, hints: string[], context: TitleContext = {}): Element | null {
  const shops = new Set((context.shops ?? []).flatMap((n) => [foldName(n), foldName(n.replace(/^www\d?\./i, '').split('.')[0] ?? '')]).filter(Boolean));
  const ok = (h: Element) => {
    const t = textOf(h, 400);
    return (
      t.length >= 2 &&
      t.length <= 300 &&
      !shops.has(foldName(t)) &&
      !/logo|masthead|branding|site-?(title|name)/i.test(classId(h)) &&
      !hasAncestor(h, (p) => p.name === 'nav' || p.name === 'footer' || /logo|masthead|branding|site-?(title|name)|modal|popup|dialog|cookie/i.test(classId(p)), 8)
    );
  };
  const usable = page.h1s.filter(ok);
  const normHints = hints.map(norm).filter(Boolean);
  // an h1 that is only a middle part of the title ("Brass Lamp - Lamps - Shop": the category) is no title
  const laterParts = new Set((context.categories ?? []).map(norm));
  const h1 = usable.find((h) => {
    const t = norm(textOf(h, 300));
    return normHints.some((x) => (x.includes(t) && (x === t || !laterParts.has(t))) || t.includes(x));
  });
  if (h1) return h1;
  for (const el of [...page.headings.filter((h) => h.name[0] === 'h'), ...page.titleEls]) {
    const t = norm(textOf(el, 300));
    if (t.length >= 3 && normHints.includes(t) && ok(el)) return el;
  }
  // no usable h1 (or only category h1s): an h2/h3 the title names, or one naming the title plus extras ("Name by Author")
  if (usable.every((h) => laterParts.has(norm(textOf(h, 300))))) {
    for (const el of page.headings) {
      if (el.name !== 'h2' && el.name !== 'h3') continue;
      const t = norm(textOf(el, 300));
      if (t.length >= 3 && !shops.has(foldName(t)) && normHints.some((x) => (x.includes(t) && t.length >= 0.3 * x.length) || t.includes(x)) && ok(el)) return el;
    }
  }
  // older pages: a heading or bold line that is one part of the title ("Home :: Lamps :: Brass Lamp")
  const parts = new Set(normHints.flatMap((x) => x.split(TITLE_PARTS)).filter((x) => x.length >= 3));
  if (usable.every((h) => laterParts.has(norm(textOf(h, 300)))) && parts.size > 0) {
    for (const el of [...page.headings, ...page.titleEls]) {
      const t = norm(textOf(el, 300));
      if (parts.has(t) && !laterParts.has(t) && !shops.has(foldName(t)) && ok(el)) return el;
    }
  }
  if (usable[0]) return usable[0];
  return page.titleEls.find((el) => /product[-_]?(title|name)|item[-_]?(title|name)/i.test(classId(el)) && ok(el)) ?? null;
}

interface PriceCandidate {
  el: Element;
  price: ParsedPrice;
  order: number;
  strong: boolean;
  /** The page marks this price as excluding VAT (the shopper pays the other one). */
  exVat: boolean;
}

const VAT_IN = new RegExp(`(^|[^\\p{L}])(${alternation('vatIn')})${WORD_END}`, 'iu');
const VAT_EX = new RegExp(`(^|[^\\p{L}])(${alternation('vatEx')})${WORD_END}`, 'iu');
const EX_VAT_CLASS = /excl(uding)?[-_]?(tax|vat)|(^|[\s_-])ex[-_]?vat|(tax|vat)[-_]?excl|without[-_]?(tax|vat)|(^|[\s_-])(net|netto)([\s_-]|$)|price[-_]?net(?!w)/i;
const IN_VAT_CLASS = /incl(uding)?[-_]?(tax|vat)|(tax|vat)[-_]?incl|with[-_]?(tax|vat)|(^|[\s_-])(gross|brutto)([\s_-]|$)/i;

/**
 * Whether the page says this price excludes VAT: a net/excl-tax class on the element or a close
 * ancestor, else the first VAT remark in the text right after the price (its own text and the
 * following siblings', one level up when the element stands alone).
 */
function excludesVat(el: Element): boolean {
  for (let cur: Element | null = el, d = 0; cur && d < 4; cur = cur.parent?.type === 'tag' ? (cur.parent as Element) : null, d++) {
    const ci = classId(cur);
    if (IN_VAT_CLASS.test(ci)) return false;
    if (EX_VAT_CLASS.test(ci)) return true;
  }
  const numbers = (x: string) => (x.match(/\d[\d.,]*\s*%?/g) ?? []).filter((m) => !m.endsWith('%')).length;
  const own = numbers(textOf(el, 80));
  for (let cur: Element | null = el, d = 0; cur && d < 3; cur = cur.parent?.type === 'tag' ? (cur.parent as Element) : null, d++) {
    let t = textOf(cur, 80);
    if (d > 0 && numbers(t) > own) return false; // the parent holds another price: its remark may be that one's
    for (let n = cur.next; n && t.length < 80; n = n.next) {
      const nt = n.type === 'text' ? (n as unknown as { data: string }).data : n.type === 'tag' ? textOf(n as Element, 80) : '';
      if (/\d/.test(nt) && !VAT_IN.test(nt) && !VAT_EX.test(nt)) break; // the next price: its remark is its own
      t += ' ' + nt;
    }
    const inAt = t.search(VAT_IN);
    const exAt = t.search(VAT_EX);
    if (inAt >= 0 || exAt >= 0) return exAt >= 0 && (inAt < 0 || exAt < inAt);
  }
  return false;
}

/** Text of a price element without struck-through or old-price parts. */
function priceText(el: Element, max: number): string {
  return withoutWasPrices(textOf(el, max, (e) => e !== el && (struckThrough(e) || NOT_CURRENT.test(classId(e)))));
}

/** True when the element sits in a grid of ≥4 repeated, priced, pictured cards (a listing). */
function inProductGrid(el: Element, loc: PageLocale): boolean {
  let cur: Element = el;
  for (let depth = 0; depth < 7; depth++) {
    const parent = cur.parent;
    if (!parent || parent.type !== 'tag') return false;
    const sig = `${cur.name}|${cur.attribs.class ?? ''}`;
    const same = (parent as Element).children.filter((c): c is Element => c.type === 'tag' && `${(c as Element).name}|${(c as Element).attribs.class ?? ''}` === sig);
    if (same.length >= 4) {
      let cards = 0;
      for (const c of same.slice(0, 12)) {
        const hasImg = [...descendants(c, 300)].some((d) => d.name === 'img');
        if (hasImg && parsePriceText(textOf(c, 300), loc, { requireCurrency: true })) cards++;
      }
      if (cards >= 4) return true;
    }
    cur = parent as Element;
  }
  return false;
}

function candidateFromElement(el: Element, loc: PageLocale): ParsedPrice | null {
  const a = el.attribs;
  const machine = a.content ?? a['data-price-amount'] ?? a['data-price'] ?? a['data-product-price'] ?? a['data-price-value'];
  if (machine !== undefined && /\d/.test(machine)) {
    const cur = textOf(el, 60);
    const fromText = parsePriceText(cur, loc, { requireCurrency: true });
    const p = parseMachinePrice(machine, fromText?.currency ?? null, loc);
    if (p) return p;
  }
  const t = priceText(el, 100);
  if (!t || t.length > 60 || !/\d/.test(t)) return null;
  return parsePriceText(t, loc, { requireCurrency: true });
}

function priceCandidates(page: Page, loc: PageLocale): PriceCandidate[] {
  const out: PriceCandidate[] = [];
  const valid = new Set<Element>();
  const pool = [...page.itemprops.filter((e) => /\b(price|lowPrice)\b/.test(e.attribs.itemprop ?? '')), ...page.priceEls];
  for (const el of pool) {
    if (valid.has(el) || isHidden(el, 4) || struckThrough(el)) continue;
    if (NOT_CURRENT.test(classId(el)) || /old|regular|was/i.test(el.attribs['data-price-type'] ?? '')) continue;
    if (outOfContext(el)) continue;
    valid.add(el);
  }
  // a container is only a candidate when no valid price element sits inside it
  const containers = new Set<Element>();
  for (const el of valid) {
    for (let p = el.parent; p && p.type === 'tag'; p = p.parent) {
      if (valid.has(p as Element)) containers.add(p as Element);
    }
  }
  for (const el of valid) {
    if (containers.has(el)) continue;
    const price = candidateFromElement(el, loc);
    if (price) out.push({ el, price, order: page.order.get(el) ?? 0, strong: el.attribs.itemprop !== undefined, exVat: false });
  }
  return out;
}

/** Short, currency-marked texts in the elements following the title (for pages with no price classes). */
function priceTextAfter(title: Element, loc: PageLocale, limit = 400): ParsedPrice | null {
  let node = nextInDocument(title);
  for (let n = 0; node && n < limit; n++) {
    if (node.name === 'script' || node.name === 'style' || struckThrough(node)) {
      node = skipSubtree(node);
      continue;
    }
    const hasDigits = node.children.some((c) => c.type === 'text' && /\d/.test((c as unknown as { data: string }).data));
    if (hasDigits && !outOfContext(node) && !NOT_CURRENT.test(classId(node))) {
      const parent = node.parent && node.parent.type === 'tag' ? (node.parent as Element) : null;
      const shown = (e: Element) => withoutWasPrices(textOf(e, 80, (c) => c !== e && struckThrough(c)));
      const t = parent && shown(parent).length <= 40 ? shown(parent) : shown(node);
      let p = t.length <= 40 ? parsePriceText(t, loc, { requireCurrency: true }) : null;
      // a long block of <br>-separated lines ("Item #: 22<br>Price: $89.00"): its short lines one by one
      for (let i = 0; !p && t.length > 40 && i < node.children.length; i++) {
        const c = node.children[i]!;
        const line = c.type === 'text' ? (c as unknown as { data: string }).data.trim() : '';
        if (line.length <= 40 && /\d/.test(line)) p = parsePriceText(line, loc, { requireCurrency: true });
      }
      if (p) return p;
    }
    node = nextInDocument(node);
  }
  return null;
}

function nextInDocument(el: Element): Element | null {
  const first = el.children.find((c) => c.type === 'tag' || c.type === 'script' || c.type === 'style');
  if (first) return first as Element;
  return skipSubtree(el);
}

function skipSubtree(el: Element): Element | null {
  for (let cur: Element | null = el; cur; cur = cur.parent && cur.parent.type === 'tag' ? (cur.parent as Element) : null) {
    for (let s = cur.next; s; s = s.next) if (s.type === 'tag' || s.type === 'script' || s.type === 'style') return s as Element;
  }
  return null;
}

/**
 * The price nearest after the title (itemprop prices first), skipping prices inside a grid of
 * product cards (recommendations) and prices marked "excl. VAT" that sit next to the price with
 * VAT (those are returned as `exVat`). A grid right under the title means the page is a listing.
 */
function pickPrice(all: PriceCandidate[], anchor: number | null, loc: PageLocale): { price: PriceCandidate | null; listing: boolean; exVat: ParsedPrice[] } {
  // a price marked "excl. VAT" is dropped…
  for (const c of all) c.exVat = excludesVat(c.el);
  // …and only when the other price is shown close to it (the same price block)
  const paired = all.filter((c) => c.exVat && all.some((o) => !o.exVat && Math.abs(o.order - c.order) <= VAT_PAIR));
  const picked = pickFrom(all.filter((c) => !paired.includes(c)), anchor, loc);
  return { ...picked, exVat: paired.map((c) => c.price) };
}

function pickFrom(cands: PriceCandidate[], anchor: number | null, loc: PageLocale): { price: PriceCandidate | null; listing: boolean } {
  if (cands.length === 0) return { price: null, listing: false };
  let ordered: PriceCandidate[];
  if (anchor === null) ordered = [...cands.filter((c) => c.strong), ...cands.filter((c) => !c.strong)];
  else {
    const after = cands.filter((c) => c.order >= anchor && c.order - anchor <= NEAR).sort((a, b) => a.order - b.order);
    const before = cands.filter((c) => c.order < anchor && anchor - c.order <= NEAR / 3).sort((a, b) => b.order - a.order);
    ordered = [...after.filter((c) => c.strong), ...after.filter((c) => !c.strong), ...before];
  }
  for (const c of ordered.slice(0, 6)) {
    if (!inProductGrid(c.el, loc)) return { price: c, listing: false };
    if (c === ordered[0] && (anchor === null || c.order - anchor <= NEAR / 4)) return { price: null, listing: true };
  }
  return { price: null, listing: false };
}

const BRAND_CLASS = /(^|[\s_-])(brand|brand-?name|product-?brand|vendor|product-?vendor)([\s_-]|$)/i;

function brandFromElements(page: Page, anchor: number | null): string | null {
  for (const el of page.brandEls) {
    if (!BRAND_CLASS.test(classId(el)) && !/\bbrand\b/i.test(el.attribs.itemprop ?? '')) continue;
    const order = page.order.get(el) ?? 0;
    if (anchor !== null && (order < anchor - 100 || order > anchor + NEAR)) continue;
    if (outOfContext(el) || /logo|list|filter|facet|nav/i.test(classId(el))) continue;
    let t = textOf(el, 100);
    if (!t && el.name === 'img') t = el.attribs.alt ?? '';
    if (!t) {
      const img = [...descendants(el, 20)].find((d) => d.name === 'img');
      t = img?.attribs.alt ?? '';
    }
    t = t.replace(/^(brand|marke|marque|marca|merk|by)\s*:?\s+/i, '').trim();
    if (t.length >= 2 && t.length <= 50 && t.split(' ').length <= 5 && !/^(brands?|all brands|shop by brand|marken)$/i.test(t) && !/\d{4,}|\d+\/\d+/.test(t)) return cleanText(t, 50);
  }
  return null;
}

function featureBullets(page: Page): string[] {
  const lists: Element[] = [];
  for (const h of page.headings) {
    const t = textOf(h, 60);
    if (!t || t.length > 50 || !FEATURE_HEADING.test(t)) continue;
    let sib: Element | null = null;
    for (let cur: Element | null = h, depth = 0; cur && depth < 3 && !sib; cur = cur.parent && cur.parent.type === 'tag' ? (cur.parent as Element) : null, depth++) {
      for (let s = cur.next, k = 0; s && k < 6; s = s.next) {
        if (s.type !== 'tag') continue;
        k++;
        const e = s as Element;
        if (e.name === 'ul' || e.name === 'ol') sib = e;
        else sib = [...descendants(e, 200)].find((d) => d.name === 'ul' || d.name === 'ol') ?? null;
        if (sib) break;
      }
    }
    if (sib) lists.push(sib);
  }
  for (const el of page.featureLists) if (!outOfContext(el)) lists.push(el);
  const out: string[] = [];
  for (const list of lists) {
    for (const li of descendants(list, 500)) {
      if (li.name !== 'li') continue;
      const t = cleanText(textOf(li, 400), 400);
      if (t && t.length >= 3 && !out.includes(t)) out.push(t);
      if (out.length >= 10) return out;
    }
    if (out.length > 0) return out;
  }
  return out;
}

export function fromGeneric(page: Page, loc: PageLocale, hints: string[], context: TitleContext = {}): SourceResult {
  const r = emptyResult('generic');
  const title = pickTitle(page, hints, context);
  const anchor = title ? (page.order.get(title) ?? null) : null;
  r.name = title ? cleanText(textOf(title, 400), 400) : null;
  // an h1 that wraps the name plus extras ("Name Code: 123") yields the hint it contains
  const inner = r.name ? hints.find((h) => h.length >= 0.5 * r.name!.length && norm(r.name!).includes(norm(h))) : undefined;
  if (inner) r.name = inner;
  const picked = pickPrice(priceCandidates(page, loc), anchor, loc);
  r.listing = picked.listing;
  r.exVatPrices = picked.exVat.map((p) => p.amount);
  // no title element (older pages naming the product only in <title>): the first price in the body
  const body = title ? null : page.$('body')[0];
  const start = title ?? (body && body.type === 'tag' ? (body as Element) : null);
  if (!picked.listing) r.price = picked.price?.price ?? (start ? priceTextAfter(start, loc) : null);
  r.currency = r.price?.currency ?? null;
  r.brand = findLabelled(page, 'brand', anchor) ?? brandFromElements(page, anchor);
  r.sku = findLabelled(page, 'sku', anchor, (v) => cleanSku(v, loc) !== null);
  r.skuLabelled = !!r.sku;
  if (!r.sku) {
    const el = page.itemprops.find((e) => /\bsku\b/.test(e.attribs.itemprop ?? '')) ?? page.skuEls.find((e) => !outOfContext(e));
    const t = el ? (el.attribs.content ?? textOf(el, 60)).replace(/^(sku|art\.?-?nr\.?)\s*:?\s*/i, '').trim() : '';
    if (t && t.length <= 40 && /\d/.test(t)) r.sku = t;
  }
  r.sellingPoints = featureBullets(page);
  const desc = page.descEls.find((d) => !outOfContext(d) && /product|item|detail|desc/i.test(classId(d)));
  r.description = desc ? cleanText(textOf(desc, 3000), 3000) : null;
  if (r.description && r.description.length < 40) r.description = null;
  r.images = galleryImages(page, anchor);
  return r;
}
