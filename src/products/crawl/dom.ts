/**
 * Parses the page once (htmlparser2 through cheerio) and indexes, in a single walk, every node
 * the extraction sources look at, so no source has to scan the whole document again.
 */
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element, ParentNode } from 'domhandler';

import { CODE_NO_COLON, alternation, buyButtonPattern } from './label-words.ts';
import { SKIP_TEXT, classId, collapse, isElement, textOf } from './nodes.ts';

export type { Element };
export { attr, classId, descendants, hasAncestor, isElement, textOf } from './nodes.ts';

export interface ScriptBlock {
  el: Element;
  type: string;
  id: string;
  text: string;
}

export interface Page {
  $: CheerioAPI;
  pageUrl: URL | null;
  /** Base for resolving relative URLs: `<base href>` (resolved against the page URL) or the page URL. */
  baseUrl: URL | null;
  host: string;
  lang: string | null;
  title: string;
  /** `<meta>` contents keyed by lower-cased `property` or `name` (itemprop metas are left to microdata). */
  metas: Map<string, string[]>;
  canonical: string | null;
  ldJson: ScriptBlock[];
  /** Inline scripts other than JSON-LD (JSON data blocks and JavaScript). */
  scripts: ScriptBlock[];
  scriptSrcs: string[];
  h1s: Element[];
  /** h2–h6, dt, strong, b: candidates for "Features" headings. */
  headings: Element[];
  imgs: Element[];
  videos: Element[];
  iframes: Element[];
  forms: Element[];
  itemscopes: Element[];
  itemprops: Element[];
  byId: Map<string, Element>;
  /** Elements whose class or id mentions price. */
  priceEls: Element[];
  /** Elements whose class or id mentions brand / vendor / manufacturer. */
  brandEls: Element[];
  /** Elements whose class or id mentions sku. */
  skuEls: Element[];
  /** ul/ol whose class or id mentions features / highlights / bullets / benefits. */
  featureLists: Element[];
  /** Elements whose class or id marks a product image gallery. */
  galleryEls: Element[];
  /** Elements whose class or id mentions a captcha / challenge (bot-wall signals). */
  wallEls: Element[];
  /** Elements whose class or id mentions a title or name (product-title, product__name…). */
  titleEls: Element[];
  /** Elements whose class or id mentions a description. */
  descEls: Element[];
  /** Elements whose own short text is a field label ("Brand:", "SKU", "Marke", …). */
  labelEls: Element[];
  /** Document order of the indexed elements (h1s, price/brand/sku/label elements, itemprops, headings, imgs). */
  order: Map<Element, number>;
  cartSignals: number;
  /** Number of visible text characters (outside script/style/noscript/template). */
  textLength: number;
  /** The first few thousand characters of visible text, whitespace-collapsed. */
  textSample: string;
  linkCount: number;
}

const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'strong', 'b']);
const MARKER = /price|brand|vendor|manufact|sku|feature|highlight|bullet|benefit|gallery|carousel|slider|swiper|zoom|product-?image|product-?media|product-?photo|captcha|challenge|cart|basket|descr|title|name/i;
/** Short label texts that introduce a brand or SKU value (also combined ones: "make/manufacturer:"); words in label-words.ts. */
const LABEL_WORDS = `${alternation('brand', 'maker', 'code')}|mpn|model|model number|modell|modelo|modèle`;
export const LABEL = new RegExp(`^(?:${LABEL_WORDS})(?:\\s*/\\s*(?:${LABEL_WORDS}))*\\s*(?:[:#]|$)|^${CODE_NO_COLON}`, 'iu');
const CART_CLASS = /add[-_]?to[-_]?(cart|basket|bag)|addtocart|addtobasket|buy[-_]?now|btn-cart|product-form__cart|single_add_to_cart/i;
/** Buy-button texts in the languages of label-words.ts. */
const CART_TEXT = buyButtonPattern();
const TEXT_SAMPLE_MAX = 4000;

