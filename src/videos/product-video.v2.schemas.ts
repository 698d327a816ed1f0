import { Type, type Static } from 'typebox';
import { refUrl } from '../storage/stored-refs.ts';
import { LANGUAGES, VIDEO_LENGTHS } from '../catalog/languages.ts';
import { V2_ACCEPTED_SCRIPT_STYLES, writerStyleOf } from '../catalog/v2-script-styles.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME, exampleVideoFile } from '../http/examples.ts';
import { IntEnum, Opt, StringEnum } from '../http/schema-helpers.ts';
import { errors } from '../lib/errors.ts';
import { aspectRatioFromV2, V2AspectRatioField, v2Status, WebhookUrlField } from '../http/v2.ts';
import { unixSeconds } from '../lib/clock.ts';
import { V2VideoResultFields, v2VideoResult, V2VideoStatus } from './video-view.v2.ts';
import { type Video, type VideoRequest } from './video.repository.ts';
import { normaliseVideoRequest } from './video.routes.ts';

/**
 * The v2 product-video shapes (JOGGAI-SURFACE.md, v2) and their mapping onto the v1 request and
 * video: a v2 body becomes the create_video_from_url body and goes through its one normaliser.
 */

const VideoSpec = Type.Object(
  {
    aspect_ratio: V2AspectRatioField(),
    length: StringEnum(VIDEO_LENGTHS, { meanings: VIDEO_LENGTHS.map((l) => `${l}-second video`), description: 'Seconds; a number is accepted too' }),
    caption: Opt(Type.Boolean({ description: 'Burn in captions (default false)' })),
    name: Opt(Type.String({ maxLength: 200, description: "The video's title; absent → the product name" })),
  },
  { description: 'What the video is: shape, length, captions, title' },
);

const commonFields = {
  product_id: Type.String({ minLength: 1, maxLength: 64, description: 'The product to present (from POST /v2/product)' }),
  video_spec: VideoSpec,
  avatar: Type.Object(
    {
      id: Type.Integer({ description: 'From GET /v1/avatars (type 0) or /v1/avatars/custom (type 1)' }),
      type: Opt(IntEnum([0, 1], { meanings: ['public avatar', 'custom avatar'], description: '0 public (default), 1 custom' })),
    },
    { description: 'Who presents' },
  ),
  voice: Opt(
    Type.Object(
      { id: Opt(Type.String({ maxLength: 128, description: "From GET /v1/voices; absent → the default voice of the language and avatar. Another vendor's voice name (en-US-ChristopherNeural) maps to one of ours; the envelope's warnings say which" })) },
      { description: 'Who speaks' },
    ),
  ),
  audio: Opt(Type.Object({ music_id: Opt(Type.Integer({ minimum: 0, description: 'From GET /v1/musics; absent or 0 → no music' })) }, { description: 'Background music' })),
  script: Type.Object(
    {
      style: StringEnum(V2_ACCEPTED_SCRIPT_STYLES, {
        description: "How the script is written: a v2 style (Don't Worry, Storytime, Discovery, Data, Top 3 reasons, Light marketing) or any v1 script_style; see docs/api.md \"v2 script styles\"",
      }),
      language: Opt(StringEnum(LANGUAGES, { description: 'Narration and caption language; absent means english' })),
    },
    { description: 'What is said and in which language' },
  ),
  override_script: Opt(Type.String({ maxLength: 5000, description: 'Narration text used instead of a generated script (it then sets the length)' })),
  webhook_url: WebhookUrlField(),
};

export const CREATE_V2_EXAMPLE = {
  product_id: EXAMPLE_IDS.product,
  visual_style: 'Clean Minimal',
  video_spec: { aspect_ratio: 'portrait', length: '15', caption: true, name: 'Aurora lamp, 15 s' },
  avatar: { id: 1, type: 0 },
  voice: { id: 'en-us-f1' },
  audio: { music_id: 1 },
  script: { style: 'Storytime', language: 'english' },
};

export const CreateV2Body = Type.Object(
  { ...commonFields, visual_style: Opt(Type.String({ maxLength: 100, description: 'A name from GET /v1/visual_styles; absent → the template\'s own look' })) },
  { examples: [CREATE_V2_EXAMPLE] },
);

