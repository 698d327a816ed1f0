/**
 * One face-pool task, run in a worker thread: decode the photo, find faces and landmarks, judge
 * whether it can be a presenter. Returns a rig or the reason it cannot.
 */
import { detectFaces } from './face.detect.ts';
import { segmentPerson } from './person.segment.ts';
import { rigFromScan, type RigVerdict } from './photo.rig.ts';

export async function faceTask(input: { image: Uint8Array }): Promise<RigVerdict> {
  let scan;
  try {
    scan = await detectFaces(input.image);
  } catch {
    return { ok: false, reason: 'the file is not a photo we can read (JPEG, PNG or WebP portrait expected)' };
  }
  const verdict = rigFromScan(scan);
  if (!verdict.ok) return verdict;
  try {
    const mask = await segmentPerson(input.image);
    if (mask) verdict.rig.mask = Buffer.from(mask).toString('base64');
  } catch {
    // No cut-out: the painter frames the photo instead.
  }
  return verdict;
}
