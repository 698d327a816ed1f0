/**
 * A long video rendered as segments, possibly by several workers at once (docs/rendering.md
 * "Split renders"). The timeline is built once here with its seed fixed and written to a plan;
 * every segment is frames [from, to) of that same timeline, drawn from absolute time (captions,
 * motion, clips), so a segment's first frame is the frame a one-piece render draws there. Segments
 * are cut at multiples of the keyframe interval and encoded video-only (segmentEncodeArgs); the
 * lossless mix is encoded once over the whole length while other workers still draw theirs, and
 * the join copies both (concat demuxer for the segments).
 * Who renders which segment is the caller's business (SegmentDispatch): no job or queue code here.
 */
import './alloc-env.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import sharp from 'sharp';
import { runFfmpeg } from '../mix/ffmpeg.ts';
import { toWebVtt } from '../captions/vtt.ts';
import { checkMp4Audio, measureAudio } from './audio-check.ts';
import type { Ebur128Summary } from '../mix/mix.args.ts';
import { createPresenter } from './avatar-adapter.ts';
import { Compositor } from './compositor.ts';
import { createFrameSink, frameFormat } from './encoder.ts';
import { ReadbackRelease } from './readback.ts';
import { releasePreparedMemory } from './memory-trim.ts';
import { registerFonts } from './fonts.ts';
import { DEFAULT_ENCODE, joinSegmentsArgs, segmentAudioArgs, segmentEncodeArgs, type EncodeSettings } from './ffmpeg-args.ts';
import type { Timeline } from '../timeline/types.ts';
import { coverFrame, planRender, renderVideo, renderWarnings, type RenderTuning, type RenderVideoInput, type RenderVideoResult } from './render-video.ts';

/** Only videos at least this long are split. */
export const SPLIT_MIN_S = 30;
/** At most one segment per this many seconds of video. */
export const SEGMENT_S = 15;

export interface FrameRange {
  from: number;
  /** Exclusive. */
  to: number;
}

/** What a worker needs to render any segment of a video: the render's input (no callbacks), its seed and encoder settings, and the cuts. */
export interface SegmentPlan {
  input: Omit<RenderVideoInput, 'onProgress' | 'signal' | 'early'>;
  seed: number;
  settings: EncodeSettings;
  ranges: FrameRange[];
  /**
   * The timeline the video job built (plain data): a segment worker draws it as it is instead of
   * building it again from the input (0.2-0.4 s of CPU for 60 s of video). Absent: built again.
   */
  timeline?: Timeline;
}

/**
 * How the segments of one video get rendered besides the one this process draws itself. The job
 * layer implements it (src/videos/segment-dispatch.ts); `dir` is a directory every worker that may
 * take a segment can read and write (the plan and the segment files live there).
 */
export interface SegmentDispatch {
  readonly dir: string;
  /** Workers that could start on a segment now, this one not counted. */
  idleHelpers(): Promise<number>;
  /** Offers segments 1..count-1 (their plan is in `dir`) to other workers. */
  offer(count: number): Promise<void>;
  /**
   * Resolves once each of segments 1..count-1 is in segmentPath(dir, k). Segments nobody took, or
   * whose worker died or failed, are rendered here with `renderHere`. Rejects when the signal aborts.
   */
  collect(count: number, renderHere: (k: number) => Promise<void>, signal: AbortSignal): Promise<void>;
  /** The render stopped: segments not finished are called off. */
  withdraw(count: number): Promise<void>;
}

export const planPath = (dir: string) => path.join(dir, 'plan.v8');

/**
 * The plan in `dir`, written with the structured-clone serializer (node:v8), not JSON: the
 * timeline comes back deep-equal to the one built (undefined, NaN and Infinity kept; a function
 * in it would throw here rather than vanish), so every worker draws the same frames.
 */
export async function writePlan(dir: string, plan: SegmentPlan): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(planPath(dir), v8.serialize(plan));
}

