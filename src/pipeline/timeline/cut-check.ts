/**
 * The nothing-cut check (pure; docs/rendering.md "Nothing cut"), over every text box of a
 * timeline, tagged `cut-text` like the layout checks:
 * - an overlay whose lines do not show its text whole;
 * - an ellipsis on screen (overlay or caption) that the product's and the script's own text do
 *   not have: a name or a claim cut mid-way;
 * - a card showing a shorter form of its selling point that ends unfinished ("… cold for",
 *   "… ที่"): a shorter claim must be a complete phrase.
 */
import { endsUnfinished } from '../script/short-claim.ts';
import { ELLIPSIS, shownWhole } from './fit-text.ts';
import type { Script } from '../types.ts';
import type { Timeline } from './types.ts';

/** Whether `text` shows an ellipsis none of `own` (the texts it comes from) has. */
function addsEllipsis(text: string, own: readonly string[]): boolean {
  const has = (s: string) => s.includes(ELLIPSIS) || s.includes('...');
  return has(text) && !own.some(has);
}

/** `script`: the captions' own sentences (a caption's ellipsis is a cut only when its sentence has none). */
export function cutTextViolations(t: Timeline, script?: Pick<Script, 'sentences'>): string[] {
  const out: string[] = [];
  const product = [t.product.name, t.product.brand ?? ''];
  for (const o of t.overlays) {
    const shown = o.lines.join(' / ');
    if (!shownWhole(o.lines, o.source)) out.push(`cut-text: ${o.id} shows "${shown}" of "${o.source}"`);
    else if (addsEllipsis(shown, [...product, o.claim ?? ''])) out.push(`cut-text: ${o.id} shows "${shown}", cut with an ellipsis`);
    else if (o.claim && o.source !== o.claim && o.claim.replace(/\s+/g, ' ').startsWith(o.source) && endsUnfinished(o.source)) {
      out.push(`cut-text: ${o.id} shows "${o.source}", an unfinished start of the claim "${o.claim}"`);
    }
  }
  for (const page of script ? (t.captions?.pages ?? []) : []) {
    const sentence = script!.sentences[page.sentence]?.text ?? '';
    for (const line of page.lines) if (addsEllipsis(line.text, [sentence])) out.push(`cut-text: the caption "${line.text}" is cut with an ellipsis`);
  }
  return out;
}
