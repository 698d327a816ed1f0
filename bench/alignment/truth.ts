/**
 * Speech with true word timings, to measure forced alignment against: espeak-ng at another voice
 * and rate than the reference (its own event timings), and Festival's HTS English voice (word
 * starts and ends from its utterance's Segment relation). Plus the error measure.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AlignAudio, Timings } from '../../src/pipeline/speech/align/index.ts';
import type { SpeechEngine } from '../../src/pipeline/speech/espeak.client.ts';
import { speak } from '../../src/pipeline/speech/speech.service.ts';
import { readWav } from '../../src/pipeline/speech/wav.ts';

const run = promisify(execFile);

export interface TrueSpeech {
  audio: AlignAudio;
  words: { text: string; startMs: number; endMs: number; sentence: number }[];
}

const toFloat = (s: Int16Array) => Float32Array.from(s, (v) => v / 32768);

async function withTmp<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `reelsmith-truth-${crypto.randomUUID()}`);
  await fs.mkdir(dir, { recursive: true });
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function espeakTruth(engine: SpeechEngine, sentences: readonly string[], voiceId: string, rateScale = 1): Promise<TrueSpeech> {
  return withTmp(async (dir) => {
    const speech = await speak({ sentences, voiceId, outDir: dir, rateScale }, engine);
    const wav = await readWav(speech.wavPath);
    return { audio: { samples: toFloat(wav.samples), sampleRate: wav.sampleRate }, words: speech.words };
  });
}

const scheme = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Festival, cmu_us_slt_arctic_hts, one utterance per sentence (its waves joined, as the speech
 * stage does with espeak-ng); word start = its first segment's start, end = `word_end`.
 */
export function festivalTruth(sentences: readonly string[]): Promise<TrueSpeech> {
  return withTmp(async (dir) => {
    const script = path.join(dir, 'f.scm');
    const lines = ['(voice_cmu_us_slt_arctic_hts)'];
    sentences.forEach((text, i) => {
      lines.push(
        `(set! utt (utt.synth (Utterance Text ${scheme(text)})))`,
        `(utt.save.wave utt ${scheme(path.join(dir, `${i}.wav`))} 'riff)`,
        `(mapcar (lambda (w) (format t "W\t${i}\t%s\t%f\t%f\n" (item.name w) (item.feat w "R:SylStructure.daughter1.daughter1.segment_start") (item.feat w "word_end"))) (utt.relation.items utt 'Word))`,
      );
    });
    await fs.writeFile(script, lines.join('\n') + '\n');
    const { stdout } = await run('festival', ['-b', script], { maxBuffer: 1 << 24 });
    const raw = stdout
      .split('\n')
      .filter((l) => l.startsWith('W\t'))
      .map((l) => l.split('\t'))
      .map(([, i, t, s, e]) => ({ sentence: Number(i), text: t!, start: Number(s), end: Number(e) }));
    const parts: Float32Array[] = [];
    const words: TrueSpeech['words'] = [];
    let sampleRate = 0;
    let offsetS = 0;
    for (let i = 0; i < sentences.length; i++) {
      const wav = await readWav(path.join(dir, `${i}.wav`));
      sampleRate = wav.sampleRate;
      parts.push(toFloat(wav.samples));
      for (const w of raw.filter((x) => x.sentence === i)) words.push({ text: w.text, startMs: Math.round((offsetS + w.start) * 1000), endMs: Math.round((offsetS + w.end) * 1000), sentence: i });
      offsetS += wav.samples.length / sampleRate;
    }
    const samples = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      samples.set(p, at);
      at += p.length;
    }
    return { audio: { samples, sampleRate }, words };
  });
}

const norm = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '');

/**
 * |aligned − true| in ms for every word start and end, over the words both lists have: matched
 * sentence by sentence, in order, by their normalised text (longest common subsequence), so a
 * number Festival says as three words ("3-in-1", "$49.99") is simply left out.
 */
export function boundaryErrors(aligned: Timings['words'], truth: TrueSpeech['words']): number[] {
  const errors: number[] = [];
  const sentences = new Set(truth.map((w) => w.sentence));
  for (const s of sentences) {
    const a = aligned.filter((w) => w.sentence === s && w.endMs > w.startMs);
    const t = truth.filter((w) => w.sentence === s && w.endMs > w.startMs);
    const n = a.length;
    const m = t.length;
    const L = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i]![j] = norm(a[i]!.text) === norm(t[j]!.text) ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
    for (let i = 0, j = 0; i < n && j < m; ) {
      if (norm(a[i]!.text) === norm(t[j]!.text)) {
        errors.push(Math.abs(a[i]!.startMs - t[j]!.startMs), Math.abs(a[i]!.endMs - t[j]!.endMs));
        i++;
        j++;
      } else if (L[i + 1]![j]! >= L[i]![j + 1]!) i++;
      else j++;
    }
  }
  return errors;
}

export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]!;
}
