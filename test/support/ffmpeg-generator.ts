import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { probe } from '../../src/media/ffprobe.ts';
import { loadProductMedia, type ProductMediaDeps } from '../../src/videos/product-media.ts';
import { GenerationError, type GeneratedVideo, type GenerationJob, type ProgressReporter, type VideoGenerator } from '../../src/videos/video-generator.ts';

/**
 * TEST AID, not the product: a VideoGenerator that makes a real (short) video with real ffmpeg
 * processes — a test pattern with a sine tone, a cover frame taken from it, and a WebVTT file
 * when captions were asked for — so the job system is tested against real files, real child
 * processes and real durations, without the media pipeline.
 *
 * Selected in tests directly, or in a child `reelsmith serve|worker` with
 * REELSMITH_TEST_GENERATOR="ffmpeg[:knob=value,...]". Knobs:
 * - seconds=1.5      clip length; "auto" = the request's video_length
 * - stageDelayMs=0   pause before each stage (script, speech, render, cover)
 * - realtime=0       1: encode at playback speed (-re), so a render takes `seconds`
 * - media=0          1: load the product's media with the pipeline's loader (our stored files
 *                    copied from the blob store: local disk or S3) and make the cover from the
 *                    first image, at its own size — so a test can see which file the worker read
 * Product-name markers choose failures per video: "[fail]" fails every attempt (retryable),
 * "[fail-permanent]" fails at once (not retryable), "[fail-once]" fails the first attempt made
 * by this process and then succeeds.
 */
export interface FfmpegTestOptions {
  /** 'auto': the request's video_length. */
  seconds: number | 'auto';
  stageDelayMs: number;
  realtime: boolean;
  /** Load product media (loadProductMedia) and take the cover from the first image. */
  media: boolean;
}

export function parseTestGeneratorSpec(spec: string): FfmpegTestOptions {
  const [name, knobs = ''] = spec.split(':', 2);
  if (name !== 'ffmpeg') throw new Error(`REELSMITH_TEST_GENERATOR: unknown generator "${name}"`);
  const options: FfmpegTestOptions = { seconds: 1.5, stageDelayMs: 0, realtime: false, media: false };
  for (const pair of knobs.split(',').filter(Boolean)) {
    const [k, v = ''] = pair.split('=');
    if (k === 'seconds') options.seconds = v === 'auto' ? 'auto' : Number(v);
    else if (k === 'stageDelayMs') options.stageDelayMs = Number(v);
    else if (k === 'realtime') options.realtime = v === '1' || v === 'true';
    else if (k === 'media') options.media = v === '1' || v === 'true';
    else throw new Error(`REELSMITH_TEST_GENERATOR: unknown knob "${k}"`);
  }
  return options;
}

/** `media` is what media=1 reads product media with (the composition root passes the app's store). */
export function ffmpegTestGenerator(spec: string | Partial<FfmpegTestOptions> = {}, media?: ProductMediaDeps): FfmpegTestGenerator {
  const options = typeof spec === 'string' ? parseTestGeneratorSpec(spec) : { seconds: 1.5, stageDelayMs: 0, realtime: false, media: false, ...spec };
  if (options.media && !media) throw new Error('REELSMITH_TEST_GENERATOR: media=1 needs the store, base URL and fetcher');
  return new FfmpegTestGenerator(options, media);
}

const SIZES: Record<number, string> = { 0: '360x640', 1: '640x360', 2: '480x480' };

export class FfmpegTestGenerator implements VideoGenerator {
  /** Attempts made by this process per project (for "[fail-once]"). */
  readonly calls = new Map<string, number>();

  constructor(
    readonly options: FfmpegTestOptions,
    private readonly mediaDeps?: ProductMediaDeps,
  ) {}

  async generate(job: GenerationJob, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo> {
    const { video, product, workDir } = job;
    // Any kind: the fields it reads are the ones product, avatar and template requests share.
    const request = video.request as { override_script?: string | null; script?: string; aspect_ratio?: number; video_length?: number; caption?: boolean };
    const name = product?.name ?? video.title;
    const calls = (this.calls.get(video.id) ?? 0) + 1;
    this.calls.set(video.id, calls);
    const stage = async (name: string, pct: number) => {
      if (this.options.stageDelayMs > 0) await sleep(this.options.stageDelayMs, undefined, { signal });
      await progress(name, pct);
    };

    await stage('script', 5);
    const script = request.override_script ?? request.script ?? `Meet ${name}. ${product?.description ?? ''}`.slice(0, 400);
    if (name.includes('[fail-permanent]')) throw new GenerationError('The test generator refuses this product', { code: 40000, retryable: false });
    if (name.includes('[fail]') || (name.includes('[fail-once]') && calls === 1)) {
      throw new Error('test generator: simulated crash of the renderer');
    }
    const media = this.options.media && product ? await loadProductMedia(product, path.join(workDir, 'media'), this.mediaDeps!) : null;
    await stage('speech', 15);
    await stage('render', 20);

    const videoPath = path.join(workDir, 'video.mp4');
    const size = SIZES[request.aspect_ratio ?? 0] ?? SIZES[0]!;
    const seconds = this.options.seconds === 'auto' ? (request.video_length ?? 15) : this.options.seconds;
    const re = this.options.realtime ? ['-re'] : [];
    await runFfmpeg(
      [
        ...re, '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25:duration=${seconds}`,
        ...re, '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k',
        '-shortest', '-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', videoPath,
      ],
      signal,
      (outSeconds) => progress('render', 20 + Math.min(70, (outSeconds / seconds) * 70)),
    );

    await stage('cover', 92);
    const coverPath = path.join(workDir, 'cover.jpg');
    const image = media?.imagePaths[0];
    const coverInput = image ? ['-i', image] : ['-ss', String(Math.min(0.5, seconds / 2)), '-i', videoPath];
    await runFfmpeg([...coverInput, '-frames:v', '1', '-q:v', '4', coverPath], signal);

    let vttPath: string | null = null;
    if (request.caption) {
      vttPath = path.join(workDir, 'subtitles.vtt');
      await fs.writeFile(vttPath, `WEBVTT\n\n00:00:00.000 --> 00:00:${seconds.toFixed(3).padStart(6, '0')}\n${script.slice(0, 80)}\n`);
    }
    const info = await probe(videoPath);
    if (!info?.video || !info.audio) throw new Error('test generator: ffmpeg made no playable file');
    return { videoPath, coverPath, vttPath, durationS: info.durationS, script, ...(media?.warnings.length ? { warnings: media.warnings } : {}) };
  }
}

/** Runs ffmpeg; with onSeconds, reads -progress output from stdout. Rejects on a non-zero exit or abort. */
function runFfmpeg(args: string[], signal: AbortSignal, onSeconds?: (s: number) => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { signal, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.stdout.on('data', (d: Buffer) => {
      const m = /out_time_us=(\d+)/.exec(d.toString());
      if (m && onSeconds) void Promise.resolve(onSeconds(Number(m[1]) / 1e6)).catch(() => undefined);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`))));
  });
}
