/**
 * The video presenter (a custom avatar made by POST /v1/avatar/create; also lip-sync): the
 * person's own idle loop played frame by frame, the face framed like the photo presenter's
 * (framePhoto), the person's background kept. Each frame's mouth region is warped by the pose's
 * viseme, opening and eased shape with the photo presenter's mouth model (photo.mesh.ts deformMesh,
 * mouth.model.ts: textured lips moved by the mesh, jaw and chin following, a feathered inner mouth
 * and a teeth band by viseme) applied on that frame's own tracked landmarks: the lips are first
 * brought to closed (whatever the clip's mouth did), then opened as the speech says. Blinks and
 * head motion are the clip's own. A cut-out presenter (green screen or alpha; screen.ts) is drawn
 * as the person only: the video puts it on its scene (paintAvatarScene), a cover or preview on
 * PHOTO_BACKDROP (onBackdrop).
 */
import { createCanvas, Image, type SKRSContext2D } from '@napi-rs/canvas';
import { NEUTRAL_POSE, type AvatarLayout, type AvatarPainter, type AvatarPose, type Rect } from '../avatar.types.ts';
import { faceBoxFromLandmarks, pointsBox } from '../face-box.ts';
import { drawMouthInterior, warpMovedTriangles } from '../photo/mouth.model.ts';
import { buildFaceMesh, deformMesh, mouthGap, type FaceMesh, type Pt } from '../photo/photo.mesh.ts';
import { drawPhotoBackdrop, framePhoto, renderPhotoStill } from '../photo/photo.painter.ts';
import { closeMouth } from './mouth-warp.ts';
import type { CutoutKind } from './screen.ts';


/** A video presenter's loop as the renderer gets it: JPEG frames and their landmarks (frame pixels). */
export interface VideoPresenter {
  kind: 'video';
  width: number;
  height: number;
  fps: number;
  /** JPEGs; WebPs with alpha for a cut-out. */
  frames: Buffer[];
  landmarks: Pt[][];
  /** A cut-out (a green screen keyed, or a clip with alpha; screen.ts): the painter draws the person only, transparent around. */
  cutout?: CutoutKind;
}

export const isVideoPresenter = (x: unknown): x is VideoPresenter => typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'video';

