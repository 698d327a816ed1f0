/**
 * A product held in the presenter's hand, in design units (the 600 × 1000 box of layout.ts): the
 * forearm on the holding side comes up from the elbow to a hand under the product's lower outer
 * corner; the palm is behind the product, the fingers curl over its front edge and the thumb
 * shows on the inner side, so the product sits in the hand and in front of the body.
 */
import type { Canvas, Image, SKRSContext2D } from '@napi-rs/canvas';
import { CENTER_X as X } from './layout.ts';

type Pt = { x: number; y: number };

/** How one picture holds its product; varied per generation, kept by the avatar made from it. */
export interface HoldSpec {
  /** The side of the picture (as the viewer sees it) the product is on. */
  side: 'left' | 'right';
  /** 1 = the product about as tall as the head. */
  scale: number;
  /** Degrees, clockwise. */
  tiltDeg: number;
  /** Design units up (negative: down) from the usual chest height. */
  lift: number;
}

export interface HeldProduct {
  /** The product, background removed where it could be (transparent around it). */
  image: Image | Canvas;
  hold: HoldSpec;
}

export interface HoldGeometry {
  /** +1 viewer's right, -1 left. */
  side: number;
  center: Pt;
  w: number;
  h: number;
  tilt: number;
  wrist: Pt;
  elbow: Pt;
  /** Where the palm sits (behind the product's lower outer corner). */
  palm: Pt;
}

/** The head is 264 design units tall; a product of scale 1 is this tall. */
const BASE_H = 250;
const MAX_W = 210;

/**
 * Where the product, hand and forearm are for a presenter with shoulders `sw`; `raise` (0..1)
 * lifts the product toward the face (the presenter showing it off on a pointing gesture); the
 * hand stays above `bottom`, the box's lower edge in design units.
 */
export function holdGeometry(hold: HoldSpec, aspect: number, sw: number, raise = 0, bottom = Infinity): HoldGeometry {
  const side = hold.side === 'left' ? -1 : 1;
  let h = BASE_H * hold.scale;
  let w = h * aspect;
  if (w > MAX_W * hold.scale) {
    w = MAX_W * hold.scale;
    h = w / aspect;
  }
  // Within the box: the hand under the product stays above `bottom` (a photo cut at the chest).
  const cy = Math.min(665 - (h - BASE_H) * 0.35 - hold.lift - raise * 45, bottom - h / 2 - 60);
  // Inside the box: the outer edge at most 24 units from it.
  const cx = X + side * Math.min(sw * 0.6, 276 - w / 2);
  const center = { x: cx, y: cy };
  const tilt = ((hold.tiltDeg + raise * side * 4) * Math.PI) / 180;
  const local = (dx: number, dy: number): Pt => ({
    x: cx + dx * Math.cos(tilt) - dy * Math.sin(tilt),
    y: cy + dx * Math.sin(tilt) + dy * Math.cos(tilt),
  });
  const palm = local(side * w * 0.38, h * 0.36);
  const wrist = { x: palm.x + side * 14, y: palm.y + 34 };
  const elbow = { x: X + side * (sw + 10), y: 830 - raise * 25 };
  return { side, center, w, h, tilt, wrist, elbow, palm };
}

/** The forearm from elbow to wrist (sleeve with an outline; the hand is drawn by drawHeldProduct). */
export function drawForearm(ctx: SKRSContext2D, g: HoldGeometry, width: number, colour: string, outline: string): void {
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(g.elbow.x, g.elbow.y);
  ctx.lineTo(g.wrist.x, g.wrist.y);
  ctx.strokeStyle = outline;
  ctx.lineWidth = width + 5;
  ctx.stroke();
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.stroke();
}

/** Palm behind, the product, then fingers over its front edge and the thumb: a hand holding it. */
export function drawHeldProduct(ctx: SKRSContext2D, image: Image | Canvas, g: HoldGeometry, skin: string, skinLine: string): void {
  const { side, w, h } = g;
  const fw = 12;
  // The palm: under and behind the product's lower outer corner.
  ctx.fillStyle = skinLine;
  ctx.beginPath();
  ctx.ellipse(g.palm.x, g.palm.y + 6, 27, 22, g.tilt, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = skin;
  ctx.beginPath();
  ctx.ellipse(g.palm.x, g.palm.y + 6, 24.5, 19.5, g.tilt, 0, Math.PI * 2);
  ctx.fill();

  ctx.save();
  ctx.translate(g.center.x, g.center.y);
  ctx.rotate(g.tilt);
  // A soft contact shadow on the body makes it sit in front rather than float.
  ctx.shadowColor = 'rgba(0,0,0,0.28)';
  ctx.shadowBlur = 14;
  ctx.shadowOffsetX = -side * 4;
  ctx.shadowOffsetY = 6;
  ctx.drawImage(image, -w / 2, -h / 2, w, h);
  ctx.shadowColor = 'rgba(0,0,0,0)';

  // Four fingers from the outer edge across the front, lowest last (each over the one above).
  ctx.lineCap = 'round';
  const edge = side * (w / 2);
  for (let i = 0; i < 4; i++) {
    const y = h * 0.5 - 52 + i * 14;
    const len = [30, 34, 31, 25][i]!;
    const from = { x: edge + side * 10, y: y + 4 };
    const to = { x: edge - side * len, y };
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.strokeStyle = skinLine;
    ctx.lineWidth = fw + 4;
    ctx.stroke();
    ctx.strokeStyle = skin;
    ctx.lineWidth = fw;
    ctx.stroke();
  }
  // The thumb comes round the bottom on the near side.
  ctx.beginPath();
  ctx.moveTo(edge - side * 8, h * 0.5 + 10);
  ctx.quadraticCurveTo(edge - side * 26, h * 0.5 + 4, edge - side * 40, h * 0.5 - 8);
  ctx.strokeStyle = skinLine;
  ctx.lineWidth = fw + 5;
  ctx.stroke();
  ctx.strokeStyle = skin;
  ctx.lineWidth = fw + 1;
  ctx.stroke();
  ctx.restore();
}
