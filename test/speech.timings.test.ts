import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanForSpeech, prepareSentence } from '../src/pipeline/speech/speech.text.ts';
import { timingsFromEvents, type EngineEvent } from '../src/pipeline/speech/timings.ts';
import { voiceSpec } from '../src/pipeline/speech/voice.catalog.ts';

// Engine events as the worker reports them: [type, text position, length, sample, number, name].
const W = (pos: number, len: number, sample: number): EngineEvent => [1, pos, len, sample, 0, null];
const P = (name: string, sample: number): EngineEvent => [7, 0, 0, sample, 0, name];
const M = (name: string, sample: number): EngineEvent => [3, 0, 0, sample, 0, name];

const en = voiceSpec('en-us-f1')!;
const th = voiceSpec('th-f1')!;
const ja = voiceSpec('ja-f1')!;

describe('speech text preparation', () => {
  it('drops what the engine would read aloud as symbol names (emoji, asterisks, hashes)', () => {
    assert.equal(cleanForSpeech('🎉 Great *deal* #1 — now!', 'english'), 'Great deal 1 — now!');
  });

  it('repairs the Odia letter wa that the 1.51 voice cannot read', () => {
    assert.equal(cleanForSpeech('ସ୍ୱର', 'odia'), 'ସ୍ଵର');
  });

  it('gives word-event languages plain text and mark languages SSML with one mark per word token', () => {
    const plain = prepareSentence('Hello <world> & you', en);
    assert.equal(plain.mode, 'events');
    assert.equal(plain.input, 'Hello world & you');

    const marked = prepareSentence('สวัสดีครับ นี่คือ', th);
    assert.equal(marked.mode, 'marks');
    if (marked.mode !== 'marks') return;
    assert.ok(marked.tokens.length >= 3, JSON.stringify(marked.tokens));
    assert.equal(marked.tokens.map((t) => t.text).join(''), 'สวัสดีครับนี่คือ');
    for (let i = 0; i < marked.tokens.length; i++) assert.ok(marked.input.includes(`<mark name="w${i}"/>`));
    assert.match(marked.input, /^<speak>.*<\/speak>$/s);
  });

  it('escapes XML in SSML input', () => {
    const p = prepareSentence('A&B', voiceSpec('zh-cn-f1')!);
    assert.ok(p.input.includes('&amp;'), p.input);
    assert.ok(!/&(?!amp;|lt;|gt;|quot;)/.test(p.input));
  });

  it('hands runs of Latin-script words to an English voice where the language voice cannot read them', () => {
    const p = prepareSentence('かいけつさくは Aero Dock 3 です', ja);
    assert.equal(p.mode, 'marks');
    assert.match(p.input, /<voice name="en-us\+linda"><mark name="w\d+"\/>Aero <mark name="w\d+"\/>Dock ?<\/voice> ?<mark name="w\d+"\/>3/);
    // Thai's own voice switches to English by itself: no wrapper.
    assert.doesNotMatch(prepareSentence('ราคา Aero Dock', th).input, /<voice/);
  });

  it('does not ask the Japanese voice to say kanji words (it would say "Chinese letter")', () => {
    const p = prepareSentence('これは素晴らしい製品です', ja);
    assert.equal(p.mode, 'marks');
    if (p.mode !== 'marks') return;
    const kanji = p.tokens.filter((t) => /\p{Script=Han}/u.test(t.text));
    assert.ok(kanji.length > 0);
    for (const t of kanji) assert.equal(t.spoken, '');
    assert.ok(!/\p{Script=Han}/u.test(p.input), p.input);
  });
});

