import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { installVoiceModel } from '../src/cli/voices.command.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { fliteInstalled } from '../src/pipeline/speech/flite/flite.installed.ts';
import { readOnnxMetadataFile } from '../src/pipeline/speech/models/onnx-meta.ts';
import { NeuralPool } from '../src/pipeline/speech/models/neural.pool.ts';
import { registerVoiceModels, scanVoiceModels, type ModelScan } from '../src/pipeline/speech/models/voice-models.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { readWav } from '../src/pipeline/speech/wav.ts';
import { defaultVoice, voiceSpec } from '../src/pipeline/speech/voice.catalog.ts';
import { PIPER_EXPORT, TINY_SAMPLE_RATE, tinyPhonemeIdMap, writeTinyVoice } from './support/tiny-piper.ts';

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-voice-models-'));
const modelsDir = path.join(tmp, 'voices');

/** A Piper voice as Piper exports it: model without sherpa metadata, .onnx.json with the phoneme map, no tokens.txt. */
async function piperExport(dir: string, name: string, extra: object = {}) {
  await writeTinyVoice(dir, name, {
    metadata: PIPER_EXPORT,
    tokens: false,
    config: { dataset: 'tiny', audio: { sample_rate: TINY_SAMPLE_RATE, quality: 'medium' }, language: { code: 'en_US' }, espeak: { voice: 'en-us' }, num_speakers: 1, phoneme_id_map: tinyPhonemeIdMap(), ...extra },
  });
}

async function makeFolder() {
  await piperExport(path.join(modelsDir, 'en-tiny'), 'en_US-tiny-medium');
  await writeTinyVoice(path.join(modelsDir, 'de-multi'), 'de_DE-multi-low', {
    speakers: 3,
    metadata: { language: 'German', voice: 'de' },
    config: null,
    voiceJson: { language: 'german', gender: 'female', license: 'CC BY-NC-SA 4.0', speakers: [{ sid: 1, name: 'Anna' }, { sid: 2, name: 'Berta' }] },
  });
  // Broken: bytes that are no ONNX model; a model onnxruntime cannot load (unknown operator);
  // metadata without n_speakers/sample_rate and no .onnx.json; a model with no config and no tokens.
  const corrupt = path.join(modelsDir, 'broken-corrupt');
  fs.mkdirSync(corrupt, { recursive: true });
  fs.writeFileSync(path.join(corrupt, 'x.onnx'), 'this is not an onnx model');
  fs.writeFileSync(path.join(corrupt, 'x.onnx.json'), '{}');
  await writeTinyVoice(path.join(modelsDir, 'broken-graph'), 'g', { badOp: true, config: null });
  await writeTinyVoice(path.join(modelsDir, 'broken-meta'), 'm', { metadata: { n_speakers: null, sample_rate: null }, config: null });
  await writeTinyVoice(path.join(modelsDir, 'broken-noconfig'), 'n', { metadata: PIPER_EXPORT, config: null, tokens: false });
}

