import fs from 'node:fs/promises';
import path from 'node:path';
import { probe } from '../media/ffprobe.ts';
import { runFfmpeg } from '../pipeline/mix/ffmpeg.ts';
import { readWav } from '../pipeline/speech/wav.ts';
import { FetchError } from '../net/safe-fetch.ts';
import { BlobNotFoundError } from '../storage/blob-store.ts';
import { ownFileRef, type OwnFileRef } from '../storage/own-files.ts';
import { isKeyRef } from '../storage/stored-refs.ts';
import type { UserAudioDeps } from './user-audio.ts';

/** An outside video to translate: at most 10 minutes, at most this many bytes. */
export const MAX_SOURCE_VIDEO_S = 600;
export const MAX_SOURCE_VIDEO_BYTES = 500 * 1024 * 1024;
const FETCH_DEADLINE_MS = 120_000;
/** Louder than this (dBFS, over 50 ms) somewhere, or the sound track is taken to hold no speech. */
const SPEECH_FLOOR_DB = -45;

/** Why the video could not be used; `transient` when trying again later may work. Messages complete "video_url …". */
export class SourceVideoError extends Error {
  constructor(message: string, readonly transient: boolean) {
    super(message);
    this.name = 'SourceVideoError';
  }
}

export interface SourceVideo {
  file: string;
  durationS: number;
  width: number;
  height: number;
  /** Its sound as 16 kHz mono WAV (what the STT server hears and the aligner reads); null when it has no sound track. */
  speechWav: string | null;
  /** Whether the sound track ever rises above a whisper. */
  audible: boolean;
}

/**
 * The video at `stored` (a stored ref: our key, or another site's URL) as a local file in `dir`,
 * checked to be a video of at most MAX_SOURCE_VIDEO_S, with its sound extracted. Our files are
 * copied from the blob store; others come through the safe fetcher (the same rules as every
 * fetched URL).
 */
export async function loadSourceVideo(stored: string, dir: string, deps: UserAudioDeps): Promise<SourceVideo> {
  const ref: OwnFileRef = isKeyRef(stored) ? { kind: 'stored', key: stored } : ownFileRef(stored, deps.publicBaseUrl);
  const url = isKeyRef(stored) ? deps.store.publicUrl(stored) : stored;
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'source-video');
  if (ref.kind === 'stored') {
    try {
      await deps.store.toFile(ref.key, file);
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw new SourceVideoError('names a file this server no longer has', false);
      throw err;
    }
  } else if (ref.kind === 'invalid') {
    throw new SourceVideoError(ref.problem, false);
  } else {
    let body: Buffer;
    try {
      body = (await deps.fetcher.fetch(url, { maxBytes: MAX_SOURCE_VIDEO_BYTES, deadlineMs: FETCH_DEADLINE_MS })).body;
    } catch (err) {
      const e = err as FetchError;
      const transient = err instanceof FetchError && (e.kind === 'timeout' || e.kind === 'unreachable' || (e.kind === 'http_status' && (e.status ?? 0) >= 500));
      throw new SourceVideoError(`could not be downloaded: ${(err as Error).message}`, transient);
    }
    await fs.writeFile(file, body);
  }
  const info = await probe(file);
  if (!info?.video || !(info.durationS > 0)) throw new SourceVideoError('is not a video file (mp4, mov, webm…)', false);
  if (info.durationS > MAX_SOURCE_VIDEO_S + 0.5) throw new SourceVideoError(`lasts ${Math.round(info.durationS)} s; at most ${MAX_SOURCE_VIDEO_S} s (10 minutes)`, false);
  let speechWav: string | null = null;
  let audible = false;
  if (info.audio) {
    speechWav = path.join(dir, 'speech-16k.wav');
    await runFfmpeg(['-loglevel', 'error', '-y', '-i', file, '-map', '0:a:0', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', speechWav], { timeoutMs: 300_000 });
    audible = loudestDb((await readWav(speechWav)).samples, 16_000) > SPEECH_FLOOR_DB;
  }
  return { file, durationS: info.durationS, width: info.video.width, height: info.video.height, speechWav, audible };
}

/** The loudest 50 ms of mono 16-bit samples, in dBFS (-Infinity for digital silence). */
export function loudestDb(samples: Int16Array, rate: number): number {
  const win = Math.max(1, Math.round(rate * 0.05));
  let best = 0;
  for (let i = 0; i + win <= samples.length; i += win) {
    let sum = 0;
    for (let k = i; k < i + win; k++) sum += (samples[k]! / 32768) ** 2;
    best = Math.max(best, sum / win);
  }
  return 10 * Math.log10(best);
}
