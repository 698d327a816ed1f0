import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { v2Status } from '../http/v2.ts';
import type { VideoCancelService } from './video-cancel.service.ts';
import { V2VideoError, V2VideoStatus, v2ErrorOf } from './video-view.v2.ts';

const CancelledV2 = Type.Object({
  video_id: Type.String({ description: 'The cancelled video' }),
  status: V2VideoStatus,
  error: V2VideoError('Why it stopped: code 40000, message starting "cancelled"'),
});

/**
 * The v2 cancel (extension; the vendor's v2 surface has none): any kind, like DELETE /v1/project on
 * a video being made (src/videos/video.routes.ts).
 */
export function videoCancelV2Routes(app: App, cancels: VideoCancelService): void {
  app.post('/v2/video/:video_id/cancel', {
    schema: {
      tags: ['Product videos'],
      summary: 'Cancel a video being made, of any kind (extension)',
      description:
        'A video still queued or being made (pending or processing) stops within 2 s: it becomes failed with error {code: 40000, message: "cancelled: …"}, its credits are given back once and its failed events fire (v1 generated_video_failed and its v2 family, and the request\'s webhook_url). ' +
        'A finished video is refused with 40000. DELETE /v1/project does the same for a video being made.',
      params: Type.Object({ video_id: Type.String({ minLength: 1, maxLength: 64, description: 'The video_id (or project_id) of any kind', examples: [EXAMPLE_IDS.templateVideo] }) }),
      response: {
        200: Envelope(CancelledV2, {
          video_id: EXAMPLE_IDS.templateVideo,
          status: 'failed',
          error: { code: 40000, message: 'cancelled: the video was cancelled by its owner before it was finished' },
        }),
      },
      'x-error-codes': { 10104: 'video_id is not a video of this account', 40000: 'the video has already finished (msg names its status)' },
    },
    handler: async (req) => {
      const v = await cancels.cancel(req.principal, req.params.video_id, 'video_id');
      return ok({ video_id: v.id, status: v2Status(v.status), ...v2ErrorOf(v) });
    },
  });
}
