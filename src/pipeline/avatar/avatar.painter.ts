/**
 * A presenter painter for one avatar at one size. The torso and clothes (the big, detailed part
 * that never moves) are drawn once into a cached layer and blitted at whole-pixel offsets; the
 * head (back hair, face, front hair, eyes, brows, mouth) and arms are a few dozen vector paths
 * drawn each frame under the pose's transform. Measured: a rotated bitmap of the head cost more
 * than drawing its paths, and blurred it. `passes` splits one pose into back (back hair), still
 * (body at its breath lift, arms at rest) and front (gesturing arms, head): the still pass repeats
 * across poses with the same key, so the renderer keeps it as a bitmap (render/figure-sprite.ts).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { PUBLIC_AVATARS } from '../../catalog/catalog.data.ts';
import { NEUTRAL_POSE } from './avatar.types.ts';
import { padFaceBox } from './face-box.ts';
import type { AvatarLayout, AvatarPainter, AvatarPainterOptions, AvatarPose, DrawnPresenter, PosePasses, PresenterRef, Rect } from './avatar.types.ts';
import { lookFor, type AvatarLook } from './looks.data.ts';
import { armStyle, drawArms } from './paint/arms.ts';
import { drawBody } from './paint/body.ts';
import { drawHeldProduct, holdGeometry } from './paint/held.ts';
import {
  browColor, drawAgeLines, drawBeard, drawBrows, drawEars, drawEyes, drawFaceBase, drawGlasses, drawMoustache, drawNose, jawDrop,
} from './paint/face.ts';
import { drawHairBack, drawHairFront, hasBackHair } from './paint/hair.ts';
import { drawMouth } from './paint/mouth.ts';
import {
  BREATH_LIFT, BROW_Y, CENTER_X, DESIGN_H, DESIGN_W, EYE_DX, EYE_RX, EYE_Y, FACE_H, FACE_W, HEAD_SCALE, HEAD_Y, MOUTH_W, MOUTH_Y, PIVOT_Y,
} from './paint/layout.ts';

/** Top of the raised brows and the bottom of the dropped chin (jawDrop(1) = 7), in head-local units. */
const FACE_BROW_Y = BROW_Y - 14;
const FACE_CHIN_Y = FACE_H + 8;

function layer(width: number, height: number, draw: (ctx: SKRSContext2D) => void): Canvas {
  const canvas = createCanvas(Math.max(1, Math.ceil(width)), Math.max(1, Math.ceil(height)));
  draw(canvas.getContext('2d'));
  return canvas;
}

export function avatarRecord(avatarId: number) {
  const record = PUBLIC_AVATARS.find((a) => a.avatar_id === avatarId);
  if (record === undefined) throw new RangeError(`unknown avatar ${avatarId}`);
  return record;
}

/** A public avatar's traits and look, or a drawn presenter as given. */
export function presenterOf(ref: PresenterRef): DrawnPresenter {
  return typeof ref === 'number' ? { traits: avatarRecord(ref), look: lookFor(ref) } : ref;
}