describe('voice models (VOICE_MODELS_DIR, sherpa-onnx)', () => {
  let scan: ModelScan;
  const warnings: string[] = [];
  let espeak: EspeakProcess;

  before(async () => {
    await makeFolder();
    scan = await scanVoiceModels(modelsDir, { warn: (m) => warnings.push(m) });
    registerVoiceModels(scan, true);
    espeak = new EspeakProcess();
  });
  after(async () => {
    await espeak.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a Piper export becomes loadable (tokens.txt from its phoneme map, metadata appended) and one voice, gender from its pitch', async () => {
    const tiny = scan.models.find((m) => m.id === 'en-tiny');
    assert.ok(tiny, JSON.stringify(scan.skipped));
    assert.equal(tiny.family, 'piper');
    assert.ok(fs.existsSync(path.join(modelsDir, 'en-tiny', 'tokens.txt')));
    const meta = await readOnnxMetadataFile(path.join(modelsDir, 'en-tiny', 'en_US-tiny-medium.onnx'));
    assert.equal(meta.sample_rate, String(TINY_SAMPLE_RATE));
    assert.equal(meta.comment, 'piper');
    assert.equal(meta.voice, 'en-us');
    const [v] = tiny.specs;
    assert.equal(v!.voiceId, 'nv-en-tiny');
    assert.equal(v!.engine, 'neural');
    assert.equal(v!.language, 'english');
    // The tiny model buzzes at 150 Hz: below the 160 Hz line, so male.
    assert.equal(v!.gender, 'male');
    assert.equal(v!.fallbackVoiceId, 'en-us-m1');
  });

  it('a multi-speaker model gives one voice per chosen speaker, and its non-commercial card is flagged', () => {
    const de = scan.models.find((m) => m.id === 'de-multi')!;
    assert.deepEqual(de.specs.map((s) => [s.voiceId, s.engineVoice, s.gender, s.language]), [
      ['nv-de-multi-anna', 'de-multi#1', 'female', 'german'],
      ['nv-de-multi-berta', 'de-multi#2', 'female', 'german'],
    ]);
    assert.equal(de.nonCommercial, true);
    assert.match(de.specs[0]!.name, /non-commercial/);
    assert.ok(warnings.some((w) => /de-multi.*non-commercial/.test(w)));
  });

  it('broken models are skipped with one log line each, saying why', () => {
    const why = Object.fromEntries(scan.skipped.map((s) => [path.basename(s.dir), s.reason]));
    assert.deepEqual(Object.keys(why).sort(), ['broken-corrupt', 'broken-graph', 'broken-meta', 'broken-noconfig']);
    assert.match(why['broken-corrupt']!, /not an ONNX model/);
    assert.match(why['broken-graph']!, /loading it failed/);
    assert.match(why['broken-meta']!, /lacks sample_rate, n_speakers/);
    assert.match(why['broken-noconfig']!, /no n\.onnx\.json .* and no tokens\.txt/);
    for (const d of Object.keys(why)) assert.equal(warnings.filter((w) => w.includes(`${d} skipped`)).length, 1);
  });

  it('speaks sentence by sentence in the worker pool, length following the text and the speed, timings from the aligner', async () => {
    const pool = new NeuralPool(1);
    try {
      const out = fs.mkdtempSync(path.join(tmp, 'speak-'));
      const short = await speak({ sentences: ['Hello there.'], voiceId: 'nv-en-tiny', outDir: out, fileName: 'a.wav' }, { espeak, neural: pool });
      const sentences = ['Hello there, this is a neural voice.', 'It reads every sentence of the script.'];
      const long = await speak({ sentences, voiceId: 'nv-en-tiny', outDir: out, fileName: 'b.wav' }, { espeak, neural: pool });
      const slow = await speak({ sentences, voiceId: 'nv-en-tiny', outDir: out, fileName: 'c.wav', rateScale: 0.8 }, { espeak, neural: pool });
      assert.equal(pool.completed, 5);
      assert.equal(long.engine, 'neural');
      assert.equal(long.sampleRate, TINY_SAMPLE_RATE);
      assert.ok(long.durationMs > short.durationMs * 3, `${long.durationMs} vs ${short.durationMs}`);
      // speed 0.8 → length scale 1.25
      assert.ok(Math.abs(slow.durationMs / long.durationMs - 1.25) < 0.03, `${slow.durationMs / long.durationMs}`);
      const wav = await readWav(long.wavPath);
      assert.equal(Math.round((wav.samples.length * 1000) / wav.sampleRate), long.durationMs);
      // Every written word timed, in order, inside the audio; two sentences, the second after the first.
      // (the aligner's reference may join a short function word to the next: "of the")
      assert.equal(long.words.map((w) => w.text).join('').toLowerCase().replace(/[^a-z]/g, ''), sentences.join('').toLowerCase().replace(/[^a-z]/g, ''));
      for (let i = 1; i < long.words.length; i++) assert.ok(long.words[i]!.startMs >= long.words[i - 1]!.startMs);
      assert.ok(long.words.at(-1)!.endMs <= long.durationMs);
      assert.equal(long.words.at(-1)!.sentence, 1);
      assert.ok(long.words.find((w) => w.sentence === 1)!.startMs >= long.words.filter((w) => w.sentence === 0).at(-1)!.endMs);
      // The phonemes tile the audio.
      assert.equal(long.phonemes[0]!.startMs, 0);
      assert.equal(long.phonemes.at(-1)!.endMs, long.durationMs);
    } finally {
      await pool.close();
    }
  });

  it('the voices become the default of their language and gender unless the setting turns it off', () => {
    assert.equal(defaultVoice('english', 'male'), 'nv-en-tiny');
    assert.equal(defaultVoice('german', 'female'), 'nv-de-multi-anna');
    assert.equal(defaultVoice('german', 'male'), 'de-m1');
    registerVoiceModels(scan, false);
    try {
      assert.notEqual(defaultVoice('english', 'male'), 'nv-en-tiny');
      assert.ok(voiceSpec('nv-en-tiny'), 'still a valid voice_id');
    } finally {
      registerVoiceModels(scan, true);
    }
  });
});

