/**
 * A product card never against the presenter's face (pure; issue 27, bench:quality #107:
 * template 5 in 9:16 with a photo presenter, the product card on her cheek for the whole video).
 * The text rules (`text-face`) keep text off the face zone; the product card is no text, so no
 * rule saw it. `media-face`: a media card (the template's framed product panel) meeting the
 * presenter's face zone (rules.ts faceZone: the head, a little around it, chin and neck) in a
 * scene that shows it. The layout's answer is name-room.ts's: the presenter moves or gets
 * smaller, away from the card (blockedTexts counts the card as `media`).
 */
import type { Box } from '../templates/types.ts';
import { presenterFaceBox } from './presenter.ts';
import { faceZone, intersects } from './rules.ts';
import type { Timeline } from './types.ts';

type Shell = Pick<Timeline, 'presenter' | 'media' | 'scenes'>;

const r = (b: Box) => `[${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}]`;

/** The media card's box when it shows and meets the presenter's face zone; null when clear (or no card, no presenter). */
export function mediaCardOverFace(s: Shell): { card: Box; zone: Box; startMs: number } | null {
  if (!s.presenter || !s.media || s.media.frame !== 'card') return null;
  const shown = s.scenes.find((sc) => sc.showMedia);
  if (!shown) return null;
  const zone = faceZone(presenterFaceBox(s.presenter));
  return intersects(s.media.box, zone) ? { card: s.media.box, zone, startMs: shown.startMs } : null;
}

/** `media-face` defects (bench:quality; a check of its own). */
export function mediaFaceViolations(t: Shell): string[] {
  const hit = mediaCardOverFace(t);
  return hit ? [`media-face: the product card ${r(hit.card)} meets the presenter's face zone ${r(hit.zone)} from ${(hit.startMs / 1000).toFixed(1)} s`] : [];
}
