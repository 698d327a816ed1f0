import type { VideoKind } from './kind.ts';
import { productVideo } from './product.kind.ts';

/**
 * A preview (POST /v1/preview): the product video of the same request drawn with the draft
 * render profile (360 px short side, 15 fps, x264 ultrafast; docs/rendering.md "Render
 * profiles"), with no music. Free, and it fires no webhook events: a v1 subscriber's "video
 * ready" flow should not receive a draft; clients poll GET /v1/project for it.
 *
 * Its stored request (voice resolved at acceptance) and its script (videos.script) are what a
 * full video of the same choices needs: the same request with `script_seed` = the preview's id
 * makes the built-in writer say the same words (docs/api.md "POST /v1/preview").
 */
export const previewKind: VideoKind = {
  name: 'preview',
  eventFamily: null,
  v1Events: false,
  free: true,
  generate: (job, deps, progress, signal) => productVideo(job, deps, progress, signal, 'draft'),
};
