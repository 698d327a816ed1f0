import { Type, type Static } from 'typebox';
import { LANGUAGES, SCRIPT_STYLES, VIDEO_LENGTHS } from '../catalog/languages.ts';
import { BareEnvelope, Envelope, addWarnings, ok, okBare } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME, exampleVideoFile } from '../http/examples.ts';
import { ASPECT_RATIO_MEANINGS, IntEnum, Opt, StringEnum } from '../http/schema-helpers.ts';
import { statusDescriptions, type Video, type VideoRequest } from './video.repository.ts';
import type { VideoService } from './video.service.ts';
import type { VideoCancelService } from './video-cancel.service.ts';
import { refUrl } from '../storage/stored-refs.ts';

/** Every field, type and allowed value exactly as the seed lists them (CONTRACT §4). */
/** The documented create_video_from_url request (real catalog ids; test/openapi.test.ts sends it). */
export const CREATE_VIDEO_EXAMPLE = {
  product_id: EXAMPLE_IDS.product,
  aspect_ratio: 0,
  video_length: '15',
  language: 'english',
  avatar_id: 1,
  avatar_type: 0,
  script_style: 'Problem/Solution',
  template_type: 'public',
  template_id: 1,
  voice_id: 'en-us-f1',
  music_id: 1,
  visual_style: 'Clean Minimal',
  caption: true,
  video_name: 'Aurora lamp, 15 s',
};

export const CreateVideoBody = Type.Object({
  product_id: Type.String({ minLength: 1, maxLength: 64, description: 'The product to present (from POST /v1/product)' }),
  aspect_ratio: IntEnum([0, 1, 2], { meanings: ASPECT_RATIO_MEANINGS, description: '0 portrait 9:16, 1 landscape 16:9, 2 square 1:1' }),
  video_length: StringEnum(VIDEO_LENGTHS, { meanings: VIDEO_LENGTHS.map((l) => `${l}-second video`), description: 'Seconds; a number is accepted too' }),
  // The seed marks language required but names english as its default: absent means english.
  language: Opt(StringEnum(LANGUAGES, { description: 'Script language; absent or empty means english' })),
  avatar_id: Type.Integer({ description: 'From GET /v1/avatars (avatar_type 0) or /v1/avatars/custom (1)' }),
  avatar_type: IntEnum([0, 1], { meanings: ['public avatar, GET /v1/avatars', 'custom avatar, GET /v1/avatars/custom'], description: '0 public, 1 custom' }),
  script_style: StringEnum(SCRIPT_STYLES, { description: 'How the script is written (e.g. Problem/Solution, Data)' }),
  template_type: StringEnum(['public', 'custom'] as const, {
    meanings: ['a template of GET /v1/templates', 'your own template, GET /v1/templates/custom'],
    description: 'Where template_id comes from: public (GET /v1/templates) or custom (GET /v1/templates/custom)',
  }),
  voice_id: Opt(
    Type.String({
      maxLength: 128,
      description:
        "From GET /v1/voices; absent → default voice. Another vendor's voice name (Azure style, en-US-ChristopherNeural) maps to one of our voices of the video's language and that gender; the envelope's warnings say which",
    }),
  ),
  music_id: Opt(Type.Integer({ minimum: 0, description: 'From GET /v1/musics; absent or 0 → no music' })),
  visual_style: Opt(Type.String({ maxLength: 100, description: 'A name from GET /v1/visual_styles' })),
  template_id: Opt(Type.Integer({ minimum: 0, description: 'From GET /v1/templates; absent or 0 → none' })),
  override_script: Opt(Type.String({ maxLength: 5000, description: 'Narration text used instead of a generated script' })),
  caption: Opt(Type.Boolean({ description: 'Burn in captions (default false)' })),
  video_name: Opt(Type.String({ maxLength: 200, description: "The video's title; absent → the product name" })),
}, { examples: [CREATE_VIDEO_EXAMPLE] });
type CreateVideoInput = Static<typeof CreateVideoBody>;

