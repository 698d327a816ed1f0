/**
 * Cards, title, price and call to action never over a product shown whole, but as a sticker on its
 * edge (sticker.ts) where no spot is left (pure; docs/rendering.md
 * "The product leads", "Text keeps a gap from the product"). A product is shown whole when it is
 * cut out, an alpha image or a contained image (its trimmed box for the first two), or a
 * plain-backed photo drawn uncropped as a cover (its trimmed product box); each scene's box is
 * taken at its Ken Burns move's largest zoom and furthest drift (what the frames show), grown by
 * TEXT_PRODUCT_GAP of the frame's short side. A photo that covers its box, pans in a window or
 * sits full width over its blurred extension is the scene's backdrop: text keeps only its middle
 * clear (`media-frame`). The captions band is another rule's (caption-clear.ts).
 * Tag: `text-product`.
 */
import type { Box } from '../templates/types.ts';
import { sceneFrame, type ImageFrame } from './media-frame.ts';
import { productReach } from './presenter-clear.ts';
import { grow, intersection, intersects, TEXT_PRODUCT_GAP } from './rules.ts';
import { coveredShare, stickerAllowed } from './sticker.ts';
import type { Timeline } from './types.ts';

export interface ProductKeepOut {
  startMs: number;
  endMs: number;
  /** The product's box at its largest in the scene (not grown by the gap). */
  product: Box;
  /** What text keeps clear of: the product's box grown by the gap. */
  box: Box;
  image: number;
}

/** The product's own box at rest, when the frame shows it whole; null for a backdrop photo. */
export function wholeProductBox(f: ImageFrame | null | undefined): Box | null {
  if (!f) return null;
  // An alpha image whole in a carousel's card: its trimmed product inside it (ImageFrame.product).
  if (f.mode === 'contain' && (f.treatment === 'cutout' || f.treatment === 'alpha' || f.treatment === 'contain')) return f.product ?? f.content;
  return f.product ?? null;
}

/** The product's box at its largest over a scene's move (a cover's product zooms with its photo, clipped to it). */
function reachOf(f: ImageFrame, own: Box, motion: Timeline['scenes'][number]['motion'], mediaBox: Box): Box {
  if (f.mode === 'contain') return productReach(own, f, motion, mediaBox);
  const k = Math.max(1, motion.fromScale, motion.toScale) - 1;
  const c = f.content;
  const [cx, cy] = [c.x + c.w / 2, c.y + c.h / 2];
  const moved = { x: cx + (own.x - cx) * (1 + k), y: cy + (own.y - cy) * (1 + k), w: own.w * (1 + k), h: own.h * (1 + k) };
  return intersection(moved, c) ?? own;
}

/** Per scene that shows a product whole: where text may not go, and when. */
export function productKeepOuts(t: Pick<Timeline, 'media' | 'scenes' | 'images' | 'width' | 'height'>): ProductKeepOut[] {
  const out: ProductKeepOut[] = [];
  if (!t.media) return out;
  const frame = { x: 0, y: 0, w: t.width, h: t.height };
  const g = TEXT_PRODUCT_GAP * Math.min(t.width, t.height);
  for (const s of t.scenes) {
    if (!s.showMedia || s.media.kind !== 'image') continue;
    const f = sceneFrame(t.images, s);
    const own = wholeProductBox(f);
    if (!f || !own) continue;
    const product = intersection(reachOf(f, own, s.motion, t.media.box), frame);
    if (product) out.push({ startMs: s.startMs, endMs: s.endMs, product, box: grow(product, g, g, g, g), image: s.media.index });
  }
  return out;
}

const together = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) => a.startMs < b.endMs && b.startMs < a.endMs;
const r = (b: Box) => `[${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}]`;

/** A text within the gap of a product shown whole while both show (structured: text-room.ts poses the product from these). */
export interface TextProductHit {
  overlay: Timeline['overlays'][number];
  keepOut: ProductKeepOut;
  /** An allowed overlap (sticker.ts): on the product's edge, clear of its heart, a bounded share of it. */
  allowed: boolean;
}

/** Every overlay (card, title, subtitle, brand, price, call to action) within the gap of a product shown whole while both show, allowed or not. */
export function textProductOverlaps(t: Timeline): TextProductHit[] {
  const out: TextProductHit[] = [];
  for (const k of productKeepOuts(t))
    for (const o of t.overlays)
      if (together(o, k) && intersects(o.box, k.box)) out.push({ overlay: o, keepOut: k, allowed: stickerAllowed(o.box, k.product, { when: o, during: k, others: t.overlays.filter((x) => x !== o) }) });
  return out;
}

/** The overlaps the sticker rule does not allow (over the product's heart, or more of it than STICKER_SHARE). */
export function textProductHits(t: Timeline): TextProductHit[] {
  return textProductOverlaps(t).filter((h) => !h.allowed);
}

/** The overlays that sit on a product as allowed stickers (their pill drawn opaque). */
export function stickerIds(t: Timeline): Set<string> {
  const hits = textProductOverlaps(t);
  return new Set(hits.filter((h) => h.allowed && !hits.some((x) => !x.allowed && x.overlay.id === h.overlay.id)).map((h) => h.overlay.id));
}

/** The disallowed hits as tagged strings, one per text, product box and image (the scenes' times by the first). */
export function textProductViolations(t: Timeline): string[] {
  const out: string[] = [];
  for (const { overlay: o, keepOut: k } of textProductHits(t)) {
    const share = Math.round(coveredShare(o.box, k.product) * 100);
    out.push(`text-product: ${o.id} (${o.slot}) ${r(o.box)} within the gap of the product ${r(k.product)} (image ${k.image}, scene at ${(k.startMs / 1000).toFixed(1)} s; ${share} % of it)`);
  }
  return [...new Set(out)];
}
