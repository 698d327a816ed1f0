import { Type, type Static } from 'typebox';
import { Envelope, addWarnings, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME, exampleVideoFile } from '../http/examples.ts';
import { LANGUAGES } from '../catalog/languages.ts';
import { IntEnum, Opt, StringEnum } from '../http/schema-helpers.ts';
import { aspectRatioFromV2, V2AspectRatioField, WebhookUrlField } from '../http/v2.ts';
import { errors } from '../lib/errors.ts';
import { normaliseTalkingAvatar } from './talking-avatar.routes.ts';
import type { TalkingAvatarInput, TalkingAvatarService } from './talking-avatar.service.ts';
import { V2Accepted, v2Accepted, V2VideoResultFields, v2VideoResult } from './video-view.v2.ts';
import type { VideoService } from './video.service.ts';

/**
 * v2 of the talking-avatar video (JOGGAI-SURFACE.md): the v1 request nested as the CLI sends it
 * (avatar{}, voice{type, …}, aspect_ratio a name) and mapped onto the one TalkingAvatarService;
 * its status answered by GET /v2/avatar_video/{id} for avatar videos only.
 */
const AvatarVideoV2Body = Type.Object({
  avatar: Type.Object({
    avatar_id: Type.Integer({ description: 'From GET /v2/avatars/public (avatar_type 0) or /v2/avatars/custom, /v2/avatars/photo_avatars (1)' }),
    avatar_type: Opt(IntEnum([0, 1], { meanings: ['public avatar', "the account's custom avatar (drawn or photo)"], description: '0 public (default), 1 custom' })),
  }, { description: 'The presenter' }),
  voice: Type.Object({
    type: StringEnum(['script', 'audio'] as const, {
      meanings: ['the presenter says voice.script with voice.voice_id', 'the presenter lip-moves to voice.audio_url'],
      description: 'What the presenter says: script (text to speech) or audio (your recording)',
    }),
    script: Opt(Type.String({ maxLength: 10_000, description: 'type script: what the presenter says (at most 10 minutes of speech). type audio: optional, the words of the audio, aligned to it for the captions' })),
    audio_url: Opt(Type.String({ maxLength: 2048, description: 'type audio: mp3, wav, m4a or ogg of at most 10 minutes — an https URL, an asset_url from POST /v2/upload/asset, or an asset_id' })),
    voice_id: Opt(Type.String({ maxLength: 128, description: "type script: a voice of GET /v2/voices or /v2/voices/custom (another vendor's name such as en-US-ChristopherNeural maps to one of ours; warnings say which); absent → the avatar's default voice. Not used with type audio" })),
  }, { description: 'The speech' }),
  aspect_ratio: Opt(V2AspectRatioField('portrait 9:16 (default), landscape 16:9, square 1:1')),
  screen_style: Opt(IntEnum([1, 2, 3], {
    meanings: ["the avatar's own scene behind it (MP4)", 'a flat chroma-key green (#00B140) behind it (MP4)', 'a transparent background: WebM (VP9 with alpha, Opus audio)'],
    description: 'Background: 1 scene (default), 2 green screen, 3 transparent (WebM with alpha)',
  })),
  caption: Opt(Type.Boolean({ description: 'Burn in captions of the script (default false); a type audio video has them only when voice.script is given' })),
  video_name: Opt(Type.String({ maxLength: 200, description: 'Title of the video; default "My Video"' })),
  webhook_url: WebhookUrlField(),
  language: Opt(StringEnum(LANGUAGES, { description: "Extension: the language of voice.script given with type audio (to align it); absent → voice_id's language, else english" })),
}, {
  examples: [{
    avatar: { avatar_id: 1, avatar_type: 0 },
    voice: { type: 'script', script: 'Hi! Meet the Aurora Desk Lamp: warm, dimmable light for late work, charged over USB-C.', voice_id: 'en-us-f1' },
    aspect_ratio: 'portrait',
    screen_style: 1,
    caption: true,
    video_name: 'Aurora lamp intro',
  }],
});

