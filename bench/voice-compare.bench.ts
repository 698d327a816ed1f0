/**
 * Flite's clustergen US male (`en-us-rms`) against espeak-ng's male voice (`en-us-m1`), measured,
 * since nobody can listen here (docs/narration.md, "Flite clustergen US male"). The same ten
 * English sentences through each voice (speak(), the real engines), and per voice:
 *
 * - RTF: wall time of speak() per second of audio (machine load printed; it inflates this);
 * - F0 median and F0 spread (semitone standard deviation over voiced frames: intonation range);
 * - F0 step: median |change| between consecutive 10 ms voiced frames in semitones (micro-prosody;
 *   a perfectly smooth rule contour gives ≈ 0);
 * - HNR: median harmonics-to-noise ratio of voiced frames, 10·log10(r / (1 − r)) from the
 *   normalised autocorrelation peak (recorded modal voices sit around 10-20 dB; a pure pulse
 *   train far higher);
 * - spectral flatness of voiced frames, 0-8 kHz (0 = pure tones, 1 = white noise);
 * - voiced share of the speech frames.
 *
 * Festival's `en-us-slt` and espeak-ng's `en-us-f1` are measured too (when Festival is installed)
 * as a calibration pair: a recorded-voice statistical voice against a formant voice, female.
 *
 *   npm run bench:voice-compare
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import FFT from 'fft.js';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { festivalInstalled, sharedFestival } from '../src/pipeline/speech/festival/festival.client.ts';
import { fliteInstalled } from '../src/pipeline/speech/flite/flite.installed.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { readWav } from '../src/pipeline/speech/wav.ts';

const SENTENCES = [
  'Meet the lamp that finally fits your desk.',
  'It charges your phone while you work, without a single cable.',
  'Three brightness levels, one gentle touch.',
  'The aluminium arm folds flat when you travel.',
  'Are you tired of squinting at your screen after sunset?',
  'Warm light in the evening, cool light in the morning.',
  'Setting it up takes less than a minute.',
  'Thousands of designers already use it every day.',
  'Order today and get free shipping across the country.',
  'Your desk deserves better light.',
];

interface Frame {
  f0: number;
  r: number;
}

/** Voiced frames (40 ms, 10 ms hop): F0 by normalised autocorrelation with parabolic refinement, and the peak's height r. */
function voicedFrames(x: Float32Array, rate: number): { frames: (Frame | null)[]; speech: number } {
  const win = Math.round(rate * 0.04);
  const hop = Math.round(rate * 0.01);
  const minLag = Math.floor(rate / 400);
  const maxLag = Math.ceil(rate / 60);
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  const frames: (Frame | null)[] = [];
  let speech = 0;
  for (let at = 0; at + win + maxLag < x.length; at += hop) {
    let e0 = 0;
    for (let i = at; i < at + win; i++) e0 += x[i]! * x[i]!;
    if (Math.sqrt(e0 / win) < peak * 0.05) {
      frames.push(null);
      continue;
    }
    speech++;
    const rs = new Float64Array(maxLag + 2);
    for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
      let s = 0;
      let e1 = 0;
      for (let i = at; i < at + win; i++) {
        s += x[i]! * x[i + lag]!;
        e1 += x[i + lag]! * x[i + lag]!;
      }
      rs[lag] = s / Math.sqrt(e0 * e1 || 1);
    }
    let best = minLag;
    for (let lag = minLag; lag <= maxLag; lag++) if (rs[lag]! > rs[best]!) best = lag;
    const r = rs[best]!;
    if (r < 0.5) {
      frames.push(null);
      continue;
    }
    const [a, b, c] = [rs[best - 1]!, r, rs[best + 1]!];
    const shift = a - 2 * b + c !== 0 ? (0.5 * (a - c)) / (a - 2 * b + c) : 0;
    frames.push({ f0: rate / (best + Math.max(-0.5, Math.min(0.5, shift))), r });
  }
  return { frames, speech };
}

