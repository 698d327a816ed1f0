import type { WordTiming } from '../types.ts';

/**
 * The narration mix as data: which stretches are speech, the music gain curve that ducks under
 * them, and the two ffmpeg command lines (probe, then render) that set the loudness. Pure.
 *
 * Ducking is volume automation computed from the engine's word timings, not a sidechain
 * compressor: we know exactly when the voice speaks, so the bed can start to dip just before a
 * sentence (a compressor only reacts after the voice starts) and does not pump on every syllable.
 */

export interface Region {
  startS: number;
  endS: number;
}

export interface DuckOptions {
  /** Gain of the bed under speech, dB (negative). */
  depthDb: number;
  /** The bed starts dipping this long before speech. */
  attackS: number;
  /** ...and comes back up over this long after it. */
  releaseS: number;
  /** Gaps between words shorter than this stay ducked (sentence pauses do not pump). */
  mergeGapS: number;
}

export const DEFAULT_DUCK: DuckOptions = { depthDb: -9, attackS: 0.12, releaseS: 0.45, mergeGapS: 0.7 };

export interface LoudnessTarget {
  /** Integrated loudness, LUFS. */
  i: number;
  /** Maximum true peak, dBTP (below the -1 dBTP limit: AAC adds a few tenths). */
  tp: number;
  /** Loudness range: wide, so speech is normalised linearly, not compressed. */
  lra: number;
}

export const DEFAULT_TARGET: LoudnessTarget = { i: -14, tp: -2, lra: 20 };

/** Speech stretches: sounding words, with short gaps between them merged. */
export function speechRegions(words: readonly WordTiming[], mergeGapS: number): Region[] {
  const out: Region[] = [];
  for (const w of words) {
    if (w.endMs <= w.startMs) continue;
    const r = { startS: w.startMs / 1000, endS: w.endMs / 1000 };
    const last = out[out.length - 1];
    if (last && r.startS - last.endS <= mergeGapS) last.endS = Math.max(last.endS, r.endS);
    else out.push(r);
  }
  return out;
}

const f = (n: number) => (Math.round(n * 1000) / 1000).toString();

/** How far (0..1) the bed is ducked at time t: ramps of attack before and release after each region. */
export function duckAmountAt(regions: readonly Region[], d: DuckOptions, t: number): number {
  let amount = 0;
  for (const r of regions) {
    const a = r.startS - d.attackS;
    const b = r.endS + d.releaseS;
    amount = Math.max(amount, Math.min(1, Math.max(0, Math.min((t - a) / d.attackS, (b - t) / d.releaseS))));
  }
  return amount;
}

/** Linear gain of the bed at time t (1 in the open, 10^(depth/20) under speech). */
export function duckGainAt(regions: readonly Region[], d: DuckOptions, t: number): number {
  return 1 - (1 - Math.pow(10, d.depthDb / 20)) * duckAmountAt(regions, d, t);
}

/** The same curve as an ffmpeg expression of t, for `volume=...:eval=frame`. */
export function duckExpression(regions: readonly Region[], d: DuckOptions): string {
  if (regions.length === 0) return '1';
  // Negative numbers in parentheses: "t--0.07" is not an expression every parser reads the same way.
  const n = (x: number) => (x < 0 ? `(${f(x)})` : f(x));
  const ramps = regions.map((r) => `clip(min((t-${n(r.startS - d.attackS)})/${n(d.attackS)},(${n(r.endS + d.releaseS)}-t)/${n(d.releaseS)}),0,1)`);
  const amount = ramps.reduce((acc, x) => `max(${acc},${x})`);
  return `1-${f(1 - Math.pow(10, d.depthDb / 20))}*${amount}`;
}

export interface MixPlan {
  voicePath: string;
  /** Music file, looped if shorter than the mix; null for voice only. */
  musicPath: string | null;
  /** Applied to the music before ducking (sets the bed against the voice). */
  musicGainDb: number;
  /** Length of the mix: narration plus tail. */
  totalS: number;
  fadeInS: number;
  fadeOutS: number;
  regions: Region[];
  duck: DuckOptions;
  target: LoudnessTarget;
  sampleRate: number;
  /**
   * Band limit before the limiter, Hz. AAC drops what lies above its own cutoff (~16-17 kHz at
   * 160 kb/s); peaks limited with those harmonics still in them come back higher once the encoder
   * has removed them (a full-scale square burst limited to -2 dBTP measured -1.3 dBTP in the MP4,
   * -2.0 dBTP with this low-pass). Nothing of the 22 kHz voice lies up there.
   */
  bandLimitHz: number;
}


