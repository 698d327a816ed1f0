import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeToken, buildCaptions, pageAt, textUnits, toWebVtt, vttTime } from '../src/pipeline/captions/index.ts';
import type { WordTiming } from '../src/pipeline/types.ts';

/** Words of the given sentences, 300 ms each with 60 ms gaps and a 400 ms pause between sentences. */
function timedWords(sentences: string[][], wordMs = 300, gapMs = 60, pauseMs = 400): WordTiming[] {
  const out: WordTiming[] = [];
  let t = 120;
  sentences.forEach((words, sentence) => {
    for (const text of words) {
      out.push({ text, startMs: t, endMs: t + wordMs, sentence });
      t += wordMs + gapMs;
    }
    t += pauseMs;
  });
  return out;
}

const EN = [
  'Meet the AeroPress Go, the travel coffee maker that fits in your bag.'.split(' '),
  'It brews a smooth, rich cup in under two minutes, anywhere you are.'.split(' '),
  'Order yours today.'.split(' '),
];

describe('caption pages', () => {
  it('keep every token on the exact times of its word', () => {
    const words = timedWords(EN);
    const caps = buildCaptions(words, { language: 'english', aspectRatio: 0 });
    const tokens = caps.pages.flatMap((p) => p.lines.flatMap((l) => l.tokens));
    assert.equal(tokens.length, words.length);
    tokens.forEach((tok, i) => {
      assert.equal(tok.word, i);
      assert.equal(tok.startMs, words[i]!.startMs);
      assert.equal(tok.endMs, words[i]!.endMs);
      assert.equal(tok.text, words[i]!.text);
    });
  });

  it('start each page on its first word and never span two sentences', () => {
    const words = timedWords(EN);
    const caps = buildCaptions(words, { language: 'english', aspectRatio: 0 });
    for (const page of caps.pages) {
      const first = page.lines[0]!.tokens[0]!;
      assert.equal(page.startMs, first.startMs);
      for (const line of page.lines) for (const tok of line.tokens) assert.equal(words[tok.word]!.sentence, page.sentence);
    }
    for (let i = 1; i < caps.pages.length; i++) assert.ok(caps.pages[i - 1]!.endMs <= caps.pages[i]!.startMs, 'pages do not overlap');
  });

  it('break lines within the width budget, at most two lines a page, preferring phrase ends', () => {
    for (const ar of [0, 1, 2] as const) {
      const caps = buildCaptions(timedWords(EN), { language: 'english', aspectRatio: ar });
      for (const page of caps.pages) {
        assert.ok(page.lines.length >= 1 && page.lines.length <= 2);
        for (const line of page.lines) assert.ok(textUnits(line.text) <= caps.maxUnits, `${line.text} fits ${caps.maxUnits}`);
      }
    }
    const caps = buildCaptions(timedWords(EN), { language: 'english', aspectRatio: 0 });
    const lines = caps.pages.flatMap((p) => p.lines.map((l) => l.text));
    assert.ok(lines.includes('Meet the AeroPress Go,'), lines.join(' | '));
  });

  it('split CJK and Thai words per character or segment, keeping the word times at both ends', () => {
    const zh = [{ text: '这款咖啡机可以放进你的背包随时随地冲出一杯好咖啡', startMs: 0, endMs: 3000, sentence: 0 }];
    const caps = buildCaptions(zh, { language: 'chinese', aspectRatio: 0 });
    const toks = caps.pages.flatMap((p) => p.lines.flatMap((l) => l.tokens));
    assert.ok(toks.length > 1);
    assert.equal(toks[0]!.startMs, 0);
    assert.equal(toks[toks.length - 1]!.endMs, 3000);
    for (let i = 1; i < toks.length; i++) {
      assert.equal(toks[i]!.startMs, toks[i - 1]!.endMs);
      assert.equal(toks[i]!.spaceBefore, false);
    }
    for (const page of caps.pages) for (const line of page.lines) assert.ok(textUnits(line.text) <= caps.maxUnits);
    const th = [{ text: 'เครื่องชงกาแฟพกพาที่ใส่กระเป๋าได้ทุกที่ทุกเวลา', startMs: 500, endMs: 2900, sentence: 0 }];
    const thCaps = buildCaptions(th, { language: 'thai', aspectRatio: 0 });
    const thToks = thCaps.pages.flatMap((p) => p.lines.flatMap((l) => l.tokens));
    assert.ok(thToks.length > 1);
    assert.equal(thToks.map((t) => t.text).join(''), th[0]!.text);
    assert.ok(thToks.every((t) => !/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/.test(t.text)), 'no piece starts with a Thai combining mark');
  });

  it('mark Arabic, Hebrew, Persian and Urdu captions right-to-left', () => {
    assert.equal(buildCaptions([], { language: 'arabic' }).rtl, true);
    assert.equal(buildCaptions([], { language: 'persian' }).rtl, true);
    assert.equal(buildCaptions([], { language: 'english' }).rtl, false);
  });

  it('highlight the word being spoken, holding it through short gaps', () => {
    const words = timedWords(EN);
    const caps = buildCaptions(words, { language: 'english', aspectRatio: 1 });
    const page = caps.pages[0]!;
    const second = page.lines[0]!.tokens[1]!;
    const at = activeToken(page, second.startMs);
    assert.deepEqual(at, { line: 0, token: 1 });
    assert.deepEqual(activeToken(page, second.startMs - 1), { line: 0, token: 0 });
    assert.equal(pageAt(caps, 0), null);
    assert.equal(pageAt(caps, words[0]!.startMs), page);
  });
});