/** Median spectral flatness (0-8 kHz) of the voiced frames. */
function flatness(x: Float32Array, rate: number, frames: (Frame | null)[]): number[] {
  const size = 1024;
  const fft = new FFT(size);
  const out = fft.createComplexArray() as number[];
  const hop = Math.round(rate * 0.01);
  const top = Math.min(size / 2, Math.floor((8000 / rate) * size));
  const vals: number[] = [];
  frames.forEach((f, k) => {
    if (!f || k * hop + size > x.length) return;
    const input = new Array<number>(size);
    for (let i = 0; i < size; i++) input[i] = x[k * hop + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1)));
    fft.realTransform(out, input);
    let logSum = 0;
    let sum = 0;
    for (let b = 1; b < top; b++) {
      const p = out[2 * b]! ** 2 + out[2 * b + 1]! ** 2 + 1e-12;
      logSum += Math.log(p);
      sum += p;
    }
    const n = top - 1;
    vals.push(Math.exp(logSum / n) / (sum / n));
  });
  return vals;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};
const st = (f: number, ref: number) => 12 * Math.log2(f / ref);

async function measure(voiceId: string, espeak: EspeakProcess, dir: string) {
  let wallMs = 0;
  let audioS = 0;
  const f0s: number[] = [];
  const spreads: number[] = [];
  const steps: number[] = [];
  const hnrs: number[] = [];
  const flats: number[] = [];
  let voiced = 0;
  let speech = 0;
  let rate = 0;
  for (const [i, text] of SENTENCES.entries()) {
    const t = performance.now();
    const s = await speak({ sentences: [text], voiceId, outDir: dir, fileName: `${voiceId}-${i}.wav` }, espeak);
    wallMs += performance.now() - t;
    audioS += s.durationMs / 1000;
    const wav = await readWav(s.wavPath);
    rate = wav.sampleRate;
    const x = Float32Array.from(wav.samples, (v) => v / 32768);
    const { frames, speech: sp } = voicedFrames(x, wav.sampleRate);
    speech += sp;
    const v = frames.filter((f): f is Frame => f !== null);
    voiced += v.length;
    const med = median(v.map((f) => f.f0));
    f0s.push(...v.map((f) => f.f0));
    const semis = v.map((f) => st(f.f0, med));
    spreads.push(Math.sqrt(semis.reduce((a, b) => a + b * b, 0) / Math.max(1, semis.length)));
    for (let k = 1; k < frames.length; k++) if (frames[k] && frames[k - 1]) steps.push(Math.abs(st(frames[k]!.f0, frames[k - 1]!.f0)));
    hnrs.push(...v.map((f) => 10 * Math.log10(Math.min(f.r, 0.9999) / (1 - Math.min(f.r, 0.9999)))));
    flats.push(...flatness(x, wav.sampleRate, frames));
  }
  return { voiceId, rate, rtf: wallMs / 1000 / audioS, audioS, f0: median(f0s), spread: median(spreads), step: median(steps), hnr: median(hnrs), flat: median(flats), voicedShare: voiced / speech };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-voice-compare-'));
const espeak = new EspeakProcess();
const voices = [...(fliteInstalled() ? ['en-us-rms'] : []), 'en-us-m1', ...(festivalInstalled() ? ['en-us-slt'] : []), 'en-us-f1'];
console.log(`load before: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()} (${os.cpus().length} cores)`);
// One warm-up sentence per voice (process start, Festival's voice load) is left out of the figures.
for (const v of voices) await speak({ sentences: ['Warm up.'], voiceId: v, outDir: dir, fileName: `${v}-warm.wav` }, espeak);
console.log('voice        Hz     RTF    audio s  F0 med  F0 spread st  F0 step st  HNR dB  flatness  voiced');
for (const v of voices) {
  const m = await measure(v, espeak, dir);
  console.log(
    `${m.voiceId.padEnd(10)} ${String(m.rate).padStart(5)}  ${m.rtf.toFixed(3).padStart(6)}  ${m.audioS.toFixed(1).padStart(7)}  ${m.f0.toFixed(0).padStart(6)}  ${m.spread.toFixed(2).padStart(12)}  ${m.step.toFixed(3).padStart(10)}  ${m.hnr.toFixed(1).padStart(6)}  ${m.flat.toFixed(4).padStart(8)}  ${(m.voicedShare * 100).toFixed(0).padStart(5)} %`,
  );
}
console.log(`load after: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
await espeak.close();
if (festivalInstalled()) await sharedFestival().close();
fs.rmSync(dir, { recursive: true, force: true });
