/**
 * What the captions are read on in each scene that shows a product image (docs/rendering.md
 * "Every text readable"): the frame drawn without its presenter and text — the base and the
 * scene's media, its plate and product at a few moments of its move — sampled under the captions
 * band (caption-layer.ts sampleSurfaces). A product or photo under a caption line is then known
 * colours rather than "not known": the words' ink (templates/caption-ink.ts) is chosen to read on
 * them, or they sit on the dark band. A dark bottle under Clean Minimal's ink words on yellow
 * (bench #44: 1.4:1) puts them on the band.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Timeline } from '../timeline/types.ts';
import { sampleSurfaces } from './caption-layer.ts';

/** Moments of a scene sampled (shares of its length): after its entrance, its middle, near its end (the move's extremes). */
const MOMENTS = [0.2, 0.5, 0.8, 0.97] as const;

/** Something that draws the scene's media at a time (render/media-layer.ts MediaLayer). */
export interface MediaDrawer {
  draw(ctx: ReturnType<Canvas['getContext']>, tMs: number): Promise<void>;
}

/**
 * The colours under the captions band per scene index (image scenes that show their media); none
 * when a scene shows a video clip (its decoders start at their scene, not here): those keep
 * the style's own colours.
 */
export async function mediaUnderCaptions(t: Pick<Timeline, 'width' | 'height' | 'scenes' | 'captionsBox' | 'media'>, base: Canvas, media: MediaDrawer): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!t.media || t.scenes.some((s) => s.media.kind === 'video')) return out;
  // Only the band is drawn: a canvas its size, the frame shifted onto it.
  const b = t.captionsBox;
  const [w, h] = [Math.max(1, Math.ceil(b.w)), Math.max(1, Math.ceil(b.h))];
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  for (const [i, s] of t.scenes.entries()) {
    if (!s.showMedia || s.media.kind !== 'image') continue;
    const seen = new Set<string>();
    for (const m of MOMENTS) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, w, h);
      ctx.translate(-b.x, -b.y);
      ctx.drawImage(base, 0, 0);
      await media.draw(ctx, s.startMs + (s.endMs - s.startMs) * m);
      for (const c of sampleSurfaces(ctx, { x: 0, y: 0, w: b.w, h: b.h })) seen.add(c);
    }
    out.set(i, [...seen]);
  }
  return out;
}
