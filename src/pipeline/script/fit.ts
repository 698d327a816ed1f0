import type { Language } from '../../catalog/languages.ts';
import type { SceneCue } from '../types.ts';
import { estimateSentenceS } from './rates.ts';

/** One candidate sentence of a script, with the shorter forms it may take. */
export interface Item {
  role: 'hook' | 'intro' | 'line' | 'point' | 'price' | 'cta' | 'recap';
  /** Position in the finished script. */
  order: number;
  /** Natural forms, longest (preferred) first. */
  forms: string[];
  /** Word cuts of product text: only when nothing natural fits. */
  cuts: string[];
  /** Index into forms ++ cuts in use. */
  at: number;
  required: boolean;
  /** Optional items are tried in ascending priority. */
  priority: number;
  /** Required items with dropRank > 0 may go (lowest first) when the required part alone is too long. */
  dropRank: number;
  /** The product text the sentence is made of, if any. */
  raw?: string;
  cue: Omit<SceneCue, 'imageIndex'>;
}

export type Chosen = Item & { text: string };

/** Estimated seconds the script may take; paceScale multiplies every estimate (measured ÷ estimated with this voice, default 1). */
export interface Budget {
  min: number;
  max: number;
  paceScale?: number;
}

const all = (it: Item) => [...it.forms, ...it.cuts];

/**
 * Chooses sentences and their forms so the estimated narration lands in [min, max] seconds:
 * 1. the required sentences, shortened (natural forms, longest sentence first), thinned
 *    (dropRank), and as a last resort cut at word boundaries until they fit under max; then what
 *    was shortened grows back as far as the room left allows;
 * 2. optional sentences in priority order, each in the longest natural form that still fits;
 * 3. still under min: optional ones may come in as word cuts, then one or two sentences switch
 *    form or come in to close the gap (see closeGap), a few rounds while each brings it nearer.
 * Sentences are never cut inside a word; the estimate is additive, so this is cheap.
 */
export function fit(items: readonly Item[], language: Language, budget: Budget): Chosen[] {
  const cache = new Map<string, number>();
  const pace = budget.paceScale ?? 1;
  const dur = (s: string) => {
    let d = cache.get(s);
    if (d === undefined) cache.set(s, (d = estimateSentenceS(s, language) * pace));
    return d;
  };
  const formDur = (it: Item, at: number) => dur(all(it)[at]!);
  const cost = (it: Item) => formDur(it, it.at);
  const chosen = items.filter((i) => i.required).map((i) => ({ ...i, at: 0 }));
  let total = chosen.reduce((s, i) => s + cost(i), 0);
  const move = (it: Item, at: number) => {
    total += formDur(it, at) - cost(it);
    it.at = at;
  };

  /** The longest sentence steps down to its next shorter form. */
  const shrink = (natural: boolean): boolean => {
    let best: { it: Item; at: number } | null = null;
    for (const it of chosen) {
      const now = cost(it);
      if (best && now <= cost(best.it)) continue;
      const limit = natural ? it.forms.length : it.forms.length + it.cuts.length;
      let at = -1;
      for (let a = 0; a < limit; a++) if (formDur(it, a) < now && (at < 0 || formDur(it, a) > formDur(it, at))) at = a;
      if (at >= 0) best = { it, at };
    }
    if (best) move(best.it, best.at);
    return best !== null;
  };
  /** Each sentence takes back its preferred form, else its longest natural form, that fits. */
  const growBack = () => {
    for (const it of chosen) {
      if (it.at === 0) continue;
      const room = budget.max - total + cost(it);
      if (formDur(it, 0) <= room) {
        move(it, 0);
        continue;
      }
      let at = it.at;
      for (let a = 1; a < it.forms.length; a++) if (formDur(it, a) <= room && formDur(it, a) > formDur(it, at)) at = a;
      move(it, at);
    }
  };

  /**
   * Close a last small gap with one or two changes: a sentence switching to another natural form
   * (a longer call to action, a fuller point) and/or a left-over sentence coming in; the pair that
   * lands nearest to max without passing it wins.
   */
  const closeGap = () => {
    type Move = { key: Item; delta: number; apply: () => void };
    const moves: Move[] = [];
    for (const it of chosen)
      for (let a = 0; a < it.forms.length; a++)
        if (a !== it.at) moves.push({ key: it, delta: formDur(it, a) - cost(it), apply: () => move(it, a) });
    for (const it of left)
      if (!chosen.some((c) => c.order === it.order))
        for (let a = 0; a < it.forms.length; a++) moves.push({ key: it, delta: formDur(it, a), apply: () => { chosen.push({ ...it, at: a }); total += formDur(it, a); } });
    let best: Move[] | null = null;
    let bestTotal = total;
    const consider = (ms: Move[], delta: number) => {
      const t = total + delta;
      if (t <= budget.max && t > bestTotal) {
        best = ms;
        bestTotal = t;
      }
    };
    for (let i = 0; i < moves.length; i++) {
      consider([moves[i]!], moves[i]!.delta);
      for (let j = i + 1; j < moves.length; j++) if (moves[i]!.key !== moves[j]!.key) consider([moves[i]!, moves[j]!], moves[i]!.delta + moves[j]!.delta);
    }
    for (const m of (best ?? []) as Move[]) m.apply();
  };

  while (total > budget.max && shrink(true));
  while (total > budget.max) {
    const droppable = chosen.filter((i) => i.dropRank > 0).sort((a, b) => a.dropRank - b.dropRank)[0];
    if (!droppable) break;
    chosen.splice(chosen.indexOf(droppable), 1);
    total -= cost(droppable);
  }
  while (total > budget.max && shrink(false));
  growBack();

  const optional = items.filter((i) => !i.required).sort((a, b) => a.priority - b.priority);
  const tryAdd = (it: Item, from: number, to: number): boolean => {
    let at = -1;
    for (let a = from; a < to; a++) if (total + formDur(it, a) <= budget.max && (at < 0 || formDur(it, a) > formDur(it, at))) at = a;
    if (at < 0) return false;
    const copy = { ...it, at };
    chosen.push(copy);
    total += cost(copy);
    return true;
  };
  const left: Item[] = [];
  for (const it of optional) if (!tryAdd(it, 0, it.forms.length)) left.push(it);

  for (const it of left) if (total < budget.min) tryAdd(it, it.forms.length, it.forms.length + it.cuts.length);
  // A script far under the length (a product whose text is shown, not read) takes its fuller
  // wordings step by step: each round one or two changes, while that still brings it nearer.
  for (let round = 0; round < 4 && total < budget.min; round++) {
    const before = total;
    closeGap();
    if (total <= before) break;
  }
  return chosen.sort((a, b) => a.order - b.order).map((it) => ({ ...it, text: all(it)[it.at]! }));
}
