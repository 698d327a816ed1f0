/**
 * The renderer's view of the avatar stage (src/pipeline/avatar): the per-video pose track, a
 * painter per presenter box and the avatar's scene. Where the painter goes is pure timeline
 * data (timeline/presenter.ts).
 */
import { Image, type SKRSContext2D } from '@napi-rs/canvas';
import { buildAvatarTrack, createAvatarPainter, drawScene, type AvatarPainter, type AvatarPose, type AvatarTrack, type PresenterRef } from '../avatar/index.ts';
import { createPhotoPainter, drawPhotoBackdrop, drawPhotoExtension, drawPhotoScene, framePhoto, isPhotoPresenter, type PhotoPresenter } from '../avatar/photo/index.ts';
import { createHoldingPainter, type HeldProduct } from '../avatar/product/index.ts';
import { createVideoPainter, isVideoPresenter, type VideoPresenter } from '../avatar/video/video.painter.ts';
import type { AvatarPainterOptions } from '../avatar/avatar.types.ts';
import type { Script, Speech } from '../types.ts';
import type { Box } from '../templates/types.ts';
import { faceBoxFromLandmarks } from '../avatar/face-box.ts';
import { DESIGN_H, DESIGN_W } from '../avatar/paint/layout.ts';
import type { Timeline } from '../timeline/types.ts';
import { presenterPlacement, type PresenterPlacement } from '../timeline/presenter.ts';

export { presenterPlacement, type PresenterPlacement };

export type { AvatarPainter, AvatarPose, AvatarTrack };

/** A presenter holding a product in the hand (a product avatar: docs/avatars.md "Product avatars"). */
export interface HoldingPresenter {
  kind: 'holding';
  base: PresenterRef | PhotoPresenter;
  held: HeldProduct;
}

/** Who presents: a public avatar_id, a drawn presenter's parameters, a photo presenter, one of them holding a product, or a video presenter (its own loop). */
export type PresenterSource = PresenterRef | PhotoPresenter | HoldingPresenter | VideoPresenter;

export const isHoldingPresenter = (x: unknown): x is HoldingPresenter => typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'holding';

/** The painter of any presenter source for a box: the one place the kinds of presenter are told apart. */
export function createSourcePainter(source: PresenterSource, size: { width: number; height: number }, options: Omit<AvatarPainterOptions, 'held'> = {}): AvatarPainter {
  if (isHoldingPresenter(source)) return createHoldingPainter(source.base, size, source.held, options);
  if (isPhotoPresenter(source)) return createPhotoPainter(source.photo, source.rig, size);
  if (isVideoPresenter(source)) return createVideoPainter(source, size);
  return createAvatarPainter(source, size, options);
}

export interface Presenter {
  track: AvatarTrack;
  painter: AvatarPainter;
  placement: PresenterPlacement;
}

/** The avatar's track and painter for one video. */
export function createPresenter(avatarId: PresenterSource, t: Timeline, speech: Speech, script: Script): Presenter | null {
  if (!t.presenter) return null;
  const placement = presenterPlacement(t.presenter);
  const mediaCenter = t.media ? t.media.box.x + t.media.box.w / 2 : t.width;
  const productSide = mediaCenter < placement.x + placement.width / 2 ? 'left' : 'right';
  const track = buildAvatarTrack({ speech, script, fps: t.fps, durationMs: t.durationMs, seed: t.seed, productSide });
  const size = { width: placement.width, height: placement.height };
  const painter = createSourcePainter(avatarId, size, { productSide });
  return { track, painter, placement };
}

/**
 * A presenter's face box at rest as shares of its painter's box, for the layout step: from the
 * photo's landmarks as framePhoto frames them (photo presenters); null for drawn figures (the
 * timeline knows their geometry).
 */
export function presenterFaceShare(source: PresenterSource): Box | null {
  const base = isHoldingPresenter(source) ? source.base : source;
  if (!isPhotoPresenter(base)) return null;
  const crop = framePhoto(base.rig, DESIGN_W, DESIGN_H);
  const s = DESIGN_W / crop.w;
  const f = faceBoxFromLandmarks(base.rig.landmarks.map(([x, y]) => [(x - crop.x) * s, (y - crop.y) * s] as const));
  return { x: f.x / DESIGN_W, y: f.y / DESIGN_H, w: f.width / DESIGN_W, h: f.height / DESIGN_H };
}

/**
 * The avatar's backdrop scene, filling (0, 0)–(width, height) of ctx. `figure`: where the painter's
 * box lies in it (a full presenter's panel): a photo presenter's scene is then the photo itself
 * continued past that box (drawPhotoScene).
 */
export function paintAvatarScene(ctx: SKRSContext2D, source: PresenterSource, width: number, height: number, figure?: { x: number; y: number; width: number; height: number }): void {
  const avatarId = isHoldingPresenter(source) ? source.base : source;
  if (isVideoPresenter(avatarId) && avatarId.cutout) {
    // A cut-out (green screen keyed, or alpha): it stands on the studio backdrop a cut-out photo presenter has.
    drawPhotoBackdrop(ctx, Math.round(width), Math.round(height));
    return;
  }
  if (isVideoPresenter(avatarId)) {
    // Like a photo's: the loop's first frame's own background, from its side edges only (no second copy of the person).
    const first = new Image();
    first.src = avatarId.frames[0]!;
    drawPhotoExtension(ctx, first, avatarId.width, avatarId.height, { x: width / 2, y: 0, w: 0, h: height }, Math.round(width), Math.round(height));
    return;
  }
  if (isPhotoPresenter(avatarId) && figure) {
    drawPhotoScene(ctx, avatarId.photo, avatarId.rig, figure, Math.round(width), Math.round(height));
    return;
  }
  if (isPhotoPresenter(avatarId)) {
    // The photo's own background, from its side edges only: no second copy of the person behind the presenter.
    drawPhotoExtension(ctx, avatarId.photo, avatarId.rig.width, avatarId.rig.height, { x: width / 2, y: 0, w: 0, h: height }, Math.round(width), Math.round(height));
    return;
  }
  drawScene(ctx, avatarId, Math.round(width), Math.round(height));
}
