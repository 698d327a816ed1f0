/**
 * Detail views (pure; docs/rendering.md "No empty frames"): a thin product — as large as the
 * frame's height allows for its shape (ImageFrame.limited 'shape': a bottle in a 16:9 or 1:1
 * frame) — covers 8–15 % of a wide frame, and between caption pages nothing else stands on its
 * plate. Beside it, on the plate, the frame shows a second view of the same product: a close-up
 * of its middle (the label), DETAIL_ZOOM times as large as the product is drawn, on a card.
 * Real content of the product, not a box grown to count: the renderer draws the crop of the
 * product's own pixels (render/media-layer.ts).
 *
 * Where: a full-bleed layout (Spotlight, Voice Over), in each scene that shows a thin product
 * whole (cut-out, alpha, contained); on the side of the product with more room (the right on a
 * tie, away from the text slots), clear of the product's largest Ken Burns move, inside the safe
 * area, on the plate's height and above the captions band. The layout step keeps text off it.
 * None where the room beside the product holds less than DETAIL_MIN of the frame's height, or
 * the product's pixels would show at more than MAX_UPSCALE in it.
 */
import type { Box } from '../templates/types.ts';
import { sceneFrame, type ImageFrame } from './media-frame.ts';
import { KEN_BURNS_DRIFT, MAX_KEN_BURNS_SCALE } from './motion.ts';
import { intersects, MAX_UPSCALE } from './rules.ts';
import type { DetailView, Scene, Shape, Timeline } from './types.ts';

/** The close-up at most this many times the product's drawn size (a 3x detail reads as the label). */
export const DETAIL_ZOOM = 3;
/** …and at least this much (less is the same picture twice). */
export const DETAIL_MIN_ZOOM = 1.4;
/** The detail's side at least this share of the frame's height. */
export const DETAIL_MIN = 0.22;
/** Gap between the detail and the product's largest extent, and to the captions (share of the frame's shorter side). */
export const DETAIL_GAP = 0.03;
/**
 * Where the close-up is centred down the product: a little under the middle, where a bottle's or
 * a jar's label sits (sharp's attention point, tried, picked a plain product's shoulders: edges).
 */
export const LABEL_Y = 0.6;

const THIN: readonly ImageFrame['treatment'][] = ['cutout', 'alpha', 'contain'];

export interface DetailInput {
  media: Timeline['media'];
  scenes: readonly Scene[];
  images: readonly (ImageFrame | null)[];
  width: number;
  height: number;
  safeArea: Box;
  /** The captions band when captions show (the detail stays above it). */
  captions: Box | null;
  /** The plates (plates.ts): the detail stands on its scene's plate. */
  plates: readonly Shape[];
  /** The presenter's drawn box (an inset), kept clear. */
  presenter: Box | null;
}

export function productDetails(p: DetailInput): DetailView[] {
  const m = p.media;
  if (!m || m.frame !== 'none' || m.motion === 'carousel') return [];
  const b = m.box;
  if (!(b.x <= 0 && b.y <= 0 && b.x + b.w >= p.width && b.y + b.h >= p.height)) return [];
  const out: DetailView[] = [];
  for (const s of p.scenes) {
    if (!s.showMedia || s.media.kind !== 'image') continue;
    const f = sceneFrame(p.images, s);
    if (!f || f.limited !== 'shape' || !THIN.includes(f.treatment)) continue;
    const plate = p.plates.find((x) => x.role === 'plate' && x.startMs === s.startMs)?.box ?? m.stage;
    const box = placeDetail(f, plate, p);
    if (box) out.push({ image: s.media.index, ...box, startMs: s.startMs, endMs: s.endMs });
  }
  return out;
}

function placeDetail(f: ImageFrame, plate: Box, p: DetailInput): { box: Box; crop: Box } | null {
  const c = f.content;
  const gap = DETAIL_GAP * Math.min(p.width, p.height);
  // Clear of the product at its move's largest zoom and furthest drift.
  const reach = ((MAX_KEN_BURNS_SCALE - 1) / 2) * c.w + KEN_BURNS_DRIFT * p.width + gap;
  const safe = p.safeArea;
  const top = Math.max(safe.y, plate.y + gap);
  const bottom = Math.min(safe.y + safe.h, plate.y + plate.h - gap, p.captions && p.captions.y > c.y + c.h / 2 - 1 ? p.captions.y - gap : Infinity);
  const sides = [
    { x0: c.x + c.w + reach, x1: safe.x + safe.w },
    { x0: safe.x, x1: c.x - reach },
  ];
  // The right first (the text slots are on the left), unless the left has clearly more room.
  if (sides[1]!.x1 - sides[1]!.x0 > 1.1 * (sides[0]!.x1 - sides[0]!.x0)) sides.reverse();
  // The close-up is the product's full width (its label across it), DETAIL_ZOOM times as wide
  // as it is drawn at most, and never past MAX_UPSCALE of the image's own pixels.
  const trim = f.trim ?? { x: 0, y: 0, w: 1, h: 1 };
  const most = Math.min(DETAIL_ZOOM * c.w, MAX_UPSCALE * trim.w * f.source.width);
  for (const side of sides) {
    const size = Math.min(side.x1 - side.x0, bottom - top, most);
    if (size < DETAIL_MIN * p.height || size < DETAIL_MIN_ZOOM * c.w) continue;
    const x = side.x0 < c.x ? side.x1 - size : side.x0;
    const labelY = c.y + c.h * LABEL_Y;
    const y = Math.min(Math.max(labelY - size / 2, top), bottom - size);
    const box = { x, y, w: size, h: size };
    if (p.presenter && intersects(box, p.presenter)) continue;
    // A square window the product's width, around its label.
    const ch = Math.min(trim.h, (c.w / c.h) * trim.h);
    const cy = Math.min(Math.max(trim.y + trim.h * LABEL_Y, trim.y + ch / 2), trim.y + trim.h - ch / 2);
    return { box, crop: { x: trim.x, y: cy - ch / 2, w: trim.w, h: ch } };
  }
  return null;
}
