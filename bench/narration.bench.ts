/**
 * Narration benchmark: script + speech time per length (15/30/60 s) for a few languages, seconds of
 * audio per CPU second, how well the spoken length fits the asked length, plus the cost of the
 * music library and of one mix.
 *
 *   node --import tsx bench/narration.bench.ts [--mix] [--music]
 *
 * Then one column per speech engine for the same English scripts: espeak-ng (en-us-f1), Festival
 * HTS (en-us-slt, when installed), Flite (en-us-rms), each voice model (or the tiny test models of
 * each family) and the external OpenAI-compatible engine (a loopback server
 * answering with espeak-ng CLI speech, test/support/tts-server.ts; its time includes the HTTP
 * round trip, decoding and timingsFor()). Per engine: wall ms per second of audio, and the spoken
 * length as a share of the asked length.
 *
 * CPU = this process (script writing, event decoding, WAV writing) + the espeak worker (it reports
 * its own process.cpuUsage()) + the Festival child (/proc/<pid>/stat) + ffmpeg children (reaped
 * children's time from /proc/self/stat).
 */
import fs from 'node:fs';
import os from 'node:os';
import { BENCH_PRODUCT } from './support/bench-product.ts';
import path from 'node:path';
import type { Language } from '../src/catalog/languages.ts';
import { mixNarration } from '../src/pipeline/mix/mix.ts';
import { MusicLibrary } from '../src/catalog/music.library.ts';
import { writeScript } from '../src/pipeline/script/index.ts';
import { auditionSentences } from '../src/pipeline/speech/audition.samples.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { createSafeFetcher } from '../src/net/safe-fetch.ts';
import type { SpeechEngines } from '../src/pipeline/speech/engines.ts';
import { externalVoiceSpecs, type ExternalTtsConfig } from '../src/pipeline/speech/external/external.config.ts';
import { ExternalEngine } from '../src/pipeline/speech/external/external.engine.ts';
import { fliteInstalled } from '../src/pipeline/speech/flite/flite.installed.ts';
import { NeuralPool } from '../src/pipeline/speech/models/neural.pool.ts';
import { registerVoiceModels, scanVoiceModels } from '../src/pipeline/speech/models/voice-models.ts';
import { writeTinyVoice } from '../test/support/tiny-piper.ts';
import { writeTinyFamilies } from '../test/support/tiny-sherpa-models.ts';
import { festivalInstalled, sharedFestival } from '../src/pipeline/speech/festival/festival.client.ts';
import { defaultVoice } from '../src/pipeline/speech/voice.catalog.ts';
import { startTtsServer } from '../test/support/tts-server.ts';
import type { Script } from '../src/pipeline/types.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';

const LANGS: Language[] = ['english', 'german', 'japanese', 'thai', 'hindi'];
const LENGTHS = [15, 30, 60] as const;
const withMix = process.argv.includes('--mix');
const withMusic = process.argv.includes('--music');

const product = BENCH_PRODUCT;

