/**
 * Where the presenter is painted (pure). The avatar painters draw a 600 x 1000 design box (head
 * and torso to the waist) anchored bottom-centre; this decides the painter's size and position
 * for a template's presenter rule:
 * - insets (card, circle): a close-up, the face half the inset's height (more in a circle), a little above the middle;
 * - full presenters: the design box covers the rule's box (the larger of width and height
 *   decides the scale), top-aligned, so the body runs on past the box and is clipped by the
 *   frame or the scene panel. A box may bleed past the frame edges to frame the figure larger.
 */
import { DESIGN_H, DESIGN_W, FACE_H, FACE_W, HEAD_SCALE, HEAD_Y, CENTER_X } from '../avatar/paint/layout.ts';
import { createAvatarPainter } from '../avatar/avatar.painter.ts';
import type { Box } from '../templates/types.ts';
import type { Timeline } from './types.ts';

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
  /** Pixels per design unit. */
  scale: number;
}

const HEAD_UNITS = 2 * FACE_H * HEAD_SCALE;
/** Face height over inset height: a head-and-shoulders close-up (card), a head close-up (circle). */
export const INSET_FACE_SHARE = { card: 0.5, circle: 0.56 } as const;

export function presenterPlacement(p: NonNullable<Timeline['presenter']>): PresenterPlacement {
  const { box } = p;
  if (p.frame === 'card' || p.frame === 'circle') {
    // Close-ups: the face takes INSET_FACE_SHARE of the inset's height, so a mouth reads.
    const faceAt = p.frame === 'circle' ? 0.5 : 0.44;
    const s = (INSET_FACE_SHARE[p.frame] * box.h) / HEAD_UNITS;
    const width = Math.round(DESIGN_W * s);
    const height = Math.round(DESIGN_H * s);
    return {
      width,
      height,
      x: Math.round(box.x + (box.w - width) / 2),
      y: Math.round(box.y + box.h * faceAt - HEAD_Y * s),
      clip: box,
      shape: p.frame === 'circle' ? 'circle' : 'round-rect',
      scale: s,
    };
  }
  const s = Math.max(box.w / DESIGN_W, box.h / DESIGN_H);
  const width = Math.round(DESIGN_W * s);
  const height = Math.round(DESIGN_H * s);
  return { width, height, x: Math.round(box.x + (box.w - width) / 2), y: Math.round(box.y), clip: p.panel, shape: 'rect', scale: s };
}

/** The row a full presenter's figure stands on: the bottom of its panel, within the frame. */
export function groundOf(p: NonNullable<Timeline['presenter']>, height: number): number {
  return Math.min(height, p.panel ? p.panel.y + p.panel.h : height);
}

/** The height of a full presenter's figure as drawn from its box's top (a drawn figure keeps its design's shape, so it may run past its box; a photo's or a clip's painter fills its box). */
export function figureHeight(p: NonNullable<Timeline['presenter']>): number {
  return p.face ? p.box.h : presenterPlacement(p).height;
}

/**
 * Whether a drawn full presenter stands on its panel's bottom edge (its drawing, cut at the waist,
 * reaches the ground): what the long name's room search keeps (name-room.ts presenterMoves,
 * makeRoom). A photo's or a clip's panel continues the picture past its box, in fields: never.
 */
export function standsOnGround(p: NonNullable<Timeline['presenter']>, height: number): boolean {
  return p.frame === 'none' && !p.face && p.box.y + figureHeight(p) >= groundOf(p, height) - 1;
}

/**
 * Where a full presenter's figure ends above the row it should stand on (`presenter-float`): the
 * cut of its drawing (a figure is drawn to the waist) in view, with the floor under it, unless a
 * product card drawn over the figure in every scene hides the cut across the figure's width. Null when it stands.
 */
export function floatingCut(t: Pick<Timeline, 'presenter' | 'media' | 'height' | 'scenes'>): { cut: number; ground: number } | null {
  const p = t.presenter;
  // A drawn figure only: a photo's or a clip's panel shows the picture continued past its box, in fields (#107).
  if (!p || p.frame !== 'none' || p.face) return null;
  const ground = groundOf(p, t.height);
  const cut = p.box.y + figureHeight(p);
  if (cut >= ground - Math.max(1, t.height * 0.004)) return null;
  const m = t.media;
  const drawn = presenterDrawnBox(p);
  if (m?.frame === 'card' && (m.show === 'always' || t.scenes.every((sc) => sc.showMedia)) && drawn && m.box.y <= cut && m.box.y + m.box.h >= cut && m.box.x <= drawn.x + drawn.w * 0.15 && m.box.x + m.box.w >= drawn.x + drawn.w * 0.85) return null;
  return { cut, ground };
}

