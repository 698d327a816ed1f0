import fs from 'node:fs/promises';
import { runFfmpeg } from '../pipeline/mix/ffmpeg.ts';
import { probe } from './ffprobe.ts';

/** Audio codecs of the formats a client may send: mp3, wav (PCM), m4a (AAC, ALAC), ogg (Vorbis, Opus). */
const AUDIO_CODECS = /^(mp3|pcm_[a-z0-9]+|aac|alac|vorbis|opus)$/;

/** What a file holds as the user's audio: its length, or what is wrong with it. */
export async function inspectAudio(file: string): Promise<{ durationS: number } | { problem: string }> {
  const info = await probe(file);
  if (!info || !info.audio) return { problem: 'is not an audio file (mp3, wav, m4a or ogg)' };
  if (!AUDIO_CODECS.test(info.audio.codec)) return { problem: `is ${info.audio.codec} audio; send mp3, wav, m4a or ogg` };
  if (!(info.durationS > 0)) return { problem: 'holds no sound (its length is 0)' };
  return { durationS: info.durationS };
}

/** The audio as a 48 kHz stereo 16-bit WAV (what the muxer reads) and as mono float samples at `analysisRate` (what the mouth follows). */
export async function decodeAudio(file: string, wavOut: string, analysisRate = 16_000): Promise<{ samples: Float32Array; sampleRate: number; durationMs: number }> {
  const raw = `${wavOut}.f32`;
  await runFfmpeg(['-loglevel', 'error', '-y', '-i', file, '-map', '0:a:0', '-ar', '48000', '-ac', '2', '-c:a', 'pcm_s16le', wavOut, '-map', '0:a:0', '-ar', String(analysisRate), '-ac', '1', '-f', 'f32le', raw], { timeoutMs: 300_000 });
  const buf = await fs.readFile(raw);
  await fs.rm(raw, { force: true });
  const samples = new Float32Array(buf.buffer, buf.byteOffset, Math.floor(buf.length / 4));
  return { samples: Float32Array.from(samples), sampleRate: analysisRate, durationMs: Math.round((samples.length / analysisRate) * 1000) };
}
