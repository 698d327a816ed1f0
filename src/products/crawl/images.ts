/** Image and video URL handling: resolution, srcset/lazy attributes, junk filtering, normalising, dedupe. */
import { attr, classId, hasAncestor, type Element, type Page } from './dom.ts';
import { parseJsonStrict, isObj } from './json.ts';

export function resolveUrl(raw: string | null | undefined, base: URL | null): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim();
  if (!t || t.length > 4000 || /^(data|javascript|blob|about|mailto|tel):/i.test(t) || t.startsWith('#')) return null;
  try {
    const u = base ? new URL(t, base) : new URL(t);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.href;
  } catch {
    return null;
  }
}

/** Picks the largest candidate of a srcset (by `w`, else `x`), parsing URLs that contain commas. */
export function bestSrcset(srcset: string | undefined): string | null {
  if (!srcset) return null;
  const s = srcset.trim();
  let pos = 0;
  let best: { url: string; score: number } | null = null;
  while (pos < s.length) {
    while (pos < s.length && /[\s,]/.test(s[pos]!)) pos++;
    if (pos >= s.length) break;
    let start = pos;
    while (pos < s.length && !/\s/.test(s[pos]!)) pos++;
    let url = s.slice(start, pos);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      start = pos;
      let depth = 0;
      while (pos < s.length && (s[pos] !== ',' || depth > 0)) {
        if (s[pos] === '(') depth++;
        else if (s[pos] === ')') depth--;
        pos++;
      }
      descriptor = s.slice(start, pos).trim();
    }
    if (!url) continue;
    const d = /^([\d.]+)([wxh])$/i.exec(descriptor);
    // width descriptors outrank density ones; a bare URL counts as 1x
    const score = d ? (d[2]!.toLowerCase() === 'x' ? Number(d[1]) : Number(d[1]) * 1000) : 1;
    if (!best || score > best.score) best = { url, score };
  }
  return best?.url ?? null;
}

const LARGE_ATTRS = ['data-old-hires', 'data-zoom-image', 'data-large_image', 'data-large-image', 'data-zoom-src', 'data-zoom', 'data-full', 'data-full-src', 'data-hires', 'data-original-src'];
const LAZY_ATTRS = ['data-original', 'data-lazy-src', 'data-lazy', 'data-src', 'data-lazyload', 'data-echo', 'data-img', 'data-image'];
const PLACEHOLDER = /^data:|blank|spacer|placeholder|transparent|loading|lazy[-_]?load|pixel|grey\.gif|1x1/i;

/** The best URL an `<img>`/`<source>` offers: zoom/large attributes, then srcset, then lazy attributes, then src. */
export function imgUrl(el: Element): string | null {
  const a = el.attribs;
  for (const k of LARGE_ATTRS) if (a[k] && !a[k]!.startsWith('{')) return a[k]!;
  const dyn = a['data-a-dynamic-image'];
  if (dyn) {
    const parsed = parseJsonStrict(dyn);
    if (isObj(parsed)) {
      let best: { url: string; area: number } | null = null;
      for (const [u, dims] of Object.entries(parsed)) {
        const area = Array.isArray(dims) ? Number(dims[0] ?? 0) * Number(dims[1] ?? 0) : 0;
        if (!best || area > best.area) best = { url: u, area };
      }
      if (best) return best.url;
    }
  }
  const set = bestSrcset(a['data-srcset'] ?? a['data-lazy-srcset'] ?? a.srcset);
  if (set) return set;
  for (const k of LAZY_ATTRS) if (a[k] && !a[k]!.startsWith('{')) return a[k]!;
  const src = a.src;
  if (src && !PLACEHOLDER.test(src)) return src;
  return null;
}

const TRACKER =
  /facebook\.com\/tr|doubleclick\.net|google-analytics\.com|googletagmanager\.com|googleadservices\.com|bat\.bing\.com|scorecardresearch|quantserve|\/\/pixel\.|\/pixel(\.(gif|png|php|jpg)|\?|\/|$)|\/(spacer|blank|clear|transparent|1x1)\.(gif|png)|\/beacon\b|\/b\/ss\//i;
const UI_WORDS =
  /(^|[/_.-])(logos?|icons?|sprites?|favicon|badges?|payments?|paypal|visa|mastercard|amex|klarna|placeholder|loading|loader|spinner|flags?|avatars?|rating|trustpilot|social|share)([/_.-]|$)/;

/** Tracking pixels, icons, logos, sprites, payment badges and SVGs. */
export function isJunkImage(url: string): boolean {
  if (TRACKER.test(url)) return true;
  let path: string;
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    return true;
  }
  if (/\.(svg|ico)$/.test(path)) return true;
  return UI_WORDS.test(path);
}

export function isJunkImgElement(el: Element): boolean {
  const a = el.attribs;
  const w = Number(a.width);
  const h = Number(a.height);
  if ((a.width && w <= 2) || (a.height && h <= 2)) return true;
  if (/\b(logo|icon|sprite|avatar|badge|flag)\b/i.test(`${a.class ?? ''} ${a.id ?? ''} ${a.alt ?? ''}`)) return true;
  return false;
}

