/**
 * Shapes shared by the avatar stage: the mouth shapes, one frame's pose, the per-video track the
 * timeline builds, and the painter the renderer calls. All pure data; drawing lives in paint/.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarRecord } from '../../catalog/catalog.data.ts';
import type { AvatarLook } from './looks.data.ts';
import type { HeldProduct } from './paint/held.ts';

/**
 * Rhubarb-style mouth shapes:
 * A closed (M B P) · B slightly open, teeth together (K S T EE) · C open (EH AE) · D wide open (AA)
 * E rounded (AO ER) · F puckered (UW OW W) · G upper teeth on lower lip (F V) · H tongue up (L)
 * X idle / rest.
 */
export type Viseme = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'X';

export const VISEMES: readonly Viseme[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X'];

export type Gesture = 'none' | 'point' | 'open' | 'count' | 'nod';

/**
 * Everything the painter needs for one frame. Offsets are in head heights (0.05 = a twentieth of
 * the head), so a pose means the same at every painter size. lookX > 0 looks to the viewer's right.
 */
export interface AvatarPose {
  viseme: Viseme;
  /** 0 closed … 1 widest; tweened between shapes, exactly 0 on closures and rests. */
  mouthOpen: number;
  /** 0 eyes open … 1 closed. */
  blink: number;
  headTiltDeg: number;
  headOffsetX: number;
  headOffsetY: number;
  /** 0 exhaled … 1 inhaled. */
  breathe: number;
  browRaise: number;
  lookX: number;
  lookY: number;
  gesture: Gesture;
  /** 0 arms at rest … 1 gesture fully made (already eased). */
  gestureAmount: number;
  /** Fingers raised for 'count' (1..3); 1 otherwise. */
  countFingers: number;
  /**
   * The mouth's shape numbers eased over neighbouring frames (motion.track.ts): width (1 rest),
   * rounding 0..1 and the upper teeth band's share of the opening 0..1. Absent: the viseme's own
   * (mouthShapeOf).
   */
  mouthShape?: MouthShape;
  /** The frame's time in the video (ms); a video presenter plays its loop by it. */
  timeMs?: number;
}

export interface MouthShape {
  width: number;
  round: number;
  teeth: number;
}

export const NEUTRAL_POSE: Readonly<AvatarPose> = Object.freeze({
  viseme: 'X',
  mouthOpen: 0,
  blink: 0,
  headTiltDeg: 0,
  headOffsetX: 0,
  headOffsetY: 0,
  breathe: 0.5,
  browRaise: 0,
  lookX: 0,
  lookY: 0,
  gesture: 'none',
  gestureAmount: 0,
  countFingers: 1,
});

export interface AvatarTrack {
  fps: number;
  durationMs: number;
  /** Frames covering durationMs; poseAt clamps frames outside 0..frameCount-1. */
  frameCount: number;
  /** One mouth shape a frame (buildMouthTrack's output). */
  visemes: readonly Viseme[];
  poseAt(frame: number): AvatarPose;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the face parts sit, in pixels from the painter's top-left, for a pose with no head motion.
 * Tests and the renderer (e.g. to frame a close-up) use these; they are not drawing instructions.
 */
export interface AvatarLayout {
  head: Rect;
  mouth: Rect;
  leftEye: Rect;
  rightEye: Rect;
  /** A patch of bare cheek: mean skin colour. */
  cheek: Rect;
  /**
   * The face box text keeps off (face-box.ts): eyebrows to chin, across the jaw, padded 10 % each
   * side. From the landmarks (photo and video presenters) or the figure's geometry (drawn ones).
   */
  face: Rect;
}

export interface AvatarPainter {
  readonly width: number;
  readonly height: number;
  readonly layout: AvatarLayout;
  /** Draws the presenter with its top-left at (x, y); clipped to width × height. */
  draw(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void;
  /**
   * The face box in a frame drawn with `pose` (head turned and shifted), in painter pixels. A
   * painter without it keeps its face at layout.face (faceBoxOf).
   */
  faceBoxAt?(pose: AvatarPose): Rect;
  /**
   * One pose's drawing in three passes which, drawn in order at the same (x, y), give what
   * `draw` gives; the still pass is the same pixels for every pose with the same stillKey, so a
   * caller may keep it as a bitmap (render/figure-sprite.ts). Painters without it: draw only.
   */
  passes?(pose: AvatarPose): PosePasses;
}

/** A pose's drawing split for caching: see AvatarPainter.passes. Each pass clips to the painter's box. */
export interface PosePasses {
  /** Behind the still part (a drawn figure's back hair); absent when nothing is. */
  back?(ctx: SKRSContext2D, x: number, y: number): void;
  /** Equal keys: equal pixels from `still` at the same (x, y). */
  readonly stillKey: string;
  still(ctx: SKRSContext2D, x: number, y: number): void;
  /** In front of the still part (moving arms, the head). */
  front(ctx: SKRSContext2D, x: number, y: number): void;
}

/** A painter's face box for one pose: its own faceBoxAt, else the face at rest. */
export function faceBoxOf(painter: Pick<AvatarPainter, 'layout' | 'faceBoxAt'>, pose: AvatarPose): Rect {
  return painter.faceBoxAt ? painter.faceBoxAt(pose) : painter.layout.face;
}

export interface AvatarPainterOptions {
  /** Side of the frame the product is on, seen by the viewer; 'point' gestures go that way. */
  productSide?: 'left' | 'right';
  /** Changes the presenter's look before drawing (e.g. keySafeLook for a green screen). */
  recolor?: (look: AvatarLook) => AvatarLook;
  /** A product in the hand on hold.side, in front of the body (product avatars; paint/held.ts). */
  held?: HeldProduct;
}

/** What a presenter is, beyond its look: the catalog's traits (the scene is drawn from them). */
export type PresenterTraits = Pick<AvatarRecord, 'gender' | 'age' | 'style' | 'scene' | 'ethnicity'>;

/**
 * A presenter that is not in the catalog (a custom drawn avatar, a generated candidate): its
 * painter parameters, stored as JSON with the avatar. The painter draws it exactly like a
 * public presenter.
 */
export interface DrawnPresenter {
  traits: PresenterTraits;
  look: AvatarLook;
}

/** A public avatar_id, or a drawn presenter's parameters. */
export type PresenterRef = number | DrawnPresenter;
