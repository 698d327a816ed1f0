/**
 * Arms and hands, drawn every frame in design units. Each arm is a shoulder–elbow–wrist chain
 * whose elbow and wrist move from the rest pose (hanging by the torso, hand out of frame) to the
 * gesture's pose by the eased gesture amount; hands are flat silhouettes with outlined fingers.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { AvatarPose } from '../avatar.types.ts';
import type { AvatarLook, OutfitKind } from '../looks.data.ts';
import { shade } from './color.ts';
import { CENTER_X as X, DESIGN_H, SHOULDER_Y } from './layout.ts';

type Ctx = SKRSContext2D;
type Pt = { x: number; y: number };
type HandShape = 'open' | 'point' | 'count' | 'hidden';

const SHORT_SLEEVES: ReadonlySet<OutfitKind> = new Set(['tee', 'jersey', 'dress']);

export interface ArmStyle {
  sleeve: string;
  outline: string;
  skin: string;
  skinLine: string;
  short: boolean;
  stripe: string | null;
  upper: number;
  fore: number;
}

export function armStyle(look: AvatarLook, male: boolean): ArmStyle {
  const o = look.outfit;
  const sleeve = o.kind === 'turtleneck_coat' || o.kind === 'cardigan' ? o.main : o.kind === 'pattern_top' ? shade(o.main, -0.05) : o.main;
  return {
    sleeve,
    outline: shade(sleeve, -0.28),
    skin: look.skin,
    skinLine: shade(look.skin, -0.25),
    short: SHORT_SLEEVES.has(o.kind),
    stripe: o.kind === 'track_jacket' || o.kind === 'jersey' ? o.second : null,
    upper: male ? 58 : 50,
    fore: male ? 48 : 42,
  };
}

const lerpPt = (a: Pt, b: Pt, t: number): Pt => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

interface ArmPose {
  elbow: Pt;
  wrist: Pt;
  hand: HandShape;
}

function restPose(side: number, sw: number): ArmPose {
  return { elbow: { x: X + side * (sw + 4), y: 775 }, wrist: { x: X + side * (sw - 8), y: DESIGN_H + 40 }, hand: 'hidden' };
}

function gesturePose(gesture: AvatarPose['gesture'], side: number, sw: number, productSide: number): ArmPose | null {
  switch (gesture) {
    case 'open':
      return { elbow: { x: X + side * Math.min(sw + 16, 180), y: 790 }, wrist: { x: X + side * Math.min(sw + 62, 212), y: 690 }, hand: 'open' };
    case 'point':
      if (side !== productSide) return null;
      // Kept inside the box: the fingertip must not leave the frame.
      return { elbow: { x: X + side * Math.min(sw + 34, 192), y: 700 }, wrist: { x: X + side * Math.min(sw + 86, 212), y: 636 }, hand: 'point' };
    case 'count':
      if (side === productSide) return null;
      return { elbow: { x: X + side * (sw + 10), y: 780 }, wrist: { x: X + side * (sw - 40), y: 615 }, hand: 'count' };
    default:
      return null;
  }
}

function polyline(ctx: Ctx, pts: Pt[]): void {
  ctx.beginPath();
  ctx.moveTo(pts[0]!.x, pts[0]!.y);
  for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
}

/**
 * A limb: an outline a little wider than the fill, except near the shoulder, where the sleeve
 * merges into the torso's own shoulder curve instead of looking pasted on.
 */
