/**
 * The edge-aware flood of a plain backdrop (pure pixel work): from the border inwards, a pixel is
 * backdrop when it is close to the backdrop *next to it* (a local colour that follows the
 * backdrop's own gentle grading) and within a bound of the border's median colour. So the flood
 * stops at the product's edge — a step between neighbours — even where a pale product (a lamp
 * shade, a white cap) is close to the backdrop's colour, which a distance to the median alone
 * (the flood before, tolerance 42) ate into.
 */
/** Largest channel difference from the border's median colour the backdrop spans. */
export const FLOOD_TOL = 42;
/**
 * Largest difference (summed over the channels: a pale blue shade on a warm white differs in
 * hue more than in any one channel) between a pixel and the local backdrop colour beside it.
 */
export const LOCAL_TOL = 20;
/** How fast the local backdrop colour follows the pixels the flood crosses (0..1). */
const FOLLOW = 0.15;
/**
 * Largest difference (summed over the channels) from the slow backdrop colour: one that follows the flood's path
 * over about an eighth of the picture's side (SLOW_SPAN), so a backdrop's grading over the whole
 * picture passes at any size but a flood that slips through a weak edge (a pale shade's tip)
 * cannot follow the product's own shading inside it.
 */
export const DRIFT_TOL = 30;
const SLOW_SPAN = 8;

export const diff = (px: Uint8ClampedArray | Uint8Array, i: number, c: ArrayLike<number>, j = 0) =>
  Math.max(Math.abs(px[i]! - c[j]!), Math.abs(px[i + 1]! - c[j + 1]!), Math.abs(px[i + 2]! - c[j + 2]!));

export interface Flood {
  /** 1 where the backdrop is (w x h). */
  cleared: Uint8Array;
  /** The local backdrop colour at each cleared pixel (RGB, w x h x 3). */
  local: Float32Array;
  count: number;
}

/** Floods the backdrop from the border pixels within FLOOD_TOL of `median` (breadth first). */
export function floodBackdrop(px: Uint8ClampedArray | Uint8Array, w: number, h: number, border: readonly number[], median: readonly number[]): Flood {
  const n = w * h;
  const cleared = new Uint8Array(n);
  const local = new Float32Array(n * 3);
  const slow = new Float32Array(n * 3);
  const follow = Math.min(FOLLOW, SLOW_SPAN / Math.sqrt(n));
  const queue = new Int32Array(n);
  const m0 = median[0]!;
  const m1 = median[1]!;
  const m2 = median[2]!;
  let head = 0;
  let tail = 0;
  for (const p of border) {
    if (cleared[p] || diff(px, p * 4, median) > FLOOD_TOL) continue;
    cleared[p] = 1;
    for (let c = 0; c < 3; c++) local[p * 3 + c] = slow[p * 3 + c] = px[p * 4 + c]!;
    queue[tail++] = p;
  }
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % w;
    const l0 = local[p * 3]!;
    const l1 = local[p * 3 + 1]!;
    const l2 = local[p * 3 + 2]!;
    const s0 = slow[p * 3]!;
    const s1 = slow[p * 3 + 1]!;
    const s2 = slow[p * 3 + 2]!;
    for (let k = 0; k < 4; k++) {
      const q = k === 0 ? (x > 0 ? p - 1 : -1) : k === 1 ? (x < w - 1 ? p + 1 : -1) : k === 2 ? p - w : p + w;
      if (q < 0 || q >= n || cleared[q]) continue;
      const r = px[q * 4]!;
      const g = px[q * 4 + 1]!;
      const b = px[q * 4 + 2]!;
      if (Math.abs(r - l0) + Math.abs(g - l1) + Math.abs(b - l2) > LOCAL_TOL) continue;
      if (Math.abs(r - s0) + Math.abs(g - s1) + Math.abs(b - s2) > DRIFT_TOL) continue;
      if (Math.abs(r - m0) > FLOOD_TOL || Math.abs(g - m1) > FLOOD_TOL || Math.abs(b - m2) > FLOOD_TOL) continue;
      cleared[q] = 1;
      local[q * 3] = l0 + (r - l0) * FOLLOW;
      local[q * 3 + 1] = l1 + (g - l1) * FOLLOW;
      local[q * 3 + 2] = l2 + (b - l2) * FOLLOW;
      slow[q * 3] = s0 + (r - s0) * follow;
      slow[q * 3 + 1] = s1 + (g - s1) * follow;
      slow[q * 3 + 2] = s2 + (b - s2) * follow;
      queue[tail++] = q;
    }
  }
  return { cleared, local, count: tail };
}

/**
 * The rim's share that lies on a smooth slope rather than an edge: of the kept pixels beside the
 * cleared backdrop, those whose step to the backdrop RIM_SPAN pixels out is no steeper than the
 * backdrop's own step over the next RIM_SPAN pixels further out — where the flood stopped at its
 * bound on a vignette or a gradient, not at a product's edge. Steps over a few pixels, not
 * neighbours: a product's edge blurred over 2-3 pixels (a picture drawn larger than its file) is
 * still an edge, and a slope is a slope at any size.
 */
export function softRimShare(px: Uint8ClampedArray | Uint8Array, w: number, h: number, cleared: Uint8Array): number {
  let soft = 0;
  let rim = 0;
  const n = w * h;
  for (let q = 0; q < n; q++) {
    if (cleared[q]) continue;
    const x = q % w;
    for (let k = 0; k < 4; k++) {
      const d = k === 0 ? -1 : k === 1 ? 1 : k === 2 ? -w : w;
      if (!cleared[q + d] || q + d < 0 || q + d >= n || (k === 0 && x < 1) || (k === 1 && x > w - 2)) continue;
      // Beside the backdrop this way: the backdrop RIM_SPAN and 2 x RIM_SPAN out, when both are.
      if ((k === 0 && x < 2 * RIM_SPAN) || (k === 1 && x > w - 1 - 2 * RIM_SPAN)) break;
      const p = q + d * RIM_SPAN;
      const pp = q + d * 2 * RIM_SPAN;
      if (pp < 0 || pp >= n || !cleared[p] || !cleared[pp]) break;
      rim++;
      const across = diff(px, q * 4, px, p * 4);
      const outside = diff(px, p * 4, px, pp * 4);
      if (across < Math.max(EDGE_MIN, EDGE_RATIO * outside)) soft++;
      break;
    }
  }
  return rim ? soft / rim : 0;
}
/** The span (pixels) of the steps softRimShare compares. */
const RIM_SPAN = 3;
/** An edge is a step of at least this (8-bit levels) ... */
const EDGE_MIN = 8;
/** ... and this many times the backdrop's own step beside it. */
const EDGE_RATIO = 2.5;
