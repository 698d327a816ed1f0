/**
 * The renderer's view of the avatar stage (src/pipeline/avatar): the per-video pose track, a
 * painter per presenter box, the avatar's scene, and where in the frame the painter goes.
 * Framing: insets (card, circle) show a head-and-shoulders close-up with the face a little above
 * the middle; full presenters fill the box's width (or height) from its top, the body running on
 * below the box or panel, which clips it.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { buildAvatarTrack, createAvatarPainter, drawScene, type AvatarPainter, type AvatarPose, type AvatarTrack } from '../avatar/index.ts';
import { DESIGN_H, DESIGN_W, FACE_H, HEAD_SCALE, HEAD_Y } from '../avatar/paint/layout.ts';
import type { Script, Speech } from '../types.ts';
import type { Box } from '../templates/types.ts';
import type { Timeline } from '../timeline/types.ts';

export type { AvatarPainter, AvatarPose, AvatarTrack };

export interface PresenterPlacement {
  /** Painter size in pixels (the design box scaled). */
  width: number;
  height: number;
  /** Where the painter's top-left goes in the frame. */
  x: number;
  y: number;
  /** What clips the figure: the inset card/circle, or the scene panel. */
  clip: Box;
  shape: 'rect' | 'round-rect' | 'circle';
}

/** Head height in design units. */
const HEAD_UNITS = 2 * FACE_H * HEAD_SCALE;

/** Pure: where the presenter is painted for a timeline's presenter rule. */
export function presenterPlacement(p: NonNullable<Timeline['presenter']>): PresenterPlacement {
  const { box } = p;
  if (p.frame === 'card' || p.frame === 'circle') {
    const s = ((p.frame === 'circle' ? 0.5 : 0.44) * box.h) / HEAD_UNITS;
    const width = Math.round(DESIGN_W * s);
    const height = Math.round(DESIGN_H * s);
    return {
      width,
      height,
      x: Math.round(box.x + (box.w - width) / 2),
      y: Math.round(box.y + box.h * (p.frame === 'circle' ? 0.5 : 0.44) - HEAD_Y * s),
      clip: box,
      shape: p.frame === 'circle' ? 'circle' : 'round-rect',
    };
  }
  const s = Math.max(box.w / DESIGN_W, box.h / DESIGN_H);
  const width = Math.round(DESIGN_W * s);
  const height = Math.round(DESIGN_H * s);
  return { width, height, x: Math.round(box.x + (box.w - width) / 2), y: Math.round(box.y), clip: p.panel, shape: 'rect' };
}

export interface Presenter {
  track: AvatarTrack;
  painter: AvatarPainter;
  placement: PresenterPlacement;
}

/** The avatar's track and painter for one video. */
export function createPresenter(avatarId: number, t: Timeline, speech: Speech, script: Script): Presenter | null {
  if (!t.presenter) return null;
  const placement = presenterPlacement(t.presenter);
  const mediaCenter = t.media ? t.media.box.x + t.media.box.w / 2 : t.width;
  const productSide = mediaCenter < placement.x + placement.width / 2 ? 'left' : 'right';
  const track = buildAvatarTrack({ speech, script, fps: t.fps, durationMs: t.durationMs, seed: t.seed, productSide });
  const painter = createAvatarPainter(avatarId, { width: placement.width, height: placement.height }, { productSide });
  return { track, painter, placement };
}

/** The avatar's backdrop scene, filling (0, 0)–(width, height) of ctx. */
export function paintAvatarScene(ctx: SKRSContext2D, avatarId: number, width: number, height: number): void {
  drawScene(ctx, avatarId, Math.round(width), Math.round(height));
}