function stroke(ctx: Ctx, pts: Pt[], width: number, color: string, outline: string | null, openTop = 0): void {
  if (outline !== null) {
    const from = openTop > 0 ? [lerpPt(pts[0]!, pts[1]!, openTop), ...pts.slice(1)] : pts;
    polyline(ctx, from);
    ctx.strokeStyle = outline;
    ctx.lineWidth = width + 5;
    ctx.lineCap = openTop > 0 ? 'butt' : 'round';
    ctx.stroke();
  }
  polyline(ctx, pts);
  ctx.lineCap = 'round';
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

function rotate(d: Pt, deg: number): Pt {
  const a = (deg * Math.PI) / 180;
  return { x: d.x * Math.cos(a) - d.y * Math.sin(a), y: d.x * Math.sin(a) + d.y * Math.cos(a) };
}

interface Finger {
  base: Pt;
  tip: Pt;
}

/**
 * A flat hand: an oval palm and four fingers across its far edge (index nearest the thumb), each
 * extended or folded to a knuckle; the thumb on the body's side. One outline pass under the whole
 * silhouette, then the skin on top, so fingers read against the palm only where they separate.
 */
function drawHand(ctx: Ctx, s: ArmStyle, wrist: Pt, dir: Pt, side: number, shape: HandShape, fingers: number): void {
  if (shape === 'hidden') return;
  const pw = s.fore * 0.5;
  const pl = s.fore * 0.56;
  const fw = s.fore * 0.27;
  const len = s.fore * 0.85;
  const palm = { x: wrist.x + dir.x * pl * 0.85, y: wrist.y + dir.y * pl * 0.85 };
  const across = { x: -dir.y, y: dir.x };
  // The thumb is on the body's side: toward the centre line.
  const thumbSide = across.x * side > 0 ? -1 : 1;
  const at = (along: number, lateral: number): Pt => ({
    x: palm.x + dir.x * along + across.x * lateral, y: palm.y + dir.y * along + across.y * lateral,
  });
  const list: Finger[] = [];
  const slots = [0.68, 0.23, -0.23, -0.68];
  const lengths = [1, 1.1, 1, 0.8];
  const extended = shape === 'open' ? 4 : shape === 'point' ? 1 : Math.min(3, Math.max(1, fingers));
  slots.forEach((slot, i) => {
    const lateral = slot * pw * thumbSide;
    const base = at(pl * 0.45, lateral);
    const fan = shape === 'open' ? slot * thumbSide * 22 : slot * thumbSide * 12;
    // A pointing index bends at the knuckle toward the horizontal: it points at the product.
    const d = rotate(dir, shape === 'point' && i === 0 ? 28 * side : fan);
    const l = i < extended ? len * lengths[i]! * (shape === 'point' ? 1.15 : 1) : fw * 0.55;
    list.push({ base, tip: { x: base.x + d.x * l, y: base.y + d.y * l } });
  });
  const thumbBase = at(-pl * 0.1, pw * 0.8 * thumbSide);
  const spread = ((shape === 'open' ? 55 : 25) * Math.PI) / 180;
  const thumbDir = {
    x: dir.x * Math.cos(spread) + across.x * thumbSide * Math.sin(spread),
    y: dir.y * Math.cos(spread) + across.y * thumbSide * Math.sin(spread),
  };
  const thumbLen = shape === 'open' ? len * 0.75 : len * 0.4;
  list.push({ base: thumbBase, tip: { x: thumbBase.x + thumbDir.x * thumbLen, y: thumbBase.y + thumbDir.y * thumbLen } });

  ctx.lineCap = 'round';
  const angle = Math.atan2(dir.y, dir.x);
  ctx.fillStyle = s.skinLine;
  ctx.beginPath();
  ctx.ellipse(palm.x, palm.y, pl + 2.5, pw + 2.5, angle, 0, Math.PI * 2);
  ctx.fill();
  // Thumb first, then pinky to index: each finger's outline separates it from the one before.
  for (const f of [list[4]!, ...list.slice(0, 4).reverse()]) {
    ctx.beginPath();
    ctx.moveTo(f.base.x, f.base.y);
    ctx.lineTo(f.tip.x, f.tip.y);
    ctx.strokeStyle = s.skinLine;
    ctx.lineWidth = fw + 5;
    ctx.stroke();
    ctx.strokeStyle = s.skin;
    ctx.lineWidth = fw;
    ctx.stroke();
  }
  ctx.fillStyle = s.skin;
  ctx.beginPath();
  ctx.ellipse(palm.x, palm.y, pl, pw, angle, 0, Math.PI * 2);
  ctx.fill();
  if (extended < 4) {
    // Folded fingers: knuckle creases across the back of the hand.
    ctx.strokeStyle = s.skinLine;
    ctx.lineWidth = 1.8;
    ctx.beginPath();
    for (const f of list.slice(extended, 4)) {
      const a = at(pl * 0.2, 0);
      ctx.moveTo(f.base.x + (a.x - palm.x) * 0.2, f.base.y + (a.y - palm.y) * 0.2);
      ctx.lineTo(f.base.x - dir.x * pl * 0.45, f.base.y - dir.y * pl * 0.45);
    }
    ctx.stroke();
  }
}

/** A short sleeve: open at the shoulder (it joins the torso there), hemmed straight at the bottom. */
function sleeve(ctx: Ctx, s: ArmStyle, shoulder: Pt, hem: Pt): void {
  const len = Math.hypot(hem.x - shoulder.x, hem.y - shoulder.y) || 1;
  const n = { x: -(hem.y - shoulder.y) / len, y: (hem.x - shoulder.x) / len };
  const top = s.upper / 2;
  const bottom = s.upper / 2 + 4;
  const a = { x: shoulder.x + n.x * top, y: shoulder.y + n.y * top };
  const b = { x: hem.x + n.x * bottom, y: hem.y + n.y * bottom };
  const c = { x: hem.x - n.x * bottom, y: hem.y - n.y * bottom };
  const d = { x: shoulder.x - n.x * top, y: shoulder.y - n.y * top };
  ctx.fillStyle = s.sleeve;
  ctx.beginPath();
  ctx.arc(shoulder.x, shoulder.y, top, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.lineTo(c.x, c.y);
  ctx.lineTo(d.x, d.y);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = s.outline;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.moveTo(lerpPt(a, b, 0.35).x, lerpPt(a, b, 0.35).y);
  ctx.lineTo(b.x, b.y);
  ctx.lineTo(c.x, c.y);
  ctx.lineTo(lerpPt(c, d, 0.65).x, lerpPt(c, d, 0.65).y);
  ctx.stroke();
}

function drawArm(ctx: Ctx, s: ArmStyle, shoulder: Pt, arm: ArmPose, side: number, fingers: number): void {
  const { elbow, wrist } = arm;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const len = Math.hypot(wrist.x - elbow.x, wrist.y - elbow.y) || 1;
  const dir = { x: (wrist.x - elbow.x) / len, y: (wrist.y - elbow.y) / len };
  if (s.short) {
    const hem = lerpPt(shoulder, elbow, 0.5);
    stroke(ctx, [lerpPt(shoulder, elbow, 0.3), elbow, wrist], s.fore, s.skin, s.skinLine);
    sleeve(ctx, s, shoulder, hem);
  } else {
    stroke(ctx, [shoulder, elbow, wrist], s.upper, s.sleeve, s.outline, 0.3);
    if (s.stripe !== null) stroke(ctx, [lerpPt(shoulder, elbow, 0.15), elbow, wrist], 8, s.stripe, null);
  }
  drawHand(ctx, s, wrist, dir, side, arm.hand, fingers);
}

/**
 * Both arms for this pose; productSide is +1 when the product is on the viewer's right. `holding`
 * (a product in the hand, paint/held.ts) puts that side's arm in the holding pose: up from the
 * elbow to the wrist, the hand drawn with the product.
 */
export function drawArms(ctx: Ctx, s: ArmStyle, sw: number, pose: AvatarPose, productSide: number, holding?: { elbow: Pt; wrist: Pt }): void {
  const amount = pose.gesture === 'nod' ? 0 : pose.gestureAmount;
  for (const side of [-1, 1]) {
    const shoulder = { x: X + side * (sw - 32), y: SHOULDER_Y + 58 };
    if (holding && side === productSide) {
      drawArm(ctx, s, shoulder, { elbow: holding.elbow, wrist: holding.wrist, hand: 'hidden' }, side, 1);
      continue;
    }
    const rest = restPose(side, sw);
    const target = amount > 0 ? gesturePose(pose.gesture, side, sw, productSide) : null;
    let arm = rest;
    if (target !== null) {
      // The hand rises from out of frame, so it appears only once the forearm has lifted.
      const lift = pose.mouthOpen * 8 * amount;
      arm = {
        elbow: lerpPt(rest.elbow, target.elbow, amount),
        wrist: lerpPt(rest.wrist, { x: target.wrist.x, y: target.wrist.y - lift }, amount),
        hand: target.hand,
      };
    }
    drawArm(ctx, s, shoulder, arm, side, pose.countFingers);
  }
}