export async function readPlan(dir: string): Promise<SegmentPlan> {
  return v8.deserialize(await fs.readFile(planPath(dir))) as SegmentPlan;
}
export const segmentPath = (dir: string, k: number) => path.join(dir, `segment-${k}.mp4`);

/**
 * Cuts `frames` into at most `n` nearly equal ranges whose starts are multiples of `gop` (the
 * keyframe interval), so the joined file has a one-piece render's keyframes. When the GOPs do not
 * share out evenly the earlier ranges get the fewer: range 0 is the video job's own, and the video
 * job also encodes and measures the audio track and joins (~1.3 s of CPU for 60 s) while the
 * other workers finish theirs.
 */
export function segmentRanges(frames: number, gop: number, n: number): FrameRange[] {
  const gops = Math.ceil(frames / gop);
  const count = Math.max(1, Math.min(n, gops));
  const out: FrameRange[] = [];
  for (let k = 0; k < count; k++) {
    const from = Math.min(frames, Math.floor((k * gops) / count) * gop);
    const to = k === count - 1 ? frames : Math.min(frames, Math.floor(((k + 1) * gops) / count) * gop);
    if (to > from) out.push({ from, to });
  }
  return out;
}

/** How many segments a video of `durationS` gets with `idleHelpers` other workers free: 1 means render in one piece. */
export function segmentCount(durationS: number, idleHelpers: number): number {
  if (durationS < SPLIT_MIN_S) return 1;
  return Math.max(1, Math.min(1 + idleHelpers, Math.ceil(durationS / SEGMENT_S - 1e-9)));
}

/**
 * Frames [from, to) of the plan's timeline into `outPath` (video only). A fresh compositor draws
 * its first frame in full; everything it draws depends on the frame's absolute time only.
 */
export async function renderSegment(plan: SegmentPlan, k: number, outPath: string, opts: SegmentOptions = {}): Promise<void> {
  const range = plan.ranges[k];
  if (!range) throw new Error(`segment ${k} is not in the plan (${plan.ranges.length} segments)`);
  const input = plan.input;
  // A segment worker that draws the plan's timeline never ran planRender, which registers the fonts.
  registerFonts();
  const timeline = plan.timeline ?? (await planTimeline(plan));
  const { width, height, fps } = timeline;
  const presenter = input.avatarId !== null ? createPresenter(input.avatarId, timeline, input.narration.speech, input.narration.script) : null;
  const compositor = new Compositor(timeline, input.product, presenter, input.avatarId, true, timeline.logo ? (input.logoPath ?? null) : null);
  // Written under a name of its own, then renamed: a second worker rendering the same segment (a retry racing a slow one) never leaves half a file.
  const tmp = `${outPath}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.part`;
  const n = range.to - range.from;
  // Timed like a one-piece render (mkv-frames.ts): a frame that did not change is neither piped nor converted again.
  const timed = opts.timed ?? true;
  // Whichever worker draws it, a segment's H.264 carries the same BT.601 tag (ffmpeg-args.ts), so the joined stream has one colour matrix.
  const { pixFmt, yuv } = frameFormat(width, height);
  const encoder = createFrameSink(segmentEncodeArgs({ width, height, fps, frames: n, outPath: tmp, settings: plan.settings, timed, pixFmt }), { timed: timed ? { width, height, fps } : undefined, yuv });
  const coverAt = coverFrame(timeline);
  let cover: Promise<unknown> | null = null;
  try {
    await compositor.prepare();
    // What decoding the images left behind would sit through every frame (memory-trim.ts).
    releasePreparedMemory();
    const step = Math.max(1, Math.floor(n / 100));
    let sent: Buffer | null = null;
    // A readback is freed once the next one replaced it and the sink converted it (readback.ts).
    const readbacks = new ReadbackRelease(!encoder.holdsFrames);
    for (let f = range.from; f < range.to; f++) {
      opts.signal?.throwIfAborted();
      const pixels = await compositor.pixels(f);
      if (f === coverAt && opts.coverPath) {
        cover = sharp(pixels, { raw: { width, height, channels: 4 } }).removeAlpha().jpeg({ quality: 86, mozjpeg: false }).toFile(opts.coverPath);
        readbacks.keep(pixels, cover);
      }
      // Stamped from the segment's start; the segment's first and last frames always go.
      if (!timed || pixels !== sent || f === range.to - 1) {
        await encoder.write(pixels, f - range.from);
        opts.onFrameSent?.(f);
      }
      sent = pixels;
      readbacks.next(pixels);
      if (opts.onProgress && (f - range.from) % step === 0) opts.onProgress((f - range.from) / n);
    }
    await encoder.finish();
    await cover;
    await fs.rename(tmp, outPath);
  } catch (err) {
    encoder.abort();
    await cover?.catch(() => undefined);
    await fs.rm(tmp, { force: true });
    throw err;
  } finally {
    compositor.close();
  }
}

