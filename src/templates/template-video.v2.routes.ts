import { Type, type Static } from 'typebox';
import { refUrl } from '../storage/stored-refs.ts';
import { V2VideoListQuery, videoListOf } from '../videos/video-list.v2.ts';
import { Envelope, addWarnings, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME, exampleVideoFile } from '../http/examples.ts';
import { IntEnum, Opt, StringEnum } from '../http/schema-helpers.ts';
import { aspectRatioFromV2, v2Pagination, V2Pagination, v2Status, V2AspectRatioField, WebhookUrlField } from '../http/v2.ts';
import { unixSeconds } from '../lib/clock.ts';
import { DeductedCredit, v2ErrorOf, V2VideoError, V2VideoStatus } from '../videos/video-view.v2.ts';
import type { SceneEffects } from '../pipeline/timeline/build.ts';
import { VideoStatus, type Video } from '../videos/video.repository.ts';
import type { VideoService } from '../videos/video.service.ts';
import type { TemplateVideoInput, TemplateVideoService } from './template-video.service.ts';
import { templateTypeOfId } from './template.service.ts';
import { VariablesIn } from './template.schemas.ts';

/**
 * v2 of the template video (JOGGAI-SURFACE.md): create_video_with_template with v2's field names
 * mapped onto the one TemplateVideoService, and the v2 status and list of template videos.
 */
const Flag = (description: string) => Opt(Type.Boolean({ description }));

const TemplateVideoV2Body = Type.Object({
  template_id: Type.Integer({ minimum: 1, description: 'From GET /v2/templates (public) or GET /v2/templates/custom (yours): the two id ranges do not meet, so the id says which' }),
  template_type: Opt(StringEnum(['common', 'user', 'public', 'custom'] as const, {
    meanings: ['a public template', 'your own template', 'same as common', 'same as user'],
    description: 'Extension (the v1 field, which some v2 guides still send): where template_id comes from; absent → told by the id (custom templates are numbered from 100000)',
  })),
  voice_language: Opt(Type.String({ maxLength: 40, description: 'Narration language: a language name of GET /v2/voices (english), an ISO code (en) or a locale (en-US); absent → english' })),
  variables: VariablesIn('text and script variables: the text; image and video variables: their URL (an https URL, an asset_url or an asset_id) when url and asset_id are not given'),
  video_name: Opt(Type.String({ maxLength: 200, description: "The video's title; absent → the template's title text or name" })),
  avatar_id: Opt(Type.Integer({ minimum: 0, description: 'A presenter from GET /v2/avatars/public (avatar_type 0) or your own (1); 0 or absent → none' })),
  avatar_type: Opt(IntEnum([0, 1], { meanings: ['public avatar', 'custom avatar'], description: 'Where avatar_id comes from: 0 public (default), 1 custom' })),
  voice_id: Opt(Type.String({ maxLength: 128, description: "From GET /v2/voices or /v2/voices/custom; absent → the language's default voice" })),
  captions_enabled: Opt(Type.Boolean({ description: 'Burn in captions (default false)' })),
  background_music_id: Opt(Type.Integer({ minimum: 0, description: 'From GET /v2/musics; 0 or absent → none' })),
  aspect_ratio: Opt(V2AspectRatioField('Extension: public templates only (a custom template has its own); absent → portrait')),
  disable_trans: Flag('No transitions: every scene change is a cut (default false)'),
  disable_random_trans: Flag("No random transitions: honoured always — the template's transitions come in a fixed turn, never drawn at random"),
  disable_moving: Flag('No image motion: pictures and clips stand still (default false)'),
  disable_random_moving: Flag('No random image motion: every picture gets the same slow zoom in on its centre instead of a move drawn at random (default false; disable_moving wins)'),
  webhook_url: WebhookUrlField(),
}, {
  examples: [{
    template_id: 1,
    voice_language: 'english',
    video_name: 'Aurora lamp spotlight',
    avatar_id: 1,
    avatar_type: 0,
    voice_id: 'en-us-f1',
    captions_enabled: true,
    background_music_id: 1,
    disable_random_moving: true,
    variables: [
      { type: 'script', name: 'script', properties: { content: 'Meet the Aurora Desk Lamp: warm, dimmable light for late work, charged over USB-C.' } },
      { type: 'text', name: 'title', properties: { content: 'Aurora Desk Lamp' } },
    ],
  }],
});

