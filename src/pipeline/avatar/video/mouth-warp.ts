/**
 * The mouth of a filmed face moved to a pose (pure drawing, no I/O): the frame's own landmarks
 * are brought to closed (closeMouth: whatever the film's mouth did), then opened by the pose's
 * viseme and opening with the photo presenter's mouth model (buildFaceMesh/deformMesh); the mesh
 * triangles that move are warped from the frame itself, and the inner mouth drawn by the photo presenter's model (mouth.model.ts).
 * Used by lip-sync (pipeline/lipsync); closeMouth also by the video presenter (video.painter.ts).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { NEUTRAL_POSE, type AvatarPose } from '../avatar.types.ts';
import { drawMouthInterior, warpMovedTriangles } from '../photo/mouth.model.ts';
import { buildFaceMesh, deformMesh, mouthGap, type Pt } from '../photo/photo.mesh.ts';
import { warpTriangle } from '../photo/triangle-warp.ts';

const LOWER_INNER = [65, 66, 67];
const LOWER_OUTER = [55, 56, 57, 58, 59];
const JAW_DROP: Record<number, number> = { 3: 0.05, 4: 0.15, 5: 0.35, 6: 0.55, 7: 0.7, 8: 0.75, 9: 0.7, 10: 0.55, 11: 0.35, 12: 0.15, 13: 0.05 };
/** Inner-lip gap (face units) a closed mouth keeps. */
const REST_GAP = 0.01;

/**
 * The landmarks with the mouth brought to closed, or to `restGap` (face units): the inverse of
 * the mesh's jaw drop (photo.mesh.ts). A frame whose lips are nearer than `restGap` is opened to it.
 */
export function closeMouth(lm: readonly Pt[], restGap = REST_GAP): Pt[] {
  const p = lm.map((q): Pt => [q[0], q[1]]);
  const faceH = Math.hypot(lm[8]![0] - lm[27]![0], lm[8]![1] - lm[27]![1]);
  const down: Pt = [(lm[8]![0] - lm[27]![0]) / faceH, (lm[8]![1] - lm[27]![1]) / faceH];
  const gap = ((lm[66]![0] - lm[62]![0]) * down[0] + (lm[66]![1] - lm[62]![1]) * down[1]);
  const lift = restGap === REST_GAP ? Math.max(0, gap - REST_GAP * faceH) : gap - restGap * faceH;
  if (lift === 0) return p;
  const move = (i: number, k: number) => {
    p[i]![0] -= down[0] * lift * k;
    p[i]![1] -= down[1] * lift * k;
  };
  for (const i of LOWER_INNER) move(i, 1);
  for (const i of LOWER_OUTER) move(i, 0.92);
  for (const [i, k] of Object.entries(JAW_DROP)) move(Number(i), k);
  return p;
}

/** A frame of the same film whose mouth is shut, and its landmarks: the lips every frame is given (lip-sync). */
export interface RestMouth {
  frame: Canvas;
  lm: readonly Pt[];
  /** Work canvases of the frame's size (made on first use). */
  scratch?: { patch: Canvas; mask: Canvas; soft: Canvas };
}

const isMouthPoint = (i: number) => i >= 48 && i < 68;

/**
 * Draws onto `ctx` (already holding `frame` at the same place) the mouth of the face whose 68
 * landmarks `lm` are in `frame`'s pixels, moved to `pose`. `frame` is read, never written.
 * With `rest`, the mouth region (every triangle touching a lip point, the inside included) is
 * taken from the shut mouth of `rest` instead of `frame`: whatever the film's own mouth does,
 * even where the tracker saw its opening only faintly, only the new opening shows.
 */