describe('timings from engine events', () => {
  it('a word lasts from its first to its last sounding phoneme; pauses are "_" and phonemes tile the call', () => {
    const prepared = prepareSentence('Hello world.', en);
    const events = [W(1, 5, 0), P('h', 264), P('@', 1400), P('l', 2500), P('oU', 4200), W(7, 5, 6700), P('w', 6900), P('3:', 10000), P('l', 15400), P('d', 16000), P('_:', 16800), P('_', 16900)];
    const t = timingsFromEvents(prepared, { samples: 17300, events }, 2, 1000);
    assert.deepEqual(
      t.words.map((w) => [w.text, w.start, w.end, w.sentence]),
      [
        ['Hello', 1264, 7900, 2],
        ['world', 7900, 17800, 2],
      ],
    );
    assert.deepEqual(t.phonemes[0], { phoneme: '_', start: 1000, end: 1264 });
    assert.deepEqual(t.phonemes[t.phonemes.length - 1], { phoneme: '_', start: 17800, end: 18300 });
    for (let i = 1; i < t.phonemes.length; i++) assert.equal(t.phonemes[i]!.start, t.phonemes[i - 1]!.end, 'contiguous');
    assert.equal(t.phonemes.filter((p) => p.phoneme === '_').length, 2, 'adjacent pauses merge');
  });

  it('a number said as several engine words is one written word', () => {
    const prepared = prepareSentence('Only $19.99!', en);
    // "Only" "$" then "19.99" said as nineteen / point / nine / nine, events pointing inside the token.
    const events = [W(1, 4, 0), P('oU', 10), W(6, 1, 100), P('d', 110), W(7, 5, 200), P('n', 210), W(9, 4, 300), P('p', 310), W(10, 3, 400), P('n', 410), W(11, 2, 500), P('n', 510)];
    const t = timingsFromEvents(prepared, { samples: 600, events }, 0, 0);
    assert.deepEqual(
      t.words.map((w) => [w.text, w.start, w.end]),
      [
        ['Only', 10, 110],
        ['$', 110, 210],
        ['19.99', 210, 600],
      ],
    );
  });

  it('words run to where the next reported word starts (the engine stops its lengths at apostrophes and hyphens)', () => {
    const prepared = prepareSentence("It's well-known—really.", en);
    const events = [W(1, 2, 0), P('I', 5), W(6, 4, 100), P('w', 105), W(16, 0, 200), P('r', 205)];
    const t = timingsFromEvents(prepared, { samples: 300, events }, 0, 0);
    assert.deepEqual(
      t.words.map((w) => w.text),
      ["It's", 'well-known', 'really'],
    );
  });

  it('mark languages take word starts from MARK events, in token order', () => {
    const prepared = prepareSentence('สวัสดีครับ', th);
    assert.equal(prepared.mode, 'marks');
    if (prepared.mode !== 'marks') return;
    const n = prepared.tokens.length;
    const events: EngineEvent[] = [];
    for (let i = 0; i < n; i++) events.push(M(`w${i}`, i * 1000), W(1, 1, i * 1000), P('a', i * 1000 + 50));
    const t = timingsFromEvents(prepared, { samples: n * 1000, events }, 0, 0);
    assert.deepEqual(
      t.words.map((w) => [w.text, w.start, w.end]),
      prepared.tokens.map((tok, i) => [tok.text, i * 1000 + 50, i + 1 < n ? (i + 1) * 1000 + 50 : n * 1000]),
    );
  });

  it('a token the engine joined to its neighbour (no mark reported, no sound of its own) shares the neighbour’s time', () => {
    const prepared = prepareSentence('제 목소리입니다', voiceSpec('ko-f1')!);
    assert.equal(prepared.mode, 'marks');
    const events = [M('w0', 0), P('tS;', 50), P('e', 100), P('m', 200), P('a', 900), P('_', 1000)];
    const t = timingsFromEvents(prepared, { samples: 1200, events }, 0, 0);
    assert.deepEqual(
      t.words.map((w) => [w.text, w.start, w.end]),
      [['제 목소리입니다', 50, 1000]],
    );
  });

  it('an unspoken Japanese kanji word keeps its place with no duration', () => {
    const prepared = prepareSentence('これは製品です', ja);
    assert.equal(prepared.mode, 'marks');
    if (prepared.mode !== 'marks') return;
    const events: EngineEvent[] = [];
    let s = 0;
    prepared.tokens.forEach((tok, i) => {
      events.push(M(`w${i}`, s));
      if (tok.spoken) {
        events.push(P('k', s + 10));
        s += 500;
      }
    });
    const t = timingsFromEvents(prepared, { samples: s + 100, events }, 0, 0);
    assert.equal(t.words.length, prepared.tokens.length);
    const kanji = t.words.find((w) => w.text === '製品');
    assert.ok(kanji);
    assert.equal(kanji.start, kanji.end);
    for (let i = 1; i < t.words.length; i++) assert.ok(t.words[i]!.start >= t.words[i - 1]!.end, 'monotonic');
  });
});
