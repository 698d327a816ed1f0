import { DIMS } from './features.ts';

/**
 * Dynamic time warping of reference frames (rows) against target frames (columns), in two
 * resolutions: a coarse pass over 4-frame averages inside a Sakoe-Chiba band around the diagonal,
 * then a fine pass inside a corridor around the coarse path. Both passes are one windowed DTW:
 * row i may use columns lo[i]..hi[i]. Symmetric steps (diagonal counts the distance twice, a
 * horizontal or vertical step once plus STEP_PENALTY), Euclidean distance. Flat typed arrays only.
 */

export interface WarpPath {
  /** Per reference frame: the first and last target frame the path pairs it with. */
  first: Int32Array;
  last: Int32Array;
  /** Accumulated distance per path step (how well the two match; lower is better). */
  meanCost: number;
}

const COARSE = 4;
/** Coarse band: this share of the longer side, plus BAND_MIN coarse frames (1 s), at most BAND_MAX (20 s). */
const BAND_SHARE = 0.3;
const BAND_MIN = 25;
const BAND_MAX = 500;
/** Fine corridor: fine frames either side of the projected coarse path. */
const RADIUS = 12;

export function warp(ref: Float32Array, nRef: number, tgt: Float32Array, nTgt: number): WarpPath {
  const cr = Math.ceil(nRef / COARSE);
  const ct = Math.ceil(nTgt / COARSE);
  const cRef = downsample(ref, nRef, cr);
  const cTgt = downsample(tgt, nTgt, ct);
  const band = Math.min(BAND_MAX, Math.round(BAND_SHARE * Math.max(cr, ct)) + BAND_MIN);
  const lo = new Int32Array(cr);
  const hi = new Int32Array(cr);
  for (let i = 0; i < cr; i++) {
    const centre = cr > 1 ? (i * (ct - 1)) / (cr - 1) : 0;
    lo[i] = Math.max(0, Math.floor(centre - band));
    hi[i] = Math.min(ct - 1, Math.ceil(centre + band));
  }
  const coarse = windowedDtw(cRef, cr, cTgt, ct, lo, hi);

  const flo = new Int32Array(nRef).fill(nTgt);
  const fhi = new Int32Array(nRef).fill(-1);
  for (let ci = 0; ci < cr; ci++) {
    const from = Math.max(0, coarse.first[ci]! * COARSE - RADIUS);
    const to = Math.min(nTgt - 1, coarse.last[ci]! * COARSE + COARSE - 1 + RADIUS);
    for (let i = ci * COARSE; i < Math.min(nRef, (ci + 1) * COARSE); i++) {
      flo[i] = Math.min(flo[i]!, from);
      fhi[i] = Math.max(fhi[i]!, to);
    }
  }
  // Widen the rows next to each coarse row too, so the corridor is never cut between rows.
  // (lo from the end and hi from the start, so each row reads rows not yet widened).
  for (let i = nRef - 1; i >= 0; i--) flo[i] = Math.max(0, Math.min(flo[i]!, flo[Math.max(0, i - RADIUS)]!));
  for (let i = 0; i < nRef; i++) fhi[i] = Math.min(nTgt - 1, Math.max(fhi[i]!, fhi[Math.min(nRef - 1, i + RADIUS)]!));

  return windowedDtw(ref, nRef, tgt, nTgt, flo, fhi);
}

function downsample(x: Float32Array, n: number, m: number): Float32Array {
  const out = new Float32Array(m * DIMS);
  for (let i = 0; i < m; i++) {
    const from = i * COARSE;
    const to = Math.min(n, from + COARSE);
    for (let f = from; f < to; f++) for (let d = 0; d < DIMS; d++) out[i * DIMS + d]! += x[f * DIMS + d]!;
    for (let d = 0; d < DIMS; d++) out[i * DIMS + d]! /= to - from;
  }
  return out;
}

