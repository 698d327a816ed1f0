/**
 * Product plates (pure; docs/rendering.md "The product leads"): in a full-bleed layout (a media
 * rule with a stage: Spotlight, Voice Over) or a split's half (Side by Side), a scene that shows its product whole — a cut-out, an
 * image with alpha, a contained photo — stands the product on a band of the brand's colour across
 * the frame at the stage's height, so the frame has one big designed thing behind the product
 * instead of the background; a captions band next to the stage sits on it too (the captions on a
 * designed band). In a tall frame with the captions under the stage the plate bleeds off the
 * frame's bottom (a colour block the product stands on; the captions and the platform's own
 * caption zone on it; the style's background a header strip above). A photo that covers the frame needs none.
 * A plate's colour is the style's field colour unless the product on it stands out better on
 * another palette colour (templates/colours.ts plateColour, from the image's own colour).
 * Plates are timeline shapes timed to their scene (coverage.ts counts them by the shape rule);
 * the media layer draws them with the scene, above its backdrop and under the product, so they
 * move with its transitions and entrances.
 */
import { plateColour } from '../templates/colours.ts';
import type { Box, VisualStyleDef } from '../templates/types.ts';
import { intersection } from './rules.ts';
import { sceneFrame, type ImageFrame } from './media-frame.ts';
import type { Scene, Shape, Timeline } from './types.ts';

/** Treatments that show the product whole on the stage, or pan it in a window across it (cover and blur-extend fill their box). */
const WHOLE: readonly ImageFrame['treatment'][] = ['contain', 'cutout', 'alpha', 'pan'];
/** The plate reaches this much past the stage, above and below (share of the frame height). */
export const PLATE_PAD = 0.04;

/** A captions band this close to the stage (share of the frame height) sits on the plate too… */
export const PLATE_JOIN = 0.05;
/** …unless the plate would then be taller than this share of the frame… */
export const PLATE_MAX = 0.62;
/**
 * …or this share, under a thin product (one as large as the frame's height allows for its shape,
 * ImageFrame.limited 'shape': a bottle in a square or wide frame): it covers little of the frame
 * itself, so its stage — the plate it stands on with the words under it — is the frame's design.
 */
export const PLATE_MAX_THIN = 0.8;
/**
 * A thin product floating past its card (Feature Cards, Presenter in 16:9) stands on a column of
 * the plate's colour the full height of the frame, this many times its own width (at least
 * COLUMN_MIN_SHARE of the frame's width): a pillar behind the bottle, where a card would show a
 * strip of it.
 */
export const COLUMN_WIDTHS = 2.6;
export const COLUMN_MIN_SHARE = 0.24;

/**
 * `captions`: the captions band when the video has captions (it joins the plate when it lies next to the stage).
 * `colours`: each image's own colour (ImageInfo.colour), so its plate contrasts with it (templates/colours.ts plateColour).
 */
export function productPlates(media: Timeline['media'], scenes: readonly Scene[], images: readonly (ImageFrame | null)[], width: number, height: number, captions: Box | null = null, style: VisualStyleDef | null = null, colours: readonly (string | null | undefined)[] = []): Shape[] {
  const colourOf = (i: number) => (style ? plateColour(style, colours[i]) : undefined);
  if (!media || media.motion === 'carousel') return [];
  const frame = { x: 0, y: 0, w: width, h: height };
  // A card template: only a thin cut-out floating past its card gets a plate, a column the frame's height.
  if (media.frame !== 'none') return platesFor(scenes, images, (f) => (f.cutout && f.limited === 'shape' ? column(f, width, height) : null), colourOf);
  const b = media.box;
  const full = b.x <= 0 && b.y <= 0 && b.x + b.w >= width && b.y + b.h >= height;
  // A split's half (Side by Side): the plate is the half itself.
  if (!full) return platesFor(scenes, images, () => intersection(b, frame) ?? b, colourOf);
  const band = (max: number): Box => {
    const pad = PLATE_PAD * height;
    let top = media.stage.y;
    let bottom = media.stage.y + media.stage.h;
    const joins = !!captions && captions.y < bottom + PLATE_JOIN * height && captions.y + captions.h > top - PLATE_JOIN * height;
    // A tall frame: the plate runs from the stage's top off the frame's bottom edge — the captions
    // (under the stage) on it, the platform's caption zone under the safe area its colour, not an
    // empty floor; the style's background stays a header strip above it. (Lowered to PLATE_MAX
    // of the frame, tried: a product moved below a presenter inset left the top 23 % empty.)
    if (height > width && (!captions || !joins || captions.y + captions.h / 2 > top + (bottom - top) / 2)) {
      const y = Math.max(0, top - pad);
      return { x: 0, y, w: width, h: height - y };
    }
    // A tall frame with the captions over the stage (Spotlight and Voice Over 9:16: the product
    // stands on the floor, the captions above it): the plate from above the captions off the
    // bottom, the captions on it (ended at the stage's bottom, the plate left a strip of
    // background under the product; started at the stage, its edge ran through the captions).
    if (height > width && captions && joins) {
      const y = Math.max(0, Math.min(top, captions.y) - pad);
      return { x: 0, y, w: width, h: height - y };
    }
    if (captions && joins) {
      const t = Math.min(top, captions.y);
      const b = Math.max(bottom, captions.y + captions.h);
      // Not when the plate would fill most of the frame: then it is the background in another colour.
      if (b - t + 2 * pad <= max * height) [top, bottom] = [t, b];
    }
    const y = Math.max(0, top - pad);
    return { x: 0, y, w: width, h: Math.min(height, bottom + pad) - y };
  };
  const [usual, thin] = [band(PLATE_MAX), band(PLATE_MAX_THIN)];
  return platesFor(scenes, images, (f) => (f.limited === 'shape' ? thin : usual), colourOf);
}

/** A thin product's column: the frame's full height, COLUMN_WIDTHS times its width (at least COLUMN_MIN_SHARE of the frame), centred on it. */
function column(f: ImageFrame, width: number, height: number): Box {
  const w = Math.max(f.content.w * COLUMN_WIDTHS, width * COLUMN_MIN_SHARE);
  const x = Math.min(Math.max(f.content.x + f.content.w / 2 - w / 2, 0), width - w);
  return { x, y: 0, w, h: height };
}

function platesFor(scenes: readonly Scene[], images: readonly (ImageFrame | null)[], boxOf: (f: ImageFrame) => Box | null, colourOf: (image: number) => string | undefined): Shape[] {
  const out: Shape[] = [];
  for (const s of scenes) {
    const index = s.showMedia && s.media.kind === 'image' ? s.media.index : -1;
    const f = index >= 0 ? sceneFrame(images, s) : null;
    const box = f && WHOLE.includes(f.treatment) ? boxOf(f) : null;
    if (!box) continue;
    const colour = colourOf(index);
    out.push({ role: 'plate', box, fill: 'accent', alpha: 1, radius: 0, startMs: s.startMs, endMs: s.endMs, ...(colour ? { colour } : {}) });
  }
  return out;
}