const { visual_style: _one, audio: _music, ...PREVIEW_LIST_BASE } = CREATE_V2_EXAMPLE;
export const PREVIEW_LIST_EXAMPLE = { ...PREVIEW_LIST_BASE, video_spec: { aspect_ratio: 'portrait', length: '15', caption: true }, visual_styles: ['Clean Minimal', 'Bold Pop', 'Tech Neon'] };

export const PreviewListBody = Type.Object(
  {
    ...commonFields,
    visual_styles: Type.Array(Type.String({ maxLength: 100, description: 'A name from GET /v1/visual_styles; "" → the template\'s own look' }), {
      minItems: 1,
      maxItems: 10,
      description: 'One preview per entry (1-10), in this order',
    }),
  },
  { examples: [PREVIEW_LIST_EXAMPLE] },
);

type CreateV2Input = Static<typeof CreateV2Body>;

/** The v2 body as the v1 request (one normaliser): its v2 script style in the writer's name. */
export function videoRequestFromV2(b: Omit<CreateV2Input, 'visual_style'> & { visual_style?: string | undefined }): VideoRequest {
  // The schema's enum is V2_ACCEPTED_SCRIPT_STYLES, each of which has a writer style.
  const scriptStyle = writerStyleOf(b.script.style);
  if (!scriptStyle) throw errors.parameter('script.style', `must be one of ${V2_ACCEPTED_SCRIPT_STYLES.join(', ')}`);
  return normaliseVideoRequest({
    product_id: b.product_id,
    aspect_ratio: aspectRatioFromV2(b.video_spec.aspect_ratio),
    video_length: b.video_spec.length,
    language: b.script.language,
    avatar_id: b.avatar.id,
    avatar_type: b.avatar.type ?? 0,
    script_style: scriptStyle,
    template_type: 'public',
    voice_id: b.voice?.id,
    music_id: b.audio?.music_id,
    visual_style: b.visual_style,
    override_script: b.override_script,
    caption: b.video_spec.caption,
    video_name: b.video_spec.name,
  });
}

export const ProductVideoV2 = Type.Object({
  ...V2VideoResultFields,
  script: Type.String({ description: 'Extension: the narration text, once written' }),
  is_preview: Type.Boolean({ description: 'Extension: true for a preview (preview_list), false for a video' }),
});

export const productVideoV2View = (v: Video, fileUrl: (key: string) => string) => ({ ...v2VideoResult(v, fileUrl), script: v.script, is_preview: v.kind === 'preview' });

export const exampleProductVideoV2 = {
  video_id: EXAMPLE_IDS.project,
  title: 'Aurora lamp, 15 s',
  status: 'completed',
  video_url: exampleVideoFile('video.mp4'),
  cover_url: exampleVideoFile('cover.jpg'),
  created_at: EXAMPLE_TIME,
  deducted_credit: 1,
  duration: 15.02,
  progress: 100,
  subtitles_url: exampleVideoFile('subtitles.vtt'),
  script: 'Meet the Aurora Desk Lamp. ...',
  is_preview: false,
};

/** An item of the v2 lists. */
export const ListItemV2 = Type.Object({
  id: Type.String({ description: 'The video id (video_id / preview_id)' }),
  title: Type.String({ description: 'The title' }),
  video_duration: Type.Number({ description: 'Seconds, once completed' }),
  video_url: Type.String({ description: 'MP4; empty until completed' }),
  cover_url: Type.String({ description: 'JPEG; empty until completed' }),
  status: V2VideoStatus,
  created_at: Type.Integer({ description: 'Unix seconds' }),
});

export const listItemV2 = (v: Video, fileUrl: (key: string) => string) => ({
  id: v.id,
  title: v.title,
  video_duration: v.duration,
  video_url: refUrl(v.videoKey, fileUrl),
  cover_url: refUrl(v.coverKey, fileUrl),
  status: v2Status(v.status),
  created_at: unixSeconds(v.createdAt),
});

export const exampleListItemV2 = {
  id: EXAMPLE_IDS.project,
  title: 'Aurora lamp, 15 s',
  video_duration: 15.02,
  video_url: exampleVideoFile('video.mp4'),
  cover_url: exampleVideoFile('cover.jpg'),
  status: 'completed',
  created_at: EXAMPLE_TIME,
};
