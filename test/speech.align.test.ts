import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { AlignmentError, alignToText, splitSentences, type AlignAudio, type Timings } from '../src/pipeline/speech/align/index.ts';
import { findSpeech } from '../src/pipeline/speech/align/silence.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { espeakReference } from '../src/pipeline/speech/reference.speech.ts';
import { writeScript } from '../src/pipeline/script/index.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';
import { boundaryErrors, espeakTruth, festivalTruth, quantile, type TrueSpeech } from '../bench/alignment/truth.ts';

/**
 * Forced alignment against speech with true timings (real espeak-ng at voices and rates other
 * than the reference's, and Festival's HTS voice when it is installed): median word-boundary
 * error ≤ 40 ms and 95th percentile ≤ 100 ms, also with silence or noise added at both ends.
 */

const engine = new EspeakProcess();
const reference = espeakReference(engine);
after(() => engine.close());

const ENGLISH = [
  'Tired of cables that never reach the desk?',
  'The Aero Dock charges your phone, earbuds and watch at the same time.',
  'It folds flat and fits in any bag.',
  'Grab yours now, you will not regret it!',
];
const PRODUCT: ProductFacts = {
  name: 'Aero Dock Wireless Charger',
  description: 'The Aero Dock charges your phone, earbuds and watch at the same time. It folds flat and fits in any bag.',
  sellingPoints: ['Charges three devices at once', 'Folds flat for travel', 'Non-slip soft-touch base'],
  brand: 'Aero',
  price: null,
  currency: null,
  targetAudience: 'busy commuters',
  imagePaths: [],
  videoPaths: [],
};
const GERMAN = [
  'Das Aero Dock lädt Handy, Ohrhörer und Uhr gleichzeitig.',
  'Es lässt sich flach zusammenklappen und passt in jede Tasche.',
  'Die weiche Unterseite rutscht nicht vom Schreibtisch.',
];

function check(got: Timings, truth: TrueSpeech['words'], label: string): { median: number; p95: number } {
  const errors = boundaryErrors(got.words, truth);
  // Every word (Festival says numbers as several words: most of them).
  assert.ok(errors.length >= 1.6 * truth.filter((w) => w.endMs > w.startMs).length, `${label}: only ${errors.length / 2} words compared`);
  const median = quantile(errors, 0.5);
  const p95 = quantile(errors, 0.95);
  assert.ok(median <= 40, `${label}: median word-boundary error ${median} ms > 40`);
  assert.ok(p95 <= 100, `${label}: 95th percentile ${p95} ms > 100`);
  return { median, p95 };
}

function checkShape(got: Timings, audio: AlignAudio, sentences: number): void {
  const durationMs = Math.round((audio.samples.length * 1000) / audio.sampleRate);
  for (let i = 1; i < got.words.length; i++) assert.ok(got.words[i]!.startMs >= got.words[i - 1]!.endMs, 'words do not overlap');
  for (const w of got.words) assert.ok(w.startMs <= w.endMs && w.endMs <= durationMs);
  assert.equal(got.phonemes[0]!.startMs, 0, 'phonemes start at 0');
  assert.equal(got.phonemes[got.phonemes.length - 1]!.endMs, durationMs, 'phonemes end with the audio');
  for (let i = 1; i < got.phonemes.length; i++) assert.equal(got.phonemes[i]!.startMs, got.phonemes[i - 1]!.endMs, 'phonemes tile the audio');
  assert.equal(got.sentences.length, sentences);
  assert.deepEqual([...new Set(got.words.map((w) => w.sentence))], Array.from({ length: sentences }, (_, i) => i));
}

/** `before` ms of `fill(i)` samples, the audio, then `after` ms of it; truth shifted to match. */
function pad(t: TrueSpeech, beforeMs: number, afterMs: number, fill: (i: number) => number): TrueSpeech {
  const sr = t.audio.sampleRate;
  const b = Math.round((beforeMs * sr) / 1000);
  const a = Math.round((afterMs * sr) / 1000);
  const samples = new Float32Array(b + t.audio.samples.length + a);
  for (let i = 0; i < b; i++) samples[i] = fill(i);
  samples.set(t.audio.samples, b);
  for (let i = b + t.audio.samples.length; i < samples.length; i++) samples[i] = fill(i);
  const shift = (b * 1000) / sr;
  return { audio: { samples, sampleRate: sr }, words: t.words.map((w) => ({ ...w, startMs: Math.round(w.startMs + shift), endMs: Math.round(w.endMs + shift) })) };
}

/** Deterministic white noise with the given RMS (LCG, so a failure can be reproduced). */
function noise(rms: number): (i: number) => number {
  let x = 12345;
  return () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return (x / 0x7fffffff - 0.5) * 2 * rms * Math.sqrt(3);
  };
}

