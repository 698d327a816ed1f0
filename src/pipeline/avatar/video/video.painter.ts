/**
 * The video presenter (a custom avatar made by POST /v1/avatar/create; also lip-sync): the
 * person's own idle loop played frame by frame, the face framed like the photo presenter's
 * (framePhoto), the person's background kept. Each frame's mouth region is warped by the pose's
 * viseme and opening with the photo presenter's mouth model (buildFaceMesh/deformMesh) applied on
 * that frame's own tracked landmarks: the lips are first brought to closed (whatever the clip's
 * mouth did), then opened as the speech says. Blinks and head motion are the clip's own.
 */
import { createCanvas, Image, type SKRSContext2D } from '@napi-rs/canvas';
import { NEUTRAL_POSE, type AvatarLayout, type AvatarPainter, type AvatarPose, type Rect } from '../avatar.types.ts';
import { faceBoxFromLandmarks, pointsBox } from '../face-box.ts';
import { buildFaceMesh, deformMesh, type Pt } from '../photo/photo.mesh.ts';
import { framePhoto, renderPhotoStill } from '../photo/photo.painter.ts';
import { warpTriangle } from '../photo/triangle-warp.ts';

/** A video presenter's loop as the renderer gets it: JPEG frames and their landmarks (frame pixels). */
export interface VideoPresenter {
  kind: 'video';
  width: number;
  height: number;
  fps: number;
  frames: Buffer[];
  landmarks: Pt[][];
}

export const isVideoPresenter = (x: unknown): x is VideoPresenter => typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'video';

const MOUTH_DARK = '#2A0E12';
const LOWER_INNER = [65, 66, 67];
const LOWER_OUTER = [55, 56, 57, 58, 59];
const JAW_DROP: Record<number, number> = { 3: 0.05, 4: 0.15, 5: 0.35, 6: 0.55, 7: 0.7, 8: 0.75, 9: 0.7, 10: 0.55, 11: 0.35, 12: 0.15, 13: 0.05 };
/** Inner-lip gap (face units) a closed mouth keeps. */
const REST_GAP = 0.01;

