/**
 * A presenter painted from a person's photo: the photo framed to the painter's box like a selfie
 * video (framePhoto), its own background kept and extended past its sides when the box is wider,
 * is drawn once into a still layer (renderPhotoStill); each frame blits it and re-draws only
 * the mesh triangles the pose moved, each as an affine warp of the still (clip to the triangle,
 * transform, draw): the lips keep their own texture, moved by the mesh. Then the opening's
 * interior (a feathered dark-red shading and an upper teeth band sized by the shape) and, in
 * blinks, a lash line. A still pose touches nothing but the blit, so pixels outside the mesh never change.
 */
import { createCanvas, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarLayout, AvatarPainter, AvatarPose, Rect } from '../avatar.types.ts';
import { faceBoxFromLandmarks, pointsBox } from '../face-box.ts';
import { mouthShapeOf } from '../paint/mouth.ts';
import { SEAM_PX, warpTriangle as warpStill } from './triangle-warp.ts';
import { buildFaceMesh, deformMesh, mouthGap, type FaceMesh, type Pt } from './photo.mesh.ts';
import type { PhotoRig } from './photo.rig.ts';

export interface PhotoPainter extends AvatarPainter {
  /** The only part of the box a frame can differ in from the still photo (the mesh's outer ring). */
  readonly warpBounds: Rect;
}

/** The inner mouth's shading, deep middle to edge, and the upper teeth band's top and bottom. */
const MOUTH_DEEP = '#2A0C10';
const MOUTH_DARK = '#4A1519';
const MOUTH_EDGE = '#6E2A2C';
const TEETH_TOP = 'rgba(232,226,214,0.92)';
const TEETH_LOW = 'rgba(205,195,182,0.75)';
const LASH = 'rgba(38,24,24,0.75)';
/** Clip each triangle this much beyond its edges so neighbours overlap: no hairline seams. */

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
 * sides when the box is wider than the photo: renderPhotoStill extends the photo there). The crop
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

/** The soft studio backdrop behind a cut-out person (product-avatar pictures). */
export const PHOTO_BACKDROP = { top: '#E4E7EC', bottom: '#9AA3AF' };

/**
 * The photo's own background carried past its sides: each side's outermost strip (3 % of the
 * photo) stretched over the gap and blurred. Only the photo's edges are used, so no copy of the
 * person shows (a zero-width `dest` in the middle gives a backdrop with no one on it).
 */