function safeUrl(raw: string | undefined | null, base?: URL | null): URL | null {
  if (!raw) return null;
  try {
    return base ? new URL(raw, base) : new URL(raw);
  } catch {
    return null;
  }
}

export function loadPage(html: string, pageUrl: string): Page {
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true, withStartIndices: true } } as cheerio.CheerioOptions);
  const url = safeUrl(pageUrl);
  const page: Page = {
    $,
    pageUrl: url,
    baseUrl: url,
    host: url ? url.hostname.toLowerCase() : '',
    lang: null,
    title: '',
    metas: new Map(),
    canonical: null,
    ldJson: [],
    scripts: [],
    scriptSrcs: [],
    h1s: [],
    headings: [],
    imgs: [],
    videos: [],
    iframes: [],
    forms: [],
    itemscopes: [],
    itemprops: [],
    byId: new Map(),
    priceEls: [],
    brandEls: [],
    skuEls: [],
    featureLists: [],
    galleryEls: [],
    wallEls: [],
    descEls: [],
    titleEls: [],
    labelEls: [],
    order: new Map(),
    cartSignals: 0,
    textLength: 0,
    textSample: '',
    linkCount: 0,
  };
  let baseHref: string | undefined;
  let idx = 0;
  const sample: string[] = [];
  let sampleLen = 0;

  const root = $.root()[0] as unknown as ParentNode;
  // Stack entries: node plus whether it is inside a non-text container.
  const stack: Array<[AnyNode, boolean]> = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push([root.children[i]!, false]);
  while (stack.length > 0) {
    const [n, hidden] = stack.pop()!;
    if (n.type === 'text') {
      if (hidden) continue;
      const d = (n as unknown as { data: string }).data;
      if (d.length <= 40 && n.parent && n.parent.type === 'tag') {
        const lt = d.trim();
        if (lt.length >= 2 && LABEL.test(lt) && page.labelEls.length < 200) {
          const p = n.parent as Element;
          if (page.labelEls[page.labelEls.length - 1] !== p) {
            page.labelEls.push(p);
            if (!page.order.has(p)) page.order.set(p, idx);
          }
        }
      }
      // count non-whitespace-ish length cheaply
      const t = d.length > 0 && d.trim();
      if (t) {
        page.textLength += t.length;
        if (sampleLen < TEXT_SAMPLE_MAX) {
          sample.push(t);
          sampleLen += t.length + 1;
        }
      }
      continue;
    }
    if (!isElement(n)) continue;
    const el = n;
    const name = el.name;
    const a = el.attribs;
    idx++;
    switch (name) {
      case 'script': {
        const text = scriptText(el);
        const type = (a.type ?? '').toLowerCase().trim();
        if (a.src) page.scriptSrcs.push(a.src);
        if (type === 'application/ld+json') page.ldJson.push({ el, type, id: a.id ?? '', text });
        else if (text) page.scripts.push({ el, type, id: a.id ?? '', text });
        continue;
      }
      case 'style':
        continue;
      case 'meta': {
        const key = (a.property ?? a.name ?? '').toLowerCase().trim();
        const content = a.content;
        if (key && content !== undefined && a.itemprop === undefined) {
          const list = page.metas.get(key);
          if (list) list.push(content);
          else page.metas.set(key, [content]);
        }
        break;
      }
      case 'link':
        if (!page.canonical && a.href && /(^|\s)canonical(\s|$)/i.test(a.rel ?? '')) page.canonical = a.href;
        break;
      case 'base':
        if (baseHref === undefined && a.href) baseHref = a.href;
        break;
      case 'html':
        if (a.lang) page.lang = a.lang.toLowerCase();
        break;
      case 'title':
        if (!page.title) page.title = collapse(textOfRaw(el));
        break;
      case 'h1':
        page.h1s.push(el);
        page.order.set(el, idx);
        break;
      case 'img':
        page.imgs.push(el);
        page.order.set(el, idx);
        break;
      case 'video':
        page.videos.push(el);
        break;
      case 'iframe':
        page.iframes.push(el);
        break;
      case 'form':
        page.forms.push(el);
        if (a.action && /\/cart\/add|add[-_]?to[-_]?cart|checkout\/cart\/add|basket\/add/i.test(a.action)) page.cartSignals++;
        break;
      case 'a':
        page.linkCount++;
        // a link styled as a button ("<a class="btn">Dodaj u košaricu</a>")
        if (/btn|button/i.test(a.class ?? '') || a.role === 'button') {
          const t = textOf(el, 60);
          if (t && CART_TEXT.test(t)) page.cartSignals++;
        }
        break;
      case 'button':
      case 'input': {
        if ((a.name && /^add[-_]?to[-_]?cart$|^add$/i.test(a.name)) || (a.id && CART_CLASS.test(a.id))) page.cartSignals++;
        else if (name === 'button') {
          const t = textOf(el, 60);
          if (t && CART_TEXT.test(t)) page.cartSignals++;
        } else if (a.value && (a.type === 'submit' || a.type === 'button') && CART_TEXT.test(a.value.trim())) page.cartSignals++;
        else if (a.type === 'image' && a.alt && CART_TEXT.test(a.alt.trim())) page.cartSignals++;
        break;
      }
      default:
        if (HEADINGS.has(name)) {
          page.headings.push(el);
          page.order.set(el, idx);
        }
    }
    if (a.id && !page.byId.has(a.id)) page.byId.set(a.id, el);
    if (a.itemscope !== undefined) page.itemscopes.push(el);
    if (a.itemprop !== undefined) {
      page.itemprops.push(el);
      page.order.set(el, idx);
    }
    const ci = a.class !== undefined || a.id !== undefined ? classId(el) : '';
    if (ci && MARKER.test(ci)) {
      classify(page, el, name, ci);
      page.order.set(el, idx);
    }
    const hideKids = hidden || SKIP_TEXT.has(name);
    const ch = el.children;
    for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i]!, hideKids]);
  }
  page.textSample = sample.join(' ').slice(0, TEXT_SAMPLE_MAX);
  if (baseHref) page.baseUrl = safeUrl(baseHref, url) ?? url;
  return page;
}

