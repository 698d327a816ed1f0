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
import { presenterDrawnBox, presenterFaceBox } from './presenter.ts';
import { headBox, intersects } from './rules.ts';
import type { Timeline } from './types.ts';

export interface FrameBoxes {
  /** `ground`: the text sits on an opaque ground of its own (the captions band: Timeline.captionsGround). */
  texts: { id: string; box: Box; ground?: boolean }[];
  /** Face boxes (eyebrows to chin, padded 10 %: face-box.ts) in frame pixels. */
  faces: Box[];
  /** Head boxes (head, neck and hair, with a gap: rules.ts headBox) the call to action never touches. */
  heads?: Box[];
  /** Presenter figures the captions band should not run across (a product video's full presenter). */
  bodies?: Box[];
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
  return perFrame(src, 'text-face', 'meets a face box', (b) => b.texts, (b) => b.faces);
}

/** Frames where the picked texts meet one of the picked boxes, one tagged line per text (its first frame and how many). */
function perFrame(src: FrameBoxSource, tag: string, what: string, texts: (b: FrameBoxes) => FrameBoxes['texts'], boxes: (b: FrameBoxes) => Box[]): string[] {
  const hits = new Map<string, { first: number; n: number; text: Box; other: Box }>();
  for (let f = 0; f < src.frames; f++) {
    const b = src.boxesAt(f);
    const others = boxes(b);
    if (!others.length) continue;
    for (const t of texts(b)) {
      const other = others.find((o) => intersects(t.box, o));
      if (!other) continue;
      const h = hits.get(t.id);
      if (h) h.n++;
      else hits.set(t.id, { first: f, n: 1, text: t.box, other });
    }
  }
  return [...hits].map(([id, h]) => `${tag}: ${id} ${r(h.text)} ${what} ${r(h.other)} in ${h.n} frame(s) from frame ${h.first}`);
}

/** `cta-head` defects: the call to action touching a presenter's head box (hair included), per frame. */
export function ctaHeadViolations(src: FrameBoxSource): string[] {
  return perFrame(src, 'cta-head', 'touches the head box', (b) => b.texts.filter((t) => /\(cta\)$/.test(t.id)), (b) => b.heads ?? []);
}

/**
 * `captions-presenter` defects: the captions band across a full presenter's figure (product or template video), per
 * frame, unless its lines sit on an opaque ground of their own (calm by construction: the lead's
 * rule, docs/rendering.md "Captions on a calm ground"). The face zone and hair stay off limits
 * for it whatever its ground (text-face, layout rules).
 */
export function captionsPresenterViolations(src: FrameBoxSource): string[] {
  return perFrame(src, 'captions-presenter', 'runs across the presenter', (b) => b.texts.filter((t) => t.id === 'captions band' && !t.ground), (b) => b.bodies ?? []);
}

/** A product or template timeline's text, face, head and (a full presenter) body boxes per frame (the presenter at rest). */
export function timelineFrameBoxes(t: Timeline): FrameBoxSource {
  const face = t.presenter ? presenterFaceBox(t.presenter, 'face') : null;
  const head = t.presenter ? headBox(presenterFaceBox(t.presenter)) : null;
  const body = t.presenter && t.presenter.frame === 'none' ? presenterDrawnBox(t.presenter) : null;
  return {
    frames: t.frames,
    boxesAt(frame) {
      const ms = frameTimeMs(frame, t.fps);
      const texts = t.overlays.filter((o) => o.startMs <= ms && ms < o.endMs).map((o) => ({ id: `${o.id} (${o.slot})`, box: o.box }));
      if (t.captions) texts.push({ id: 'captions band', box: t.captionsBox, ...(t.captionsGround ? { ground: true } : {}) });
      return { texts, faces: face ? [face] : [], heads: head ? [head] : [], bodies: body ? [body] : [] };
    },
  };
}
