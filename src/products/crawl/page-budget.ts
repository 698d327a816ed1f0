/**
 * A cheap look at untrusted HTML before the full parse: counts elements and the depth the parser's
 * open-element stack would reach, and stops at the first budget exceeded.
 *
 * htmlparser2's Parser keeps its open-tag stack with unshift/shift, so a page of deeply nested
 * elements costs time in the square of its depth (100,000 nested <div>s: 8 s). Its Tokenizer is
 * linear; this scan replays the Parser's stack rules (void elements, tags that close an open <p>
 * or <li>, self-closing tags inside <svg>/<math>, an end tag closing everything above its match)
 * on a push/pop stack, so the depth it measures is the depth the parser would build.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

export interface ParseBudget {
  /** Elements (start tags) a page may have. */
  maxElements: number;
  /** Depth of nested elements a page may reach. */
  maxDepth: number;
}

const pTag = new Set(['p']);
const formTags = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const tableSection = new Set(['thead', 'tbody']);
const ddt = new Set(['dd', 'dt']);
const rtp = new Set(['rt', 'rp']);
/** htmlparser2's openImpliesClose: opening the key closes open elements of the set on top of the stack. */
const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', ddt],
  ['dt', ddt],
  ['rt', rtp],
  ['rp', rtp],
  ['tbody', tableSection],
  ['tfoot', tableSection],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t): [string, Set<string>] => [t, formTags]),
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map(
    (t): [string, Set<string>] => [t, pTag],
  ),
]);
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const FOREIGN = new Set(['math', 'svg']);
const INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

class OverBudget extends Error {}

/** The budget the page exceeds, in words that follow "the page …", or null when it is within budget. */
export function pageOverBudget(html: string, budget: ParseBudget): string | null {
  const stack: string[] = [];
  /** How many of each name are open, so an end tag with no match costs nothing. */
  const open = new Map<string, number>();
  const foreign: boolean[] = [];
  let elements = 0;
  let tag = '';
  const slice = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const push = (name: string) => {
    stack.push(name);
    open.set(name, (open.get(name) ?? 0) + 1);
    if (stack.length > budget.maxDepth) throw new OverBudget(`nests elements more than ${budget.maxDepth} deep`);
  };
  const pop = () => {
    const name = stack.pop()!;
    open.set(name, open.get(name)! - 1);
  };
  const noop = () => {};
  const cbs: TokenizerCallbacks = {
    onattribdata: noop,
    onattribentity: noop,
    onattribend: noop,
    onattribname: noop,
    oncdata: noop,
    oncomment: noop,
    ondeclaration: noop,
    onend: noop,
    onopentagend: noop,
    onprocessinginstruction: noop,
    ontext: noop,
    ontextentity: noop,
    onopentagname(start, end) {
      const name = slice(start, end);
      tag = name;
      if (++elements > budget.maxElements) throw new OverBudget(`has more than ${budget.maxElements} elements`);
      const closes = IMPLIES_CLOSE.get(name);
      if (closes) while (stack.length > 0 && closes.has(stack[stack.length - 1]!)) pop();
      if (VOID.has(name)) return;
      push(name);
      if (FOREIGN.has(name)) foreign.push(true);
      else if (INTEGRATION.has(name)) foreign.push(false);
    },
    onselfclosingtag() {
      if (foreign[foreign.length - 1] && stack[stack.length - 1] === tag) pop();
    },
    onclosetag(start, end) {
      const name = slice(start, end);
      if (FOREIGN.has(name) || INTEGRATION.has(name)) foreign.pop();
      if (VOID.has(name)) return;
      if (!open.get(name)) {
        // an unmatched </p> is an empty <p> (opened and closed on the spot)
        if (name === 'p' && stack.length + 1 > budget.maxDepth) throw new OverBudget(`nests elements more than ${budget.maxDepth} deep`);
        return;
      }
      while (stack.length > 0 && stack[stack.length - 1] !== name) pop();
      pop();
    },
  };
  try {
    const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: false }, cbs);
    tokenizer.write(html);
    tokenizer.end();
  } catch (err) {
    if (err instanceof OverBudget) return err.message;
    throw err;
  }
  return null;
}
