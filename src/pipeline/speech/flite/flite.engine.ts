import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SentenceRequest, SpokenSentence, VoiceEngine } from '../engines.ts';
import type { SpeechEngine } from '../espeak.client.ts';
import { EspeakEngine } from '../espeak.engine.ts';
import { timingsFor } from '../external/timings-for.ts';
import { cleanForSpeech } from '../speech.text.ts';
import { readWav } from '../wav.ts';
import { fliteBinary } from './flite.installed.ts';

/**
 * Flite (Debian's flite, BSD-style licence) behind the engine interface: one short-lived
 * `flite -voice rms` per sentence (about 0.02 × real time, so a process per call costs nothing
 * that matters); the speed is Flite's duration_stretch. Flite reports no timings, so they come
 * from the forced aligner like the external engine's (external/timings-for.ts).
 */
export class FliteEngine implements VoiceEngine {
  readonly name = 'flite' as const;
  private readonly espeak: EspeakEngine;

  constructor(espeak: SpeechEngine, private readonly timeoutMs = 60_000) {
    this.espeak = new EspeakEngine(espeak);
  }

  async sentence(req: SentenceRequest): Promise<SpokenSentence> {
    const text = cleanForSpeech(req.text, req.voice.language);
    if (!/[\p{L}\p{N}]/u.test(text) || !req.voice.engineVoice) return { pcm: Buffer.alloc(0), sampleRate: 0, words: [], phonemes: [] };
    const wavPath = path.join(req.tmpDir, `flite-${req.index}.wav`);
    const stretch = 1 / Math.max(0.25, req.rateScale * req.voice.speed);
    await new Promise<void>((resolve, reject) =>
      execFile(fliteBinary(), ['-voice', req.voice.engineVoice!, '--setf', `duration_stretch=${stretch.toFixed(3)}`, '-t', text, '-o', wavPath], { timeout: this.timeoutMs }, (err, _out, stderr) =>
        err ? reject(new Error(`flite failed: ${stderr.trim().slice(0, 200) || err.message}`)) : resolve(),
      ),
    );
    const wav = await readWav(wavPath);
    await fs.rm(wavPath, { force: true });
    const samples = wav.samples;
    const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    const t = await timingsFor(samples, wav.sampleRate, { ...req, text }, this.espeak);
    return { pcm, sampleRate: wav.sampleRate, ...t };
  }
}
