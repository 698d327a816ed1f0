import { Type } from 'typebox';
import { unixSeconds } from '../lib/clock.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import { v2Status, V2_STATUSES } from '../http/v2.ts';
import { refUrl } from '../storage/stored-refs.ts';
import { VideoStatus, type Video } from './video.repository.ts';

/**
 * What the v2 views of a video share (product, preview, avatar and template videos): the status
 * string, the `error {code, message}` of a failed one, deducted_credit, and the fields the product
 * and avatar status routes both answer. One mapping each; the routes pick and name them.
 */

export const V2VideoStatus = StringEnum(V2_STATUSES, { description: 'pending, processing, completed, failed (deleted: its files were removed)' });

export const V2VideoError = (description = 'Extension: present when failed') =>
  Opt(
    Type.Object(
      {
        code: Type.Integer({ description: '50000 for a system failure, else the code of the input problem' }),
        message: Type.String({ description: 'What went wrong, without internals' }),
      },
      { description },
    ),
  );
/** `{error}` for a failed video, else nothing (the field is left out). */
export const v2ErrorOf = (v: Video) => (v.error ? { error: v.error } : {});

export const DeductedCredit = (description = 'Credits taken for it (1 per started 2 minutes, 0 for a preview; given back when it failed)') => Type.Number({ description });

/** The answer of the v2 create routes that answer a status too. */
export const V2Accepted = Type.Object({
  video_id: Type.String({ description: '32-hex id; poll its v2 status route (GET /v1/project takes it too: one id space)' }),
  status: Type.String({ description: 'pending: accepted and waiting for a worker' }),
});
export const v2Accepted = (videoId: string) => ({ video_id: videoId, status: v2Status(VideoStatus.waiting) });

/** The status and result fields the product-video and avatar-video status routes share. */
export const V2VideoResultFields = {
  video_id: Type.String({ description: 'The 32-hex id (the project_id of GET /v1/project)' }),
  title: Type.String({ description: 'The video\'s title (video_spec.name / video_name, else the product name)' }),
  status: V2VideoStatus,
  video_url: Type.String({ description: 'MP4 (WebM for a transparent avatar video); empty until completed' }),
  cover_url: Type.String({ description: 'JPEG; empty until completed' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  deducted_credit: DeductedCredit(),
  duration: Type.Number({ description: 'Extension: seconds, once completed' }),
  progress: Type.Integer({ description: 'Extension: 0-100' }),
  subtitles_url: Type.String({ description: 'Extension: WebVTT when captions were made, else empty' }),
  error: V2VideoError(),
};

export function v2VideoResult(v: Video, fileUrl: (key: string) => string) {
  return {
    video_id: v.id,
    title: v.title,
    status: v2Status(v.status),
    video_url: refUrl(v.videoKey, fileUrl),
    cover_url: refUrl(v.coverKey, fileUrl),
    created_at: unixSeconds(v.createdAt),
    deducted_credit: v.credits,
    duration: v.duration,
    progress: v.progress,
    subtitles_url: refUrl(v.subtitlesKey, fileUrl),
    ...v2ErrorOf(v),
  };
}
