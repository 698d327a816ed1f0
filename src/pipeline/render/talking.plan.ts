/**
 * The talking-avatar video's layout (pure but for the painter it is given): where the presenter
 * goes, where the captions band goes, and each frame's text and face boxes for the no-text-over-
 * a-face check (timeline/face-check.ts).
 * - Drawn presenters: the design box scaled to FIGURE_SHARE of the frame height, bottom-centred.
 * - Photo presenters fill the frame, framed like a selfie video (photo.painter.ts framePhoto).
 * - Captions start low in the frame; when the band would meet the face box in any frame (the
 *   union of the face boxes over the track), they move to the nearest free row above or below it.
 */
import { faceBoxOf, type AvatarPainter, type AvatarTrack } from '../avatar/index.ts';
import { DESIGN_H, DESIGN_W } from '../avatar/paint/layout.ts';
import type { AspectRatio, Box } from '../templates/types.ts';
import { rectToBox, type FrameBoxSource } from '../timeline/face-check.ts';
import { placeAll } from '../timeline/layout.ts';
import { coverageReport, type CoverageReport } from '../timeline/coverage.ts';
import { poseFrame } from './compositor.ts';

/**
 * Presenter height over frame height, by aspect ratio: head and torso to the waist, cut by the
 * bottom edge, the face's centre near the upper third (38 % of the height in 9:16 and 1:1: at
 * 0.74 and 0.9 it sat at 55 % and 45 %, the top of a 9:16 frame an empty room for the whole
 * video); in 16:9 closer (head and chest), so the figure covers enough of the wide frame
 * (timeline/coverage.ts, "No empty frames"). In 9:16 the design box is a little wider than the
 * frame (its margins, not the figure, are cut).
 */
const FIGURE_SHARE: Record<AspectRatio, number> = { 0: 1, 1: 1.36, 2: 1 };
/** Top of the hair in design units, and the margin kept above it (share of the frame height). */
const HAIR_TOP = 170;
const HEAD_ROOM = 0.05;

/** Where the presenter goes (pure): scaled design box, bottom-centred; or the whole frame (`fill`: photo presenters). */
export function talkingLayout(aspectRatio: AspectRatio, width: number, height: number, fill = false): { figure: Box; captions: Box } {
  const s = (FIGURE_SHARE[aspectRatio] * height) / DESIGN_H;
  const w = Math.round(DESIGN_W * s);
  const h = Math.round(DESIGN_H * s);
  // Bottom-aligned, unless that would put the hair above the head room: then the body runs off the bottom.
  const y = Math.max(height - h, Math.round(height * HEAD_ROOM - HAIR_TOP * s));
  const figure = fill ? { x: 0, y: 0, w: width, h: height } : { x: Math.round((width - w) / 2), y, w, h };
  // Captions low in the frame, over the torso, inside the title-safe margins.
  const captions =
    aspectRatio === 1
      ? { x: width * 0.12, y: height * 0.76, w: width * 0.76, h: height * 0.16 }
      : { x: width * 0.07, y: height * (aspectRatio === 0 ? 0.72 : 0.74), w: width * 0.86, h: height * (aspectRatio === 0 ? 0.12 : 0.15) };
  return { figure, captions };
}

export interface TalkingPlan extends FrameBoxSource {
  figure: Box;
  /** The captions band, off every frame's face box when the frame has room for it. */
  captions: Box;
}

/**
 * The plan of one talking-avatar video: the painter is placed at `figure`; `captions` (null: no
 * captions) is the band's box. Frames are posed on twos (compositor.ts poseFrame), as rendered.
 */
export function planTalking(painter: Pick<AvatarPainter, 'layout' | 'faceBoxAt'>, track: AvatarTrack, figure: Box, band: Box | null, frames: number, width: number, height: number): TalkingPlan {
  const faceAt = (f: number): Box => {
    const b = rectToBox(faceBoxOf(painter, track.poseAt(poseFrame(f))));
    return { x: b.x + figure.x, y: b.y + figure.y, w: b.w, h: b.h };
  };
  let captions = band;
  if (band) {
    // The union of the face boxes over the video: the band is one box for the whole video.
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let f = 0; f < frames; f += 2) {
      const b = faceAt(f);
      x0 = Math.min(x0, b.x);
      y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.w);
      y1 = Math.max(y1, b.y + b.h);
    }
    const whole = { startMs: 0, endMs: 1 };
    const room = { x: 0, y: height * 0.04, w: width, h: height * 0.92 };
    const [placed] = placeAll([{ ...whole, regions: [band], levels: 1, make: (r: Box) => ({ box: r }) }], [{ box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, ...whole }], room, height * 0.01);
    captions = placed?.box ?? band;
  }
  return {
    figure,
    captions: captions ?? { x: 0, y: 0, w: 0, h: 0 },
    frames,
    boxesAt: (f) => ({ texts: captions ? [{ id: 'captions band', box: captions }] : [], faces: [faceAt(f)] }),
  };
}

/** The coverage rules on a talking-avatar video: the figure (clipped to the frame) and the captions band, the whole video. */
export function talkingCoverage(layout: { figure: Box; captions: Box | null }, width: number, height: number, fps: number, frames: number): CoverageReport {
  const whole = { startMs: 0, endMs: (frames * 1000) / fps };
  const boxes = [{ what: 'presenter', box: layout.figure, ...whole }, ...(layout.captions ? [{ what: 'captions', box: layout.captions, ...whole }] : [])];
  return coverageReport({ width, height, fps, frames, boxes });
}
