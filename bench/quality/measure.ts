/**
 * What bench:quality measures on a finished MP4 with ffmpeg/ffprobe (the I/O edge), plus the
 * pure judgements of those numbers against the targets.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runFfmpeg } from '../../src/pipeline/mix/ffmpeg.ts';
import { parseEbur128 } from '../../src/pipeline/mix/mix.args.ts';
import { audioMeterArgs } from '../../src/pipeline/render/ffmpeg-args.ts';

const run = promisify(execFile);

export interface AvMeasure {
  durationS: number;
  videoS: number;
  audioS: number;
  /** Max true peak over both channels, dBTP (ebur128 peak=true, 4x oversampled). */
  truePeakDb: number;
  /** Decoded audio samples at or beyond full scale (|x| >= 1). */
  clipped: number;
}

/** Stream and container durations in seconds (ffprobe). */
export async function durations(file: string): Promise<{ durationS: number; videoS: number; audioS: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,duration:format=duration', '-of', 'json', file]);
  const info = JSON.parse(stdout) as { streams: { codec_type: string; duration?: string }[]; format: { duration?: string } };
  const of = (t: string) => Number(info.streams.find((s) => s.codec_type === t)?.duration ?? NaN);
  return { durationS: Number(info.format.duration ?? NaN), videoS: of('video'), audioS: of('audio') };
}

/** True peak of the file's audio in dBTP: the same meter the renderer checks its MP4s with. */
export async function truePeak(file: string): Promise<number> {
  return parseEbur128((await runFfmpeg(audioMeterArgs(file))).stderr).truePeakDb;
}

/**
 * Full-scale samples: the decoder's float output (AAC can decode past 1.0, so nothing is clamped
 * before counting) read whole, every sample with |x| >= 1 counted. astats only counts how often
 * the single highest level recurs, which undercounts overshoot of varying height.
 */
export async function clippedSamples(file: string): Promise<number> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-map', '0:a:0', '-f', 'f32le', '-acodec', 'pcm_f32le', '-'], { encoding: 'buffer', maxBuffer: 1 << 30 });
  let n = 0;
  for (let i = 0; i + 4 <= stdout.byteLength; i += 4) if (Math.abs(stdout.readFloatLE(i)) >= 1) n++;
  return n;
}

export async function measureAv(file: string): Promise<AvMeasure> {
  const d = await durations(file);
  return { ...d, truePeakDb: await truePeak(file), clipped: await clippedSamples(file) };
}

/** Targets from issue 10. */
export const TARGETS = { lengthTolerance: 0.1, truePeakDb: -1.0, avDeltaMs: 40, silentTailS: 2 };

export interface AvJudgement {
  lengthOff: boolean;
  peakOver: boolean;
  clipped: boolean;
  avOff: boolean;
  tailLong: boolean;
}

/** Which of the sound-and-length targets a video misses. `speechEndS` is the last spoken word's end. */
export function judgeAv(m: AvMeasure, setLengthS: number, speechEndS: number): AvJudgement {
  return {
    lengthOff: Math.abs(m.durationS - setLengthS) > setLengthS * TARGETS.lengthTolerance,
    peakOver: m.truePeakDb > TARGETS.truePeakDb,
    clipped: m.clipped > 0,
    avOff: Math.abs(m.videoS - m.audioS) * 1000 > TARGETS.avDeltaMs,
    tailLong: m.durationS - speechEndS > TARGETS.silentTailS,
  };
}
