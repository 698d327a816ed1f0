/** Seeded randomness, easing and Ken Burns geometry shared by the timeline and the renderer (pure). */
import type { Box } from '../templates/types.ts';
import type { KenBurns } from './types.ts';

import { mulberry32 as rng } from '../../lib/random.ts';

export { rng };

/** FNV-1a hash of a string, for seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
export const easeInOut = (x: number): number => {
  const t = clamp01(x);
  return t * t * (3 - 2 * t);
};
export const easeOutCubic = (x: number): number => 1 - Math.pow(1 - clamp01(x), 3);
export const easeOutBack = (x: number): number => {
  const t = clamp01(x);
  const c1 = 1.4;
  return 1 + (c1 + 1) * Math.pow(t - 1, 3) + c1 * Math.pow(t - 1, 2);
};

/**
 * A Ken Burns move for a scene of the given length: half the scenes zoom in or out by up to ~12%
 * with a drifting focus, the others pan across the image from one side to the other.
 */
export function kenBurnsFor(seed: number, durationMs: number): KenBurns {
  const r = rng(seed);
  const amount = Math.min(0.12, 0.04 + 0.016 * (durationMs / 1000));
  const kind = r() < 0.5 ? 'zoom' : 'pan';
  const zoomIn = r() < 0.6;
  const pick = () => (r() * 2 - 1) * 0.7;
  const [fx, fy, tx, ty] = [pick(), pick(), pick(), pick()];
  if (kind === 'pan') {
    // From one side to the other along a random direction, at the closest scale.
    const a = r() * Math.PI * 2;
    const [dx, dy] = [Math.cos(a), Math.sin(a)];
    return { kind, fromScale: MAX_KEN_BURNS_SCALE, toScale: MAX_KEN_BURNS_SCALE, fromX: -dx, fromY: -dy, toX: dx, toY: dy };
  }
  return zoomIn
    ? { kind, fromScale: 1, toScale: 1 + amount, fromX: fx, fromY: fy, toX: tx, toY: ty }
    : { kind, fromScale: 1 + amount, toScale: 1, fromX: fx, fromY: fy, toX: tx, toY: ty };
}

/** No move: the media stand still (a template video's disable_moving). */
export const STILL: KenBurns = { kind: 'zoom', fromScale: 1, toScale: 1, fromX: 0, fromY: 0, toX: 0, toY: 0 };

/** The same move for every scene, nothing left to chance: a slow zoom in on the centre (disable_random_moving). */
export function steadyZoom(durationMs: number): KenBurns {
  const amount = Math.min(0.12, 0.04 + 0.016 * (durationMs / 1000));
  return { kind: 'zoom', fromScale: 1, toScale: 1 + amount, fromX: 0, fromY: 0, toX: 0, toY: 0 };
}

/**
 * How fast a pan may go: half a pixel a frame (15 px/s at 30 fps), so the image steps one whole
 * pixel every other frame at most and the frames in between repeat it, which the renderer only
 * redraws where something else moves (and x264 codes as skipped blocks).
 */
export const PAN_PX_PER_FRAME = 0.5;

/**
 * Where a pan is at frame k of n, as whole-pixel offsets into an image with (roomX, roomY)
 * pixels to spare around the box: a straight line at no more than PAN_PX_PER_FRAME along its
 * longer axis (so the motion is even), centred on the line between the move's two ends.
 */
export function panOffset(move: KenBurns, k: number, n: number, roomX: number, roomY: number): { x: number; y: number } {
  const x0 = (roomX / 2) * (1 + move.fromX);
  const y0 = (roomY / 2) * (1 + move.fromY);
  const x1 = (roomX / 2) * (1 + move.toX);
  const y1 = (roomY / 2) * (1 + move.toY);
  const len = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1e-9);
  const frames = Math.max(1, n - 1);
  // A hair under the cap, so rounding never skips a pixel.
  const span = Math.min(1, (frames * PAN_PX_PER_FRAME) / len) * 0.999999;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  // On twos: both axes step on the same (even) frames, so a diagonal pan also holds every other frame.
  const t = Math.min(Math.max(Math.floor(k / 2) * 2, 0), frames) / frames - 0.5;
  const clampTo = (v: number, max: number) => Math.min(Math.max(v, 0), Math.max(0, max));
  return { x: clampTo(Math.round(cx + (x1 - x0) * span * t), Math.floor(roomX)), y: clampTo(Math.round(cy + (y1 - y0) * span * t), Math.floor(roomY)) };
}

/** The largest scale a move reaches: how much bigger than its box an image must be prepared. */
export const MAX_KEN_BURNS_SCALE = 1.12;
/** How far a Ken Burns move's focus drifts each way, as a share of the media box (media-layer.ts). */
export const KEN_BURNS_DRIFT = 0.025;

/**
 * A move tamed so that a product of box `content`, drawn in a media box `box` (its drift is a
 * share of it), stays inside `room` at its largest and furthest: the zoom past 1 and the drift
 * are scaled by one factor q in [0, 1], the largest that fits on both axes (media-layer.ts
 * drawProduct draws content x scale, shifted by the drift).
 * `cover`: `content` is a cover photo's subject in the box (the window into the photo zooms and
 * drifts as kenBurnsSource moves it: coverReach); of the move, its mirror images and a zoom
 * about the subject, the one that keeps the most of its zoom (the move first among equals).
 */
