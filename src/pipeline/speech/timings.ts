import type { PhonemeTiming, SentenceTiming, WordTiming } from '../types.ts';
import type { PreparedSentence } from './speech.text.ts';

/**
 * Word, phoneme and sentence timings from the engine's own callback events. Nothing here is
 * estimated from text: a word lasts from its first to its last sounding phoneme, as the engine
 * reported them while it produced the samples. Pure; positions are in samples until `toMs`.
 */

/** [type, text position (1-based code points of the input), length, sample, number, name] */
export type EngineEvent = [number, number, number, number, number, string | null];

export const EV = { word: 1, sentence: 2, mark: 3, end: 5, phoneme: 7 } as const;

export interface SampleWord {
  text: string;
  start: number;
  end: number;
  sentence: number;
}

export interface SamplePhoneme {
  phoneme: string;
  start: number;
  end: number;
}

export const isPause = (phoneme: string) => phoneme.startsWith('_');

interface Owner {
  text: string;
  anchor: number;
  order: number;
  start: number;
  end: number;
}

/** Timings of one engine call, shifted by `offset` samples (where its audio starts in the narration). */
export function timingsFromEvents(
  prepared: PreparedSentence,
  call: { samples: number; events: readonly EngineEvent[] },
  sentence: number,
  offset: number,
): { words: SampleWord[]; phonemes: SamplePhoneme[] } {
  const owners: Owner[] = [];
  const raw: { name: string; start: number; owner: Owner | null }[] = [];
  let current: Owner | null = null;
  /** Per event-word owner: [from, to) in 1-based code points of the input. */
  const spans: [number, number][] = [];
  const byToken = new Map<number, Owner>();
  const tokenOwner = (k: number, sample: number): Owner | null => {
    if (prepared.mode !== 'marks' || !prepared.tokens[k]) return null;
    let o = byToken.get(k);
    if (!o) {
      o = { text: prepared.tokens[k]!.text, anchor: sample, order: k, start: Infinity, end: -Infinity };
      byToken.set(k, o);
      owners.push(o);
    }
    return o;
  };

  for (const [type, pos, len, sample, , name] of call.events) {
    if (type === EV.word && prepared.mode === 'events') {
      // A number or abbreviation is said as several words whose events point inside the same
      // written token ("19.99" → "nineteen", "point", "nine", "nine"): they are one written word.
      const last = spans[spans.length - 1];
      // The engine sometimes reports length 0 (e.g. before a dash): the word runs to the next space.
      const to = len > 0 ? pos + len : pos + Math.max(1, runLength(prepared.chars, pos - 1));
      if (last && pos < last[1]) {
        last[1] = Math.max(last[1], to);
        current = owners[owners.length - 1]!;
        continue;
      }
      current = { text: '', anchor: sample, order: owners.length, start: Infinity, end: -Infinity };
      spans.push([pos, to]);
      owners.push(current);
    } else if (type === EV.mark && prepared.mode === 'marks') {
      const m = /^w(\d+)$/.exec(name ?? '');
      if (m) current = tokenOwner(Number(m[1]), sample) ?? current;
    } else if (type === EV.word && prepared.mode === 'marks') {
      // The word event says which text the engine is about to speak. It normally agrees with the
      // mark before it; where the engine attached a mark to the following word (Korean: the first
      // word of a clause is voiced before any event), the text position wins.
      const k = prepared.tokens.findIndex((t) => pos >= t.from && pos < Math.max(t.to, t.from + 1));
      if (k >= 0 && k !== current?.order) current = tokenOwner(k, sample) ?? current;
    } else if (type === EV.phoneme && name) {
      raw.push({ name, start: sample, owner: current });
    }
  }
  // Phonemes voiced before the engine reported any word belong to the first word it skipped.
  const orphans = raw.filter((p) => p.owner === null && !isPause(p.name));
  if (orphans.length > 0 && owners.length > 0) {
    let target: Owner = owners[0]!;
    if (prepared.mode === 'marks' && target.order > 0 && !byToken.has(target.order - 1)) target = tokenOwner(target.order - 1, orphans[0]!.start)!;
    if (prepared.mode === 'events' && spans[0]![0] > 1 && /[\p{L}\p{N}]/u.test(prepared.chars.slice(0, spans[0]![0] - 1).join(''))) {
      target = { text: '', anchor: orphans[0]!.start, order: -1, start: Infinity, end: -Infinity };
      owners.unshift(target);
      spans.unshift([1, spans[0]![0]]);
    }
    for (const p of raw) if (p.owner === null) p.owner = target;
  }

  const phonemes: SamplePhoneme[] = [];
  let cursor = 0;
  for (let i = 0; i < raw.length; i++) {
    const p = raw[i]!;
    const start = Math.max(cursor, Math.min(p.start, call.samples));
    const end = Math.max(start, Math.min(raw[i + 1]?.start ?? call.samples, call.samples));
    cursor = end;
    if (end === start) continue;
    if (start > 0 && phonemes.length === 0) phonemes.push({ phoneme: '_', start: 0, end: start });
    const phoneme = isPause(p.name) ? '_' : p.name;
    const last = phonemes[phonemes.length - 1];
    if (phoneme === '_' && last?.phoneme === '_' && last.end === start) last.end = end;
    else phonemes.push({ phoneme, start, end });
    if (phoneme !== '_' && p.owner) {
      p.owner.start = Math.min(p.owner.start, start);
      p.owner.end = Math.max(p.owner.end, end);
    }
  }
  // Silence the engine reported no phoneme for (the tail after its last event).
  const tailFrom = phonemes[phonemes.length - 1]?.end ?? 0;
  if (tailFrom < call.samples) {
    const last = phonemes[phonemes.length - 1];
    if (last?.phoneme === '_') last.end = call.samples;
    else phonemes.push({ phoneme: '_', start: tailFrom, end: call.samples });
  }

  if (prepared.mode === 'events') {
    // The engine's lengths stop at apostrophes and hyphens ("It's" → 2, "well-known" → 4, and no
    // event for "known"): a written word runs up to where the next reported word starts.
    owners.forEach((o, i) => {
      // Text before the first reported word (a word the engine joined to it) belongs to it.
      const from = i === 0 ? 1 : spans[i]![0];
      const to = spans[i + 1]?.[0] ?? prepared.chars.length + 1;
      o.text = trimPunctuation(prepared.chars.slice(from - 1, to - 1).join(''));
    });
  } else fillMissingMarks(owners, prepared.tokens.map((t) => t.text));
  owners.sort((a, b) => a.order - b.order);

  const words: SampleWord[] = [];
  let prevEnd = 0;
  let carry = '';
  for (const o of owners) {
    const sounded = o.end > o.start;
    // Punctuation the engine announced as a word but did not sound is not a word.
    if (!sounded && !/[\p{L}\p{N}]/u.test(o.text)) continue;
    const token = prepared.mode === 'marks' ? prepared.tokens[o.order] : undefined;
    if (!sounded && token && token.spoken !== '') {
      // The engine said this token as one phonological word with a neighbour (Korean "제 목소리",
      // Chinese compounds) and reported one mark for both: the words share the neighbour's time.
      const last = words[words.length - 1];
      if (last && last.end > last.start) last.text += (prepared.mode === 'marks' ? (prepared.tokens[o.order - 1]?.joiner ?? '') : '') + o.text;
      else carry += o.text + token.joiner;
      continue;
    }
    const start = sounded ? o.start : Math.max(prevEnd, Math.min(o.anchor, call.samples));
    const end = sounded ? o.end : start;
    words.push({ text: carry + o.text, start: start + offset, end: end + offset, sentence });
    carry = '';
    prevEnd = end;
  }
  if (carry && words.length > 0) words[words.length - 1]!.text += carry.trimEnd();
  return { words, phonemes: phonemes.map((p) => ({ ...p, start: p.start + offset, end: p.end + offset })) };
}

