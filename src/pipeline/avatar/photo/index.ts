/**
 * The photo presenter: a person's portrait photo animated by the same pose track as the drawn
 * presenters. Face analysis (face.pool.ts, a worker thread) gives a rig once; the painter warps
 * the photo per frame. See docs/avatars.md.
 */
import type { Canvas, Image } from '@napi-rs/canvas';
import type { PhotoRig } from './photo.rig.ts';

export { FacePool } from './face.pool.ts';
export { createPhotoPainter, drawPhotoBackdrop, drawPhotoExtension, drawPhotoScene, framePhoto, renderPhotoStill, type PhotoPainter } from './photo.painter.ts';
export { MIN_FACE_PX, rigFromScan, type PhotoRig, type RigVerdict } from './photo.rig.ts';

/** What the renderer needs to draw a photo presenter: the decoded photo and its rig. */
export interface PhotoPresenter {
  kind: 'photo';
  photo: Image | Canvas;
  rig: PhotoRig;
}

export function isPhotoPresenter(x: unknown): x is PhotoPresenter {
  return typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'photo';
}
