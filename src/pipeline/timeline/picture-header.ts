/**
 * A photo presenter's fields (pure; docs/rendering.md "A photo presenter's scene"). A full
 * presenter (frame 'none') painted from a picture — a photo presenter, whose face box the painter
 * gives (`presenter.face`, render-video.ts presenterFaceShare) — is that picture framed to the
 * painter's box, and the box is top-aligned in its panel under the template's title room (Presenter
 * 9:16: from 18 % of the height, for a title above a drawn head), or ends above the panel's foot.
 * A drawn figure stands in its own drawn room there; a picture has no pixels past its top and bottom
 * edges, so those bands showed a blur carried from the picture's edges (bench:quality #107). A
 * designed field in the style's field colour fills each instead: the header the title (and later
 * the price and call to action) stands on, the footer a product card stands on.
 */
import type { Timeline, Shape } from './types.ts';
import { presenterPlacement } from './presenter.ts';

/** A band under this share of the panel's height is left to the picture's own extension (under the platform's top or bottom UI, no field). */
export const MIN_FIELD_SHARE = 0.05;

export function pictureHeader(presenter: Timeline['presenter'], durationMs: number): Shape[] {
  if (!presenter || presenter.frame !== 'none' || !presenter.face) return [];
  const pl = presenterPlacement(presenter);
  const panel = presenter.panel;
  const top = Math.min(pl.y, panel.y + panel.h) - panel.y;
  const bottom = panel.y + panel.h - Math.max(pl.y + pl.height, panel.y);
  const field = (y: number, h: number): Shape => ({ role: 'field', box: { x: panel.x, y, w: panel.w, h }, fill: 'bg2', alpha: 1, radius: 0, startMs: 0, endMs: durationMs });
  return [...(top >= MIN_FIELD_SHARE * panel.h ? [field(panel.y, top)] : []), ...(bottom >= MIN_FIELD_SHARE * panel.h ? [field(panel.y + panel.h - bottom, bottom)] : [])];
}

/**
 * Whether a presenter has a header field (above): the title stands on it, so a template video keeps
 * its title there through the card scenes with no card (place-text.ts `cardless`): the field is
 * never a bare bar between the title's sentence and the price (bench:quality #107).
 */
export const hasPictureHeader = (presenter: Timeline['presenter']): boolean => !!presenter && pictureHeader(presenter, 1).some((s) => s.box.y === presenter.panel.y);
