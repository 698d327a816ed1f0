import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { probe } from '../src/media/ffprobe.ts';
import {
  DEFAULT_DUCK,
  duckExpression,
  duckGainAt,
  mixFilterGraph,
  parseEbur128,
  probeArgs,
  renderArgs,
  speechRegions,
  type MixPlan,
} from '../src/pipeline/mix/mix.args.ts';
import { runFfmpeg } from '../src/pipeline/mix/ffmpeg.ts';
import { mixNarration, planMix, type MixReport } from '../src/pipeline/mix/mix.ts';
import { MusicLibrary } from '../src/catalog/music.library.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { readWav, rmsEnvelope } from '../src/pipeline/speech/wav.ts';
import type { Speech, WordTiming } from '../src/pipeline/types.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';

const run = promisify(execFile);
const word = (startMs: number, endMs: number): WordTiming => ({ text: 'w', startMs, endMs, sentence: 0 });

/** Evaluates an ffmpeg expression of t in JavaScript (it only uses + - * / min max clip). */
function evalFfmpegExpr(expr: string, t: number): number {
  const f = new Function('t', 'min', 'max', 'clip', `return ${expr};`) as (t: number, ...fns: ((...a: number[]) => number)[]) => number;
  return f(t, Math.min, Math.max, (x, lo, hi) => Math.min(hi!, Math.max(lo!, x!)));
}

describe('mix plan (pure)', () => {
  it('speech regions merge sentence pauses and skip words without sound', () => {
    const words = [word(100, 400), word(450, 900), word(1300, 1600), word(1700, 1700), word(3000, 3500)];
    assert.deepEqual(speechRegions(words, 0.7), [
      { startS: 0.1, endS: 1.6 },
      { startS: 3, endS: 3.5 },
    ]);
  });

  it('the bed is at full level in the open, at the duck depth under speech, with ramps in between', () => {
    const regions = [{ startS: 2, endS: 4 }];
    const d = DEFAULT_DUCK;
    const depth = Math.pow(10, d.depthDb / 20);
    assert.equal(duckGainAt(regions, d, 0), 1);
    assert.ok(Math.abs(duckGainAt(regions, d, 3) - depth) < 1e-9);
    assert.ok(Math.abs(duckGainAt(regions, d, 2) - depth) < 1e-9, 'already down when the first word starts');
    assert.equal(duckGainAt(regions, d, 4 + d.releaseS + 0.01), 1);
    let prev = 1;
    for (let t = 2 - d.attackS; t <= 2; t += 0.01) {
      const g = duckGainAt(regions, d, t);
      assert.ok(g <= prev + 1e-12, 'ramps down monotonically');
      prev = g;
    }
  });

  it('the ffmpeg volume expression is the same curve as duckGainAt', () => {
    const regions = speechRegions([word(50, 1200), word(1300, 2500), word(4200, 5000), word(9000, 9400)], DEFAULT_DUCK.mergeGapS);
    const expr = duckExpression(regions, DEFAULT_DUCK);
    for (let t = 0; t < 11; t += 0.037) assert.ok(Math.abs(evalFfmpegExpr(expr, t) - duckGainAt(regions, DEFAULT_DUCK, t)) < 2e-3, `t=${t}`);
    assert.equal(duckExpression([], DEFAULT_DUCK), '1');
  });

  const plan = (music: boolean): MixPlan =>
    planMix({ speech: { wavPath: '/w/speech.wav', durationMs: 10_000, words: [word(100, 9000)] }, music: music ? { path: '/m/1.m4a', lufs: -16 } : null, outPath: '/o/mix.m4a' }, -20);

  it('sets the bed 9 LU under the voice and makes the mix speech plus a tail', () => {
    const p = plan(true);
    assert.equal(p.musicGainDb, -20 - 9 + 16);
    assert.equal(p.totalS, 12);
    assert.equal(plan(false).totalS, 10.3);
  });

  it('builds the two command lines as data: probe to null, render with gain, limiter and meter', () => {
    const m = probeArgs(plan(true), 6);
    assert.deepEqual(m.slice(0, 7), ['-y', '-i', '/w/speech.wav', '-stream_loop', '-1', '-i', '/m/1.m4a']);
    assert.deepEqual(m.slice(-4), ['[out]', '-f', 'null', '-']);
    const probeGraph = m[m.indexOf('-filter_complex') + 1]!;
    assert.ok(probeGraph.endsWith('volume=6dB,lowpass=f=16000:p=2,aresample=192000,alimiter=limit=0.794:attack=2:release=60:level=0:latency=1,aresample=48000,ebur128,atrim=duration=12[out]'), probeGraph);

    const r = renderArgs(plan(true), 3.25, '/o/mix.m4a');
    const graph = r[r.indexOf('-filter_complex') + 1]!;
    for (const part of ['amix=inputs=2:duration=first:normalize=0', 'volume=3.25dB', 'aresample=192000', 'alimiter=limit=0.794', 'latency=1', 'ebur128=peak=true', "volume='1-", 'afade=t=out:st=10.5:d=1.5']) {
      assert.ok(graph.includes(part), `${part} in ${graph}`);
    }
    assert.deepEqual(r.slice(-7), ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', '/o/mix.m4a']);
    assert.ok(renderArgs(plan(false), 0, '/o/mix.wav').includes('pcm_s16le'));
    const voiceOnly = mixFilterGraph(plan(false), { kind: 'probe', gainDb: 0 });
    assert.ok(!voiceOnly.includes('[1:a]') && !voiceOnly.includes('amix'));
  });

  it('reads the ebur128 summary out of ffmpeg’s log', () => {
    const ebur = 'frame log...\n[Parsed_ebur128_9 @ 0x2] Summary:\n\n  Integrated loudness:\n    I:         -14.2 LUFS\n    Threshold: -24.6 LUFS\n\n  True peak:\n    Peak:       -2.0 dBFS\n';
    assert.deepEqual(parseEbur128(ebur), { integratedLufs: -14.2, truePeakDb: -2 });
    assert.deepEqual(parseEbur128('Summary:\n    I:         -70.0 LUFS\n'), { integratedLufs: -70, truePeakDb: -Infinity });
    assert.throws(() => parseEbur128('no summary here'));
  });
});

async function ebur128(file: string): Promise<{ i: number; tp: number }> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const s = parseEbur128(stderr);
  return { i: s.integratedLufs, tp: s.truePeakDb };
}

