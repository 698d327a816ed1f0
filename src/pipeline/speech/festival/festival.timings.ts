import type { SamplePhoneme, SampleWord } from '../timings.ts';
import { festivalText, type FestivalAnswer } from './festival.client.ts';

/**
 * Word and phoneme timings from Festival's utterance (pure). Festival's Token relation has one
 * item per whitespace-separated token of its input, each with the Words it was said as ("$29.99"
 * → five words); a token's span is the span of the segments under its words. The written words
 * are the input's own tokens, so captions show what the script says.
 */

/** Festival's US "radio" phone set → espeak-ng mnemonics (what mouth shapes and the aligner read). */
export const RADIO_TO_ESPEAK: Record<string, string> = {
  aa: 'A:', ae: 'a', ah: 'V', ao: 'O:', aw: 'aU', ax: '@', axr: '3', ay: 'aI', b: 'b', ch: 'tS', d: 'd', dh: 'D',
  eh: 'E', er: '3:', ey: 'eI', f: 'f', g: 'g', hh: 'h', ih: 'I', iy: 'i:', jh: 'dZ', k: 'k', l: 'l', m: 'm',
  n: 'n', ng: 'N', ow: 'oU', oy: 'OI', p: 'p', r: 'r', s: 's', sh: 'S', t: 't', th: 'T', uh: 'U', uw: 'u:',
  v: 'v', w: 'w', y: 'j', z: 'z', zh: 'Z', pau: '_', 'h#': '_', brth: '_',
};

const alnum = (s: string) => festivalText(s).toLowerCase().replace(/[^a-z0-9]/g, '');
const hasWordChars = (s: string) => /[\p{L}\p{N}]/u.test(s);
const trimEdges = (s: string) => s.replace(/^[^\p{L}\p{N}$€£%&@#]+|[^\p{L}\p{N}%]+$/gu, '') || s;

export function festivalTimings(text: string, answer: FestivalAnswer, sentence: number): { words: SampleWord[]; phonemes: SamplePhoneme[] } {
  const at = (s: number) => Math.min(answer.samples, Math.max(0, Math.round(s * answer.sampleRate)));

  const phonemes: SamplePhoneme[] = [];
  let prev = 0;
  for (const seg of answer.segments) {
    const start = prev;
    const end = Math.max(start, at(seg.end));
    prev = end;
    if (end === start) continue;
    const phoneme = RADIO_TO_ESPEAK[seg.name] ?? seg.name;
    const last = phonemes[phonemes.length - 1];
    if (phoneme === '_' && last?.phoneme === '_') last.end = end;
    else phonemes.push({ phoneme, start, end });
  }
  if (prev < answer.samples) {
    const last = phonemes[phonemes.length - 1];
    if (last?.phoneme === '_') last.end = answer.samples;
    else phonemes.push({ phoneme: '_', start: prev, end: answer.samples });
  }

  // Written tokens ↔ Festival tokens: one to one when the counts agree (the normal case), else by
  // consuming each written token's letters and digits with the Festival tokens' names.
  const written = text.split(/\s+/).filter(Boolean);
  // Tokens Festival was not given (nothing left after festivalText) have no Festival token.
  const given = written.map((w, i) => (festivalText(w) ? i : -1)).filter((i) => i >= 0);
  const owner: number[] = [];
  if (given.length === answer.tokens.length) answer.tokens.forEach((_, i) => owner.push(given[i]!));
  else {
    let w = 0;
    let rest = alnum(written[0] ?? '');
    for (const t of answer.tokens) {
      const name = alnum(t.name);
      while (w < written.length - 1 && rest === '') rest = alnum(written[++w]!);
      owner.push(w);
      rest = rest.startsWith(name) ? rest.slice(name.length) : '';
    }
  }
  const spans = written.map(() => ({ start: Infinity, end: -Infinity }));
  answer.tokens.forEach((t, i) => {
    if (!Number.isFinite(t.start) || !(t.end > t.start)) return;
    const s = spans[owner[i]!]!;
    s.start = Math.min(s.start, at(t.start));
    s.end = Math.max(s.end, at(t.end));
  });

  const words: SampleWord[] = [];
  let prevEnd = 0;
  written.forEach((w, i) => {
    const s = spans[i]!;
    if (!hasWordChars(w)) return;
    if (s.end > s.start) {
      words.push({ text: trimEdges(w), start: s.start, end: s.end, sentence });
      prevEnd = s.end;
    } else words.push({ text: trimEdges(w), start: prevEnd, end: prevEnd, sentence });
  });
  return { words, phonemes };
}
