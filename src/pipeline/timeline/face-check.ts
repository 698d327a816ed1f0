/**
 * The "no text over a face" check (issue 24), frame by frame and generic: any video whose plan
 * can say, for each frame, which text boxes show and where each presenter's face box is (a drawn,
 * photo or video presenter: AvatarPainter.faceBoxAt) is checked the same way. A product or
 * template timeline gives its boxes with timelineFrameBoxes; a talking-avatar video with its plan
 * (render/talking.plan.ts).
 */
import type { Rect } from '../avatar/avatar.types.ts';
import type { Box } from '../templates/types.ts';
import { frameTimeMs } from './build.ts';
import { presenterFaceBox } from './presenter.ts';
import { intersects } from './rules.ts';
import type { Timeline } from './types.ts';

export interface FrameBoxes {
  texts: { id: string; box: Box }[];
  /** Face boxes (eyebrows to chin, padded 10 %: face-box.ts) in frame pixels. */
  faces: Box[];
}

export interface FrameBoxSource {
  frames: number;
  boxesAt(frame: number): FrameBoxes;
}

export const rectToBox = (r: Rect): Box => ({ x: r.x, y: r.y, w: r.width, h: r.height });

const r = (b: Box) => `[${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}]`;

/**
 * `text-face` defects: every text box that meets a face box, one line per text (with its first
 * frame and how many frames); empty when no frame has one.
 */
export function textFaceViolations(src: FrameBoxSource): string[] {
  const hits = new Map<string, { first: number; n: number; text: Box; face: Box }>();
  for (let f = 0; f < src.frames; f++) {
    const { texts, faces } = src.boxesAt(f);
    for (const t of texts)
      for (const face of faces) {
        if (!intersects(t.box, face)) continue;
        const h = hits.get(t.id);
        if (h) h.n++;
        else hits.set(t.id, { first: f, n: 1, text: t.box, face });
        break;
      }
  }
  return [...hits].map(([id, h]) => `text-face: ${id} ${r(h.text)} meets a face box ${r(h.face)} in ${h.n} frame(s) from frame ${h.first}`);
}

/** A product or template timeline's text and face boxes per frame (the presenter's face at rest). */
export function timelineFrameBoxes(t: Timeline): FrameBoxSource {
  const face = t.presenter ? presenterFaceBox(t.presenter, 'face') : null;
  return {
    frames: t.frames,
    boxesAt(frame) {
      const ms = frameTimeMs(frame, t.fps);
      const texts = t.overlays.filter((o) => o.startMs <= ms && ms < o.endMs).map((o) => ({ id: `${o.id} (${o.slot})`, box: o.box }));
      if (t.captions) texts.push({ id: 'captions band', box: t.captionsBox });
      return { texts, faces: face ? [face] : [] };
    },
  };
}
