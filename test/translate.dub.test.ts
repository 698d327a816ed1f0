import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { dubVideo, type DubResult } from '../src/pipeline/translate/dub.ts';
import { MAX_RATE, MIN_GAP_S } from '../src/pipeline/translate/dub.plan.ts';

/**
 * Issue 26 item 2, the dub itself (real espeak-ng, real ffmpeg, no server): translated segments
 * said by the target voice in their time — faster when too long, never beyond MAX_RATE, the rest
 * absorbed by the next pause — and the original sound either replaced by the new speech or kept
 * under it as a bed ducked while the new voice speaks (keep_original_audio). The original sound is
 * a 1 kHz tone, so it can be measured in the output apart from the speech.
 */
const TONE_HZ = 1000;
const RATE = 16_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-dub-'));
const source = path.join(dir, 'source.mp4');
const SEGMENTS = [
  { start: 0.5, end: 3, text: 'Guten Morgen, hier ist die neue Lampe.' },
  // Far too long for its 1.3 s: said faster, then it runs into the pause before the third.
  { start: 3.2, end: 4.5, text: 'Diese Lampe beleuchtet den ganzen Schreibtisch und alles, was darauf liegt.' },
  { start: 8.5, end: 10, text: 'Schönen Abend.' },
];

/** The output's sound as mono 16 kHz samples in [-1, 1]. */
function samplesOf(video: string): Float32Array {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', video, '-map', '0:a:0', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'], { maxBuffer: 1 << 28 });
  const s16 = new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
  return Float32Array.from(s16, (x) => x / 32768);
}

/** The tone's level (dBFS of its amplitude) between two times: a Goertzel filter at TONE_HZ. */
function toneDb(x: Float32Array, fromS: number, toS: number): number {
  const a = Math.round(fromS * RATE), b = Math.round(toS * RATE), n = b - a;
  assert.ok(n >= RATE * 0.3, `window ${fromS.toFixed(2)}-${toS.toFixed(2)} s is long enough`);
  const w = (2 * Math.PI * TONE_HZ) / RATE, c = 2 * Math.cos(w);
  let s1 = 0, s2 = 0;
  for (let i = a; i < b; i++) {
    const s0 = x[i]! + c * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - c * s1 * s2;
  return 20 * Math.log10((2 * Math.sqrt(Math.max(power, 1e-20))) / n);
}

describe('dub: segments fitted to their time, the original sound replaced or kept ducked', () => {
  let engine: EspeakProcess;
  let replaced: DubResult;
  let kept: DubResult;
  before(async () => {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=160x90:r=10:d=12', '-f', 'lavfi', '-i', `sine=frequency=${TONE_HZ}:sample_rate=48000:d=12`, '-af', 'volume=-12dB', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', source]);
    engine = new EspeakProcess();
    const dub = (keepOriginal: boolean) => dubVideo({ videoPath: source, segments: SEGMENTS, language: 'german', voiceId: 'de-f1', keepOriginal, burnCaptions: false, workDir: path.join(dir, String(keepOriginal)) }, { engine: { espeak: engine } });
    replaced = await dub(false);
    kept = await dub(true);
  });
  after(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says a too-long segment faster, at most MAX_RATE, and moves what is left into the next pause; the others at their natural pace and times', () => {
    const [a, b, c] = replaced.placements;
    assert.deepEqual(replaced.rates.map((r) => r <= MAX_RATE), [true, true, true]);
    assert.equal(replaced.rates[0], 1, 'the first fits: natural pace');
    assert.ok(replaced.rates[1]! > 1.1, `the second is said faster (×${replaced.rates[1]})`);
    assert.ok(Math.abs(a!.start - 0.5) < 1e-9 && Math.abs(b!.start - 3.2) < 1e-9, 'the first two start where their originals did');
    assert.ok(b!.end > 4.5 + 0.3, `the second still runs over its 4.5 s end (${b!.end.toFixed(2)} s): it runs into the pause`);
    assert.ok(Math.abs(c!.start - 8.5) < 1e-9, 'the pause before the third absorbed it: the third is at its time');
    for (let i = 1; i < replaced.placements.length; i++) assert.ok(replaced.placements[i]!.start >= replaced.placements[i - 1]!.end + MIN_GAP_S - 1e-9, 'never overlapping');
    // The words are where the placements say: each segment's first word within its placement.
    const firstWords = [0, 1, 2].map((k) => replaced.speech.words.find((w) => w.startMs >= replaced.placements[k]!.start * 1000 - 1));
    firstWords.forEach((w, k) => assert.ok(w && w.startMs < replaced.placements[k]!.end * 1000, `segment ${k} has its words in place`));
  });

  it('replaces the original sound by default, and keeps it ducked under the new speech with keepOriginal', () => {
    const off = samplesOf(replaced.videoPath);
    const on = samplesOf(kept.videoPath);
    const [a, b, c] = kept.placements;
    // A stretch with no speech (after the second segment's release, before the third's attack), and one under the first segment's words.
    const gap: [number, number] = [b!.end + 0.7, c!.start - 0.3];
    const under: [number, number] = [a!.start + 0.3, a!.start + 1.1];
    const gapOn = toneDb(on, ...gap), underOn = toneDb(on, ...under), gapOff = toneDb(off, ...gap);
    console.log(`tone: kept ${gapOn.toFixed(1)} dBFS in the pause, ${underOn.toFixed(1)} dBFS under speech; replaced ${gapOff.toFixed(1)} dBFS`);
    assert.ok(gapOn > -45, `the original sound is kept (${gapOn.toFixed(1)} dBFS in the pause)`);
    assert.ok(gapOn - underOn >= 6, `ducked under the new speech by ${(gapOn - underOn).toFixed(1)} dB (9 dB set)`);
    assert.ok(gapOn - gapOff >= 30, `replaced: the tone is gone (${gapOff.toFixed(1)} dBFS)`);
    assert.ok(Math.abs(kept.durationS - replaced.durationS) < 1e-9);
  });
});
