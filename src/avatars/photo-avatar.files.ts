/**
 * A photo avatar's files in the blob store, beside each other under its avatars/a-<hex>/ prefix:
 * photo.<ext> (the portrait as fetched), rig.json (face box and 68 landmarks from the face
 * worker), cover.png, preview.mp4. The renderer gets the decoded photo and the rig (and, for a
 * product avatar, the product it holds).
 */
import { loadImage, type Image } from '@napi-rs/canvas';
import path from 'node:path';
import type { PhotoPresenter, PhotoRig } from '../pipeline/avatar/photo/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';

export const rigKeyFor = (photoKey: string): string => `${path.posix.dirname(photoKey)}/rig.json`;

export async function loadPhotoPresenter(store: BlobStore, photoKey: string): Promise<PhotoPresenter> {
  const [bytes, rig] = await Promise.all([
    store.get(photoKey),
    store.get(rigKeyFor(photoKey)).then((b) => JSON.parse(b.toString('utf8')) as PhotoRig),
  ]);
  return { kind: 'photo', photo: await loadImage(bytes), rig };
}

/** A product avatar's product cut-out (PNG with transparency), decoded for the painter. */
export async function loadHeldProduct(store: BlobStore, productKey: string): Promise<Image> {
  return loadImage(await store.get(productKey));
}

/** The image type of a photo's bytes (for its file name): JPEG, PNG, WebP, else octet-stream. */
export function sniffImageType(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return 'application/octet-stream';
}
