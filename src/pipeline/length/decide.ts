/**
 * Fitting the spoken part of a video to its set length, as decisions on measurements (pure).
 * The runner (fit-narration.ts) writes a script, speaks it and measures it; these functions say
 * what to do next:
 *   1. nextAttempt: the measured speech can be brought to the target with the finishing tools
 *      (rate, pauses) → finish with the best attempt; else rewrite with paceScale = measured ÷
 *      estimated seconds (the writer's estimate, scaled to this voice), a bounded number of times.
 *   2. ratePlan: the speaking rate that takes the chosen script near the target (±12 %).
 *   3. pausePlan: silence between sentences for what is left, never at the end: even pauses up to
 *      1.2 s, then reading beats (up to the reading time of text the scene shows and the voice does
 *      not read), then showcase beats (the gaps whose scene shows a card over the product —
 *      showcaseScene — up to 5 s, the music up), and last visual beats (every gap up to 2.5 s
 *      while the images move and the music plays), for a script that has too little to say: the
 *      time goes where there is something to look at first, the hook keeps its pace longest.
 *   4. mixLengthS: where the video ends: the set length, with 0.6-2 s after the last word (never
 *      a longer silent end, even when the script had too little to say).
 */

export interface LengthRules {
  /** A video lasts lengthS × (1 ± tolerance). */
  tolerance: number;
  /** At most this long without speech at the end (end card and music tail included). */
  maxTailS: number;
  /** At least this long after the last word (the call to action is not cut, the loop breathes). */
  minTailS: number;
  /** The finishing steps aim the last word at lengthS - aimTailS. */
  aimTailS: number;
  /** Speaking rate multipliers the voice may take (espeak-ng rate). */
  rate: { min: number; max: number };
  /**
   * Pauses the runner adds between sentences: up to `easy` each before the rate slows, up to `max`
   * each for an ordinary fit; for a script short of the length even at the slowest rate, a gap
   * whose scene shows a card (showcaseScene) may hold up to `showcase`, and then every gap up to
   * `visual` (a reading beat may be longer: its scene shows text to read).
   */
  pause: { easy: number; max: number; visual: number; showcase: number };
  /**
   * What nextAttempt counts on finishing to do: a script that needs more (a rate change over 6 %,
   * pauses over 0.6 s) is rewritten while attempts are left; the full range is for the best one.
   */
  comfort: { rate: { min: number; max: number }; pauseS: number };
  /** Scripts written and spoken at most (the first one included). */
  attempts: number;
}

export const LENGTH_RULES: LengthRules = {
  tolerance: 0.1,
  maxTailS: 2,
  minTailS: 0.6,
  aimTailS: 1,
  rate: { min: 0.88, max: 1.12 },
  pause: { easy: 0.35, max: 1.2, visual: 2.5, showcase: 5 },
  comfort: { rate: { min: 0.94, max: 1.06 }, pauseS: 0.6 },
  attempts: 3,
};

/** One written and spoken script, measured. */
export interface Attempt {
  /** The paceScale the script was written with. */
  paceScale: number;
  /** The writer's own estimate of the spoken script, unscaled (rates.ts estimateScriptS). */
  estimatedS: number;
  /** Length of the synthesised speech (engine pauses included, as in the estimate). */
  speechS: number;
  /** End of the last sounding word. */
  endS: number;
  /** Sentences spoken (pauses go in the n - 1 gaps). */
  sentences: number;
  /**
   * Per gap (after sentence i), the reading time its scene asks for (cue.readS: shown text the
   * voice does not read); such a gap may hold a pause up to that long instead of pause.max.
   */
  beatsS?: readonly number[];
  /** Per sentence, whether its scene shows a card over the product (showcaseScene): its gap may hold a showcase beat. */
  showcase?: readonly boolean[];
}

/**
 * Scenes a showcase beat may hold: a point or story scene that shows a card (a selling point, a
 * text to read) over the product — something to look at while the music plays; not the hook,
 * the name's intro, the price or the call to action, and not a scene with nothing but the presenter.
 */
export const showcaseScene = (cue: { kind: string; overlay?: string | null; readS?: number }): boolean =>
  (cue.kind === 'point' || cue.kind === 'story') && (!!cue.overlay || (cue.readS ?? 0) > 0);

/**
 * The longest pause each of the n - 1 gaps may hold: a reading beat's time, else `cap`; with
 * `showcase`, a gap whose scene shows a card may hold that much instead.
 */
