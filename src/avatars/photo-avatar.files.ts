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
