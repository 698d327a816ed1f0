import type { PhonemeTiming, SentenceTiming, WordTiming } from '../../types.ts';
import type { AlignAudio, AlignDeps, ReferenceGender, ReferenceSpeech, Timings } from './align.types.ts';
import { warp, type WarpPath } from './dtw.ts';
import { DIMS, HOP_MS, mfcc, normalise, type Features } from './features.ts';
import { findSpeech } from './silence.ts';

export type { AlignAudio, AlignDeps, ReferenceGender, ReferenceSpeech, ReferenceSynth, Timings } from './align.types.ts';

/**
 * Forced alignment: timings for speech whose engine reports none. The text is spoken by the
 * reference synthesiser (espeak-ng, true timings); the silence at both ends of both signals is
 * found first; the two are warped onto each other (DTW over MFCCs, see dtw.ts) and every word,
 * phoneme and sentence boundary of the reference is carried through the warping path into the
 * audio. Pure: the reference synthesiser is passed in.
 */

/** Silence kept on both sides of the speech (frames): the first and last boundaries are transitions DTW can see. */
const MARGIN = 12;
/** Longer audio is refused (memory of the DTW grows with length × band; videos are ≤ 60 s). */
export const MAX_SECONDS = 600;
const GENDERS: readonly ReferenceGender[] = ['female', 'male'];

interface Slice {
  data: Float32Array;
  frames: number;
  from: number;
}

export class AlignmentError extends Error {}

export async function alignToText(audio: AlignAudio, text: string | readonly string[], language: string, deps: AlignDeps): Promise<Timings> {
  const sentences = typeof text === 'string' ? splitSentences(text, language) : [...text];
  if (!sentences.some((s) => /[\p{L}\p{N}]/u.test(s))) throw new AlignmentError('the text has nothing to say');
  if (audio.sampleRate < 8000) throw new AlignmentError(`sample rate ${audio.sampleRate} Hz is too low to align (8000 Hz at least)`);
  if (audio.samples.length > MAX_SECONDS * audio.sampleRate) throw new AlignmentError(`audio longer than ${MAX_SECONDS} s cannot be aligned`);
  // Both references are asked for at once: the synthesiser (a separate process) works while the
  // audio's features are computed here.
  const refs = GENDERS.map((gender) => deps.reference(sentences, language, gender));
  refs.forEach((r) => r.catch(() => undefined));
  const durationMs = Math.round((audio.samples.length * 1000) / audio.sampleRate);
  const fMax = Math.min(7600, 0.45 * audio.sampleRate);
  const audioSlice = (hz: number) => {
    const tf = mfcc(audio, hz);
    const ts = findSpeech(tf.energyDb);
    if (!ts) throw new AlignmentError('no speech found in the audio');
    return slice(tf, ts.start, ts.end);
  };
  const fullBand = audioSlice(fMax);

  let best: { ref: ReferenceSpeech; rSlice: Slice; tSlice: Slice; path: WarpPath } | null = null;
  for (const pending of refs) {
    const ref = await pending;
    // Both sides need the same mel range: a reference at a lower rate narrows the audio's too.
    const hz = Math.min(fMax, 0.45 * ref.sampleRate);
    const tSlice = hz < fMax ? audioSlice(hz) : fullBand;
    const rf = mfcc(ref, hz);
    const rs = findSpeech(rf.energyDb);
    if (!rs) throw new AlignmentError('the reference synthesiser produced no speech');
    const rSlice = slice(rf, rs.start, rs.end);
    const path = warp(rSlice.data, rSlice.frames, tSlice.data, tSlice.frames);
    if (!best || path.meanCost < best.path.meanCost) best = { ref, rSlice, tSlice, path };
  }
  const { ref, rSlice, tSlice, path } = best!;

  /**
   * Reference ms → audio ms. The path says where the audio moves from reference frame i to
   * frame i + 1 (between the last audio frame paired with i and the first paired with i + 1):
   * that point stands for reference position i + 0.5; positions in between are interpolated.
   * (Taking the middle of each frame's run instead puts a boundary inside a held sound.)
   */
  const nRef = rSlice.frames;
  const joints = new Float64Array(Math.max(1, nRef - 1));
  for (let i = 0; i < nRef - 1; i++) joints[i] = (path.last[i]! + path.first[i + 1]!) / 2;
  const map = (ms: number) => {
    const f = ms / HOP_MS - rSlice.from - 0.5;
    let x: number;
    if (nRef < 2) x = f;
    else if (f <= 0) x = joints[0]! + f;
    else if (f >= nRef - 2) x = joints[nRef - 2]! + (f - nRef + 2);
    else {
      const i = Math.floor(f);
      x = joints[i]! + (joints[i + 1]! - joints[i]!) * (f - i);
    }
    return (tSlice.from + x) * HOP_MS;
  };
  const clampMs = (ms: number) => Math.round(Math.min(durationMs, Math.max(0, ms)));

  const words: WordTiming[] = [];
  let prevEnd = 0;
  for (const w of ref.words) {
    const start = Math.max(prevEnd, clampMs(map(w.startMs)));
    const end = w.endMs > w.startMs ? Math.max(start, clampMs(map(w.endMs))) : start;
    words.push({ text: w.text, startMs: start, endMs: end, sentence: w.sentence });
    prevEnd = end;
  }

  const phonemes: PhonemeTiming[] = [];
  let cursor = 0;
  ref.phonemes.forEach((p, k) => {
    const last = k === ref.phonemes.length - 1;
    const end = last ? durationMs : Math.max(cursor, clampMs(map(p.endMs)));
    if (end > cursor) {
      const prev = phonemes[phonemes.length - 1];
      if (p.phoneme === '_' && prev?.phoneme === '_') prev.endMs = end;
      else phonemes.push({ phoneme: p.phoneme, startMs: cursor, endMs: end });
    }
    cursor = end;
  });

  const sentencesOut: SentenceTiming[] = ref.sentences.map((s, i) => {
    const sounded = words.filter((w) => w.sentence === i && w.endMs > w.startMs);
    if (sounded.length > 0) return { startMs: sounded[0]!.startMs, endMs: sounded[sounded.length - 1]!.endMs };
    const at = clampMs(map(s.startMs));
    return { startMs: at, endMs: Math.max(at, clampMs(map(s.endMs))) };
  });
  return { words, phonemes, sentences: sentencesOut };
}

/** The speech frames plus MARGIN either side, normalised over the speech. */
function slice(f: Features, start: number, end: number): Slice {
  const from = Math.max(0, start - MARGIN);
  const to = Math.min(f.frames, end + MARGIN);
  const part: Features = { data: f.data.slice(from * DIMS, to * DIMS), frames: to - from, energyDb: f.energyDb.subarray(from, to) };
  normalise(part, start - from, end - from);
  return { data: part.data, frames: part.frames, from };
}

/** A script given as one string: its sentences (Intl.Segmenter), so word timings carry sentence indices. */
export function splitSentences(text: string, language: string): string[] {
  const locale = LOCALES[language] ?? 'und';
  const seg = new Intl.Segmenter(locale, { granularity: 'sentence' });
  return [...seg.segment(text)].map((s) => s.segment.trim()).filter((s) => s.length > 0);
}

const LOCALES: Record<string, string> = { english: 'en', german: 'de', french: 'fr', spanish: 'es', italian: 'it', japanese: 'ja', chinese: 'zh', thai: 'th', korean: 'ko' };
