import type { Speech } from '../types.ts';
import { readWav } from '../speech/wav.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { integratedLoudness } from './loudness.ts';
import {
  DEFAULT_DUCK,
  DEFAULT_TARGET,
  parseEbur128,
  probeArgs,
  renderArgs,
  speechRegions,
  type DuckOptions,
  type Ebur128Summary,
  type LoudnessTarget,
  type MixPlan,
} from './mix.args.ts';

export interface MixInput {
  speech: Pick<Speech, 'wavPath' | 'durationMs' | 'words'>;
  /** Music file and its integrated loudness (LUFS), or null for voice only. */
  music: { path: string; lufs: number } | null;
  /** .wav or .flac (lossless, for a video: the MP4 mux encodes once), or .m4a (AAC, stand-alone). */
  outPath: string;
}

export interface MixOptions {
  /** Bed level in the open, relative to the voice's loudness (LU). */
  bedRelativeLu?: number;
  /** Music continues this long after the last word (it fades out over fadeOutS). */
  tailS?: number;
  /**
   * The mix lasts at least this long (a video with a set length whose speech came out short holds
   * its end card, under the music's fade or in silence).
   */
  minTotalS?: number;
  /** Stops the mix's ffmpeg runs (a cancelled job). */
  signal?: AbortSignal;
  /** The mix lasts exactly this long (a length-fitted video: the runner decided its end); wins over tailS and minTotalS. */
  totalS?: number;
  fadeInS?: number;
  fadeOutS?: number;
  duck?: DuckOptions;
  target?: LoudnessTarget;
  timeoutMs?: number;
}

export interface MixReport {
  outPath: string;
  plan: MixPlan;
  voiceLufs: number;
  /** Probe passes: gains tried and what they gave after the limiter (1 or 2). */
  probes: { gainDb: number; result: Ebur128Summary }[];
  gainDb: number;
  /** The rendered audio before encoding, as ebur128 measured it. */
  result: Ebur128Summary;
  /** Render passes (2 only when the first missed the target by more than LOUDNESS_TOLERANCE_LU). */
  renders: number;
}

/**
 * The bed sits 9 LU under the voice in the open and 9 dB lower again under speech; after the last
 * word it comes up for a moment and fades out. The tail makes the mix longer than the speech: a
 * caller with a hard length (a 15 s video) passes a shorter tailS.
 */
export const MIX_DEFAULTS = { bedRelativeLu: -9, tailS: 2, fadeInS: 0.8, fadeOutS: 1.5, voiceOnlyTailS: 0.3 };

/** Plans the mix from the speech itself (pure apart from reading nothing: takes the voice loudness). */
export function planMix(input: MixInput, voiceLufs: number, opts: MixOptions = {}): MixPlan {
  const duck = opts.duck ?? DEFAULT_DUCK;
  const speechS = input.speech.durationMs / 1000;
  const music = input.music;
  return {
    voicePath: input.speech.wavPath,
    musicPath: music?.path ?? null,
    musicGainDb: music ? voiceLufs + (opts.bedRelativeLu ?? MIX_DEFAULTS.bedRelativeLu) - music.lufs : 0,
    totalS: opts.totalS ?? Math.max(speechS + (music ? (opts.tailS ?? MIX_DEFAULTS.tailS) : MIX_DEFAULTS.voiceOnlyTailS), opts.minTotalS ?? 0),
    fadeInS: opts.fadeInS ?? MIX_DEFAULTS.fadeInS,
    fadeOutS: opts.fadeOutS ?? MIX_DEFAULTS.fadeOutS,
    regions: speechRegions(input.speech.words, duck.mergeGapS),
    duck,
    target: opts.target ?? DEFAULT_TARGET,
    sampleRate: 48000,
    bandLimitHz: 16000,
  };
}

/** Voice + ducked music bed → loudness-normalised file (two ffmpeg passes). */
export async function mixNarration(input: MixInput, opts: MixOptions = {}): Promise<MixReport> {
  const wav = await readWav(input.speech.wavPath);
  const voiceLufs = integratedLoudness([wav.samples], wav.sampleRate, 1 / 32768);
  if (!Number.isFinite(voiceLufs)) throw new Error('the narration is silent: nothing to mix');
  const plan = planMix(input, voiceLufs, opts);
  const timeoutMs = opts.timeoutMs ?? 120_000;
  // The voice dominates the premix, so its loudness is a close first guess (+3 dB: it plays on
  // both channels, and BS.1770 adds the channels' power). The limiter takes more loudness the
  // harder it is driven, so the gain is found on the probe's curve (secant), then rendered once.
  // The curve's second point is probed beside the first, not after it (issue 29: each probe is
  // ~0.25 s of one core on the speech stage's critical path, the other core idle): a gain
  // SECOND_PROBE_DB hotter, about what the limiter takes from a spoken voice's first guess.
  const target = plan.target.i;
  const probe = async (gainDb: number) => ({ gainDb, result: parseEbur128((await runFfmpeg(probeArgs(plan, gainDb), { timeoutMs, signal: opts.signal })).stderr) });
  const g0 = target - (voiceLufs + STEREO_UPMIX_LU);
  const probes = await Promise.all([probe(g0), probe(g0 + SECOND_PROBE_DB)]);
  const [a, b] = probes as [(typeof probes)[0], (typeof probes)[0]];
  const near = (p: typeof a) => Math.abs(p.result.integratedLufs - target) <= PROBE_TOLERANCE_LU;
  let gainDb: number;
  if (near(a)) gainDb = a.gainDb;
  else if (near(b)) gainDb = b.gainDb;
  else {
    const slope = (b.result.integratedLufs - a.result.integratedLufs) / (b.gainDb - a.gainDb);
    gainDb = b.gainDb + (target - b.result.integratedLufs) / (Number.isFinite(slope) && slope > 0.2 ? slope : 1);
  }
  let result = parseEbur128((await runFfmpeg(renderArgs(plan, gainDb, input.outPath), { timeoutMs, signal: opts.signal })).stderr);
  let renders = 1;
  if (Math.abs(result.integratedLufs - target) > LOUDNESS_TOLERANCE_LU) {
    gainDb += target - result.integratedLufs;
    result = parseEbur128((await runFfmpeg(renderArgs(plan, gainDb, input.outPath), { timeoutMs, signal: opts.signal })).stderr);
    renders++;
  }
  return { outPath: input.outPath, plan, voiceLufs, probes, gainDb, result, renders };
}

const STEREO_UPMIX_LU = 10 * Math.log10(2);

/** How far from the target a render may land before it is redone with a corrected gain. */
export const LOUDNESS_TOLERANCE_LU = 0.5;
/** A probe this close to the target is rendered as is. */
const PROBE_TOLERANCE_LU = 0.15;
/** The second probe's gain over the first guess (the limiter took 0.3-0.6 LU of espeak voices' first guesses). */
const SECOND_PROBE_DB = 0.5;
