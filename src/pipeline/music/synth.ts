import { integratedLoudness } from '../mix/loudness.ts';
import { mulberry32 } from '../../lib/random.ts';

/**
 * A small offline synthesizer: wavetable oscillators, plucked strings (Karplus-Strong), noise and
 * pitch-swept drums, sequenced from 16-step patterns. Deterministic: the same preset gives the
 * same samples on every machine (seeded PRNG, no wall clock, no Math.random).
 */

export const SAMPLE_RATE = 44100;

export type Wave = 'saw' | 'square' | 'triangle' | 'sine' | 'epiano';

export interface TrackPreset {
  id: number;
  slug: string;
  name: string;
  mood: string;
  bpm: number;
  /** MIDI note of the key's tonic (57 = A3). */
  key: number;
  scale: 'major' | 'minor';
  /** Scale degrees (0-based) of the chords, one per bar, looped. */
  progression: number[];
  /** 0 = straight, 0.5 = full triplet swing of the off-beat 16ths. */
  swing: number;
  /** 16-step patterns ('x' hit, '.' rest) or null for no drums. */
  drums: { kick: string; snare: string; hat: string; openHat?: string; clap?: string; level: number } | null;
  /** Steps: 'r' root, 'o' octave, 'f' fifth, '.' rest. */
  bass: { pattern: string; wave: Wave; level: number; cutoffHz: number };
  pad: { wave: Wave; level: number; octave: number; attackS: number; cutoffHz: number } | null;
  /** Steps: digit = chord tone index (0-3), '.' rest. */
  arp: { pattern: string; wave: Wave; level: number; octave: number; decayS: number } | null;
  /** Strummed plucked-string chords on the steps marked 'd' (down) / 'u' (up). */
  strum: { pattern: string; level: number } | null;
  /** Always-on high shaker ticks on every 16th (level) and vinyl crackle (level). */
  shaker: number;
  crackle: number;
}

// ---- primitives -------------------------------------------------------------------------

const prng = mulberry32;

const TABLE = 4096;
const tables = new Map<Wave, Float32Array>();

/** One band-limited cycle of each wave (few enough harmonics to stay under Nyquist for our notes). */
function table(wave: Wave): Float32Array {
  let t = tables.get(wave);
  if (t) return t;
  t = new Float32Array(TABLE + 1);
  for (let i = 0; i <= TABLE; i++) {
    const x = (2 * Math.PI * i) / TABLE;
    let v = 0;
    if (wave === 'sine') v = Math.sin(x);
    else if (wave === 'saw') for (let k = 1; k <= 24; k++) v += Math.sin(k * x) / k;
    else if (wave === 'square') for (let k = 1; k <= 23; k += 2) v += Math.sin(k * x) / k;
    else if (wave === 'triangle') for (let k = 1, s = 1; k <= 15; k += 2, s = -s) v += (s * Math.sin(k * x)) / (k * k);
    else v = Math.sin(x) + 0.35 * Math.sin(2 * x) + 0.12 * Math.sin(3 * x) + 0.05 * Math.sin(5 * x);
    t[i] = v;
  }
  let peak = 0;
  for (const v of t) peak = Math.max(peak, Math.abs(v));
  for (let i = 0; i <= TABLE; i++) t[i]! /= peak;
  tables.set(wave, t);
  return t;
}

const midiHz = (n: number) => 440 * Math.pow(2, (n - 69) / 12);

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] };

/** Chord tones (MIDI, root position seventh chord) of a scale degree. */
export function chordTones(preset: Pick<TrackPreset, 'key' | 'scale'>, degree: number): number[] {
  const sc = SCALES[preset.scale];
  const note = (d: number) => preset.key + sc[((d % 7) + 7) % 7]! + 12 * Math.floor(d / 7);
  return [note(degree), note(degree + 2), note(degree + 4), note(degree + 6)];
}

