/** Label/value pairs in spec tables and detail lists ("Brand: Sony", `<th>SKU</th><td>123</td>`). */
import { hasAncestor, textOf, type Element, type Page } from './dom.ts';
import { CODE_NO_COLON, WORD_END, alternation } from './label-words.ts';

export type LabelKind = 'brand' | 'sku' | 'other';

const BRAND_WORDS = new RegExp(`^(${alternation('brand')})${WORD_END}`, 'iu');
const MAKER_WORDS = new RegExp(`^(${alternation('maker')})${WORD_END}`, 'iu');
const SKU_WORDS = new RegExp(`^(${alternation('code')})${WORD_END}`, 'iu');
const NO_COLON = new RegExp(`^${CODE_NO_COLON}`, 'iu');
const NOISE_CONTEXT = /filter|facet|refine|navigation|\bnav\b|menu|footer|breadcrumb|sort|sidebar|search/i;

/**
 * A combined label ("make/manufacturer:", "Art.-Nr./SKU") is of a kind only when every part is;
 * "make/model: Ford Focus" names more than the brand and is no brand label.
 */
function kindOf(label: string): { kind: LabelKind; rank: number } {
  const head = label.replace(/\s*:.*$/s, '');
  if (!head.includes('/')) return kindOfPart(label);
  const kinds = head.split(/\s*\/\s*/).map(kindOfPart);
  const first = kinds[0]!;
  if (kinds.some((k) => k.kind !== first.kind)) return { kind: 'other', rank: 9 };
  return { kind: first.kind, rank: Math.min(...kinds.map((k) => k.rank)) };
}

function kindOfPart(label: string): { kind: LabelKind; rank: number } {
  if (BRAND_WORDS.test(label)) return { kind: 'brand', rank: 0 };
  if (MAKER_WORDS.test(label)) return { kind: 'brand', rank: 1 };
  if (SKU_WORDS.test(label)) return { kind: 'sku', rank: /^sku/i.test(label) ? 0 : 1 };
  return { kind: 'other', rank: 9 };
}

function nextElement(el: Element): Element | null {
  for (let n = el.next; n; n = n.next) if (n.type === 'tag') return n as Element;
  return null;
}

function ownText(el: Element): string {
  let s = '';
  for (const c of el.children) if (c.type === 'text') s += (c as unknown as { data: string }).data;
  return s.replace(/\s+/g, ' ').trim();
}

function cleanValue(v: string): string | null {
  const t = v.replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '').replace(/^[\s:#.\-–]+/, '').replace(/\s+/g, ' ').trim();
  if (!t || t.length > 80 || /^(n\/a|none|-|—|\?)$/i.test(t)) return null;
  return t;
}

/** The value belonging to a label element, read from its own text, its next sibling or its parent's next sibling. */
export function valueOfLabel(label: Element): string | null {
  const own = ownText(label);
  const colon = own.search(/[:#]/);
  if (colon >= 0) {
    const rest = cleanValue(own.slice(colon + 1));
    if (rest) return rest;
  } else {
    const bare = NO_COLON.exec(own);
    const rest = bare ? cleanValue(own.slice(bare[0].length)) : null;
    if (rest) return rest;
  }
  let sib = nextElement(label);
  if (sib) {
    const v = cleanValue(textOf(sib, 120));
    if (v) return v;
  }
  // text right after the label inside the same parent: <li><b>Brand:</b> Sony</li>
  for (let n = label.next; n; n = n.next) {
    if (n.type === 'text') {
      const v = cleanValue((n as unknown as { data: string }).data);
      if (v) return v;
    } else break;
  }
  const parent = label.parent;
  if (parent && parent.type === 'tag') {
    const p = parent as Element;
    if (p.children.filter((c) => c.type === 'tag').length === 1 || p.name === 'th' || p.name === 'dt' || p.name === 'td') {
      sib = nextElement(p);
      if (sib) {
        const v = cleanValue(textOf(sib, 120));
        if (v) return v;
      }
    }
  }
  return null;
}

/** A "Label: value" line that is one of an element's own text lines. */
function lineLabel(el: Element, kind: LabelKind): { k: { kind: LabelKind; rank: number }; value: string } | null {
  for (const c of el.children) {
    if (c.type !== 'text') continue;
    const line = (c as unknown as { data: string }).data.replace(/\s+/g, ' ').trim();
    if (line.length < 3 || line.length > 80) continue;
    const k = kindOf(line);
    const colon = line.search(/[:#]/);
    if (k.kind !== kind || colon < 0) continue;
    const value = cleanValue(line.slice(colon + 1));
    if (value) return { k, value };
  }
  return null;
}

/**
 * Finds the value for a kind of label, preferring labels close after `anchor` (the product title);
 * `accept` rules out values that are no value of that kind ("Item shipping: £3.95" for an sku).
 */
export function findLabelled(page: Page, kind: LabelKind, anchor: number | null, accept: (value: string) => boolean = () => true): string | null {
  let best: { value: string; score: number } | null = null;
  for (const el of page.labelEls) {
    let k = kindOf(ownText(el));
    let value: string | null = null;
    if (k.kind !== kind) {
      // a label line among other <br>-separated lines of one element ("…<br>Item #: LL-2207<br>…")
      const line = lineLabel(el, kind);
      if (!line) continue;
      ({ k, value } = line);
    }
    if (hasAncestor(el, (p) => NOISE_CONTEXT.test(`${p.attribs.class ?? ''} ${p.attribs.id ?? ''}`) || p.name === 'nav' || p.name === 'footer', 10)) continue;
    value ??= valueOfLabel(el);
    if (!value || !accept(value)) continue;
    const order = page.order.get(el) ?? 0;
    const dist = anchor === null ? order : order >= anchor ? order - anchor : (anchor - order) * 3;
    const score = k.rank * 100_000 + dist;
    if (!best || score < best.score) best = { value, score };
  }
  return best?.value ?? null;
}