const REST_GAP = 0.01;
/** Share of a cut-out clip's drawn width over which its body fades out at a side edge inside the box. */
const CUTOUT_FADE = 0.12;
/** The most a loop's rest mouth may stay parted (face units): a smile with the teeth showing. */
const MAX_REST_GAP = 0.08;

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
  const dest = { x: -crop.x * s, y: -crop.y * s, w: v.width * s, h: v.height * s };
  const covers = dest.x <= 0.5 && dest.x + dest.w >= width - 0.5 && dest.y <= 0.5 && dest.y + dest.h >= height - 0.5;

  /** A cut-out in a box wider than the clip: alpha falling to 0 over CUTOUT_FADE of the clip's drawn width at each side edge inside the box. */
  const sideFade = v.cutout && (dest.x > 0.5 || dest.x + dest.w < width - 0.5) ? (() => {
    const g = sctx.createLinearGradient(dest.x, 0, dest.x + dest.w, 0);
    const f = Math.min(0.45, CUTOUT_FADE);
    g.addColorStop(0, dest.x > 0.5 ? 'rgba(0,0,0,0)' : 'rgba(0,0,0,1)');
    g.addColorStop(f, 'rgba(0,0,0,1)');
    g.addColorStop(1 - f, 'rgba(0,0,0,1)');
    g.addColorStop(1, dest.x + dest.w < width - 0.5 ? 'rgba(0,0,0,0)' : 'rgba(0,0,0,1)');
    return g;
  })() : null;

  function paintStill(i: number): void {
    if (stillIndex === i) return;
    const img = new Image();
    img.src = v.frames[i]!;
    // Framed like the photo presenter (the same crop for every frame), on a blurred, darkened cover
    // copy of the frame where the box is wider than the clip (renderPhotoStill): no black bands, no seam.
    if (v.cutout) {
      // A cut-out: the person only (the clip's alpha), framed the same; whatever is behind shows around.
      sctx.clearRect(0, 0, width, height);
      sctx.drawImage(img, dest.x, dest.y, dest.w, dest.h);
      if (sideFade) {
        // A box wider than the clip: the person's body, cut by the clip's side edges, fades out there instead of ending in a straight line.
        sctx.save();
        sctx.globalCompositeOperation = 'destination-in';
        sctx.fillStyle = sideFade;
        sctx.fillRect(0, 0, width, height);
        sctx.restore();
      }
    } else if (covers) {
      // The clip covers the box (a portrait clip in a portrait box): drawn straight in, no layer.
      sctx.drawImage(img, dest.x, dest.y, dest.w, dest.h);
    } else {
      sctx.clearRect(0, 0, width, height);
      sctx.drawImage(renderPhotoStill(img, rig0, width, height), 0, 0);
    }
    stillIndex = i;
  }

  // The loop's rest mouth: the lips as parted as they mostly are in it (its 20th percentile gap;
  // a person who idles with a smile keeps it, as the photo presenter keeps the photo's). Every
  // frame's lips are brought to it, so the clip's own mouth motion is gone.
  const gaps = v.landmarks.map((p) => Math.hypot(p[66]![0] - p[62]![0], p[66]![1] - p[62]![1]) / Math.hypot(p[8]![0] - p[27]![0], p[8]![1] - p[27]![1])).sort((a, b) => a - b);
  const loopGap = Math.min(MAX_REST_GAP, Math.max(REST_GAP, gaps[Math.floor(gaps.length * 0.2)] ?? REST_GAP));
  /** Each loop frame's mesh (its tracked landmarks, in box pixels) and the same with the mouth closed; built once. */
  const meshes = new Map<number, { mesh: FaceMesh; closed: FaceMesh; restGap: number }>();
  function meshOf(i: number): { mesh: FaceMesh; closed: FaceMesh; restGap: number } {
    let m = meshes.get(i);
    if (!m) {
      const mesh = buildFaceMesh(toBox(v.landmarks[i]!));
      const shut = closeMouth(mesh.points.slice(0, 68), loopGap);
      const closed: FaceMesh = { ...mesh, points: [...shut, ...mesh.points.slice(68)], faceH: Math.hypot(shut[8]![0] - shut[27]![0], shut[8]![1] - shut[27]![1]) };
      m = { mesh, closed, restGap: mouthGap(shut) };
      meshes.set(i, m);
    }
    return m;
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
    const { mesh, closed, restGap } = meshOf(i);
    // The mouth model on this frame's landmarks: the lips brought to closed, then opened and
    // shaped as the pose says (mouth only: blinks, brows and head motion are the clip's own). The
    // rings under the jaw follow the drop as on the photo presenter.
    const d = deformMesh(closed, { ...NEUTRAL_POSE, viseme: pose.viseme, mouthOpen: pose.mouthOpen, ...(pose.mouthShape ? { mouthShape: pose.mouthShape } : {}) });
    const from = mesh.points;
    const moved = d.map((q, k) => Math.abs(q[0] - from[k]![0]) + Math.abs(q[1] - from[k]![1]) > 0.05);
    if (!moved.some(Boolean)) return;
    ctx.save();
    ctx.beginPath();
    ctx.rect(ox, oy, width, height);
    ctx.clip();
    ctx.translate(ox, oy);
    warpMovedTriangles(ctx, still, mesh, from, d, moved);
    if (pose.mouthOpen > 0) drawMouthInterior(ctx, d, pose, { faceH: mesh.faceH, restGap, lend: { src: still, rest: closed.points } });
    ctx.restore();
  }

  return { width, height, layout, draw, frameOf };
}

/** A painter that first fills its box with PHOTO_BACKDROP when the presenter is a cut-out (covers and previews, which have no scene of their own). */
export function onBackdrop(painter: VideoPainter, v: Pick<VideoPresenter, 'cutout'>): VideoPainter {
  if (!v.cutout) return painter;
  return {
    ...painter,
    draw(ctx, pose, x, y) {
      ctx.save();
      ctx.translate(Math.round(x), Math.round(y));
      drawPhotoBackdrop(ctx, painter.width, painter.height);
      ctx.restore();
      painter.draw(ctx, pose, x, y);
    },
  };
}
