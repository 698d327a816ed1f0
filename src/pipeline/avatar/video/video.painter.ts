/**
 * The video presenter (a custom avatar made by POST /v1/avatar/create; also lip-sync): the
 * person's own idle loop played frame by frame, the face framed like the photo presenter's
 * (framePhoto), the person's background kept. Each frame's mouth region is warped by the pose's
 * viseme and opening with the photo presenter's mouth model (buildFaceMesh/deformMesh) applied on
 * that frame's own tracked landmarks: the lips are first brought to closed (whatever the clip's
 * mouth did), then opened as the speech says. Blinks and head motion are the clip's own.
 */
import { createCanvas, Image, type SKRSContext2D } from '@napi-rs/canvas';
import { type AvatarLayout, type AvatarPainter, type AvatarPose, type Rect } from '../avatar.types.ts';
import { faceBoxFromLandmarks, pointsBox } from '../face-box.ts';
import type { Pt } from '../photo/photo.mesh.ts';
import { framePhoto, renderPhotoStill } from '../photo/photo.painter.ts';
import { warpMouth } from './mouth-warp.ts';

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

export { closeMouth } from './mouth-warp.ts';

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
    ctx.save();
    ctx.beginPath();
    ctx.rect(ox, oy, width, height);
    ctx.clip();
    ctx.translate(ox, oy);
    warpMouth(ctx, still, toBox(v.landmarks[i]!), pose);
    ctx.restore();
  }

  return { width, height, layout, draw, frameOf };
}
