/**
 * What the captions are read on in each scene that shows a product image (docs/rendering.md
 * "Every text readable"): the frame drawn without its presenter and text — the base and the
 * scene's media, its plate and product at a few moments of its move — sampled under the captions
 * band (caption-layer.ts sampleSurfaces). A product or photo under a caption line is then known
 * colours rather than "not known": the words' ink (templates/caption-ink.ts) is chosen to read on
 * them, or they sit on the dark band. A dark bottle under Clean Minimal's ink words on yellow
 * (bench #44: 1.4:1) puts them on the band.
 *
 * Sampled per scene when the render first reaches it (CaptionGround.scene, called by the
 * compositor before it draws a frame), not all before the first frame (issue 29: ~0.3 CPU s of
 * the e2e video's time before its first frame, while the encoder waited). The base under the band
 * is kept as a band-sized copy, so the frame-sized base can still be let go after prepare().
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Timeline } from '../timeline/types.ts';
import { sampleSurfaces } from './caption-layer.ts';

/** Moments of a scene sampled (shares of its length): after its entrance, its middle, near its end (the move's extremes). */
const MOMENTS = [0.2, 0.5, 0.8, 0.97] as const;

/** Something that draws the scene's media at a time (render/media-layer.ts MediaLayer). */
export interface MediaDrawer {
  draw(ctx: ReturnType<Canvas['getContext']>, tMs: number): Promise<void>;
}

type GroundTimeline = Pick<Timeline, 'width' | 'height' | 'scenes' | 'captionsBox' | 'media'>;

/**
 * The colours under the captions band per scene index (image scenes that show their media), each
 * sampled on first ask; none when a scene shows a video clip (its decoders start at their scene,
 * not here): those keep the style's own colours.
 */
export class CaptionGround {
  private readonly known = new Map<number, string[]>();
  private readonly band: { canvas: Canvas; ctx: SKRSContext2D; base: Canvas } | null;

  constructor(private readonly t: GroundTimeline, base: Canvas, private readonly media: MediaDrawer) {
    if (!t.media || t.scenes.some((s) => s.media.kind === 'video')) {
      this.band = null;
      return;
    }
    // Only the band is drawn: a canvas its size, the frame shifted onto it; the base under it drawn once.
    const b = t.captionsBox;
    const [w, h] = [Math.max(1, Math.ceil(b.w)), Math.max(1, Math.ceil(b.h))];
    const under = createCanvas(w, h);
    const uctx = under.getContext('2d');
    uctx.translate(-b.x, -b.y);
    uctx.drawImage(base, 0, 0);
    const canvas = createCanvas(w, h);
    this.band = { canvas, ctx: canvas.getContext('2d'), base: under };
  }

  /** Whether scene i has its colours sampled here (an image scene showing its media). */
  private sampled(i: number): boolean {
    const s = this.t.scenes[i];
    return !!this.band && !!s && s.showMedia && s.media.kind === 'image';
  }

  /** Samples scene i's ground if it has one and it is not known yet. */
  async scene(i: number): Promise<void> {
    if (!this.sampled(i) || this.known.has(i)) return;
    const { canvas, ctx, base } = this.band!;
    const s = this.t.scenes[i]!;
    const b = this.t.captionsBox;
    const seen = new Set<string>();
    for (const m of MOMENTS) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(base, 0, 0);
      ctx.translate(-b.x, -b.y);
      await this.media.draw(ctx, s.startMs + (s.endMs - s.startMs) * m);
      for (const c of sampleSurfaces(ctx, { x: 0, y: 0, w: b.w, h: b.h })) seen.add(c);
    }
    this.known.set(i, [...seen]);
  }

  /** Scene i's colours; undefined for a scene without a sampled ground. Asking before scene(i) is a bug. */
  colours(i: number): string[] | undefined {
    if (!this.sampled(i)) return undefined;
    const c = this.known.get(i);
    if (!c) throw new Error(`the captions' ground of scene ${i} was not sampled before it was used`);
    return c;
  }
}

/** Every scene's ground at once (the form before issue 29's lazy sampling; tests compare with it). */
export async function mediaUnderCaptions(t: GroundTimeline, base: Canvas, media: MediaDrawer): Promise<Map<number, string[]>> {
  const g = new CaptionGround(t, base, media);
  const out = new Map<number, string[]>();
  for (const [i] of t.scenes.entries()) {
    await g.scene(i);
    const c = g.colours(i);
    if (c) out.set(i, c);
  }
  return out;
}