export function normaliseVideoRequest(b: CreateVideoInput): VideoRequest {
  return {
    product_id: b.product_id,
    aspect_ratio: b.aspect_ratio,
    video_length: Number(b.video_length) as 15 | 30 | 60,
    language: b.language ?? 'english',
    avatar_id: b.avatar_id,
    avatar_type: b.avatar_type,
    script_style: b.script_style,
    template_type: b.template_type,
    voice_id: b.voice_id ?? null,
    music_id: b.music_id ? b.music_id : null,
    visual_style: b.visual_style ?? null,
    template_id: b.template_id ? b.template_id : null,
    override_script: b.override_script?.trim() ? b.override_script : null,
    caption: b.caption ?? false,
    video_name: b.video_name ?? null,
  };
}

const ProjectOut = Type.Object({
  id: Type.String({ description: 'The project (video) id' }),
  title: Type.String({ description: 'video_name, else the product name' }),
  video_url: Type.String({ description: 'Empty until status_code 4' }),
  cover_url: Type.String({ description: 'Empty until status_code 4' }),
  video_duration: Type.Number({ description: 'Seconds' }),
  status_code: Type.Integer({ description: '1 start, 2 waiting, 3 processing, 4 success, 5 failed, 99 deleted' }),
  status_desc: Type.String({ description: 'The status in words: start, waiting, processing, success, failed, deleted' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  progress: Type.Integer({ description: 'Extension: 0-100' }),
  subtitles_url: Type.String({ description: 'Extension: WebVTT when captions were made, else empty' }),
  script: Type.String({ description: 'Extension: the narration text, once written' }),
  error: Opt(
    Type.Object(
      {
        code: Type.Integer({ description: '50000 for a system failure, else the code of the input problem (e.g. 40000)' }),
        message: Type.String({ description: 'What went wrong, without internals' }),
      },
      { description: 'Extension: present when failed' },
    ),
  ),
  warnings: Type.Array(Type.String(), {
    description: 'Extension: what went wrong without stopping the video, e.g. a product media URL that did not load and why; empty when nothing did',
  }),
  files_removed_at: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'Extension: Unix seconds when the files were removed — by DELETE /v1/project (status_code 99) or by the retention period VIDEO_RETENTION_DAYS (status_code stays 4, with a warning); video_url, cover_url and subtitles_url are then empty. null while the files are kept',
  }),
});

const ProjectIdQuery = Type.Object({ project_id: Type.String({ minLength: 1, maxLength: 64, description: 'The project_id a create route returned (create_video_from_url, create_video_from_talking_avatar, …): every kind of video shares one id space', examples: [EXAMPLE_IDS.project] }) });

const ProjectList = Type.Object({
  total: Type.Integer({ description: 'Videos matching the filter, over all pages' }),
  page: Type.Integer({ description: 'This page, from 1' }),
  page_size: Type.Integer({ description: 'Videos per page' }),
  projects: Type.Array(ProjectOut, { description: 'Newest first' }),
});

const exampleProject = {
  id: EXAMPLE_IDS.project,
  title: 'Aurora lamp, 15 s',
  video_url: exampleVideoFile('video.mp4'),
  cover_url: exampleVideoFile('cover.jpg'),
  video_duration: 15.02,
  status_code: 4,
  status_desc: 'success',
  created_at: EXAMPLE_TIME,
  progress: 100,
  subtitles_url: exampleVideoFile('subtitles.vtt'),
  script: 'Tired of squinting at your desk after dark? Meet the Aurora Desk Lamp. ...',
  warnings: [],
  files_removed_at: null,
};

const notFound = { 10104: 'project_id is not a video of this account' };

