import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Speech } from '../types.ts';
import type { SpeechEngine } from './espeak.client.ts';
import { prepareSentence } from './speech.text.ts';
import { sentenceSpan, timingsFromEvents, toMs, type SampleTimings } from './timings.ts';
import { voiceSpec } from './voice.catalog.ts';
import { writeWav } from './wav.ts';

export class UnknownVoiceError extends Error {}

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
}

/**
 * Speaks a script, one engine call per script sentence, so every word belongs to exactly the
 * sentence it was written in and the engine's own end-of-sentence pause separates sentences.
 * The samples of each call follow the previous call's; the events are shifted by the same amount.
 */
export async function speak(input: SpeakInput, engine: SpeechEngine): Promise<Speech> {
  const voice = voiceSpec(input.voiceId);
  if (!voice) throw new UnknownVoiceError(`unknown voice_id "${input.voiceId}"`);
  await fs.mkdir(input.outDir, { recursive: true });
  const wavPath = path.join(input.outDir, input.fileName ?? 'speech.wav');
  const tmpPcm = path.join(input.outDir, `.speech-${crypto.randomUUID()}.pcm`);

  const pcm: Buffer[] = [];
  const all: SampleTimings = { words: [], phonemes: [], sentences: [] };
  let offset = 0;
  let sampleRate = 0;
  try {
    for (let i = 0; i < input.sentences.length; i++) {
      const prepared = prepareSentence(input.sentences[i] ?? '', voice);
      const plain = prepared.ssml ? prepared.input.replace(/<[^>]*>/g, '') : prepared.input;
      if (!/[\p{L}\p{N}]/u.test(plain)) {
        // Nothing the voice can say (e.g. a Japanese sentence of kanji only): its words get no time.
        if (prepared.mode === 'marks') for (const t of prepared.tokens) all.words.push({ text: t.text, start: offset, end: offset, sentence: i });
        all.sentences.push({ start: offset, end: offset });
        continue;
      }
      const answer = await engine.synth({
        voice: voice.espeakVoice,
        rate: Math.round(voice.rate * (input.rateScale ?? 1)),
        pitch: voice.pitch,
        range: voice.range,
        text: prepared.input,
        ssml: prepared.ssml,
        pcmPath: tmpPcm,
      });
      if (sampleRate && answer.sampleRate !== sampleRate) throw new Error('engine changed its sample rate mid-script');
      sampleRate = answer.sampleRate;
      const chunk = await fs.readFile(tmpPcm);
      const t = timingsFromEvents(prepared, { samples: chunk.length / 2, events: answer.events }, i, offset);
      all.words.push(...t.words);
      for (const p of t.phonemes) {
        const last = all.phonemes[all.phonemes.length - 1];
        if (p.phoneme === '_' && last?.phoneme === '_' && last.end === p.start) last.end = p.end;
        else all.phonemes.push(p);
      }
      all.sentences.push(sentenceSpan(t.words, offset));
      pcm.push(chunk);
      offset += chunk.length / 2;
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
  } finally {
    await fs.rm(tmpPcm, { force: true });
  }
  sampleRate ||= 22050;
  await writeWav(wavPath, pcm, sampleRate);
  const ms = toMs(all, sampleRate);
  return {
    wavPath,
    sampleRate,
    durationMs: Math.round((offset * 1000) / sampleRate),
    voiceId: voice.voiceId,
    ...ms,
  };
}
