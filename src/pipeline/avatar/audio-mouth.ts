/**
 * Mouth shapes from a recording (pure): when the presenter lip-moves to the user's own audio there
 * are no phoneme timings, so the mouth follows the sound itself, frame by frame:
 * - openness from the loudness (RMS in dB between a noise gate and the recording's loud level),
 *   opening quickly and closing a little slower, exactly 0 under the gate;
 * - the shape from the spectrum: a high zero-crossing rate at lower loudness is a hiss (s, sh, f:
 *   teeth together, B), mostly low-frequency energy is a rounded vowel (o, u: E or F), the rest
 *   open vowels (C, or D when wide open);
 * - like the phoneme track, the shape leads the sound by one frame and no shape is held for less
 *   than two frames.
 */
import type { Viseme } from './avatar.types.ts';
import { frameCountFor } from './mouth.track.ts';

export interface AudioMouth {
  visemes: Viseme[];
  /** Per-frame opening 0..1 (0 exactly on rest frames). */
  open: Float32Array;
  /** Stretches of voice (gaps under 300 ms joined), for blinks and nods at phrase starts and ends. */
  voiced: { startMs: number; endMs: number }[];
  /** Per-frame RMS loudness in dBFS (tests, the bench). */
  db: Float32Array;
}

/** How far under the recording's loud level (95th percentile) the mouth is fully shut. */
const RANGE_DB = 32;
const ATTACK = 0.75;
const RELEASE = 0.45;
const JOIN_GAP_MS = 300;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return -120;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(p * (sorted.length - 1))))]!;
}

/** `samples`: mono PCM in [-1, 1] at `sampleRate`. */
export function mouthFromAudio(samples: Float32Array, sampleRate: number, fps: number, durationMs = (samples.length / sampleRate) * 1000): AudioMouth {
  const n = frameCountFor(durationMs, fps);
  const hop = sampleRate / fps;
  const db = new Float32Array(n);
  const zcr = new Float32Array(n);
  const low = new Float32Array(n);
  // One-pole low-pass near 700 Hz: the share of energy below it tells rounded vowels from open ones.
  const a = Math.exp((-2 * Math.PI * 700) / sampleRate);
  for (let f = 0; f < n; f++) {
    const from = Math.max(0, Math.floor((f - 0.5) * hop));
    const to = Math.min(samples.length, Math.floor((f + 1.5) * hop));
    let sum = 0;
    let lowSum = 0;
    let crossings = 0;
    let lp = 0;
    let prev = samples[from] ?? 0;
    for (let i = from; i < to; i++) {
      const x = samples[i]!;
      sum += x * x;
      lp = (1 - a) * x + a * lp;
      lowSum += lp * lp;
      if ((x >= 0) !== (prev >= 0)) crossings++;
      prev = x;
    }
    const count = Math.max(1, to - from);
    db[f] = 10 * Math.log10(sum / count + 1e-12);
    zcr[f] = crossings / count;
    low[f] = sum > 0 ? lowSum / sum : 0;
  }

  const dbs = Array.from(db);
  const loud = percentile(dbs, 0.95);
  const noise = percentile(dbs, 0.1);
  const gate = Math.max(loud - RANGE_DB, noise + 6, -60);
  const span = Math.max(6, loud - gate);

  const open = new Float32Array(n);
  const visemes: Viseme[] = new Array<Viseme>(n).fill('X');
  let level = 0;
  for (let f = 0; f < n; f++) {
    // The shape leads the sound by one frame.
    const g = Math.min(n - 1, f + 1);
    const target = db[g]! <= gate ? 0 : Math.min(1, ((db[g]! - gate) / span) ** 0.8);
    level += (target - level) * (target > level ? ATTACK : RELEASE);
    // Under the gate the lips close within a frame or two (a pause is seen at once).
    if (level < 0.06 || (target === 0 && level < 0.3)) {
      open[f] = 0;
      visemes[f] = 'X';
      continue;
    }
    let v: Viseme;
    if (zcr[g]! > 0.18 && level < 0.6) v = 'B';
    else if (low[g]! > 0.9) v = level > 0.5 ? 'E' : 'F';
    else v = level > 0.62 ? 'D' : 'C';
    visemes[f] = v;
    open[f] = v === 'B' ? Math.min(level, 0.3) : level;
  }

  // No shape for a single frame: it joins the run before it (the rest shape keeps its zero opening).
  for (let f = 1; f < n - 1; f++) {
    if (visemes[f] !== visemes[f - 1] && visemes[f] !== visemes[f + 1]) {
      visemes[f] = visemes[f - 1]!;
      if (visemes[f] === 'X') open[f] = 0;
      else if (open[f] === 0) open[f] = open[f - 1]!;
    }
  }

  const voiced: { startMs: number; endMs: number }[] = [];
  const frameMs = 1000 / fps;
  for (let f = 0; f < n; f++) {
    if (open[f] === 0) continue;
    const t = f * frameMs;
    const last = voiced[voiced.length - 1];
    if (last && t - last.endMs <= JOIN_GAP_MS) last.endMs = t + frameMs;
    else voiced.push({ startMs: t, endMs: t + frameMs });
  }
  return { visemes, open, voiced, db };
}
