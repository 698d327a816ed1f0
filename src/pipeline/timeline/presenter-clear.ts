/**
 * The presenter never covers the product (pure; docs/rendering.md "The product leads"): in a
 * template that is not presenter-led, the presenter's drawn box (an inset's card or circle, or a
 * full presenter within its panel) covers at most MAX_PRESENTER_OVER of the product's box in
 * every scene that shows it — the product's box at its scene move's largest zoom and furthest
 * drift (what the frames really show). A photo that fills the whole frame is the scene's backdrop
 * as much as its product: it is judged by its middle (the part text also keeps clear of).
 *
 * `presenterOverProduct` is the check (tests, bench:quality); `clearOfInset` is the layout's
 * answer for an inset presenter (Spotlight): the product moves to the side of the card it can
 * stand on at its size (below, beside), else shrinks there while it still covers its share
 * target; its room (ImageFrame.room) is that side, so its move is tamed to stay clear.
 */
import { boxInside } from '../templates/safe-area.ts';
import type { Box } from '../templates/types.ts';
import { cutoutArea, panTravel, sceneFrame, type ImageFrame } from './media-frame.ts';
import { KEN_BURNS_DRIFT } from './motion.ts';
import { presenterDrawnBox } from './presenter.ts';
import { presenterLed } from './product-share.ts';
import { contentHeart, intersection, intersects } from './rules.ts';
import type { KenBurns, Timeline } from './types.ts';

/** The most of the product's box the presenter may cover (a shadow's or an edge's overlap). */
export const MAX_PRESENTER_OVER = 0.03;
/** The gap kept between an inset and a product moved clear of it (share of the frame's shorter side). */
export const PRESENTER_GAP = 0.02;

const area = (b: Box | null) => (b ? b.w * b.h : 0);

/** Whether a box fills the whole frame (a photo that is the scene's backdrop). */
const fillsFrame = (b: Box, width: number, height: number) => b.x <= 0.5 && b.y <= 0.5 && b.x + b.w >= width - 0.5 && b.y + b.h >= height - 0.5;

/**
 * The product's box at its largest in a scene: a product shown whole (contain, cut-out, alpha,
 * blur-extend) grows with its move's zoom about its centre and drifts with its focus (as the
 * media layer draws it); a photo covering its box or panning in a window stays in that box.
 */
export function productReach(content: Box, frame: ImageFrame | null, move: KenBurns, mediaBox: Box): Box {
  if (!frame || frame.mode !== 'contain') return content;
  const s = Math.max(move.fromScale, move.toScale) - 1;
  const gx = (content.w / 2) * s + Math.max(Math.abs(move.fromX), Math.abs(move.toX)) * KEN_BURNS_DRIFT * mediaBox.w;
  const gy = (content.h / 2) * s + Math.max(Math.abs(move.fromY), Math.abs(move.toY)) * KEN_BURNS_DRIFT * mediaBox.h;
  return { x: content.x - gx, y: content.y - gy, w: content.w + 2 * gx, h: content.h + 2 * gy };
}

export interface PresenterOver {
  startMs: number;
  endMs: number;
  image: number | null;
  /** Share of the product's box the presenter covers. */
  share: number;
}

/** How much of the product's box the presenter covers, per scene that shows the product (empty when presenter-led or no presenter). */
export function presenterOverProduct(t: Timeline): PresenterOver[] {
  const p = t.presenter ? presenterDrawnBox(t.presenter) : null;
  if (!p || !t.media || presenterLed(t.layout, true)) return [];
  const frame = { x: 0, y: 0, w: t.width, h: t.height };
  const out: PresenterOver[] = [];
  for (const s of t.scenes) {
    if (!s.showMedia || s.media.kind === 'art') continue;
    const image = s.media.kind === 'image' ? s.media.index : null;
    const f = sceneFrame(t.images, s);
    const content = f?.content ?? t.media.box;
    const reach = intersection(productReach(content, f, s.motion, t.media.box), frame);
    if (!reach) continue;
    const judged = fillsFrame(reach, t.width, t.height) ? contentHeart(reach) : reach;
    out.push({ startMs: s.startMs, endMs: s.endMs, image, share: area(intersection(judged, p)) / area(judged) });
  }
  return out;
}

/** Tagged `presenter-product` violations: one per scene whose product the presenter covers by more than MAX_PRESENTER_OVER. */
export function presenterOverProductViolations(t: Timeline): string[] {
  return presenterOverProduct(t)
    .filter((o) => o.share > MAX_PRESENTER_OVER + 1e-9)
    .map((o) => `presenter-product: the presenter covers ${(o.share * 100).toFixed(1)} % of the product (${o.image === null ? 'clip' : `image ${o.image}`}) in the scene at ${(o.startMs / 1000).toFixed(1)} s, over ${MAX_PRESENTER_OVER * 100} %`);
}

