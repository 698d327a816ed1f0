import path from 'node:path';
import type { SentenceRequest, SpokenSentence, VoiceEngine } from '../engines.ts';
import { cleanForSpeech } from '../speech.text.ts';
import { readWav } from '../wav.ts';
import { FestivalProcess, festivalText, sharedFestival } from './festival.client.ts';
import { festivalTimings } from './festival.timings.ts';

/** Festival behind the engine interface: one request to the long-lived child per sentence. */
export class FestivalEngine implements VoiceEngine {
  readonly name = 'festival' as const;

  constructor(private readonly proc: FestivalProcess = sharedFestival()) {}

  async sentence(req: SentenceRequest): Promise<SpokenSentence> {
    const written = cleanForSpeech(req.text, req.voice.language);
    const input = written.split(/\s+/).map(festivalText).filter(Boolean).join(' ');
    if (!/[A-Za-z0-9]/.test(input) || !req.voice.engineVoice) return { pcm: Buffer.alloc(0), sampleRate: 0, words: [], phonemes: [] };
    const wavPath = path.join(req.tmpDir, `festival-${req.index}.wav`);
    const answer = await this.proc.synth({ voice: req.voice.engineVoice, text: input, speed: req.rateScale * req.voice.speed, wavPath });
    const wav = await readWav(wavPath);
    const pcm = Buffer.from(wav.samples.buffer, wav.samples.byteOffset, wav.samples.byteLength);
    const samples = pcm.length / 2;
    const t = festivalTimings(written, { ...answer, samples }, req.index);
    return { pcm, sampleRate: wav.sampleRate, ...t };
  }
}
