import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { NeuralPool } from '../src/pipeline/speech/models/neural.pool.ts';
import { OnnxFormatError, readOnnxMetadataFile } from '../src/pipeline/speech/models/onnx-meta.ts';
import onnxProto from 'onnx-proto';
import { registerVoiceModels, scanVoiceModels, type ModelScan } from '../src/pipeline/speech/models/voice-models.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { defaultVoice, voiceSpec } from '../src/pipeline/speech/voice.catalog.ts';
import { installVoiceModel } from '../src/cli/voices.command.ts';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { readWav } from '../src/pipeline/speech/wav.ts';
import { MATCHA_SAMPLE_RATE, speakerGain, STYLE_SAMPLE_RATE, writeTinyFamilies, writeTinyKitten, writeTinyKokoro, writeTinyMatcha } from './support/tiny-sherpa-models.ts';

/**
 * Kokoro, Kitten and Matcha folders as sherpa-onnx publishes them, with tiny stand-in models
 * (test/support/tiny-sherpa-models.ts) that the real sherpa-onnx loads and runs: detection,
 * voices per chosen speaker, synthesis in the worker pool, and broken folders of each kind.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-voice-families-'));
const modelsDir = path.join(tmp, 'voices');
const at = (name: string) => path.join(modelsDir, name);

async function writeBroken(dir: string) {
  const to = (n: string) => path.join(dir, n);
  await writeTinyKokoro(to('broken-kokoro-voices'), { speakers: 2, truncateVoices: 8 });
  await writeTinyKokoro(to('broken-kokoro-nolexicon'), { metadata: { version: '2' } });
  // Passes every check here; sherpa-onnx itself refuses it (it ends the process): the probe's path.
  await writeTinyKitten(to('broken-kitten-espeak'), { metadata: { has_espeak: '0' } });
  await writeTinyKitten(to('broken-kitten-meta'), { metadata: { style_dim: null } });
  await writeTinyMatcha(to('broken-matcha-vocoder'), { vocoderMetadata: { model_type: null } });
  await writeTinyMatcha(to('broken-matcha-novocoder'), { vocoder: false });
}

const rms = (s: Int16Array) => Math.sqrt(s.reduce((a, x) => a + x * x, 0) / s.length);

describe('Kokoro, Kitten and Matcha model folders (sherpa-onnx)', () => {
  let scan: ModelScan;
  const warnings: string[] = [];
  let espeak: EspeakProcess;
  const pool = new NeuralPool(1);

  before(async () => {
    await writeTinyFamilies(modelsDir);
    await writeBroken(modelsDir);
    scan = await scanVoiceModels(modelsDir, { warn: (m) => warnings.push(m) });
    registerVoiceModels(scan, true);
    espeak = new EspeakProcess();
  });
  after(async () => {
    await pool.close();
    await espeak.close();
    registerVoiceModels({ models: [], skipped: [] }, true);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('detects each kind from its files and metadata, with the engine configuration sherpa-onnx needs', () => {
    const by = Object.fromEntries(scan.models.map((m) => [m.id, m]));
    assert.deepEqual(Object.keys(by).sort(), ['kitten-nano', 'kokoro-en', 'kokoro-multi', 'matcha-ljspeech'], JSON.stringify(scan.skipped));
    assert.equal(by['kokoro-en']!.family, 'kokoro');
    assert.deepEqual(by['kokoro-en']!.engineConfig, { kokoro: { model: at('kokoro-en/model.onnx'), voices: at('kokoro-en/voices.bin'), tokens: at('kokoro-en/tokens.txt'), dataDir: (by['kokoro-en']!.engineConfig.kokoro as { dataDir: string }).dataDir } });
    const multi = by['kokoro-multi']!.engineConfig.kokoro as Record<string, string>;
    assert.equal(multi.lexicon, [at('kokoro-multi/lexicon-us-en.txt'), at('kokoro-multi/lexicon-zh.txt')].join(','));
    assert.equal(multi.lang, 'en-us');
    assert.equal(by['kitten-nano']!.family, 'kitten');
    assert.equal((by['kitten-nano']!.engineConfig.kitten as Record<string, string>).model, at('kitten-nano/model.fp16.onnx'));
    assert.equal(by['matcha-ljspeech']!.family, 'matcha');
    assert.deepEqual(
      [(by['matcha-ljspeech']!.engineConfig.matcha as Record<string, string>).acousticModel, (by['matcha-ljspeech']!.engineConfig.matcha as Record<string, string>).vocoder],
      [at('matcha-ljspeech/model-steps-3.onnx'), at('matcha-ljspeech/hifigan_v2.onnx')],
    );
    for (const m of scan.models) for (const s of m.specs) assert.equal(s.engine, 'neural');
  });

  it('reads a model\'s metadata by its top-level fields: the same entries a full protobuf decode gives; a file cut short is refused', async () => {
    const file = at('kokoro-en/model.onnx');
    const decoded = onnxProto.onnx.ModelProto.decode(fs.readFileSync(file));
    assert.deepEqual(await readOnnxMetadataFile(file), Object.fromEntries(decoded.metadataProps.map((e) => [e.key, e.value])));
    const cut = path.join(tmp, 'cut.onnx');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 2000));
    await assert.rejects(readOnnxMetadataFile(cut), OnnxFormatError);
  });

  it('a multi-speaker model gives one voice per chosen speaker, named and gendered from the model\'s speaker names', () => {
    const kokoro = scan.models.find((m) => m.id === 'kokoro-en')!;
    assert.deepEqual(kokoro.specs.map((s) => [s.voiceId, s.engineVoice, s.gender, s.language]), [
      ['nv-kokoro-en-af-bella', 'kokoro-en#0', 'female', 'english'],
      ['nv-kokoro-en-am-adam', 'kokoro-en#1', 'male', 'english'],
      ['nv-kokoro-en-george', 'kokoro-en#3', 'male', 'english'],
    ]);
    assert.match(kokoro.specs[2]!.name, /George \(kokoro, neural\)/);
    const kitten = scan.models.find((m) => m.id === 'kitten-nano')!;
    assert.deepEqual(kitten.specs.map((s) => [s.voiceId, s.gender]), [['nv-kitten-nano-expr-voice-2-m', 'male'], ['nv-kitten-nano-expr-voice-2-f', 'female']]);
    for (const id of ['nv-kokoro-en-af-bella', 'nv-kitten-nano-expr-voice-2-f', 'nv-matcha-ljspeech', 'nv-kokoro-multi-af-bella']) assert.equal(voiceSpec(id)?.engine, 'neural', id);
  });

  it('a broken folder of each kind is skipped with one log line saying why', () => {
    const why = Object.fromEntries(scan.skipped.map((s) => [path.basename(s.dir), s.reason]));
    assert.deepEqual(Object.keys(why).sort(), ['broken-kitten-espeak', 'broken-kitten-meta', 'broken-kokoro-nolexicon', 'broken-kokoro-voices', 'broken-matcha-novocoder', 'broken-matcha-vocoder']);
    // 2 speakers × 510 token counts × 8 style values, 8 missing
    assert.match(why['broken-kokoro-voices']!, /voices\.bin holds 8152 floats; .*style_dim \(510,1,8\) and n_speakers \(2\) say 8160/);
    assert.match(why['broken-kokoro-nolexicon']!, /multi-lingual Kokoro .* lexicon/);
    assert.match(why['broken-kitten-espeak']!, /loading it failed.*espeak-ng/);
    assert.match(why['broken-kitten-meta']!, /metadata lacks style_dim/);
    assert.match(why['broken-matcha-vocoder']!, /needs its acoustic model and one vocoder/);
    assert.match(why['broken-matcha-novocoder']!, /needs its acoustic model and one vocoder/);
    for (const d of Object.keys(why)) assert.equal(warnings.filter((w) => w.includes(`${d} skipped`)).length, 1, d);
  });

  it('each kind speaks in the worker pool: length follows the text and the speed, the chosen speaker is the one heard', async () => {
    const out = fs.mkdtempSync(path.join(tmp, 'speak-'));
    const short = ['Hello there.'];
    const long = ['Hello there, this is a neural voice.', 'It reads every sentence of the script.'];
    const before = pool.completed;
    const cases: [string, number][] = [['nv-kokoro-en-af-bella', STYLE_SAMPLE_RATE], ['nv-kokoro-multi-af-bella', STYLE_SAMPLE_RATE], ['nv-kitten-nano-expr-voice-2-m', STYLE_SAMPLE_RATE], ['nv-matcha-ljspeech', MATCHA_SAMPLE_RATE]];
    for (const [voiceId, rate] of cases) {
      const a = await speak({ sentences: short, voiceId, outDir: out, fileName: `${voiceId}-a.wav` }, { espeak, neural: pool });
      const b = await speak({ sentences: long, voiceId, outDir: out, fileName: `${voiceId}-b.wav` }, { espeak, neural: pool });
      const c = await speak({ sentences: long, voiceId, outDir: out, fileName: `${voiceId}-c.wav`, rateScale: 0.8 }, { espeak, neural: pool });
      assert.equal(b.engine, 'neural');
      assert.equal(b.sampleRate, rate, voiceId);
      assert.ok(b.durationMs > a.durationMs * 3, `${voiceId}: ${b.durationMs} vs ${a.durationMs}`);
      assert.ok(Math.abs(c.durationMs / b.durationMs - 1.25) < 0.04, `${voiceId}: ${c.durationMs / b.durationMs}`);
      assert.ok(b.words.length >= 13 && b.words.at(-1)!.endMs <= b.durationMs, voiceId);
    }
    assert.equal(pool.completed - before, cases.length * 5);
    // Same text, speakers 0 and 3 of the Kokoro model: same length, the style (gain) of each.
    const bella = await speak({ sentences: long, voiceId: 'nv-kokoro-en-af-bella', outDir: out, fileName: 'bella.wav' }, { espeak, neural: pool });
    const george = await speak({ sentences: long, voiceId: 'nv-kokoro-en-george', outDir: out, fileName: 'george.wav' }, { espeak, neural: pool });
    assert.equal(george.durationMs, bella.durationMs);
    const ratio = rms((await readWav(george.wavPath)).samples) / rms((await readWav(bella.wavPath)).samples);
    assert.ok(Math.abs(ratio - speakerGain(3) / speakerGain(0)) < 0.05, String(ratio));
  });

  it('the model voices become the defaults of their language and gender', () => {
    assert.equal(voiceSpec(defaultVoice('english', 'female'))?.engine, 'neural');
    assert.equal(voiceSpec(defaultVoice('english', 'male'))?.engine, 'neural');
  });

  it('voices install takes a Kokoro .tar.gz and a Matcha folder as sherpa-onnx publishes them', async () => {
    const src = path.join(tmp, 'src');
    await writeTinyKokoro(path.join(src, 'kokoro-en-v0_19'), { speakers: 2 });
    await writeTinyMatcha(path.join(src, 'matcha-icefall-en_US-ljspeech'));
    await promisify(execFile)('tar', ['-czf', path.join(tmp, 'kokoro-en-v0_19.tar.gz'), '-C', src, 'kokoro-en-v0_19']);
    const target = path.join(tmp, 'installed');
    const kokoro = await installVoiceModel(path.join(tmp, 'kokoro-en-v0_19.tar.gz'), target);
    assert.equal(kokoro.model.family, 'kokoro');
    assert.deepEqual(kokoro.model.specs.map((s) => s.voiceId), ['nv-kokoro-en-v0-19-af-bella']);
    const matcha = await installVoiceModel(path.join(src, 'matcha-icefall-en_US-ljspeech'), target);
    assert.equal(matcha.model.family, 'matcha');
    assert.deepEqual(fs.readdirSync(target).sort(), ['kokoro-en-v0-19', 'matcha-icefall-en-us-ljspeech']);
  });
});
