import { Type, type Static } from 'typebox';
import { Envelope, addWarnings, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME, exampleVideoFile } from '../http/examples.ts';
import { Opt } from '../http/schema-helpers.ts';
import { v2Status, WebhookUrlField } from '../http/v2.ts';
import { unixSeconds } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { MAX_LOST_SHARE } from '../pipeline/lipsync/lip-sync.faces.ts';
import { PLAYBACK_TYPES, type PlaybackType } from '../pipeline/lipsync/playback.ts';
import { refUrl } from '../storage/stored-refs.ts';
import type { LipSyncInput, LipSyncService } from './lip-sync.service.ts';
import { DeductedCredit, V2VideoError, V2VideoStatus, v2ErrorOf } from './video-view.v2.ts';
import type { Video } from './video.repository.ts';
import type { VideoService } from './video.service.ts';

/**
 * v2 lip-sync (JOGGAI-SURFACE.md, CONTRACT §13): `{video_url, audio_url, playback_type}` plus the
 * request's webhook_url and our extensions (a script spoken by a voice instead of audio_url); the
 * status of a `lip_sync` video. docs/api.md "Lip-sync".
 */
const LipSyncBody = Type.Object({
  video_url: Type.String({ maxLength: 2048, description: 'The video of one person facing the camera (at most 10 minutes): an https URL, an asset_url or asset_id from POST /v2/upload/asset, or a file URL of this server' }),
  audio_url: Opt(Type.String({ maxLength: 2048, description: 'The new audio (mp3, wav, m4a, ogg; at most 10 minutes): a URL, an asset_url or asset_id. The output lasts as long as it. Required unless script is given' })),
  playback_type: Opt(Type.Union([Type.String({ maxLength: 40 }), Type.Integer()], {
    description: 'What the video does when the audio is longer: normal (or 1, the default) plays it again from its start; normal_reverse (or 2) plays it backward, then forward again (no jump). When the audio is shorter, the video is cut at the audio\'s end',
  })),
  script: Opt(Type.String({ maxLength: 20_000, description: 'Extension: without audio_url, what voice_id says (the new audio); with audio_url, what the audio says (the mouth then follows its phonemes, timed by the forced aligner, instead of its loudness)' })),
  voice_id: Opt(Type.String({ maxLength: 128, description: 'Extension, with script and no audio_url: the voice that says it (GET /v2/voices, or a custom voice); default an adult female voice of language' })),
  language: Opt(Type.String({ maxLength: 40, description: "Extension: the script's language when the voice does not tell it; default the voice's, else english" })),
  title: Opt(Type.String({ maxLength: 200, description: 'Extension: the video\'s title (GET /v1/project)' })),
  callback_url: Opt(Type.String({ maxLength: 2048, description: "Another name for webhook_url (used when webhook_url is absent)" })),
  webhook_url: WebhookUrlField(),
}, {
  examples: [{ video_url: 'https://example.com/me-talking.mp4', script: 'Hello! This is me, speaking new words.', voice_id: 'en-us-f1', playback_type: 'normal' }],
});

function playbackOf(v: string | number | undefined): PlaybackType {
  if (v === undefined || v === '' || v === 1 || v === '1') return 'normal';
  if (v === 2 || v === '2') return 'normal_reverse';
  const s = String(v).trim().toLowerCase();
  if ((PLAYBACK_TYPES as readonly string[]).includes(s)) return s as PlaybackType;
  throw errors.parameter('playback_type', `"${v}" is not a playback type: normal (1) or normal_reverse (2)`);
}

export function fromBody(b: Static<typeof LipSyncBody>): LipSyncInput {
  return {
    video_url: b.video_url.trim() || null,
    audio_url: b.audio_url?.trim() || null,
    script: b.script?.trim() || null,
    voice_id: b.voice_id?.trim() || null,
    language: b.language?.trim() || null,
    playback_type: playbackOf(b.playback_type),
    title: b.title?.trim() || null,
    webhook_url: b.webhook_url?.trim() || b.callback_url?.trim() || null,
  };
}

