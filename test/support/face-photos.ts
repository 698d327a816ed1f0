/**
 * Test photos cut from the sample photos shipped in @vladmandic/face-api (demo/sample1..6.jpg,
 * group photos at 1920 px): a one-person portrait, a pair, a landscape strip with no face, and a
 * portrait too small to animate.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
export const FACE_SAMPLES_DIR = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const sample = (n: number) => join(FACE_SAMPLES_DIR, `sample${n}.jpg`);

/** The woman on the right of sample1, framed as a portrait and enlarged so her face is ~360 px. */
export function portraitPhoto(): Promise<Buffer> {
  return sharp(sample(1)).extract({ left: 1290, top: 40, width: 620, height: 820 }).resize({ width: 930 }).jpeg({ quality: 92 }).toBuffer();
}

/** The same portrait at its own size: a face of ~240 px, under the 256 px minimum. */
export function smallFacePhoto(): Promise<Buffer> {
  return sharp(sample(1)).extract({ left: 1290, top: 40, width: 620, height: 820 }).jpeg({ quality: 92 }).toBuffer();
}

/** The two women on the left of sample1. */
export function twoFacesPhoto(): Promise<Buffer> {
  return sharp(sample(1)).extract({ left: 300, top: 250, width: 900, height: 700 }).resize({ width: 1400 }).jpeg({ quality: 92 }).toBuffer();
}

/** A landscape strip of the room's wall and pictures above the people: no face. */
export function noFacePhoto(): Promise<Buffer> {
  return sharp(sample(1)).extract({ left: 0, top: 0, width: 1300, height: 330 }).jpeg({ quality: 92 }).toBuffer();
}
