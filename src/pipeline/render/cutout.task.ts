/**
 * One product image cut out for the video's cut-out treatment, as the worker thread runs it
 * (cutout.worker.ts → cutout-pool.ts): decoded and sized by sharp to the size it is drawn at,
 * then its plain backdrop removed by the flood the product avatars use (avatar/product/backdrop.ts).
 * Off the event loop: the flood is a per-pixel loop over a full-size image.
 */
import sharp from 'sharp';
import { removePlainBackdrop } from '../avatar/product/backdrop.ts';

export interface CutoutTask {
  path: string;
  width: number;
  height: number;
}

export interface CutoutResult {
  /** RGBA pixels, width x height. */
  data: Uint8Array;
  width: number;
  height: number;
  /** The backdrop was plain and is gone (else the pixels are the image as it was). */
  removed: boolean;
}

export async function cutoutTask(task: CutoutTask): Promise<CutoutResult> {
  const { data, info } = await sharp(task.path, { failOn: 'none', limitInputPixels: 100_000_000 })
    .rotate()
    .resize(task.width, task.height, { fit: 'inside', kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const removed = removePlainBackdrop(px, info.width, info.height);
  return { data: new Uint8Array(px.buffer, px.byteOffset, px.length), width: info.width, height: info.height, removed };
}
