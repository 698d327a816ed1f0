import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { probe } from '../src/media/ffprobe.ts';
import { runFfmpeg } from '../src/pipeline/mix/ffmpeg.ts';
import { parseEbur128 } from '../src/pipeline/mix/mix.args.ts';
import { mixNarration, type MixReport } from '../src/pipeline/mix/mix.ts';
import { MusicLibrary } from '../src/catalog/music.library.ts';
import { checkMp4Audio, MP4_TRUE_PEAK_MAX_DB } from '../src/pipeline/render/audio-check.ts';
import { audioMeterArgs, encodeArgs } from '../src/pipeline/render/ffmpeg-args.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { readWav, writeWav } from '../src/pipeline/speech/wav.ts';
import type { Speech } from '../src/pipeline/types.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';

const run = promisify(execFile);

/** The mix + mux path of a video, with real ffmpeg: the finished MP4's audio is measured, decoded. */

/** Frames for the mux: a small grey picture, enough of them to cover the audio. */
async function mux(audioPath: string, durationS: number, outPath: string): Promise<number> {
  const fps = 10;
  const frames = Math.ceil(durationS * fps);
  const [w, h] = [64, 64];
  await runFfmpeg(encodeArgs({ width: w, height: h, fps, frames, audioPath, outPath }), { stdin: Buffer.alloc(w * h * 4 * frames, 0x80) });
  return frames / fps;
}

/** Samples of the MP4's audio decoded to 16 bit that sit at full scale. */
async function fullScaleSamples(file: string): Promise<number> {
  const { stdout } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-map', '0:a:0', '-f', 's16le', '-ac', '2', '-'], { encoding: 'buffer', maxBuffer: 64 << 20 });
  const x = new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length >> 1);
  let n = 0;
  for (const v of x) if (v >= 32767 || v <= -32768) n++;
  return n;
}

const meter = async (file: string) => parseEbur128((await runFfmpeg(audioMeterArgs(file))).stderr);

describe('audio of a finished video: true peak ≤ -1 dBTP, no full-scale samples, one lossy encode', () => {
  let dir: string;
  let engine: EspeakProcess;
  let speech: Speech;
  let mix: MixReport;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-audio-'));
    engine = new EspeakProcess();
    const clean = await speak({ sentences: ['Schluss mit dem Kabelsalat auf dem Schreibtisch!', 'Das Aero Dock lädt drei Geräte gleichzeitig, schnell und sicher.'], voiceId: 'de-m1', outDir: dir }, engine);
    // A hot voice: full-scale square bursts (40 ms, 2.2 kHz) every 1.5 s on top of the speech. After
    // loudness normalisation they hit the limiter 6-8 dB over its ceiling, harmonics and all.
    const wav = await readWav(clean.wavPath);
    const x = Int16Array.from(wav.samples);
    for (let t = 0.5; t < x.length / wav.sampleRate; t += 1.5) {
      const a = Math.floor(t * wav.sampleRate);
      for (let i = 0; i < 0.04 * wav.sampleRate && a + i < x.length; i++) x[a + i] = Math.floor(i / 5) % 2 ? 32767 : -32768;
    }
    const hot = path.join(dir, 'hot.wav');
    await writeWav(hot, [Buffer.from(x.buffer)], wav.sampleRate);
    speech = { ...clean, wavPath: hot };
    const lib = new MusicLibrary(new LocalBlobStore(path.join(dir, 'files'), 'http://localhost'));
    mix = await mixNarration({ speech, music: await lib.bed(1, dir), outPath: path.join(dir, 'mix.wav') });
  });
  after(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the raw hot voice is over full scale in true peak (the test input is really hot)', async () => {
    const m = await meter(speech.wavPath);
    assert.ok(m.truePeakDb > -0.5, `${m.truePeakDb} dBTP`);
  });

  it('the mix is lossless (PCM) and the MP4 holds AAC: the audio is encoded once, in the mux', async () => {
    assert.equal((await probe(mix.outPath))?.audio?.codec, 'pcm_s16le');
    const mp4 = path.join(dir, 'once.mp4');
    await mux(mix.outPath, mix.plan.totalS, mp4);
    const info = await probe(mp4);
    assert.equal(info?.audio?.codec, 'aac');
    assert.equal(info?.video?.codec, 'h264');
  });

  it('after the AAC encode: true peak ≤ -1 dBTP without a second try, no full-scale sample, -14 ± 0.5 LUFS', async () => {
    const mp4 = path.join(dir, 'hot.mp4');
    const durationS = await mux(mix.outPath, mix.plan.totalS, mp4);
    const checked = await checkMp4Audio({ videoPath: mp4, mixPath: mix.outPath, durationS });
    process.stdout.write(`# hot mix: ${mix.result.truePeakDb} dBTP in the WAV, ${checked.measured.truePeakDb} dBTP in the MP4\n`);
    assert.equal(checked.gainDb, 0, `the first encode peaked at ${checked.measured.truePeakDb} dBTP`);
    const m = await meter(mp4);
    assert.ok(m.truePeakDb <= MP4_TRUE_PEAK_MAX_DB, `${m.truePeakDb} dBTP`);
    assert.ok(Math.abs(m.integratedLufs + 14) <= 0.5, `${m.integratedLufs} LUFS`);
    assert.equal(await fullScaleSamples(mp4), 0);
  });

  it('an MP4 whose audio peaks over -1 dBTP is re-encoded from the lossless mix, lower, with the video copied', async () => {
    // An unlimited mix: square bursts at full scale straight into the mux.
    const raw = path.join(dir, 'unlimited.wav');
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', "aevalsrc='if(lt(mod(t,1),0.2),sgn(sin(2*PI*1000*t)),0.3*sin(2*PI*440*t))':s=48000:d=4", '-ac', '2', '-c:a', 'pcm_s16le', raw]);
    const mp4 = path.join(dir, 'unlimited.mp4');
    const durationS = await mux(raw, 4, mp4);
    const before = await meter(mp4);
    assert.ok(before.truePeakDb > MP4_TRUE_PEAK_MAX_DB, `${before.truePeakDb} dBTP before`);
    assert.ok((await fullScaleSamples(mp4)) > 0, 'clipped before');
    const checked = await checkMp4Audio({ videoPath: mp4, mixPath: raw, durationS });
    assert.ok(checked.gainDb < 0);
    const m = await meter(mp4);
    assert.ok(m.truePeakDb <= MP4_TRUE_PEAK_MAX_DB, `${m.truePeakDb} dBTP after`);
    assert.equal(await fullScaleSamples(mp4), 0);
    const info = await probe(mp4);
    assert.equal(info?.video?.codec, 'h264');
    assert.ok(Math.abs(info!.durationS - durationS) < 0.05, `${info!.durationS} s`);
  });
});
