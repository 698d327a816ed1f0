import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import type { MotionView, PhotoMotionService } from './photo-motion.service.ts';

const tags = ['Avatars'];

const AddMotionBody = Type.Object(
  {
    image_url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        'A candidate from GET /v1/photo_avatar/generation (image_url_list or image_key_list: a drawn custom avatar, ready at once), or a portrait photo of one person: an uploaded image (asset_id or asset URL from POST /v1/upload/asset) or its URL (a photo presenter: one face at least 256 px; a photo with no face, several faces or a smaller face fails with fail_msg)',
    }),
    name: Type.String({ minLength: 1, maxLength: 80, description: 'Name of the new custom avatar (1-80 characters)' }),
    voice_id: Opt(Type.String({ maxLength: 100, description: 'The avatar\'s voice (GET /v1/voices or /v1/voices/custom): videos with this avatar and no voice_id of their own speak with it; it also says the preview' })),
    model: Opt(StringEnum(['1.0', '2.0', '2.0-Pro', '3.0'] as const, { description: 'Accepted for compatibility; every model makes the same avatar here' })),
    description: Opt(Type.String({ maxLength: 500, description: 'Accepted for compatibility; not used' })),
    photo_id: Opt(Type.String({ maxLength: 64, description: 'The generation (photo_id) the candidate came from; recorded with the avatar' })),
    welcome_msg: Opt(Type.String({ maxLength: 300, description: 'What the photo presenter says in its preview (motion_preview_url); default a short greeting' })),
  },
  { examples: [{ image_url: 'https://images.example.com/team/nora-portrait.jpg', name: 'Nora', welcome_msg: 'Hi, I am Nora.' }] },
);

const exampleMotion: MotionView = {
  avatar_id: EXAMPLE_IDS.customAvatar,
  image_url: 'http://localhost:8080/files/avatars/a-6b1d0f3e8c2a4e5f9d7b1a3c5e7f9b2d/photo.jpg',
  motion_id: EXAMPLE_IDS.motion,
  motion_preview_url: 'http://localhost:8080/files/avatars/a-6b1d0f3e8c2a4e5f9d7b1a3c5e7f9b2d/preview.mp4',
  name: 'Nora',
  status: 'completed',
  voice_id: '',
  error_msg: '',
};

/** Custom avatars from a candidate or a person's photo (CONTRACT §10; docs/avatars.md). */
export function photoMotionRoutes(app: App, motions: PhotoMotionService): void {
  for (const path of ['/v1/photo_avatar/add_motion', '/v2/photo_avatar/add_motion'] as const) app.post(path, {
    schema: {
      tags,
      summary: (path.startsWith('/v2') ? 'v2 of POST /v1/photo_avatar/add_motion. ' : '') + 'Make a custom avatar from a candidate (drawn, ready at once) or from a portrait photo (a photo presenter, ready in seconds); poll GET /v1/photo_avatar?motion_id= or subscribe to generated_motion_* / generated_photo_avatar_*',
      body: AddMotionBody,
      response: {
        200: Envelope(
          Type.Object({
            avatar_id: Type.Integer({ description: 'The new custom avatar (avatar_type 1); usable once its status is 1 (completed)' }),
            motion_id: Type.String({ description: 'For GET /v1/photo_avatar?motion_id=' }),
            name: Type.String({ description: 'The name given' }),
          }),
          { avatar_id: EXAMPLE_IDS.customAvatar, motion_id: EXAMPLE_IDS.motion, name: 'Nora' },
        ),
      },
      'x-error-codes': { 40000: 'image_url is empty, not a URL the URL policy takes, or names no uploaded image of this account; or name is empty or longer than 80 characters', 10104: 'voice_id is not a voice of GET /v1/voices or of this account\'s custom voices' },
    },
    handler: async (req) => ok(await motions.addMotion(req.principal.accountId, req.body)),
  });

  for (const path of ['/v1/photo_avatar', '/v2/photo_avatar'] as const) app.get(path, {
    schema: {
      tags,
      summary: (path.startsWith('/v2') ? 'v2 of GET /v1/photo_avatar. ' : '') + 'Status of an add_motion: pending, error (error_msg says why) or completed, with the talking preview',
      querystring: Type.Object({
        motion_id: Type.String({ minLength: 1, maxLength: 64, description: 'From POST /v1/photo_avatar/add_motion', examples: [EXAMPLE_IDS.motion] }),
      }),
      response: {
        200: Envelope(
          Type.Object({
            avatar_id: Type.Integer({ description: 'The custom avatar made' }),
            image_url: Type.String({ description: 'The stored photo (or the drawn avatar\'s cover)' }),
            motion_id: Type.String({ description: 'As asked' }),
            motion_preview_url: Type.String({ description: 'A few seconds of the avatar saying welcome_msg (MP4); empty until completed (for a drawn avatar from a candidate, until a second or two after)' }),
            name: Type.String({ description: 'The avatar\'s name' }),
            status: Type.String({ description: 'pending, error or completed' }),
            voice_id: Type.String({ description: 'The voice given, or empty' }),
            error_msg: Type.String({ description: 'Why it failed (no face, several faces, face under 256 px, not an image, fetch failed), or empty' }),
          }),
          exampleMotion,
        ),
      },
      'x-error-codes': { 10104: 'motion_id is not a motion of this account' },
    },
    handler: async (req) => ok(await motions.motion(req.principal.accountId, req.query.motion_id)),
  });
}
