/**
 * Brand values: cleaning and normalising what the sources found, recognising a shop-wide default
 * (the shop's own name), and the last resort: a well-known brand named at the start of the title
 * (see brand-lexicon.ts for the data and its rules).
 */
import { BRAND_LEXICON } from './brand-lexicon.ts';

const BRAND_LABEL = /(?:^|[\s:])(?:brand|marca|marke|marque|merk|marka|märke|značka|бренд)\s*:\s*(.+)$/i;

/**
 * Drops template placeholders and label text around brand values ("… Marca: Panasonic" →
 * "Panasonic"), a trailing parenthetical qualifier ("Nutrilon (Nutricia)" → "Nutrilon") and, for a
 * name written in a non-Latin script and in Latin script side by side, keeps the Latin form
 * ("達美樂披薩DOMINO'S PIZZA" → "DOMINO'S PIZZA").
 */
export function cleanBrand(v: string | null, names: Array<string | null | undefined> = []): string | null {
  if (!v) return null;
  let t = v.trim();
  const labelled = BRAND_LABEL.exec(t);
  if (labelled) t = labelled[1]!.trim();
  t = t.split(/\s+\|\s+/)[0]!.trim();
  if (!t || t.length > 60 || !/\p{L}/u.test(t) || /^[$#]|\{\{|\}\}|<%|%>|\$\{/.test(t)) return null;
  if (/^(n\/a|none|null|undefined|brand|generic brand|no brand)$/i.test(t)) return null;
  t = houseBrand(latinForm(qualifierDropped(t, names) ? withoutQualifier(t) : t));
  return t;
}

/** Bracketed words that qualify a brand rather than belong to it: a company form, a shop or branch. */
const QUALIFIER_WORDS = /\b(co|corp|corporation|company|inc|ltd|llc|gmbh|ag|sa|s\.a|srl|bv|nv|ab|as|oy|plc|group|holding|official|store|shop|outlet|branch|distributor|importer|by)\b\.?|店|公司|株式会社|有限/i;

/**
 * Whether a trailing bracket ("Brand (…)") is a qualifier to drop: a company form, a shop or
 * branch, or words in another script than the name ("Nutricia Ltd", "全台多分店") always are.
 * Otherwise the page decides: a product name that writes the whole ("Atelier (Lyon) Linen Apron")
 * keeps it, one that writes only the bare name ("Nutrilon Pronutra 1") drops it; with neither, a
 * plain word or place ("Atelier (Lyon)") belongs to the brand.
 */
function qualifierDropped(t: string, names: Array<string | null | undefined>): boolean {
  const bare = withoutQualifier(t);
  if (bare === t) return false;
  const inner = t.slice(bare.length).replace(/^\s*[(（]|[)）]\s*$/g, '');
  const script = (x: string) => (LATIN.test(x) ? 'latin' : /\p{L}/u.test(x) ? 'other' : 'none');
  if (QUALIFIER_WORDS.test(inner) || script(inner) !== script(bare)) return true;
  const low = (x: string) => x.toLowerCase().replace(/\s+/g, ' ');
  const titles = names.filter((x): x is string => !!x).map(low);
  if (titles.some((x) => x.includes(low(t)))) return false;
  const bareWord = new RegExp(`(^|[^\\p{L}\\p{N}])${low(bare).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');
  return titles.some((x) => bareWord.test(x));
}

/** Line descriptors shops append to a house brand ("adidas Performance", "Nike Sportswear"). */
const LINE_WORDS = new Set(['performance', 'originals', 'sportswear', 'collection']);

/**
 * A well-known brand followed by one line descriptor is that brand ("adidas Performance" →
 * "adidas"), in the page's own spelling; a line that is a label of its own ("Calvin Klein Jeans")
 * has no descriptor word and is left alone.
 */
export function houseBrand(t: string): string {
  const toks = tokenize(t);
  if (toks.length < 2 || !LINE_WORDS.has(toks[toks.length - 1]!.key)) return t;
  const key = toks.slice(0, -1).map((x) => x.key).join(' ');
  const e = lexicon().map.get(key);
  return e ? t.slice(0, toks[toks.length - 2]!.end).trim() : t;
}

/** "Brand (Parent Co.)", "Brand（台北店）" → "Brand"; a value that is only a parenthesis is kept. */
export function withoutQualifier(t: string): string {
  const m = /^(.*?\p{L}.*?)\s*[(（][^()（）]*[)）]$/u.exec(t);
  return m ? m[1]!.trim() : t;
}

const LATIN = /\p{sc=Latin}/u;
const LETTER = /\p{L}/u;

/**
 * A brand written once in a non-Latin script and once in Latin script, one after the other, is
 * the same name twice; the Latin form is the one shops, marketplaces and the brand's own site
 * share, so it is the one kept. Anything else (one script, interleaved scripts) is left alone.
 */
export function latinForm(t: string): string {
  const chars = [...t];
  let firstLatin = -1, lastLatin = -1, firstOther = -1, lastOther = -1;
  chars.forEach((c, i) => {
    if (!LETTER.test(c)) return;
    if (LATIN.test(c)) {
      if (firstLatin < 0) firstLatin = i;
      lastLatin = i;
    } else {
      if (firstOther < 0) firstOther = i;
      lastOther = i;
    }
  });
  if (firstLatin < 0 || firstOther < 0) return t;
  let latin: string;
  if (lastOther < firstLatin) latin = chars.slice(lastOther + 1).join('');
  else if (lastLatin < firstOther) latin = chars.slice(0, firstOther).join('');
  else return t;
  latin = latin.replace(/^[\s\p{P}\p{S}]+|[\s\-–—|/,:;]+$/gu, '').trim();
  return (latin.match(/\p{L}/gu)?.length ?? 0) >= 2 ? latin : t;
}

const fold = (s: string) => foldKey(s).replace(/[^\p{L}\p{N}]/gu, '');

/**
 * True when a brand value is a cut-off piece of the shop's own name ("Ali" on alibaba.com, "Best"
 * with og:site_name "Best Buy"): a fragment some shop software fills the brand field with when a
 * product has none. The shop's whole name is kept: ZARA on zara.com is that product's brand.
 */
export function isShopNameFragment(brand: string, host: string, siteName: string | null): boolean {
  const b = fold(brand);
  if (b.length < 2) return false;
  const names = host.toLowerCase().replace(/^www\d?\./, '').split('.').slice(0, -1).filter((l) => l.length >= 3).map((l) => l.replace(/[^a-z0-9]/g, ''));
  if (siteName) names.push(fold(siteName));
  return names.some((n) => n.length > b.length && n.startsWith(b));
}

// ---------------------------------------------------------------------------------------------
// Lexicon matcher

const SPECIAL: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ı: 'i', þ: 'th', ð: 'd' };

/** Case- and accent-insensitive key of a word ("Kärcher" → "karcher", "Ø" → "o"). */
export function foldKey(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđıþð]/g, (c) => SPECIAL[c]!);
}

const CJK = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Hangul}';
/** Words: runs of letters/digits; a CJK run is a word of its own even without spaces around it. */
const WORD = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');

interface Token {
  key: string;
  start: number;
  end: number;
}

function tokenize(s: string): Token[] {
  const out: Token[] = [];
  for (const m of s.matchAll(WORD)) out.push({ key: foldKey(m[0]), start: m.index!, end: m.index! + m[0].length });
  return out;
}

interface Entry {
  name: string;
  /** The brand is also an ordinary word ("Apple", "Shell"): see `accept`. */
  word: boolean;
  /** Two letters or fewer ("LG", "HP"): only written in capitals. */
  short: boolean;
}

interface Index {
  map: Map<string, Entry>;
  maxWords: number;
  size: number;
}

let index: Index | null = null;

/** Parses the lexicon once: `Canonical|alias|alias` entries separated by `;`, `~` marks word brands. */
export function lexicon(): Index {
  if (index) return index;
  const map = new Map<string, Entry>();
  let maxWords = 1;
  let size = 0;
  for (const list of Object.values(BRAND_LEXICON)) {
    for (const raw of list.split(';')) {
      const item = raw.trim();
      if (!item) continue;
      size++;
      const word = item.startsWith('~');
      const names = item.replace(/^~/, '').split('|').map((n) => n.trim()).filter(Boolean);
      const name = names[0]!;
      for (const n of names) {
        const toks = tokenize(n);
        if (toks.length === 0) continue;
        const key = toks.map((t) => t.key).join(' ');
        const letters = key.replace(/[^\p{L}]/gu, '').length;
        if (!map.has(key)) map.set(key, { name, word, short: key.replace(/ /g, '').length <= 2 && letters > 0 });
        maxWords = Math.max(maxWords, toks.length);
      }
    }
  }
  index = { map, maxWords, size };
  return index;
}

/** Brands must start within the title's first words ("Robotic mower Bosch Indego…", not mid-sentence). */
const START_WINDOW = 4;
/** A brand after these words is what the product fits, not who made it ("Case for Samsung S21"). */
const FOR_WORDS = new Set(['for', 'fits', 'fur', 'pour', 'para', 'per', 'voor', 'til', 'dla', 'для', 'replacement', 'ersatz', 'ersatzteil', 'like', 'wie', 'comme', 'como', 'come', 'style']);
const isForWord = (k: string) => FOR_WORDS.has(k) || k.startsWith('compat') || k.startsWith('kompat');

/** A model designation right after a word brand: digits with letters ("A2337", "S21"), or camel case ("iPhone"). */
function modelLike(word: string): boolean {
  return (word.length >= 3 && /\d/.test(word) && /\p{L}/u.test(word)) || /\p{Ll}\p{Lu}/u.test(word);
}

function accept(e: Entry, title: string, first: Token, last: Token, position: number): boolean {
  const written = title.slice(first.start, last.end);
  if (e.short && written !== written.toUpperCase()) return false;
  if (!e.word) return true;
  // "Apple iPhone 13" names the brand; "Apple pie dish", "Green Apple shampoo" do not
  const next = /^\s+(\S+)/.exec(title.slice(last.end))?.[1] ?? '';
  return position === 0 && /^\p{Lu}/u.test(written) && modelLike(next);
}

/**
 * The canonical spelling of a well-known brand that a title starts with (or names within its
 * first words, after a product-type word), longest entry first; null when none.
 */
export function brandFromTitle(title: string | null | undefined): string | null {
  if (!title) return null;
  const { map, maxWords } = lexicon();
  const text = title.slice(0, 200);
  const toks = tokenize(text);
  for (let i = 0; i < Math.min(toks.length, START_WINDOW); i++) {
    if (isForWord(toks[i]!.key)) return null;
    for (let n = Math.min(maxWords, toks.length - i); n >= 1; n--) {
      let key = toks[i]!.key;
      for (let j = 1; j < n; j++) key += ' ' + toks[i + j]!.key;
      const e = map.get(key);
      if (e && accept(e, text, toks[i]!, toks[i + n - 1]!, i)) return e.name;
    }
  }
  return null;
}

/** The first title (product name, og:title, `<title>`) that names a lexicon brand. */
export function brandFromTitles(...titles: Array<string | null | undefined>): string | null {
  for (const t of titles) {
    const b = brandFromTitle(t);
    if (b) return b;
  }
  return null;
}
