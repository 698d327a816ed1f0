/**
 * Forced alignment benchmark: word-boundary error (|aligned − true| over every word start and
 * end) and alignment time per 60 s of speech, per language, against speech with true timings:
 * espeak-ng at other voices and rates than the reference (young female ×1.15, senior male ×0.9),
 * and Festival's HTS voice for English. The texts are the built-in script writer's 60 s
 * Problem/Solution scripts, repeated to about a minute where the writer's is shorter. Time =
 * alignToText (reference synthesis of both genders, features, DTW) scaled to 60 s of audio: wall
 * time, and CPU time (this process + the espeak worker, as it reports itself) — the machine is
 * shared, so wall time depends on its load.
 *
 *   node --import tsx bench/alignment.bench.ts [--langs english,german,...]
 */
import os from 'node:os';
import { BENCH_PRODUCT } from './support/bench-product.ts';
import type { Language } from '../src/catalog/languages.ts';
import { writeScript } from '../src/pipeline/script/index.ts';
import { alignToText } from '../src/pipeline/speech/align/index.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { espeakReference } from '../src/pipeline/speech/reference.speech.ts';
import { LANGUAGE_VOICES } from '../src/pipeline/speech/voice.catalog.ts';
import { boundaryErrors, espeakTruth, festivalTruth, quantile, type TrueSpeech } from './alignment/truth.ts';

const arg = process.argv.indexOf('--langs');
const LANGS = (arg > 0 ? process.argv[arg + 1]!.split(',') : ['english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'russian', 'hindi', 'japanese']) as Language[];

const product = BENCH_PRODUCT;

/** Speech with true timings, other than the reference voices (adult female f1 and adult male m1 at rate 160). */
const SOURCES: { name: string; make(engine: EspeakProcess, language: Language, sentences: string[]): Promise<TrueSpeech> | null }[] = [
  { name: 'espeak young female ×1.15', make: (e, l, s) => espeakTruth(e, s, voiceOf(l, 'f2'), 1.15) },
  { name: 'espeak senior male ×0.9', make: (e, l, s) => espeakTruth(e, s, voiceOf(l, 'm3'), 0.9) },
  { name: 'festival slt (HTS)', make: (_e, l, s) => (l === 'english' ? festivalTruth(s) : null) },
];

const voiceOf = (language: Language, variant: string) => `${LANGUAGE_VOICES.find((l) => l.language === language)!.prefix}-${variant}`;

const engine = new EspeakProcess();
const reference = espeakReference(engine);
await reference(['Warm up.'], 'english', 'male');
const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`alignment bench — ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}, node ${process.version}`);
console.log(`${'language'.padEnd(11)}${'truth'.padEnd(28)}${pad('words', 6)}${pad('audio s', 8)}${pad('median ms', 10)}${pad('p95 ms', 8)}${pad('max ms', 8)}${pad('wall ms/60s', 12)}${pad('CPU ms/60s', 12)}`);
let worst = { median: 0, p95: 0, perMin: 0, cpuPerMin: 0 };
for (const language of LANGS) {
  const script = await writeScript({ product, style: 'Problem/Solution', lengthS: 60, language, overrideScript: null });
  // About a minute of speech at the reference rate: the script, repeated when the writer's is short.
  const once = script.sentences.map((s) => s.text);
  const probe = await espeakTruth(engine, once, voiceOf(language, 'f1'));
  const copies = Math.max(1, Math.ceil(58 / (probe.audio.samples.length / probe.audio.sampleRate)));
  const sentences = Array.from({ length: copies }, () => once).flat();
  for (const source of SOURCES) {
    const made = source.make(engine, language, sentences);
    if (!made) continue;
    const truth = await made;
    const c0 = process.cpuUsage();
    const w0 = engine.workerCpuMs();
    const t0 = performance.now();
    const got = await alignToText(truth.audio, sentences, language, { reference });
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000 + engine.workerCpuMs() - w0;
    const errors = boundaryErrors(got.words, truth.words);
    const audioS = truth.audio.samples.length / truth.audio.sampleRate;
    const median = quantile(errors, 0.5);
    const p95 = quantile(errors, 0.95);
    const perMin = (ms * 60) / audioS;
    const cpuPerMin = (cpu * 60) / audioS;
    worst = { median: Math.max(worst.median, median), p95: Math.max(worst.p95, p95), perMin: Math.max(worst.perMin, perMin), cpuPerMin: Math.max(worst.cpuPerMin, cpuPerMin) };
    console.log(`${language.padEnd(11)}${source.name.padEnd(28)}${pad(errors.length / 2, 6)}${pad(audioS.toFixed(1), 8)}${pad(median, 10)}${pad(p95, 8)}${pad(Math.max(...errors), 8)}${pad(perMin.toFixed(0), 12)}${pad(cpuPerMin.toFixed(0), 12)}`);
  }
}
console.log(`worst: median ${worst.median} ms (≤ 40), p95 ${worst.p95} ms (≤ 100), ${worst.perMin.toFixed(0)} ms wall / ${worst.cpuPerMin.toFixed(0)} ms CPU per 60 s (≤ 2000)`);
await engine.close();
