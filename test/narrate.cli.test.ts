import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Command } from 'commander';
import { OperatorError } from '../src/accounts/account.service.ts';
import { productFromJson, registerNarrateCommand } from '../src/cli/narrate.command.ts';
import { probe } from '../src/media/ffprobe.ts';
import { narrate } from '../src/pipeline/narrate.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { UnknownVoiceError } from '../src/pipeline/speech/speech.service.ts';
import type { Script, SceneCue } from '../src/pipeline/types.ts';

const cue: SceneCue = { kind: 'point', imageIndex: null, pointIndex: null, gesture: 'none', overlay: null };
const script = (language: string, sentences: string[]): Script => ({
  language,
  style: 'Feature Explainer',
  lengthS: 15,
  sentences: sentences.map((text) => ({ text, cue })),
  text: sentences.join(' '),
  source: 'override',
});

describe('narrate()', () => {
  let dir: string;
  let engine: EspeakProcess;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-narrate-'));
    engine = new EspeakProcess();
  });
  after(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('speaks a script and mixes it: speech.wav, timings.json and a lossless mix.wav in the work dir', async () => {
    const s = script('spanish', ['¿Cansado de los cables?', 'El Aero Dock carga tres dispositivos a la vez.', '¡Cómpralo hoy!']);
    const workDir = path.join(dir, 'es');
    const n = await narrate({ script: s, voiceId: 'es-419-m2', musicId: null, workDir }, { engine });
    assert.equal(n.script, s);
    assert.equal(n.musicId, null);
    assert.equal(n.speech.voiceId, 'es-419-m2');
    assert.equal(n.speech.wavPath, path.join(workDir, 'speech.wav'));
    assert.equal(n.mixedAudioPath, path.join(workDir, 'mix.wav'));
    assert.deepEqual([...new Set(n.speech.words.map((w) => w.sentence))], [0, 1, 2]);
    assert.equal(n.speech.sentences.length, 3);
    const timings = JSON.parse(fs.readFileSync(path.join(workDir, 'timings.json'), 'utf8'));
    assert.deepEqual(timings.words, n.speech.words);
    assert.deepEqual(timings.phonemes, n.speech.phonemes);
    assert.equal(timings.durationMs, n.speech.durationMs);
    const mix = await probe(n.mixedAudioPath);
    // Lossless: the MP4 mux is the one lossy encode.
    assert.equal(mix?.audio?.codec, 'pcm_s16le');
    assert.ok(mix!.durationS >= n.speech.durationMs / 1000);
  });

  it('refuses an unknown voice and music without a library', async () => {
    const s = script('english', ['Hello.']);
    await assert.rejects(narrate({ script: s, voiceId: 'en-us-x9', musicId: null, workDir: path.join(dir, 'x') }, { engine }), UnknownVoiceError);
    await assert.rejects(narrate({ script: s, voiceId: 'en-us-f1', musicId: 2, workDir: path.join(dir, 'y') }, { engine }), /no music library/);
  });
});

describe('reelsmith narrate', () => {
  let dir: string;
  const product = {
    name: 'Aero Dock 3-in-1 Wireless Charger',
    description: 'The Aero Dock charges your phone, earbuds and watch at once. It folds flat for travel.',
    selling_points: ['Charges three devices at once', 'Folds flat for travel', '15 W fast charging'],
    price: '49.99',
    currency: 'EUR',
    target_audience: 'commuters',
  };
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-narrate-cli-'));
    fs.writeFileSync(path.join(dir, 'product.json'), JSON.stringify(product));
    // The command reads its settings like every other command (music is stored under DATA_DIR).
    process.env.DATA_DIR = path.join(dir, 'data');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cli = async (...args: string[]) => {
    const program = new Command('reelsmith').exitOverride();
    let printed = '';
    registerNarrateCommand(program, { write: (s: string) => (printed += s) });
    await program.parseAsync(['node', 'reelsmith', 'narrate', ...args]);
    return printed;
  };

  it('writes the script, the speech, the timings and the mixed audio', async () => {
    const out = path.join(dir, 'out');
    const printed = await cli('--product', path.join(dir, 'product.json'), '--style', 'Problem/Solution', '--length', '15', '--language', 'german', '--music', '3', '--out', out, '--json');
    const summary = JSON.parse(printed.trim().split('\n').pop()!);
    for (const f of ['script.json', 'script.txt', 'speech.wav', 'timings.json', 'mix.wav']) assert.ok(fs.statSync(path.join(out, f)).size > 0, f);
    const written = JSON.parse(fs.readFileSync(path.join(out, 'script.json'), 'utf8')) as Script;
    assert.equal(written.language, 'german');
    assert.equal(written.style, 'Problem/Solution');
    assert.deepEqual(fs.readFileSync(path.join(out, 'script.txt'), 'utf8').trim().split('\n'), written.sentences.map((s) => s.text));
    const timings = JSON.parse(fs.readFileSync(path.join(out, 'timings.json'), 'utf8'));
    assert.equal(timings.voiceId, 'de-f1');
    assert.ok(timings.words.length > 5);
    assert.equal(Math.max(...timings.words.map((w: { sentence: number }) => w.sentence)), written.sentences.length - 1);
    assert.equal(summary.music, 3);
    assert.ok(Math.abs(summary.loudness_lufs + 14) <= 1);
    // Fitted to --length: within 10 %, at most 2 s after the last word; only the chosen take is left.
    assert.ok(Math.abs(summary.mix_s - 15) <= 1.5 && summary.tail_s <= 2, `mix ${summary.mix_s} s, tail ${summary.tail_s} s`);
    assert.deepEqual(fs.readdirSync(out).filter((f) => f.startsWith('speech')), ['speech.wav']);
    assert.ok(fs.existsSync(path.join(dir, 'data', 'files', 'music', '3.m4a')), 'music rendered into DATA_DIR');
  });

  it('prints "key: value" lines without --json, JSON only with it', async () => {
    const printed = await cli('--product', path.join(dir, 'product.json'), '--override-script', 'Charge everything at once.', '--length', '15', '--out', path.join(dir, 'plain'));
    assert.match(printed, /^out: .*plain\nlanguage: english\n/);
    assert.ok(printed.trim().split('\n').every((l) => /^[a-z_0-9]+: /.test(l)), printed);
    assert.throws(() => JSON.parse(printed));
  });

  it('rejects bad options with an operator error', async () => {
    const base = ['--product', path.join(dir, 'product.json'), '--out', path.join(dir, 'bad')];
    await assert.rejects(cli(...base, '--language', 'klingon'), OperatorError);
    await assert.rejects(cli(...base, '--length', '20'), OperatorError);
    await assert.rejects(cli(...base, '--voice', 'xx-f1'), OperatorError);
    await assert.rejects(cli(...base, '--music', '99'), OperatorError);
    await assert.rejects(cli('--product', path.join(dir, 'missing.json'), '--out', path.join(dir, 'bad')), OperatorError);
  });

  it('reads product files in the API’s shape and in ProductFacts’ shape', () => {
    const a = productFromJson(product);
    assert.deepEqual(a.sellingPoints, product.selling_points);
    assert.equal(a.targetAudience, 'commuters');
    const b = productFromJson({ name: 'X', description: 'Y', sellingPoints: ['p'], targetAudience: 't', price: 5 });
    assert.deepEqual([b.sellingPoints, b.targetAudience, b.price], [['p'], 't', '5']);
    assert.throws(() => productFromJson({ description: 'no name' }), OperatorError);
  });
});
