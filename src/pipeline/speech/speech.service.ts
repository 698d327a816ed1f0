import fs from 'node:fs/promises';
import path from 'node:path';
import type { Speech } from '../types.ts';
import type { SpeechEngine } from './espeak.client.ts';
import { EspeakEngine } from './espeak.engine.ts';
import { asEngines, type SpeechEngines, type SpokenSentence, type VoiceEngine } from './engines.ts';
import { FestivalEngine } from './festival/festival.engine.ts';
import { FliteEngine } from './flite/flite.engine.ts';
import { NeuralEngine } from './models/neural.engine.ts';
import { sharedNeuralPool } from './models/neural.pool.ts';
import { shiftPitch } from './pitch.ts';
import { sentenceSpan, toMs, type SampleTimings } from './timings.ts';
import { voiceSpec, type VoiceSpec } from './voice.catalog.ts';
import { writeWav } from './wav.ts';

export class UnknownVoiceError extends Error {}

/** The external engine did not answer with speech (after its retries); see SpeechEngines.external. */
export class ExternalSpeechError extends Error {}

export interface SpeakInput {
  /** The script's sentences, in order; word timings carry the index into this list. */
  sentences: readonly string[];
  voiceId: string;
  /** Directory the WAV is written to (created if needed). */
  outDir: string;
  /** File name of the WAV (default "speech.wav"). */
  fileName?: string;
  /** Multiplies the voice's rate (the length fitter's last step, about 0.88-1.12). */
  rateScale?: number;
  /** Silence added after sentence i, ms, on top of the engine's own pause (the length fitter's pauses). */
  pausesMs?: readonly number[];
  /**
   * Sentences already said in this narration's earlier takes (the length fitter's): a sentence
   * asked for again with the same engine, voice, rate, index and text is taken from here, not said
   * again, and every sentence said is added. A take that differs from an earlier one only in its
   * pauses (added as silence here) then costs no engine call (issue 29: the speech stage's wall).
   */
  said?: SaidSentences;
}

/** What an engine said per sentence, keyed by everything that decides its samples (SpeakInput.said). */
export type SaidSentences = Map<string, SpokenSentence>;

/** The voice behind an id: the built-in table, then the engine set's own (external, custom). */
export function resolveVoice(voiceId: string, engines: SpeechEngines): VoiceSpec | undefined {
  return voiceSpec(voiceId) ?? engines.voices?.(voiceId);
}

/**
 * Speaks a script, one engine call per script sentence, so every word belongs to exactly the
 * sentence it was written in and the engine's own end-of-sentence pause separates sentences.
 * The samples of each call follow the previous call's; the timings are shifted by the same amount.
 * An external voice whose engine fails is spoken by its built-in stand-in when the engine is set
 * to fall back; the Speech then says so (`fallback`).
 */
export async function speak(input: SpeakInput, engine: SpeechEngine | SpeechEngines): Promise<Speech> {
  const engines = asEngines(engine);
  const voice = resolveVoice(input.voiceId, engines);
  if (!voice) throw new UnknownVoiceError(`unknown voice_id "${input.voiceId}"`);
  try {
    return await speakWith(input, voice, engines);
  } catch (err) {
    if (!(err instanceof ExternalSpeechError) || engines.external?.onFailure !== 'fallback') throw err;
    const standIn = voiceSpec(voice.fallbackVoiceId);
    if (!standIn) throw err;
    // The stand-in keeps the custom voice's own speed and pitch.
    const speech = await speakWith(input, { ...standIn, speed: voice.speed, pitchShift: voice.pitchShift }, engines);
    return { ...speech, voiceId: voice.voiceId, fallback: `the external speech engine failed (${err.message}); the built-in voice ${standIn.voiceId} spoke instead` };
  }
}

function engineFor(voice: VoiceSpec, engines: SpeechEngines): VoiceEngine {
  if (voice.engine === 'festival') return new FestivalEngine(engines.festival);
  if (voice.engine === 'flite') return new FliteEngine(engines.espeak);
  if (voice.engine === 'neural') return new NeuralEngine(engines.espeak, engines.neural ?? sharedNeuralPool());
  if (voice.engine === 'external') {
    if (!engines.external) throw new ExternalSpeechError('no external speech engine is configured (TTS_BASE_URL)');
    return engines.external;
  }
  return new EspeakEngine(engines.espeak);
}

async function speakWith(input: SpeakInput, voice: VoiceSpec, engines: SpeechEngines): Promise<Speech> {
  const engine = engineFor(voice, engines);
  await fs.mkdir(input.outDir, { recursive: true });
  const wavPath = path.join(input.outDir, input.fileName ?? 'speech.wav');
  const tmpDir = await fs.mkdtemp(path.join(input.outDir, '.speech-'));

  const pcm: Buffer[] = [];
  const all: SampleTimings = { words: [], phonemes: [], sentences: [] };
  let offset = 0;
  let sampleRate = 0;
  try {
    for (let i = 0; i < input.sentences.length; i++) {
      const req = { text: input.sentences[i] ?? '', index: i, voice, rateScale: input.rateScale ?? 1, tmpDir };
      const key = input.said ? JSON.stringify([engine.name, voice, req.rateScale, i, req.text]) : '';
      const said = input.said?.get(key) ?? (await engine.sentence(req));
      input.said?.set(key, said);
      if (said.pcm.length === 0) {
        for (const w of said.words) all.words.push({ ...w, start: offset, end: offset });
        all.sentences.push({ start: offset, end: offset });
        continue;
      }
      if (sampleRate && said.sampleRate !== sampleRate) throw new Error('engine changed its sample rate mid-script');
      sampleRate = said.sampleRate;
      const words = said.words.map((w) => ({ ...w, start: w.start + offset, end: w.end + offset }));
      all.words.push(...words);
      for (const p of said.phonemes) {
        const last = all.phonemes[all.phonemes.length - 1];
        if (p.phoneme === '_' && last?.phoneme === '_' && last.end === p.start + offset) last.end = p.end + offset;
        else all.phonemes.push({ phoneme: p.phoneme, start: p.start + offset, end: p.end + offset });
      }
      all.sentences.push(sentenceSpan(words, offset));
      pcm.push(said.pcm);
      offset += said.pcm.length / 2;
      const pause = Math.round(((input.pausesMs?.[i] ?? 0) * sampleRate) / 1000);
      if (pause > 0 && i < input.sentences.length - 1) {
        // Silence, and a pause phoneme over it, so the phonemes still tile the whole WAV.
        pcm.push(Buffer.alloc(pause * 2));
        const last = all.phonemes[all.phonemes.length - 1];
        if (last?.phoneme === '_' && last.end === offset) last.end += pause;
        else all.phonemes.push({ phoneme: '_', start: offset, end: offset + pause });
        offset += pause;
      }
    }
    sampleRate ||= 22050;
    await writeWav(wavPath, pcm, sampleRate);
    if (voice.pitchShift !== 0 && offset > 0) await shiftPitch(wavPath, voice.pitchShift, path.join(tmpDir, 'pitch.wav'));
  } finally {
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
  const ms = toMs(all, sampleRate);
  return {
    wavPath,
    sampleRate,
    durationMs: Math.round((offset * 1000) / sampleRate),
    voiceId: voice.voiceId,
    engine: engine.name,
    ...ms,
  };
}
