import type { SentenceRequest, SpokenSentence, VoiceEngine } from '../engines.ts';
import type { SpeechEngine } from '../espeak.client.ts';
import { EspeakEngine } from '../espeak.engine.ts';
import { timingsFor } from '../external/timings-for.ts';
import { cleanForSpeech } from '../speech.text.ts';
import { sharedNeuralPool, type NeuralPool } from './neural.pool.ts';
import { loadedModel } from './voice-models.ts';

/**
 * A voice of the model folder (sherpa-onnx: Piper/VITS, Kokoro, Kitten, Matcha) behind the engine
 * interface: the sentence is spoken in the worker-thread pool, its float samples become s16le
 * (clipped at full scale; the mix sets loudness and true peak as for every engine), and the word
 * and phoneme timings come from the forced aligner (external/timings-for.ts), since sherpa-onnx
 * returns samples only.
 */
export class NeuralEngine implements VoiceEngine {
  readonly name = 'neural' as const;
  private readonly espeak: EspeakEngine;

  constructor(espeak: SpeechEngine, private readonly pool: NeuralPool = sharedNeuralPool()) {
    this.espeak = new EspeakEngine(espeak);
  }

  async sentence(req: SentenceRequest): Promise<SpokenSentence> {
    const text = cleanForSpeech(req.text, req.voice.language);
    if (!/[\p{L}\p{N}]/u.test(text)) return { pcm: Buffer.alloc(0), sampleRate: 0, words: [], phonemes: [] };
    const [modelId, sid] = (req.voice.engineVoice ?? '').split('#');
    const model = loadedModel(modelId ?? '');
    if (!model) throw new Error(`voice model "${modelId}" is not loaded (VOICE_MODELS_DIR)`);
    const audio = await this.pool.speak({ engineConfig: model.engineConfig, text, sid: Number(sid ?? 0), speed: req.rateScale * req.voice.speed });
    if (audio.samples.length === 0) return { pcm: Buffer.alloc(0), sampleRate: 0, words: [], phonemes: [] };
    const samples = Int16Array.from(audio.samples, (x) => Math.max(-32768, Math.min(32767, Math.round(x * 32767))));
    const t = await timingsFor(samples, audio.sampleRate, { ...req, text }, this.espeak);
    return { pcm: Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), sampleRate: audio.sampleRate, ...t };
  }
}
