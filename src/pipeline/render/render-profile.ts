/**
 * Render profiles: how finely a video is drawn and encoded, nothing about what is in it. The same
 * timeline inputs (script, speech, product, template, style, avatar, captions, seed) give the same
 * scenes, text, captions and presenter in either profile; only size, frame rate and encoder differ.
 *
 * - full:  the CONTRACT sizes times RENDER_SCALE, 30 fps, x264 superfast CRF 24, AAC 160k.
 * - draft: a preview (POST /v1/preview). 360 px on the short side (640x360, 360x640, 360x360),
 *          15 fps, x264 veryfast CRF 28, AAC 96k, no true-peak check after the encode. Measured with `npm run bench:preview` and written
 *          in docs/rendering.md "Render profiles".
 */
import { DEFAULT_FPS } from '../timeline/build.ts';
import { DEFAULT_ENCODE, type EncodeSettings } from './ffmpeg-args.ts';

export const RENDER_PROFILES = ['full', 'draft'] as const;
export type RenderProfileName = (typeof RENDER_PROFILES)[number];

export interface RenderProfile {
  name: RenderProfileName;
  /** Fraction of the CONTRACT sizes (1080 short side). */
  scale: number;
  fps: number;
  settings: EncodeSettings;
  /**
   * Measure the finished MP4's true peak and re-encode the audio if it is over -1 dBTP
   * (audio-check.ts). Off for drafts: ~0.4 s of a ~3 s draft render, and the mix is limited to
   * -2 dBTP before encoding anyway, so only an encoder overshoot of over 1 dB would get through.
   */
  checkAudio: boolean;
}

/** The draft's short side in pixels. */
export const DRAFT_SHORT_SIDE = 360;
export const DRAFT_FPS = 15;
/**
 * veryfast, not ultrafast: at 360x640 x264 costs ~0.8 ms of CPU a frame against ~0.4 ms
 * (0.4 s more for a 30 s draft), for a file a third the size (365 KB against 1.19 MB for the
 * same 30 s, CRF 28 both).
 */
export const DRAFT_ENCODE: EncodeSettings = { preset: 'veryfast', crf: 28, audioBitrateK: 96 };
/** Every CONTRACT size has a 1080 px short side. */
const FULL_SHORT_SIDE = 1080;

/**
 * The settings of a profile. `fullScale` is the deployment's RENDER_SCALE: a full render uses it;
 * a draft is never larger than the full render would be (a RENDER_SCALE below 1/3 keeps its size).
 */
export function renderProfile(name: RenderProfileName = 'full', fullScale = 1): RenderProfile {
  if (name === 'draft') {
    return { name, scale: Math.min(fullScale, DRAFT_SHORT_SIDE / FULL_SHORT_SIDE), fps: DRAFT_FPS, settings: DRAFT_ENCODE, checkAudio: false };
  }
  return { name: 'full', scale: fullScale, fps: DEFAULT_FPS, settings: DEFAULT_ENCODE, checkAudio: true };
}