class Bus {
  readonly l: Float32Array;
  readonly r: Float32Array;
  constructor(readonly length: number) {
    this.l = new Float32Array(length);
    this.r = new Float32Array(length);
  }
  /** Adds a mono buffer at `at` samples, panned (-1 left .. 1 right, equal power). */
  add(src: Float32Array, at: number, gain: number, pan = 0): void {
    const gl = gain * Math.cos(((pan + 1) * Math.PI) / 4);
    const gr = gain * Math.sin(((pan + 1) * Math.PI) / 4);
    const n = Math.min(src.length, this.length - at);
    for (let i = Math.max(0, -at); i < n; i++) {
      this.l[at + i]! += src[i]! * gl;
      this.r[at + i]! += src[i]! * gr;
    }
  }
}

/** A wavetable note with an ADSR-ish envelope and a one-pole low-pass. */
function tone(wave: Wave, hz: number, lengthS: number, env: { a: number; d: number; s: number; r: number }, cutoffHz: number, detune = 0): Float32Array {
  const t = table(wave);
  const n = Math.round((lengthS + env.r) * SAMPLE_RATE);
  const out = new Float32Array(n);
  const inc = ((hz * Math.pow(2, detune / 1200)) / SAMPLE_RATE) * TABLE;
  const alpha = 1 - Math.exp((-2 * Math.PI * cutoffHz) / SAMPLE_RATE);
  const hold = Math.round(lengthS * SAMPLE_RATE);
  const attack = Math.max(1, Math.round(env.a * SAMPLE_RATE));
  // Exponential segments advance by a constant factor a sample: no exp() in the loop.
  const kd = Math.exp(-1 / (Math.max(env.d, 1e-4) * SAMPLE_RATE));
  const kr = Math.exp(-1 / (Math.max(env.r / 4, 1e-4) * SAMPLE_RATE));
  let decay = 1;
  let release = 1;
  let phase = 0;
  let lp = 0;
  for (let i = 0; i < n; i++) {
    const idx = phase | 0;
    const v = t[idx]! + (t[idx + 1]! - t[idx]!) * (phase - idx);
    phase += inc;
    if (phase >= TABLE) phase -= TABLE;
    let e: number;
    if (i < attack) e = i / attack;
    else {
      e = env.s + (1 - env.s) * decay;
      if (i < hold) decay *= kd;
      else {
        e *= release;
        release *= kr;
      }
    }
    lp += alpha * (v * e - lp);
    out[i] = lp;
  }
  return out;
}

/** Karplus-Strong plucked string. */
function pluck(hz: number, lengthS: number, rnd: () => number, damping = 0.996): Float32Array {
  const n = Math.round(lengthS * SAMPLE_RATE);
  const period = Math.max(2, Math.round(SAMPLE_RATE / hz));
  const ring = new Float32Array(period);
  for (let i = 0; i < period; i++) ring[i] = rnd() * 2 - 1;
  const out = new Float32Array(n);
  let p = 0;
  for (let i = 0; i < n; i++) {
    const next = (p + 1) % period;
    const v = ring[p]!;
    ring[p] = damping * 0.5 * (v + ring[next]!);
    out[i] = v;
    p = next;
  }
  return out;
}

