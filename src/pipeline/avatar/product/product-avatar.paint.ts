/**
 * A product-avatar picture (POST /v2/product_avatar/generation): the presenter — a drawn one (a
 * public or custom avatar, or one described in words) on its scene, or a photo presenter on its
 * own backdrop — holding the product in the hand, in front of the body, at the asked size.
 * Pure: the presenter, the prepared product (cutout.ts) and the hold in, PNG bytes out.
 */
import { createCanvas, type Canvas, type Image } from '@napi-rs/canvas';
import { createAvatarPainter, presenterOf } from '../avatar.painter.ts';
import { drawScene } from '../avatar.cover.ts';
import { NEUTRAL_POSE, type AvatarPainter, type AvatarPainterOptions, type AvatarPose, type PresenterRef } from '../avatar.types.ts';
import type { HeldProduct, HoldSpec } from '../paint/held.ts';
import { createPhotoPainter, PHOTO_BACKDROP } from '../photo/photo.painter.ts';
import type { PhotoPresenter } from '../photo/index.ts';
import { withHeldProduct } from './photo-held.ts';

export type ProductPresenter = PresenterRef | PhotoPresenter;

const isPhoto = (p: ProductPresenter): p is PhotoPresenter => typeof p === 'object' && (p as PhotoPresenter).kind === 'photo';

/** A painter of `presenter` holding `held`, for any box: the one entry the pictures and the videos use. */
export function createHoldingPainter(presenter: ProductPresenter, size: { width: number; height: number }, held: HeldProduct, options: Omit<AvatarPainterOptions, 'held'> = {}): AvatarPainter {
  if (isPhoto(presenter)) return withHeldProduct(createPhotoPainter(presenter.photo, presenter.rig, size), held);
  return createAvatarPainter(presenter, size, { ...options, held });
}

/** Small per-picture differences of expression (head tilt, glance, brows), by the picture's index. */
const POSES: Partial<AvatarPose>[] = [
  { headTiltDeg: -2, browRaise: 0.15 },
  { headTiltDeg: 2.5, lookX: -0.15, browRaise: 0.05 },
  { headTiltDeg: -3.5, lookX: 0.12, browRaise: 0.25 },
  { headTiltDeg: 1.5, browRaise: 0.1, viseme: 'B', mouthOpen: 0.15 },
];

/**
 * The hold of picture `index` of a batch: sides alternate (starting on the right), sizes and tilts
 * vary; words of the prompt pin them: "left"/"right", "big"/"large"/"close", "small".
 */
export function holdFor(index: number, prompt = ''): HoldSpec {
  const words = prompt.toLowerCase();
  const side = /\bleft\b/.test(words) ? 'left' : /\bright\b/.test(words) ? 'right' : index % 2 === 0 ? 'right' : 'left';
  const sizes = [1, 0.85, 1.2, 0.95];
  let scale = sizes[index % sizes.length]!;
  if (/\b(big|large|close|closeup|close-up)\b/.test(words)) scale = 1.25 + 0.05 * (index % 2);
  else if (/\b(small|tiny|little)\b/.test(words)) scale = 0.75 + 0.05 * (index % 2);
  const tilts = [-6, 5, -2, 8];
  const lifts = [0, 15, -10, 25];
  return { side, scale, tiltDeg: tilts[index % tilts.length]!, lift: lifts[index % lifts.length]! };
}

export interface ProductPictureInput {
  presenter: ProductPresenter;
  product: Image | Canvas;
  hold: HoldSpec;
  width: number;
  height: number;
  /** Picks the expression (POSES). */
  index: number;
}

export async function paintProductAvatar(input: ProductPictureInput): Promise<Buffer> {
  const { width, height } = input;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const held: HeldProduct = { image: input.product, hold: input.hold };
  const pose: AvatarPose = { ...NEUTRAL_POSE, ...POSES[input.index % POSES.length] };
  if (isPhoto(input.presenter)) {
    // The photo framed in a portrait box (a wider frame would cut the person at the chest, where
    // the product is), over the studio backdrop the cut-out person stands on.
    const boxW = Math.min(width, Math.round(height * 0.75));
    const g = ctx.createLinearGradient(0, 0, 0, height);
    g.addColorStop(0, PHOTO_BACKDROP.top);
    g.addColorStop(1, PHOTO_BACKDROP.bottom);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, width, height);
    createHoldingPainter(input.presenter, { width: boxW, height }, held).draw(ctx, pose, Math.round((width - boxW) / 2), 0);
  } else {
    drawScene(ctx, presenterOf(input.presenter), width, height);
    // Head to waist, the full height; as wide as the design box allows (narrower in portrait).
    const boxW = Math.min(width, Math.round(height * 0.6));
    const painter = createHoldingPainter(input.presenter, { width: boxW, height }, held);
    painter.draw(ctx, pose, Math.round((width - boxW) / 2), 0);
  }
  return canvas.encode('png');
}