export function drawPhotoExtension(ctx: SKRSContext2D, photo: Image | Canvas, pw: number, ph: number, dest: { x: number; y: number; w: number; h: number }, width: number, height: number): void {
  const layer = createCanvas(width, height);
  const l = layer.getContext('2d');
  const ex = Math.max(2, Math.round(pw * 0.03));
  const { x, y, w, h } = dest;
  l.drawImage(photo, 0, 0, ex, ph, 0, y, Math.max(1, x + 2), h);
  l.drawImage(photo, pw - ex, 0, ex, ph, x + w - 2, y, Math.max(1, width - (x + w) + 2), h);
  const r = Math.max(6, Math.round(Math.max(width, height) * 0.035));
  ctx.save();
  ctx.drawImage(layer, 0, 0);
  ctx.filter = `blur(${r}px)`;
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/**
 * The presenter at rest for a box: the photo framed (framePhoto), its own background kept; where
 * the box is wider than the photo, the photo's edges are extended and blurred, and the photo's
 * sides fade into them. `cutout`: the person cut out over PHOTO_BACKDROP (needs a mask).
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
    drawPhotoExtension(ctx, photo, rig.width, rig.height, dest, width, height);
    // The photo's sides fade into the extension over 3 % of the box's width.
    const body = createCanvas(width, height);
    const b = body.getContext('2d');
    b.imageSmoothingQuality = 'high';
    b.drawImage(photo, dest.x, dest.y, dest.w, dest.h);
    const fade = Math.max(2, width * 0.03);
    const g = b.createLinearGradient(dest.x, 0, dest.x + dest.w, 0);
    const f = Math.min(0.45, fade / dest.w);
    g.addColorStop(0, 'rgba(0,0,0,0)');
    g.addColorStop(f, 'rgba(0,0,0,1)');
    g.addColorStop(1 - f, 'rgba(0,0,0,1)');
    g.addColorStop(1, 'rgba(0,0,0,0)');
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
  const g = ctx.createLinearGradient(0, 0, 0, height);
  g.addColorStop(0, PHOTO_BACKDROP.top);
  g.addColorStop(1, PHOTO_BACKDROP.bottom);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
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
  const triCount = mesh.triangles.length / 3;

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

  function warpTriangle(ctx: SKRSContext2D, t: number, dst: readonly Pt[]): void {
    const i0 = mesh.triangles[t * 3]!;
    const i1 = mesh.triangles[t * 3 + 1]!;
    const i2 = mesh.triangles[t * 3 + 2]!;
    warpStill(ctx, still, rest[i0]!, rest[i1]!, rest[i2]!, dst[i0]!, dst[i1]!, dst[i2]!);
  }

  /**
   * The opening between the (warped, photo-textured) lips: a soft dark-red shading, darkest deep
   * in the middle, its edge feathered under the lips; the upper teeth as a soft band hanging from
   * the upper inner lip, as tall as the shape's teeth share of the gap (none on closed shapes), at
   * most a tooth's height. No outline anywhere.
   */
  function drawMouthInterior(ctx: SKRSContext2D, p: readonly Pt[], pose: AvatarPose): void {
    const gap = mouthGap(p);
    if (gap - restGap < 0.8) return;
    const inner = [60, 61, 62, 63, 64, 65, 66, 67].map((i) => p[i]!);
    const cx = inner.reduce((a, q) => a + q[0], 0) / inner.length;
    const cy = inner.reduce((a, q) => a + q[1], 0) / inner.length;
    const half = Math.hypot(p[64]![0] - p[60]![0], p[64]![1] - p[60]![1]) / 2;
    const feather = Math.max(0.8, Math.min(gap * 0.12, faceH * 0.012));
    const path = () => {
      ctx.beginPath();
      inner.forEach(([u, v], k) => (k === 0 ? ctx.moveTo(u, v) : ctx.lineTo(u, v)));
      ctx.closePath();
    };
    ctx.save();
    const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(half, gap));
    g.addColorStop(0, MOUTH_DEEP);
    g.addColorStop(0.55, MOUTH_DARK);
    g.addColorStop(1, MOUTH_EDGE);
    ctx.fillStyle = g;
    ctx.filter = `blur(${feather.toFixed(1)}px)`;
    path();
    ctx.fill();
    ctx.restore();
    const shape = pose.mouthShape ?? mouthShapeOf(pose.viseme);
    const depth = Math.min(gap * shape.teeth, faceH * 0.05);
    if (depth < 0.8) return;
    ctx.save();
    path();
    ctx.clip();
    // Upper teeth: hanging from the upper inner lip (60-64) along the face's down direction,
    // fading toward their edges. A photo that shows its teeth at rest lends its own (the still's
    // rest opening, carried with the upper lip) over the band.
    const dl = Math.hypot(p[8]![0] - p[27]![0], p[8]![1] - p[27]![1]) || 1;
    const dn: Pt = [(p[8]![0] - p[27]![0]) / dl, (p[8]![1] - p[27]![1]) / dl];
    const upper = [60, 61, 62, 63, 64].map((i) => p[i]!);
    const t = ctx.createLinearGradient(p[62]![0], p[62]![1], p[62]![0] + dn[0] * depth, p[62]![1] + dn[1] * depth);
    t.addColorStop(0, TEETH_TOP);
    t.addColorStop(0.7, TEETH_LOW);
    t.addColorStop(1, 'rgba(160,140,130,0)');
    ctx.fillStyle = t;
    ctx.filter = `blur(${(feather * 0.8).toFixed(1)}px)`;
    ctx.beginPath();
    upper.forEach(([u, v], k) => (k === 0 ? ctx.moveTo(u - dn[0] * feather, v - dn[1] * feather) : ctx.lineTo(u - dn[0] * feather, v - dn[1] * feather)));
    for (const [u, v] of upper.slice().reverse()) ctx.lineTo(u + dn[0] * depth, v + dn[1] * depth);
    ctx.closePath();
    ctx.fill();
    if (restGap > 2) {
      ctx.filter = 'none';
      const dx = p[62]![0] - rest[62]![0];
      const dy = p[62]![1] - rest[62]![1];
      ctx.beginPath();
      [60, 61, 62, 63, 64, 65, 66, 67].forEach((i, k) => (k === 0 ? ctx.moveTo(rest[i]![0] + dx, rest[i]![1] + dy) : ctx.lineTo(rest[i]![0] + dx, rest[i]![1] + dy)));
      ctx.closePath();
      ctx.clip();
      const b = pointsBox(rest.slice(60, 68), 2);
      ctx.globalAlpha = 0.9;
      ctx.drawImage(still, b.x, b.y, b.width, b.height, b.x + dx, b.y + dy, b.width, b.height);
    }
    ctx.restore();
  }

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
    for (let t = 0; t < triCount; t++) {
      if (mesh.mouthInterior.has(t)) continue;
      const tri = [mesh.triangles[t * 3]!, mesh.triangles[t * 3 + 1]!, mesh.triangles[t * 3 + 2]!];
      if (tri.some((i) => moved[i])) warpTriangle(ctx, t, p);
    }
    if (pose.mouthOpen > 0) drawMouthInterior(ctx, p, pose);
    if (pose.blink > 0.5) drawLashes(ctx, p, pose.blink);
    ctx.restore();
  }

  return { width, height, layout, warpBounds, draw, faceBoxAt };
}
