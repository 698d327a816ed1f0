/**
 * Parts of the product the flood ate (pure pixel work): a pale region inside the product's outline
 * that meets the backdrop along a weak edge — the README demo's lamp, whose lit shade opening
 * (245,246,248) meets the warm backdrop (238,234,225) along its lower arc over a 3-4 px soft edge:
 * drawn at 1121 px and up the flood crept along that arc and cleared 96 % of the opening (the plate's
 * yellow showed through the shade). The flood's own tolerances follow the backdrop's grading; this
 * pass judges every cleared pixel against the backdrop as the border shows it (a plane fitted to
 * the border's colours: a linear grading in any direction), and gives back a region of cleared
 * pixels unlike it when it is a part of the product: large enough (not noise), clear of the
 * picture's border, and held by the product along a good share of its rim.
 */

/** A cleared pixel this far from the border's plane (summed over the channels) is unlike the backdrop. */
export const UNLIKE_TOL = 24;
/** A region under this share of the picture is noise, not a part. */
const MIN_PART = 0.001;
/** A region whose rim meets the kept product along at least this share of it is held by the product. */
const HELD_SHARE = 0.3;
/** A region nearer the picture's border than this share of its shorter side is the backdrop's own (a shadow, a vignette). */
const BORDER_CLEAR = 0.03;

/** Least-squares plane c = a + b x + c y per channel through the border pixels. */
function borderPlane(px: Uint8ClampedArray | Uint8Array, w: number, border: readonly number[]): number[][] {
  // Normal equations for [1, x, y].
  let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  const sc = [0, 0, 0], sxc = [0, 0, 0], syc = [0, 0, 0];
  for (const p of border) {
    const x = (p % w) / w;
    const y = Math.floor(p / w) / w;
    n++; sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y;
    for (let c = 0; c < 3; c++) {
      const v = px[p * 4 + c]!;
      sc[c]! += v; sxc[c]! += x * v; syc[c]! += y * v;
    }
  }
  const m = [[n, sx, sy], [sx, sxx, sxy], [sy, sxy, syy]];
  return [0, 1, 2].map((c) => solve3(m, [sc[c]!, sxc[c]!, syc[c]!]));
}

function solve3(m: number[][], r: number[]): number[] {
  const det = (a: number[][]) => a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) - a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) + a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-12) return [r[0]! / Math.max(1, m[0]![0]!), 0, 0];
  return [0, 1, 2].map((k) => det(m.map((row, i) => row.map((v, j) => (j === k ? r[i]! : v)))) / d);
}

/**
 * Gives back (cleared = 0) the regions of cleared pixels unlike the border's backdrop that are
 * parts of the product (see the file's comment); returns how many pixels it gave back.
 */
export function keepPartsInside(px: Uint8ClampedArray | Uint8Array, w: number, h: number, cleared: Uint8Array, border: readonly number[]): number {
  const plane = borderPlane(px, w, border);
  const n = w * h;
  const unlike = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    if (!cleared[p]) continue;
    const x = (p % w) / w;
    const y = Math.floor(p / w) / w;
    let d = 0;
    for (let c = 0; c < 3; c++) {
      const [a, b, k] = plane[c]!;
      d += Math.abs(px[p * 4 + c]! - (a! + b! * x + k! * y));
    }
    if (d > UNLIKE_TOL) unlike[p] = 1;
  }
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  const margin = Math.max(1, Math.round(BORDER_CLEAR * Math.min(w, h)));
  let given = 0;
  for (let s = 0; s < n; s++) {
    if (!unlike[s] || seen[s]) continue;
    let head = 0;
    let tail = 0;
    seen[s] = 1;
    queue[tail++] = s;
    let nearBorder = false;
    let rim = 0;
    let held = 0;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % w;
      const y = (p - x) / w;
      if (x < margin || y < margin || x >= w - margin || y >= h - margin) nearBorder = true;
      for (let k = 0; k < 4; k++) {
        const xx = k === 0 ? x - 1 : k === 1 ? x + 1 : x;
        const yy = k === 2 ? y - 1 : k === 3 ? y + 1 : y;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const q = yy * w + xx;
        if (unlike[q]) {
          if (!seen[q]) {
            seen[q] = 1;
            queue[tail++] = q;
          }
          continue;
        }
        rim++;
        if (!cleared[q]) held++;
      }
    }
    if (nearBorder || tail < MIN_PART * n || held < HELD_SHARE * rim) continue;
    for (let i = 0; i < tail; i++) cleared[queue[i]!] = 0;
    given += tail;
  }
  if (given) given += fillEnclosed(w, h, cleared, border);
  return given;
}

/**
 * Cleared pixels the border's backdrop no longer reaches (the flood clears only what it reaches:
 * the soft seam between a given-back part and the product, cut off with it) are kept too.
 */
function fillEnclosed(w: number, h: number, cleared: Uint8Array, border: readonly number[]): number {
  const n = w * h;
  const reached = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (const p of border) if (cleared[p] && !reached[p]) { reached[p] = 1; queue[tail++] = p; }
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
      if (q < 0 || q >= n || reached[q] || !cleared[q]) continue;
      reached[q] = 1;
      queue[tail++] = q;
    }
  }
  let filled = 0;
  for (let p = 0; p < n; p++) if (cleared[p] && !reached[p]) { cleared[p] = 0; filled++; }
  return filled;
}