export function createAvatarPainter(ref: PresenterRef, size: { width: number; height: number }, options: AvatarPainterOptions = {}): AvatarPainter {
  const { traits: record, look: own } = presenterOf(ref) as { traits: DrawnPresenter['traits']; look: AvatarLook };
  const look: AvatarLook = options.recolor ? options.recolor(own) : own;
  const male = record.gender === 'male';
  const { width, height } = size;
  const s = Math.min(width / DESIGN_W, height / DESIGN_H);
  const ox = (width - DESIGN_W * s) / 2;
  const oy = height - DESIGN_H * s;
  const held = options.held;
  // A held product's side is the product side: pointing lifts the product, counting uses the free hand.
  const productSide = (held ? held.hold.side : options.productSide) === 'left' ? -1 : 1;
  const heldAspect = held ? held.image.width / Math.max(1, held.image.height) : 1;
  const arms = armStyle(look, male);
  const brow = browColor(look);
  const lash = '#2A1B1E';
  const backHair = hasBackHair(look);

  const body = layer(width, height + BREATH_LIFT * s + 2, (ctx) => {
    ctx.translate(ox, oy);
    ctx.scale(s, s);
    drawBody(ctx, look, male);
  });
  const hs = s * HEAD_SCALE;

  // Head-local units to painter pixels (no head motion).
  const px = (dx: number) => ox + CENTER_X * s + dx * hs;
  const py = (dy: number) => oy + HEAD_Y * s + dy * hs;
  const rect = (x0: number, y0: number, x1: number, y1: number): Rect => ({
    x: Math.round(px(x0)), y: Math.round(py(y0)), width: Math.round((x1 - x0) * hs), height: Math.round((y1 - y0) * hs),
  });
  const layout: AvatarLayout = {
    head: rect(-FACE_W, -FACE_H, FACE_W, FACE_H),
    mouth: rect(-MOUTH_W * 1.35, MOUTH_Y - 16, MOUTH_W * 1.35, MOUTH_Y + 30),
    leftEye: rect(-EYE_DX - EYE_RX - 2, EYE_Y - 13, -EYE_DX + EYE_RX + 2, EYE_Y + 9),
    rightEye: rect(EYE_DX - EYE_RX - 2, EYE_Y - 13, EYE_DX + EYE_RX + 2, EYE_Y + 9),
    cheek: rect(-70, 26, -62, 34),
    face: faceAt(NEUTRAL_POSE),
  };

  /** Brows (raised) to the chin (jaw dropped), across the face, through the head's transform; padded 10 %. */
  function faceAt(pose: AvatarPose): Rect {
    const lift = Math.round(pose.breathe * BREATH_LIFT * 0.5 * s);
    const hx = px(pose.headOffsetX * 2 * FACE_H);
    const hy = py(pose.headOffsetY * 2 * FACE_H) - lift * 0.6;
    const tilt = (pose.headTiltDeg * Math.PI) / 180;
    const cos = Math.cos(tilt);
    const sin = Math.sin(tilt);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [u, v] of [[-FACE_W, FACE_BROW_Y], [FACE_W, FACE_BROW_Y], [-FACE_W, FACE_CHIN_Y], [FACE_W, FACE_CHIN_Y]] as const) {
      const lx = u * hs;
      const ly = (v - PIVOT_Y) * hs;
      xs.push(hx + lx * cos - ly * sin);
      ys.push(hy + PIVOT_Y * hs + lx * sin + ly * cos);
    }
    const x0 = Math.min(...xs);
    const y0 = Math.min(...ys);
    return padFaceBox({ x: x0, y: y0, width: Math.max(...xs) - x0, height: Math.max(...ys) - y0 });
  }

  /** The body's whole-pixel breath lift for a pose. */
  const liftOf = (pose: AvatarPose) => Math.round(pose.breathe * BREATH_LIFT * 0.5 * s);
  /** The arms (and a held product) are in their rest pose: no gesture under way (a nod moves the head only). */
  const armsRest = (pose: AvatarPose) => pose.gesture === 'none' || pose.gesture === 'nod' || !(pose.gestureAmount > 0);

  function headAt(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number) {
    const lift = liftOf(pose);
    const hx = x + px(pose.headOffsetX * 2 * FACE_H);
    const hy = y + py(pose.headOffsetY * 2 * FACE_H) - lift * 0.6;
    const tilt = (pose.headTiltDeg * Math.PI) / 180;
    ctx.translate(hx, hy + PIVOT_Y * hs);
    ctx.rotate(tilt);
    ctx.translate(0, -PIVOT_Y * hs);
    ctx.scale(hs, hs);
  }

  /** Behind the body: the back hair, under the head's transform. */
  function back(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void {
    if (!backHair) return;
    ctx.save();
    headAt(ctx, pose, x, y);
    drawHairBack(ctx, look);
    ctx.restore();
  }

  function drawArmsAt(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void {
    ctx.save();
    ctx.translate(x + ox, y + oy - liftOf(pose));
    ctx.scale(s, s);
    if (held) {
      const raise = pose.gesture === 'point' || pose.gesture === 'open' ? pose.gestureAmount : 0;
      const g = holdGeometry(held.hold, heldAspect, look.shoulders, raise);
      // Both hands are busy with the product while "open": the free arm stays down.
      const armPose = pose.gesture === 'open' || pose.gesture === 'point' ? { ...pose, gesture: 'none' as const, gestureAmount: 0 } : pose;
      drawArms(ctx, arms, look.shoulders, armPose, productSide, g);
      drawHeldProduct(ctx, held.image, g, arms.skin, arms.skinLine);
    } else drawArms(ctx, arms, look.shoulders, pose, productSide);
    ctx.restore();
  }

  /** The body layer at the pose's lift, and the arms when they rest: the same pixels for every pose with the same stillKey. */
  function still(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void {
    // Whole pixels for the body layer: a fractional offset would resample the whole bitmap.
    ctx.drawImage(body, Math.round(x), Math.round(y) - liftOf(pose));
    if (armsRest(pose)) drawArmsAt(ctx, pose, x, y);
  }

  /** The arms while they gesture, and the head. */
  function front(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void {
    if (!armsRest(pose)) drawArmsAt(ctx, pose, x, y);
    // The head is a handful of vector paths: drawing them is cheaper than resampling a rotated
    // bitmap of them, and stays sharp at every tilt.
    ctx.save();
    headAt(ctx, pose, x, y);
    drawEars(ctx, look);
    const drop = jawDrop(pose.mouthOpen);
    drawFaceBase(ctx, look, drop);
    if (look.earrings !== undefined && look.headscarf === undefined) drawEarrings(ctx, look.earrings);
    if (look.ageLines) drawAgeLines(ctx, look);
    drawNose(ctx, look);
    drawBeard(ctx, look, drop);
    drawHairFront(ctx, look);
    drawEyes(ctx, look, pose.blink, pose.lookX, pose.lookY, lash);
    drawBrows(ctx, pose.browRaise, brow, male);
    drawMouth(ctx, look, pose.viseme, pose.mouthOpen, male);
    drawMoustache(ctx, look, pose.mouthOpen);
    drawGlasses(ctx, look);
    ctx.restore();
  }

  /** Runs a pass clipped to the painter's box. */
  const boxed = (pass: typeof back) => (ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number) => {
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, width, height);
    ctx.clip();
    pass(ctx, pose, x, y);
    ctx.restore();
  };

  function draw(ctx: SKRSContext2D, pose: AvatarPose, x: number, y: number): void {
    boxed((c, p, bx, by) => {
      back(c, p, bx, by);
      still(c, p, bx, by);
      front(c, p, bx, by);
    })(ctx, pose, x, y);
  }

  function passes(pose: AvatarPose): PosePasses {
    return {
      back: backHair ? (ctx, x, y) => boxed(back)(ctx, pose, x, y) : undefined,
      stillKey: `${liftOf(pose)} ${armsRest(pose) ? 'arms' : '-'}`,
      still: (ctx, x, y) => boxed(still)(ctx, pose, x, y),
      front: (ctx, x, y) => boxed(front)(ctx, pose, x, y),
    };
  }

  return { width, height, layout, draw, passes, faceBoxAt: faceAt };
}

function drawEarrings(ctx: SKRSContext2D, e: NonNullable<AvatarLook['earrings']>): void {
  for (const side of [-1, 1]) {
    const x = side * (FACE_W - 1);
    const y = EYE_Y + 38;
    ctx.fillStyle = e.color;
    ctx.strokeStyle = e.color;
    ctx.lineWidth = 3.5;
    ctx.beginPath();
    if (e.style === 'hoop') {
      ctx.arc(x, y + 14, 13, 0, Math.PI * 2);
      ctx.stroke();
    } else if (e.style === 'drop') {
      ctx.moveTo(x, y);
      ctx.lineTo(x, y + 12);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x, y + 10);
      ctx.lineTo(x + 7, y + 22);
      ctx.lineTo(x, y + 32);
      ctx.lineTo(x - 7, y + 22);
      ctx.closePath();
      ctx.fill();
    } else {
      ctx.arc(x, y + 2, 5, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}
