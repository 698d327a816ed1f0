/**
 * The mouth of a filmed face moved to a pose (pure drawing, no I/O): the frame's own landmarks
 * are brought to closed (closeMouth: whatever the film's mouth did), then opened by the pose's
 * viseme and opening with the photo presenter's mouth model (buildFaceMesh/deformMesh); the mesh
 * triangles that move are warped from the frame itself, and the inner mouth drawn by the photo presenter's model (mouth.model.ts).
 * Lip-sync (with a RestMouth) also places the jaw by the pixels (chin-drop.ts), pastes the rest
 * frame's lips clear of the jaw line and opens wider (FILM_OPENING).
 * Used by lip-sync (pipeline/lipsync); closeMouth also by the video presenter (video.painter.ts).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { NEUTRAL_POSE, type AvatarPose } from '../avatar.types.ts';
import { drawMouthInterior, warpMovedTriangles } from '../photo/mouth.model.ts';
import { buildFaceMesh, deformMesh, JAW_RING, type JawOpening, mouthGap, RING_FOLLOW, type Pt } from '../photo/photo.mesh.ts';
import { warpTriangle } from '../photo/triangle-warp.ts';
import { chinDrop } from './chin-drop.ts';

const LOWER_INNER = [65, 66, 67];
const LOWER_OUTER = [55, 56, 57, 58, 59];
const JAW_DROP: Record<number, number> = { 3: 0.05, 4: 0.15, 5: 0.35, 6: 0.55, 7: 0.7, 8: 0.75, 9: 0.7, 10: 0.55, 11: 0.35, 12: 0.15, 13: 0.05 };
/**
 * Lip-sync's jaw drop (deformMesh's opening), wider than the photo presenter's: beside the film's
 * own speaking mouth the photo's drop (at most 0.1 of the face) read as a thin parted line; a
 * speaker's open vowel parts the lips by 15-20 % of nose-bridge-to-chin.
 */
const FILM_OPENING: JawOpening = { perUnit: 0.22, max: 0.17 };
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

