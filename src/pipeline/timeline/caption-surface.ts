/**
 * What lies under the captions band at a time (pure; docs/rendering.md "Caption highlights"), so
 * the renderer can keep the spoken word's highlight readable on it: a scene's product plate (its
 * colour), a photo or video (not known: the outline or band carries the words), or the frame's
 * static base — background, presenter scene and designed shapes — which the renderer samples.
 */
import { sceneFrame } from './media-frame.ts';
import { fieldColour } from '../templates/colours.ts';
import type { Box } from '../templates/types.ts';
import type { Timeline } from './types.ts';

export type CaptionSurface = { kind: 'plate'; colour: string } | { kind: 'photo' } | { kind: 'base' };

export function captionSurfaceAt(t: Pick<Timeline, 'captionsBox' | 'shapes' | 'scenes' | 'images' | 'media' | 'style'>, tMs: number): CaptionSurface {
  const b = t.captionsBox;
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const inside = (r: { x: number; y: number; w: number; h: number }) => cx >= r.x && cx <= r.x + r.w && cy >= r.y && cy <= r.y + r.h;
  const plate = t.shapes.find((s) => s.role === 'plate' && s.startMs <= tMs && tMs < s.endMs && inside(s.box));
  if (plate) return { kind: 'plate', colour: plate.colour ?? fieldColour(t.style) };
  const scene = t.scenes.find((s) => s.startMs <= tMs && tMs < s.endMs) ?? t.scenes[t.scenes.length - 1];
  if (!t.media || !scene?.showMedia || !inside(t.media.box)) return { kind: 'base' };
  if (scene.media.kind === 'video') return { kind: 'photo' };
  if (scene.media.kind !== 'image') return { kind: 'base' };
  const frame = sceneFrame(t.images, scene);
  // A cut-out or an alpha image shows the base around it; any other image is a photo where it lies.
  if (!frame) return { kind: 'photo' };
  return frame.treatment !== 'cutout' && frame.treatment !== 'alpha' && inside(frame.content) ? { kind: 'photo' } : { kind: 'base' };
}

/** `a` meets `b` without lying inside it. */
const crosses = (a: Box, b: Box): boolean => {
  const E = 0.5;
  const meets = a.x < b.x + b.w - E && b.x < a.x + a.w - E && a.y < b.y + b.h - E && b.y < a.y + a.h - E;
  const inside = a.x >= b.x - E && a.y >= b.y - E && a.x + a.w <= b.x + b.w + E && a.y + a.h <= b.y + b.h + E;
  return meets && !inside;
};

/**
 * Whether the captions band at a time crosses the edge between two parts of the frame: the box of
 * the media a scene shows, or a full presenter's scene panel (Side by Side's halves). Such
 * captions sit on a plate (templates/caption-ink.ts), so the crossing is deliberate.
 */
export function captionsCrossSplit(t: Pick<Timeline, 'captionsBox' | 'scenes' | 'media' | 'presenter' | 'width' | 'height'>, tMs: number): boolean {
  const b = t.captionsBox;
  const scene = t.scenes.find((s) => s.startMs <= tMs && tMs < s.endMs) ?? t.scenes[t.scenes.length - 1];
  if (t.media && scene?.showMedia && crosses(b, t.media.box)) return true;
  const p = t.presenter;
  return !!p && p.frame === 'none' && crosses(b, p.panel) && !(p.panel.w >= t.width && p.panel.h >= t.height);
}