/** Mono samples of a file through an ffmpeg filter, at 48 kHz. */
async function decode(file: string, filter: string): Promise<Float32Array> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-af', filter, '-ac', '1', '-ar', '48000', '-f', 'f32le', '-'], { encoding: 'buffer', maxBuffer: 1 << 27 });
  const b = Buffer.from(stdout);
  return new Float32Array(b.buffer, b.byteOffset, b.length / 4);
}

const rmsDb = (x: Float32Array, fromS: number, toS: number) => {
  let s = 0;
  const a = Math.floor(fromS * 48000);
  const b = Math.min(x.length, Math.floor(toS * 48000));
  for (let i = a; i < b; i++) s += x[i]! * x[i]!;
  return 10 * Math.log10(s / Math.max(1, b - a) + 1e-20);
};

describe('mixing with ffmpeg', () => {
  let dir: string;
  let engine: EspeakProcess;
  let speech: Speech;
  let music: { path: string; lufs: number };
  let withMusic: MixReport;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-mix-'));
    engine = new EspeakProcess();
    speech = await speak(
      {
        sentences: ['Tired of tangled cables on your desk?', 'Meet the Aero Dock, the charging station that powers three devices at once.', 'Order yours today for just 49 dollars!'],
        voiceId: 'en-us-m1',
        outDir: dir,
      },
      engine,
    );
    const lib = new MusicLibrary(new LocalBlobStore(path.join(dir, 'files'), 'http://localhost'));
    music = await lib.bed(1, dir);
    // A longer tail than the default, so the bed's full level can be measured after the last word.
    withMusic = await mixNarration({ speech, music, outPath: path.join(dir, 'mix.m4a') }, { tailS: 4, fadeOutS: 1 });
  });
  after(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('voice over music: -14 ± 1 LUFS integrated, true peak at most -1 dBTP, AAC as long as planned', async () => {
    const m = await ebur128(withMusic.outPath);
    process.stdout.write(`# mix with music: ${m.i} LUFS, ${m.tp} dBTP\n`);
    assert.ok(Math.abs(m.i + 14) <= 1, `integrated ${m.i} LUFS`);
    assert.ok(m.tp <= -1, `true peak ${m.tp} dBTP`);
    const info = await probe(withMusic.outPath);
    assert.equal(info?.audio?.codec, 'aac');
    assert.ok(Math.abs(info!.durationS - withMusic.plan.totalS) < 0.1, `${info!.durationS} s vs ${withMusic.plan.totalS} s`);
  });

  it('voice only: the same loudness targets', async () => {
    const r = await mixNarration({ speech, music: null, outPath: path.join(dir, 'voice.m4a') });
    const m = await ebur128(r.outPath);
    assert.ok(Math.abs(m.i + 14) <= 1, `integrated ${m.i} LUFS`);
    assert.ok(m.tp <= -1, `true peak ${m.tp} dBTP`);
  });

  // Issue 29 (the speech stage's wall): the probes ran one after the other, each ~0.25 s of one core.
  it('the two probes of the gain run at once, then one render: the loudness targets held', async () => {
    // An ffmpeg first on PATH that logs when each pass starts and ends around the real one.
    const bin = path.join(dir, 'bin');
    const log = path.join(dir, 'passes.log');
    fs.mkdirSync(bin, { recursive: true });
    const real = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
    fs.writeFileSync(path.join(bin, 'ffmpeg'), `#!/bin/sh\necho "start $$ $(date +%s%N)" >> ${log}\n${real} "$@"\nrc=$?\necho "end $$ $(date +%s%N)" >> ${log}\nexit $rc\n`, { mode: 0o755 });
    const PATH = process.env.PATH;
    process.env.PATH = `${bin}:${PATH}`;
    let r: MixReport;
    try {
      r = await mixNarration({ speech, music: null, outPath: path.join(dir, 'voice-probed.wav') });
    } finally {
      process.env.PATH = PATH;
    }
    const events = fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => l.split(' '));
    const at = (kind: string, pid: string) => Number(events.find((e) => e[0] === kind && e[1] === pid)![2]);
    const pids = [...new Set(events.map((e) => e[1]!))];
    assert.equal(pids.length, 2 + r.renders, `${r.probes.length} probes and ${r.renders} render(s)`);
    assert.equal(r.probes.length, 2);
    const [p1, p2, render] = pids as [string, string, string];
    assert.ok(at('start', p2) < at('end', p1) && at('start', p1) < at('end', p2), 'the probes overlap in time');
    assert.ok(at('start', render) >= Math.max(at('end', p1), at('end', p2)), 'the render follows both');
    assert.ok(Math.abs(r.result.integratedLufs + 14) <= 0.5 && r.result.truePeakDb <= -1.9, `${r.result.integratedLufs} LUFS, ${r.result.truePeakDb} dBTP`);
  });

  it('ducks the music under speech: the bed is at least 6 dB lower while the voice speaks than after it', async () => {
    // The voice is 22 kHz speech: nothing of it lies above 11 kHz, so that band is the bed alone.
    const high = await decode(withMusic.outPath, 'highpass=f=13000,highpass=f=13000');
    const [region] = withMusic.plan.regions;
    assert.ok(region && withMusic.plan.regions.length === 1, 'one stretch of speech');
    const under = rmsDb(high, region.startS + 1, region.endS - 0.2);
    const open = rmsDb(high, region.endS + DEFAULT_DUCK.releaseS + 0.1, withMusic.plan.totalS - 1.1);
    process.stdout.write(`# ducking in the mix: bed ${under.toFixed(1)} dB under speech, ${open.toFixed(1)} dB in the open\n`);
    // A little of the voice reaches that band (filter skirt, limiter): the measured dip is a bit under the planned 9 dB.
    assert.ok(open - under >= 5, `bed ${under.toFixed(1)} dB under speech vs ${open.toFixed(1)} dB in the open`);
    assert.ok(open - under <= 12, 'ducked by about the planned depth, not muted');
  });

  it('with the voice silenced, the bed dips by exactly the planned depth over the speech regions', async () => {
    const silent = path.join(dir, 'silent.wav');
    const wav = await readWav(speech.wavPath);
    fs.writeFileSync(silent, Buffer.concat([fs.readFileSync(speech.wavPath).subarray(0, 44), Buffer.alloc(wav.samples.length * 2)]));
    const plan = { ...withMusic.plan, voicePath: silent };
    const out = path.join(dir, 'bed.wav');
    await runFfmpeg(renderArgs(plan, withMusic.gainDb, out));
    const bed = await decode(out, 'highpass=f=13000,highpass=f=13000');
    const r = plan.regions[0]!;
    const dip = rmsDb(bed, r.endS + DEFAULT_DUCK.releaseS + 0.1, plan.totalS - 1.1) - rmsDb(bed, r.startS + 1, r.endS - 0.2);
    assert.ok(Math.abs(dip + DEFAULT_DUCK.depthDb) < 1, `bed dips ${dip.toFixed(2)} dB, planned ${-DEFAULT_DUCK.depthDb} dB`);
  });

  it('keeps the voice aligned with the word timings (no delay from resampling or the limiter)', async () => {
    const env = (x: Float32Array, rate: number) => {
      const hop = rate / 200;
      const out = new Float64Array(Math.floor(x.length / hop));
      for (let k = 0; k < out.length; k++) {
        let s = 0;
        for (let i = k * hop; i < (k + 1) * hop; i++) s += x[i]! * x[i]!;
        out[k] = Math.sqrt(s / hop);
      }
      return out;
    };
    const wav = await readWav(speech.wavPath);
    const voice = env(Float32Array.from(wav.samples, (v) => v / 32768), wav.sampleRate);
    const mix = env(await decode(withMusic.outPath, 'lowpass=f=3000'), 48000);
    let best = -Infinity;
    let bestLag = 0;
    for (let lag = -40; lag <= 40; lag++) {
      let s = 0;
      for (let k = 0; k < voice.length; k++) s += voice[k]! * (mix[k + lag] ?? 0);
      if (s > best) [best, bestLag] = [s, lag];
    }
    assert.ok(Math.abs(bestLag * 5) <= 10, `mix is ${bestLag * 5} ms off the speech`);
  });

  it('the speech WAV itself is untouched by mixing', async () => {
    const env = rmsEnvelope(await readWav(speech.wavPath));
    assert.ok(env.length > 0);
  });
});
