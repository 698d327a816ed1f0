/**
 * How far a filmed frame's chin hangs below where its landmarks put it, read from the pixels
 * (lip-sync's RestMouth, mouth-warp.ts). The 68-point net sees a filmed mouth's opening only
 * faintly: on a clip whose mouth opens by a tenth of the face, the tracked chin moves by a pixel or
 * two. The warp then takes the chin to be where it is not: the real chin edge lies in the
 * stretched flesh under the jaw (a smear), and the rest frame's lips pasted over a mouth still
 * open leave the film's own lower lip and chin showing below them (a second chin edge).
 *
 * The grey levels round the rest frame's chin (the clip's most shut mouth), five profiles down the
 * face placed by the eyes and the nose (not the jaw), are matched down the frame's face: the shift
 * that matches best is how far the frame's jaw hangs below the rest frame's (0 for a mouth as shut
 * as the rest), and with it where the frame's chin really is.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { Pt } from '../photo/photo.mesh.ts';

/** Columns across the chin, in eye distances (36-45) either side of the nose's base (33). */
const ACROSS = [-0.3, -0.15, 0, 0.15, 0.3];
/** The profile round the rest frame's chin: this far above and below it, in eye distances. */
const REACH = 0.25;
/** The drops looked for past the rest frame's chin, in eye distances (a wide open speaking jaw ≈ 0.25). */
const LEAST = -0.12, MOST = 0.3;
/** How far from the rest frame's landmark 8 its chin edge is looked for, in eye distances. */
const SEEK = 0.3;

/** The face's frame from its eyes and nose, not its jaw (the points least sure where a mouth opens). */
function frameOf(lm: readonly Pt[]): { origin: Pt; down: Pt; across: Pt; eye: number } {
  const ex = lm[45]![0] - lm[36]![0], ey = lm[45]![1] - lm[36]![1];
  const eye = Math.hypot(ex, ey) || 1;
  const across: Pt = [ex / eye, ey / eye];
  return { origin: lm[33]!, down: [-across[1], across[0]], across, eye };
}

function sampler(canvas: Canvas, pts: readonly Pt[]): (p: Pt) => number {
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 1), y0 = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const w = Math.max(1, Math.min(canvas.width, Math.ceil(Math.max(...xs)) + 2) - x0), h = Math.max(1, Math.min(canvas.height, Math.ceil(Math.max(...ys)) + 2) - y0);
  const d = canvas.getContext('2d').getImageData(x0, y0, w, h).data;
  return ([x, y]) => {
    const u = Math.min(w - 1, Math.max(0, Math.round(x - x0))), v = Math.min(h - 1, Math.max(0, Math.round(y - y0)));
    const i = (v * w + u) * 4;
    return 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
  };
}

/** Grey profiles down the face, one per ACROSS column, at `along` (eye distances below the nose's base), one sample per px of this face. */
function profiles(canvas: Canvas, lm: readonly Pt[], from: number, to: number, step: number): number[][] {
  const f = frameOf(lm);
  const at = (c: number, t: number): Pt => [f.origin[0] + (f.across[0] * c + f.down[0] * t) * f.eye, f.origin[1] + (f.across[1] * c + f.down[1] * t) * f.eye];
  const g = sampler(canvas, [at(-0.4, from), at(0.4, from), at(-0.4, to), at(0.4, to)]);
  const n = Math.floor((to - from) / step);
  return ACROSS.map((c) => Array.from({ length: n + 1 }, (_, k) => g(at(c, from + k * step))));
}

/**
 * Where the rest frame's chin edge is (eye distances below the nose's base): the strongest grey
 * step across the five columns within SEEK of its landmark 8 (the landmark itself may miss it).
 */
function restChin(restFrame: Canvas, restLm: readonly Pt[], at: number): number {
  const step = 1 / frameOf(restLm).eye;
  const cols = profiles(restFrame, restLm, at - SEEK, at + SEEK, step);
  let best = at, bestStep = -1;
  for (let k = 2; k < cols[0]!.length - 2; k++) {
    let g = 0;
    for (const col of cols) g += Math.abs(col[k + 2]! - col[k - 2]!);
    if (g > bestStep) {
      bestStep = g;
      best = at - SEEK + k * step;
    }
  }
  return best;
}

/** The frame's chin drop against the rest frame and where its chin is. */
export interface ChinDrop {
  /** How far this frame's chin is below the rest frame's (same place on the face), px along `down` (negative: above). */
  drop: number;
  /** How far this frame's chin is below its landmark 8, px along `down` (the net's miss). */
  miss: number;
  /** The face's down direction (perpendicular to the eye line). */
  down: Pt;
}

/**
 * The frame's chin against the rest frame's (whose landmarks are `restLm`), from the grey levels
 * round the rest frame's chin matched down the frame's face, placed by the eyes and the nose.
 */
export function chinDrop(frame: Canvas, lm: readonly Pt[], restFrame: Canvas, restLm: readonly Pt[]): ChinDrop {
  const rf = frameOf(restLm), cf = frameOf(lm);
  const chinAt = (l: readonly Pt[], f: ReturnType<typeof frameOf>) => ((l[8]![0] - f.origin[0]) * f.down[0] + (l[8]![1] - f.origin[1]) * f.down[1]) / f.eye;
  const c = restChin(restFrame, restLm, chinAt(restLm, rf));
  const step = 1 / cf.eye;
  const ref = profiles(restFrame, restLm, c - REACH, c + REACH, step);
  const cur = profiles(frame, lm, c - REACH + LEAST, c + REACH + MOST, step);
  const len = ref[0]!.length, shifts = cur[0]!.length - len;
  const costs: number[] = [];
  let best = 0;
  for (let s = 0; s <= shifts; s++) {
    let cost = 0;
    for (let j = 0; j < ref.length; j++) for (let k = 0; k < len; k++) cost += Math.abs(cur[j]![k + s]! - ref[j]![k]!);
    costs.push(cost);
    if (cost < costs[best]!) best = s;
  }
  let s = best;
  // Sub-pixel: the parabola through the best shift and its neighbours.
  if (best > 0 && best < costs.length - 1) {
    const a = costs[best - 1]!, b = costs[best]!, d = costs[best + 1]!;
    if (a - 2 * b + d > 0) s = best + (0.5 * (a - d)) / (a - 2 * b + d);
  }
  const drop = s + LEAST * cf.eye;
  return { drop, miss: c * cf.eye + drop - chinAt(lm, cf) * cf.eye, down: cf.down };
}
