/**
 * Captions never cover the product shown whole (pure; docs/rendering.md "The product leads"):
 * in every scene that shows a product whole — cut out, alpha, or contained — the captions band
 * stays off its box (the trimmed product box for a cut-out or alpha image), with the scene's
 * Ken Burns move at its largest. A photo that covers its box or pans in a window is a backdrop
 * the captions may sit on (its middle is kept clear by `media-frame`).
 * Tag: `captions-product`.
 */
import { KEN_BURNS_DRIFT } from './motion.ts';
import { intersects } from './rules.ts';
import type { Box } from '../templates/types.ts';
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
    const f = t.images[s.media.index];
    if (!f || f.mode !== 'contain') continue;
    const moved = movedContent(t, f.content, s.motion);
    if (intersects(moved, band)) {
      const r = (b: Box) => `[${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}]`;
      out.push(`captions-product: the captions band ${r(band)} meets the product ${r(moved)} (image ${s.media.index}, scene at ${(s.startMs / 1000).toFixed(1)} s)`);
    }
  }
  return [...new Set(out)];
}
