/**
 * renderVideo: narration + product → MP4 (H.264 + AAC, faststart), cover JPEG and WebVTT. The
 * audio is the lossless mix, AAC-encoded once in the mux and its true peak checked after.
 * Timeline (pure) → compositor draws each frame into one canvas, only where something moved →
 * canvas.data() (a copy of the RGBA pixels, freed once converted: readback.ts) → yuv420p in a
 * reused buffer (yuv.ts, libyuv: only the parts the compositor redrew, over the frame before; RGBA for ffmpeg to convert when libyuv is missing) → bounded queue into ffmpeg's stdin, where x264
 * runs on its own threads while the next frame is drawn. Frames go with their frame numbers (timed Matroska, mkv-frames.ts) and a frame that
 * did not change is not sent at all: ffmpeg repeats the previous one after converting it once.
 */
import './alloc-env.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { probe } from '../../media/ffprobe.ts';
import type { Narration, ProductFacts } from '../types.ts';
import type { AspectRatio } from '../templates/types.ts';
import { toWebVtt } from '../captions/vtt.ts';
import { buildTimeline, type TimelineInput } from '../timeline/build.ts';
import type { Timeline } from '../timeline/types.ts';
import { checkMp4Audio, type Mp4AudioCheck } from './audio-check.ts';
import { createPresenter, presenterFaceShare } from './avatar-adapter.ts';
import { Compositor } from './compositor.ts';
import { createFrameSink, frameFormat, type SinkMode } from './encoder.ts';
import { ReadbackRelease } from './readback.ts';
import { releasePreparedMemory } from './memory-trim.ts';
import { encodeArgs, type EncodeSettings } from './ffmpeg-args.ts';
import { registerFonts } from './fonts.ts';
import { renderProfile, type RenderProfileName } from './render-profile.ts';
import { imageInfo } from './media.ts';
import type { PresenterSource } from './avatar-adapter.ts';
import type { EarlyMedia } from './early-media.ts';

export interface RenderVideoInput {
  narration: Narration;
  product: ProductFacts;
  /** A public avatar_id or a drawn presenter (custom avatar); null: no presenter (the template's product-only variant). */
  avatarId: PresenterSource | null;
  templateId: number | null;
  visualStyle: string | null;
  /** A custom template, compiled (templates/custom-scene.ts); used instead of templateId and visualStyle. */
  custom?: TimelineInput['custom'];
  /** The custom template's logo image as a local file (drawn in custom.logo.box); null or absent for none. */
  logoPath?: string | null;
  aspectRatio: AspectRatio;
  caption: boolean;
  /** Scene effects (template videos' disable_* flags); absent: transitions and random motion. */
  effects?: TimelineInput['effects'];
  /** full (default) or draft (previews): size, frame rate and encoder, render-profile.ts. */
  profile?: RenderProfileName;
  /** Overrides the profile's frame rate. */
  fps?: number;
  /**
   * Output scale factor in (0, 1] of a full render: 0.5 renders 540x960 for 9:16. Default 1 (the
   * CONTRACT sizes). A draft is drawn at its own size, never larger than this.
   */
  scale?: number;
  outDir: string;
  /** Fraction of frames drawn; 1 once every frame is in the encoder (its tail follows). */
  onProgress?: (fraction: number) => void;
  /** Stops the render after its plan, after its images are prepared or between two frames (the encoder is killed): the job was cancelled, timed out or lost, or (the warm-up's render) a job started. */
  signal?: AbortSignal;
  /** The product's images prepared while the narration was spoken (early-media.ts); absent: prepared here. */
  early?: EarlyMedia | null;
}

export interface RenderVideoResult {
  videoPath: string;
  coverPath: string;
  vttPath: string | null;
  durationS: number;
  width: number;
  height: number;
  frames: number;
  /** The MP4's audio as measured after encoding (true peak ≤ -1 dBTP; gainDb ≠ 0 if it had to be re-encoded); null when the profile skips the check (draft). */
  audio: Mp4AudioCheck | null;
  /** What was left out without stopping the video (blank product images), for the video's `warnings`. */
  warnings: string[];
}

export interface RenderTuning {
  /** Frames queued for ffmpeg before drawing waits (backpressure). Default 3. */
  maxQueued?: number;
  /** How frames reach ffmpeg (encoder.ts); default 'direct'. */
  sink?: SinkMode;
  /** Send only frames that changed, timed (default true); false sends every frame raw (bench comparison). */
  timed?: boolean;
  /** With timed frames, keep them at variable timing in the file: unchanged frames not encoded again (ffmpeg-args.ts `vfr`); default false (constant rate). */
  vfr?: boolean;
  /** Send RGBA for ffmpeg to convert even when libyuv is there (bench comparison, tests); default: yuv420p made here (yuv.ts). */
  rgba?: boolean;
  /** Converts every frame sent to yuv420p whole, not only the parts that changed (bench comparison). */
  wholeConversion?: boolean;
  /** Overrides the profile's encoder settings. */
  settings?: EncodeSettings;
  seed?: number;
  /** Called with each frame number handed to the encoder (with timed frames, only those that changed, and the last) (tests, bench). */
  onFrameSent?: (frame: number) => void;
  /** Called with the built timeline before drawing starts (tests, bench). */
  onTimeline?: (t: Timeline) => void;
}

/**
 * How long the video runs: the mixed audio's length (the mix may hold the end card with a music
 * tail), never shorter than the speech. The last scene simply continues over a tail.
 */
async function videoDurationMs(narration: Narration): Promise<number> {
  const speechMs = narration.speech.durationMs;
  const info = narration.mixedAudioPath ? await probe(narration.mixedAudioPath) : null;
  const audioMs = info?.audio ? info.durationS * 1000 : 0;
  return Math.round(Math.max(speechMs, audioMs));
}

