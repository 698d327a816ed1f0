import { AlignmentError, alignToText } from '../align/index.ts';
import type { SentenceRequest } from '../engines.ts';
import { espeakReference } from '../reference.speech.ts';
import type { EspeakEngine } from '../espeak.engine.ts';
import type { SamplePhoneme, SampleWord } from '../timings.ts';
import { voiceSpec } from '../voice.catalog.ts';
import type { PhonemeTiming, WordTiming } from '../../types.ts';

/** Mono samples in [-1, 1] (the forced aligner's AlignAudio). */
export interface AudioForAlignment {
  samples: Float32Array;
  sampleRate: number;
}

/** Word and phoneme timings in ms from the start of the audio (the aligner's Timings, less sentences). */
export interface MsTimings {
  words: WordTiming[];
  phonemes: PhonemeTiming[];
}

/**
 * THE place the external engine gets word and phoneme timings for audio that came without any:
 * the forced aligner (src/pipeline/speech/align/: DTW over MFCCs against espeak-ng's reference,
 * docs/narration.md "Forced alignment"). When it cannot align (no speech found, say), espeak-ng's
 * own timings are stretched linearly onto the audio's voiced span (`linearFallback`), so a video
 * still gets captions and mouth shapes in the right order.
 */
export async function timingsFor(
  pcm: Int16Array,
  sampleRate: number,
  req: SentenceRequest,
  espeak: EspeakEngine,
): Promise<{ words: SampleWord[]; phonemes: SamplePhoneme[] }> {
  const audio: AudioForAlignment = { samples: Float32Array.from(pcm, (x) => x / 32768), sampleRate };
  const t = await alignToText(audio, [req.text], req.voice.language, { reference: espeakReference(espeak.worker) }).catch((err: unknown) => {
    if (err instanceof AlignmentError) return linearFallback(audio, req.text, req, espeak);
    throw err;
  });
  const at = (ms: number) => Math.max(0, Math.min(pcm.length, Math.round((ms * sampleRate) / 1000)));
  const words = t.words.map((w) => ({ text: w.text, start: at(w.startMs), end: at(w.endMs), sentence: req.index }));
  const phonemes: SamplePhoneme[] = [];
  for (const p of t.phonemes) {
    const start = phonemes.length ? phonemes[phonemes.length - 1]!.end : 0;
    const end = Math.max(start, at(p.endMs));
    if (end > start) phonemes.push({ phoneme: p.phoneme, start, end });
  }
  // The phonemes tile the audio.
  const last = phonemes[phonemes.length - 1];
  if (!last) phonemes.push({ phoneme: '_', start: 0, end: pcm.length });
  else if (last.end < pcm.length) {
    if (last.phoneme === '_') last.end = pcm.length;
    else phonemes.push({ phoneme: '_', start: last.end, end: pcm.length });
  }
  return { words, phonemes };
}

/**
 * Fallback when alignment fails: espeak-ng says the same sentence with the voice's stand-in,
 * and its true timings are stretched linearly from its own voiced span onto the voiced span of
 * the external audio (silence at both ends found by energy). Word order and the sentence's ends
 * are right; inner word boundaries are only as right as the two voices' relative pacing.
 */
async function linearFallback(audio: AudioForAlignment, text: string, req: SentenceRequest, espeak: EspeakEngine): Promise<MsTimings> {
  const standIn = voiceSpec(req.voice.fallbackVoiceId);
  const refVoice = standIn?.engine === 'espeak' ? standIn : voiceSpec(standIn?.fallbackVoiceId ?? '');
  if (!refVoice) throw new Error(`no reference voice for ${req.voice.voiceId}`);
  const ref = await espeak.sentence({ ...req, text, voice: { ...refVoice, speed: 1, pitchShift: 0 }, rateScale: 1 });
  const totalMs = (audio.samples.length * 1000) / audio.sampleRate;
  if (ref.pcm.length === 0) return { words: ref.words.map((w) => ({ text: w.text, startMs: 0, endMs: 0, sentence: 0 })), phonemes: [] };
  const refSamples = Float32Array.from(new Int16Array(ref.pcm.buffer, ref.pcm.byteOffset, ref.pcm.length / 2), (x) => x / 32768);
  const [r0, r1] = voicedSpan(refSamples, ref.sampleRate).map((s) => (s * 1000) / ref.sampleRate) as [number, number];
  const [a0, a1] = voicedSpan(audio.samples, audio.sampleRate).map((s) => (s * 1000) / audio.sampleRate) as [number, number];
  const k = r1 > r0 ? (a1 - a0) / (r1 - r0) : 0;
  const map = (refSample: number) => Math.max(0, Math.min(totalMs, a0 + ((refSample * 1000) / ref.sampleRate - r0) * k));
  return {
    words: ref.words.map((w) => ({ text: w.text, startMs: map(w.start), endMs: map(w.end), sentence: 0 })),
    phonemes: ref.phonemes.map((p) => ({ phoneme: p.phoneme, startMs: map(p.start), endMs: map(p.end) })),
  };
}

/** [first, last) sample of the speech: 10 ms windows louder than -30 dB under the loud part. */
export function voicedSpan(samples: Float32Array, sampleRate: number): [number, number] {
  const win = Math.max(1, Math.round(sampleRate / 100));
  const n = Math.ceil(samples.length / win);
  const rms = new Float64Array(n);
  for (let w = 0; w < n; w++) {
    let sum = 0;
    const to = Math.min(samples.length, (w + 1) * win);
    for (let i = w * win; i < to; i++) sum += samples[i]! ** 2;
    rms[w] = Math.sqrt(sum / Math.max(1, to - w * win));
  }
  const sorted = [...rms].sort((a, b) => a - b);
  const threshold = (sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 0.03;
  const first = rms.findIndex((v) => v > threshold);
  if (first < 0) return [0, samples.length];
  let last = n - 1;
  while (last > first && rms[last]! <= threshold) last--;
  return [first * win, Math.min(samples.length, (last + 1) * win)];
}