describe('reelsmith voices install / list', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-voice-cli-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('installs a folder and a .tar.gz (validated, prepared), refuses a broken model leaving nothing, and lists every voice with its engine', async () => {
    const src = path.join(dir, 'src');
    await piperExport(path.join(src, 'en_US-tiny-medium'), 'en_US-tiny-medium');
    const target = path.join(dir, 'models');
    const env = { ...process.env, VOICE_MODELS_DIR: target, DATA_DIR: path.join(dir, 'data') };
    const cli = (...args: string[]) => run(process.execPath, ['bin/reelsmith.js', ...args], { env, cwd: path.resolve(import.meta.dirname, '..') });
    const installed = await cli('voices', 'install', path.join(src, 'en_US-tiny-medium'));
    assert.match(installed.stdout, /installed piper model/);
    assert.match(installed.stdout, /nv-en-us-tiny-medium/);
    assert.match(installed.stdout, /tokens\.txt written/);
    // The source folder is left as it was.
    assert.ok(!fs.existsSync(path.join(src, 'en_US-tiny-medium', 'tokens.txt')));
    await run('tar', ['-czf', path.join(dir, 'second-voice.tar.gz'), '-C', src, 'en_US-tiny-medium']);
    await installVoiceModel(path.join(dir, 'second-voice.tar.gz'), target);
    assert.ok(fs.existsSync(path.join(target, 'second-voice', 'tokens.txt')));

    fs.mkdirSync(path.join(src, 'bad'));
    fs.writeFileSync(path.join(src, 'bad', 'bad.onnx'), 'garbage');
    fs.writeFileSync(path.join(src, 'bad', 'bad.onnx.json'), '{}');
    const refused = await cli('voices', 'install', path.join(src, 'bad')).then(() => null, (e: { code: number; stderr: string }) => e);
    assert.ok(refused && refused.code !== 0);
    assert.match(refused.stderr, /not installed: bad\.onnx is not an ONNX model/);
    assert.deepEqual(fs.readdirSync(target).sort(), ['en-us-tiny-medium', 'second-voice']);

    const list = await cli('voices', 'list', '--json');
    const rows = JSON.parse(list.stdout) as { voice_id: string; engine: string }[];
    assert.equal(rows.find((r) => r.voice_id === 'nv-en-us-tiny-medium')?.engine, 'neural');
    assert.equal(rows.find((r) => r.voice_id === 'nv-second-voice')?.engine, 'neural');
    assert.equal(rows.find((r) => r.voice_id === 'en-us-f1')?.engine, 'espeak');
  });
});

describe('Flite clustergen US male (Debian flite)', { skip: !fliteInstalled() && 'flite is not installed' }, () => {
  it('speaks en-us-rms with aligner timings, and is the default US English male without a model', async () => {
    registerVoiceModels({ models: [], skipped: [] }, true);
    assert.equal(defaultVoice('english', 'male'), 'en-us-rms');
    const espeak = new EspeakProcess();
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-flite-'));
    try {
      const s = await speak({ sentences: ['Hello there, I am the Flite voice.'], voiceId: 'en-us-rms', outDir: out }, espeak);
      assert.equal(s.engine, 'flite');
      assert.equal(s.sampleRate, 16000);
      assert.ok(s.durationMs > 1200 && s.durationMs < 4000, String(s.durationMs));
      assert.equal(s.words.map((w) => w.text).join('').toLowerCase().replace(/[^a-z]/g, ''), 'hellothereiamthefli tevoice'.replace(' ', ''));
      assert.ok(s.words.at(-1)!.endMs <= s.durationMs && s.words[0]!.startMs < 600);
    } finally {
      await espeak.close();
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
