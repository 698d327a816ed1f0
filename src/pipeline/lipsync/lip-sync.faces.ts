/**
 * A clip's tracked faces judged for lip-sync (pure): one person, smoothed landmarks per frame,
 * null where the face is lost (those frames keep the original picture). More than
 * MAX_LOST_SHARE of frames without the face refuses the job with a reason (docs/api.md "Lip-sync").
 */
import type { VideoTrackResult } from '../avatar/video/face-video.task.ts';
import { smoothLandmarks, type Pt } from '../avatar/video/video.track.ts';

/** Share of the clip's frames that may lose the face (they keep the original frame). */
export const MAX_LOST_SHARE = 0.3;

export type LipSyncFaces = { ok: true; landmarks: Array<Pt[] | null>; lost: number } | { ok: false; reason: string };

export function judgeLipSyncFaces(t: VideoTrackResult): LipSyncFaces {
  if (t.frames === 0) return { ok: false, reason: `the video could not be read${t.error ? `: ${t.error.split('\n')[0]}` : ''}` };
  const withFace = t.samples.filter((s) => s.faces > 0);
  if (withFace.length === 0 || t.landmarks.every((l) => l === null)) return { ok: false, reason: 'no face was found in the video; lip-sync needs one person facing the camera' };
  const several = withFace.filter((s) => s.faces > 1).length;
  if (several > withFace.length * 0.2) return { ok: false, reason: 'several faces were found in the video; lip-sync needs one person alone in the frame' };
  const lost = t.landmarks.filter((l) => l === null).length;
  if (lost > t.frames * MAX_LOST_SHARE) {
    return { ok: false, reason: `the face is lost in ${Math.round((lost / t.frames) * 100)} % of the video's frames (at most ${Math.round(MAX_LOST_SHARE * 100)} %); keep one face turned to the camera` };
  }
  return { ok: true, landmarks: smoothLandmarks(t.landmarks), lost };
}
