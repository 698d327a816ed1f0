/**
 * bench:quality's text legibility check on the rendered frames (issue 27; docs/rendering.md
 * "Every text readable"), pure: the contrast a text box's letters have with the ground they are
 * read on, measured from pixels, independently of the colours the renderer chose.
 *
 * In a text box (a caption line, a card's pill) the ground is the dominant colour (the luminance
 * bin holding the most pixels: the background between letters, the pill). The pixels that differ
 * from it are the letters, in up to two groups — lighter and darker than the ground: a fill and
 * its outline (white words in a dark rim on yellow), or a fill alone. The fill is the group lying
 * inside the other: its pixels have more marked neighbours (an outline is what touches the
 * ground). The text's contrast is WCAG's ratio of the fill's core (its tenth farthest from the
 * ground) with the ground. A piece of a line (about two line-heights) whose dominant bins hold under 40 % of its pixels is busy
 * (a photo under the words) and not judged: over photos the outline carries the words.
 */
import type { Box } from '../../src/pipeline/templates/types.ts';

export interface Frame {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel. */
  rgb: Uint8Array;
}

const lin = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const LIN = Float64Array.from({ length: 256 }, (_, v) => lin(v));
/** WCAG relative luminance of an 8-bit RGB pixel. */
export const luminance = (r: number, g: number, b: number): number => 0.2126 * LIN[r]! + 0.7152 * LIN[g]! + 0.0722 * LIN[b]!;
export const ratio = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** Below this share of the box in its dominant bin, the ground is busy (a photo): not judged. */
const MIN_GROUND_SHARE = 0.4;
/** A pixel this far (contrast ratio) from the ground is part of the letters. */
const MARK = 1.25;
const BINS = 48;
/**
 * Under this share of a box left once the `skip` rectangles are out, it is not judged: a sliver
 * beside the lit word's pill holds a letter's antialiased edge, not letters on their ground (#20's
 * Thai line at a quarter size: three columns of "ที่" beside the pill read 1.5:1).
 */
const MIN_MEASURED_SHARE = 0.3;

export interface TextContrast {
  /** The fill's contrast with the ground; null when the ground is busy or no letters were found. */
  contrast: number | null;
  ground: number;
  /** Which group was taken as the fill. */
  fill: 'lighter' | 'darker' | null;
}

/** Each band of a two-tone ground holds at least this many rows (a seam nearer an edge is the letters' own). */
const SEAM_MIN_ROWS = 3;
/** …and at least this share of its rows' medians within CONSISTENT of the band's ground. */
const SEAM_CONSISTENT = 0.8;
const CONSISTENT = 1.1;

const median = (v: readonly number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1]!;

/**
 * The row where a box's ground changes from one flat colour to another (a grey wall meeting the
 * floor behind a caption line, bench #17): the split whose bands' grounds — the median of their rows'
 * medians — are at least MARK apart, each band's rows consistent with its ground; null for none.
 */
function seamRow(Y: Float64Array, used: Uint8Array, w: number, h: number): number | null {
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    const v: number[] = [];
    for (let x = 0; x < w; x++) if (used[y * w + x]) v.push(Y[y * w + x]!);
    rows.push(v.length ? median(v) : NaN);
  }
  const consistent = (v: readonly number[], g: number) => v.filter((m) => ratio(m, g) < CONSISTENT).length >= v.length * SEAM_CONSISTENT;
  let best: { k: number; r: number } | null = null;
  for (let k = SEAM_MIN_ROWS; k <= h - SEAM_MIN_ROWS; k++) {
    const a = rows.slice(0, k).filter((m) => !Number.isNaN(m));
    const b = rows.slice(k).filter((m) => !Number.isNaN(m));
    if (a.length < SEAM_MIN_ROWS || b.length < SEAM_MIN_ROWS) continue;
    const [ga, gb] = [median(a), median(b)];
    const r = ratio(ga, gb);
    if (r >= MARK && consistent(a, ga) && consistent(b, gb) && (!best || r > best.r)) best = { k, r };
  }
  return best?.k ?? null;
}

/**
 * The contrast of the letters in `box` with their ground; `skip` rectangles (a lit word's pill) are
 * left out. A ground in two flat bands one above the other (seamRow) is judged band by band, each
 * on its own ground, the lower contrast kept: before, the lighter band (the wall) was taken for the
 * letters' fill against the darker one (the floor), 1.5:1 for dark words that read 9:1 (bench #17).
 */
