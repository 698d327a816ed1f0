import { Type } from 'typebox';
import { Envelope, addWarnings, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { Opt } from '../http/schema-helpers.ts';
import { CreateVideoBody, CREATE_VIDEO_EXAMPLE, normaliseVideoRequest } from './video.routes.ts';
import type { VideoService } from './video.service.ts';

/**
 * POST /v1/preview: the create_video_from_url body (JOGGAI-SURFACE.md: without music_id and
 * video_name; both are accepted and not used). The preview is a video of kind `preview`: same id
 * space, status through GET /v1/project, free, rendered with the draft profile (docs/rendering.md
 * "Render profiles").
 */
/** The create_video_from_url example without what a preview does not use. */
const { music_id: _music, video_name: _name, ...PREVIEW_EXAMPLE } = CREATE_VIDEO_EXAMPLE;

const PreviewBody = Type.Object({
  ...CreateVideoBody.properties,
  music_id: Opt(Type.Integer({ minimum: 0, description: 'Accepted and not used: a preview has no music (the envelope\'s warnings say so when one is given)' })),
  video_name: Opt(Type.String({ maxLength: 200, description: 'Accepted and not used: a preview is titled with the product name' })),
}, { examples: [PREVIEW_EXAMPLE] });

export function previewRoutes(app: App, videos: VideoService): void {
  app.post('/v1/preview', {
    schema: {
      tags: ['Previews'],
      summary: 'A fast low-resolution draft of a product video (free)',
      description:
        'Takes the create_video_from_url body and makes a draft of the same video: the same script, voice, avatar, template, visual style and captions, ' +
        '360 px on the short side (360x640, 640x360, 360x360) at 15 fps, with no music. Costs no credit; counts toward the POST rate limit. ' +
        'Poll GET /v1/project with the returned project_id (same id space as videos). A preview fires no webhook events. ' +
        'What the full video needs to say the same words (the script seed, the voice, the script text) is stored with the preview.',
      body: PreviewBody,
      response: { 200: Envelope(Type.Object({ project_id: Type.String({ description: '32-hex id, read with GET /v1/project' }) }), { project_id: EXAMPLE_IDS.project }) },
      'x-error-codes': {
        10104: 'product_id is not a product of this account, or an avatar_id, voice_id, template_id or visual_style the catalogs do not list (msg names the field)',
      },
    },
    handler: async (req) => {
      const { music_id, video_name, ...body } = req.body;
      const ignored: string[] = [];
      if (music_id) ignored.push(`music_id ${music_id} is not used: a preview has no music`);
      if (video_name) ignored.push('video_name is not used: a preview is titled with the product name');
      const { project_id, notes } = await videos.preview(req.principal, normaliseVideoRequest(body));
      const warnings = [...ignored, ...notes];
      addWarnings(req, warnings);
      return ok({ project_id });
    },
  });
}
