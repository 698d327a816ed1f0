/**
 * The layout step (pure): places every text element — the captions band first, then name,
 * brand, price, call to action and cue cards — knowing what it must keep clear of: the
 * presenter's face zone and inset card, the middle of the product shown in each scene, the
 * platform safe area, and the other texts that show at the same time. Each element starts at
 * its template slot; when that spot is taken it moves to the nearest free spot (up or down in
 * small steps, then against either side of the safe area). Runs once per timeline.
 */
import type { Box } from '../templates/types.ts';
import { boxInside } from '../templates/safe-area.ts';
import { intersects } from './rules.ts';

export interface Timed {
  startMs: number;
  endMs: number;
}

export interface Obstacle extends Timed {
  box: Box;
  /**
   * For an `avoid` box: whether a spot over it, shown `when`, is an allowed overlap with the texts
   * placed before it (`placed`: a sticker on a product's edge, with the others on it at once, sticker.ts).
   */
  allows?: (b: Box, when: Timed, placed: readonly (Timed & { box: Box })[]) => boolean;
}

/**
 * Something to place: the regions it may take, best first (its slot, then narrower columns
 * beside the presenter), and how it sizes itself in a region (text re-wraps to the width);
 * null when it does not fit there.
 */
export interface Placeable<T extends { box: Box }> extends Timed {
  regions: readonly Box[];
  /** How many ways it can be made, most wanted first (text: whole in fewer lines, then shortened). */
  levels: number;
  /**
   * Levels in one tier are equally acceptable (e.g. the whole text in 3 or 2 lines): any of them
   * clear of `avoid` is taken before one that is not. Default: each level its own tier.
   */
  tier?: (level: number) => number;
  make(region: Box, level: number): T | null;
  /**
   * Left out when no free spot holds it (the no-media design's brand line beside a long name),
   * instead of placed over something: then tried from each of `laterStarts` (it shows from there
   * on, `retime` sets its start), and left out only when none holds it.
   */
  optional?: { laterStarts: readonly number[]; retime(made: T, startMs: number): T };
  /** Boxes this item alone never meets where any spot allows (the call to action: the presenter's head box). */
  keepOff?: readonly Box[];
  /**
   * Where the levels split into groups, each tried in every pass (clear of `avoid`, then over it)
   * before any later level is tried at all: a card's rule (in at most three lines, words whole:
   * card-rule.ts) with its own text, then with a shorter claim, then the rest. Default: one group.
   */
  groups?: readonly number[];
  /**
   * What the item shows (the overlay's slot and text): an item holding the same as one placed
   * before it, starting as that one ends (within HOLD_GAP_MS: a text held across a run or scene
   * boundary), keeps that one's spot where it is still free, clear of `avoid` and of its keep-offs
   * — not placed anew, so a held title never jumps sides.
   */
  holds?: string;
}

/** A text back within this long of the same text's end is held, not shown again: it keeps its spot (Placeable.holds). */
export const HOLD_GAP_MS = 500;

const overlapsInTime = (a: Timed, b: Timed) => a.startMs < b.endMs && b.startMs < a.endMs;
const overlapArea = (a: Box, b: Box) => Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

function free(box: Box, when: Timed, safe: Box, taken: readonly Obstacle[]): boolean {
  if (!boxInside(box, safe)) return false;
  for (const o of taken) if (overlapsInTime(o, when) && intersects(box, o.box)) return false;
  return true;
}

/** Candidate spots for a box, nearest first: vertical moves, then the same against the safe area's sides. */
function* candidates(b: Box, safe: Box, step: number): Generator<Box> {
  const xs = [b.x];
  if (b.w < safe.w - 1) xs.push(safe.x, safe.x + safe.w - b.w);
  const w = Math.min(b.w, safe.w);
  const maxK = Math.ceil(safe.h / step) + 1;
  const lo = safe.y;
  const hi = safe.y + safe.h - b.h;
  for (const x of xs) {
    // A move past the safe area stops at its edge: that spot once (later ones would repeat it).
    let downDone = false;
    let upDone = false;
    for (let k = 0; k <= maxK && !(downDone && upDone); k++)
      for (const dir of k === 0 ? [0] : [1, -1]) {
        const raw = b.y + dir * k * step;
        const y = Math.min(Math.max(raw, lo), hi);
        if (k > 0 && (dir > 0 ? downDone : upDone)) continue;
        // Past the far edge in its direction, every later step lands on the same spot.
        if (dir > 0 && raw >= hi) downDone = true;
        if (dir < 0 && raw <= lo) upDone = true;
        yield { x, y, w, h: b.h };
      }
  }
}

/**
 * Columns of a slot beside an obstacle that spans the whole video (the presenter's face zone or
 * inset): the slot's row cut to the free part of the safe area left and right of it, when wide
 * enough to hold text.
 */