function drumKit(rnd: () => number) {
  const len = (s: number) => Math.round(s * SAMPLE_RATE);
  const kick = new Float32Array(len(0.35));
  let ph = 0;
  for (let i = 0; i < kick.length; i++) {
    const t = i / SAMPLE_RATE;
    ph += (2 * Math.PI * (48 + 110 * Math.exp(-t / 0.03))) / SAMPLE_RATE;
    kick[i] = Math.sin(ph) * Math.exp(-t / 0.12) * Math.min(1, t / 0.002);
  }
  const noise = (n: number) => Float32Array.from({ length: n }, () => rnd() * 2 - 1);
  const highPass = (x: Float32Array, a: number) => {
    let prevX = 0;
    let prevY = 0;
    for (let i = 0; i < x.length; i++) {
      const y = a * (prevY + x[i]! - prevX);
      prevX = x[i]!;
      x[i] = prevY = y;
    }
    return x;
  };
  const decay = (x: Float32Array, tau: number) => {
    for (let i = 0; i < x.length; i++) x[i]! *= Math.exp(-i / SAMPLE_RATE / tau);
    return x;
  };
  const snare = decay(highPass(noise(len(0.25)), 0.7), 0.06);
  for (let i = 0; i < snare.length; i++) snare[i]! += 0.5 * Math.sin((2 * Math.PI * 185 * i) / SAMPLE_RATE) * Math.exp(-i / SAMPLE_RATE / 0.04);
  const hat = decay(highPass(noise(len(0.06)), 0.2), 0.012);
  const openHat = decay(highPass(noise(len(0.3)), 0.2), 0.09);
  const clap = highPass(noise(len(0.2)), 0.5);
  for (let i = 0; i < clap.length; i++) {
    const t = i / SAMPLE_RATE;
    const burst = t < 0.03 ? (Math.floor(t / 0.01) % 2 === 0 ? 1 : 0.3) : Math.exp(-(t - 0.03) / 0.05);
    clap[i]! *= burst;
  }
  const shaker = decay(highPass(noise(len(0.05)), 0.1), 0.01);
  return { kick, snare, hat, openHat, clap, shaker };
}

// ---- arrangement --------------------------------------------------------------------------

export interface RenderedTrack {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
  durationS: number;
  bars: number;
  lufs: number;
  peak: number;
}

/** Bars of 4/4 so that the track lasts about 72-80 s (whole 2-bar phrases). */
export function barsFor(bpm: number): number {
  const barS = (4 * 60) / bpm;
  return 2 * Math.ceil(72 / barS / 2);
}

export function trackDurationS(bpm: number): number {
  return (barsFor(bpm) * 4 * 60) / bpm;
}

/** Target loudness of every library track, so the mixer knows the bed level without measuring. */
export const TRACK_LUFS = -16;

