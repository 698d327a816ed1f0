import type { Speech } from '../../types.ts';

/** Mono samples in [-1, 1] at their own rate (any rate ≥ 8000 Hz). */
export interface AlignAudio {
  samples: Float32Array;
  sampleRate: number;
}

/** Word, phoneme and sentence timings in ms: the shape the espeak engine produces (`toMs`). */
export type Timings = Pick<Speech, 'words' | 'phonemes' | 'sentences'>;

/** The reference: the same text spoken by an engine with true timings (espeak-ng's). */
export interface ReferenceSpeech extends AlignAudio, Timings {}

export type ReferenceGender = 'female' | 'male';

/**
 * Speaks `sentences` in `language` with a voice of `gender` and reports its own timings; word
 * timings carry the index of the sentence they belong to. `espeakReference()`
 * (`../reference.speech.ts`) is the real one. Alignment asks for both genders and keeps the
 * reference that matches the audio better (spectral features differ too much between a male and a
 * female voice for one reference to serve both).
 */
export type ReferenceSynth = (sentences: readonly string[], language: string, gender: ReferenceGender) => Promise<ReferenceSpeech>;

export interface AlignDeps {
  reference: ReferenceSynth;
}
