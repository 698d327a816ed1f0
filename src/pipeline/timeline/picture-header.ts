/**
 * A picture presenter's header (pure; docs/rendering.md "A photo presenter's scene"). A full
 * presenter (frame 'none') painted from a picture — a photo presenter, whose face box the painter
 * gives (`presenter.face`, render-video.ts presenterFaceShare) — is that picture framed to the painter's box, and the box is
 * top-aligned under the template's title room (Presenter 9:16: from 18 % of the height, for a
 * title above a drawn head). A drawn figure stands in its own drawn room there; a picture has no
 * pixels above its top edge, so that band showed a blur carried up from the picture's edges
 * (bench:quality #107). A designed field in the style's field colour fills it instead: the header
 * the title (and later the price and call to action) stands on, the picture's top edge its
 * lower edge.
 */
import type { Timeline, Shape } from './types.ts';
import { presenterPlacement } from './presenter.ts';

/** A band under this share of the frame's height is left to the picture's own extension (a sliver, no header). */
export const MIN_HEADER_SHARE = 0.03;

export function pictureHeader(presenter: Timeline['presenter'], durationMs: number): Shape[] {
  if (!presenter || presenter.frame !== 'none' || !presenter.face) return [];
  const pl = presenterPlacement(presenter);
  const panel = presenter.panel;
  const h = Math.min(pl.y, panel.y + panel.h) - panel.y;
  if (h < MIN_HEADER_SHARE * panel.h) return [];
  return [{ role: 'field', box: { x: panel.x, y: panel.y, w: panel.w, h }, fill: 'bg2', alpha: 1, radius: 0, startMs: 0, endMs: durationMs }];
}
