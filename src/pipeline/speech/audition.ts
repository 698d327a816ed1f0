import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../mix/ffmpeg.ts';
import { auditionSentences } from './audition.samples.ts';
import type { SpeechEngines } from './engines.ts';
import { speak } from './speech.service.ts';
import type { VoiceSpec } from './voice.catalog.ts';

/** MP3 arguments for an audition: mono, the engine's rate, 64 kb/s is plenty for 22 kHz speech. */
export function auditionEncodeArgs(wavPath: string, mp3Path: string): string[] {
  return ['-y', '-loglevel', 'error', '-i', wavPath, '-codec:a', 'libmp3lame', '-b:a', '64k', '-ac', '1', '-f', 'mp3', mp3Path];
}

/**
 * The audition's file name: the voice id and a hash of everything that shapes the sound, so
 * changing a variant or a sample text makes a new file.
 */
export function auditionFileName(voice: VoiceSpec): string {
  const h = crypto
    .createHash('sha256')
    .update(JSON.stringify([voice.engine, voice.engineVoice, voice.espeakVoice, voice.rate, voice.pitch, voice.range, voice.speed, voice.pitchShift, auditionSentences(voice.language)]))
    .digest('hex')
    .slice(0, 10);
  return `${voice.voiceId}-${h}.mp3`;
}

/** Speaks the voice's sample sentences and writes them as an MP3 at `target` (storing it is the caller's). */
export async function makeAudition(voice: VoiceSpec, engines: SpeechEngines, target: string): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-audition-'));
  try {
    const speech = await speak({ sentences: auditionSentences(voice.language), voiceId: voice.voiceId, outDir: work }, { ...engines, voices: (id) => (id === voice.voiceId ? voice : engines.voices?.(id)) });
    await runFfmpeg(auditionEncodeArgs(speech.wavPath, target), { timeoutMs: 30_000 });
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
