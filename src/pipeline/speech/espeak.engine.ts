import fs from 'node:fs/promises';
import path from 'node:path';
import type { SpeechEngine } from './espeak.client.ts';
import type { SentenceRequest, SpokenSentence, VoiceEngine } from './engines.ts';
import { prepareSentence } from './speech.text.ts';
import { timingsFromEvents } from './timings.ts';

/** espeak-ng behind the engine interface: the worker's events give the timings (timings.ts). */
export class EspeakEngine implements VoiceEngine {
  readonly name = 'espeak' as const;

  constructor(readonly worker: SpeechEngine) {}

  async sentence(req: SentenceRequest): Promise<SpokenSentence> {
    const { voice } = req;
    const prepared = prepareSentence(req.text, voice);
    const plain = prepared.ssml ? prepared.input.replace(/<[^>]*>/g, '') : prepared.input;
    if (!/[\p{L}\p{N}]/u.test(plain)) {
      // Nothing the voice can say (e.g. a Japanese sentence of kanji only): its words get no time.
      const words = prepared.mode === 'marks' ? prepared.tokens.map((t) => ({ text: t.text, start: 0, end: 0, sentence: req.index })) : [];
      return { pcm: Buffer.alloc(0), sampleRate: 0, words, phonemes: [] };
    }
    const pcmPath = path.join(req.tmpDir, `espeak-${req.index}.pcm`);
    const answer = await this.worker.synth({
      voice: voice.espeakVoice,
      rate: Math.round(voice.rate * voice.speed * req.rateScale),
      pitch: voice.pitch,
      range: voice.range,
      text: prepared.input,
      ssml: prepared.ssml,
      pcmPath,
    });
    const pcm = await fs.readFile(pcmPath);
    await fs.rm(pcmPath, { force: true });
    const t = timingsFromEvents(prepared, { samples: pcm.length / 2, events: answer.events }, req.index, 0);
    return { pcm, sampleRate: answer.sampleRate, ...t };
  }
}