/** The v2 body as the one talking-avatar input: voice.type picks which of script and audio_url is used. */
export function fromV2(b: Static<typeof AvatarVideoV2Body>): TalkingAvatarInput {
  const { voice } = b;
  if (voice.type === 'script' && !voice.script?.trim()) throw errors.parameter('voice.script', 'is required when voice.type is script');
  if (voice.type === 'audio' && !voice.audio_url?.trim()) throw errors.parameter('voice.audio_url', 'is required when voice.type is audio');
  return {
    ...normaliseTalkingAvatar({
      avatar_id: b.avatar.avatar_id,
      avatar_type: b.avatar.avatar_type,
      voice_id: voice.voice_id,
      screen_style: b.screen_style,
      script: voice.script,
      audio_url: voice.type === 'audio' ? voice.audio_url : undefined,
      aspect_ratio: b.aspect_ratio === undefined ? undefined : aspectRatioFromV2(b.aspect_ratio),
      caption: b.caption,
      video_name: b.video_name,
      language: b.language,
    }),
    webhook_url: b.webhook_url?.trim() || null,
  };
}

const AvatarVideoV2 = Type.Object(V2VideoResultFields);

const tags = ['Avatar videos'];

export function talkingAvatarV2Routes(app: App, service: TalkingAvatarService, videos: VideoService): void {
  app.post('/v2/create_video_from_avatar', {
    schema: {
      tags,
      summary: 'v2 of create_video_from_talking_avatar: a presenter saying a script or lip-moving to your audio (1 credit per started 2 minutes)',
      description:
        'The same video as POST /v1/create_video_from_talking_avatar, in v2 shapes: avatar{} and voice{} objects, aspect_ratio a name. Status through GET /v2/avatar_video/{id}; fires generated_avatar_video_* (and generated_video_* for v1 endpoints).',
      body: AvatarVideoV2Body,
      response: {
        200: Envelope(V2Accepted, v2Accepted(EXAMPLE_IDS.avatarVideo)),
      },
      'x-error-codes': {
        10104: "avatar.avatar_id is not an avatar of its avatar_type (another account's custom avatar too), voice.voice_id is not a voice, or voice.audio_url is an asset this account did not upload (msg names the field)",
        18020: 'not enough credit (1 per started 2 minutes of output); nothing is recorded',
        40000: 'a field breaks its rule (aspect_ratio not portrait, landscape or square…), voice.script or voice.audio_url missing for its voice.type, or the audio is not audio or too long (msg names the field)',
      },
    },
    handler: async (req) => {
      const { project_id, notes } = await service.create(req.principal, fromV2(req.body));
      addWarnings(req, notes);
      return ok(v2Accepted(project_id));
    },
  });

  app.get('/v2/avatar_video/:id', {
    schema: {
      tags,
      summary: 'Status and result of an avatar video (v2)',
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The video_id of POST /v2/create_video_from_avatar (or a project_id of POST /v1/create_video_from_talking_avatar)', examples: [EXAMPLE_IDS.avatarVideo] }) }),
      response: {
        200: Envelope(AvatarVideoV2, {
          video_id: EXAMPLE_IDS.avatarVideo,
          status: 'completed',
          video_url: exampleVideoFile('video.mp4'),
          cover_url: exampleVideoFile('cover.jpg'),
          created_at: EXAMPLE_TIME,
          title: 'Aurora lamp intro',
          duration: 6.4,
          progress: 100,
          subtitles_url: exampleVideoFile('subtitles.vtt'),
          deducted_credit: 1,
        }),
      },
      'x-error-codes': { 10104: 'id is not an avatar video of this account (unknown, another account\'s, or a video of another kind: product and template videos have their own status routes)' },
    },
    handler: async (req) => ok(v2VideoResult(await videos.get(req.principal, req.params.id, ['avatar'], 'video_id'), videos.fileUrl)),
  });
}