export interface ClearContext {
  width: number;
  height: number;
  safeArea: Box;
  /** The captions band's slot, when captions show: a moved product keeps its middle clear of it. */
  captions: Box | null;
  /** Share of the frame the product should cover (productShareTarget). */
  target: number;
}

/** Room for the largest move (media-layer.ts): a zoom to 1.12 about the centre and a 2.5 % drift of the frame. */
const MOVE_ROOM = (len: number, side: number) => len * 0.06 + side * KEN_BURNS_DRIFT;

/**
 * An image's frame moved clear of an inset presenter (`inset`: its card or circle), when it
 * meets it: among the four sides of the inset (grown by PRESENTER_GAP), the one where the product
 * keeps its size with the least move (its middle in the safe area and clear of the captions
 * band; with room for its move when there is, else flush and its move tamed), else the one where
 * it shrinks least (a pan: its window made shorter) while it still covers `target` of the frame.
 * A photo that fills the frame or covers a card is left as it is (judged by its middle).
 */
export function clearOfInset(f: ImageFrame | null, inset: Box, c: ClearContext): ImageFrame | null {
  if (!f || f.treatment === 'cover' || fillsFrame(f.content, c.width, c.height)) return f;
  // A product shown whole kept in a room (clear of the captions band, its headroom) moves within
  // it; where no side of the inset in it holds the product at its share, anywhere clear of the inset.
  const keep = f.mode === 'contain' ? f.room : undefined;
  // A cut-out that no side holds at its share stands where it is largest (limited), in its room first.
  return (
    (keep && clearIn(f, inset, c, keep, false)) ??
    clearIn(f, inset, c, undefined, false) ??
    (f.cutout ? ((keep && clearIn(f, inset, c, keep, true)) ?? clearIn(f, inset, c, undefined, true)) : null) ??
    f
  );
}

function clearIn(f: ImageFrame, inset: Box, c: ClearContext, keep: Box | undefined, limit: boolean): ImageFrame | null {
  // A cut-out keeps its margin from the frame's edges on whichever side of the inset it moves to.
  const frameBox = f.cutout ? cutoutArea(c.width, c.height) : { x: 0, y: 0, w: c.width, h: c.height };
  const g = PRESENTER_GAP * Math.min(c.width, c.height);
  const reach = f.mode === 'contain' ? grow(f.content, MOVE_ROOM(f.content.w, c.width), MOVE_ROOM(f.content.h, c.height)) : f.content;
  if (area(intersection(reach, inset)) <= MAX_PRESENTER_OVER * area(reach)) return f;
  const sides: Box[] = [
    { x: 0, y: inset.y + inset.h + g, w: c.width, h: c.height - (inset.y + inset.h + g) },
    { x: 0, y: 0, w: c.width, h: inset.y - g },
    { x: 0, y: 0, w: inset.x - g, h: c.height },
    { x: inset.x + inset.w + g, y: 0, w: c.width - (inset.x + inset.w + g), h: c.height },
  ].map((r) => intersection(r, frameBox)).map((r) => (r && keep ? intersection(r, keep) : r)).filter((r): r is Box => !!r);
  // A panning photo is a backdrop the captions would read poorly on: its window keeps above the
  // captions band, where a side holds it there (#16).
  const cap = c.captions;
  const above = !limit && f.treatment === 'pan' && cap ? sides.map((r) => (r.y < cap.y && r.y + r.h > cap.y ? { ...r, h: cap.y - r.y } : r)) : null;
  const cx = f.content.x + f.content.w / 2;
  const cy = f.content.y + f.content.h / 2;
  let best: { frame: ImageFrame; cost: number } | null = null;
  // At its share target; with `limit` (where no side holds it at its target: an inset whose face
  // is at the minimum size beside a tall name, bench #16), a cut-out on the side where it is
  // largest, noted `limited: 'inset'` — the presenter never covers the product.
  const target = limit ? 0 : c.target;
  for (const rooms of [...(above ? [above] : []), sides]) {
    for (const room of rooms)
      for (const shrink of target ? SHRINKS : INSET_SHRINKS) {
        const size = fitIn(f, room, { ...c, target }, shrink);
        if (!size) break;
        const placed = placeIn(f, size, room, c, inset);
        if (!placed) continue;
        const cost = (1 - (size.w * size.h) / (f.content.w * f.content.h)) * 1e6 + Math.hypot(placed.x + size.w / 2 - cx, placed.y + size.h / 2 - cy);
        if (!best || cost < best.cost) {
          const limited = target === 0 && (size.w * size.h) / (c.width * c.height) < c.target - 1e-9 ? { limited: 'inset' as const } : {};
          best = { cost, frame: { ...f, content: { ...placed, w: size.w, h: size.h }, ...(size.pan ? { pan: size.pan } : {}), ...(f.mode === 'contain' ? { room } : {}), ...limited } };
        }
        break;
      }
    if (best) break;
  }
  return best?.frame ?? null;
}

