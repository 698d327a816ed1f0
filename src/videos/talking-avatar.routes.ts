import { Type, type Static } from 'typebox';
import { Envelope, addWarnings, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { LANGUAGES } from '../catalog/languages.ts';
import { ASPECT_RATIO_MEANINGS, IntEnum, Opt, StringEnum } from '../http/schema-helpers.ts';
import { MAX_AUDIO_S } from './user-audio.ts';
import type { TalkingAvatarInput, TalkingAvatarService } from './talking-avatar.service.ts';

/** The vendor's shape (JOGGAI-SURFACE.md); n8n sends the unused one of script/audio_url as "" (read as absent). */
const TalkingAvatarBody = Type.Object({
  avatar_id: Type.Integer({ description: 'From GET /v1/avatars (avatar_type 0) or /v1/avatars/custom (1)' }),
  avatar_type: Opt(IntEnum([0, 1], { meanings: ['public avatar, GET /v1/avatars', 'custom avatar, GET /v1/avatars/custom'], description: '0 public (default), 1 custom' })),
  voice_id: Opt(
    Type.String({
      maxLength: 128,
      description:
        "Voice that says `script`, from GET /v1/voices (its language is the script's); absent → the avatar's default english voice. Another vendor's voice name maps to one of ours (the envelope's warnings say which). Not used with audio_url",
    }),
  ),
  screen_style: Opt(
    IntEnum([1, 2, 3], {
      meanings: [
        "the avatar's own scene behind it (MP4)",
        'a flat chroma-key green (#00B140) behind it, nothing green in the figure (MP4)',
        'a transparent background: WebM (VP9 with an alpha channel, Opus audio)',
      ],
      description: 'Background: 1 scene (default), 2 green screen, 3 transparent (WebM with alpha)',
    }),
  ),
  script: Opt(
    Type.String({
      maxLength: 10_000,
      description: `What the presenter says, with voice_id; at most ${MAX_AUDIO_S / 60} minutes of speech. With audio_url too: the words of that audio, aligned to it for the captions (nothing is synthesised). One of script and audio_url is required`,
    }),
  ),
  audio_url: Opt(
    Type.String({
      maxLength: 2048,
      description: `The presenter lip-moves to this audio instead (mp3, wav, m4a or ogg, at most ${MAX_AUDIO_S / 60} minutes): an https URL, an asset_id from POST /v1/upload/asset, or that asset's URL. One of script and audio_url is required; a script given with it is what the audio says (for captions)`,
    }),
  ),
  aspect_ratio: Opt(IntEnum([0, 1, 2], { meanings: ASPECT_RATIO_MEANINGS, description: '0 portrait 9:16 (default), 1 landscape 16:9, 2 square 1:1' })),
  caption: Opt(Type.Boolean({ description: 'Burn in captions of the script (default false); a video from audio_url has them only when its script is given too' })),
  video_name: Opt(Type.String({ maxLength: 200, description: 'Title of the video; default "My Video"' })),
  language: Opt(StringEnum(LANGUAGES, { description: "Extension: the language of script when it is given with audio_url (to align it to the audio); absent → voice_id's language, else english. Without audio_url the voice decides the language" })),
}, {
  examples: [{
    avatar_id: 1,
    avatar_type: 0,
    voice_id: 'en-us-f1',
    screen_style: 1,
    script: 'Hi! Meet the Aurora Desk Lamp: warm, dimmable light for late work, charged over USB-C.',
    aspect_ratio: 0,
    caption: true,
    video_name: 'Aurora lamp intro',
  }],
});

export function normaliseTalkingAvatar(b: Static<typeof TalkingAvatarBody>): TalkingAvatarInput {
  return {
    avatar_id: b.avatar_id,
    avatar_type: b.avatar_type ?? 0,
    voice_id: b.voice_id?.trim() ? b.voice_id.trim() : null,
    screen_style: b.screen_style ?? 1,
    script: b.script?.trim() ? b.script : null,
    audio_url: b.audio_url?.trim() ? b.audio_url.trim() : null,
    aspect_ratio: b.aspect_ratio ?? 0,
    caption: b.caption ?? false,
    video_name: b.video_name?.trim() ? b.video_name.trim() : 'My Video',
    language: b.language ?? null,
  };
}

export function talkingAvatarRoutes(app: App, service: TalkingAvatarService): void {
  app.post('/v1/create_video_from_talking_avatar', {
    schema: {
      tags: ['Avatar videos'],
      summary: 'Make a video of a presenter saying a script or lip-moving to your audio (1 credit per started 2 minutes)',
      description:
        'The presenter fills the frame on its scene, a green screen or a transparent background (screen_style 3 gives a WebM with alpha). Status through GET /v1/project; fires generated_video_* (v1) and generated_avatar_video_* (v2). Credits: 1 per started 2 minutes of output, taken now, given back if the video fails.',
      body: TalkingAvatarBody,
      response: { 200: Envelope(Type.Object({ project_id: Type.String({ description: '32-hex id; poll GET /v1/project' }) }), { project_id: EXAMPLE_IDS.project }) },
      'x-error-codes': {
        10104: 'avatar_id is not an avatar of its avatar_type (another account\'s custom avatar too), voice_id is not in GET /v1/voices, or audio_url is an asset this account did not upload (msg names the field)',
        18020: 'not enough credit (1 per started 2 minutes of output); nothing is recorded',
        40000: 'a field breaks its rule, neither script nor audio_url is given, or the audio is not audio or too long (msg says why)',
      },
    },
    handler: async (req) => {
      const { project_id, notes } = await service.create(req.principal, normaliseTalkingAvatar(req.body));
      addWarnings(req, notes);
      return ok({ project_id });
    },
  });
}