export function besideRegions(slot: Box, around: readonly Box[], safe: Box, gap: number, minW: number): Box[] {
  const out: Box[] = [];
  for (const a of around) {
    const left = { x: safe.x, y: slot.y, w: a.x - gap - safe.x, h: slot.h };
    const right = { x: a.x + a.w + gap, y: slot.y, w: safe.x + safe.w - (a.x + a.w + gap), h: slot.h };
    for (const r of [left, right]) if (r.w >= minW) out.push(r);
  }
  return out.sort((a, b) => b.w - a.w);
}

/**
 * The free columns of a row: the row (within the safe area's sides) less the width of every
 * block that meets it, each column `gap` clear of its blocks and at least `minW` wide, widest first.
 */
export function freeColumns(row: Box, blocks: readonly Box[], safe: Box, gap: number, minW: number): Box[] {
  const cuts = blocks
    .filter((b) => b.y < row.y + row.h && row.y < b.y + b.h)
    .map((b) => [b.x - gap, b.x + b.w + gap] as const)
    .sort((a, b) => a[0] - b[0]);
  const out: Box[] = [];
  let x = safe.x;
  for (const [x0, x1] of [...cuts, [safe.x + safe.w, Infinity] as const]) {
    if (x0 - x >= minW) out.push({ x, y: row.y, w: Math.min(x0, safe.x + safe.w) - x, h: row.h });
    x = Math.max(x, x1);
  }
  return out.filter((c) => c.w >= minW).sort((a, b) => b.w - a.w);
}

/**
 * Places items in order: each takes the nearest free spot given the obstacles and the items
 * placed before it, at the most wanted level any region allows; a spot also clear of `avoid`
 * (the whole of a product shown whole, a media card) is taken first, at any level; then a spot
 * over `avoid` that each box it meets allows (a sticker on a product's edge, sticker.ts), at any
 * level; last the spot that covers the least of it. `stop`, asked after each item placed, ends the
 * placing early (the items placed so far returned): the room search's try that can no longer be
 * the one it looks for (name-room.ts).
 */
export function placeAll<T extends { box: Box }>(items: readonly Placeable<T>[], obstacles: readonly Obstacle[], safe: Box, step: number, avoid: readonly Obstacle[] = [], stop?: (placed: readonly T[]) => boolean): T[] {
  const taken: Obstacle[] = [...obstacles];
  const out: T[] = [];
  // The items placed, with their spans (a sticker is judged with those on its product at once).
  const shown: (Timed & { box: Box })[] = [];
  // The spot of each text placed (Placeable.holds), by what it shows, with its end.
  const held = new Map<string, Timed & { box: Box }>();
  for (const whole of items) {
    let placed: T | null = null;
    let item: Placeable<T> = whole;
    const before = whole.holds !== undefined ? held.get(whole.holds) : undefined;
    if (before && whole.startMs >= before.endMs && whole.startMs - before.endMs <= HOLD_GAP_MS) placed = keptSpot(whole, before.box, taken, safe, avoid);
    for (const startMs of placed ? [] : [whole.startMs, ...(whole.optional?.laterStarts ?? [])]) {
      item = { ...whole, startMs };
      placed = placeOne(item, taken, safe, step, avoid, shown);
      if (placed || !whole.optional) break;
    }
    if (!placed) continue;
    if (whole.holds !== undefined) held.set(whole.holds, { box: placed.box, startMs: item.startMs, endMs: item.endMs });
    if (whole.optional && item.startMs !== whole.startMs) placed = whole.optional.retime(placed, item.startMs);
    taken.push({ box: placed.box, startMs: item.startMs, endMs: item.endMs });
    shown.push({ box: placed.box, startMs: item.startMs, endMs: item.endMs });
    out.push(placed);
    if (stop?.(out)) break;
  }
  return out;
}

/**
 * A held text's spot (Placeable.holds): the item made in the spot it had before, at its most wanted
 * level that gives the same box, where that box is free of what shows with it, clear of `avoid` and
 * of its keep-offs; else null (placed anew).
 */
function keptSpot<T extends { box: Box }>(item: Placeable<T>, spot: Box, taken: readonly Obstacle[], safe: Box, avoid: readonly Obstacle[]): T | null {
  const same = (b: Box) => Math.abs(b.x - spot.x) < 0.5 && Math.abs(b.y - spot.y) < 0.5 && Math.abs(b.w - spot.w) < 0.5 && Math.abs(b.h - spot.h) < 0.5;
  if (!free(spot, item, safe, taken) || !free(spot, item, safe, avoid) || item.keepOff?.some((k) => intersects(spot, k))) return null;
  for (let level = 0; level < item.levels; level++) {
    const made = item.make(spot, level);
    if (made && same(made.box)) return { ...made, box: spot };
  }
  return null;
}

/** A level made in a region, and its candidate spots free of what shows with it: those found so far, and the rest still to look at. */
interface Spots<T> {
  made: T | null;
  free: Box[];
  rest: Generator<Box> | null;
}