/** The landmarks with the jaw outline moved `by` px along `down` at the chin (less toward the ears, JAW_DROP), the lips where they are. */
function moveJaw(lm: readonly Pt[], down: Pt, by: number): Pt[] {
  const p = lm.map((q): Pt => [q[0], q[1]]);
  for (const [i, k] of Object.entries(JAW_DROP)) {
    const w = (k / JAW_DROP[8]!) * by;
    p[Number(i)] = [p[Number(i)]![0] + down[0] * w, p[Number(i)]![1] + down[1] * w];
  }
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
/** The largest chin miss (chin-drop.ts) believed, in nose-bridge-to-chin lengths. */
const MAX_MISS = 0.35;
/** The least believed distance from the lower lip (57) to the chin, as a share of the tracked one. */
const MIN_CHIN = 0.6;
/** How far inside the jaw line the rest mouth's mask stops, in feathers (its blur): the jaw edge stays this frame's. */
const JAW_CLEAR = 2.5;

/**
 * Draws onto `ctx` (already holding `frame` at the same place) the mouth of the face whose 68
 * landmarks `lm` are in `frame`'s pixels, moved to `pose`. `frame` is read, never written.
 * With `rest`, the mouth region (every triangle touching a lip point, the inside included) is
 * taken from the shut mouth of `rest` instead of `frame`: whatever the film's own mouth does,
 * even where the tracker saw its opening only faintly, only the new opening shows.
 */
export function warpMouth(ctx: SKRSContext2D, frame: Canvas, tracked: readonly Pt[], pose: Pick<AvatarPose, 'viseme' | 'mouthOpen'>, rest?: RestMouth): void {
  // With a rest frame, the jaw where the pixels put it (chin-drop.ts): the net's landmarks barely
  // follow a filmed jaw's drop, and a chin taken to be where it is not smears and doubles. The
  // frame's chin (at its landmarks + miss) is brought to the rest frame's (drop above it), the lips
  // closed, then both opened by the new speech.
  const read = rest ? chinDrop(frame, tracked, rest.frame, rest.lm) : null;
  const faceH0 = Math.hypot(tracked[8]![0] - tracked[27]![0], tracked[8]![1] - tracked[27]![1]);
  const lipToChin = Math.hypot(tracked[8]![0] - tracked[57]![0], tracked[8]![1] - tracked[57]![1]);
  // A reading past what a face does is a failed match (the profile caught the lips, not the
  // chin): a chin nearer the lower lip than MIN_CHIN of the tracked distance or further below its
  // landmark than MAX_MISS of the face, a jaw up or down by more than a speaking jaw. The
  // landmarks are kept.
  const chin = read && read.miss >= -lipToChin * (1 - MIN_CHIN) && read.miss <= faceH0 * MAX_MISS && read.drop >= -faceH0 * 0.05 && read.drop <= faceH0 * 0.2 ? read : null;
  const lm = chin ? moveJaw(tracked, chin.down, chin.miss) : tracked;
  const closed = closeMouth(tracked);
  if (chin) {
    const shut = moveJaw(lm, chin.down, -chin.drop);
    for (const i of Object.keys(JAW_DROP)) closed[Number(i)] = shut[Number(i)]!;
  }
  const a = buildFaceMesh(lm);
  const b = buildFaceMesh(closed);
  // Only the mouth: blinks, brows and head motion are the film's own.
  const d = deformMesh(b, { ...NEUTRAL_POSE, viseme: pose.viseme, mouthOpen: pose.mouthOpen }, rest ? FILM_OPENING : undefined);
  const target = a.points.map((q, k): Pt => (k < 68 ? d[k]! : q));
  // The flesh under the jaw follows the jaw's net move part of the way (the mesh's inner ring,
  // as deformMesh does for a photo), so the displacement fades out below the chin instead of
  // stopping at the jaw line.
  for (const [k, j] of JAW_RING.entries()) {
    const i = a.ringStart + k;
    target[i] = [a.points[i]![0] + (target[j]![0] - a.points[j]![0]) * RING_FOLLOW, a.points[i]![1] + (target[j]![1] - a.points[j]![1]) * RING_FOLLOW];
  }
  const moved = target.map((q, k) => Math.abs(q[0] - a.points[k]![0]) + Math.abs(q[1] - a.points[k]![1]) > 0.05);
  if (rest) {
    // Every moved triangle from the frame itself (the chin and jaw keep this frame's edges), then
    // only the lips from the rest frame over them.
    warpMovedTriangles(ctx, frame, a, a.points, target, moved);
    pasteRestMouth(ctx, rest, buildFaceMesh(rest.lm).points, target, a.triangles);
  } else {
    if (!moved.some(Boolean)) return;
    warpMovedTriangles(ctx, frame, a, a.points, target, moved);
  }
  // The inner mouth: the photo presenter's model (feathered dark-red shading, a teeth band by viseme).
  if (pose.mouthOpen > 0) drawMouthInterior(ctx, target, { ...NEUTRAL_POSE, viseme: pose.viseme, mouthOpen: pose.mouthOpen }, { faceH: a.faceH, restGap: mouthGap(closed) });
}

/**
 * The rest frame's mouth triangles (every triangle touching a lip point, down to the chin) warped
 * onto the target geometry and pasted through their mask, its edge feathered (blurred by about 4 %
 * of the face's height), so no seam shows where the rest frame's texture meets this frame's. The
 * mask stops JAW_CLEAR feathers inside the target's jaw line: the rest frame's own chin, placed by
 * landmarks a few pixels off, blended over this frame's, drew a second chin edge; the jaw edge is
 * this frame's own, moved by the mesh (docs/avatars.md "Lip-sync of a whole video", 2026-11-30).
 */
function pasteRestMouth(ctx: SKRSContext2D, rest: RestMouth, r: readonly Pt[], target: readonly Pt[], tris: ArrayLike<number>): void {
  const W = rest.frame.width, H = rest.frame.height;
  rest.scratch ??= { patch: createCanvas(W, H), mask: createCanvas(W, H), soft: createCanvas(W, H) };
  const { patch, mask, soft } = rest.scratch;
  const faceH = Math.hypot(target[8]![0] - target[27]![0], target[8]![1] - target[27]![1]);
  const feather = Math.max(1.5, faceH * 0.04);
  const mouthTris: number[] = [];
  for (let t = 0; t < tris.length / 3; t++) if ([0, 1, 2].some((k) => isMouthPoint(tris[t * 3 + k]!))) mouthTris.push(t);
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
  // The mask: the mouth triangles, only above the jaw line moved JAW_CLEAR feathers up (toward the nose).
  const up: Pt = [(target[27]![0] - target[8]![0]) / faceH, (target[27]![1] - target[8]![1]) / faceH];
  const inset = feather * JAW_CLEAR;
  mctx.save();
  mctx.beginPath();
  for (let i = 2; i <= 14; i++) {
    const p = target[i]!;
    if (i === 2) mctx.moveTo(p[0] + up[0] * inset, p[1] + up[1] * inset);
    else mctx.lineTo(p[0] + up[0] * inset, p[1] + up[1] * inset);
  }
  mctx.lineTo(target[14]![0] + up[0] * faceH * 2, target[14]![1] + up[1] * faceH * 2);
  mctx.lineTo(target[2]![0] + up[0] * faceH * 2, target[2]![1] + up[1] * faceH * 2);
  mctx.closePath();
  mctx.clip();
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
  mctx.restore();
  // Blurred: the edge fades from the frame's own texture into the rest mouth.
  sctx.filter = `blur(${feather.toFixed(1)}px)`;
  sctx.drawImage(mask, bx, by, bw, bh, bx, by, bw, bh);
  sctx.filter = 'none';
  pctx.globalCompositeOperation = 'destination-in';
  pctx.drawImage(soft, bx, by, bw, bh, bx, by, bw, bh);
  pctx.globalCompositeOperation = 'source-over';
  ctx.drawImage(patch, bx, by, bw, bh, bx, by, bw, bh);
}