export interface SegmentOptions {
  signal?: AbortSignal;
  coverPath?: string;
  onProgress?: (fraction: number) => void;
  /** Called with each frame number handed to the encoder (only those that changed, and the segment's last) (tests). */
  onFrameSent?: (frame: number) => void;
  /** Send only changed frames, timed (default true); false sends every frame as raw RGBA (tests). */
  timed?: boolean;
}

/** The timeline of a plan: the same one for every segment (its seed and settings are fixed). */
async function planTimeline(plan: SegmentPlan): Promise<Timeline> {
  return (await planRender(plan.input, { seed: plan.seed, settings: plan.settings })).timeline;
}

/** Reads the plan in `dir` and renders segment k there (what a segment job does). */
export async function renderPlannedSegment(dir: string, k: number, signal?: AbortSignal): Promise<void> {
  await renderSegment(await readPlan(dir), k, segmentPath(dir, k), { signal });
}

/** The mix encoded once over the whole length (segmentAudioArgs), ready for the join to copy. */
export async function encodeSegmentAudio(o: { fps: number; frames: number; audioPath: string | null; outPath: string; settings?: EncodeSettings }): Promise<void> {
  await runFfmpeg(segmentAudioArgs(o));
}

/** The segment files, in order, joined frame-exactly, with the encoded audio track (encodeSegmentAudio) copied in. */
export async function joinSegments(o: { segments: string[]; fps: number; frames: number; encodedAudioPath: string; outPath: string }): Promise<void> {
  const listPath = `${o.outPath}.segments.txt`;
  // The concat demuxer's list: one `file` line each, quoted (a ' inside is written '\'').
  await fs.writeFile(listPath, o.segments.map((s) => `file '${path.resolve(s).replace(/'/g, "'\\''")}'\n`).join(''));
  try {
    await runFfmpeg(joinSegmentsArgs({ listPath, fps: o.fps, frames: o.frames, encodedAudioPath: o.encodedAudioPath, outPath: o.outPath }));
  } finally {
    await fs.rm(listPath, { force: true });
  }
}

/**
 * renderVideo, split across workers when `dispatch` is given, the video is long enough and other
 * workers are idle (segmentCount); otherwise exactly renderVideo. This process renders segment 0
 * (with the cover) while the others are out, then joins.
 */