/** `fileUrl` builds the files' URLs now, from this process's PUBLIC_BASE_URL: the row keeps storage keys. */
function projectView(v: Video, fileUrl: (key: string) => string) {
  return {
    id: v.id,
    title: v.title,
    video_url: refUrl(v.videoKey, fileUrl),
    cover_url: refUrl(v.coverKey, fileUrl),
    video_duration: v.duration,
    status_code: v.status,
    status_desc: statusDescriptions[v.status] ?? 'unknown',
    created_at: Math.floor(v.createdAt / 1000),
    progress: v.progress,
    subtitles_url: refUrl(v.subtitlesKey, fileUrl),
    script: v.script,
    ...(v.error ? { error: v.error } : {}),
    warnings: v.warnings,
    files_removed_at: v.filesRemovedAt ? Math.floor(v.filesRemovedAt / 1000) : null,
  };
}

const tags = ['Product videos'];

export function videoRoutes(app: App, videos: VideoService, cancels: VideoCancelService): void {
  app.post('/v1/create_video_from_url', {
    schema: {
      tags,
      summary: 'Generate an avatar video from a product (costs 1 credit)',
      body: CreateVideoBody,
      response: { 200: Envelope(Type.Object({ project_id: Type.String({ description: '32-hex id; GET /v1/project takes it' }) }), { project_id: EXAMPLE_IDS.project }) },
      'x-error-codes': {
        10104: 'product_id is not a product of this account, or an avatar_id, voice_id, music_id, template_id or visual_style the catalogs do not list (msg names the field)',
        18020: 'not enough credit (a video costs 1); nothing is recorded',
      },
    },
    handler: async (req) => {
      const { project_id, notes } = await videos.create(req.principal, normaliseVideoRequest(req.body));
      addWarnings(req, notes);
      return ok({ project_id });
    },
  });

  app.get('/v1/project', {
    schema: {
      tags,
      summary: 'Status and result of a video',
      querystring: ProjectIdQuery,
      response: {
        200: Envelope(ProjectOut, exampleProject),
      },
      'x-error-codes': notFound,
    },
    handler: async (req) => ok(projectView(await videos.get(req.principal, req.query.project_id), videos.fileUrl)),
  });

  app.get('/v1/projects', {
    schema: {
      tags,
      summary: "List the account's videos, newest first (extension)",
      querystring: Type.Object({
        // Bounded so that the row offset, (page - 1) * page_size, stays a valid SQL integer.
        page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' })),
        page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Videos per page, 1-100', examples: [10] })),
        status: Opt(
          IntEnum([1, 2, 3, 4, 5, 99], {
            description: 'Only videos with this status_code (1 start, 2 waiting, 3 processing, 4 success, 5 failed, 99 deleted); absent → every status but 99',
          }),
        ),
      }),
      response: { 200: Envelope(ProjectList, { total: 1, page: 1, page_size: 10, projects: [exampleProject] }) },
    },
    handler: async (req) => {
      const page = req.query.page ?? 1;
      const pageSize = req.query.page_size ?? 20;
      const { total, videos: list } = await videos.list(req.principal, { page, pageSize, statuses: req.query.status === undefined ? undefined : [req.query.status] });
      return ok({ total, page, page_size: pageSize, projects: list.map((v) => projectView(v, videos.fileUrl)) });
    },
  });

  app.delete('/v1/project', {
    schema: {
      tags,
      summary: 'Cancel a video being made, or delete a finished one and its files (extension)',
      description:
        'A video still being made (status_code 1-3, any kind) is cancelled: it stops within 2 s and becomes status_code 5 with error {code: 40000, message: "cancelled: …"}; its credits are given back once and its failed events fire. ' +
        'A finished video (status_code 4 or 5) becomes status_code 99 and its video, cover and captions are removed (the credit of a finished video is not given back); deleting a deleted video again succeeds.',
      querystring: ProjectIdQuery,
      response: { 200: BareEnvelope },
      'x-error-codes': {
        ...notFound,
        40000: 'project_id is missing or breaks its rule',
      },
    },
    handler: async (req) => {
      await cancels.cancelOrDelete(req.principal, req.query.project_id);
      return okBare();
    },
  });
}
