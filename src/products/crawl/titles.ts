/**
 * Product names from page titles: the shop's name cut off `<title>`/og:title at a separator, and
 * the author and format that book, music and film shops append ("The Quiet Harbour by A. Writer
 * (Paperback): shop.com" → "The Quiet Harbour").
 */
import { meta, type Page } from './dom.ts';
import { cleanText } from './json.ts';

/** Separators between a name and the shop's name; ": " only counts before a site-like part. */
const SEPARATOR = /\s+[|｜–—-]\s+|\s+::\s+|\s*｜\s*|\s+»\s+|\s+\/\/\s+|:\s+(?=\S+\.[a-z]{2,}(\.[a-z]{2})?\s*$)/giu;
/** A part that is a host name ("shop.com", "www.books-example.co.uk"). */
const DOMAIN = /^(www\.)?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.[a-z]{2,}$/iu;

/** Letters and digits only, accents dropped, "&" read as "and" ("Pages & Co" → "pagesandco"). */
export const foldName = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/&/g, 'and').replace(/[^\p{L}\p{N}]/gu, '');
const fold = foldName;
const words = (s: string) => s.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** True when a title part names the shop: og:site_name, the host's first label, or a host name. */
export function isSitePart(part: string, page: Page): boolean {
  const p = part.trim();
  if (!p) return true;
  if (DOMAIN.test(p)) return true;
  const f = fold(p);
  if (!f) return true;
  const site = fold(meta(page, 'og:site_name') ?? '');
  const host = fold(page.host.replace(/^www\d?\./, '').split('.')[0] ?? '');
  if (site && (f === site || (f.startsWith(site) && words(p) <= 4) || (site.startsWith(f) && f.length >= 0.6 * site.length))) return true;
  if (host.length >= 3 && (f === host || ((f.startsWith(host) || f.endsWith(host)) && words(p) <= 3))) return true;
  return false;
}

/**
 * og:title / <title> without the shop's name ("Blue Mug | Acme Store" → "Blue Mug"). Parts are
 * removed from the end (and from the start when a part is the shop's name), and the rest is kept
 * as written, so a real name with " - " in it ("Jean-Paul - Linen Shirt") stays whole.
 */
export function stripSiteName(title: string | null, page: Page): string | null {
  return splitTitle(title, page).name;
}

/** The title's name part and the shop-name parts cut off it (see stripSiteName). */
export interface TitleParts {
  name: string | null;
  /** Parts cut off as the shop's name. */
  site: string[];
  /** The name without its last part, and that last part (maybe the shop's name written differently). */
  head: string | null;
  tail: string | null;
  /** Middle parts of a title of three or more ("Brass Lamp - Floor Lamps - Shop"): categories. */
  middle: string[];
}

export function splitTitle(title: string | null, page: Page): TitleParts {
  if (!title) return { name: null, site: [], head: null, tail: null, middle: [] };
  const parts: Array<{ start: number; end: number }> = [];
  let last = 0;
  SEPARATOR.lastIndex = 0;
  for (let m: RegExpExecArray | null; (m = SEPARATOR.exec(title)) !== null; ) {
    if (m[0].length === 0) {
      SEPARATOR.lastIndex++;
      continue;
    }
    parts.push({ start: last, end: m.index });
    last = m.index + m[0].length;
  }
  parts.push({ start: last, end: title.length });
  if (parts.length < 2) return { name: title, site: [], head: null, tail: null, middle: [] };
  const text = (x: { start: number; end: number }) => title.slice(x.start, x.end).trim();
  const middle = parts.length >= 3 ? parts.slice(1, -1).map(text) : [];
  const site: string[] = [];
  while (parts.length > 1 && isSitePart(text(parts[parts.length - 1]!), page)) site.push(text(parts.pop()!));
  while (parts.length > 1 && isSiteName(text(parts[0]!), page)) site.push(text(parts.shift()!));
  // the last remaining part may still be the shop's name written differently ("Књижара Сунце" on knjizara-sunce.rs)
  const n = parts.length;
  const head = n > 1 ? cleanText(title.slice(parts[0]!.start, parts[n - 2]!.end), 500) : null;
  const tail = n > 1 ? text(parts[n - 1]!) : null;
  return { name: cleanText(title.slice(parts[0]!.start, parts[n - 1]!.end), 500), site: site.filter(Boolean), head, tail, middle };
}

/** A leading part is only the shop's name when it is exactly that (a brand may start a name). */
function isSiteName(part: string, page: Page): boolean {
  const f = fold(part);
  const site = fold(meta(page, 'og:site_name') ?? '');
  const host = fold(page.host.replace(/^www\d?\./, '').split('.')[0] ?? '');
  return DOMAIN.test(part.trim()) || (!!site && f === site) || (host.length >= 3 && f === host);
}

/** Formats a shop writes after a book, record or film title. */
const FORMATS =
  'paperback|hardcover|hardback|mass market paperback|trade paperback|board book|spiral-bound|library binding|kindle edition|ebook|e-book|audiobook|audio cd|mp3 cd|audio download|cd|vinyl|lp|dvd|blu-ray|4k ultra hd|vhs|cassette|large print|taschenbuch|gebundene ausgabe|broschiert|broché|relié|poche|tapa blanda|tapa dura|copertina flessibile|copertina rigida|brossura|ingebonden|paperback edition|hardcover edition|pocket|kartoniert';
const FORMAT_TAIL = new RegExp(`\\s*(?:[(\\[]\\s*(?:[\\p{L}\\p{N}"'.]+\\s+)?(?:${FORMATS})(?:\\s*[,;–-][^)\\]]*)?\\s*[)\\]]|[,:|–—-]\\s*(?:${FORMATS}))\\s*$`, 'iu');
/**
 * " by A. Writer", " von Max Muster", " par Jean Dupont": a name of 2–4 capitalised words or
 * initials, or a list of them ("by A. Writer; B. Other, C. Third & D. Last").
 */
const NAME_WORD = "(?:\\p{Lu}\\.|\\p{Lu}[\\p{L}'’.-]+)";
const AUTHOR = `${NAME_WORD}(?:\\s+(?:${NAME_WORD}|(?:van|von|de|der|den|du|la|le|da|di)\\b))*?\\s+${NAME_WORD}`;
const AUTHOR_TAIL = new RegExp(`\\s+(?:by|By|BY|von|par|door|av|af)\\s+${AUTHOR}(?:(?:\\s*[;,&]\\s*|\\s+(?:and|und|et|y|e)\\s+)${AUTHOR}){0,8}\\s*$`, 'u');

/**
 * The title without a trailing format ("(Paperback)", ", Hardcover") and a trailing author
 * ("by A. Writer"), in either order; a parenthesis that is no format ("(A. Shaw Book 1)") stays.
 */
export function withoutAuthorAndFormat(title: string): string {
  let t = title.trim();
  for (let i = 0; i < 3; i++) {
    const before = t;
    t = t.replace(FORMAT_TAIL, '').trim();
    const a = AUTHOR_TAIL.exec(t);
    if (a && a.index > 0 && /\p{L}/u.test(t.slice(0, a.index))) t = t.slice(0, a.index).trim();
    if (t === before) break;
  }
  return t.replace(/[\s,:;–—-]+$/u, '') || title.trim();
}
