/**
 * The photo presenter's face mesh: the 68 landmarks, forehead points above the brows and two
 * rings around the head, triangulated once (Delaunay) and displaced per frame from a pose:
 * - the jaw drops and the lower lip follows the mouth track's opening, up to a natural speaking
 *   jaw drop (MAX_DROP of the face); the chin and the flesh under it follow; closures (M B P) press
 *   lips parted in the photo shut; the mouth narrows or widens and rounds by the same shape
 *   numbers as the drawn presenters, eased over frames (pose.mouthShape, paint/mouth.ts);
 * - the upper eyelids slide down onto the lower ones for blinks; brows lift;
 * - the head turns and shifts a little about the neck, fading to nothing at the outer ring.
 * The outer ring never moves, so the warp is the identity at its edge: no tearing. Pure geometry.
 */
import Delaunator from 'delaunator';
import type { AvatarPose } from '../avatar.types.ts';
import { mouthShapeOf } from '../paint/mouth.ts';

export type Pt = [number, number];

export interface FaceMesh {
  /** Rest positions (landmarks 0..67, then forehead, inner ring, outer ring). */
  points: Pt[];
  /** Head-motion weight per point: 1 on the face, ½ on the inner ring, 0 on the outer ring. */
  weight: number[];
  /** Vertex indices, three per triangle. */
  triangles: Uint32Array;
  /** Triangles inside the inner lips (filled as the mouth's interior, not warped). */
  mouthInterior: Set<number>;
  /** Nose-bridge-to-chin length: the unit of every displacement. */
  faceH: number;
  /** Index of the inner ring's first point (its first nine follow the jaw, JAW_RING). */
  ringStart: number;
  /** Bounding box of the outer ring: nothing outside it is ever touched. */
  bounds: { x0: number; y0: number; x1: number; y1: number };
}

const INNER_LIPS = [60, 61, 62, 63, 64, 65, 66, 67];
const LOWER_INNER = [65, 66, 67];
const LOWER_OUTER = [55, 56, 57, 58, 59];
const JAW_DROP: Record<number, number> = { 3: 0.05, 4: 0.15, 5: 0.35, 6: 0.55, 7: 0.7, 8: 0.75, 9: 0.7, 10: 0.55, 11: 0.35, 12: 0.15, 13: 0.05 };
/** Share of its jaw landmark's move the inner ring's jaw point follows (the flesh under the jaw). */
export const RING_FOLLOW = 0.45;

/** The jaw landmark each of the inner ring's first nine points was made from (outline order). */
export const JAW_RING = [0, 2, 4, 6, 8, 10, 12, 14, 16];
/** Jaw drop per unit of mouthOpen, and its bound, in nose-bridge-to-chin lengths (a speaking jaw drop: ~1 cm on a 12 cm face). */
const OPEN_PER_UNIT = 0.13;
export const MAX_DROP = 0.1;

/** How far the jaw drops: per unit of mouthOpen and at most, in nose-bridge-to-chin lengths. */
export interface JawOpening {
  perUnit: number;
  max: number;
}
const PHOTO_OPENING: JawOpening = { perUnit: OPEN_PER_UNIT, max: MAX_DROP };

/** The gap between the inner lips' middles (62, 66). */
export const mouthGap = (p: readonly Pt[]): number => Math.hypot(p[66]![0] - p[62]![0], p[66]![1] - p[62]![1]);

const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
const len = (a: Pt) => Math.hypot(a[0], a[1]);

export function buildFaceMesh(landmarks: readonly Pt[]): FaceMesh {
  const lm = landmarks.map((p): Pt => [p[0], p[1]]);
  const faceH = len(sub(lm[8]!, lm[27]!));
  const up: Pt = [(lm[27]![0] - lm[8]![0]) / faceH, (lm[27]![1] - lm[8]![1]) / faceH];
  const centre = lm[29]!;
  const forehead = [17, 19, 21, 22, 24, 26].map((i): Pt => [lm[i]![0] + up[0] * faceH * 0.45, lm[i]![1] + up[1] * faceH * 0.45]);
  const outline = [...[0, 2, 4, 6, 8, 10, 12, 14, 16].map((i) => lm[i]!), ...forehead.slice().reverse()];
  const ring = (k: number) => outline.map((p): Pt => [centre[0] + (p[0] - centre[0]) * k, centre[1] + (p[1] - centre[1]) * k]);
  const inner = ring(1.35);
  const outer = ring(1.9);
  const points = [...lm, ...forehead, ...inner, ...outer];
  const weight = points.map((_, i) => (i < 68 + forehead.length ? 1 : i < 68 + forehead.length + inner.length ? 0.5 : 0));

  // Triangulate with the lips parted a little and the eyes open, so the mouth's interior and the
  // lids are their own triangles that collapse (never flip) when the mouth closes or the eyes shut.
  const parted = points.map((p, i): Pt => (LOWER_INNER.includes(i) ? [p[0] - up[0] * faceH * 0.04, p[1] - up[1] * faceH * 0.04] : p));
  const d = Delaunator.from(parted);
  const triangles = d.triangles;
  const mouthInterior = new Set<number>();
  for (let t = 0; t < triangles.length / 3; t++) {
    if ([0, 1, 2].every((k) => INNER_LIPS.includes(triangles[t * 3 + k]!))) mouthInterior.add(t);
  }
  const xs = outer.map((p) => p[0]);
  const ys = outer.map((p) => p[1]);
  return {
    points, weight, triangles, mouthInterior, faceH, ringStart: 68 + forehead.length,
    bounds: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
  };
}

