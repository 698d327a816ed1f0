/**
 * What is left once a backdrop is flooded (pure pixel work): the product's pieces (confetti
 * dropped, a product that splits into large pieces refused) and its rim's alpha — a soft ramp by
 * where each rim pixel's colour lies between the backdrop beside it and the product inside it,
 * its colour freed of the backdrop's (no halo of the old backdrop on a new background, no
 * stair-steps of a hard 0/255 edge).
 */
import { diff, LOCAL_TOL } from './backdrop-flood.ts';

/** A piece under this share of what is left is confetti (backdrop noise): cleared. */
const CONFETTI = 0.005;
/** A piece of at least this share of what is left is a large piece. */
export const LARGE_PIECE = 0.15;

/**
 * The kept pixels' 8-connected pieces: confetti is cleared (in `cleared`); returns the number of
 * large pieces left.
 */
export function keepProductPieces(w: number, h: number, cleared: Uint8Array): number {
  const n = w * h;
  const label = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const sizes: number[] = [];
  const starts: number[] = [];
  let kept = 0;
  for (let s = 0; s < n; s++) {
    if (cleared[s] || label[s]! >= 0) continue;
    const id = sizes.length;
    let head = 0;
    let tail = 0;
    label[s] = id;
    queue[tail++] = s;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const q = yy * w + xx;
          if (cleared[q] || label[q]! >= 0) continue;
          label[q] = id;
          queue[tail++] = q;
        }
    }
    sizes.push(tail);
    starts.push(s);
    kept += tail;
  }
  if (!kept) return 0;
  const drop = new Set<number>();
  sizes.forEach((size, id) => size < kept * CONFETTI && drop.add(id));
  if (drop.size) for (let p = 0; p < n; p++) if (!cleared[p] && drop.has(label[p]!)) cleared[p] = 1;
  const left = kept - [...drop].reduce((a, id) => a + sizes[id]!, 0);
  return sizes.filter((size) => size >= left * LARGE_PIECE).length;
}

/** A rim pixel on the backdrop side keeps alpha only from this much product in it. */
const MIN_OUTER = 0.25;

/**
 * Writes alpha into `px`: 0 on the backdrop, 255 inside the product, and on the rim (the pixels
 * either side of the boundary) the share of product in the pixel — its colour projected between
 * the local backdrop colour beside it and the product colour within 2 pixels that differs most
 * from it — drawn in that product colour (none of the backdrop's left in it). A weak edge (product within
 * 2 x LOCAL_TOL of the backdrop) keeps a fixed half-see-through rim.
 */
export function matteRim(px: Uint8ClampedArray, w: number, h: number, cleared: Uint8Array, local: Float32Array): void {
  const n = w * h;
  // The rim: pixels with an 8-neighbour on the other side, then the kept pixels beside those (a
  // JPEG's ringing along a dark edge is two pixels wide: light specks left opaque otherwise).
  const band = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const x = p % w;
    const v = cleared[p];
    if (x > 0 && p >= w && x < w - 1 && p < n - w && cleared[p - 1] === v && cleared[p + 1] === v && cleared[p - w] === v && cleared[p + w] === v && cleared[p - w - 1] === v && cleared[p - w + 1] === v && cleared[p + w - 1] === v && cleared[p + w + 1] === v) continue;
    forNeighbours(p, w, h, 1, (q) => {
      if (cleared[q] !== v) band[p] = 1;
    });
  }
  for (let p = 0; p < n; p++) {
    if (cleared[p] || band[p]) continue;
    forNeighbours(p, w, h, 1, (q) => {
      if (band[q] === 1 && !cleared[q]) band[p] = 2;
    });
  }
  const out: { p: number; a: number; rgb: number[] | null }[] = [];
  const bg = [0, 0, 0];
  for (let p = 0; p < n; p++) {
    if (!band[p]) continue;
    // The backdrop beside it: its own local colour, or the mean of the cleared pixels within 2.
    let nb = 0;
    bg[0] = bg[1] = bg[2] = 0;
    if (cleared[p]) {
      for (let c = 0; c < 3; c++) bg[c] = local[p * 3 + c]!;
    } else {
      forNeighbours(p, w, h, 2, (q) => {
        if (!cleared[q]) return;
        for (let c = 0; c < 3; c++) bg[c] = bg[c]! + local[q * 3 + c]!;
        nb++;
      });
      if (!nb) continue;
      for (let c = 0; c < 3; c++) bg[c] = bg[c]! / nb;
    }
    // The product colour near it: the kept pixel within 2 that differs most from the backdrop.
    let fg = -1;
    let far = -1;
    forNeighbours(p, w, h, 2, (q) => {
      if (cleared[q]) return;
      const d = diff(px, q * 4, bg);
      if (d > far) {
        far = d;
        fg = q;
      }
    });
    if (!cleared[p] && diff(px, p * 4, bg) > far) fg = p;
    if (fg < 0) continue;
    if (far < 2 * LOCAL_TOL) {
      if (band[p] === 1) out.push({ p, a: cleared[p] ? 0 : 0.6, rgb: null });
      continue;
    }
    let dot = 0;
    let len = 0;
    for (let c = 0; c < 3; c++) {
      const f = px[fg * 4 + c]! - bg[c]!;
      dot += (px[p * 4 + c]! - bg[c]!) * f;
      len += f * f;
    }
    let a = Math.min(1, Math.max(0, dot / len));
    if (cleared[p] && a < MIN_OUTER) continue;
    // Its colour freed of the backdrop's: the product's beside it (unmixing by 1/a amplifies a
    // JPEG's noise into light specks along a dark edge).
    const rgb = a > 0 && a < 1 ? [px[fg * 4]!, px[fg * 4 + 1]!, px[fg * 4 + 2]!] : null;
    if (a < 1 / 255) a = 0;
    out.push({ p, a, rgb });
  }
  for (let p = 0; p < n; p++) if (cleared[p]) px[p * 4 + 3] = 0;
  for (const { p, a, rgb } of out) {
    px[p * 4 + 3] = Math.min(cleared[p] ? 255 : px[p * 4 + 3]!, Math.round(a * 255));
    if (rgb) for (let c = 0; c < 3; c++) px[p * 4 + c] = rgb[c]!;
  }
}

/** Calls `f` for each pixel within `r` (a square) of p, p itself excepted, inside the picture. */
function forNeighbours(p: number, w: number, h: number, r: number, f: (q: number) => void): void {
  const x = p % w;
  const y = (p - x) / w;
  for (let dy = -r; dy <= r; dy++)
    for (let dx = -r; dx <= r; dx++) {
      const xx = x + dx;
      const yy = y + dy;
      if ((dx || dy) && xx >= 0 && yy >= 0 && xx < w && yy < h) f(yy * w + xx);
    }
}
