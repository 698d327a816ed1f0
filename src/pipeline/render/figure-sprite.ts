/**
 * The presenter's figure for a pose, painted into a transparent sprite clipped to the presenter's
 * shape (inset card or circle, or its panel), which the compositor blits at whole pixels.
 *
 * A painter with `passes` (the drawn figures) is painted in three passes: back (back hair), still
 * (the body at its breath lift, the arms when they rest) and front (gesturing arms, the head). The
 * still pass is kept as a clipped bitmap per stillKey (a handful of keys a video: 4 lifts, arms at
 * rest or not) and blitted between the other two, so a pose rasterises only its moving paths.
 * Each pass is drawn under the shape's clip, as the whole figure was: the sprite is the one
 * painting it whole gives, up to rounding where back hair shows through the still pass's
 * anti-aliased edges (PSNR > 55 dB; without back hair, equal). Painting the passes unclipped and
 * masking the shape once afterwards was measured and rejected: Skia anti-aliases path edges
 * differently without a clip (sprite PSNR 39 dB). Painters without passes (photo, video
 * presenters) are painted whole each pose. docs/rendering.md "The drawn presenter's cost".
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarPose } from '../avatar/avatar.types.ts';
import type { Box } from '../templates/types.ts';
import type { Presenter } from './avatar-adapter.ts';

/** The still bitmaps kept, at most (bytes): a 1080x1920 video's inset sprite is ~0.6 MB a key. */
export const STILL_CACHE_BYTES = 12 * 1024 * 1024;

export class FigureSprite {
  readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;
  /** The still passes kept, least recently used first. */
  private readonly stills = new Map<string, Canvas>();
  private pose = -1;
  /** Poses painted, still bitmaps reused and painted, bytes held (bench, tests). */
  readonly stats = { poses: 0, stillHits: 0, stillMisses: 0, bytes: 0 };

  /**
   * @param rect the whole-pixel part of the frame the sprite covers
   * @param box the presenter's box in the frame (its inset card or circle)
   * @param cacheStill keep still passes as bitmaps (false: paint every pass every pose; tests)
   */
  constructor(
    private readonly presenter: Presenter,
    readonly rect: Box,
    private readonly box: Box,
    private readonly cacheStill = true,
    private readonly maxBytes = STILL_CACHE_BYTES,
  ) {
    this.canvas = createCanvas(rect.w, rect.h);
    this.ctx = this.canvas.getContext('2d');
  }

  /** The sprite showing pose frame `pose` (the track's frame), painted unless it already does. */
  at(pose: number): Canvas {
    if (this.pose !== pose) {
      this.paint(this.presenter.track.poseAt(pose));
      this.pose = pose;
    }
    return this.canvas;
  }

  /** Runs `draw` on ctx (a sprite-sized canvas) in frame coordinates, clipped to the presenter's shape. */
  private clipped(ctx: SKRSContext2D, draw: () => void): void {
    const b = this.box;
    const pl = this.presenter.placement;
    ctx.save();
    ctx.translate(-this.rect.x, -this.rect.y);
    ctx.beginPath();
    if (pl.shape === 'circle') ctx.arc(b.x + b.w / 2, b.y + b.h / 2, Math.min(b.w, b.h) / 2, 0, Math.PI * 2);
    else if (pl.shape === 'round-rect') ctx.roundRect(b.x, b.y, b.w, b.h, Math.min(b.w, b.h) * 0.1);
    else ctx.rect(pl.clip.x, pl.clip.y, pl.clip.w, pl.clip.h);
    ctx.clip();
    draw();
    ctx.restore();
  }

  private paint(pose: AvatarPose): void {
    const { ctx } = this;
    const { painter, placement: pl } = this.presenter;
    this.stats.poses++;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const passes = this.cacheStill ? painter.passes?.(pose) : undefined;
    if (!passes) {
      this.clipped(ctx, () => painter.draw(ctx, pose, pl.x, pl.y));
      return;
    }
    if (passes.back) this.clipped(ctx, () => passes.back!(ctx, pl.x, pl.y));
    ctx.drawImage(this.still(passes.stillKey, (c) => this.clipped(c, () => passes.still(c, pl.x, pl.y))), 0, 0);
    this.clipped(ctx, () => passes.front(ctx, pl.x, pl.y));
  }

  /** The still pass for `key` as a clipped bitmap: kept, or painted and kept (least recently used dropped past maxBytes). */
  private still(key: string, draw: (ctx: SKRSContext2D) => void): Canvas {
    const kept = this.stills.get(key);
    if (kept) {
      this.stats.stillHits++;
      this.stills.delete(key);
      this.stills.set(key, kept);
      return kept;
    }
    this.stats.stillMisses++;
    const canvas = createCanvas(this.canvas.width, this.canvas.height);
    draw(canvas.getContext('2d'));
    const bytes = canvas.width * canvas.height * 4;
    this.stills.set(key, canvas);
    this.stats.bytes += bytes;
    for (const [k] of this.stills) {
      if (this.stats.bytes <= this.maxBytes || this.stills.size <= 1) break;
      this.stills.delete(k);
      this.stats.bytes -= bytes;
    }
    return canvas;
  }
}
