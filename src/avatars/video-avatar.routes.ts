import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import type { VideoAvatarService } from './video-avatar.service.ts';

const CreateBody = Type.Object(
  {
    origin_url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'A clip of one person facing the camera, 10 s to 5 min: an uploaded video (asset_id or asset URL from POST /v1/upload/asset) or its URL. Refused (status 2, fail_msg) when it has no face, several faces, a face under 256 px, is too dark or blurred, the head is turned more than about 30 degrees, it is shorter than 10 s or longer than 5 min, or it is not a video',
    }),
    name: Type.String({ minLength: 1, maxLength: 80, description: 'Name of the new custom avatar (1-80 characters)' }),
  },
  { examples: [{ origin_url: 'https://media.example.com/team/nora-selfie.mp4', name: 'Nora' }] },
);

/** Video presenters (CONTRACT §13; docs/avatars.md "Video presenters"). */
export function videoAvatarRoutes(app: App, service: VideoAvatarService): void {
  app.post('/v1/avatar/create', {
    schema: {
      tags: ['Avatars'],
      summary: 'Make a custom avatar (a video presenter) from a person\'s own clip; it is ready (status 1 in GET /v1/avatars/custom) in about a minute, or refused with fail_msg; events create_avatar_success / create_avatar_failed',
      body: CreateBody,
      response: {
        200: Envelope(
          Type.Object({
            avatar_id: Type.Integer({ description: 'The new custom avatar (avatar_type 1); usable once its status is 1' }),
            name: Type.String({ description: 'The name given' }),
            status: Type.Integer({ description: '0 processing' }),
          }),
          { avatar_id: EXAMPLE_IDS.customAvatar, name: 'Nora', status: 0 },
        ),
      },
      'x-error-codes': { 40000: 'origin_url is empty, not a URL the URL policy takes, or names no uploaded video of this account; name is empty or longer than 80 characters; or the storage quota is used up' },
    },
    handler: async (req) => ok(await service.create(req.principal.accountId, req.body)),
  });
}
