/**
 * Turning fetched HTML bytes into text. The character set is taken, in this order, from:
 * a byte-order mark, the Content-Type header's charset, a `<meta charset>` or
 * `<meta http-equiv="content-type" content="...; charset=...">` in the head (first 64 KiB),
 * strict UTF-8 (the bytes are valid UTF-8), and finally windows-1252. Labels are resolved by
 * TextDecoder (WHATWG Encoding), so aliases such as latin1, sjis or gb2312 work; a label it does
 * not know falls through to the next rule.
 */

/** How far into the document `<meta>` declarations are looked for. */
export const META_SCAN_BYTES = 64 * 1024;

/**
 * The canonical encoding name for a label, or null when TextDecoder does not support it.
 * "replacement" (iso-2022-kr and friends) and x-user-defined count as unknown: falling through
 * to the next rule gives readable text more often than a page of U+FFFD would.
 */
export function resolveCharset(label: string | undefined | null): string | null {
  if (!label) return null;
  const trimmed = label.trim().replace(/^["']|["']$/g, '').trim();
  if (!trimmed) return null;
  try {
    return new TextDecoder(trimmed).encoding;
  } catch {
    return null;
  }
}

/** The charset parameter of a Content-Type value ("text/html; charset=Shift_JIS" → "Shift_JIS"). */
export function charsetParam(contentType: string | undefined | null): string | null {
  if (!contentType) return null;
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(contentType);
  if (!m) return null;
  return (m[1] ?? m[2] ?? '').trim() || null;
}

function bomCharset(body: Buffer): { charset: string; skip: number } | null {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { charset: 'utf-8', skip: 3 };
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return { charset: 'utf-16le', skip: 2 };
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return { charset: 'utf-16be', skip: 2 };
  return null;
}

/** The value after "charset=" inside a meta content attribute (HTML's "extract a character encoding from a meta element"). */
function charsetFromMetaContent(content: string): string | null {
  const m = /charset\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s;"']+))/i.exec(content);
  if (!m) return null;
  return (m[1] ?? m[2] ?? m[3] ?? '').trim() || null;
}

function parseAttributes(tagBody: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g;
  for (let m = re.exec(tagBody); m; m = re.exec(tagBody)) {
    const name = (m[1] ?? '').toLowerCase();
    // The first occurrence of an attribute wins, as in the HTML tokenizer.
    if (!attrs.has(name)) attrs.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * The encoding a `<meta>` in the head declares, resolved by TextDecoder, or null. Looks at the
 * first 64 KiB, ignoring comments, and stops at `</head>` or `<body>`. Metas with an unknown label
 * are skipped, so a later valid one still counts.
 */
export function metaCharset(body: Buffer): string | null {
  // latin1 maps every byte to one code unit, so ASCII markup is readable whatever the encoding.
  let head = body.subarray(0, META_SCAN_BYTES).toString('latin1');
  head = head.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  const end = head.search(/<\/head[\s>]|<body[\s>]/i);
  if (end >= 0) head = head.slice(0, end);
  const metaRe = /<meta(?=[\s\/>])([^>]*)>/gi;
  for (let m = metaRe.exec(head); m; m = metaRe.exec(head)) {
    const attrs = parseAttributes(m[1] ?? '');
    let label: string | null = null;
    if (attrs.has('charset')) {
      label = attrs.get('charset') ?? null;
    } else if ((attrs.get('http-equiv') ?? '').trim().toLowerCase() === 'content-type' && attrs.has('content')) {
      label = charsetFromMetaContent(attrs.get('content') ?? '');
    }
    let resolved = resolveCharset(label);
    // A meta that could be read as ASCII cannot be UTF-16; HTML treats such a claim as UTF-8.
    if (resolved === 'utf-16le' || resolved === 'utf-16be') resolved = 'utf-8';
    if (resolved) return resolved;
  }
  return null;
}

/** WHATWG index-windows-1252 for bytes 0x80–0x9F; every other byte maps to the same code point. */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Decodes with a TextDecoder, except windows-1252 (the target of latin1, iso-8859-1 and ascii too),
 * which Node 20.18.3+ decodes as ISO-8859-1, turning 0x80 into U+0080 instead of "€"
 * (nodejs/node#60888); that one is mapped here.
 */
export function decodeBytes(body: Buffer, encoding: string): string {
  if (encoding === 'windows-1252') {
    return body.toString('latin1').replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!);
  }
  return new TextDecoder(encoding).decode(body);
}

function isStrictUtf8(body: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** The character set of an HTML body (see the module comment for the order) and its text. */
export function decodeHtml(body: Buffer, contentTypeHeader: string | undefined): { text: string; charset: string } {
  const bom = bomCharset(body);
  if (bom) {
    return { text: new TextDecoder(bom.charset, { ignoreBOM: true }).decode(body.subarray(bom.skip)), charset: bom.charset };
  }
  const declared = resolveCharset(charsetParam(contentTypeHeader)) ?? metaCharset(body);
  if (declared) return { text: decodeBytes(body, declared), charset: declared };
  if (isStrictUtf8(body)) return { text: new TextDecoder('utf-8').decode(body), charset: 'utf-8' };
  return { text: decodeBytes(body, 'windows-1252'), charset: 'windows-1252' };
}
