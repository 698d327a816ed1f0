/**
 * Where a photo's subject lies (pure): the largest connected region of its thumbnail that
 * differs from every colour on its border and has an edge in it — the lamp on a desk, not the
 * wall, the desk or a smooth glow of light. Its edges (pixels unlike a neighbour and unlike the
 * border's colours), joined when GAP apart; the region with the most of them (docs/rendering.md "The frame in 9:16").
 */
import type { Box } from '../templates/types.ts';

/** A pixel this far (RGB distance) from every border colour is not backdrop. */
const FAR_FROM_BORDER = 30;
/** A pixel with a neighbour this different (RGB distance) is on an edge. */
const EDGE = 24;
/** Border colours are sampled every this many pixels along the edge. */
const BORDER_STEP = 1;
/** Edge pixels this close (thumbnail pixels) belong to one object. */
const GAP = 2;
/** A region this wide and this high (share of the image) is the whole photo, not a subject. */
const ALL_OVER = 0.8;
/** The box found is grown by this share of the image on each side. */
export const SUBJECT_PAD = 0.03;

/**
 * The subject's box as fractions of the image (0..1), from RGBA pixels w x h; null when nothing
 * stands out (a plain texture or a photo that is all subject).
 */
export function subjectBox(px: Uint8ClampedArray, w: number, h: number): Box | null {
  const at = (x: number, y: number) => (y * w + x) * 4;
  // Squared RGB distances in integers; Math.hypot (the measure the thresholds were set in) only
  // where the squared distance is the threshold's square exactly, where its rounding decides
  // (hypot(22, 20, 4) < 30): the same answers at a fraction of the CPU (docs/rendering.md, issue 29).
  const within = (i: number, j: number, t: number) => {
    const [dr, dg, db] = [px[i]! - px[j]!, px[i + 1]! - px[j + 1]!, px[i + 2]! - px[j + 2]!];
    const s = dr * dr + dg * dg + db * db;
    return s < t * t || (s === t * t && Math.hypot(dr, dg, db) < t);
  };
  // The border's colours, each once (a plain backdrop is a handful of them).
  const seenColour = new Set<number>();
  const border: number[] = [];
  const addBorder = (i: number) => {
    const c = (px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!;
    if (!seenColour.has(c)) {
      seenColour.add(c);
      border.push(i);
    }
  };
  for (let x = 0; x < w; x += BORDER_STEP) {
    addBorder(at(x, 0));
    addBorder(at(x, h - 1));
  }
  for (let y = 0; y < h; y += BORDER_STEP) {
    addBorder(at(0, y));
    addBorder(at(w - 1, y));
  }
  // Near every border colour: backdrop. Far from them all and near an edge: subject.
  const far = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = at(x, y);
      let isFar = 1;
      for (const j of border)
        if (within(i, j, FAR_FROM_BORDER)) {
          isFar = 0;
          break;
        }
      far[y * w + x] = isFar;
    }
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!far[y * w + x]) continue;
      const i = at(x, y);
      let edge = false;
      for (let dy = -1; dy <= 1 && !edge; dy++)
        for (let dx = -1; dx <= 1 && !edge; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && !within(i, at(nx, ny), EDGE)) edge = true;
        }
      // Only edges count: a smooth far area (a glow of light, a wall in shade) is no subject.
      mask[y * w + x] = edge ? 2 : 0;
    }
  // Connected regions of far pixels (8-connected); a region counts by its edge pixels.
  const seen = new Uint8Array(w * h);
  let best: { edges: number; x0: number; y0: number; x1: number; y1: number } | null = null;
  const stack: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (!mask[s] || seen[s]) continue;
    const r = { edges: 0, x0: w, y0: h, x1: -1, y1: -1 };
    seen[s] = 1;
    stack.push(s);
    while (stack.length) {
      const p = stack.pop()!;
      const [x, y] = [p % w, Math.floor(p / w)];
      if (mask[p] === 2) r.edges++;
      r.x0 = Math.min(r.x0, x); r.y0 = Math.min(r.y0, y); r.x1 = Math.max(r.x1, x); r.y1 = Math.max(r.y1, y);
      // Edges up to GAP pixels apart are one object (a thin arm between a shade and a base).
      for (let dy = -GAP; dy <= GAP; dy++)
        for (let dx = -GAP; dx <= GAP; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const q = ny * w + nx;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && mask[q] && !seen[q]) { seen[q] = 1; stack.push(q); }
        }
    }
    if (!best || r.edges > best.edges) best = r;
  }
  if (!best || best.edges < 4) return null;
  // Grown by SUBJECT_PAD (within the image): a part like the border's colours (a dark base on a
  // dark floor) lies just past the edges found.
  const [x0, y0] = [Math.max(0, best.x0 / w - SUBJECT_PAD), Math.max(0, best.y0 / h - SUBJECT_PAD)];
  const [x1, y1] = [Math.min(1, (best.x1 + 1) / w + SUBJECT_PAD), Math.min(1, (best.y1 + 1) / h + SUBJECT_PAD)];
  const box = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  // Edges everywhere (a busy photo, a texture): no one subject a crop could keep whole.
  return box.w >= ALL_OVER && box.h >= ALL_OVER ? null : box;
}
