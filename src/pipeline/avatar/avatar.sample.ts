/**
 * A made-up narration with espeak-style phoneme timings, for previews, tests and benchmarks of
 * the avatar without running TTS. Durations are typical of English at ~150 words a minute.
 */
import type { PhonemeTiming, Script, SceneCue, Speech, WordTiming } from '../types.ts';

interface SampleSentence {
  words: Array<[string, string]>;
  cue: Partial<SceneCue> & Pick<SceneCue, 'kind' | 'gesture'>;
}

const SENTENCES: SampleSentence[] = [
  {
    // "Tired of lukewarm coffee?"
    words: [['Tired', 't aI @ d'], ['of', '@ v'], ['lukewarm', 'l u: k w O: m'], ['coffee', 'k 0 f i:']],
    cue: { kind: 'hook', gesture: 'open' },
  },
  {
    // "Meet the Thermo bottle."
    words: [['Meet', 'm i: t'], ['the', 'D @'], ['Thermo', 'T 3: m oU'], ['bottle', 'b 0 t @ L']],
    cue: { kind: 'intro', gesture: 'point' },
  },
  {
    // "It keeps drinks hot for twelve hours."
    words: [['It', 'I t'], ['keeps', 'k i: p s'], ['drinks', 'd r I N k s'], ['hot', 'h 0 t'], ['for', 'f O:'], ['twelve', 't w E l v'], ['hours', 'aU @ z']],
    cue: { kind: 'point', gesture: 'count', pointIndex: 0 },
  },
  {
    // "Grab yours today."
    words: [['Grab', 'g r a b'], ['yours', 'j O: z'], ['today', 't @ d eI']],
    cue: { kind: 'cta', gesture: 'nod' },
  },
];

const DURATION_MS: Record<string, number> = { vowel: 115, long: 150, diphthong: 180, plosive: 65, other: 75 };
const VOWEL = /^[aAeEiIoOuU@03V&]/;

function durationOf(p: string): number {
  if (/^(aI|aU|OI|eI|oU)/.test(p)) return DURATION_MS.diphthong!;
  if (VOWEL.test(p)) return p.includes(':') ? DURATION_MS.long! : DURATION_MS.vowel!;
  if (/^[pbtdkg]$/.test(p)) return DURATION_MS.plosive!;
  return DURATION_MS.other!;
}

/** Speech and script for the sample narration; `sentencePauseMs` of silence between sentences. */
export function sampleNarration(sentencePauseMs = 450): { speech: Speech; script: Script } {
  const phonemes: PhonemeTiming[] = [];
  const words: WordTiming[] = [];
  const sentences: Speech['sentences'] = [];
  let t = 300;
  phonemes.push({ phoneme: '_', startMs: 0, endMs: t });
  SENTENCES.forEach((s, i) => {
    const start = t;
    for (const [text, ph] of s.words) {
      const w0 = t;
      for (const p of ph.split(' ')) {
        const d = durationOf(p);
        phonemes.push({ phoneme: p, startMs: t, endMs: t + d });
        t += d;
      }
      words.push({ text, startMs: w0, endMs: t, sentence: i });
    }
    sentences.push({ startMs: start, endMs: t });
    phonemes.push({ phoneme: '_:', startMs: t, endMs: t + sentencePauseMs });
    t += sentencePauseMs;
  });
  const texts = ['Tired of lukewarm coffee?', 'Meet the Thermo bottle.', 'It keeps drinks hot for twelve hours.', 'Grab yours today.'];
  const script: Script = {
    language: 'en',
    style: 'Feature Explainer',
    lengthS: 15,
    sentences: SENTENCES.map((s, i) => ({
      text: texts[i]!,
      cue: { imageIndex: null, pointIndex: null, overlay: null, ...s.cue },
    })),
    text: texts.join(' '),
    source: 'builtin',
  };
  const speech: Speech = { wavPath: '', sampleRate: 22050, durationMs: t, voiceId: 'sample', words, phonemes, sentences };
  return { speech, script };
}
