import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../../catalog/languages.ts';
import type { MixReport } from '../mix/mix.ts';
import { mixSpeech, NarrationError, spokenSentences, type NarrateDeps } from '../narrate.ts';
import { estimateScriptS, LANGUAGE_PROFILES } from '../script/rates.ts';
import { speak, type SaidSentences } from '../speech/speech.service.ts';
import type { Narration, Script, Speech } from '../types.ts';
import { dropPlan, LENGTH_RULES, mixLengthS, nextAttempt, pausePlan, ratePlan, showcaseScene, type Attempt, type LengthRules } from './decide.ts';

/**
 * The thin runner of length fitting (decisions in decide.ts): write → speak → measure, rewrite
 * with a measured paceScale while the target is out of reach, then finish the best attempt with
 * the rate and pauses (middle sentences dropped first if even the fastest rate is too slow), and
 * mix to the decided length. An override script is said as written and
 * sets the length itself (plain mix, no fitting).
 */

export interface FitNarrationInput {
  /** Writes the video's script for a paceScale (writeScript with the video's input). */
  write: (paceScale: number) => Promise<Script>;
  /** The set length (15, 30, 60). */
  lengthS: number;
  voiceId: string;
  musicId: number | null;
  workDir: string;
}

export interface FitReport {
  attempts: Attempt[];
  /** Index of the attempt used. */
  chosen: number;
  /** Sentences of it left out (dropPlan: still too long at the fastest rate). */
  dropped: number[];
  rateScale: number;
  /** Silence added after each sentence, s. */
  pausesS: number[];
  /** End of the last word in the final speech, s. */
  endS: number;
  /** Length of the mix (= the video), s. */
  totalS: number;
}

export interface FittedNarration {
  narration: Narration;
  mix: MixReport;
  /** null: an override script (not fitted). */
  fit: FitReport | null;
}

export async function narrateToLength(input: FitNarrationInput, deps: NarrateDeps, rules: LengthRules = LENGTH_RULES): Promise<FittedNarration> {
  const { lengthS, voiceId, workDir } = input;
  await fs.mkdir(workDir, { recursive: true });
  const tried: { script: Script; speech: Speech; m: Attempt }[] = [];
  // Every take's sentences, so a take that only adds pauses (or repeats a sentence at its rate) says nothing again.
  const takes: SaidSentences = new Map();
  let pace = 1;
  for (;;) {
    const script = await input.write(pace);
    if (script.sentences.length === 0) throw new NarrationError('the script has no sentences');
    if (script.source === 'override') {
      const speech = await speak({ sentences: spokenSentences(script), voiceId, outDir: workDir }, deps.engine);
      // Not fitted, but it ends like a fitted one: about 1 s after the last word, never 2 s of silence.
      const totalS = Math.max(speech.durationMs / 1000, lastWordEndS(speech) + rules.aimTailS);
      return { ...(await mixSpeech({ script, speech, voiceId, musicId: input.musicId, workDir }, { ...deps, mix: { ...deps.mix, totalS } })), fit: null };
    }
    // A rewrite that came out word for word the same (the writer had no other choice) is not spoken again.
    const said = spokenSentences(script).join('\n');
    const same = tried.find((t) => spokenSentences(t.script).join('\n') === said);
    const speech = same?.speech ?? (await speak({ sentences: spokenSentences(script), voiceId, outDir: workDir, fileName: `speech.try${tried.length}.wav`, said: takes }, deps.engine));
    tried.push({ script, speech, m: measure(script, speech, pace) });
    const next = nextAttempt(tried.map((t) => t.m), lengthS, rules, same !== undefined);
    if (next.kind === 'rewrite') {
      pace = next.paceScale;
      continue;
    }
    let { script: chosen, m, speech: speech1 } = tried[next.best]!;
    const drop = dropPlan(m, sentenceSeconds(speech1), chosen.sentences.map((s) => s.cue.kind), lengthS, rules);
    if (drop.length > 0) {
      chosen = withoutSentences(chosen, drop);
      speech1 = await speak({ sentences: spokenSentences(chosen), voiceId, outDir: workDir, fileName: 'speech.drop.wav', said: takes }, deps.engine);
      m = measure(chosen, speech1, m.paceScale);
    }
    const sentences = spokenSentences(chosen);
    const rateScale = ratePlan(m, lengthS, rules);
    if (rateScale !== 1) speech1 = await speak({ sentences, voiceId, outDir: workDir, fileName: 'speech.rate.wav', rateScale, said: takes }, deps.engine);
    const pausesS = pausePlan(lastWordEndS(speech1), sentences.length, lengthS, rules, m.beatsS, m.showcase);
    let final = speech1;
    if (pausesS.some((p) => p > 0))
      final = await speak({ sentences, voiceId, outDir: workDir, fileName: 'speech.paused.wav', rateScale, pausesMs: pausesS.map((p) => p * 1000), said: takes }, deps.engine);
    // The chosen take becomes speech.wav; the other takes go.
    const wavPath = path.join(workDir, 'speech.wav');
    await fs.rename(final.wavPath, wavPath);
    final = { ...final, wavPath };
    for (const f of await fs.readdir(workDir)) if (/^speech\.(try\d+|drop|rate|paused)\.wav$/.test(f)) await fs.rm(path.join(workDir, f), { force: true });
    const endS = lastWordEndS(final);
    const totalS = mixLengthS(endS, lengthS, rules);
    const done = await mixSpeech({ script: chosen, speech: final, voiceId, musicId: input.musicId, workDir }, { ...deps, mix: { ...deps.mix, totalS } });
    return { ...done, fit: { attempts: tried.map((t) => t.m), chosen: next.best, dropped: drop, rateScale, pausesS, endS, totalS } };
  }
}

/** Time each sentence takes in the speech, up to the next one's start (its pauses included). */
function sentenceSeconds(speech: Speech): number[] {
  const s = speech.sentences;
  return s.map((x, i) => ((i + 1 < s.length ? s[i + 1]!.startMs : speech.durationMs) - x.startMs) / 1000);
}

function withoutSentences(script: Script, drop: readonly number[]): Script {
  const sentences = script.sentences.filter((_, i) => !drop.includes(i));
  return { ...script, sentences, text: sentences.map((s) => s.text).join(LANGUAGE_PROFILES[script.language as Language].joiner) };
}

function measure(script: Script, speech: Speech, paceScale: number): Attempt {
  return {
    paceScale,
    estimatedS: estimateScriptS(spokenSentences(script), script.language as Language),
    speechS: speech.durationMs / 1000,
    endS: lastWordEndS(speech),
    sentences: script.sentences.length,
    beatsS: script.sentences.map((s) => s.cue.readS ?? 0),
    showcase: script.sentences.map((s) => showcaseScene(s.cue)),
  };
}

/** End of the last word that sounds (the WAV runs on through the engine's end pause). */
export function lastWordEndS(speech: Pick<Speech, 'words' | 'durationMs'>): number {
  let end = 0;
  for (const w of speech.words) if (w.endMs > w.startMs) end = Math.max(end, w.endMs);
  return (end || speech.durationMs) / 1000;
}
