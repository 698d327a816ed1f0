/**
 * A presenter painted from a person's photo: the photo framed to the painter's box like a selfie
 * video (framePhoto), its own background kept and extended past its sides when the box is wider,
 * is drawn once into a still layer (renderPhotoStill); each frame blits it and re-draws only
 * the mesh triangles the pose moved, each as an affine warp of the still (clip to the triangle,
 * transform, draw): the lips keep their own texture, moved by the mesh. Then the opening's
 * interior (a feathered dark-red shading and an upper teeth band sized by the shape; the mouth
 * model in mouth.model.ts, which the video presenter shares) and, in blinks, a lash line. A still pose touches nothing but the blit, so pixels outside the mesh never change.
 */
import { createCanvas, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarLayout, AvatarPainter, AvatarPose, Rect } from '../avatar.types.ts';
import { faceBoxFromLandmarks, pointsBox } from '../face-box.ts';
import { drawMouthInterior, warpMovedTriangles } from './mouth.model.ts';
import { SEAM_PX } from './triangle-warp.ts';
import { buildFaceMesh, deformMesh, mouthGap, type FaceMesh, type Pt } from './photo.mesh.ts';
import type { PhotoRig } from './photo.rig.ts';

export interface PhotoPainter extends AvatarPainter {
  /** The only part of the box a frame can differ in from the still photo (the mesh's outer ring). */
  readonly warpBounds: Rect;
}

const LASH = 'rgba(38,24,24,0.75)';

/**
 * Selfie framing by the box's shape: the face box (brows to chin, padded) takes FACE_SHARE of the
 * height with its centre at FACE_AT of it — the head in the upper third of a 9:16 frame, the
 * shoulders running off the bottom edge, as a person filming themselves is framed.
 */
function selfieFraming(aspect: number): { share: number; at: number } {
  if (aspect < 0.8) return { share: 0.2, at: 0.3 };
  if (aspect < 1.2) return { share: 0.27, at: 0.36 };
  return { share: 0.32, at: 0.4 };
}

/**
 * Where the photo is cut for a box of `width` x `height` (photo pixels; may run past the photo's
 * sides when the box is wider than the photo: renderPhotoStill stands the photo on a blurred cover copy of itself there). The crop
 * never runs past its top or bottom: no empty band.
 */
export function framePhoto(rig: PhotoRig, width: number, height: number): { x: number; y: number; w: number; h: number } {
  const aspect = width / height;
  const { share, at } = selfieFraming(aspect);
  const face = faceBoxFromLandmarks(rig.landmarks);
  const h = Math.min(rig.height, face.height / share);
  const w = h * aspect;
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height / 2;
  const x = w >= rig.width ? (rig.width - w) / 2 + clampShift(cx - rig.width / 2, (w - rig.width) / 2) : Math.min(Math.max(0, cx - w / 2), rig.width - w);
  const y = Math.min(Math.max(0, cy - h * at), rig.height - h);
  return { x, y, w, h };
}

/** A box wider than the photo: the photo sits centred, moved toward the face by at most the margin. */
const clampShift = (d: number, margin: number) => Math.max(-margin, Math.min(margin, d));

/** The soft studio backdrop behind a cut-out person (product-avatar pictures, cut-out video presenters). */
export const PHOTO_BACKDROP = { top: '#E4E7EC', bottom: '#9AA3AF' };

/** PHOTO_BACKDROP filling (0, 0)–(width, height) of ctx: a vertical gradient. */
export function drawPhotoBackdrop(ctx: SKRSContext2D, width: number, height: number): void {
  const g = ctx.createLinearGradient(0, 0, 0, height);
  g.addColorStop(0, PHOTO_BACKDROP.top);
  g.addColorStop(1, PHOTO_BACKDROP.bottom);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
}

/**
 * The photo's own background carried past its sides: each side's outermost strip (3 % of the
 * photo) stretched over the gap and blurred. Only the photo's edges are used, so no copy of the
 * person shows (a zero-width `dest` in the middle gives a backdrop with no one on it).
 */
