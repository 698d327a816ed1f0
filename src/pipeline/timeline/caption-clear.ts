/**
 * Captions never cover the product shown whole (pure; docs/rendering.md "The product leads"):
 * in every scene that shows a product whole — cut out, alpha, or contained — the captions band
 * stays off its box (the trimmed product box for a cut-out or alpha image), with the scene's
 * Ken Burns move at its largest. A photo that covers its box or pans in a window is a backdrop
 * the captions may sit on (its middle is kept clear by `media-frame`).
 * Tag: `captions-product`.
 */
import { KEN_BURNS_DRIFT } from './motion.ts';
import { intersects, px, TEXT_PRODUCT_GAP } from './rules.ts';
import { sceneFrame, type ImageFrame } from './media-frame.ts';
import type { Box, TemplateLayout } from '../templates/types.ts';
import type { Timeline } from './types.ts';

/** The box a scene's product covers over its whole move (the largest zoom, the furthest drift). */
export function movedContent(t: Pick<Timeline, 'media'>, content: Box, motion: Timeline['scenes'][number]['motion']): Box {
  const box = t.media?.box ?? content;
  const scale = Math.max(1, motion.fromScale, motion.toScale);
  const dx = Math.max(Math.abs(motion.fromX), Math.abs(motion.toX)) * KEN_BURNS_DRIFT * box.w;
  const dy = Math.max(Math.abs(motion.fromY), Math.abs(motion.toY)) * KEN_BURNS_DRIFT * box.h;
  const [cx, cy] = [content.x + content.w / 2, content.y + content.h / 2];
  const [hw, hh] = [(content.w * scale) / 2 + dx, (content.h * scale) / 2 + dy];
  return { x: cx - hw, y: cy - hh, w: hw * 2, h: hh * 2 };
}

/** Scenes whose product shown whole meets the captions band, as tagged strings. */
export function captionsOverProduct(t: Timeline): string[] {
  if (!t.captions || !t.media) return [];
  const out: string[] = [];
  const band = t.captionsBox;
  for (const s of t.scenes) {
    if (!s.showMedia || s.media.kind !== 'image') continue;
    const f = sceneFrame(t.images, s);
    if (!f || f.mode !== 'contain') continue;
    const moved = movedContent(t, f.content, s.motion);
    if (intersects(moved, band)) {
      const r = (b: Box) => `[${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}]`;
      out.push(`captions-product: the captions band ${r(band)} meets the product ${r(moved)} (image ${s.media.index}, scene at ${(s.startMs / 1000).toFixed(1)} s)`);
    }
  }
  return [...new Set(out)];
}

/** A captions band narrowed beside a product is at least this share of the frame's width (Side by Side 9:16's columns: 0.5). */
export const MIN_BESIDE_BAND = 0.4;
/** The same, for a band ended by an inset presenter's card on the side away from the product (template 1 16:9: bench #108). */
export const MIN_INSET_BAND = 0.24;

/**
 * The layout with its captions band narrowed beside the product, when a product shown whole
 * kept clear of the band's slot (above, below or beside it: media-frame.ts roomsAround) stays
 * under its share target but stands larger in the whole room (a bottle the full height of a
 * full-bleed frame or of a card's floating room). The product keeps to its stage's side of the
 * frame (the left when the stage's middle is left of the frame's), the captions take the other
 * side, the product's column as wide as its whole-room size needs (with its move's room and
 * the text gap; `inset`: an inset presenter's card, which a product beside the band must not
 * meet either). The band is never narrower than MIN_BESIDE_BAND of the frame (a wider product is
 * held by its column), or MIN_INSET_BAND when the inset's card already ends it on the other side. Unchanged when no product needs it or when it would not show the
 * least-shown product larger.
 * `frameWith` frames the images in a layout (the timeline's mediaFraming).
 */
export function captionsBeside(
  l: TemplateLayout,
  frameWith: (l: TemplateLayout) => readonly (ImageFrame | null)[],
  usable: readonly number[],
  width: number,
  height: number,
  target: number,
  inset: Box | null = null,
): TemplateLayout {
  if (!l.media?.clearOfCaptions || usable.length === 0) return l;
  const frameArea = width * height;
  const clear = frameWith(l);
  const free = frameWith({ ...l, media: { ...l.media, clearOfCaptions: false } });
  const band = px(l.captions, width, height);
  const stage = px(l.media.stage ?? l.media.box, width, height);
  const productLeft = stage.x + stage.w / 2 < width / 2;
  const gap = TEXT_PRODUCT_GAP * Math.min(width, height);
  let edge = productLeft ? band.x : band.x + band.w;
  for (const i of usable) {
    const a = clear[i];
    const b = free[i];
    if (!a || !b || a.mode !== 'contain' || b.mode !== 'contain') continue;
    const sa = area(a.content) / frameArea;
    // Held under its share by the band, or standing beside it on the inset presenter's side.
    const small = sa < target - 1e-6 && area(b.content) > area(a.content) * 1.02;
    if (!small && !(inset && intersects(a.content, inset))) continue;
    // The product's column: its whole-room width with room to zoom (1.12) and drift, and the text gap.
    const need = b.content.w * 1.06 + 2 * KEN_BURNS_DRIFT * width + gap;
    const room = b.room ?? { x: 0, y: 0, w: width, h: height };
    edge = productLeft ? Math.max(edge, room.x + need) : Math.min(edge, room.x + room.w - need);
  }
  // Never narrower than MIN_BESIDE_BAND: a wider product is held by its column. A band already
  // ended by an inset presenter's card (the band left of it) may narrow to MIN_INSET_BAND.
  const ended = !!inset && band.x + band.w <= inset.x + 1 && productLeft;
  const least = (ended ? MIN_INSET_BAND : MIN_BESIDE_BAND) * width;
  const narrowed = productLeft
    ? { ...band, x: Math.min(Math.max(band.x, edge), band.x + band.w - least), w: 0 }
    : { ...band, w: Math.max(Math.min(band.w, edge - band.x), least) };
  if (productLeft) narrowed.w = band.x + band.w - narrowed.x;
  if (narrowed.w >= band.w - 0.5) return l;
  const beside: TemplateLayout = { ...l, captions: { x: narrowed.x / width, y: l.captions.y, w: narrowed.w / width, h: l.captions.h } };
  const moved = frameWith(beside);
  const [before, after] = [leastArea(clear, usable), leastArea(moved, usable)];
  const [metBefore, metAfter] = [meetsInset(clear, usable, inset), meetsInset(moved, usable, inset)];
  return (after > before * 1.02 && metAfter <= metBefore) || (metAfter < metBefore && after >= before * 0.98) ? beside : l;
}

const meetsInset = (frames: readonly (ImageFrame | null)[], usable: readonly number[], inset: Box | null): number =>
  inset ? usable.filter((i) => frames[i]?.mode === 'contain' && intersects(frames[i]!.content, inset)).length : 0;

const area = (b: Box): number => b.w * b.h;
const leastArea = (frames: readonly (ImageFrame | null)[], usable: readonly number[]): number => Math.min(...usable.map((i) => (frames[i] ? area(frames[i]!.content) : 0)));
