/**
 * Platform safe areas: where text and faces stay visible under the apps' own UI.
 * 9:16 (TikTok, Reels, Shorts) keeps clear of the caption/description block at the bottom (20%),
 * the action buttons on the right (12%) and the top bar (10%); 16:9 and 1:1 keep a 5% margin.
 */
import type { AspectRatio, Box } from './types.ts';

export const SAFE_AREAS: Record<AspectRatio, Box> = {
  0: { x: 0.05, y: 0.1, w: 0.83, h: 0.7 },
  1: { x: 0.05, y: 0.05, w: 0.9, h: 0.9 },
  2: { x: 0.05, y: 0.05, w: 0.9, h: 0.9 },
};

const EPS = 1e-6;

/** Whether `inner` lies inside `outer` (both in the same units). */
export function boxInside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - EPS &&
    inner.y >= outer.y - EPS &&
    inner.x + inner.w <= outer.x + outer.w + EPS &&
    inner.y + inner.h <= outer.y + outer.h + EPS
  );
}

/** The safe area in pixels of a width x height frame. */
export function safeAreaPx(aspectRatio: AspectRatio, width: number, height: number): Box {
  const s = SAFE_AREAS[aspectRatio];
  return { x: s.x * width, y: s.y * height, w: s.w * width, h: s.h * height };
}