/** The scene effects the disable_* flags ask for (docs/templates.md "Effects"). */
export function effectsOf(b: { disable_trans?: boolean | undefined; disable_moving?: boolean | undefined; disable_random_moving?: boolean | undefined }): SceneEffects {
  return { transitions: !b.disable_trans, motion: b.disable_moving ? 'none' : b.disable_random_moving ? 'steady' : 'random' };
}

/** The v2 body as the one template-video input; v2 puts a picture's or clip's URL in `content`. */
export function fromV2(b: Static<typeof TemplateVideoV2Body>): TemplateVideoInput {
  const variables = b.variables.map((v) => {
    const p = v.properties;
    const media = v.type === 'image' || v.type === 'video';
    const hasRef = !!(p?.url?.trim() || (p?.asset_id !== undefined && String(p.asset_id).trim() !== '' && String(p.asset_id) !== '0'));
    return media && p?.content?.trim() && !hasRef ? { ...v, properties: { ...p, url: p.content.trim() } } : v;
  });
  return {
    template_id: b.template_id,
    template_type: b.template_type ?? templateTypeOfId(b.template_id),
    lang: b.voice_language,
    aspect_ratio: b.aspect_ratio === undefined ? undefined : aspectRatioFromV2(b.aspect_ratio),
    avatar_id: b.avatar_id,
    avatar_type: b.avatar_type,
    voice_id: b.voice_id,
    caption: b.captions_enabled,
    music_id: b.background_music_id,
    video_name: b.video_name,
    variables,
    effects: effectsOf(b),
    webhook_url: b.webhook_url?.trim() || null,
  };
}

const Status = V2VideoStatus;
const ErrorOut = V2VideoError('Present when failed');

const TemplateVideoV2 = Type.Object({
  video_id: Type.String({ description: 'The 32-hex id (the project_id of GET /v1/project)' }),
  status: Status,
  created_at: Type.Integer({ description: 'Unix seconds' }),
  completed_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds when it completed or failed; null before' }),
  progress: Type.Integer({ description: 'Extension: 0-100' }),
  data: Type.Object({
    video_name: Type.String({ description: "The video's title" }),
    url: Type.String({ description: 'The MP4; empty until completed' }),
    cover_url: Type.String({ description: 'JPEG; empty until completed' }),
    duration_seconds: Type.Number({ description: 'Seconds, once completed' }),
    deducted_credit: DeductedCredit(),
  }, { description: 'The result' }),
  error: ErrorOut,
});

const TemplateVideoItem = Type.Object({
  video_id: Type.String({ description: 'The 32-hex id' }),
  video_name: Type.String({ description: "The video's title" }),
  status: Status,
  created_at: Type.Integer({ description: 'Unix seconds' }),
  cover_url: Type.String({ description: 'JPEG; empty until completed' }),
  url: Type.String({ description: 'The MP4; empty until completed' }),
  duration_seconds: Type.Number({ description: 'Seconds, once completed' }),
  deducted_credit: DeductedCredit('Extension: credits taken for it (1 per started 2 minutes; given back when it failed)'),
  error: ErrorOut,
});

const finished = (v: Video) => v.status === VideoStatus.success || v.status === VideoStatus.failed;

const templateVideoView = (v: Video, fileUrl: (key: string) => string) => ({
  video_id: v.id,
  status: v2Status(v.status),
  created_at: unixSeconds(v.createdAt),
  completed_at: finished(v) ? unixSeconds(v.updatedAt) : null,
  progress: v.progress,
  data: { video_name: v.title, url: refUrl(v.videoKey, fileUrl), cover_url: refUrl(v.coverKey, fileUrl), duration_seconds: v.duration, deducted_credit: v.credits },
  ...v2ErrorOf(v),
});

const templateVideoItem = (v: Video, fileUrl: (key: string) => string) => ({
  video_id: v.id,
  video_name: v.title,
  status: v2Status(v.status),
  created_at: unixSeconds(v.createdAt),
  cover_url: refUrl(v.coverKey, fileUrl),
  url: refUrl(v.videoKey, fileUrl),
  duration_seconds: v.duration,
  deducted_credit: v.credits,
  ...v2ErrorOf(v),
});

