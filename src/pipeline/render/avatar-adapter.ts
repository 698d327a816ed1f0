/**
 * The renderer's view of the avatar stage (src/pipeline/avatar): the per-video pose track, a
 * painter per presenter box and the avatar's scene. Where the painter goes is pure timeline
 * data (timeline/presenter.ts).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { buildAvatarTrack, createAvatarPainter, drawScene, type AvatarPainter, type AvatarPose, type AvatarTrack, type PresenterRef } from '../avatar/index.ts';
import { createPhotoPainter, isPhotoPresenter, renderPhotoStill, type PhotoPresenter } from '../avatar/photo/index.ts';
import type { Script, Speech } from '../types.ts';
import type { Timeline } from '../timeline/types.ts';
import { presenterPlacement, type PresenterPlacement } from '../timeline/presenter.ts';

export { presenterPlacement, type PresenterPlacement };

export type { AvatarPainter, AvatarPose, AvatarTrack };

/** Who presents: a public avatar_id, a drawn presenter's parameters, or a photo presenter. */
export type PresenterSource = PresenterRef | PhotoPresenter;

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
  const painter = isPhotoPresenter(avatarId) ? createPhotoPainter(avatarId.photo, avatarId.rig, size) : createAvatarPainter(avatarId, size, { productSide });
  return { track, painter, placement };
}

/** The avatar's backdrop scene, filling (0, 0)–(width, height) of ctx. */
export function paintAvatarScene(ctx: SKRSContext2D, avatarId: PresenterSource, width: number, height: number): void {
  if (isPhotoPresenter(avatarId)) {
    // The photo presenter at rest is its own scene (the cut-out person on its backdrop, or the framed photo).
    ctx.drawImage(renderPhotoStill(avatarId.photo, avatarId.rig, Math.round(width), Math.round(height)), 0, 0);
    return;
  }
  drawScene(ctx, avatarId, Math.round(width), Math.round(height));
}