export function renderTrack(p: TrackPreset): RenderedTrack {
  const rnd = prng(p.id * 7919 + 17);
  const bars = barsFor(p.bpm);
  const barS = (4 * 60) / p.bpm;
  const stepS = barS / 16;
  const durationS = bars * barS;
  const total = Math.round(durationS * SAMPLE_RATE);
  const bus = new Bus(total);
  const kit = drumKit(rnd);
  const at = (bar: number, step: number) => Math.round((bar * barS + step * stepS + (step % 2 === 1 ? p.swing * stepS : 0)) * SAMPLE_RATE);
  const hit = (pattern: string | undefined, step: number) => pattern !== undefined && pattern[step] === 'x';

  for (let bar = 0; bar < bars; bar++) {
    const intro = bar < 2;
    const outro = bar >= bars - 2;
    const chord = chordTones(p, p.progression[bar % p.progression.length]!);
    // Phrases of 8 bars: the arpeggio plays in the second half of each (always, if it carries the harmony alone).
    const arpOn = p.arp !== null && !intro && !outro && (p.pad === null || bar % 8 >= 4);

    if (p.pad) {
      for (const [i, n] of chord.entries()) {
        if (i === 3 && p.scale === 'major' && bar % 2 === 0) continue; // thinner voicing every other bar
        const hz = midiHz(n + 12 * (p.pad.octave - 4));
        for (const det of [-7, 7]) {
          const v = tone(p.pad.wave, hz, barS, { a: p.pad.attackS, d: 1, s: 0.8, r: 0.6 }, p.pad.cutoffHz, det);
          bus.add(v, at(bar, 0), p.pad.level / 4, det < 0 ? -0.5 : 0.5);
        }
      }
    }

    for (let step = 0; step < 16; step++) {
      const t = at(bar, step);
      if (p.drums && !outro) {
        const d = p.drums;
        if (!intro && hit(d.kick, step)) bus.add(kit.kick, t, d.level);
        if (!intro && hit(d.snare, step)) bus.add(kit.snare, t, d.level * 0.55, 0.05);
        if (!intro && hit(d.clap, step)) bus.add(kit.clap, t, d.level * 0.4, -0.1);
        if (hit(d.hat, step)) bus.add(kit.hat, t, d.level * (step % 4 === 0 ? 0.35 : 0.25), 0.3);
        if (!intro && hit(d.openHat, step)) bus.add(kit.openHat, t, d.level * 0.2, 0.3);
      }
      if (p.shaker > 0) bus.add(kit.shaker, t, p.shaker * (step % 2 === 0 ? 1 : 0.6), -0.35);

      const b = p.bass.pattern[step];
      if (b && b !== '.' && !intro) {
        let len = 1;
        while (step + len < 16 && p.bass.pattern[step + len] === '.' && len < 4) len++;
        const n = chord[0]! - 12 + (b === 'o' ? 12 : b === 'f' ? 7 : 0);
        const v = tone(p.bass.wave, midiHz(n), len * stepS * 0.9, { a: 0.004, d: 0.25, s: 0.6, r: 0.05 }, p.bass.cutoffHz);
        bus.add(v, t, p.bass.level);
      }

      if (arpOn && p.arp) {
        const c = p.arp.pattern[step];
        if (c && c !== '.') {
          const n = chord[Number(c) % 4]! + 12 * (p.arp.octave - 4);
          const v = tone(p.arp.wave, midiHz(n), p.arp.decayS, { a: 0.003, d: p.arp.decayS / 3, s: 0, r: 0.05 }, 6000);
          bus.add(v, t, p.arp.level, step % 4 < 2 ? -0.4 : 0.4);
        }
      }

      if (p.strum && !outro) {
        const s = p.strum.pattern[step];
        if (s === 'd' || s === 'u') {
          const notes = s === 'd' ? [chord[0]! - 12, ...chord.slice(0, 3), chord[0]! + 12] : [chord[0]! + 12, ...chord.slice(0, 3).reverse()];
          notes.forEach((n, i) => bus.add(pluck(midiHz(n), 1.2, rnd), t + Math.round(i * 0.012 * SAMPLE_RATE), p.strum!.level / 3, (i / notes.length - 0.5) * 0.6));
        }
      }
    }
  }

  if (p.crackle > 0) {
    for (let i = 0; i < total; i++) {
      if (rnd() < 0.0004) {
        const amp = p.crackle * (0.3 + rnd());
        for (let k = 0; k < 24 && i + k < total; k++) {
          const v = amp * Math.exp(-k / 4) * (k % 2 ? -1 : 1);
          bus.l[i + k]! += v;
          bus.r[i + k]! += v * 0.8;
        }
      }
    }
  }

  return master(bus, durationS, bars);
}

/** DC block, fades, loudness to TRACK_LUFS, soft-clip what still peaks above -1 dBFS. */
function master(bus: Bus, durationS: number, bars: number): RenderedTrack {
  const { l, r } = bus;
  for (const ch of [l, r]) {
    let px = 0;
    let py = 0;
    for (let i = 0; i < ch.length; i++) {
      const y = ch[i]! - px + 0.9995 * py;
      px = ch[i]!;
      ch[i] = py = y;
    }
  }
  const fadeIn = Math.round(0.4 * SAMPLE_RATE);
  const fadeOut = Math.round(3 * SAMPLE_RATE);
  for (let i = 0; i < l.length; i++) {
    const g = Math.min(1, i / fadeIn, (l.length - i) / fadeOut);
    l[i]! *= g;
    r[i]! *= g;
  }
  const gain = Math.pow(10, (TRACK_LUFS - integratedLoudness([l, r], SAMPLE_RATE)) / 20);
  const ceiling = 0.89;
  let peak = 0;
  for (const ch of [l, r]) {
    for (let i = 0; i < ch.length; i++) {
      let v = ch[i]! * gain;
      if (Math.abs(v) > 0.7) v = Math.sign(v) * (0.7 + (ceiling - 0.7) * Math.tanh((Math.abs(v) - 0.7) / (ceiling - 0.7)));
      ch[i] = v;
      peak = Math.max(peak, Math.abs(v));
    }
  }
  return { left: l, right: r, sampleRate: SAMPLE_RATE, durationS, bars, lufs: integratedLoudness([l, r], SAMPLE_RATE), peak };
}
