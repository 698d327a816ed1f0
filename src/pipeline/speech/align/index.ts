import type { PhonemeTiming, SentenceTiming, WordTiming } from '../../types.ts';
import type { AlignAudio, AlignDeps, Timings } from './align.types.ts';
import { warp } from './dtw.ts';
import { DIMS, HOP_MS, mfcc, normalise, type Features } from './features.ts';
import { findSpeech } from './silence.ts';

export type { AlignAudio, AlignDeps, ReferenceSpeech, ReferenceSynth, Timings } from './align.types.ts';

/**
 * Forced alignment: timings for speech whose engine reports none. The text is spoken by the
 * reference synthesiser (espeak-ng, true timings); the silence at both ends of both signals is
 * found first; the two are warped onto each other (DTW over MFCCs, see dtw.ts) and every word,
 * phoneme and sentence boundary of the reference is carried through the warping path into the
 * audio. Pure: the reference synthesiser is passed in.
 */

/** Silence kept on both sides of the speech (frames): the first and last boundaries are transitions DTW can see. */
const MARGIN = 12;

export class AlignmentError extends Error {}

export async function alignToText(audio: AlignAudio, text: string | readonly string[], language: string, deps: AlignDeps): Promise<Timings> {
  const sentences = typeof text === 'string' ? splitSentences(text, language) : [...text];
  if (!sentences.some((s) => /[\p{L}\p{N}]/u.test(s))) throw new AlignmentError('the text has nothing to say');
  if (audio.sampleRate < 8000) throw new AlignmentError(`sample rate ${audio.sampleRate} Hz is too low to align (8000 Hz at least)`);
  const ref = await deps.reference(sentences, language);
  const durationMs = Math.round((audio.samples.length * 1000) / audio.sampleRate);
  const fMax = Math.min(7600, 0.45 * Math.min(audio.sampleRate, ref.sampleRate));

  const tf = mfcc(audio, fMax);
  const rf = mfcc(ref, fMax);
  const ts = findSpeech(tf.energyDb);
  const rs = findSpeech(rf.energyDb);
  if (!ts) throw new AlignmentError('no speech found in the audio');
  if (!rs) throw new AlignmentError('the reference synthesiser produced no speech');
  const tSlice = slice(tf, ts.start, ts.end);
  const rSlice = slice(rf, rs.start, rs.end);
  const path = warp(rSlice.data, rSlice.frames, tSlice.data, tSlice.frames);

  /** Reference ms → audio ms, through the path (linear between frame centres). */
  const nRef = rSlice.frames;
  const mapped = new Float64Array(nRef);
  for (let i = 0; i < nRef; i++) mapped[i] = (path.first[i]! + path.last[i]!) / 2;
  const map = (ms: number) => {
    const f = ms / HOP_MS - rSlice.from;
    if (f <= 0) return (tSlice.from + mapped[0]! + f) * HOP_MS;
    if (f >= nRef - 1) return (tSlice.from + mapped[nRef - 1]! + (f - nRef + 1)) * HOP_MS;
    const i = Math.floor(f);
    const x = mapped[i]! + (mapped[i + 1]! - mapped[i]!) * (f - i);
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
function slice(f: Features, start: number, end: number): { data: Float32Array; frames: number; from: number } {
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