/** The cover frame: about 1 s into the hook, once the product name has come in. */
export function coverFrame(t: Timeline): number {
  const name = t.overlays.find((o) => o.slot === 'name');
  const at = name ? Math.min(Math.max(1000, name.startMs + 700), Math.max(name.startMs, name.endMs - 100)) : 1000;
  return Math.min(t.frames - 1, Math.max(0, Math.round((at * t.fps) / 1000)));
}

/** The profile, encoder settings and timeline of a render: the same for the whole video and for each of its segments (render-segments.ts). */
export async function planRender(input: RenderVideoInput, tuning: RenderTuning = {}): Promise<{ timeline: Timeline; settings: EncodeSettings; checkAudio: boolean }> {
  registerFonts();
  const { narration, product } = input;
  const profile = renderProfile(input.profile, input.scale ?? 1);
  const settings = tuning.settings ?? profile.settings;
  const durationMs = await videoDurationMs(narration);
  // Image sizes and transparency, so the layout step frames each image (media-frame.ts).
  const imageInfos = await (input.early?.imageInfos(product.imagePaths) ?? Promise.all(product.imagePaths.map((p) => imageInfo(p))));
  const timeline = buildTimeline({
    script: narration.script,
    speech: narration.speech,
    product,
    templateId: input.templateId,
    custom: input.custom ?? null,
    hasPresenter: input.avatarId !== null,
    presenterFace: input.avatarId !== null ? presenterFaceShare(input.avatarId) : null,
    visualStyle: input.visualStyle,
    aspectRatio: input.aspectRatio,
    caption: input.caption,
    fps: input.fps ?? profile.fps,
    scale: profile.scale,
    durationMs,
    seed: tuning.seed,
    imageInfo: imageInfos,
    effects: input.effects,
  });
  return { timeline, settings, checkAudio: profile.checkAudio };
}

export async function renderVideo(input: RenderVideoInput, tuning: RenderTuning = {}): Promise<RenderVideoResult> {
  const { narration, product } = input;
  const { timeline, settings, checkAudio } = await planRender(input, tuning);
  input.signal?.throwIfAborted();
  tuning.onTimeline?.(timeline);
  await fs.mkdir(input.outDir, { recursive: true });
  const videoPath = path.join(input.outDir, 'video.mp4');
  const coverPath = path.join(input.outDir, 'cover.jpg');
  const vttPath = timeline.captions ? path.join(input.outDir, 'captions.vtt') : null;

  const presenter = input.avatarId !== null ? createPresenter(input.avatarId, timeline, narration.speech, narration.script) : null;
  const compositor = new Compositor(timeline, product, presenter, input.avatarId, true, timeline.logo ? (input.logoPath ?? null) : null, input.early ?? null);
  const { width, height, frames, fps } = timeline;
  const timed = tuning.timed ?? true;
  const { pixFmt, yuv } = tuning.rgba ? { pixFmt: 'rgba' as const, yuv: undefined } : frameFormat(width, height);
  const encoder = createFrameSink(
    encodeArgs({ width, height, fps, frames, audioPath: narration.mixedAudioPath || null, outPath: videoPath, settings, timed, vfr: tuning.vfr, pixFmt }),
    { mode: tuning.sink, maxQueued: tuning.maxQueued, timed: timed ? { width, height, fps } : undefined, yuv },
  );
  const coverAt = coverFrame(timeline);
  let cover: Promise<unknown> | null = null;
  try {
    await compositor.prepare();
    input.signal?.throwIfAborted();
    // What decoding the images left behind would sit through every frame (memory-trim.ts).
    releasePreparedMemory();
    const step = Math.max(1, Math.floor(frames / 100));
    let sent: Buffer | null = null;
    // A readback is freed once the next one replaced it and the sink converted it (readback.ts).
    const readbacks = new ReadbackRelease(!encoder.holdsFrames);
    for (let f = 0; f < frames; f++) {
      input.signal?.throwIfAborted();
      const pixels = await compositor.pixels(f);
      if (f === coverAt) {
        cover = sharp(pixels, { raw: { width, height, channels: 4 } }).removeAlpha().jpeg({ quality: 86, mozjpeg: false }).toFile(coverPath);
        readbacks.keep(pixels, cover);
      }
      // The same buffer again means an unchanged frame: ffmpeg fills it in. The last frame always goes, so the stream ends on it.
      if (!timed || pixels !== sent || f === frames - 1) {
        // What changed since the frame before (unchanged frames in between changed nothing): converted alone.
        await encoder.write(pixels, f, tuning.wholeConversion ? null : compositor.changedRects);
        tuning.onFrameSent?.(f);
      }
      sent = pixels;
      readbacks.next(pixels);
      if (input.onProgress && f % step === 0) input.onProgress(f / frames);
    }
    // Every frame drawn and handed over: what follows is the encoder's tail.
    input.onProgress?.(1);
    await encoder.finish();
    await cover;
  } catch (err) {
    encoder.abort();
    await cover?.catch(() => undefined);
    throw err;
  } finally {
    compositor.close();
  }
  const audio = checkAudio ? await checkMp4Audio({ videoPath, mixPath: narration.mixedAudioPath || null, durationS: frames / fps, settings }) : null;
  if (vttPath && timeline.captions) await fs.writeFile(vttPath, toWebVtt(timeline.captions));
  return { videoPath, coverPath, vttPath, durationS: frames / fps, width, height, frames, audio, warnings: renderWarnings(timeline) };
}

/** What a render left out without stopping the video (blank product images), for the video's `warnings`. */
export function renderWarnings(timeline: Pick<Timeline, 'blankImages'>): string[] {
  return timeline.blankImages.map((i) => `media not used: product image ${i + 1} is blank (one colour all over)`);
}
