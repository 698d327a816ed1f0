/**
 * What a photo must be to become a presenter, and the rig kept from it: exactly one face, at
 * least 256 px, in an image at least 256 px on its short side. Pure: the detection itself runs in
 * the face worker (face.detect.ts via face.pool.ts).
 */
import { guessAgeGender } from '../apparent.ts';
import type { FaceScan } from './face.detect.ts';

export const MIN_FACE_PX = 256;

export interface PhotoRig {
  /** The photo's size in pixels (after EXIF orientation). */
  width: number;
  height: number;
  /** 68 landmarks (iBUG 300-W order) in photo pixels. */
  landmarks: Array<[number, number]>;
  face: { x: number; y: number; width: number; height: number };
  /**
   * The person cut-out: base64 of a 256 × 256 byte mask over the whole photo (0 background …
   * 255 person), from person.segment.ts; absent when segmentation failed (the photo is framed).
   */
  mask?: string;
}

/**
 * A rig, with the person's apparent gender and age when face-api's age/gender model is confident
 * (guessAgeGender: the same rule as video presenters), which picks the presenter's default voice.
 */
export type RigVerdict = { ok: true; rig: PhotoRig; apparent?: { gender: 'male' | 'female'; age: number } } | { ok: false; reason: string };

export function rigFromScan(scan: FaceScan): RigVerdict {
  if (Math.min(scan.width, scan.height) < MIN_FACE_PX) {
    return { ok: false, reason: `the image is ${scan.width}x${scan.height} px; a portrait photo at least ${MIN_FACE_PX} px on its short side is needed` };
  }
  if (scan.faces.length === 0) return { ok: false, reason: 'no face was found in the photo; use a portrait photo of one person facing the camera' };
  if (scan.faces.length > 1) return { ok: false, reason: `${scan.faces.length} faces were found in the photo; use a photo of one person` };
  const face = scan.faces[0]!;
  const size = Math.round(Math.max(face.box.width, face.box.height));
  if (size < MIN_FACE_PX) return { ok: false, reason: `the face is ${size} px; it must be at least ${MIN_FACE_PX} px (use a larger or closer photo)` };
  const verdict: RigVerdict = { ok: true, rig: { width: scan.width, height: scan.height, landmarks: face.landmarks, face: face.box } };
  const apparent = guessAgeGender([face]);
  if (apparent) verdict.apparent = apparent;
  return verdict;
}