export function warpMouth(ctx: SKRSContext2D, frame: Canvas, lm: readonly Pt[], pose: Pick<AvatarPose, 'viseme' | 'mouthOpen'>, rest?: RestMouth): void {
  const closed = closeMouth(lm);
  const a = buildFaceMesh(lm as Pt[]);
  const b = buildFaceMesh(closed);
  // Only the mouth: blinks, brows and head motion are the film's own.
  const d = deformMesh(b, { ...NEUTRAL_POSE, viseme: pose.viseme, mouthOpen: pose.mouthOpen });
  const target = a.points.map((q, k): Pt => (k < 68 ? d[k]! : q));
  const moved = target.map((q, k) => Math.abs(q[0] - a.points[k]![0]) + Math.abs(q[1] - a.points[k]![1]) > 0.05);
  const tris = a.triangles;
  if (rest) {
    const r = buildFaceMesh(rest.lm as Pt[]).points;
    const mouthTris: number[] = [];
    for (let t = 0; t < tris.length / 3; t++) {
      const i0 = tris[t * 3]!, i1 = tris[t * 3 + 1]!, i2 = tris[t * 3 + 2]!;
      if (isMouthPoint(i0) || isMouthPoint(i1) || isMouthPoint(i2)) mouthTris.push(t);
      else if (moved[i0] || moved[i1] || moved[i2]) warpTriangle(ctx, frame, a.points[i0]!, a.points[i1]!, a.points[i2]!, target[i0]!, target[i1]!, target[i2]!);
    }
    pasteRestMouth(ctx, rest, r, target, tris, mouthTris);
  } else {
    if (!moved.some(Boolean)) return;
    warpMovedTriangles(ctx, frame, a, a.points, target, moved);
  }
  // The inner mouth: the photo presenter's model (feathered dark-red shading, a teeth band by viseme).
  if (pose.mouthOpen > 0) drawMouthInterior(ctx, target, { ...NEUTRAL_POSE, viseme: pose.viseme, mouthOpen: pose.mouthOpen }, { faceH: a.faceH, restGap: mouthGap(closed) });
}

/**
 * The rest frame's mouth triangles warped onto the target geometry and pasted with a feathered
 * edge (the mask of those triangles blurred by about 4 % of the face's height), so no seam shows
 * where the rest frame's texture meets this frame's.
 */
function pasteRestMouth(ctx: SKRSContext2D, rest: RestMouth, r: readonly Pt[], target: readonly Pt[], tris: ArrayLike<number>, mouthTris: readonly number[]): void {
  const W = rest.frame.width, H = rest.frame.height;
  rest.scratch ??= { patch: createCanvas(W, H), mask: createCanvas(W, H), soft: createCanvas(W, H) };
  const { patch, mask, soft } = rest.scratch;
  const faceH = Math.hypot(target[8]![0] - target[27]![0], target[8]![1] - target[27]![1]);
  const feather = Math.max(1.5, faceH * 0.04);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const t of mouthTris) for (let k = 0; k < 3; k++) {
    const p = target[tris[t * 3 + k]!]!;
    x0 = Math.min(x0, p[0]); y0 = Math.min(y0, p[1]); x1 = Math.max(x1, p[0]); y1 = Math.max(y1, p[1]);
  }
  const bx = Math.max(0, Math.floor(x0 - feather * 3)), by = Math.max(0, Math.floor(y0 - feather * 3));
  const bw = Math.min(W, Math.ceil(x1 + feather * 3)) - bx, bh = Math.min(H, Math.ceil(y1 + feather * 3)) - by;
  if (bw <= 0 || bh <= 0) return;
  const pctx = patch.getContext('2d');
  const mctx = mask.getContext('2d');
  const sctx = soft.getContext('2d');
  pctx.clearRect(bx, by, bw, bh);
  mctx.clearRect(bx, by, bw, bh);
  sctx.clearRect(bx, by, bw, bh);
  mctx.fillStyle = '#fff';
  for (const t of mouthTris) {
    const i0 = tris[t * 3]!, i1 = tris[t * 3 + 1]!, i2 = tris[t * 3 + 2]!;
    warpTriangle(pctx, rest.frame, r[i0]!, r[i1]!, r[i2]!, target[i0]!, target[i1]!, target[i2]!);
    mctx.beginPath();
    mctx.moveTo(target[i0]![0], target[i0]![1]);
    mctx.lineTo(target[i1]![0], target[i1]![1]);
    mctx.lineTo(target[i2]![0], target[i2]![1]);
    mctx.closePath();
    mctx.fill();
  }
  // Blurred: the edge fades from the frame's own texture into the rest mouth.
  sctx.filter = `blur(${feather.toFixed(1)}px)`;
  sctx.drawImage(mask, bx, by, bw, bh, bx, by, bw, bh);
  sctx.filter = 'none';
  pctx.globalCompositeOperation = 'destination-in';
  pctx.drawImage(soft, bx, by, bw, bh, bx, by, bw, bh);
  pctx.globalCompositeOperation = 'source-over';
  ctx.drawImage(patch, bx, by, bw, bh, bx, by, bw, bh);
}