const SHOPIFY_SIZE = /_(?:\d+x\d*|\d*x\d+|pico|icon|thumb|small|compact|medium|large|grande|original|master)(?:_crop_[a-z]+)?(?:@\d+x)?(?=\.(?:jpe?g|png|gif|webp|avif)$)/i;
const RESIZE_PARAMS = new Set(['width', 'height', 'w', 'h', 'crop', 'size', 'quality', 'q', 'fit', 'dpr', 'resize', 'fm', 'format', 'auto', 'sw', 'sh', 'wid', 'hei', 'imwidth']);

function isShopifyCdn(u: URL): boolean {
  return u.hostname.endsWith('cdn.shopify.com') || u.pathname.includes('/cdn/shop/') || u.pathname.includes('/s/files/');
}

/** Rewrites a thumbnail URL to its full-size version where the pattern is known (Shopify size suffixes). */
export function normalizeImageUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (isShopifyCdn(u)) {
    u.pathname = u.pathname.replace(SHOPIFY_SIZE, '');
    for (const k of ['width', 'height', 'crop']) u.searchParams.delete(k);
    return u.href;
  }
  return url;
}

/** Dedupe key: scheme-less, without resize parameters and thumbnail modifiers. */
export function imageKey(url: string): string {
  try {
    const u = new URL(normalizeImageUrl(url));
    let path = u.pathname.replace(/\._[^/]*?_\.(jpe?g|png|gif|webp)$/i, '.$1'); // Amazon-style "._AC_SX300_." modifiers
    path = path.replace(/-\d{2,4}x\d{2,4}(?=\.(jpe?g|png|gif|webp)$)/i, ''); // WordPress thumbnails
    const magento = /\/media\/catalog\/product\/cache\/.*?(\/[^/]\/[^/]\/[^/]+)$/.exec(path); // Magento resized copies
    if (magento) path = `/media/catalog/product${magento[1]}`;
    const params = [...u.searchParams.entries()].filter(([k]) => !RESIZE_PARAMS.has(k.toLowerCase()) && k !== 'v');
    params.sort(([a], [b]) => a.localeCompare(b));
    const q = params.map(([k, v]) => `${k}=${v}`).join('&');
    return `${u.hostname.replace(/^www\./, '')}${path}${q ? `?${q}` : ''}`.toLowerCase();
  } catch {
    return url;
  }
}

/** An ordered, deduplicated, junk-filtered set of absolute media URLs. */
export class MediaList {
  private readonly keys = new Set<string>();
  readonly urls: string[] = [];
  constructor(
    private readonly base: URL | null,
    private readonly max = 30,
    private readonly filterJunk = true,
  ) {}
  add(raw: unknown): boolean {
    if (this.urls.length >= this.max || typeof raw !== 'string') return false;
    const abs = resolveUrl(raw, this.base);
    if (!abs || (this.filterJunk && isJunkImage(abs))) return false;
    const url = this.filterJunk ? normalizeImageUrl(abs) : abs;
    const key = this.filterJunk ? imageKey(url) : url.replace(/^https?:\/\//, '');
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.urls.push(url);
    return true;
  }
  addAll(list: Iterable<unknown>): void {
    for (const u of list) this.add(u);
  }
}

const GALLERY_WINDOW = 1500;
const NOT_GALLERY = /related|recommend|similar|upsell|up-sell|cross-?sell|recently|also-?(viewed|bought)|footer|header|nav|menu|banner|review|brand-?logo|payment/i;

/** `<img>` URLs from product-gallery containers, in document order. */
export function galleryImages(page: Page, anchor: number | null, max = 20): string[] {
  const out: string[] = [];
  const seen = new Set<Element>();
  const take = (img: Element) => {
    if (seen.has(img) || out.length >= max) return;
    seen.add(img);
    if (isJunkImgElement(img)) return;
    // a gallery link to the full image beats the thumbnail inside it
    const parent = img.parent?.type === 'tag' ? (img.parent as Element) : null;
    const href = parent?.name === 'a' ? attr(parent, 'href') : undefined;
    const fromLink = href && /\.(jpe?g|png|webp|avif|gif)(\?|$)/i.test(href) ? href : null;
    const u = fromLink ?? imgUrl(img);
    if (u) out.push(u);
  };
  // product galleries sit near the title; carousels far away are recommendations
  const near = (el: Element) => anchor === null || Math.abs((page.order.get(el) ?? 0) - anchor) <= GALLERY_WINDOW;
  const galleries = page.galleryEls.filter((g) => near(g) && !NOT_GALLERY.test(classId(g)) && !hasAncestor(g, (p) => NOT_GALLERY.test(classId(p)) || p.name === 'footer' || p.name === 'nav' || p.name === 'header', 15));
  if (galleries.length > 0) {
    const gallerySet = new Set(galleries);
    for (const img of page.imgs) {
      if (out.length >= max) break;
      if (hasAncestor(img, (p) => gallerySet.has(p), 10)) take(img);
    }
  }
  for (const el of page.itemprops) {
    if (el.name === 'img' && /\bimage\b/.test(el.attribs.itemprop ?? '') && near(el)) take(el);
  }
  return out;
}