/**
 * Loudness: one gain to reach the target, then an oversampled look-ahead limiter for the peaks the
 * gain pushes over the true-peak ceiling. One gain, no AGC: the bed's level against the voice
 * stays as planned (loudnorm's dynamic mode would lift quiet passages such as the music tail).
 * The limiter runs at 4x the rate so it sees inter-sample peaks, and compensates its look-ahead
 * so the audio stays aligned with the word timings. Pass 1 (probe) measures what a first-guess
 * gain gives after the limiter; pass 2 (render) corrects the gain by the difference.
 */
export type LoudnessStage = { kind: 'probe' | 'render'; gainDb: number };

function loudnessStage(plan: MixPlan, stage: LoudnessStage): string {
  const limit = f(Math.pow(10, plan.target.tp / 20));
  return [
    `volume=${f(stage.gainDb)}dB`,
    `lowpass=f=${plan.bandLimitHz}:p=2`,
    `aresample=${plan.sampleRate * 4}`,
    `alimiter=limit=${limit}:attack=2:release=60:level=0:latency=1`,
    `aresample=${plan.sampleRate}`,
    // A pass-through meter whose summary reports the result; true peak only where it is kept.
    stage.kind === 'render' ? 'ebur128=peak=true' : 'ebur128',
  ].join(',');
}

/** The filter graph: voice (mono → stereo, padded to the mix length) + ducked, faded bed → loudness stage. */
export function mixFilterGraph(plan: MixPlan, stage: LoudnessStage): string {
  const sr = plan.sampleRate;
  const voice = `[0:a]aresample=${sr},pan=stereo|c0=c0|c1=c0,apad=whole_dur=${f(plan.totalS)}`;
  const tail = `${loudnessStage(plan, stage)},atrim=duration=${f(plan.totalS)}[out]`;
  if (!plan.musicPath) return `${voice},${tail}`;
  const bed = [
    `[1:a]aresample=${sr},aformat=channel_layouts=stereo`,
    `atrim=duration=${f(plan.totalS)}`,
    'asetpts=PTS-STARTPTS',
    `volume=${f(plan.musicGainDb)}dB`,
    // 10 ms frames: the gain curve is evaluated per frame, so short frames keep it smooth.
    `asetnsamples=n=${Math.round(sr / 100)}`,
    `volume='${duckExpression(plan.regions, plan.duck)}':eval=frame`,
    `afade=t=in:st=0:d=${f(plan.fadeInS)}`,
    `afade=t=out:st=${f(Math.max(0, plan.totalS - plan.fadeOutS))}:d=${f(plan.fadeOutS)}`,
  ].join(',');
  return `${voice}[v];${bed}[m];[v][m]amix=inputs=2:duration=first:normalize=0,${tail}`;
}

function inputs(plan: MixPlan): string[] {
  const args = ['-i', plan.voicePath];
  if (plan.musicPath) args.push('-stream_loop', '-1', '-i', plan.musicPath);
  return args;
}

/** Pass 1: what the premix measures after `gainDb` and the limiter (ebur128 summary on stderr). */
export function probeArgs(plan: MixPlan, gainDb: number): string[] {
  return ['-y', ...inputs(plan), '-filter_complex', mixFilterGraph(plan, { kind: 'probe', gainDb }), '-map', '[out]', '-f', 'null', '-'];
}

/**
 * Pass 2: the mix itself; ebur128 reports what was rendered. Lossless (.wav, .flac): the one lossy
 * encode of a video's audio happens when it is muxed into the MP4. .m4a only for stand-alone use.
 */
export function renderArgs(plan: MixPlan, gainDb: number, outPath: string): string[] {
  const codec = outPath.endsWith('.wav') ? ['-c:a', 'pcm_s16le'] : outPath.endsWith('.flac') ? ['-c:a', 'flac'] : ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart'];
  return ['-y', ...inputs(plan), '-filter_complex', mixFilterGraph(plan, { kind: 'render', gainDb }), '-map', '[out]', '-ar', String(plan.sampleRate), ...codec, outPath];
}

export interface Ebur128Summary {
  integratedLufs: number;
  truePeakDb: number;
}

/** The "Summary:" block ebur128 logs at the end (integrated loudness, true peak). */
export function parseEbur128(stderr: string): Ebur128Summary {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const i = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary);
  const p = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary);
  if (!i) throw new Error('ebur128 printed no summary');
  const num = (x: string | undefined) => (x === undefined || x === '-inf' ? -Infinity : Number(x));
  return { integratedLufs: num(i[1]), truePeakDb: num(p?.[1]) };
}