/** The landmarks with the mouth brought to closed: the inverse of the mesh's jaw drop (photo.mesh.ts). */
export function closeMouth(lm: readonly Pt[]): Pt[] {
  const p = lm.map((q): Pt => [q[0], q[1]]);
  const faceH = Math.hypot(lm[8]![0] - lm[27]![0], lm[8]![1] - lm[27]![1]);
  const down: Pt = [(lm[8]![0] - lm[27]![0]) / faceH, (lm[8]![1] - lm[27]![1]) / faceH];
  const gap = ((lm[66]![0] - lm[62]![0]) * down[0] + (lm[66]![1] - lm[62]![1]) * down[1]);
  const lift = Math.max(0, gap - REST_GAP * faceH);
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

/** Frame index of the loop at `timeMs` (the loop repeats). */
export const loopFrameAt = (v: Pick<VideoPresenter, 'fps' | 'frames'>, timeMs: number): number =>
  ((Math.floor((timeMs * v.fps) / 1000 + 1e-6) % v.frames.length) + v.frames.length) % v.frames.length;

export interface VideoPainter extends AvatarPainter {
  readonly layout: AvatarLayout & { face: Rect };
  /** The loop frame a pose is drawn from. */
  frameOf(pose: AvatarPose): number;
}

export function createVideoPainter(v: VideoPresenter, size: { width: number; height: number }): VideoPainter {
  const width = Math.round(size.width);
  const height = Math.round(size.height);
  // Framed once for the whole loop, on the first frame's face (the loop's head is steady).
  const lm0 = v.landmarks[0]!;
  const fb = pointsBox(lm0.slice(0, 27), 0);
  const rig0 = { width: v.width, height: v.height, landmarks: lm0 as Array<[number, number]>, face: { x: fb.x, y: fb.y, width: fb.width, height: fb.height * 1.25 } };
  const crop = framePhoto(rig0, width, height);
  const s = width / crop.w;
  const toBox = (p: readonly Pt[]) => p.map((q): Pt => [(q[0] - crop.x) * s, (q[1] - crop.y) * s]);
  const boxLm0 = toBox(lm0);
  const faceH = Math.hypot(boxLm0[8]![0] - boxLm0[27]![0], boxLm0[8]![1] - boxLm0[27]![1]);
  const layout = {
    head: pointsBox(boxLm0.slice(0, 27), 0),
    mouth: pointsBox(boxLm0.slice(48, 68), faceH * 0.16),
    leftEye: pointsBox(boxLm0.slice(36, 42), faceH * 0.05),
    rightEye: pointsBox(boxLm0.slice(42, 48), faceH * 0.05),
    cheek: pointsBox([[(boxLm0[2]![0] * 2 + boxLm0[31]![0]) / 3, (boxLm0[2]![1] * 2 + boxLm0[31]![1]) / 3]], faceH * 0.025),
    face: faceBoxFromLandmarks(boxLm0),
  };
  const still = createCanvas(width, height);
  const sctx = still.getContext('2d');
  sctx.imageSmoothingQuality = 'high';
  let stillIndex = -1;

  function paintStill(i: number): void {
    if (stillIndex === i) return;
    const img = new Image();
    img.src = v.frames[i]!;
    // Framed like the photo presenter (the same crop for every frame), the clip's own background
    // extended and blurred where the box is wider than the clip: no black bands, no second copy.
    sctx.clearRect(0, 0, width, height);
    sctx.drawImage(renderPhotoStill(img, rig0, width, height), 0, 0);
    stillIndex = i;
  }

  function frameOf(pose: AvatarPose): number {
    return loopFrameAt(v, pose.timeMs ?? 0);
  }

  function draw(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void {
    const i = frameOf(pose);
    paintStill(i);
    const ox = Math.round(x);
    const oy = Math.round(y);
    ctx.drawImage(still, ox, oy);
    const lm = toBox(v.landmarks[i]!);
    const closed = closeMouth(lm);
    const a = buildFaceMesh(lm);
    const b = buildFaceMesh(closed);
    // Only the mouth: blinks, brows and head motion are the clip's own.
    const d = deformMesh(b, { ...NEUTRAL_POSE, viseme: pose.viseme, mouthOpen: pose.mouthOpen });
    const target = a.points.map((q, k): Pt => (k < 68 ? d[k]! : q));
    const moved = target.map((q, k) => Math.abs(q[0] - a.points[k]![0]) + Math.abs(q[1] - a.points[k]![1]) > 0.05);
    if (!moved.some(Boolean)) return;
    ctx.save();
    ctx.beginPath();
    ctx.rect(ox, oy, width, height);
    ctx.clip();
    ctx.translate(ox, oy);
    const tris = a.triangles;
    for (let t = 0; t < tris.length / 3; t++) {
      if (a.mouthInterior.has(t)) continue;
      const i0 = tris[t * 3]!, i1 = tris[t * 3 + 1]!, i2 = tris[t * 3 + 2]!;
      if (moved[i0] || moved[i1] || moved[i2]) warpTriangle(ctx, still, a.points[i0]!, a.points[i1]!, a.points[i2]!, target[i0]!, target[i1]!, target[i2]!);
    }
    if (pose.mouthOpen > 0) {
      const inner = [60, 61, 62, 63, 64, 65, 66, 67].map((k) => target[k]!);
      const gap = Math.hypot(target[66]![0] - target[62]![0], target[66]![1] - target[62]![1]);
      if (gap >= 1) {
        ctx.beginPath();
        inner.forEach(([u, w], k) => (k === 0 ? ctx.moveTo(u, w) : ctx.lineTo(u, w)));
        ctx.closePath();
        ctx.fillStyle = MOUTH_DARK;
        ctx.fill();
      }
    }
    ctx.restore();
  }


  return { width, height, layout, draw, frameOf };
}
