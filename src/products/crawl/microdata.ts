/** schema.org microdata: an `itemscope` of type Product with its itemprops (offers, brand nested scopes). */
import type { PageLocale } from './currency.ts';
import { normalizeCurrency } from './currency.ts';
import { textOf, type Element, type Page } from './dom.ts';
import { imgUrl } from './images.ts';
import { hiddenByMarkup, isHidden } from './nodes.ts';
import { cleanText } from './json.ts';
import { parseMachinePrice, parsePriceText, type ParsedPrice } from './price.ts';
import { emptyResult, type SourceResult } from './types.ts';

const PRODUCT_TYPE = /(schema\.org|data-vocabulary\.org)\/(Product|IndividualProduct|ProductModel|ProductGroup|SomeProducts|Vehicle|Car)\b/i;

interface Prop {
  el: Element;
  /** Set when the property element is itself an itemscope (nested item). */
  scope: Element | null;
}

/** The itemprops that belong directly to `scope` (not to nested items), by name. */
export function itemProps(scope: Element, limit = 20_000): Map<string, Prop[]> {
  const out = new Map<string, Prop[]>();
  const stack: Element[] = [];
  const push = (el: Element) => {
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i]!;
      if (c.type === 'tag') stack.push(c as Element);
    }
  };
  push(scope);
  let seen = 0;
  while (stack.length > 0 && seen++ < limit) {
    const el = stack.pop()!;
    const a = el.attribs;
    const nested = a.itemscope !== undefined;
    if (a.itemprop) {
      for (const name of a.itemprop.trim().split(/\s+/)) {
        const key = name.replace(/^https?:\/\/schema\.org\//i, '');
        const list = out.get(key) ?? [];
        list.push({ el, scope: nested ? el : null });
        out.set(key, list);
      }
    }
    if (!nested) push(el);
  }
  return out;
}

/** The microdata value of an itemprop element (content attribute, URL attribute or text). */
export function propValue(el: Element, max = 4000): string {
  const a = el.attribs;
  if (a.content !== undefined) return a.content.trim();
  switch (el.name) {
    case 'meta':
      return (a.content ?? '').trim();
    case 'img':
    case 'audio':
    case 'embed':
    case 'iframe':
    case 'source':
    case 'track':
    case 'video':
      return (el.name === 'img' ? imgUrl(el) : a.src) ?? '';
    case 'a':
    case 'area':
    case 'link':
      return (a.href ?? '').trim();
    case 'object':
      return (a.data ?? '').trim();
    case 'time':
      return (a.datetime ?? textOf(el, max)).trim();
    case 'data':
    case 'meter':
      return (a.value ?? textOf(el, max)).trim();
    default:
      return textOf(el, max);
  }
}

function first(props: Map<string, Prop[]>, ...keys: string[]): Prop | undefined {
  for (const k of keys) {
    const p = props.get(k)?.find((x) => x.scope || propValue(x.el, 300));
    if (p) return p;
  }
  return undefined;
}

function text(props: Map<string, Prop[]>, max: number, ...keys: string[]): string | null {
  for (const k of keys) {
    for (const p of props.get(k) ?? []) {
      if (p.scope) continue;
      const v = cleanText(propValue(p.el, max), max);
      if (v) return v;
    }
  }
  return null;
}

function priceFrom(props: Map<string, Prop[]>, currency: string | null, loc: PageLocale): ParsedPrice | null {
  for (const key of ['price', 'lowPrice', 'highPrice']) {
    const all = props.get(key) ?? [];
    const shown = all.filter((p) => !isHidden(p.el, 2));
    for (const p of shown.length > 0 ? shown : all) {
      const raw = propValue(p.el, 200);
      const machine = p.el.attribs.content !== undefined || p.el.name === 'meta';
      const parsed = machine ? parseMachinePrice(raw, currency, loc) : parsePriceText(raw, loc, { currency });
      if (parsed) return { amount: parsed.amount, currency: currency ?? parsed.currency };
    }
  }
  return null;
}

function isProductScope(el: Element): boolean {
  return PRODUCT_TYPE.test(el.attribs.itemtype ?? '');
}

function contains(ancestor: Element, el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

export function fromMicrodata(page: Page, loc: PageLocale): SourceResult {
  const r = emptyResult('microdata');
  const scopes = page.itemscopes.filter(isProductScope);
  if (scopes.length === 0) return r;
  const set = new Set(scopes);
  const top = scopes.filter((s) => {
    for (let p = s.parent; p; p = p.parent) if (set.has(p as Element)) return false;
    return true;
  });
  let main: Element | undefined;
  const h1 = page.h1s[0];
  if (top.length === 1) main = top[0];
  else if (h1) main = top.find((s) => contains(s, h1));
  if (!main && top.length >= 3) {
    r.listing = true;
    return r;
  }
  main ??= top[0]!;
  r.isProduct = true;
  const props = itemProps(main);
  r.name = text(props, 500, 'name');
  r.description = text(props, 10_000, 'description');
  r.sku = text(props, 100, 'sku', 'productID', 'productId');
  const brandProp = first(props, 'brand');
  if (brandProp) {
    const nested = brandProp.scope ? text(itemProps(brandProp.scope), 120, 'name') : null;
    r.brand = nested ?? cleanText(propValue(brandProp.el, 200), 120);
    if (r.brand && /^https?:\/\//i.test(r.brand)) r.brand = null;
  }
  // an offer hidden by inline CSS (even under a misspelt `style`) holds an old or list price
  const offerProps = (props.get('offers') ?? []).filter((p) => p.scope);
  const shown = offerProps.filter((p) => !hiddenByMarkup(p.scope!) && !(p.scope!.parent?.type === 'tag' && hiddenByMarkup(p.scope!.parent as Element)));
  const offerScopes = (shown.length > 0 ? shown : offerProps).map((p) => itemProps(p.scope!));
  for (const op of [...offerScopes, props]) {
    const cur = normalizeCurrency(text(op, 40, 'priceCurrency', 'currency'), loc);
    if (cur && !r.currency) r.currency = cur;
    const price = priceFrom(op, cur ?? r.currency, loc);
    if (price) {
      r.price = price;
      r.currency = price.currency ?? r.currency;
      break;
    }
  }
  for (const p of props.get('image') ?? []) {
    if (p.scope) {
      const ip = itemProps(p.scope);
      const u = text(ip, 2000, 'contentUrl', 'url');
      if (u) r.images.push(u);
    } else {
      const v = propValue(p.el, 2000);
      if (v) r.images.push(v);
    }
  }
  for (const p of props.get('video') ?? []) {
    if (!p.scope) continue;
    const vp = itemProps(p.scope);
    const u = text(vp, 2000, 'contentUrl', 'embedUrl');
    if (u) r.videos.push(u);
  }
  return r;
}