export async function renderVideoSplit(input: RenderVideoInput, tuning: RenderTuning, dispatch: SegmentDispatch | null): Promise<RenderVideoResult> {
  if (!dispatch) return renderVideo(input, tuning);
  const { timeline, settings, checkAudio } = await planRender(input, tuning);
  const { frames, fps } = timeline;
  const durationS = frames / fps;
  const count = durationS >= SPLIT_MIN_S ? segmentCount(durationS, await dispatch.idleHelpers()) : 1;
  const ranges = segmentRanges(frames, settings.gop ?? 2 * fps, count);
  if (ranges.length < 2) return renderVideo(input, tuning);
  tuning.onTimeline?.(timeline);

  // The early images stay in this process (segment 0 is drawn here; other workers prepare their own).
  const { onProgress, signal, early: _early, ...rest } = input;
  const plan: SegmentPlan = { input: rest, seed: timeline.seed, settings: settings ?? DEFAULT_ENCODE, ranges, timeline };
  await writePlan(dispatch.dir, plan);
  await fs.mkdir(input.outDir, { recursive: true });
  const videoPath = path.join(input.outDir, 'video.mp4');
  const coverPath = path.join(input.outDir, 'cover.jpg');
  const vttPath = timeline.captions ? path.join(input.outDir, 'captions.vtt') : null;
  const share = (ranges[0]!.to - ranges[0]!.from) / frames;

  const audioPath = path.join(dispatch.dir, 'audio.m4a');
  let audioTrack: Promise<Ebur128Summary | null> | null = null;
  let measured: Ebur128Summary | null = null;
  const renderHere = (k: number) => renderSegment(plan, k, segmentPath(dispatch.dir, k), { signal });
  try {
    await dispatch.offer(ranges.length);
    // Segment 0 draws the cover frame when it holds it; a later segment's cover frame is drawn alone below.
    const coverAt = coverFrame(timeline);
    await renderSegment(plan, 0, segmentPath(dispatch.dir, 0), {
      signal,
      coverPath: coverAt < ranges[0]!.to ? coverPath : undefined,
      onProgress: (f) => onProgress?.(f * share),
    });
    // The audio track is encoded while the other segments are still being drawn (it was the join's
    // longest part), then the segments other workers have (or that nobody took): this process never idles meanwhile.
    // With the profile's audio check, the track is measured then too (the same samples the MP4 will hold).
    audioTrack = encodeSegmentAudio({ fps, frames, audioPath: input.narration.mixedAudioPath || null, outPath: audioPath, settings }).then(() => (checkAudio ? measureAudio(audioPath) : null));
    await dispatch.collect(ranges.length, renderHere, signal ?? new AbortController().signal);
    onProgress?.(1);
    if (coverAt >= ranges[0]!.to) await renderCover(plan, timeline, coverAt, coverPath);
    measured = await audioTrack;
  } catch (err) {
    await audioTrack?.catch(() => undefined);
    await dispatch.withdraw(ranges.length);
    throw err;
  }
  signal?.throwIfAborted();
  await joinSegments({ segments: ranges.map((_, k) => segmentPath(dispatch.dir, k)), fps, frames, encodedAudioPath: audioPath, outPath: videoPath });
  const audio = checkAudio ? await checkMp4Audio({ videoPath, mixPath: input.narration.mixedAudioPath || null, durationS, settings, measured: measured ?? undefined }) : null;
  if (vttPath && timeline.captions) await fs.writeFile(vttPath, toWebVtt(timeline.captions));
  return { videoPath, coverPath, vttPath, durationS, width: timeline.width, height: timeline.height, frames, audio, warnings: renderWarnings(timeline) };
}

/** The cover frame drawn on its own (when it falls outside this process's segment). */
async function renderCover(plan: SegmentPlan, timeline: Timeline, frame: number, coverPath: string): Promise<void> {
  const input = plan.input;
  const presenter = input.avatarId !== null ? createPresenter(input.avatarId, timeline, input.narration.speech, input.narration.script) : null;
  const compositor = new Compositor(timeline, input.product, presenter, input.avatarId, true, timeline.logo ? (input.logoPath ?? null) : null);
  try {
    await compositor.prepare();
    const pixels = await compositor.pixels(frame);
    await sharp(pixels, { raw: { width: timeline.width, height: timeline.height, channels: 4 } }).removeAlpha().jpeg({ quality: 86, mozjpeg: false }).toFile(coverPath);
  } finally {
    compositor.close();
  }
}
