import type { ProductFacts } from '../types.ts';
import { dangles, endsInsidePhrase, withoutDanglingTail } from './dangling.ts';
import { endsUnfinished, shortClaim, shorterClaims } from './short-claim.ts';
import { splitSentences } from './split.ts';
import { textUnits } from '../captions/lang.ts';

/**
 * Shaping product text (never translated) into slot fillers: a short name, selling points with
 * shorter variants (first clause, then word cuts), and overlay keywords.
 */
const TRAILING = /[\s.!?。！？।॥؟۔።…;:,，、；：\-–—]+$/u;
const BULLET = /^(?:[•·*✓✔✅☑►▶➤→>#]|[-–—](?=\s))[\s•·*✓✔✅☑►▶➤→>#]*/u;
const NUMBERED = /^\d{1,2}[.)]\s+/u;
const CLAUSE_BREAK = /\s*(?:[,;:，、；：(（\[|]|\s[-–—]\s|[–—])\s*/u;
const NAME_BREAK = /\s*(?:[,;:|(（\[]|\s[-–—/]\s|[–—])\s*/u;
const SPACELESS = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\u30fc]/u;

export function clean(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim().replace(BULLET, '').replace(NUMBERED, '');
  return t.replace(TRAILING, '').trim();
}

export function words(s: string): string[] {
  return s.split(/\s+/).filter(Boolean);
}

/** Character units a short name may take: a caption page in 9:16 (two lines of 22), so the name said aloud never turns a caption page. */
export const SHORT_NAME_UNITS = 40;
/** Chinese and Japanese joining words a short name does not end on ("with", "and", "of"). */
const CJK_JOINERS = new Set(['的', '和', '与', '及', '以及', '并', '带', '或', '及其', '含', '附', 'と', 'の', 'や', 'で', 'を', 'が', 'に']);
/** Words a short name may have. */
const SHORT_NAME_WORDS = 6;

/**
 * The name as said aloud and titled when the full name has no room: its first clause, a complete
 * phrase of at most six words and SHORT_NAME_UNITS character units ("Acme Pro Earbuds – 40h,
 * Black" → "Acme Pro Earbuds"); a longer one ends before its trailing modifier ("UltraComfort
 * Ergonomic Mesh Office Chair with Adjustable Lumbar Support" → "UltraComfort Ergonomic Mesh
 * Office Chair"; Thai before its joining word: "…เพื่อสุขภาพ UltraComfort พร้อม…" → "…เพื่อสุขภาพ
 * UltraComfort"), never on "with". A title-case noun chain still too long keeps its first word
 * (the brand) and its head, at most three words at the end ("UltraComfort Ergonomic Memory Foam Lumbar Support Cushion
 * with Cooling Gel Layer" → "UltraComfort Lumbar Support Cushion"); else its first words, never
 * ending on a function word. Words: `Intl.Segmenter` for names without spaces (docs/rendering.md
 * "A long name never over the product").
 */
export function shortName(name: string): string {
  const first = clean(clean(name).split(NAME_BREAK)[0] ?? '') || clean(name);
  const short = (s: string) => nameWords(s).length <= SHORT_NAME_WORDS && textUnits(s) <= SHORT_NAME_UNITS;
  if (short(first)) return first;
  const forms = shorterClaims(first);
  const fits = forms.find(short);
  if (fits) return fits;
  const phrase = forms[forms.length - 1] ?? first;
  const ws = words(phrase);
  if (ws.length >= 3 && ws.every((w) => /^[\p{Lu}\p{N}]/u.test(w))) {
    for (let k = Math.min(ws.length - 1, 3); k >= 1; k--) {
      const s = [ws[0]!, ...ws.slice(ws.length - k)].join(' ');
      if (short(s)) return s;
    }
  }
  if (ws.length <= 1) {
    // A name without spaces (Chinese, Thai): its first words within the limit.
    const segs: string[] = [];
    for (const seg of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(phrase)) {
      if (textUnits(segs.join('') + seg.segment) > SHORT_NAME_UNITS) break;
      segs.push(seg.segment);
    }
    // Never ending on a joining word ("…和头枕以及" → "…和头枕"; Thai: "…พร้อม").
    while (segs.length > 1 && (CJK_JOINERS.has(segs[segs.length - 1]!) || endsUnfinished(segs.join('')))) segs.pop();
    return clean(segs.join('')) || phrase;
  }
  let n = Math.min(ws.length, SHORT_NAME_WORDS);
  while (n > 1 && textUnits(ws.slice(0, n).join(' ')) > SHORT_NAME_UNITS) n--;
  return withoutDanglingTail(ws.slice(0, n), 1).join(' ');
}

/** Words of a name: by spaces, or by Intl.Segmenter where the name is written without them (Thai, Japanese, Chinese). */
function nameWords(s: string): string[] {
  if (!SPACELESS.test(s)) return words(s);
  return [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(s)].filter((x) => x.isWordLike).map((x) => x.segment);
}

export interface Point {
  text: string;
  /** Index into ProductFacts.sellingPoints; null for a sentence taken from the description. */
  index: number | null;
}

/** The selling points, then sentences of the description that say something new; cleaned, without near-duplicates. */
export function productPoints(p: ProductFacts): Point[] {
  const out: Point[] = [];
  const seen: Set<string>[] = [];
  const add = (s: string, index: number | null) => {
    const text = clean(s);
    if (!text || !/[\p{L}\p{N}]/u.test(text)) return;
    const key = fingerprint(text);
    if (seen.some((k) => contained(key, k) >= 0.7)) return;
    seen.push(key);
    out.push({ text, index });
  };
  p.sellingPoints.forEach((s, i) => add(s, i));
  for (const s of splitSentences(p.description)) add(s, null);
  return out;
}

/** Lower-cased words, or character pairs for text without spaces. */
function fingerprint(s: string): Set<string> {
  const ws = s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (ws.length > 1) return new Set(ws);
  const cs = [...(ws[0] ?? '')];
  return new Set(cs.length < 2 ? cs : cs.slice(1).map((c, i) => cs[i]! + c));
}

/** Share of the new text's words already said: "It keeps drinks cold for 24 hours" adds nothing after "Keeps drinks cold for 24 hours, hot for 12". */
function contained(fresh: Set<string>, said: Set<string>): number {
  let n = 0;
  for (const x of fresh) if (said.has(x)) n++;
  return n / Math.max(1, fresh.size);
}

export interface TextVariants {
  /** Natural forms, longest first: the whole text, then its leading clauses. */
  natural: string[];
  /** Word cuts (never inside a word), longest first, down to three words: a last resort. */
  cuts: string[];
}

export function variants(text: string): TextVariants {
  const natural = [text];
  const parts = text.split(CLAUSE_BREAK);
  for (let n = parts.length - 1; n >= 1; n--) {
    const prefix = clean(cutAtClauses(text, n));
    // Not a prefix that ends inside a noun phrase ("… gives your desk a warm" of "… a warm, even light").
    if (prefix && prefix !== natural[natural.length - 1] && (words(prefix).length >= 2 || SPACELESS.test(prefix)) && !endsInsidePhrase(words(prefix))) natural.push(prefix);
  }
  const shortest = natural[natural.length - 1]!;
  // The complete shorter claims first ("Breathable mesh back" of "… keeps you cool", "Adjustable lumbar
  // support that follows your spine" of "… through the whole working day"); word cuts only shorter
  // than the shortest of them: a cut that keeps the verb and drops its object or its end reads as a
  // claim broken off ("Breathable mesh back keeps you.", "… through the whole working.").
  const complete = shorterClaims(shortest, { subject: true }).filter((c) => c.length < shortest.length && !natural.includes(c) && (words(c).length >= 2 || SPACELESS.test(c)));
  const floor = Math.min(...complete.map((c) => c.length));
  const cuts: string[] = [...complete];
  const ws = words(shortest);
  // A cut never ends on a word that leaves the claim hanging ("Stepless touch dimmer with.") or inside a noun phrase ("… a warm.").
  for (let n = ws.length - 1; n >= 3; n--) {
    const cut = clean(ws.slice(0, n).join(' '));
    if (!dangles(ws[n - 1]!) && !endsInsidePhrase(ws.slice(0, n)) && cut.length < floor && !cuts.includes(cut)) cuts.push(cut);
  }
  return { natural, cuts };
}

/** The text up to (not including) its n-th clause break. */
function cutAtClauses(text: string, n: number): string {
  const re = new RegExp(CLAUSE_BREAK.source, 'gu');
  let m: RegExpExecArray | null;
  let count = 0;
  while ((m = re.exec(text))) {
    if (++count === n) return text.slice(0, m.index);
    if (m[0].length === 0) re.lastIndex++;
  }
  return text;
}

/**
 * The point's first clause, for an overlay, as a complete claim (script/short-claim.ts): whole
 * when short ("Keeps water cold for 24 hours"), else a complete shorter form ("Adjustable lumbar
 * support", not "Adjustable lumbar support that…"); never a head with an ellipsis. A text with
 * no complete shorter form is kept whole: the layout wraps it.
 */
export function keywords(point: string): string {
  const first = clean(point.split(CLAUSE_BREAK)[0] ?? point);
  return shortClaim(first && (words(first).length >= 2 || SPACELESS.test(first)) ? first : clean(point) || point);
}

/** A point that carries a number ("40-hour battery", "500 ml") leads in the Data style. */
export function hasNumber(s: string): boolean {
  return /\p{Nd}/u.test(s);
}

/** Fills `{p}` / `{name}` / `{price}` / `{audience}`; a point or audience that opens a sentence gets a capital first letter. */
export function fill(template: string, slots: { p?: string; name?: string; price?: string; audience?: string }): string {
  let t = template;
  if (slots.p !== undefined) {
    const p = template.startsWith('{p}') ? capitalise(slots.p) : slots.p;
    t = t.replace('{p}', () => p);
  }
  // Function replacements: product text may hold "$&" or "$'", which a replacement string would expand.
  const name = slots.name !== undefined && template.startsWith('{name}') ? capitalise(slots.name) : slots.name;
  if (name !== undefined) t = t.replace('{name}', () => name);
  if (slots.price !== undefined) t = t.replace('{price}', () => slots.price!);
  if (slots.audience !== undefined) {
    const a = template.startsWith('{audience}') ? capitalise(slots.audience) : slots.audience;
    t = t.replace('{audience}', () => a);
  }
  return t;
}

function capitalise(s: string): string {
  const first = s.charAt(0);
  const second = s.charAt(1);
  const lower = first.toLowerCase() === first && first.toUpperCase() !== first;
  // "iPhone", "eBay": a capital in second place means the brand spells it that way.
  return lower && second.toUpperCase() !== second ? first.toUpperCase() + s.slice(1) : lower && !/\p{L}/u.test(second) ? first.toUpperCase() + s.slice(1) : s;
}
