import type { Speech, WordTiming } from '../../src/pipeline/types.ts';
import { rmsEnvelope, type WavData } from '../../src/pipeline/speech/wav.ts';

/** What the waveform says about timings: are the words where the sound is (any engine). */

const WINDOW_MS = 10;

/** What the waveform says about a span: the share of 10 ms windows with energy. */
export class Energy {
  readonly env: Float64Array;
  readonly threshold: number;
  constructor(wav: WavData) {
    this.env = rmsEnvelope(wav, WINDOW_MS);
    const sorted = [...this.env].sort((a, b) => a - b);
    // -30 dB under the loud part of the speech: breath-quiet is silence, fricatives are not.
    this.threshold = sorted[Math.floor(sorted.length * 0.95)]! * 0.03;
  }
  voicedShare(fromMs: number, toMs: number): number {
    let n = 0;
    let v = 0;
    for (let i = Math.floor(fromMs / WINDOW_MS); i < Math.ceil(toMs / WINDOW_MS) && i < this.env.length; i++, n++) if (this.env[i]! > this.threshold) v++;
    return n ? v / n : 0;
  }
  /** Runs of silence at least minMs long, not counting the very start and end of the audio. */
  silences(minMs: number): [number, number][] {
    const out: [number, number][] = [];
    let run = 0;
    for (let i = 0; i < this.env.length; i++) {
      if (this.env[i]! <= this.threshold) run++;
      else {
        if (run * WINDOW_MS >= minMs && i - run > 0) out.push([(i - run) * WINDOW_MS, i * WINDOW_MS]);
        run = 0;
      }
    }
    return out;
  }
}

export const sounding = (s: Speech) => s.words.filter((w) => w.endMs > w.startMs);

/** The alignment checks of the issue; returns the problems found (empty = aligned). */
export function alignmentProblems(s: Speech, energy: Energy, words: readonly WordTiming[] = s.words): string[] {
  const problems: string[] = [];
  const spoken = words.filter((w) => w.endMs > w.startMs);
  const shares = spoken.map((w) => energy.voicedShare(w.startMs, w.endMs));
  // Stop closures (the silent part of t, k, d) are inside words, so not every window of a word
  // sounds: a short word ending in a stop ("một", "at") is about half silence.
  shares.forEach((share, i) => {
    if (share < 0.5) problems.push(`word "${spoken[i]!.text}" [${spoken[i]!.startMs}-${spoken[i]!.endMs}] is only ${Math.round(share * 100)}% voiced`);
  });
  const mean = shares.reduce((a, b) => a + b, 0) / Math.max(1, shares.length);
  if (mean < 0.85) problems.push(`words are ${Math.round(mean * 100)}% voiced on average`);
  for (const [a, b] of energy.silences(150)) {
    for (const w of spoken) {
      const overlap = Math.min(b, w.endMs) - Math.max(a, w.startMs);
      if (overlap > 80) problems.push(`silence ${a}-${b} ms lies inside word "${w.text}" [${w.startMs}-${w.endMs}]`);
    }
  }
  for (let i = 1; i < s.sentences.length; i++) {
    const gapFrom = s.sentences[i - 1]!.endMs + 20;
    const gapTo = s.sentences[i]!.startMs - 20;
    if (gapTo - gapFrom < 100) problems.push(`no pause between sentences ${i - 1} and ${i}`);
    else if (energy.voicedShare(gapFrom, gapTo) > 0.1) problems.push(`the pause before sentence ${i} is not silent`);
  }
  return problems;
}

