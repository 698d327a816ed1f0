/**
 * Data passed between the stages of one video: script → speech → timeline → render.
 * Each stage is a pure core over these shapes with its I/O (TTS process, ffmpeg) at the edges.
 * Times are integer milliseconds from the start of the narration.
 */

/** What a sentence of the script is about, so the renderer can cut to the right media. */
export interface SceneCue {
  kind: 'hook' | 'intro' | 'point' | 'price' | 'story' | 'cta';
  /** Index into the product's image list (type 1 media), or null for "any / the presenter". */
  imageIndex: number | null;
  /** Index into the product's selling points, when the sentence states one. */
  pointIndex: number | null;
  /** Gesture the presenter makes on this sentence. */
  gesture: 'none' | 'point' | 'open' | 'count' | 'nod';
  /** Short on-screen text for this scene (a price, "3 reasons", the point's keywords), or null. */
  overlay: string | null;
  /**
   * Seconds of silence after the sentence for reading its overlay, when the overlay shows product
   * text the voice does not read (written in another language than the narration). The length
   * fitter may hold a pause this long there (length/decide.ts); absent: an ordinary pause.
   */
  readS?: number;
  /**
   * More product texts the scene shows after `overlay`, one after another, during the same reading
   * beat (readS covers them all): what the voice cannot read is still all on screen.
   */
  shown?: string[];
}

export interface ScriptSentence {
  /** What is shown (captions, on-screen text): e.g. Japanese with kanji, a price as "49,90 €". */
  text: string;
  /**
   * What the voice reads when it differs from `text` (the kana reading of Japanese, a price in
   * words). Captions show `text`, timed over the words the engine reports for `spoken`.
   */
  spoken?: string;
  cue: SceneCue;
}

export interface Script {
  language: string;
  style: string;
  lengthS: 15 | 30 | 60;
  sentences: ScriptSentence[];
  /** The sentences joined: the narration text. */
  text: string;
  /** 'builtin', 'llm' or 'override'. */
  source: 'builtin' | 'llm' | 'override';
}

export interface WordTiming {
  text: string;
  startMs: number;
  endMs: number;
  /** Index of the script sentence the word belongs to. */
  sentence: number;
}

export interface PhonemeTiming {
  /** The engine's phoneme mnemonic (espeak-ng), e.g. "p", "a:", "tS"; "_" for a pause. */
  phoneme: string;
  startMs: number;
  endMs: number;
}

export interface SentenceTiming {
  startMs: number;
  endMs: number;
}

export interface Speech {
  /** Mono 16-bit PCM WAV of the narration alone. */
  wavPath: string;
  sampleRate: number;
  durationMs: number;
  voiceId: string;
  /** The engine that spoke ("espeak", "festival", "external"); absent in timing files made before engines existed. */
  engine?: string;
  /** Set when the external engine failed and the voice's built-in stand-in spoke instead: what happened. */
  fallback?: string;
  words: WordTiming[];
  phonemes: PhonemeTiming[];
  sentences: SentenceTiming[];
}

/** The whole sound half of a video. */
export interface Narration {
  script: Script;
  speech: Speech;
  /** Voice + music (ducked), loudness-normalised, AAC or WAV; what the renderer muxes. */
  mixedAudioPath: string;
  musicId: number | null;
}

/** Product facts the script writer and the renderer use (from the stored product). */
export interface ProductFacts {
  name: string;
  description: string;
  sellingPoints: string[];
  brand: string | null;
  price: string | null;
  currency: string | null;
  targetAudience: string;
  /** Language the product's own text is written in (catalog name), or null when unknown. */
  language?: string | null;
  /** Local file paths of the product's images, in order. */
  imagePaths: string[];
  /** Local file paths of the product's videos, in order. */
  videoPaths: string[];
}
