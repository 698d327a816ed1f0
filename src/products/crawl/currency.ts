/** Currency knowledge: ISO 4217 codes, symbols → ISO, and a page's likely country. */

export const ISO_CODES = new Set(
  ('AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC ' +
    'CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK ' +
    'JMD JOD JPY KES KGS KHR KMF KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD ' +
    'NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLL SOS SRD SSP STN SYP SZL ' +
    'THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW').split(' '),
);

/** Currencies whose prices normally carry no minor unit (so "12.800" is twelve thousand eight hundred). */
export const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'CLP', 'VND', 'IDR', 'ISK', 'PYG', 'UGX', 'XOF', 'XAF', 'KZT', 'HUF', 'COP', 'TWD']);

const COUNTRY_CURRENCY: Record<string, string> = {
  us: 'USD', ca: 'CAD', au: 'AUD', nz: 'NZD', mx: 'MXN', ar: 'ARS', cl: 'CLP', co: 'COP', uy: 'UYU', pe: 'PEN', br: 'BRL',
  hk: 'HKD', sg: 'SGD', tw: 'TWD', jp: 'JPY', cn: 'CNY', kr: 'KRW', in: 'INR', id: 'IDR', my: 'MYR', th: 'THB', vn: 'VND', ph: 'PHP',
  gb: 'GBP', uk: 'GBP', ie: 'EUR', de: 'EUR', at: 'EUR', fr: 'EUR', it: 'EUR', es: 'EUR', pt: 'EUR', nl: 'EUR', be: 'EUR', lu: 'EUR',
  fi: 'EUR', ee: 'EUR', lv: 'EUR', lt: 'EUR', sk: 'EUR', si: 'EUR', gr: 'EUR', cy: 'EUR', mt: 'EUR', hr: 'EUR', ch: 'CHF', li: 'CHF',
  pl: 'PLN', cz: 'CZK', hu: 'HUF', ro: 'RON', bg: 'BGN', rs: 'RSD', se: 'SEK', no: 'NOK', dk: 'DKK', is: 'ISK', ru: 'RUB', by: 'BYN',
  ua: 'UAH', kz: 'KZT', tr: 'TRY', il: 'ILS', sa: 'SAR', ae: 'AED', qa: 'QAR', kw: 'KWD', eg: 'EGP', za: 'ZAR', ng: 'NGN', ke: 'KES',
  ma: 'MAD', pk: 'PKR', bd: 'BDT', lk: 'LKR', mn: 'MNT', tz: 'TZS', ba: 'BAM', mk: 'MKD', me: 'EUR',
};
const DOLLAR_COUNTRIES = new Set(['us', 'ca', 'au', 'nz', 'mx', 'ar', 'cl', 'co', 'uy', 'hk', 'sg', 'tw', 'br']);
const GENERIC_TLDS = new Set(['com', 'net', 'org', 'shop', 'store', 'io', 'co', 'info', 'biz', 'online', 'app', 'eu', 'global']);

export interface PageLocale {
  host: string;
  lang: string | null;
  path: string;
}

/** Best guess of the shop's country: ccTLD, else a locale segment in the path, else `<html lang>` region. */
export function pageCountry(loc: PageLocale): string | null {
  const labels = loc.host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (tld.length === 2 && !GENERIC_TLDS.has(tld)) return tld === 'uk' ? 'gb' : tld;
  const seg = /^\/([a-z]{2})(?:[-_]([a-z]{2}))?(?:\/|$)/i.exec(loc.path);
  if (seg) {
    const a = seg[1]!.toLowerCase();
    const b = seg[2]?.toLowerCase();
    if (b && COUNTRY_CURRENCY[b]) return b;
    if (COUNTRY_CURRENCY[a] && !['en', 'es', 'de', 'fr', 'it', 'pt', 'nl'].includes(a)) return a;
  }
  const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(loc.lang ?? '');
  if (region) return region[1]!.toLowerCase();
  return null;
}

export function countryCurrency(loc: PageLocale): string | null {
  const c = pageCountry(loc);
  return c ? (COUNTRY_CURRENCY[c] ?? null) : null;
}

function dollar(loc: PageLocale): string {
  const c = pageCountry(loc);
  return c && DOLLAR_COUNTRIES.has(c) ? COUNTRY_CURRENCY[c]! : 'USD';
}

function krona(loc: PageLocale): string {
  const c = pageCountry(loc);
  if (c === 'no') return 'NOK';
  if (c === 'dk' || c === 'fo' || c === 'gl') return 'DKK';
  if (c === 'is') return 'ISK';
  if (c === 'se') return 'SEK';
  const lang = (loc.lang ?? '').slice(0, 2);
  if (lang === 'nb' || lang === 'nn' || lang === 'no') return 'NOK';
  if (lang === 'da') return 'DKK';
  if (lang === 'is') return 'ISK';
  return 'SEK';
}

