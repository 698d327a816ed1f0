import type { SpeechEngine } from './espeak.client.ts';
import type { FestivalProcess } from './festival/festival.client.ts';
import type { NeuralPool } from './models/neural.pool.ts';
import type { SamplePhoneme, SampleWord } from './timings.ts';
import type { EngineName, VoiceSpec } from './voice.catalog.ts';

/**
 * The speech-engine interface: every engine speaks one script sentence at a time and reports its
 * samples with word and phoneme timings (in samples from the start of the sentence's audio).
 * speech.service.ts strings the sentences together, whatever engine spoke them.
 */
export interface SpokenSentence {
  /** s16le mono; empty when the sentence has nothing the voice can say. */
  pcm: Buffer;
  sampleRate: number;
  words: SampleWord[];
  phonemes: SamplePhoneme[];
}

export interface SentenceRequest {
  text: string;
  /** Index of the sentence in the script (word timings carry it). */
  index: number;
  voice: VoiceSpec;
  /** The voice's rate times the length fitter's scale (1 = the voice's own pace). */
  rateScale: number;
  /** A private scratch directory for the call's files. */
  tmpDir: string;
}

export interface VoiceEngine {
  readonly name: EngineName;
  sentence(req: SentenceRequest): Promise<SpokenSentence>;
}

/** The external engine's client as the speech stage sees it (external/external.engine.ts). */
export interface ExternalVoiceEngine extends VoiceEngine {
  readonly name: 'external';
  /** Where a failing external call goes: fail the job, or speak with the voice's built-in stand-in. */
  readonly onFailure: 'fail' | 'fallback';
}

/**
 * The engines a narration may use. Only espeak is required: without Festival the process-wide
 * shared child is used; without an external engine, external voices fail (or fall back).
 */
export interface SpeechEngines {
  espeak: SpeechEngine;
  festival?: FestivalProcess;
  external?: ExternalVoiceEngine | null;
  /** The worker threads of the model folder's voices (default: the process's shared pool). */
  neural?: NeuralPool;
  /** Voices beyond the built-in table: configured external voices, an account's custom voices. */
  voices?: (voiceId: string) => VoiceSpec | undefined;
}

/** A bare espeak worker (tests, CLI) is the engine set with espeak alone. */
export function asEngines(e: SpeechEngine | SpeechEngines): SpeechEngines {
  return 'synth' in e ? { espeak: e } : e;
}
