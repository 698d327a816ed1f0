/**
 * A cut between two product scenes of which one at least floats (a cut-out standing on the
 * frame's own background, past its card: media-layer.ts `floats`). Such a scene has no ground of
 * its own, so nothing may be laid under the pair: before, the card's white back and the slide's
 * style-fill rectangle (near-black in Luxury Dark) flashed up for the length of every cut (issue 27,
 * bench #13 at 1.8 and 3.5 s). Here each scene keeps to its own part of the cut and brings its own
 * ground, if it has one (a card scene its card, clipped to it):
 * - push: both within the box's columns, moving left together;
 * - slide: the incoming one in from the right, the outgoing one left of its edge;
 * - wipe: the incoming one left of the sweeping edge, the outgoing one right of it;
 * - reveal: the incoming one inside the opening circle, the outgoing one outside it;
 * - zoom and crossfade: each scene on a layer of its own, the two added by the cut's progress
 *   (premultiplied: where one scene is empty the other fades over the background, where both
 *   paint they mix), then laid over the frame — exactly the blend of the two scenes as they stand.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { Box } from '../templates/types.ts';

export type FloatCutKind = 'push' | 'slide' | 'wipe' | 'reveal' | 'zoom' | 'crossfade';

export interface FloatCut {
  kind: FloatCutKind;
  /** Eased progress of the cut, 0..1. */
  e: number;
  /** The media box. */
  box: Box;
  width: number;
  height: number;
  /** Where a reveal opens. */
  centre: { x: number; y: number };
  /** Draws scene a (0) or b (1) with its own ground, in frame coordinates. */
  draw: (ctx: SKRSContext2D, which: 0 | 1) => Promise<void>;
  /** Two frame-sized canvases the owner keeps between frames, for the blend (zoom, crossfade). */
  layers: () => [Canvas, Canvas];
}

const columns = (ctx: SKRSContext2D, x0: number, x1: number, h: number) => ctx.rect(x0, 0, Math.max(0, x1 - x0), h);

export async function drawFloatCut(ctx: SKRSContext2D, c: FloatCut): Promise<void> {
  const { e, box: b, width: W, height: H } = c;
  /** One scene, kept to `clip` (frame coordinates, even-odd), shifted by dx. */
  const part = async (which: 0 | 1, clip: ((x: SKRSContext2D) => void) | null, dx = 0) => {
    ctx.save();
    if (clip) {
      ctx.beginPath();
      clip(ctx);
      ctx.clip('evenodd');
    }
    if (dx) ctx.translate(dx, 0);
    await c.draw(ctx, which);
    ctx.restore();
  };
  if (c.kind === 'push') {
    // Whole pixels, as the card push (copies, not resampled).
    const shift = Math.round(e * b.w);
    await part(0, (x) => columns(x, b.x, b.x + b.w, H), -shift);
    await part(1, (x) => columns(x, b.x, b.x + b.w, H), b.w - shift);
    return;
  }
  if (c.kind === 'slide') {
    const dx = Math.round((1 - e) * b.w);
    await part(0, (x) => columns(x, 0, b.x + dx, H));
    await part(1, (x) => columns(x, b.x + dx, b.x + b.w, H), dx);
    return;
  }
  if (c.kind === 'wipe') {
    const x = b.x + e * b.w;
    await part(0, (q) => columns(q, x, W, H));
    await part(1, (q) => columns(q, 0, x, H));
    return;
  }
  if (c.kind === 'reveal') {
    const { x: cx, y: cy } = c.centre;
    const r = Math.max(0.5, e * Math.hypot(Math.max(cx - b.x, b.x + b.w - cx), Math.max(cy - b.y, b.y + b.h - cy)));
    const circle = (q: SKRSContext2D) => q.arc(cx, cy, r, 0, Math.PI * 2);
    await part(0, (q) => {
      q.rect(0, 0, W, H);
      circle(q);
    });
    await part(1, circle);
    return;
  }
  // zoom (through) and crossfade: each scene on a layer of its own, then a · (1 - e) + b · e
  // (premultiplied, added), laid over the frame.
  const [la, lb] = c.layers();
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const zoom = c.kind === 'zoom';
  const onLayer = async (l: Canvas, which: 0 | 1, k: number) => {
    const lc = l.getContext('2d');
    lc.setTransform(1, 0, 0, 1, 0, 0);
    lc.globalCompositeOperation = 'source-over';
    lc.globalAlpha = 1;
    lc.clearRect(0, 0, W, H);
    lc.save();
    if (k !== 1) {
      lc.translate(cx, cy);
      lc.scale(k, k);
      lc.translate(-cx, -cy);
    }
    await c.draw(lc, which);
    lc.restore();
    return lc;
  };
  const ac = await onLayer(la, 0, zoom ? 1 + 0.22 * e : 1);
  await onLayer(lb, 1, zoom ? 1.12 - 0.12 * e : 1);
  ac.globalCompositeOperation = 'destination-in';
  ac.fillStyle = `rgba(0,0,0,${1 - e})`;
  ac.fillRect(0, 0, W, H);
  ac.globalCompositeOperation = 'lighter';
  ac.globalAlpha = e;
  ac.drawImage(lb, 0, 0);
  ac.globalCompositeOperation = 'source-over';
  ac.globalAlpha = 1;
  ctx.drawImage(la, 0, 0);
}