/** Per-frame positions of the mesh's points for `pose`. Returns the rest positions' copy for a still pose. */
export function deformMesh(mesh: FaceMesh, pose: AvatarPose, opening: JawOpening = PHOTO_OPENING): Pt[] {
  const { points: rest, faceH } = mesh;
  const p = rest.map((q): Pt => [q[0], q[1]]);
  const chin = rest[8]!;
  const bridge = rest[27]!;
  const down: Pt = [(chin[0] - bridge[0]) / faceH, (chin[1] - bridge[1]) / faceH];
  const move = (i: number, dx: number, dy: number) => {
    p[i]![0] += dx;
    p[i]![1] += dy;
  };

  // Mouth: width and rounding about the mouth's centre along its axis (the eased shape numbers),
  // then the jaw drop, bounded by a natural speaking jaw drop for the face's size.
  const open = pose.mouthOpen;
  const shape = pose.mouthShape ?? mouthShapeOf(pose.viseme);
  const l = rest[48]!;
  const r = rest[54]!;
  const mc: Pt = [(l[0] + r[0]) / 2, (l[1] + r[1]) / 2];
  const mw = len(sub(r, l));
  const axis: Pt = [(r[0] - l[0]) / mw, (r[1] - l[1]) / mw];
  const scale = 1 + (shape.width - 1) * 0.6 - shape.round * 0.08;
  if (scale !== 1) {
    for (let i = 48; i < 68; i++) {
      const along = (rest[i]![0] - mc[0]) * axis[0] + (rest[i]![1] - mc[1]) * axis[1];
      move(i, axis[0] * along * (scale - 1), axis[1] * along * (scale - 1));
    }
  }
  const restGap = mouthGap(rest);
  if (open > 0) {
    const drop = Math.min(open * opening.perUnit, opening.max) * faceH;
    for (const i of LOWER_INNER) move(i, down[0] * drop, down[1] * drop);
    for (const i of LOWER_OUTER) move(i, down[0] * drop * 0.92, down[1] * drop * 0.92);
    for (const [i, k] of Object.entries(JAW_DROP)) move(Number(i), down[0] * drop * k, down[1] * drop * k);
    // The flesh under the jaw follows part of the way (the inner ring's jaw points), so the chin
    // and the cheeks below the mouth stretch smoothly instead of folding at the jawline.
    for (const [k, j] of JAW_RING.entries()) {
      const w = (JAW_DROP[j] ?? 0) * RING_FOLLOW;
      if (w > 0) move(mesh.ringStart + k, down[0] * drop * w, down[1] * drop * w);
    }
    // The upper lip lifts a little; rounded shapes push both lips' middles apart.
    const lift = drop * (0.12 + shape.round * 0.15);
    for (const i of [61, 62, 63, 50, 51, 52]) move(i, -down[0] * lift, -down[1] * lift);
  } else if (pose.viseme === 'A' && restGap > 1) {
    // M, B, P: lips parted in the photo press shut (the lower lip rises onto the upper).
    for (const [lo, hi] of [[67, 61], [66, 62], [65, 63]] as const) {
      move(lo, rest[hi]![0] - rest[lo]![0], rest[hi]![1] - rest[lo]![1]);
    }
    for (const i of LOWER_OUTER) move(i, -down[0] * restGap * 0.8, -down[1] * restGap * 0.8);
  }

  // Eyes: upper lids (37 38 | 43 44) slide onto the lower ones (41 40 | 47 46).
  if (pose.blink > 0) {
    for (const [u, d] of [[37, 41], [38, 40], [43, 47], [44, 46]] as const) {
      const k = pose.blink * 0.92;
      move(u, (rest[d]![0] - rest[u]![0]) * k, (rest[d]![1] - rest[u]![1]) * k);
      move(d, (rest[u]![0] - rest[d]![0]) * pose.blink * 0.06, (rest[u]![1] - rest[d]![1]) * pose.blink * 0.06);
    }
  }
  if (pose.browRaise > 0) {
    const lift = pose.browRaise * 0.035 * faceH;
    for (let i = 17; i < 27; i++) move(i, -down[0] * lift, -down[1] * lift);
  }

  // Head: a small turn about the neck and a shift, weighted out to nothing at the outer ring.
  const tilt = (pose.headTiltDeg * Math.PI) / 180;
  const tx = pose.headOffsetX * faceH * 1.2;
  const ty = pose.headOffsetY * faceH * 1.2;
  if (tilt !== 0 || tx !== 0 || ty !== 0) {
    const pivot: Pt = [chin[0] + down[0] * faceH * 0.35, chin[1] + down[1] * faceH * 0.35];
    for (let i = 0; i < p.length; i++) {
      const w = mesh.weight[i]!;
      if (w === 0) continue;
      const a = tilt * w;
      const x = p[i]![0] - pivot[0];
      const y = p[i]![1] - pivot[1];
      p[i] = [pivot[0] + x * Math.cos(a) - y * Math.sin(a) + tx * w, pivot[1] + x * Math.sin(a) + y * Math.cos(a) + ty * w];
    }
  }
  return p;
}
