import fs from 'node:fs/promises';
import { runFfmpeg } from '../mix/ffmpeg.ts';
import { readWav, writeWav } from './wav.ts';

/**
 * Shifts a speech WAV's pitch by `semitones`, in place, keeping its formants (rubberband) and its
 * exact length in samples, so every timing taken before the shift still holds. Engine-agnostic:
 * custom voices use it whatever engine spoke.
 */
export async function shiftPitch(wavPath: string, semitones: number, tmpPath: string): Promise<void> {
  const before = await readWav(wavPath);
  const ratio = 2 ** (semitones / 12);
  await runFfmpeg(['-y', '-loglevel', 'error', '-i', wavPath, '-af', `rubberband=pitch=${ratio.toFixed(6)}:formant=preserved`, '-ac', '1', '-ar', String(before.sampleRate), '-c:a', 'pcm_s16le', tmpPath], { timeoutMs: 120_000 });
  const after = await readWav(tmpPath);
  const exact = new Int16Array(before.samples.length);
  exact.set(after.samples.subarray(0, exact.length));
  await writeWav(wavPath, [Buffer.from(exact.buffer)], before.sampleRate);
  await fs.rm(tmpPath, { force: true });
}