/**
 * A drawn figure the room search left floating (a long name's floating move: a smaller figure, its
 * cut above the frame's bottom) stands on a band: its panel ends where the figure does, and a band
 * of the style's surface runs under it across the panel to the panel's old bottom, as under Side by
 * Side's rows (docs/rendering.md "A presenter stands"). Null when it stands, or is hidden, already.
 */
export function groundBand(t: Pick<Timeline, 'presenter' | 'media' | 'height' | 'scenes'>): { presenter: NonNullable<Timeline['presenter']>; band: Box } | null {
  const f = floatingCut(t);
  const p = t.presenter;
  if (!f || !p) return null;
  const cut = Math.round(f.cut);
  const panel = { ...p.panel, h: cut - p.panel.y };
  if (panel.h <= 0) return null;
  return { presenter: { ...p, panel }, band: { x: p.panel.x, y: cut, w: p.panel.w, h: f.ground - cut } };
}

/** `presenter-float` defects (bench:quality, test/presenter-ground.test.ts): a full figure's cut in view over the floor. */
export function presenterFloatViolations(t: Pick<Timeline, 'presenter' | 'media' | 'height' | 'scenes'>): string[] {
  const f = floatingCut(t);
  return f ? [`presenter-float: the figure ends at ${Math.round(f.cut)} px, above its ground at ${Math.round(f.ground)} (${Math.round(((f.ground - f.cut) / t.height) * 100)} % of the height in view under it)`] : [];
}

/**
 * The presenter's face at rest in frame pixels: with 'head' (the default) the head outline the
 * layout's face zone grows from; with 'face' the face box proper (brows to chin, padded 10 %). A
 * presenter whose painter gave its face box (p.face: photo presenters, from the landmarks) is
 * placed from that; else from the drawn figure's geometry.
 */
export function presenterFaceBox(p: NonNullable<Timeline['presenter']>, which: 'head' | 'face' = 'head'): Box {
  const pl = presenterPlacement(p);
  if (p.face) return { x: pl.x + p.face.x * pl.width, y: pl.y + p.face.y * pl.height, w: p.face.w * pl.width, h: p.face.h * pl.height };
  if (which === 'face') {
    // Drawn figures: avatar.painter.ts's face box, in design units scaled.
    const face = drawnFaceShare();
    return { x: pl.x + face.x * pl.width, y: pl.y + face.y * pl.height, w: face.w * pl.width, h: face.h * pl.height };
  }
  const hw = FACE_W * HEAD_SCALE * pl.scale;
  const hh = FACE_H * HEAD_SCALE * pl.scale;
  const cx = pl.x + ((CENTER_X - DESIGN_W / 2) * pl.scale + pl.width / 2);
  const cy = pl.y + HEAD_Y * pl.scale;
  return { x: cx - hw, y: cy - hh, w: hw * 2, h: hh * 2 };
}

let drawnFace: Box | null = null;
/** A drawn presenter's face box at rest as shares of its painter's box (the same for every look). */
function drawnFaceShare(): Box {
  if (!drawnFace) {
    const f = createAvatarPainter(1, { width: DESIGN_W, height: DESIGN_H }).layout.face;
    drawnFace = { x: f.x / DESIGN_W, y: f.y / DESIGN_H, w: f.width / DESIGN_W, h: f.height / DESIGN_H };
  }
  return drawnFace;
}

/** What of the frame the presenter covers: the inset, or the painter's box within its scene panel (coverage.ts). */
export function presenterDrawnBox(p: NonNullable<Timeline['presenter']>): Box | null {
  if (p.frame === 'card' || p.frame === 'circle') return p.box;
  const pl = presenterPlacement(p);
  const x0 = Math.max(pl.x, pl.clip.x);
  const y0 = Math.max(pl.y, pl.clip.y);
  const x1 = Math.min(pl.x + pl.width, pl.clip.x + pl.clip.w);
  const y1 = Math.min(pl.y + pl.height, pl.clip.y + pl.clip.h);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}
