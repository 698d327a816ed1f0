/** Small DOM helpers over domhandler nodes (text, ancestry, descendants). */
import type { AnyNode, Element, ParentNode } from 'domhandler';

/** Elements whose text is never visible. */
export const SKIP_TEXT = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'title']);

export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Whitespace-collapsed text content of a node, skipping scripts/styles and any element `skip`
 * names; stops after `max` characters.
 */
export function textOf(node: AnyNode | null | undefined, max = 4000, skip?: (el: Element) => boolean): string {
  if (!node) return '';
  const parts: string[] = [];
  let len = 0;
  const stack: AnyNode[] = [node];
  while (stack.length > 0 && len < max) {
    const n = stack.pop()!;
    if (n.type === 'text') {
      const d = (n as unknown as { data: string }).data;
      parts.push(d);
      len += d.length;
    } else if (n.type === 'tag' || n.type === 'root') {
      const el = n as Element;
      if (n.type === 'tag' && (SKIP_TEXT.has(el.name) || skip?.(el))) continue;
      if (n.type === 'tag' && el.name === 'br') {
        parts.push(' ');
        continue;
      }
      const ch = (n as ParentNode).children;
      for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]!);
    }
  }
  const s = collapse(parts.join(''));
  return s.length > max ? s.slice(0, max) : s;
}

export function attr(el: Element | null | undefined, name: string): string | undefined {
  return el?.attribs[name];
}

export function isElement(n: AnyNode | null | undefined): n is Element {
  return !!n && (n.type === 'tag' || n.type === 'script' || n.type === 'style');
}

/** Iterates the descendants of `root` (elements only), depth-first in document order. */
export function* descendants(root: ParentNode, limit = 50_000): Generator<Element> {
  const stack: AnyNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i]!);
  let seen = 0;
  while (stack.length > 0 && seen < limit) {
    const n = stack.pop()!;
    if (!isElement(n)) continue;
    seen++;
    yield n;
    const ch = n.children;
    for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]!);
  }
}

/** True if some ancestor (up to `depth` levels) satisfies `pred`. */
export function hasAncestor(el: Element, pred: (a: Element) => boolean, depth = 12): boolean {
  let p = el.parent;
  for (let i = 0; p && i < depth; i++) {
    if (p.type !== 'tag') return false;
    if (pred(p as Element)) return true;
    p = p.parent;
  }
  return false;
}

export function classId(el: Element): string {
  const c = el.attribs.class;
  const id = el.attribs.id;
  return c && id ? `${c} ${id}` : (c ?? id ?? '');
}

/**
 * Inline CSS that hides an element; matched in any attribute so a misspelt `style` (`stlye=`)
 * counts too, and so does a misspelt property (`diplay: none`, `visiblity:hidden`): the shop meant
 * the block hidden, and what its own scripts show is the other offer.
 */
const CSS_DECL = /(?:^|[;\s"'{])([a-z-]{5,12})\s*:\s*(none|hidden)\b/gi;
const HIDING_CLASS = /(^|\s)(hidden|d-none|hide|is-hidden|invisible)(\s|$)/i;
const SHOWN_ON_SOME_SCREENS = /(^|\s)(d-(sm|md|lg|xl|xxl)-(block|flex|inline|inline-block|inline-flex|grid|table)|visible-(xs|sm|md|lg)|(sm|md|lg|xl):(block|flex|inline|grid))(\s|$)/i;
/** Wrappers (not the inline bits: an aria-hidden icon or visual duplicate of a price stays read). */
const BLOCKS = new Set(['div', 'section', 'article', 'aside', 'form', 'ul', 'ol', 'li', 'table', 'tbody', 'tr', 'td', 'p', 'dl', 'fieldset', 'main']);

/** Edit distance of two short words, stopping early above `max`. */
function closeTo(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]! <= max;
}

function hidingCss(v: string): boolean {
  CSS_DECL.lastIndex = 0;
  for (let m: RegExpExecArray | null; (m = CSS_DECL.exec(v)) !== null; ) {
    const prop = m[1]!.toLowerCase();
    const value = m[2]!.toLowerCase();
    if (value === 'none' && closeTo(prop, 'display', 2)) return true;
    if (value === 'hidden' && closeTo(prop, 'visibility', 2)) return true;
  }
  return false;
}

/**
 * True when the element itself is hidden by inline CSS (also misspelt), a `hidden` attribute, a
 * hiding class, an aria-hidden wrapper, or is a <template> (its content is never rendered).
 */
export function hiddenByMarkup(el: Element): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined || el.name === 'template') return true;
  if (a['aria-hidden'] === 'true' && BLOCKS.has(el.name)) return true;
  // "d-none d-lg-block" / "hidden-xs" only hide on some screens
  if (a.class && HIDING_CLASS.test(a.class) && !SHOWN_ON_SOME_SCREENS.test(a.class)) return true;
  for (const k in a) {
    if (k === 'class' || k === 'content' || k.startsWith('data-')) continue;
    const v = a[k]!;
    if (v.length < 200 && v.includes(':') && hidingCss(v)) return true;
  }
  return false;
}

/** True when the element or an ancestor up to `depth` levels is hidden by markup (see hiddenByMarkup). */
export function isHidden(el: Element, depth = 8): boolean {
  return hiddenByMarkup(el) || hasAncestor(el, hiddenByMarkup, depth);
}