/** Makes a window usable: rows start at column 0 and end at the last column, never move back, and overlap. */
function repair(lo: Int32Array, hi: Int32Array, nTgt: number): void {
  const n = lo.length;
  lo[0] = 0;
  hi[n - 1] = nTgt - 1;
  for (let i = n - 2; i >= 0; i--) lo[i] = Math.min(lo[i]!, lo[i + 1]!);
  for (let i = 1; i < n; i++) hi[i] = Math.max(hi[i]!, hi[i - 1]!);
  for (let i = 1; i < n; i++) lo[i] = Math.min(lo[i]!, hi[i - 1]!);
}

/**
 * Added to every horizontal or vertical step (distances are about 3-6 after normalisation): the
 * path stays near the diagonal unless the sounds really differ in length, so it does not stall on
 * one frame and then race; against Festival it brought the 95th percentile from ~135 to ~81 ms.
 */
const STEP_PENALTY = 2;
const STEP_DIAG = 0;
const STEP_UP = 1; // from the previous row, same column
const STEP_LEFT = 2; // same row, previous column

export function windowedDtw(a: Float32Array, na: number, b: Float32Array, nb: number, lo: Int32Array, hi: Int32Array): WarpPath {
  repair(lo, hi, nb);
  const offset = new Int32Array(na + 1);
  for (let i = 0; i < na; i++) offset[i + 1] = offset[i]! + (hi[i]! - lo[i]! + 1);
  const cost = new Float32Array(offset[na]!);
  const steps = new Uint8Array(offset[na]!);
  const len = new Int32Array(offset[na]!);
  for (let i = 0; i < na; i++) {
    const l = lo[i]!;
    const h = hi[i]!;
    const row = offset[i]!;
    const pl = i > 0 ? lo[i - 1]! : 0;
    const ph = i > 0 ? hi[i - 1]! : -1;
    const prow = i > 0 ? offset[i - 1]! : 0;
    const ai = i * DIMS;
    for (let j = l; j <= h; j++) {
      let d = 0;
      const bj = j * DIMS;
      for (let k = 0; k < DIMS; k++) {
        const t = a[ai + k]! - b[bj + k]!;
        d += t * t;
      }
      d = Math.sqrt(d);
      const at = row + j - l;
      if (i === 0 && j === 0) {
        cost[at] = d;
        len[at] = 1;
        continue;
      }
      let best = Infinity;
      let step = STEP_DIAG;
      let n = 0;
      if (i > 0 && j - 1 >= pl && j - 1 <= ph) {
        best = cost[prow + j - 1 - pl]! + 2 * d;
        n = len[prow + j - 1 - pl]! + 2;
      }
      if (i > 0 && j >= pl && j <= ph) {
        const c = cost[prow + j - pl]! + d + STEP_PENALTY;
        if (c < best) {
          best = c;
          step = STEP_UP;
          n = len[prow + j - pl]! + 1;
        }
      }
      if (j > l) {
        const c = cost[at - 1]! + d + STEP_PENALTY;
        if (c < best) {
          best = c;
          step = STEP_LEFT;
          n = len[at - 1]! + 1;
        }
      }
      cost[at] = best;
      steps[at] = step;
      len[at] = n;
    }
  }
  const first = new Int32Array(na).fill(nb);
  const last = new Int32Array(na).fill(-1);
  let i = na - 1;
  let j = nb - 1;
  const end = offset[na - 1]! + j - lo[na - 1]!;
  const meanCost = cost[end]! / Math.max(1, len[end]!);
  for (;;) {
    if (j < first[i]!) first[i] = j;
    if (j > last[i]!) last[i] = j;
    if (i === 0 && j === 0) break;
    const s = steps[offset[i]! + j - lo[i]!]!;
    if (i === 0 || (s === STEP_LEFT && j > 0)) j--;
    else if (s === STEP_UP) i--;
    else {
      i--;
      j--;
    }
  }
  return { first, last, meanCost };
}