/** CPU ms of this process and of its reaped children (ffmpeg). */
function cpuMs(): { self: number; children: number } {
  const u = process.cpuUsage();
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat (cutime, cstime) are at index 13 and 14 after the command name.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return { self: (u.user + u.system) / 1000, children: (ticks * 1000) / 100 };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-bench-narration-'));
const engine = new EspeakProcess();
// Start the worker before timing: its start-up (~50 ms) is paid once per process, not per video.
await speak({ sentences: ['Warm up.'], voiceId: 'en-us-f1', outDir: dir }, engine);
if (festivalInstalled()) await speak({ sentences: ['Warm up.'], voiceId: 'en-us-slt', outDir: dir }, engine);

console.log(`narration bench — ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}, node ${process.version}`);
console.log('language    len  script ms  speech ms  sentences  words  audio s  fit %  CPU ms  audio s/CPU s');
let totalAudio = 0;
let totalCpu = 0;
for (const language of LANGS) {
  for (const lengthS of LENGTHS) {
    const c0 = cpuMs();
    const w0 = engine.workerCpuMs() + sharedFestival().childCpuMs();
    const t0 = performance.now();
    let script: Script;
    let note = '';
    try {
      script = await writeScript({ product, style: 'Problem/Solution', lengthS, language, overrideScript: null });
    } catch (err) {
      // The script writer is another stage; if it fails here, time the speech on the audition text.
      const sentences = Array.from({ length: Math.ceil(lengthS / 5) }, () => auditionSentences(language)).flat();
      script = { language, style: 'Problem/Solution', lengthS, sentences: sentences.map((text) => ({ text, cue: { kind: 'point', imageIndex: null, pointIndex: null, gesture: 'none', overlay: null } })), text: sentences.join(' '), source: 'override' };
      note = ` (script writer failed: ${(err as Error).message.slice(0, 60)})`;
    }
    const t1 = performance.now();
    const speech = await speak({ sentences: script.sentences.map((s) => s.text), voiceId: defaultVoice(language, 'female'), outDir: dir, fileName: `${language}-${lengthS}.wav` }, engine);
    const t2 = performance.now();
    const c1 = cpuMs();
    const cpu = c1.self - c0.self + (c1.children - c0.children) + (engine.workerCpuMs() + sharedFestival().childCpuMs() - w0);
    const audioS = speech.durationMs / 1000;
    totalAudio += audioS;
    totalCpu += cpu;
    console.log(
      `${language.padEnd(10)} ${pad(lengthS, 4)} ${pad((t1 - t0).toFixed(1), 10)} ${pad((t2 - t1).toFixed(0), 10)} ${pad(script.sentences.length, 10)} ${pad(speech.words.length, 6)} ${pad(audioS.toFixed(1), 8)} ${pad(Math.round((audioS / lengthS) * 100), 6)} ${pad(cpu.toFixed(0), 7)} ${pad((audioS / (cpu / 1000)).toFixed(0), 14)}${note}`,
    );
  }
}
console.log(`all: ${totalAudio.toFixed(1)} s of speech for ${(totalCpu / 1000).toFixed(2)} CPU s → ${(totalAudio / (totalCpu / 1000)).toFixed(0)} s of audio per CPU second`);

{
  const tts = await startTtsServer();
  const fetcher = createSafeFetcher({ allowPrivate: true });
  const cfg: ExternalTtsConfig = { baseUrl: tts.baseUrl, apiKey: null, model: 'bench', voices: [{ name: 'bench_f', language: 'english', gender: 'female' }], timeoutMs: 30_000, retries: 0, onFailure: 'fail' };
  const ext = externalVoiceSpecs(cfg);
  // Every neural model of VOICE_MODELS_DIR (default data/voices) that speaks English (its first
  // voice); without one, the tiny test models of each family, Piper, Kokoro, Kitten, Matcha (engine
  // overhead: pool, sherpa-onnx, espeak-ng phonemes, vocoder call, forced alignment).
  const neural = new NeuralPool(1);
  const modelsDir = process.env.VOICE_MODELS_DIR ?? path.resolve('data/voices');
  let scan = await scanVoiceModels(modelsDir, { warn: (m) => console.log(m) });
  const firstVoices = () => scan.models.map((m) => m.specs[0]!).filter((v) => v.language === 'english');
  let neuralVoices = firstVoices();
  if (neuralVoices.length === 0) {
    const tinyDir = path.join(dir, 'tiny-voices');
    await writeTinyVoice(path.join(tinyDir, 'tiny-piper'), 'en_US-tiny-medium');
    await writeTinyFamilies(tinyDir);
    scan = await scanVoiceModels(tinyDir, { warn: (m) => console.log(m) });
    neuralVoices = firstVoices().filter((v) => v.voiceId !== 'nv-kokoro-multi-af-bella');
  }
  registerVoiceModels(scan, false);
  const engines: SpeechEngines = { espeak: engine, neural, external: new ExternalEngine(cfg, fetcher, engine), voices: (id) => ext.find((v) => v.voiceId === id) };
  const columns = [
    { label: 'espeak-ng', voiceId: 'en-us-f1' },
    ...(festivalInstalled() ? [{ label: 'festival', voiceId: 'en-us-slt' }] : []),
    ...(fliteInstalled() ? [{ label: 'flite rms', voiceId: 'en-us-rms' }] : []),
    ...neuralVoices.map((v) => ({ label: v.voiceId, voiceId: v.voiceId })),
    { label: 'external', voiceId: ext[0]!.voiceId },
  ];
  console.log(`\nengines, English (wall ms per s of audio | spoken s / asked s)`);
  console.log(`len  ${columns.map((c) => c.label.padStart(30)).join('')}`);
  const sums = columns.map(() => ({ ms: 0, audio: 0 }));
  for (const lengthS of LENGTHS) {
    const script = await writeScript({ product, style: 'Problem/Solution', lengthS, language: 'english', overrideScript: null });
    const cells: string[] = [];
    for (const [i, c] of columns.entries()) {
      const t = performance.now();
      const speech = await speak({ sentences: script.sentences.map((x) => x.text), voiceId: c.voiceId, outDir: dir, fileName: `engine-${c.label}-${lengthS}.wav` }, engines);
      const ms = performance.now() - t;
      const audioS = speech.durationMs / 1000;
      sums[i]!.ms += ms;
      sums[i]!.audio += audioS;
      cells.push(`${(ms / audioS).toFixed(0)} ms | ${Math.round((audioS / lengthS) * 100)} %`.padStart(30));
    }
    console.log(`${pad(lengthS, 3)}  ${cells.join('')}`);
  }
  console.log(`all  ${sums.map((x) => `${(x.ms / x.audio).toFixed(0)} ms/s`.padStart(30)).join('')}`);
  await tts.close();
  await fetcher.close();
  await neural.close();
}

if (withMusic || withMix) {
  const store = new LocalBlobStore(path.join(dir, 'files'), 'http://localhost');
  const lib = new MusicLibrary(store);
  const c0 = cpuMs();
  const t0 = performance.now();
  const report = withMusic ? await lib.prepareAll() : (await lib.ensure(1), { generated: [1], reused: [], ms: 0 });
  const c1 = cpuMs();
  console.log(
    `music: ${report.generated.length} track(s) rendered + encoded in ${((performance.now() - t0) / 1000).toFixed(1)} s wall, ${((c1.self - c0.self + c1.children - c0.children) / 1000).toFixed(1)} CPU s`,
  );
  if (withMix) {
    for (const lengthS of LENGTHS) {
      const script = await writeScript({ product, style: 'Problem/Solution', lengthS, language: 'english', overrideScript: null });
      const speech = await speak({ sentences: script.sentences.map((s) => s.text), voiceId: 'en-us-m1', outDir: dir, fileName: `mix-${lengthS}.wav` }, engine);
      const meta = await lib.meta(1);
      const m0 = cpuMs();
      const t = performance.now();
      const r = await mixNarration({ speech, music: { path: (await lib.bed(1, dir)).path, lufs: meta!.lufs }, outPath: path.join(dir, `mix-${lengthS}.m4a`) });
      const m1 = cpuMs();
      console.log(
        `mix ${lengthS} s: ${((performance.now() - t) / 1000).toFixed(2)} s wall, ${((m1.self - m0.self + m1.children - m0.children) / 1000).toFixed(2)} CPU s, ${r.renders} render(s), ${r.result.integratedLufs} LUFS, ${r.result.truePeakDb} dBTP`,
      );
    }
  }
}

await engine.close();
await sharedFestival().close();
fs.rmSync(dir, { recursive: true, force: true });
