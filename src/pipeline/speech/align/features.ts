import FFT from 'fft.js';
import type { AlignAudio } from './align.types.ts';

/**
 * Spectral features for alignment: MFCCs over 25 ms Hamming windows every HOP_MS, computed with
 * fft.js at the audio's own rate. The mel filters are placed in Hz (not in FFT bins), so audio at
 * 22050 Hz and at 44100 Hz give comparable features without resampling. Frame k is centred at
 * k × HOP_MS. Plain Float32Array loops; nothing is allocated per frame.
 */

export const HOP_MS = 10;
const WIN_MS = 25;
const MEL_BANDS = 26;
/** Cepstra 1..CEPS (c0 is replaced by the frame's log energy, floored at ENERGY_FLOOR_DB). */
export const CEPS = 12;
/** Cepstra, log energy, and the deltas of both. */
const BASE = CEPS + 1;
export const DIMS = BASE * 2;
/**
 * Digital silence gives every cepstrum 0, the centre of the speech's cloud after normalisation,
 * so without energy a pause would be "close" to any speech frame and DTW would happily pair them.
 */
const ENERGY_FLOOR_DB = -65;
/** The energy dimensions count this many times in the distance (after normalisation). */
export const ENERGY_WEIGHT = 2;

export interface Features {
  /** frames × DIMS, row-major. */
  data: Float32Array;
  frames: number;
  /** Log energy per frame (dB re full scale), for the silence finder. */
  energyDb: Float32Array;
}

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (m: number) => 700 * (10 ** (m / 2595) - 1);

interface Plan {
  win: number;
  size: number;
  fft: FFT;
  window: Float32Array;
  /** Per band: first bin, weights from there. */
  bandFrom: Int32Array;
  bandWeights: Float32Array[];
  dct: Float32Array;
}

function plan(sampleRate: number, fMax: number): Plan {
  const win = Math.round((sampleRate * WIN_MS) / 1000);
  let size = 1;
  while (size < win) size <<= 1;
  const window = new Float32Array(win);
  for (let i = 0; i < win; i++) window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (win - 1));
  const lo = mel(80);
  const hi = mel(fMax);
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) => hzOfMel(lo + ((hi - lo) * i) / (MEL_BANDS + 1)));
  const binHz = sampleRate / size;
  const bandFrom = new Int32Array(MEL_BANDS);
  const bandWeights: Float32Array[] = [];
  for (let b = 0; b < MEL_BANDS; b++) {
    const [l, c, r] = [edges[b]!, edges[b + 1]!, edges[b + 2]!];
    const from = Math.ceil(l / binHz);
    const to = Math.min(size / 2, Math.floor(r / binHz));
    const w = new Float32Array(Math.max(1, to - from + 1));
    for (let k = from; k <= to; k++) {
      const f = k * binHz;
      w[k - from] = f <= c ? (f - l) / (c - l) : (r - f) / (r - c);
    }
    bandFrom[b] = from;
    bandWeights.push(w);
  }
  const dct = new Float32Array(CEPS * MEL_BANDS);
  for (let c = 0; c < CEPS; c++) for (let b = 0; b < MEL_BANDS; b++) dct[c * MEL_BANDS + b] = Math.cos((Math.PI * (c + 1) * (b + 0.5)) / MEL_BANDS);
  return { win, size, fft: new FFT(size), window, bandFrom, bandWeights, dct };
}

/** Features of `audio` from sample `from` to `to` (default: all). fMax: highest mel edge, Hz. */
export function mfcc(audio: AlignAudio, fMax: number, from = 0, to = audio.samples.length): Features {
  const { samples, sampleRate } = audio;
  const p = plan(sampleRate, fMax);
  const hop = (sampleRate * HOP_MS) / 1000;
  const frames = Math.max(0, Math.floor((to - from) / hop) + 1);
  const data = new Float32Array(frames * DIMS);
  const energyDb = new Float32Array(frames);
  const input = new Float64Array(p.size);
  const out = p.fft.createComplexArray() as number[];
  const power = new Float64Array(p.size / 2 + 1);
  const logMel = new Float64Array(MEL_BANDS);
  const half = p.win >> 1;
  for (let f = 0; f < frames; f++) {
    const centre = from + Math.round(f * hop);
    let energy = 0;
    let prev = centre - half - 1 >= 0 ? samples[centre - half - 1]! : 0;
    for (let i = 0; i < p.win; i++) {
      const at = centre - half + i;
      const s = at >= 0 && at < samples.length ? samples[at]! : 0;
      energy += s * s;
      input[i] = (s - 0.97 * prev) * p.window[i]!; // pre-emphasis
      prev = s;
    }
    energyDb[f] = 10 * Math.log10(energy / p.win + 1e-10);
    p.fft.realTransform(out, input);
    for (let k = 0; k <= p.size / 2; k++) power[k] = out[2 * k]! * out[2 * k]! + out[2 * k + 1]! * out[2 * k + 1]!;
    for (let b = 0; b < MEL_BANDS; b++) {
      const w = p.bandWeights[b]!;
      const k0 = p.bandFrom[b]!;
      let sum = 0;
      for (let k = 0; k < w.length; k++) sum += w[k]! * power[k0 + k]!;
      logMel[b] = Math.log(sum + 1e-8);
    }
    const row = f * DIMS;
    for (let c = 0; c < CEPS; c++) {
      let sum = 0;
      for (let b = 0; b < MEL_BANDS; b++) sum += p.dct[c * MEL_BANDS + b]! * logMel[b]!;
      data[row + c] = sum;
    }
    data[row + CEPS] = Math.max(ENERGY_FLOOR_DB, energyDb[f]!);
  }
  addDeltas(data, frames);
  return { data, frames, energyDb };
}

/** Deltas (regression over ±2 frames) of the cepstra and energy into columns BASE..DIMS-1. */
function addDeltas(data: Float32Array, frames: number): void {
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < BASE; c++) {
      let num = 0;
      for (let k = 1; k <= 2; k++) {
        const a = data[Math.min(frames - 1, f + k) * DIMS + c]!;
        const b = data[Math.max(0, f - k) * DIMS + c]!;
        num += k * (a - b);
      }
      data[f * DIMS + BASE + c] = num / 10;
    }
  }
}

/** Zero mean and unit variance (ENERGY_WEIGHT for energy) per dimension over frames [from, to) (cepstral mean/variance normalisation). */
export function normalise(feat: Features, from = 0, to = feat.frames): void {
  const n = Math.max(1, to - from);
  for (let d = 0; d < DIMS; d++) {
    let sum = 0;
    let sq = 0;
    for (let f = from; f < to; f++) sum += feat.data[f * DIMS + d]!;
    const mean = sum / n;
    for (let f = from; f < to; f++) sq += (feat.data[f * DIMS + d]! - mean) ** 2;
    const weight = d === CEPS || d === BASE + CEPS ? ENERGY_WEIGHT : 1;
    const sd = (Math.sqrt(sq / n) || 1) / weight;
    for (let f = 0; f < feat.frames; f++) feat.data[f * DIMS + d] = (feat.data[f * DIMS + d]! - mean) / sd;
  }
}