const hasFestival = (() => {
  try {
    execFileSync('festival', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('forced alignment (real espeak-ng)', () => {
  it('aligns English spoken by another voice at another rate within the bounds', async () => {
    const truth = await espeakTruth(engine, ENGLISH, 'en-us-f2', 1.15);
    const got = await alignToText(truth.audio, ENGLISH, 'english', { reference });
    check(got, truth.words, 'english f2 ×1.15');
    checkShape(got, truth.audio, ENGLISH.length);
    assert.deepEqual(got.words.map((w) => w.text), truth.words.map((w) => w.text), 'the words are the text’s');
  });

  it('aligns German spoken slower by an older male voice within the bounds', async () => {
    const truth = await espeakTruth(engine, GERMAN, 'de-m3', 0.9);
    const got = await alignToText(truth.audio, GERMAN, 'german', { reference });
    check(got, truth.words, 'german m3 ×0.9');
  });

  // Another engine disagrees with espeak-ng on some boundaries between vowels and in short
  // function words ("the Aero", "at the"): on 4 sentences 3 of ~60 boundaries are 110-160 ms off,
  // so the 95th percentile is measured over a 30 s script (as bench:alignment does over 60 s).
  it('aligns Festival’s HTS voice (another engine, 32 kHz) within the bounds', { skip: !hasFestival && 'festival not installed' }, async () => {
    const script = await writeScript({ product: PRODUCT, style: 'Problem/Solution', lengthS: 30, language: 'english', overrideScript: null });
    const sentences = script.sentences.map((x) => x.text);
    const truth = await festivalTruth(sentences);
    const got = await alignToText(truth.audio, sentences, 'english', { reference });
    check(got, truth.words, 'festival');
  });

  it('the bounds can fail: the reference’s own timings, unaligned, miss them', async () => {
    const truth = await espeakTruth(engine, ENGLISH, 'en-us-f2', 1.15);
    const ref = await reference(ENGLISH, 'english', 'female');
    const errors = boundaryErrors(ref.words, truth.words);
    assert.ok(quantile(errors, 0.95) > 100, `unaligned p95 ${quantile(errors, 0.95)} ms`);
  });

  it('finds the silence at both ends: 1.5 s before and 2 s after move every word by exactly that', async () => {
    const truth = await espeakTruth(engine, ENGLISH, 'en-us-f2', 1.15);
    const padded = pad(truth, 1500, 2000, () => 0);
    const got = await alignToText(padded.audio, ENGLISH, 'english', { reference });
    check(got, padded.words, 'silence padded');
    checkShape(got, padded.audio, ENGLISH.length);
    assert.equal(got.phonemes[0]!.phoneme, '_');
    assert.ok(got.phonemes[0]!.endMs >= 1450, `leading pause ends at ${got.phonemes[0]!.endMs}`);
    assert.ok(got.words[0]!.startMs >= 1450, `first word starts at ${got.words[0]!.startMs}`);
    const last = got.words[got.words.length - 1]!;
    assert.ok(padded.audio.samples.length / padded.audio.sampleRate * 1000 - last.endMs >= 1950, 'the trailing silence is not speech');
  });

  it('is not fooled by noise at both ends (1 s of hiss 35 dB under the speech, and a click)', async () => {
    const truth = await espeakTruth(engine, GERMAN, 'de-f2', 1.15);
    const hiss = noise(0.003);
    const padded = pad(truth, 1000, 1000, (i) => (i === 4000 ? 0.5 : hiss(i)));
    // Hiss under the speech too, as a recording has it.
    for (let i = 0; i < padded.audio.samples.length; i++) padded.audio.samples[i]! += hiss(i);
    const got = await alignToText(padded.audio, GERMAN, 'german', { reference });
    check(got, padded.words, 'noise padded');
    assert.ok(got.words[0]!.startMs >= 950, `first word starts at ${got.words[0]!.startMs}, inside the noise`);
  });

  it('compares audio and reference at different sample rates (44.1 kHz audio, 11.025 kHz reference)', async () => {
    const truth = await espeakTruth(engine, GERMAN, 'de-f2', 1.15);
    const src = truth.audio.samples;
    const up = new Float32Array(src.length * 2);
    for (let i = 0; i < src.length; i++) {
      up[2 * i] = src[i]!;
      up[2 * i + 1] = (src[i]! + (src[i + 1] ?? 0)) / 2;
    }
    const halfRate: typeof reference = async (sentences, language, gender) => {
      const r = await reference(sentences, language, gender);
      const down = new Float32Array(r.samples.length >> 1);
      for (let i = 0; i < down.length; i++) down[i] = (r.samples[2 * i]! + r.samples[2 * i + 1]!) / 2;
      return { ...r, samples: down, sampleRate: r.sampleRate / 2 };
    };
    const got = await alignToText({ samples: up, sampleRate: truth.audio.sampleRate * 2 }, GERMAN, 'german', { reference: halfRate });
    check(got, truth.words, 'german 44.1 kHz vs 11.025 kHz');
  });

  it('splits a single string into sentences and rejects what cannot be aligned', async () => {
    assert.deepEqual(splitSentences('It folds flat. It fits in any bag! Ready?', 'english'), ['It folds flat.', 'It fits in any bag!', 'Ready?']);
    const truth = await espeakTruth(engine, ENGLISH.slice(0, 2), 'en-us-m2');
    const got = await alignToText(truth.audio, ENGLISH.slice(0, 2).join(' '), 'english', { reference });
    assert.equal(got.sentences.length, 2);
    await assert.rejects(alignToText(truth.audio, ' ... ', 'english', { reference }), AlignmentError);
    await assert.rejects(alignToText({ samples: new Float32Array(22050), sampleRate: 22050 }, ENGLISH, 'english', { reference }), /no speech/);
    await assert.rejects(alignToText(truth.audio, ENGLISH, 'klingon', { reference }), /no voice for language "klingon"/);
    await assert.rejects(alignToText({ samples: new Float32Array(800), sampleRate: 4000 }, ENGLISH, 'english', { reference }), /too low/);
  });
});

describe('silence finder', () => {
  it('finds the loud run and ignores a short click before it', () => {
    const e = new Float32Array(300).fill(-90);
    e[20] = -10; // a click: one frame
    for (let f = 100; f < 200; f++) e[f] = -20;
    assert.deepEqual({ ...findSpeech(e)!, thresholdDb: 0 }, { start: 100, end: 200, thresholdDb: 0 });
    assert.equal(findSpeech(new Float32Array(100).fill(-60)), null, 'no speech in a flat track');
  });
});
