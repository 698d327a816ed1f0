import type { SentenceRequest } from '../engines.ts';
import type { EspeakEngine } from '../espeak.engine.ts';
import type { SamplePhoneme, SampleWord } from '../timings.ts';
import { voiceSpec } from '../voice.catalog.ts';

/**
 * THE place the external engine gets word and phoneme timings for audio that came without any.
 *
 * The forced aligner (issue 16 item 2, src/pipeline/speech/align/: DTW over spectral features
 * against espeak-ng's reference) replaces the body below with one call:
 *   alignToText(audio, [req.text], req.voice.language, { reference: espeakReference(espeak) })
 * converted from ms to samples. Until it is merged this is a STOPGAP, documented in
 * docs/narration.md: espeak-ng says the same sentence with the voice's stand-in, its true timings
 * are stretched linearly from its own voiced span onto the voiced span of the external audio
 * (silence at both ends found by energy). Word order and the sentence's ends are right; inner
 * word boundaries are only as right as the two voices' relative pacing.
 */
export async function timingsFor(
  audio: { samples: Int16Array; sampleRate: number },
  req: SentenceRequest,
  espeak: EspeakEngine,
): Promise<{ words: SampleWord[]; phonemes: SamplePhoneme[] }> {
  const standIn = voiceSpec(req.voice.fallbackVoiceId);
  const refVoice = standIn?.engine === 'espeak' ? standIn : voiceSpec(standIn?.fallbackVoiceId ?? '');
  if (!refVoice) throw new Error(`no reference voice for ${req.voice.voiceId}`);
  const ref = await espeak.sentence({ ...req, voice: { ...refVoice, engine: 'espeak', speed: 1, pitchShift: 0 }, rateScale: 1 });
  const total = audio.samples.length;
  if (ref.pcm.length === 0) return { words: ref.words.map((w) => ({ ...w, start: 0, end: 0 })), phonemes: total ? [{ phoneme: '_', start: 0, end: total }] : [] };
  const refSamples = new Int16Array(ref.pcm.buffer, ref.pcm.byteOffset, ref.pcm.length / 2);
  const [r0, r1] = voicedSpan(refSamples, ref.sampleRate);
  const [a0, a1] = voicedSpan(audio.samples, audio.sampleRate);
  const k = r1 > r0 ? (a1 - a0) / (((r1 - r0) * audio.sampleRate) / ref.sampleRate) : 0;
  const map = (s: number) => Math.max(0, Math.min(total, Math.round(a0 + ((s - r0) * audio.sampleRate * k) / ref.sampleRate)));
  const words = ref.words.map((w) => ({ ...w, start: map(w.start), end: map(w.end) }));
  const phonemes: SamplePhoneme[] = [];
  for (const p of ref.phonemes) {
    const start = phonemes.length === 0 ? 0 : phonemes[phonemes.length - 1]!.end;
    const end = p === ref.phonemes[ref.phonemes.length - 1] ? total : Math.max(start, map(p.end));
    if (end > start) phonemes.push({ phoneme: p.phoneme, start, end });
  }
  return { words, phonemes };
}

/** [first, last) sample of the speech: 10 ms windows louder than -30 dB under the loud part. */
export function voicedSpan(samples: Int16Array, sampleRate: number): [number, number] {
  const win = Math.max(1, Math.round(sampleRate / 100));
  const n = Math.ceil(samples.length / win);
  const rms = new Float64Array(n);
  for (let w = 0; w < n; w++) {
    let sum = 0;
    const to = Math.min(samples.length, (w + 1) * win);
    for (let i = w * win; i < to; i++) sum += (samples[i]! / 32768) ** 2;
    rms[w] = Math.sqrt(sum / Math.max(1, to - w * win));
  }
  const sorted = [...rms].sort((a, b) => a - b);
  const threshold = (sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 0.03;
  let first = rms.findIndex((v) => v > threshold);
  if (first < 0) return [0, samples.length];
  let last = n - 1;
  while (last > first && rms[last]! <= threshold) last--;
  return [first * win, Math.min(samples.length, (last + 1) * win)];
}