function yen(loc: PageLocale): string {
  const c = pageCountry(loc);
  return c === 'cn' || (loc.lang ?? '').startsWith('zh-cn') || (loc.lang === 'zh' && c !== 'jp') ? 'CNY' : 'JPY';
}

function yuan(loc: PageLocale): string {
  const c = pageCountry(loc);
  return c === 'tw' ? 'TWD' : c === 'hk' ? 'HKD' : c === 'mo' ? 'MOP' : 'CNY';
}

function rouble(loc: PageLocale): string {
  return pageCountry(loc) === 'by' ? 'BYN' : 'RUB';
}

type Resolver = string | ((loc: PageLocale) => string);

/** Multi-character symbols first so that "R$" wins over "$". */
const SYMBOLS: Array<[string, Resolver]> = [
  ['R$', 'BRL'], ['US$', 'USD'], ['CA$', 'CAD'], ['C$', 'CAD'], ['AU$', 'AUD'], ['A$', 'AUD'], ['NZ$', 'NZD'], ['HK$', 'HKD'],
  ['SG$', 'SGD'], ['S$', 'SGD'], ['NT$', 'TWD'], ['MX$', 'MXN'], ['RD$', 'DOP'], ['$U', 'UYU'], ['$', dollar],
  ['€', 'EUR'], ['£', 'GBP'], ['￥', yen], ['¥', yen], ['円', 'JPY'], ['元', yuan], ['₹', 'INR'], ['Rs.', 'INR'], ['₨', 'PKR'],
  ['zł', 'PLN'], ['Kč', 'CZK'], ['Ft', 'HUF'], ['lei', 'RON'], ['Lei', 'RON'], ['₽', 'RUB'], ['руб', rouble], ['р.', rouble],
  ['₴', 'UAH'], ['грн', 'UAH'], ['₩', 'KRW'], ['원', 'KRW'], ['₺', 'TRY'], ['TL', 'TRY'], ['₪', 'ILS'], ['ש"ח', 'ILS'], ['฿', 'THB'],
  ['₫', 'VND'], ['₱', 'PHP'], ['CHF', 'CHF'], ['SFr.', 'CHF'], ['Fr.', 'CHF'], ['kr.', krona], ['kr', krona], ['Kr', krona],
  ['₸', 'KZT'], ['тг', 'KZT'], ['ر.س', 'SAR'], ['﷼', 'SAR'], ['د.إ', 'AED'], ['RM', 'MYR'], ['Rp', 'IDR'], ['лв', 'BGN'],
  ['kn', 'HRK'], ['дин', 'RSD'], ['din', 'RSD'], ['₮', 'MNT'], ['төг', 'MNT'], ['KSh', 'KES'], ['Ksh', 'KES'], ['TSh', 'TZS'], ['KM', 'BAM'], ['ден', 'MKD'], ['₼', 'AZN'], ['₾', 'GEL'], ['E£', 'EGP'], ['₦', 'NGN'], ['S/', 'PEN'], ['₡', 'CRC'],
];

const LETTERS = /[\p{L}]/u;
/** ISO codes that are also common (upper-case) English words; only trusted when declared, not in free text. */
const WORDLIKE_CODES = new Set(['ALL', 'TOP', 'CUP', 'BAM', 'MOP', 'PEN', 'SOS', 'TRY', 'GEL', 'AMD', 'MAD', 'BOB', 'CVE', 'GIP', 'WST', 'LAK', 'ERN', 'BIF', 'PAB']);

/**
 * Finds a currency in `text`: an ISO code (USD, EUR, …) or a symbol, resolved with the page's
 * locale for ambiguous ones ($, kr, ¥). Returns the ISO code or null.
 */
export function detectCurrency(text: string, loc: PageLocale): string | null {
  if (!text) return null;
  const iso = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/g;
  let m: RegExpExecArray | null;
  while ((m = iso.exec(text)) !== null) if (ISO_CODES.has(m[1]!) && !WORDLIKE_CODES.has(m[1]!)) return m[1]!;
  let best: { at: number; iso: string } | null = null;
  for (const [sym, res] of SYMBOLS) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(sym, from);
      if (at < 0) break;
      from = at + sym.length;
      // word-like symbols must stand alone (so "kr" does not match inside "krone" words, "TL" inside "TLS"…)
      if (LETTERS.test(sym[0]!)) {
        const before = text[at - 1];
        const after = text[at + sym.length];
        if ((before && LETTERS.test(before)) || (after && LETTERS.test(after))) continue;
      }
      if (!best || at < best.at) best = { at, iso: typeof res === 'string' ? res : res(loc) };
      break;
    }
  }
  return best?.iso ?? null;
}

/** Normalises a declared currency (ISO code or symbol) to ISO 4217. */
export function normalizeCurrency(raw: unknown, loc: PageLocale): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim();
  if (!t) return null;
  const up = t.toUpperCase();
  if (ISO_CODES.has(up)) return up;
  return detectCurrency(t, loc);
}
