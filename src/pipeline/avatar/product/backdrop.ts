/**
 * Plain backdrops (pure pixel work, no I/O): whether a picture's border is mostly one colour (a
 * packshot on white), and its removal by a flood from the border. Shared by the product avatar's
 * cut-out (cutout.ts) and the product video's cut-out treatment (render/cutout-pool.ts).
 */
import { floodBackdrop, softRimShare, diff } from './backdrop-flood.ts';
import { keepPartsInside } from './backdrop-inside.ts';
import { keepProductPieces, matteRim } from './backdrop-matte.ts';

/** A border is plain when this share of its pixels is within BORDER_TOL of its median colour. */
const PLAIN_SHARE = 0.85;
const BORDER_TOL = 30;
/**
 * A picture with less than this share left after the flood is all backdrop (a plain swatch: the
 * product itself). Not more: a small packshot in a tall frame keeps ~7 % of its pixels (the
 * bench's 1:3 bottle photo on a graded backdrop), and the 10 % this was kept the whole photo,
 * backdrop and all — the grey column on the plate of bench:quality cell 10.
 */
const MIN_LEFT = 0.01;
/**
 * A backdrop whose flood stops on a smooth slope along more than this share of the product's rim
 * is not plain (a vignette, a dark-to-light gradient, a night scene): cut out, it is a disc of
 * the scene with a rim where no edge is.
 */
const MAX_SOFT_RIM = 0.3;

/** Why a picture is or is not cut out (removePlainBackdrop). */
export type BackdropCut = 'removed' | 'not-plain' | 'all-backdrop' | 'fades' | 'pieces';

/**
 * Clears a plain backdrop in place (alpha 0, a soft rim with its colour unmixed from the
 * backdrop's); false when the border is not plain, nothing would be left, the backdrop fades into
 * the picture or the product splits into large pieces (then the picture is shown as a photo).
 */
export function removePlainBackdrop(px: Uint8ClampedArray, w: number, h: number): boolean {
  return cutBackdrop(px, w, h) === 'removed';
}

/** removePlainBackdrop, saying why; px changes only when 'removed'. */
export function cutBackdrop(px: Uint8ClampedArray, w: number, h: number): BackdropCut {
  if (!plainBorder(px, w, h)) return 'not-plain';
  const border = borderPixels(w, h);
  const { cleared, local, count } = floodBackdrop(px, w, h, border, borderMedian(px, border));
  // A picture that is all backdrop (a plain swatch) is the product itself: keep it whole.
  if (count > w * h * (1 - MIN_LEFT)) return 'all-backdrop';
  // A pale part of the product the flood crept into along a weak edge (the demo lamp's lit shade opening) is given back.
  keepPartsInside(px, w, h, cleared, border);
  if (softRimShare(px, w, h, cleared) > MAX_SOFT_RIM) return 'fades';
  if (keepProductPieces(w, h, cleared) > 1) return 'pieces';
  matteRim(px, w, h, cleared, local);
  return 'removed';
}

function borderPixels(w: number, h: number): number[] {
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) border.push(y * w, y * w + w - 1);
  return border;
}

function borderMedian(px: Uint8ClampedArray | Uint8Array, border: readonly number[]): number[] {
  return [0, 1, 2].map((c) => {
    const v = border.map((p) => px[p * 4 + c]!).sort((a, b) => a - b);
    return v[v.length >> 1]!;
  });
}

/** The border is plain: PLAIN_SHARE of its pixels within BORDER_TOL of its median colour (RGBA pixels). */
export function plainBorder(px: Uint8ClampedArray | Uint8Array, w: number, h: number): boolean {
  const border = borderPixels(w, h);
  const median = borderMedian(px, border);
  return border.filter((p) => diff(px, p * 4, median) <= BORDER_TOL).length >= border.length * PLAIN_SHARE;
}


/** Pixels at or under this alpha are background for the trimmed product box. */
const TRIM_ALPHA = 8;

/**
 * The trimmed product box: the bounding box of the pixels with alpha over TRIM_ALPHA (after a
 * flood, or an alpha image as it is), grown by one pixel each side (a thumbnail's pixel may
 * hold a product edge), as fractions of the picture (0..1). null when nothing is opaque.
 */
export function opaqueBox(px: Uint8ClampedArray | Uint8Array, w: number, h: number): { x: number; y: number; w: number; h: number } | null {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (px[(y * w + x) * 4 + 3]! <= TRIM_ALPHA) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (x1 < 0) return null;
  x0 = Math.max(0, x0 - 1);
  y0 = Math.max(0, y0 - 1);
  x1 = Math.min(w - 1, x1 + 1);
  y1 = Math.min(h - 1, y1 + 1);
  return { x: x0 / w, y: y0 / h, w: (x1 + 1 - x0) / w, h: (y1 + 1 - y0) / h };
}
