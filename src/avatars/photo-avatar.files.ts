/**
 * A photo avatar's files in the blob store, beside each other under its avatars/a-<hex>/ prefix:
 * photo.<ext> (the portrait as fetched), rig.json (face box and 68 landmarks from the face
 * worker), cover.png, preview.mp4. The renderer gets the decoded photo and the rig (and, for a
 * product avatar, the product it holds).
 */
import { loadImage, type Image } from '@napi-rs/canvas';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { PhotoPresenter, PhotoRig } from '../pipeline/avatar/photo/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';

export const rigKeyFor = (photoKey: string): string => `${path.posix.dirname(photoKey)}/rig.json`;

export async function loadPhotoPresenter(store: BlobStore, photoKey: string): Promise<PhotoPresenter> {
  const [bytes, rig] = await Promise.all([
    fs.readFile(store.localPath(photoKey)),
    fs.readFile(store.localPath(rigKeyFor(photoKey)), 'utf8').then((s) => JSON.parse(s) as PhotoRig),
  ]);
  return { kind: 'photo', photo: await loadImage(bytes), rig };
}

/** A product avatar's product cut-out (PNG with transparency), decoded for the painter. */
export async function loadHeldProduct(store: BlobStore, productKey: string): Promise<Image> {
  return loadImage(await fs.readFile(store.localPath(productKey)));
}