describe('WebVTT', () => {
  it('has a valid header, HH:MM:SS.mmm cue times equal to the word times and a timestamp per word', () => {
    const words = timedWords(EN);
    const caps = buildCaptions(words, { language: 'english', aspectRatio: 0 });
    const vtt = toWebVtt(caps);
    assert.match(vtt, /^WEBVTT\n\n/);
    const cues = [...vtt.matchAll(/^(\d\d:\d\d:\d\d\.\d\d\d) --> (\d\d:\d\d:\d\d\.\d\d\d)$/gm)];
    assert.equal(cues.length, caps.pages.length);
    cues.forEach((m, i) => assert.equal(m[1], vttTime(caps.pages[i]!.startMs)));
    const stamps = [...vtt.matchAll(/<(\d\d:\d\d:\d\d\.\d\d\d)>/g)].map((m) => m[1]);
    const expected = caps.pages.flatMap((p) => p.lines.flatMap((l) => l.tokens).filter((t) => t.startMs > p.startMs).map((t) => vttTime(t.startMs)));
    assert.deepEqual(stamps, expected);
    assert.equal(vttTime(3_723_045), '01:02:03.045');
  });

  it('escapes markup characters', () => {
    const caps = buildCaptions([{ text: 'A<B&C', startMs: 0, endMs: 500, sentence: 0 }], { language: 'english' });
    assert.match(toWebVtt(caps), /A&lt;B&amp;C/);
  });
});

describe('a name longer than a line', () => {
  it('starts a line, so it starts a page when it fits one (Thai, German), and breaks only at its words onto consecutive pages when it does not', async () => {
    const { captionViolations } = await import('../src/pipeline/captions/index.ts');
    const cases: [string, string, string][] = [
      ['thai', 'เคยลอง เก้าอี้สำนักงานตาข่ายเพื่อสุขภาพ UltraComfort หรือยัง', 'เก้าอี้สำนักงานตาข่ายเพื่อสุขภาพ UltraComfort'],
      ['german', 'Das ist UltraComfort Ergonomischer Bürostuhl.', 'UltraComfort Ergonomischer Bürostuhl'],
      ['english', 'Here is the UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer for you.', 'UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer'],
    ];
    for (const [language, text, name] of cases)
      for (const maxUnits of [14, 16, 18, 20, 22, 24, 28]) {
        const words = text.split(' ').map((w, i) => ({ text: w, startMs: i * 300, endMs: i * 300 + 250, sentence: 0 }));
        const caps = buildCaptions(words, { language, maxUnits, sentences: [{ text } as never], protectedSpans: [name] });
        assert.deepEqual(captionViolations(caps, { protectedSpans: [name] }), [], `${language} at ${maxUnits}: ${caps.pages.map((p) => p.lines.map((l) => l.text).join(' / ')).join(' || ')}`);
      }
  });
});