const LipSyncStatus = Type.Object({
  task_id: Type.String({ description: 'The 32-hex id (the project_id of GET /v1/project)' }),
  status: V2VideoStatus,
  video_url: Type.String({ description: 'The lip-synced MP4; empty until completed' }),
  cover_url: Type.String({ description: 'JPEG; empty until completed' }),
  title: Type.String({ description: 'Extension: the title given' }),
  playback_type: Type.String({ description: 'Extension: normal or normal_reverse' }),
  duration: Type.Number({ description: 'Seconds (the audio\'s length), once completed' }),
  progress: Type.Integer({ description: 'Extension: 0-100' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  deducted_credit: DeductedCredit(),
  warnings: Type.Array(Type.String(), { description: 'Extension: e.g. how many frames kept the original mouth because the face was lost there' }),
  error: V2VideoError(),
});

export function lipSyncView(v: Video, fileUrl: (key: string) => string): Static<typeof LipSyncStatus> {
  return {
    task_id: v.id,
    status: v2Status(v.status),
    video_url: refUrl(v.videoKey, fileUrl),
    cover_url: refUrl(v.coverKey, fileUrl),
    title: v.title,
    playback_type: (v.request as { playback_type?: string }).playback_type ?? 'normal',
    duration: v.duration,
    progress: v.progress,
    created_at: unixSeconds(v.createdAt),
    deducted_credit: v.credits,
    warnings: v.warnings ?? [],
    ...v2ErrorOf(v),
  };
}

const tags = ['Lip-sync'];

export function lipSyncV2Routes(app: App, service: LipSyncService, videos: VideoService): void {
  app.post('/v2/create_lip_sync_video', {
    schema: {
      tags,
      summary: 'Lip-sync a video of one person to a new audio (1 credit per started 2 minutes of output)',
      description:
        `The face is tracked in every frame of video_url; the output lasts as long as the new audio (playback_type: the video loops forward or forward-back when the audio is longer, and is cut at the audio's end when it is shorter); in each frame the mouth is closed and then opened as the new speech says (its phonemes with a script, else its loudness and spectrum), the new audio replaces the old. Frames where the face is lost keep the original picture; over ${Math.round(MAX_LOST_SHARE * 100)} % of such frames fails the video with the reason. Status through GET /v2/lip_sync_video/{task_id}; fires generated_lip_sync_video_* (and generated_video_* for v1 endpoints). See docs/api.md "Lip-sync".`,
      body: LipSyncBody,
      response: { 200: Envelope(Type.Object({ task_id: Type.String({ description: '32-hex id; poll GET /v2/lip_sync_video/{task_id}' }) }), { task_id: EXAMPLE_IDS.lipSyncVideo }) },
      'x-error-codes': {
        10104: 'voice_id is not a voice',
        18020: 'not enough credit (1 per started 2 minutes of output); nothing is recorded',
        40000: 'video_url missing or not a URL/asset this server takes; audio_url (or script) missing, not audio or over 10 minutes; playback_type not normal/normal_reverse (msg names the field). Nothing is recorded. A clip that is not a video, lasts over 10 minutes or has no face to follow fails the video later (error.message; credit given back)',
      },
    },
    handler: async (req) => {
      const out = await service.create(req.principal, fromBody(req.body));
      addWarnings(req, out.notes);
      return ok({ task_id: out.task_id });
    },
  });

  app.get('/v2/lip_sync_video/:task_id', {
    schema: {
      tags,
      summary: 'Status and result of a lip-sync video',
      params: Type.Object({ task_id: Type.String({ minLength: 1, maxLength: 64, description: 'The task_id of POST /v2/create_lip_sync_video', examples: [EXAMPLE_IDS.lipSyncVideo] }) }),
      response: {
        200: Envelope(LipSyncStatus, {
          task_id: EXAMPLE_IDS.lipSyncVideo,
          status: 'completed',
          video_url: exampleVideoFile('video.mp4'),
          cover_url: exampleVideoFile('cover.jpg'),
          title: 'Lip-sync video',
          playback_type: 'normal',
          duration: 12.4,
          progress: 100,
          created_at: EXAMPLE_TIME,
          deducted_credit: 1,
          warnings: [],
        }),
      },
      'x-error-codes': { 10104: 'task_id is not a lip-sync video of this account' },
    },
    handler: async (req) => ok(lipSyncView(await videos.get(req.principal, req.params.task_id, ['lip_sync'], 'task_id'), videos.fileUrl)),
  });
}
