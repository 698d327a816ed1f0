/**
 * The face box every layout keeps text off (issue 24, docs/avatars.md "Face box"): eyebrows to
 * chin, across the jaw, padded by 10 % of its size on each side. Photo and video presenters
 * compute it from their 68-point landmarks (face-api's iBUG order: jaw 0-16, brows 17-26, chin 8);
 * drawn presenters from their figure's geometry.
 */
import type { Rect } from './avatar.types.ts';

export type LandmarkPt = readonly [number, number];

/** Padding of the face box on each side, as a share of its width (left/right) or height (top/bottom). */
export const FACE_BOX_PAD = 0.1;

export function padFaceBox(inner: Rect, pad = FACE_BOX_PAD): Rect {
  const dx = inner.width * pad;
  const dy = inner.height * pad;
  return { x: inner.x - dx, y: inner.y - dy, width: inner.width + 2 * dx, height: inner.height + 2 * dy };
}

/** The padded face box of 68 landmarks (eyebrows 17-26 to the chin, jaw 0-16 across). */
export function faceBoxFromLandmarks(pts: readonly LandmarkPt[]): Rect {
  if (pts.length < 68) throw new Error(`faceBoxFromLandmarks: 68 landmarks expected, got ${pts.length}`);
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let i = 0; i <= 26; i++) {
    const [x, y] = pts[i]!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return padFaceBox({ x: minX, y: minY, width: maxX - minX, height: maxY - minY });
}

/** Whether two boxes overlap (touching edges do not count). */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The whole-pixel box around `points`, grown by `pad` on each side. */
export function pointsBox(points: readonly LandmarkPt[], pad = 0): Rect {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.floor(Math.min(...xs) - pad);
  const y = Math.floor(Math.min(...ys) - pad);
  return { x, y, width: Math.ceil(Math.max(...xs) + pad) - x, height: Math.ceil(Math.max(...ys) + pad) - y };
}
