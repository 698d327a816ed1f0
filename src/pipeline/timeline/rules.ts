/**
 * The layout rules as numbers, and the geometry the layout step and its checks share (pure).
 * One place, so the placer (layout.ts), the checks (safety.ts) and the renderer agree.
 */
import { DESIGN_H, FACE_H, HEAD_SCALE } from '../avatar/paint/layout.ts';
import type { Box } from '../templates/types.ts';
import { CAPTION_SIZE } from '../captions/place.ts';

/** Cap height of the UI fonts (Noto Sans / Serif: 1462 / 2048 em). */
export const CAP_HEIGHT_EM = 0.714;
/** Every text element's cap height is at least this share of the frame height (1/40: 48 px on 1920, 27 px on 1080). */
export const MIN_CAP_SHARE = 1 / 40;
/**
 * The product's full name set under its short title (a secondary line, name-room.ts) may be
 * smaller: cap height at least 1/60 of the frame height (32 px on 1920, 18 px on 1080).
 */
export const MIN_SUBTITLE_CAP_SHARE = 1 / 60;
/** A shown presenter's face (head outline) is at least this share of the frame height, so the mouth reads. */
export const MIN_FACE_SHARE = 1 / 8;
/** Product images are never drawn larger than this many output pixels per source pixel (at rest). */
export const MAX_UPSCALE = 2;
/**
 * A product shown whole by its own box (a cut-out or alpha image) keeps this share of the frame's
 * height clear above and below it, at its move's largest zoom and furthest drift: a designed
 * product has margin; its neck never meets the frame's edge.
 */
export const PRODUCT_HEADROOM = 0.04;
/**
 * …and this share of the frame's shorter side clear at its left and right (4 % of the width in
 * 9:16; a cut-out is never full-bleed: stood flush against the frame's edge it reads as cut off —
 * issue 27, the README demo's lamp).
 */
export const PRODUCT_SIDE_MARGIN = 0.04;
/** Text keeps this share of the frame's short side clear of a product's own box where a free spot allows (place-text.ts). */
export const TEXT_PRODUCT_GAP = 0.02;
/** A contained product fills at least this share of its stage's limiting side (unless MAX_UPSCALE stops it). */
export const MIN_STAGE_FILL = 0.7;
/** Overlay entrance and exit: the compositor animates with these, the end-frame check reads them. */
export const OVERLAY_ENTER_MS = 350;
export const OVERLAY_EXIT_MS = 220;

/** The smallest font size (px) whose cap height meets MIN_CAP_SHARE on a frame `height` tall. */
export const minFontPx = (height: number): number => Math.ceil((height * MIN_CAP_SHARE) / CAP_HEIGHT_EM);

/** The smallest font size (px) of an overlay: MIN_CAP_SHARE, MIN_SUBTITLE_CAP_SHARE for the full name under its short title. */
export const overlayMinFontPx = (o: { subtitle?: true }, height: number): number => (o.subtitle ? Math.ceil((height * MIN_SUBTITLE_CAP_SHARE) / CAP_HEIGHT_EM) : minFontPx(height));

/** The cap height of the captions band's text for a band of height h (before any shrink to width). */
export const captionCapPx = (bandH: number): number => (bandH / 2) * CAPTION_SIZE * CAP_HEIGHT_EM;

/**
 * A captions band set lower and shorter under a lowered face (place-text.ts, "A presenter stands"):
 * at least this share of its slot's height, and never under the captions' least cap height.
 */
export const MIN_SQUEEZED_BAND = 0.88;
/** The least height of a captions band on a frame `height` tall: its cap height at MIN_CAP_SHARE. */
export const minCaptionBandPx = (height: number): number => Math.ceil((2 * height * MIN_CAP_SHARE) / (CAPTION_SIZE * CAP_HEIGHT_EM));

const E = 0.5;
export const intersects = (a: Box, b: Box): boolean => a.x < b.x + b.w - E && b.x < a.x + a.w - E && a.y < b.y + b.h - E && b.y < a.y + a.h - E;

