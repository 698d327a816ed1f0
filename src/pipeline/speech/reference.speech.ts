import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AlignmentError, type ReferenceGender, type ReferenceSynth } from './align/index.ts';
import type { SpeechEngine } from './espeak.client.ts';
import { speak } from './speech.service.ts';
import { LANGUAGE_VOICES, VOICE_VARIANTS } from './voice.catalog.ts';
import { readWav } from './wav.ts';

/**
 * The reference synthesiser of forced alignment: espeak-ng, through the ordinary speech stage, at
 * the language's main voice (adult, of the gender asked for), read back as float samples with
 * the engine's own timings. The WAV lives in a temporary directory that is removed afterwards.
 * Always an espeak-ng voice, whatever the language's default engine is: the references' rate and
 * timings are what the alignment was measured with.
 */
export function espeakReference(engine: SpeechEngine, opts: { tmpDir?: string } = {}): ReferenceSynth {
  return async (sentences, language, gender) => {
    const dir = path.join(opts.tmpDir ?? os.tmpdir(), `reelsmith-align-${crypto.randomUUID()}`);
    try {
      const speech = await speak({ sentences, voiceId: espeakVoiceId(language, gender), outDir: dir }, engine);
      const wav = await readWav(speech.wavPath);
      const samples = new Float32Array(wav.samples.length);
      for (let i = 0; i < samples.length; i++) samples[i] = wav.samples[i]! / 32768;
      return { samples, sampleRate: wav.sampleRate, words: speech.words, phonemes: speech.phonemes, sentences: speech.sentences };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };
}

/** The language's main espeak-ng voice, adult, of `gender` (e.g. "en-us-f1", "de-m1"). */
export function espeakVoiceId(language: string, gender: ReferenceGender): string {
  const lv = LANGUAGE_VOICES.find((l) => l.language === language);
  if (!lv) throw new AlignmentError(`no voice for language "${language}"`);
  const variant = VOICE_VARIANTS.find((v) => v.gender === gender && v.age === 'adult')!;
  return `${lv.prefix}-${variant.key}`;
}