export function drawPhotoExtension(ctx: SKRSContext2D, photo: Image | Canvas, pw: number, ph: number, dest: { x: number; y: number; w: number; h: number }, width: number, height: number, ends = false): void {
  const layer = createCanvas(width, height);
  const l = layer.getContext('2d');
  const ex = Math.max(2, Math.round(pw * 0.03));
  const { x, y, w, h } = dest;
  // `ends`: the top and bottom strips too, carried up and down (the side strips then run the full height).
  const ey = Math.max(2, Math.round(ph * 0.03));
  const top = ends ? Math.min(y, 0) : y;
  const sideH = ends ? Math.max(y + h, height) - top : h;
  if (ends && y > 0) l.drawImage(photo, 0, 0, pw, ey, x, 0, w, y + 2);
  if (ends && y + h < height) l.drawImage(photo, 0, ph - ey, pw, ey, x, y + h - 2, w, height - (y + h) + 2);
  l.drawImage(photo, 0, 0, ex, ph, 0, top, Math.max(1, x + 2), sideH);
  l.drawImage(photo, pw - ex, 0, ex, ph, x + w - 2, top, Math.max(1, width - (x + w) + 2), sideH);
  const r = Math.max(6, Math.round(Math.max(width, height) * 0.035));
  ctx.save();
  ctx.drawImage(layer, 0, 0);
  ctx.filter = `blur(${r}px)`;
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/** The photo's sides fade into the cover over this share of the box's width (renderPhotoStill). */
const SIDE_FADE = 0.1;

/**
 * The ground of a photo in a box wider than it (renderPhotoStill): the whole photo scaled to cover
 * (0, 0)–(width, height), centred on the photo's place (`dest`) and kept inside the box, blurred
 * (5 % of the box's long side) and darkened by 30 % — the blurred fill short-form video gives a
 * picture of another shape. Its colours are the photo's own at every height, so the photo's sides
 * fade into it with no seam; blurred and dark, the larger copy reads as a field, not a second person.
 */
export function drawPhotoCover(ctx: SKRSContext2D, photo: Image | Canvas, pw: number, ph: number, dest: { x: number; y: number; w: number; h: number }, width: number, height: number): void {
  const r = Math.max(6, Math.round(Math.max(width, height) * 0.05));
  // The blur's radius is its standard deviation: the cover reaches 3 r past the box on every side,
  // so the blur does not pull the box's edges toward transparent.
  const m = 3 * r;
  const k = Math.max((width + 2 * m) / pw, (height + 2 * m) / ph);
  const cw = pw * k;
  const ch = ph * k;
  const x = Math.min(-m, Math.max(width + m - cw, dest.x + dest.w / 2 - cw / 2));
  const y = Math.min(-m, Math.max(height + m - ch, dest.y + dest.h / 2 - ch / 2));
  ctx.save();
  ctx.imageSmoothingQuality = 'high';
  ctx.filter = `blur(${r}px)`;
  ctx.drawImage(photo, x, y, cw, ch);
  ctx.restore();
  ctx.fillStyle = 'rgba(0,0,0,0.3)';
  ctx.fillRect(0, 0, width, height);
}

/**
 * A photo presenter's scene when the painter's box sits inside a larger panel (a full presenter
 * layout, docs/rendering.md "A photo presenter's scene"): the photo itself continued past the
 * painter's box at the box's own framing (framePhoto), so what stands beside the crop in the
 * photo (the room) shows beside the box instead of a blur seamed to its edge; past the photo's own
 * sides, and above and below it, its edge strips carried on and blurred (drawPhotoExtension).
 * `figure`: the painter's box within (0, 0)–(width, height).
 */
export function drawPhotoScene(ctx: SKRSContext2D, photo: Image | Canvas, rig: PhotoRig, figure: { x: number; y: number; width: number; height: number }, width: number, height: number): void {
  const crop = framePhoto(rig, figure.width, figure.height);
  const s = figure.width / crop.w;
  const dest = { x: figure.x - crop.x * s, y: figure.y - crop.y * s, w: rig.width * s, h: rig.height * s };
  drawPhotoExtension(ctx, photo, rig.width, rig.height, dest, width, height, true);
  ctx.save();
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(photo, dest.x, dest.y, dest.w, dest.h);
  ctx.restore();
}

/**
 * The presenter at rest for a box: the photo framed (framePhoto), its own background kept; where
 * the box is wider than the photo, the photo stands on a blurred, darkened cover copy of itself
 * (drawPhotoCover) and its sides fade into it. `cutout`: the person cut out over PHOTO_BACKDROP (needs a mask).
 */
export function renderPhotoStill(photo: Image | Canvas, rig: PhotoRig, width: number, height: number, cutout = false): Canvas {
  const crop = framePhoto(rig, width, height);
  const s = width / crop.w;
  const still = createCanvas(width, height);
  const ctx = still.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  const dest = { x: -crop.x * s, y: -crop.y * s, w: rig.width * s, h: rig.height * s };
  const wider = dest.x > 0.5 || dest.x + dest.w < width - 0.5;
  if (rig.mask === undefined || !cutout) {
    if (!wider) {
      ctx.drawImage(photo, dest.x, dest.y, dest.w, dest.h);
      return still;
    }
    drawPhotoCover(ctx, photo, rig.width, rig.height, dest, width, height);
    // The photo's sides fade into the cover over 10 % of the box's width, eased (smoothstep): a
    // linear 3 % fade into the edge strips' blur read as a seam (bench:quality #105).
    const body = createCanvas(width, height);
    const b = body.getContext('2d');
    b.imageSmoothingQuality = 'high';
    b.drawImage(photo, dest.x, dest.y, dest.w, dest.h);
    const f = Math.min(0.45, Math.max(2, width * SIDE_FADE) / dest.w);
    const g = b.createLinearGradient(dest.x, 0, dest.x + dest.w, 0);
    for (let i = 0; i <= 8; i++) {
      const t = i / 8;
      const a = `rgba(0,0,0,${(t * t * (3 - 2 * t)).toFixed(4)})`;
      g.addColorStop(f * t, a);
      g.addColorStop(1 - f * t, a);
    }
    b.globalCompositeOperation = 'destination-in';
    b.fillStyle = g;
    b.fillRect(0, 0, width, height);
    ctx.drawImage(body, 0, 0);
    return still;
  }
  const bytes = Buffer.from(rig.mask, 'base64');
  const n = Math.round(Math.sqrt(bytes.length));
  const maskCanvas = createCanvas(n, n);
  const mctx = maskCanvas.getContext('2d');
  const img = mctx.createImageData(n, n);
  for (let i = 0; i < n * n; i++) {
    img.data[i * 4] = 255;
    img.data[i * 4 + 1] = 255;
    img.data[i * 4 + 2] = 255;
    img.data[i * 4 + 3] = bytes[i]!;
  }
  mctx.putImageData(img, 0, 0);
  const person = createCanvas(width, height);
  const pctx = person.getContext('2d');
  pctx.imageSmoothingQuality = 'high';
  pctx.drawImage(photo, dest.x, dest.y, dest.w, dest.h);
  pctx.globalCompositeOperation = 'destination-in';
  pctx.drawImage(maskCanvas, 0, 0, n, n, dest.x, dest.y, dest.w, dest.h);
  drawPhotoBackdrop(ctx, width, height);
  ctx.drawImage(person, 0, 0);
  return still;
}

export function createPhotoPainter(photo: Image | Canvas, rig: PhotoRig, size: { width: number; height: number }): PhotoPainter {
  const width = Math.round(size.width);
  const height = Math.round(size.height);
  const crop = framePhoto(rig, width, height);
  const s = width / crop.w;
  const still = renderPhotoStill(photo, rig, width, height);
  const lm = rig.landmarks.map((p): Pt => [(p[0] - crop.x) * s, (p[1] - crop.y) * s]);
  const mesh: FaceMesh = buildFaceMesh(lm);
  const rest = mesh.points;
  const restGap = mouthGap(rest);
  const { faceH } = mesh;

  const slice = (a: number, b: number) => lm.slice(a, b);
  const layout: AvatarLayout = {
    head: pointsBox([...slice(0, 27)], 0),
    mouth: pointsBox(slice(48, 68), faceH * 0.16),
    leftEye: pointsBox(slice(36, 42), faceH * 0.05),
    rightEye: pointsBox(slice(42, 48), faceH * 0.05),
    cheek: pointsBox([[(lm[2]![0] * 2 + lm[31]![0]) / 3, (lm[2]![1] * 2 + lm[31]![1]) / 3]], faceH * 0.025),
    face: faceBoxFromLandmarks(lm),
  };
  /** The face box of a pose: from the landmarks as the mesh moves them (jaw drop, head turn). */
  const faceBoxAt = (pose: AvatarPose): Rect => faceBoxFromLandmarks(deformMesh(mesh, pose).slice(0, 68));
  const b = mesh.bounds;
  // Padded by the seam overlap (triangles are clipped a little beyond their edges) and a pixel.
  const pad = Math.ceil(SEAM_PX) + 1;
  const warpBounds: Rect = { x: Math.floor(b.x0) - pad, y: Math.floor(b.y0) - pad, width: Math.ceil(b.x1 - b.x0) + 2 * pad + 1, height: Math.ceil(b.y1 - b.y0) + 2 * pad + 1 };

  const mouthCtx = { faceH, restGap, lend: { src: still, rest } };

  function drawLashes(ctx: SKRSContext2D, p: readonly Pt[], blink: number): void {
    ctx.save();
    ctx.strokeStyle = LASH;
    ctx.globalAlpha = Math.min(1, (blink - 0.5) * 2);
    ctx.lineWidth = Math.max(1, faceH * 0.012);
    ctx.lineCap = 'round';
    for (const eye of [[36, 37, 38, 39], [42, 43, 44, 45]]) {
      ctx.beginPath();
      eye.forEach((i, k) => (k === 0 ? ctx.moveTo(p[i]![0], p[i]![1]) : ctx.lineTo(p[i]![0], p[i]![1])));
      ctx.stroke();
    }
    ctx.restore();
  }

  function draw(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void {
    const ox = Math.round(x);
    const oy = Math.round(y);
    ctx.drawImage(still, ox, oy);
    const p = deformMesh(mesh, pose);
    const moved = p.map((q, i) => Math.abs(q[0] - rest[i]![0]) + Math.abs(q[1] - rest[i]![1]) > 0.02);
    if (!moved.some(Boolean)) return;
    ctx.save();
    ctx.beginPath();
    ctx.rect(ox, oy, width, height);
    ctx.clip();
    ctx.translate(ox, oy);
    warpMovedTriangles(ctx, still, mesh, rest, p, moved);
    if (pose.mouthOpen > 0) drawMouthInterior(ctx, p, pose, mouthCtx);
    if (pose.blink > 0.5) drawLashes(ctx, p, pose.blink);
    ctx.restore();
  }

  return { width, height, layout, warpBounds, draw, faceBoxAt };
}