/** The free spots of `s`, nearest first: those found before, then the rest as they are looked at (each looked at once). */
function* freeSpots<T>(s: Spots<T>, isFree: (b: Box) => boolean): Generator<Box> {
  for (let i = 0; ; i++) {
    while (i >= s.free.length) {
      const n = s.rest?.next();
      if (!n || n.done) {
        s.rest = null;
        return;
      }
      if (isFree(n.value)) s.free.push(n.value);
    }
    yield s.free[i]!;
  }
}

/** One item's spot: the nearest free one at its most wanted level; null for an optional item that has none, else its most compact form wherever it lands. */
function placeOne<T extends { box: Box }>(item: Placeable<T>, taken: readonly Obstacle[], safe: Box, step: number, avoid: readonly Obstacle[], shown: readonly (Timed & { box: Box })[] = []): T | null {
  let last: T | null = null;
  // Tier by tier: the most wanted level in any region first; clear of `avoid` (a product shown
  // whole, a media card) at any tier before a more wanted one over it — more lines or smaller
  // type beside the product rather than text on it.
  const tierOf = item.tier ?? ((l: number) => l);
  const over = avoid.filter((o) => overlapsInTime(o, item));
  // Only what shows while the item does can take its spot (asked once, not at every candidate).
  const during = taken.filter((o) => overlapsInTime(o, item));
  // Clear of `avoid` first, then over it only where each box it meets allows (a sticker), then
  // anywhere; each off the item's own keep-outs (keepOff) first, where any spot allows.
  const modes: ('clear' | 'sticker' | 'any')[] = over.length ? (over.some((o) => o.allows) ? ['clear', 'sticker', 'any'] : ['clear', 'any']) : ['any'];
  const passes = modes.flatMap((mode) => (item.keepOff?.length ? [true, false] : [false]).map((ownOff) => ({ mode, ownOff })));
  const allowed = (c: Box) => over.every((o) => !intersects(c, o.box) || (o.allows?.(c, item, shown) ?? false));
  // Group by group (the item's rule first), each in every pass.
  const cuts = [0, ...(item.groups ?? []).filter((g) => g > 0 && g < item.levels), item.levels];
  const groups = cuts.slice(1).map((hi, i) => [cuts[i]!, hi] as const);
  // With a sticker pass, the groups before the last (a card's rule with its own text, then with a
  // shorter claim) are each tried clear and as a sticker before any of them over the product's
  // heart or more of it: a complete shorter claim on the product's edge before the whole claim on
  // its middle. Else group by group, every pass.
  const early = modes.includes('sticker') ? groups.slice(0, -1) : [];
  const steps = [
    ...early.flatMap((g) => passes.filter((x) => x.mode !== 'any').map((x) => ({ g, ...x }))),
    ...early.flatMap((g) => passes.filter((x) => x.mode === 'any').map((x) => ({ g, ...x }))),
    ...groups.slice(early.length).flatMap((g) => passes.map((x) => ({ g, ...x }))),
  ];
  // Each level in each region is made once, and its spots free of what shows with it found once
  // (lazily, nearest first), for every pass and group that asks again: the passes differ only in
  // what they ask of a free spot (docs/rendering.md "The sticker's cost").
  const spots = new Map<number, Spots<T>>();
  const spotsOf = (level: number, r: number): Spots<T> => {
    const key = level * item.regions.length + r;
    let s = spots.get(key);
    if (!s) {
      const made = item.make(item.regions[r]!, level);
      s = { made, free: [], rest: made ? candidates(made.box, safe, step) : null };
      spots.set(key, s);
      if (made && (!last || made.box.h < last.box.h - 0.5 || (made.box.h < last.box.h + 0.5 && made.box.w < last.box.w))) last = made;
    }
    return s;
  };
  for (const { g: [lo, hi], mode, ownOff } of steps)
    for (let from = lo!; from < hi!; ) {
      let to = from;
      while (to < hi! && tierOf(to) === tierOf(from)) to++;
      // Nowhere clear of `avoid`: the free spot of the tier that covers the least of it.
      let least: { made: T; box: Box; cost: number } | null = null;
      for (let level = from; level < to; level++)
        for (let r = 0; r < item.regions.length; r++) {
          const s = spotsOf(level, r);
          const made = s.made;
          if (!made) continue;
          for (const c of freeSpots(s, (b) => free(b, item, safe, during))) {
            if (ownOff && item.keepOff!.some((k) => intersects(c, k))) continue;
            if (mode === 'clear') {
              if (free(c, item, safe, over)) return { ...made, box: c };
              continue;
            }
            if (mode === 'sticker' && !allowed(c)) continue;
            const cost = over.reduce((s, o) => s + overlapArea(c, o.box), 0);
            if (cost < 0.5) return { ...made, box: c };
            if (!least || cost < least.cost - 0.5) least = { made, box: c, cost };
          }
        }
      if (least) return { ...least.made, box: least.box };
      from = to;
    }
  // Nowhere free: the most compact way it was made (the lowest box, then the narrowest; the checks then report what is wrong).
  return item.optional ? null : last;
}
