/** Tolerant JSON helpers: loose parsing with repair, balanced-object extraction from JS, entity decoding. */
import { jsonrepair } from 'jsonrepair';

/** Largest JSON text we parse at all, and the largest we hand to jsonrepair (slower). */
export const MAX_JSON_CHARS = 4_000_000;
export const MAX_REPAIR_CHARS = 400_000;

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’',
  sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', hellip: '…', bull: '•', trade: '™', euro: '€', dagger: '†',
  OElig: 'Œ', oelig: 'œ', Scaron: 'Š', scaron: 'š', Yuml: 'Ÿ', laquo: '«', raquo: '»', rsaquo: '›', lsaquo: '‹',
};
// Latin-1 supplement, U+00A1..U+00FF, in code-point order.
const LATIN1 =
  'iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
  'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
LATIN1.split(' ').forEach((n, i) => {
  NAMED[n] ??= String.fromCodePoint(0xa1 + i);
});

/** Decodes HTML character references (numeric and the common named ones). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,8});?/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? m;
  });
}

/** Strips tags, decodes entities and collapses whitespace. */
export function cleanText(v: unknown, max = 10_000): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  let s = v;
  if (s.includes('<')) s = s.replace(/<(br|\/p|\/li|\/div|\/h\d)\b[^>]*>/gi, ' ').replace(/<[^>]{0,2000}>/g, '');
  s = decodeEntities(s).replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '').replace(/[\s\u00a0]+/g, ' ').trim();
  if (!s) return null;
  return s.length > max ? s.slice(0, max).trimEnd() : s;
}

function stripWrappers(text: string): string {
  let t = text.trim();
  if (t.startsWith('<!--')) t = t.slice(4);
  if (t.endsWith('-->')) t = t.slice(0, -3);
  t = t.replace(/^\s*(\/\/\s*)?<!\[CDATA\[/, '').replace(/(\/\/\s*)?\]\]>\s*$/, '');
  t = t.replace(/^\s*\/\*\s*<!\[CDATA\[\s*\*\//, '').replace(/\/\*\s*\]\]>\s*\*\/\s*$/, '');
  return t.trim();
}

/** Parses JSON, falling back to entity-decoding and jsonrepair; undefined when hopeless. */
export function parseJsonLoose(text: string): unknown {
  if (!text || text.length > MAX_JSON_CHARS) return undefined;
  const t = stripWrappers(text);
  if (!t) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    // fall through
  }
  if (/&(quot|#34|#x22);/i.test(t)) {
    try {
      return JSON.parse(decodeEntities(t));
    } catch {
      // fall through
    }
  }
  if (t.length > MAX_REPAIR_CHARS) return undefined;
  try {
    return JSON.parse(jsonrepair(t));
  } catch {
    return undefined;
  }
}

/** Strict parse only (for speculative JSON inside scripts). */
export function parseJsonStrict(text: string): unknown {
  if (!text || text.length > MAX_JSON_CHARS) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Returns the balanced `{...}` or `[...]` text starting at `start` (which must point at the
 * opening bracket), honouring strings; null if unbalanced within `maxLen` characters.
 */
export function balancedJson(src: string, start: number, maxLen = MAX_JSON_CHARS): string | null {
  const open = src[start];
  if (open !== '{' && open !== '[') return null;
  let depth = 0;
  let inStr: string | null = null;
  const end = Math.min(src.length, start + maxLen);
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    if (inStr !== null) {
      if (c === 92 /* \ */) i++;
      else if (c === inStr.charCodeAt(0)) inStr = null;
      continue;
    }
    if (c === 34 /* " */ || c === 39 /* ' */) inStr = src[i]!;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return src.slice(start, i + 1);
    }
  }
  return null;
}

/** Finds `marker` in `src` and parses the JSON object/array that follows it (after `=`, `:` or `(`). */
export function jsonAfter(src: string, marker: string | RegExp, strict = true): unknown {
  let idx: number;
  let len: number;
  if (typeof marker === 'string') {
    idx = src.indexOf(marker);
    len = marker.length;
  } else {
    const m = marker.exec(src);
    idx = m ? m.index : -1;
    len = m ? m[0].length : 0;
  }
  if (idx < 0) return undefined;
  let i = idx + len;
  while (i < src.length && i < idx + len + 40 && src[i] !== '{' && src[i] !== '[') {
    if (!/[\s=:(]/.test(src[i]!)) return undefined;
    i++;
  }
  const body = balancedJson(src, i);
  if (!body) return undefined;
  return strict ? parseJsonStrict(body) : parseJsonLoose(body);
}

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export function isObj(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function asArray<T>(v: T | T[] | null | undefined): T[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

/** First non-empty string among the given values (numbers are stringified). */
export function firstString(...vals: unknown[]): string | null {
  for (const v of vals) {
    for (const x of asArray(v)) {
      const s = cleanText(x);
      if (s) return s;
    }
  }
  return null;
}