export function fitMove(move: KenBurns, content: Box, room: Box, box: Box, cover = false): KenBurns {
  if (cover) {
    const [ux, uy] = [(content.x + content.w / 2 - box.x) / box.w, (content.y + content.h / 2 - box.y) / box.h];
    const about = { fromX: 2 * ux - 1, toX: 2 * ux - 1, fromY: 2 * uy - 1, toY: 2 * uy - 1 };
    const tries: KenBurns[] = [move, { ...move, fromX: -move.fromX, toX: -move.toX }, { ...move, fromY: -move.fromY, toY: -move.toY }, { ...move, fromX: -move.fromX, toX: -move.toX, fromY: -move.fromY, toY: -move.toY }, { ...move, kind: 'zoom', ...about }];
    let best: { move: KenBurns; q: number } | null = null;
    for (const m of tries) {
      const inside = (q: number) => boxInRoom(coverReach(tame(m, q), content, box), room);
      let q = 1;
      if (!inside(1)) {
        let [lo, hi] = [0, 1];
        for (let i = 0; i < 16; i++) { const mid = (lo + hi) / 2; if (inside(mid)) lo = mid; else hi = mid; }
        q = lo;
      }
      if (!best || q > best.q + 1e-6) best = { move: tame(m, q), q };
    }
    return best!.move;
  }
  const s = Math.max(move.fromScale, move.toScale) - 1;
  const q = Math.min(1, ...(['x', 'y'] as const).map((a) => {
    const [len, from, span, boxSpan] = a === 'x' ? [content.w, room.x, room.w, box.w] : [content.h, room.y, room.h, box.h];
    const c = (a === 'x' ? content.x : content.y) + len / 2;
    const half = Math.min(c - from, from + span - c);
    const f = a === 'x' ? Math.max(Math.abs(move.fromX), Math.abs(move.toX)) : Math.max(Math.abs(move.fromY), Math.abs(move.toY));
    const grow = (len / 2) * s + f * KEN_BURNS_DRIFT * boxSpan;
    return grow > 1e-9 ? Math.max(0, (half - len / 2) / grow) : 1;
  }));
  return tame(move, q);
}

/**
 * A move with its zoom past 1 and its drift scaled by q. A pan draws a product shown whole at the
 * full MAX_KEN_BURNS_SCALE (media-layer.ts drawProduct): tamed, it holds its tamed scale as a zoom
 * that does not change, drifting as the pan went.
 */
function tame(move: KenBurns, q: number): KenBurns {
  if (q >= 1) return move;
  return { ...move, kind: 'zoom', fromScale: 1 + (move.fromScale - 1) * q, toScale: 1 + (move.toScale - 1) * q, fromX: move.fromX * q, fromY: move.fromY * q, toX: move.toX * q, toY: move.toY * q };
}

const boxInRoom = (b: Box, r: Box) => b.x >= r.x - 0.5 && b.y >= r.y - 0.5 && b.x + b.w <= r.x + r.w + 0.5 && b.y + b.h <= r.y + r.h + 0.5;

/**
 * Where a part `sub` (frame pixels, at rest) of a photo covering `box` reaches over a move: the
 * union of its boxes along the move (kenBurnsSource's window: at scale s and focus f the box
 * shows the photo's part from (1 - 1/s)(1 + f)/2 of its width, 1/s wide).
 */
export function coverReach(move: KenBurns, sub: Box, box: Box): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i <= 20; i++) {
    const e = i / 20;
    const s = move.fromScale + (move.toScale - move.fromScale) * e;
    const fx = move.fromX + (move.toX - move.fromX) * e;
    const fy = move.fromY + (move.toY - move.fromY) * e;
    const v = (u: number, f: number) => s * u - ((s - 1) / 2) * (1 + f);
    const [ax, bx] = [v((sub.x - box.x) / box.w, fx), v((sub.x + sub.w - box.x) / box.w, fx)];
    const [ay, by] = [v((sub.y - box.y) / box.h, fy), v((sub.y + sub.h - box.y) / box.h, fy)];
    x0 = Math.min(x0, box.x + ax * box.w); x1 = Math.max(x1, box.x + bx * box.w);
    y0 = Math.min(y0, box.y + ay * box.h); y1 = Math.max(y1, box.y + by * box.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * Source rectangle (in the image's pixels) to draw into a box at progress p of a move, for an
 * image already prepared to cover the box at scale 1 (imgW x imgH >= box aspect-cropped).
 */
export function kenBurnsSource(move: KenBurns, p: number, imgW: number, imgH: number, boxW: number, boxH: number): Box {
  const e = easeInOut(p) * 0.6 + clamp01(p) * 0.4;
  const scale = move.fromScale + (move.toScale - move.fromScale) * e;
  const fx = move.fromX + (move.toX - move.fromX) * e;
  const fy = move.fromY + (move.toY - move.fromY) * e;
  // The region of the image that covers the box at scale 1.
  const cover = Math.max(boxW / imgW, boxH / imgH);
  const w = boxW / cover / scale;
  const h = boxH / cover / scale;
  const x = (imgW - w) / 2 + ((imgW - w) / 2) * fx;
  const y = (imgH - h) / 2 + ((imgH - h) / 2) * fy;
  return { x, y, w, h };
}
