/**
 * How each product image is framed (pure), decided once from its pixel size: an image of about
 * the box's shape and big enough fills the box (cover); any other — very wide or tall, small, or
 * a transparent cut-out — is shown whole (contain) on the template's stage, as large as fits
 * without upscaling it past MAX_UPSCALE, over a blurred fill of itself or, for cut-outs, the style.
 */
import type { Box } from '../templates/types.ts';
import { MAX_UPSCALE } from './rules.ts';

/** What the renderer learns about an image before the timeline is built (sharp metadata). */
export interface ImageInfo {
  width: number;
  height: number;
  /** Has transparent pixels (a cut-out). */
  alpha: boolean;
}

export interface ImageFrame {
  mode: 'cover' | 'contain';
  /** Where the visible product lies at rest, in frame pixels (the box itself when it covers it). */
  content: Box;
  /** Show over the style (transparent cut-out) rather than a blurred fill of the image. */
  cutout: boolean;
  source: { width: number; height: number };
}

/** Boxes whose aspect differs from the image's by more than this show the image whole. */
export const COVER_TOLERANCE = 1.3;
/** A contained product fills this share of its stage's limiting side (room for its shadow). */
export const CONTAIN_FILL = 0.9;

export function fitsByCover(a: number, b: number): boolean {
  const r = a / b;
  return r <= COVER_TOLERANCE && r >= 1 / COVER_TOLERANCE;
}

/**
 * The frame of one image for a media box and the stage a contained product sits on (the stage
 * is the box itself for cards, a text-free band for full-bleed layouts).
 */
export function frameImage(info: ImageInfo, box: Box, stage: Box): ImageFrame {
  const source = { width: Math.max(1, info.width), height: Math.max(1, info.height) };
  const coverScale = Math.max(box.w / source.width, box.h / source.height);
  if (!info.alpha && fitsByCover(source.width / source.height, box.w / box.h) && coverScale <= MAX_UPSCALE) {
    return { mode: 'cover', content: { ...box }, cutout: false, source };
  }
  const k = Math.min((stage.w * CONTAIN_FILL) / source.width, (stage.h * CONTAIN_FILL) / source.height, MAX_UPSCALE);
  const w = source.width * k;
  const h = source.height * k;
  return { mode: 'contain', content: { x: stage.x + (stage.w - w) / 2, y: stage.y + (stage.h - h) / 2, w, h }, cutout: info.alpha, source };
}