function classify(page: Page, el: Element, name: string, ci: string): void {
  const lc = ci.toLowerCase();
  if (lc.includes('price')) page.priceEls.push(el);
  if (/brand|vendor|manufact/.test(lc)) page.brandEls.push(el);
  if (lc.includes('sku')) page.skuEls.push(el);
  if ((name === 'ul' || name === 'ol' || name === 'div' || name === 'section') && /feature|highlight|bullet|benefit/.test(lc)) page.featureLists.push(el);
  if (/gallery|carousel|slider|swiper|zoom|product-?image|product-?media|product-?photo/.test(lc)) page.galleryEls.push(el);
  if (/captcha|challenge/.test(lc)) page.wallEls.push(el);
  if (lc.includes('descr') && page.descEls.length < 50) page.descEls.push(el);
  if ((lc.includes('title') || lc.includes('name')) && page.titleEls.length < 400 && name !== 'a' && name !== 'img' && name !== 'input') page.titleEls.push(el);
  if (CART_CLASS.test(lc) && (name === 'button' || name === 'a' || name === 'input' || name === 'form' || name === 'div')) page.cartSignals++;
}

function textOfRaw(el: Element): string {
  let s = '';
  for (const c of el.children) if (c.type === 'text') s += (c as unknown as { data: string }).data;
  return s;
}

function scriptText(el: Element): string {
  const ch = el.children;
  if (ch.length === 1 && ch[0]!.type === 'text') return (ch[0] as unknown as { data: string }).data;
  return textOfRaw(el);
}

/** All meta values for the first of `keys` that is present. */
export function metaAll(page: Page, ...keys: string[]): string[] {
  for (const k of keys) {
    const v = page.metas.get(k);
    if (v && v.some((x) => x.trim())) return v.map((x) => x.trim()).filter(Boolean);
  }
  return [];
}

export function meta(page: Page, ...keys: string[]): string | null {
  return metaAll(page, ...keys)[0] ?? null;
}