export function boxContrast(f: Frame, box: Box, skip: readonly Box[] = [], seams = true): TextContrast {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(f.width, Math.ceil(box.x + box.w));
  const y1 = Math.min(f.height, Math.ceil(box.y + box.h));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 3 || h < 3) return { contrast: null, ground: 0, fill: null };
  const Y = new Float64Array(w * h);
  const used = new Uint8Array(w * h);
  const hist = new Uint32Array(BINS);
  let n = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const fx = x0 + x;
      const fy = y0 + y;
      if (skip.some((s) => fx >= s.x && fx < s.x + s.w && fy >= s.y && fy < s.y + s.h)) continue;
      const i = (fy * f.width + fx) * 3;
      const l = luminance(f.rgb[i]!, f.rgb[i + 1]!, f.rgb[i + 2]!);
      Y[y * w + x] = l;
      used[y * w + x] = 1;
      // Bins even in perceived lightness (the square root of luminance), so dark grounds are not lumped.
      hist[Math.min(BINS - 1, Math.floor(Math.sqrt(l) * BINS))]!++;
      n++;
    }
  if (n === 0 || n < w * h * MIN_MEASURED_SHARE) return { contrast: null, ground: 0, fill: null };
  const seam = seams ? seamRow(Y, used, w, h) : null;
  if (seam !== null) {
    // A band under a third of the box (a field's edge grazing the line's top or foot) is not judged on its
    // own: its few rows hold the seam's blend and the letters' tips, no letters on a ground (#20's Thai
    // line under Soft Pastel's lavender field read 1.7:1 from its top four rows).
    const bands = [
      { y: y0, h: seam },
      { y: y0 + seam, h: h - seam },
    ].filter((b) => b.h >= h / 3);
    const parts = bands.map((b) => boxContrast(f, { x: x0, y: b.y, w, h: b.h }, skip, false)).filter((m) => m.contrast !== null);
    return parts.sort((a, b) => a.contrast! - b.contrast!)[0] ?? { contrast: null, ground: 0, fill: null };
  }
  let top = 0;
  for (let b = 1; b < BINS; b++) if (hist[b]! > hist[top]!) top = b;
  const share = (hist[top]! + (hist[top - 1] ?? 0) + (hist[top + 1] ?? 0)) / n;
  const inGround: number[] = [];
  for (let i = 0; i < Y.length; i++) if (used[i] && Math.abs(Math.floor(Math.sqrt(Y[i]!) * BINS) - top) <= 1) inGround.push(Y[i]!);
  inGround.sort((a, b) => a - b);
  const ground = inGround[inGround.length >> 1]!;
  if (share < MIN_GROUND_SHARE) return { contrast: null, ground, fill: null };
  // Letters: pixels apart from the ground, lighter (1) or darker (2).
  const mark = new Uint8Array(w * h);
  for (let i = 0; i < Y.length; i++) if (used[i] && ratio(Y[i]!, ground) >= MARK) mark[i] = Y[i]! > ground ? 1 : 2;
  const groups = { 1: { n: 0, inner: 0, values: [] as number[] }, 2: { n: 0, inner: 0, values: [] as number[] } };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const m = mark[y * w + x]!;
      if (!m) continue;
      let around = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if ((dx || dy) && xx >= 0 && yy >= 0 && xx < w && yy < h && mark[yy * w + xx]) around++;
        }
      const g = groups[m as 1 | 2];
      g.n++;
      g.inner += around;
      g.values.push(Y[y * w + x]!);
    }
  const minPx = Math.max(4, n * 0.01);
  const cands = ([1, 2] as const).filter((k) => groups[k].n >= minPx);
  if (cands.length === 0) return { contrast: null, ground, fill: null };
  const k = cands.reduce((a, b) => (groups[b].inner / groups[b].n > groups[a].inner / groups[a].n ? b : a));
  const vals = groups[k].values.sort((a, b) => a - b);
  // The fill's core: the tenth of its pixels farthest from the ground (antialiased edges and the
  // codec's smearing pull the rest towards it; a two-tone ground — the band over Side by Side's
  // light and dark halves — puts its lighter half in the same group as white letters).
  const core = k === 1 ? vals.slice(Math.floor(vals.length * 0.9)) : vals.slice(0, Math.ceil(vals.length * 0.1));
  const y = core[core.length >> 1]!;
  return { contrast: ratio(y, ground), ground, fill: k === 1 ? 'lighter' : 'darker' };
}

/**
 * A line of text measured in pieces about two line-heights wide (the ground may change along it:
 * a band over Side by Side's light and dark halves); the median piece judged (a single piece can
 * mistake a thin rim for the fill at a quarter size: the fill's edge blends through the ground's
 * lightness). A piece whose ground is two colours (the one across the split) is busy, not judged.
 */
export function textContrast(f: Frame, box: Box, skip: readonly Box[] = []): TextContrast {
  const pieces = Math.max(1, Math.round(box.w / (box.h * 2)));
  const judged: TextContrast[] = [];
  for (let i = 0; i < pieces; i++) {
    const m = boxContrast(f, { x: box.x + (box.w * i) / pieces, y: box.y, w: box.w / pieces, h: box.h }, skip);
    if (m.contrast !== null) judged.push(m);
  }
  judged.sort((a, b) => a.contrast! - b.contrast!);
  return judged[judged.length >> 1] ?? { contrast: null, ground: 0, fill: null };
}