const exampleData = { video_name: 'Aurora lamp spotlight', url: exampleVideoFile('video.mp4'), cover_url: exampleVideoFile('cover.jpg'), duration_seconds: 12.4, deducted_credit: 1 };
const tags = ['Templates'];

export function templateVideoV2Routes(app: App, templateVideos: TemplateVideoService, videos: VideoService): void {
  app.post('/v2/create_video_with_template', {
    schema: {
      tags,
      summary: 'v2 of create_video_with_template: a video from a template, filling its variables (1 credit per started 2 minutes)',
      description:
        'The same video as POST /v1/create_video_with_template, in v2 names (voice_language, captions_enabled, background_music_id) with the disable_* scene effects. There is no template_type: the template id says whether it is public or yours. Status through GET /v2/template_video/{video_id}; fires generated_template_video_* (and generated_video_* for v1 endpoints).',
      body: TemplateVideoV2Body,
      response: { 200: Envelope(Type.Object({ video_id: Type.String({ description: '32-hex id; poll GET /v2/template_video/{video_id}' }) }), { video_id: EXAMPLE_IDS.templateVideo }) },
      'x-error-codes': {
        10104: "template_id is not a public template nor one of this account's, or an avatar_id, voice_id or background_music_id the catalogs do not list (msg names the field)",
        18020: 'not enough credit (1 per started 2 minutes); nothing is recorded',
        40000: 'a field breaks its rule (aspect_ratio not portrait, landscape or square…), or a variable is missing, unknown or of the wrong type (msg names the variable)',
      },
    },
    handler: async (req) => {
      const { project_id, notes } = await templateVideos.create(req.principal, fromV2(req.body));
      addWarnings(req, notes);
      return ok({ video_id: project_id });
    },
  });

  app.get('/v2/template_video/:video_id', {
    schema: {
      tags,
      summary: 'Status and result of a template video (v2)',
      params: Type.Object({ video_id: Type.String({ minLength: 1, maxLength: 64, description: 'The video_id of POST /v2/create_video_with_template (or a project_id of POST /v1/create_video_with_template)', examples: [EXAMPLE_IDS.templateVideo] }) }),
      response: {
        200: Envelope(TemplateVideoV2, { video_id: EXAMPLE_IDS.templateVideo, status: 'completed', created_at: EXAMPLE_TIME, completed_at: EXAMPLE_TIME + 40, progress: 100, data: exampleData }),
      },
      'x-error-codes': { 10104: "video_id is not a template video of this account (unknown, another account's, or a video of another kind)" },
    },
    handler: async (req) => ok(templateVideoView(await videos.get(req.principal, req.params.video_id, ['template'], 'video_id'), videos.fileUrl)),
  });

  app.get('/v2/template_videos', {
    schema: {
      tags,
      summary: "The account's template videos, newest first (v2)",
      querystring: Type.Object({
        ...V2VideoListQuery.properties,
      }),
      response: {
        200: Envelope(
          Type.Object({ data: Type.Array(TemplateVideoItem, { description: 'Newest first' }), pagination: V2Pagination }),
          {
            data: [{ video_id: EXAMPLE_IDS.templateVideo, video_name: exampleData.video_name, status: 'completed', created_at: EXAMPLE_TIME, cover_url: exampleData.cover_url, url: exampleData.url, duration_seconds: exampleData.duration_seconds, deducted_credit: 1 }],
            pagination: { page: 1, page_size: 10, total: 1, total_pages: 1 },
          },
        ),
      },
      'x-error-codes': { 40000: 'page, page_size, status, sort_by or sort_order breaks its rule' },
    },
    handler: async (req) => {
      const q = videoListOf(req.query);
      const { page, pageSize } = q;
      const { total, videos: list } = await videos.list(req.principal, { ...q, kinds: ['template'] });
      return ok({ data: list.map((v) => templateVideoItem(v, videos.fileUrl)), pagination: v2Pagination(page, pageSize, total) });
    },
  });
}
