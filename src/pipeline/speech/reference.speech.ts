import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ReferenceSynth } from './align/index.ts';
import type { SpeechEngine } from './espeak.client.ts';
import { speak } from './speech.service.ts';
import { defaultVoice } from './voice.catalog.ts';
import { readWav } from './wav.ts';

/**
 * The reference synthesiser of forced alignment: espeak-ng, through the ordinary speech stage, at
 * the language's main voice (adult, of the gender asked for), read back as float samples with
 * the engine's own timings. The WAV lives in a temporary directory that is removed afterwards.
 */
export function espeakReference(engine: SpeechEngine, opts: { tmpDir?: string } = {}): ReferenceSynth {
  return async (sentences, language, gender) => {
    const dir = path.join(opts.tmpDir ?? os.tmpdir(), `reelsmith-align-${crypto.randomUUID()}`);
    try {
      const speech = await speak({ sentences, voiceId: defaultVoice(language, gender), outDir: dir }, engine);
      const wav = await readWav(speech.wavPath);
      const samples = new Float32Array(wav.samples.length);
      for (let i = 0; i < samples.length; i++) samples[i] = wav.samples[i]! / 32768;
      return { samples, sampleRate: wav.sampleRate, words: speech.words, phonemes: speech.phonemes, sentences: speech.sentences };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };
}