// Sentence punctuation the engine includes in a word's span; symbols that are said (%, $, &) stay.
const EDGE_PUNCT = /^(?:(?![%&@#])\p{P})+|(?:(?![%&@#])\p{P})+$/gu;
const runLength = (chars: readonly string[], from: number) => {
  let n = 0;
  while (from + n < chars.length && /[\p{L}\p{M}\p{N}]/u.test(chars[from + n]!)) n++;
  return n;
};
function trimPunctuation(text: string): string {
  let t = text.trim();
  for (let prev = ''; prev !== t; ) [prev, t] = [t, t.replace(EDGE_PUNCT, '').trim()];
  return t || text.trim();
}

/** A token whose mark the engine never reported still gets a (silent) place after its predecessor. */
function fillMissingMarks(owners: Owner[], tokens: string[]): void {
  const seen = new Set(owners.map((o) => o.order));
  for (let i = 0; i < tokens.length; i++) {
    if (seen.has(i)) continue;
    const before = owners.filter((o) => o.order < i).sort((a, b) => b.order - a.order)[0];
    const at = before ? Math.max(before.anchor, Number.isFinite(before.end) ? before.end : before.anchor) : 0;
    owners.push({ text: tokens[i]!, anchor: at, order: i, start: Infinity, end: -Infinity });
  }
}

export interface SampleTimings {
  words: SampleWord[];
  phonemes: SamplePhoneme[];
  /** Per script sentence: [first sounding word start, last sounding word end], or the call's span. */
  sentences: { start: number; end: number }[];
}

export const samplesToMs = (samples: number, sampleRate: number) => Math.round((samples * 1000) / sampleRate);

export function toMs(t: SampleTimings, sampleRate: number): { words: WordTiming[]; phonemes: PhonemeTiming[]; sentences: SentenceTiming[] } {
  const ms = (s: number) => samplesToMs(s, sampleRate);
  return {
    words: t.words.map((w) => ({ text: w.text, startMs: ms(w.start), endMs: ms(w.end), sentence: w.sentence })),
    phonemes: t.phonemes.map((p) => ({ phoneme: p.phoneme, startMs: ms(p.start), endMs: ms(p.end) })).filter((p) => p.endMs > p.startMs),
    sentences: t.sentences.map((s) => ({ startMs: ms(s.start), endMs: ms(s.end) })),
  };
}

/** The span a sentence's speech occupies: its sounding words, else the whole call. */
export function sentenceSpan(words: readonly SampleWord[], callStart: number): { start: number; end: number } {
  const sounded = words.filter((w) => w.end > w.start);
  if (sounded.length === 0) return { start: callStart, end: callStart };
  return { start: sounded[0]!.start, end: sounded[sounded.length - 1]!.end };
}