/** A box in frame fractions to pixels of a w x h frame. */
export const px = (b: Box, w: number, h: number): Box => ({ x: b.x * w, y: b.y * h, w: b.w * w, h: b.h * h });

export function grow(b: Box, left: number, top: number, right: number, bottom: number): Box {
  return { x: b.x - left, y: b.y - top, w: b.w + left + right, h: b.h + top + bottom };
}

export function intersection(a: Box, b: Box): Box | null {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.w, b.x + b.w);
  const y1 = Math.min(a.y + a.h, b.y + b.h);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}

/**
 * Where text must not go near a face: the head outline, a little to the sides and above (hair),
 * and down over the chin and neck to the collar (a card "on the chin" is as bad as one on the eyes).
 */
export function faceZone(face: Box): Box {
  return grow(face, face.w * 0.12, face.h * 0.12, face.w * 0.12, face.h * 0.4);
}

/** How far hair rises above the head outline, as a share of the head's height: a drawn presenter's bun tops it by 76 of its 228 head units (avatar/paint/hair.ts), a third. */
export const HAIR_ABOVE_SHARE = 0.36;

/**
 * The hair above a head (a bun, a quiff): the middle half of the head's width, up to
 * HAIR_ABOVE_SHARE of its height above it. Cards, titles, price and call to action keep clear of
 * it (bench:quality #204 showed the call to action on a bun, clear of the face zone); the
 * captions band may touch it (its lines sit in its middle, and the no-media designs put the band
 * right above the head).
 */
export function hairZone(face: Box): Box {
  return { x: face.x + face.w * 0.25, y: face.y - face.h * HAIR_ABOVE_SHARE, w: face.w * 0.5, h: face.h * HAIR_ABOVE_SHARE };
}

/** The gap kept around the head box, as a share of the head's height. */
export const HEAD_GAP_SHARE = 0.12;

/**
 * The presenter's head box: the face zone (head, chin, neck) and the hair above it across the
 * zone's width, with HEAD_GAP_SHARE of the head's height around it. The call to action never
 * touches it (bench:quality #45: "Shop now" just above a bun, clear of the hair zone's middle).
 */
export function headBox(face: Box): Box {
  const zone = faceZone(face);
  const top = hairZone(face).y;
  const g = face.h * HEAD_GAP_SHARE;
  return grow({ x: zone.x, y: top, w: zone.w, h: zone.y + zone.h - top }, g, g, g, 0);
}

/** The captions' font size in a band (two line slots, captions/place.ts CAPTION_SIZE of a slot). */
export const captionFontPx = (bandH: number): number => (bandH / 2) * CAPTION_SIZE;
/** Average Latin characters a caption line holds in a band (the builder's budget before its cap by ratio). */
export const captionFitUnits = (band: Box): number => Math.floor((band.w * 0.96) / (captionFontPx(band.h) * 0.58));

/**
 * A captions band moved beside a full presenter's figure (a product video: captions on a calm
 * ground, not across the body) holds at least this many average characters a line (a 9:16 line
 * holds 22): a narrower column turns every few words into a page.
 */
export const CALM_MIN_UNITS = 18;
/** The least width of a calm captions column in a band of height `bandH`. */
export const calmBandMinWidth = (bandH: number): number => (CALM_MIN_UNITS * captionFontPx(bandH) * 0.58) / 0.96 + 1;

/** The middle of a product's content box: the part text must leave visible (the product's "heart"). */
export function contentHeart(content: Box): Box {
  return { x: content.x + content.w / 3, y: content.y + content.h / 3, w: content.w / 3, h: content.h / 3 };
}

/** Face height in pixels of a painter at `scale` (design units to pixels). */
export const faceHeightPx = (scale: number): number => 2 * FACE_H * HEAD_SCALE * scale;
export { DESIGN_H };