function gapCaps(sentences: number, cap: number, beatsS: readonly number[] = [], showcase?: { cap: number; at: readonly boolean[] }): number[] {
  return Array.from({ length: Math.max(0, sentences - 1) }, (_, i) => Math.max(showcase?.at[i] ? showcase.cap : cap, beatsS[i] ?? 0));
}

/** The rounds of pausePlan, each a cap per gap. */
function pauseRounds(sentences: number, r: LengthRules, beatsS: readonly number[] = [], showcase: readonly boolean[] = []): number[][] {
  return [
    gapCaps(sentences, r.pause.max),
    gapCaps(sentences, r.pause.max, beatsS),
    gapCaps(sentences, r.pause.max, beatsS, { cap: r.pause.showcase, at: showcase }),
    gapCaps(sentences, r.pause.visual, beatsS, { cap: r.pause.showcase, at: showcase }),
  ];
}
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

export type Next = { kind: 'rewrite'; paceScale: number } | { kind: 'finish'; best: number };

/** Where the last word should end. */
export const targetEndS = (lengthS: number, r: LengthRules = LENGTH_RULES) => lengthS - r.aimTailS;

/** The last-word ends finishing can reach from a measured attempt (rate scales time ~1/rate); comfort: the easy part of it. */
export function reach(a: Attempt, r: LengthRules = LENGTH_RULES, comfort = false): { minS: number; maxS: number } {
  if (comfort) return { minS: a.endS / r.comfort.rate.max, maxS: a.endS / r.comfort.rate.min + sum(gapCaps(a.sentences, r.comfort.pauseS, a.beatsS)) };
  return { minS: a.endS / r.rate.max, maxS: a.endS / r.rate.min + sum(pauseRounds(a.sentences, r, a.beatsS, a.showcase).at(-1)!) };
}

/** How far (s) the target lies outside what finishing comfortably reaches: 0 when the attempt can be finished on target. */
export function miss(a: Attempt, lengthS: number, r: LengthRules = LENGTH_RULES): number {
  const t = targetEndS(lengthS, r);
  const { minS, maxS } = reach(a, r, true);
  return t < minS ? minS - t : t > maxS ? t - maxS : 0;
}

/** Index of the attempt nearest the target (the first of equals). */
export function bestAttempt(attempts: readonly Attempt[], lengthS: number, r: LengthRules = LENGTH_RULES): number {
  const misses = attempts.map((a) => miss(a, lengthS, r));
  return misses.indexOf(Math.min(...misses));
}

/**
 * Write again, or finish with the best attempt so far. `unchanged`: the last rewrite said word for
 * word what an earlier attempt said (the writer has nothing else to say), so another pace is no use.
 */
export function nextAttempt(attempts: readonly Attempt[], lengthS: number, r: LengthRules = LENGTH_RULES, unchanged = false): Next {
  if (attempts.length === 0) throw new Error('nextAttempt needs a measured attempt');
  const best = bestAttempt(attempts, lengthS, r);
  const last = attempts[attempts.length - 1]!;
  if (unchanged || miss(last, lengthS, r) === 0 || attempts.length >= r.attempts || !(last.estimatedS > 0)) return { kind: 'finish', best };
  // The writer's estimate, corrected by what this voice measured.
  let pace = last.speechS / last.estimatedS;
  // The correction is already in use and the script still misses (the writer could not fit it on
  // its estimate): push its budget by the miss itself.
  if (attempts.some((a) => Math.abs(a.paceScale - pace) / a.paceScale < 0.02)) pace = last.paceScale * (last.endS / targetEndS(lengthS, r));
  if (attempts.some((a) => Math.abs(a.paceScale - pace) / a.paceScale < 0.02)) return { kind: 'finish', best };
  return { kind: 'rewrite', paceScale: pace };
}

/**
 * The rate for the chosen script. Too long: as fast as needed (to the cap), aiming a little short
 * so pauses close the rest exactly. Too short: easy pauses first, the rate slows for what they
 * cannot fill, the long pauses only after that (pausePlan).
 */