/** Without its share target: the sizes tried down to half the largest that fits a side (its middle then clear of the captions). */
const INSET_SHRINKS = [1, 0.94, 0.88, 0.82, 0.76, 0.7, 0.64, 0.58, 0.52] as const;

/** Sizes tried in a room, as a share of the largest that fits it: the product a little smaller when its middle would meet the captions. */
const SHRINKS = [1, 0.97, 0.94, 0.91, 0.88, 0.85] as const;

/**
 * The product's size in a room, times `shrink`: as it is when it fits; a product shown whole
 * scaled down, a pan's window made shorter across its move (its image with it, still longer than
 * the window), while the product covers `target` of the frame; null when it cannot.
 */
function fitIn(f: ImageFrame, room: Box, c: ClearContext, shrink: number): { w: number; h: number; pan?: ImageFrame['pan'] } | null {
  const { w, h } = f.content;
  const enough = (a: number) => a / (c.width * c.height) >= c.target - 1e-9;
  if (f.treatment === 'pan' && f.pan) {
    const x = f.pan.axis === 'x';
    if ((x ? w : h) > (x ? room.w : room.h) + 1e-6) return null;
    const cross = Math.min(x ? h : w, x ? room.h : room.w) * shrink;
    const k = cross / (x ? h : w);
    if (k >= 1 - 1e-9) return { w, h };
    const p = f.pan.product;
    const drawn = (x ? f.pan.width : f.pan.height) * k;
    // Its travel anew: the image is shorter against the same window (media-frame.ts panTravel).
    const pan = { ...f.pan, width: f.pan.width * k, height: f.pan.height * k, ...panTravel(drawn, x ? w : h, p && (x ? [p.x, p.x + p.w] : [p.y, p.y + p.h])) };
    if ((x ? pan.width : pan.height) < (x ? w : h) || !enough(x ? w * cross : cross * h)) return null;
    return x ? { w, h: cross, pan } : { w: cross, h, pan };
  }
  const k = Math.min(1, room.w / w, room.h / h) * shrink;
  return k >= 1 - 1e-9 ? { w, h } : enough(w * h * k * k) ? { w: w * k, h: h * k } : null;
}

/**
 * Where a product of `size` stands in a room: as near its place as it can, with room for its
 * move when there is (else flush, its move tamed); its middle in the safe area and clear of the
 * captions band. Null when no such place.
 */
function placeIn(f: ImageFrame, size: { w: number; h: number }, room: Box, c: ClearContext, inset: Box): { x: number; y: number } | null {
  const { w, h } = size;
  const cx = f.content.x + f.content.w / 2;
  const cy = f.content.y + f.content.h / 2;
  for (const margin of [true, false]) {
    const mx = margin && f.mode === 'contain' ? Math.min(MOVE_ROOM(w, c.width), (room.w - w) / 2) : 0;
    const my = margin && f.mode === 'contain' ? Math.min(MOVE_ROOM(h, c.height), (room.h - h) / 2) : 0;
    // Beside the inset (a room left or right of it), the product stands against the safe area's
    // far edge: the column between it and the inset's side stays whole for the texts (#44).
    const far = room.x + room.w <= inset.x + 0.5 ? Math.max(room.x + mx, c.safeArea.x) : room.x >= inset.x + inset.w - 0.5 ? Math.min(room.x + room.w - w - mx, c.safeArea.x + c.safeArea.w - w) : cx - w / 2;
    const x = clamp(far, room.x + mx, room.x + room.w - w - mx);
    const y = clamp(cy - h / 2, room.y + my, room.y + room.h - h - my);
    const heart = contentHeart({ x, y, w, h });
    if (boxInside(heart, c.safeArea) && !(c.captions && intersects(heart, c.captions))) return { x, y };
  }
  return null;
}

const clamp = (v: number, lo: number, hi: number) => (hi < lo ? (lo + hi) / 2 : Math.min(Math.max(v, lo), hi));
const grow = (b: Box, dx: number, dy: number): Box => ({ x: b.x - dx, y: b.y - dy, w: b.w + 2 * dx, h: b.h + 2 * dy });