export function ratePlan(a: Attempt, lengthS: number, r: LengthRules = LENGTH_RULES): number {
  // Near the target is left to the pauses (up to 0.3 s late too: the tail is 0.7 s instead of 1 s).
  const t = targetEndS(lengthS, r) - 0.25;
  if (a.endS >= t && a.endS <= targetEndS(lengthS, r) + 0.3) return 1;
  const clamp = (x: number) => Math.min(r.rate.max, Math.max(r.rate.min, x));
  if (a.endS > t) return round3(clamp(a.endS / t));
  // Reading beats are filled before the voice slows (they are there to be used).
  const beats = sum((a.beatsS ?? []).slice(0, Math.max(0, a.sentences - 1)).map((b) => Math.max(0, b - r.pause.easy)));
  const rest = t - a.endS - r.pause.easy * Math.max(0, a.sentences - 1) - beats;
  return rest > 0 ? round3(clamp(a.endS / (a.endS + rest))) : 1;
}

/**
 * Silence after each sentence (s; the last gets none) bringing the last word's end to the target,
 * in four rounds, each only for what the one before could not fill: even pauses up to pause.max;
 * reading beats (gaps whose scene shows text the voice does not read), each up to its reading
 * time; showcase beats, the gaps whose scene shows a card (`showcase`, per sentence) up to
 * pause.showcase; visual beats, every gap up to pause.visual. A round shares its part in
 * proportion to the room each gap has left, so the silence is spread over the whole video, never
 * piled at the end.
 */
export function pausePlan(endS: number, sentences: number, lengthS: number, r: LengthRules = LENGTH_RULES, beatsS: readonly number[] = [], showcase: readonly boolean[] = []): number[] {
  const out = new Array<number>(Math.max(0, sentences)).fill(0);
  const gaps = sentences - 1;
  let gap = targetEndS(lengthS, r) - endS;
  if (gaps <= 0 || gap <= 0.05) return out;
  for (const caps of pauseRounds(sentences, r, beatsS, showcase)) {
    if (gap <= 0.05) break;
    gap -= fillGaps(out, caps, gap);
  }
  return out.map(round3);
}

/** Adds up to `gap` seconds to `out`, each gap in proportion to its room under `caps`; returns what was added. */
export function fillGaps(out: number[], caps: readonly number[], gap: number): number {
  const room = caps.map((c, i) => Math.max(0, c - out[i]!));
  const total = sum(room);
  if (total <= 0 || gap <= 0) return 0;
  const share = Math.min(1, gap / total);
  room.forEach((x, i) => (out[i]! += x * share));
  return total * share;
}

/**
 * The mix's length: the set length when the last word ends 0.6-2 s before it; later speech gets
 * its minimum tail (within +10 % after fitting); earlier speech ends 1.5 s after its last word. So
 * speech that even the slowest rate and the longest pauses could not bring near the length (a
 * script that ran out of things to say) makes a shorter video rather than a long silent end card
 * (the job warns: shortOfLength).
 */
export function mixLengthS(endS: number, lengthS: number, r: LengthRules = LENGTH_RULES): number {
  if (endS + r.minTailS > lengthS) return round3(endS + r.minTailS);
  if (endS + r.maxTailS >= lengthS) return lengthS;
  // Short of the length: 1.5 s after the last word (the call to action breathes; well under 2 s).
  return round3(endS + (r.aimTailS + r.maxTailS) / 2);
}

/** Whether a fitted video of totalS misses its set length by more than the tolerance (too little to say). */
export function shortOfLength(totalS: number, lengthS: number, r: LengthRules = LENGTH_RULES): boolean {
  return totalS < lengthS * (1 - r.tolerance) - 1e-6;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Last resort for a script still too long at the fastest rate (an LLM that ignored its word
 * budget, a product whose required sentences do not fit): middle sentences that only add (points,
 * story) go, latest first, until what is left can be finished on target. `sentenceS[i]` is the
 * time sentence i takes in the measured speech, its pause included. Empty: nothing to drop.
 */
export function dropPlan(a: Attempt, sentenceS: readonly number[], kinds: readonly string[], lengthS: number, r: LengthRules = LENGTH_RULES): number[] {
  let excess = a.endS / r.rate.max - targetEndS(lengthS, r);
  if (excess <= 0) return [];
  const out: number[] = [];
  for (let i = kinds.length - 2; i >= 1 && excess > 0; i--) {
    if (kinds[i] !== 'point' && kinds[i] !== 'story') continue;
    out.push(i);
    excess -= (sentenceS[i] ?? 0) / r.rate.max;
  }
  return out.sort((x, y) => x - y);
}
