import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  buildMouthTrack, frameCountFor, minHoldFrames, mouthOpenAt, mouthOpenFrames, phonemeShapes, sampleNarration, type Viseme,
} from '../src/pipeline/avatar/index.ts';
import type { PhonemeTiming } from '../src/pipeline/types.ts';
import { seededRandom } from '../src/pipeline/avatar/random.ts';

/** Phonemes back to back from `startMs`, each [mnemonic, durationMs]. */
function seq(items: Array<[string, number]>, startMs = 0): PhonemeTiming[] {
  let t = startMs;
  return items.map(([phoneme, d]) => {
    const p = { phoneme, startMs: t, endMs: t + d };
    t += d;
    return p;
  });
}

function runs(track: readonly Viseme[]): Array<{ shape: Viseme; start: number; len: number }> {
  const out: Array<{ shape: Viseme; start: number; len: number }> = [];
  track.forEach((shape, f) => {
    const last = out[out.length - 1];
    if (last?.shape === shape) last.len++;
    else out.push({ shape, start: f, len: 1 });
  });
  return out;
}

const frameOf = (ms: number, fps = 30) => Math.floor((ms * fps) / 1000);

describe('espeak phoneme → mouth shape', () => {
  const first = (p: string, d?: number) => phonemeShapes(p, d).shapes[0];
  it('closes the lips on bilabials p b m and marks them as closures', () => {
    for (const p of ['p', 'b', 'm', 'p#', 'b2', 'm-']) {
      assert.deepEqual(phonemeShapes(p).shapes, ['A'], p);
      assert.equal(phonemeShapes(p).closure, true, p);
    }
  });
  it('puts the teeth on the lip for f and v, the tongue up for l and th', () => {
    for (const p of ['f', 'v', 'v#']) assert.equal(first(p), 'G', p);
    for (const p of ['l', 'L', 'l/', 'l^', 'T', 'D']) assert.equal(first(p), 'H', p);
  });
  it('opens by vowel: a wide, e/E open, o rounded, u puckered, i nearly closed', () => {
    assert.equal(first('a:'), 'D');
    assert.equal(first('A:'), 'D');
    assert.equal(first('a'), 'D');
    assert.equal(first('E'), 'C');
    assert.equal(first('e:'), 'C');
    assert.equal(first('&'), 'C');
    assert.equal(first('V'), 'C');
    assert.equal(first('O:'), 'E');
    assert.equal(first('o'), 'E');
    assert.equal(first('3:'), 'E');
    assert.equal(first('0'), 'E');
    assert.equal(first('u:'), 'F');
    assert.equal(first('U'), 'F');
    assert.equal(first('y'), 'F');
    assert.equal(first('i:'), 'B');
    assert.equal(first('I'), 'B');
    assert.equal(first('w'), 'F');
  });
  it('splits diphthongs into their two mouth shapes', () => {
    assert.deepEqual(phonemeShapes('aI', 180).shapes, ['D', 'B']);
    assert.deepEqual(phonemeShapes('aU', 180).shapes, ['D', 'F']);
    assert.deepEqual(phonemeShapes('OI', 180).shapes, ['E', 'B']);
    assert.deepEqual(phonemeShapes('oU', 180).shapes, ['E', 'F']);
    assert.deepEqual(phonemeShapes('eI', 180).shapes, ['C', 'B']);
  });
  it('opens short vowels less and keeps short schwas nearly closed', () => {
    assert.equal(first('a', 45), 'C');
    assert.equal(first('@', 60), 'B');
    assert.equal(first('@', 120), 'C');
  });
  it('treats other consonants, stress marks, variants and IPA robustly', () => {
    for (const p of ['t', 'd', 'k', 'g', 's', 'z', 'S', 'Z', 'tS', 'dZ', 'n', 'N', 'j', 'r', 'x', 'C', 'ts', 'J', '?', 'R']) assert.equal(first(p), 'B', p);
    assert.equal(first("'a:"), 'D');
    assert.equal(first(',E'), 'C');
    assert.equal(first('E2'), 'C');
    assert.equal(first('a~'), 'D');
    assert.equal(first('ʃ'), 'B');
    assert.equal(first('ɑː'), 'D');
    assert.equal(first('θ'), 'H');
    assert.deepEqual(phonemeShapes('pf').shapes, ['A', 'G']);
    assert.equal(phonemeShapes('h').takesNext, true);
  });
  it('recognises pauses', () => {
    for (const p of ['_', '_:', '_!', '', '||']) assert.equal(phonemeShapes(p).pause, true, JSON.stringify(p));
  });
});

describe('buildMouthTrack', () => {
  it('returns one shape per frame, at rest before and after speech', () => {
    const { speech } = sampleNarration();
    for (const fps of [24, 30, 60]) {
      const track = buildMouthTrack(speech.phonemes, speech.durationMs, fps);
      assert.equal(track.length, frameCountFor(speech.durationMs, fps));
      assert.equal(track[0], 'X');
      assert.equal(track[track.length - 1], 'X');
    }
  });

  it('closes on a plosive even when it is shorter than a frame', () => {
    const phonemes = seq([['_', 300], ['a:', 200], ['p', 18], ['a:', 200], ['_', 400]]);
    const track = buildMouthTrack(phonemes, 1118, 30);
    const closed = runs(track).filter((r) => r.shape === 'A');
    assert.equal(closed.length, 1, track.join(''));
    assert.ok(closed[0]!.len >= 2, track.join(''));
    // Within a frame or two of the p (with one frame of anticipation).
    assert.ok(Math.abs(closed[0]!.start - frameOf(500)) <= 2, `${closed[0]!.start} vs ${frameOf(500)}: ${track.join('')}`);
    // And open vowels either side.
    assert.ok(track.slice(0, closed[0]!.start).includes('D'));
    assert.ok(track.slice(closed[0]!.start + closed[0]!.len).includes('D'));
  });

  it('closes for every bilabial in fast speech ("mama papa")', () => {
    const phonemes = seq([['m', 50], ['a', 70], ['m', 50], ['a', 70], ['p', 40], ['a', 70], ['p', 40], ['a', 90], ['_', 300]], 200);
    const track = buildMouthTrack(phonemes, 1000, 30);
    const closures = runs(track).filter((r) => r.shape === 'A');
    assert.ok(closures.length >= 3, track.join(''));
  });

  it('relaxes to X in pauses longer than 150 ms and only eases in shorter ones', () => {
    const long = seq([['a:', 300], ['_', 400], ['a:', 300]]);
    const longTrack = buildMouthTrack(long, 1000, 30);
    for (let f = frameOf(350); f < frameOf(650); f++) assert.equal(longTrack[f], 'X', `frame ${f}: ${longTrack.join('')}`);

    const short = seq([['a:', 300], ['_', 100], ['a:', 300]]);
    const shortTrack = buildMouthTrack(short, 700, 30);
    assert.ok(!shortTrack.slice(frameOf(250), frameOf(450)).includes('X'), shortTrack.join(''));
  });

  it('anticipates the sound by one frame', () => {
    // Silence, then an open vowel starting exactly on frame 15.
    const phonemes = seq([['_', 500], ['a:', 400], ['_', 500]]);
    const track = buildMouthTrack(phonemes, 1400, 30);
    assert.equal(track[14], 'D', track.join(''));
    assert.equal(track[12], 'X', track.join(''));
  });

  it('holds every shape at least ~60 ms (2 frames at 30 fps): no single-frame flicker', () => {
    const shapes = ['a', 'E', 'i:', 'O:', 'u:', 'p', 'b', 'm', 'f', 'v', 'l', 't', 's', 'k', 'aI', 'oU', '@', 'w', 'T', '_'];
    for (const fps of [24, 25, 30, 60]) {
      const rand = seededRandom(fps);
      for (let trial = 0; trial < 20; trial++) {
        const items: Array<[string, number]> = [];
        for (let i = 0; i < 80; i++) items.push([shapes[Math.floor(rand() * shapes.length)]!, 10 + Math.floor(rand() * 160)]);
        const phonemes = seq(items, 200);
        const end = phonemes[phonemes.length - 1]!.endMs + 300;
        const track = buildMouthTrack(phonemes, end, fps);
        const min = minHoldFrames(fps);
        for (const r of runs(track)) assert.ok(r.len >= min, `fps ${fps}: run ${r.shape}×${r.len} at ${r.start}: ${track.join('')}`);
        for (let f = 1; f + 1 < track.length; f++) {
          assert.ok(!(track[f - 1] === track[f + 1] && track[f] !== track[f - 1]), `flicker at ${f}`);
        }
      }
    }
    assert.equal(minHoldFrames(30), 2);
    assert.equal(minHoldFrames(60), 4);
  });

  it('still shows most bilabials after the minimum hold is enforced', () => {
    const rand = seededRandom(3);
    const items: Array<[string, number]> = [];
    for (let i = 0; i < 200; i++) items.push([['p', 'b', 'm'][i % 3]!, 30 + Math.floor(rand() * 60)], ['a', 80 + Math.floor(rand() * 80)]);
    const phonemes = seq(items);
    const track = buildMouthTrack(phonemes, phonemes[phonemes.length - 1]!.endMs, 30);
    const closures = runs(track).filter((r) => r.shape === 'A').length;
    assert.ok(closures >= 150, `${closures} closures for 200 bilabials`);
  });

  it('tolerates empty, zero-length, unsorted and overlapping timings', () => {
    assert.deepEqual(buildMouthTrack([], 1000, 30), new Array(30).fill('X'));
    assert.deepEqual(buildMouthTrack([], 0, 30), ['X']);
    const messy = [
      { phoneme: 'a', startMs: 2000, endMs: 1900 },
      { phoneme: 'p', startMs: 300, endMs: 350 },
      { phoneme: 'a', startMs: 100, endMs: 400 },
      { phoneme: '???', startMs: 350, endMs: 500 },
    ];
    const track = buildMouthTrack(messy, 1000, 30);
    assert.equal(track.length, 30);
    assert.ok(track.includes('A'), `the overlapping p still closes: ${track.join('')}`);
  });

  it('is deterministic', () => {
    const { speech } = sampleNarration();
    assert.deepEqual(buildMouthTrack(speech.phonemes, speech.durationMs, 30), buildMouthTrack(speech.phonemes, speech.durationMs, 30));
  });
});

describe('mouthOpenAt', () => {
  const { speech } = sampleNarration();
  const track = buildMouthTrack(speech.phonemes, speech.durationMs, 30);
  const open = mouthOpenFrames(track);

  it('is exactly 0 on closures and rests, and opens on vowels', () => {
    track.forEach((v, f) => {
      if (v === 'A' || v === 'X') assert.equal(open[f], 0, `frame ${f} ${v}`);
      else assert.ok(open[f]! > 0, `frame ${f} ${v}`);
    });
    const mean = (vs: Viseme[]) => {
      const xs = track.map((v, f) => (vs.includes(v) ? open[f]! : NaN)).filter((x) => !Number.isNaN(x));
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    assert.ok(mean(['D', 'C', 'E']) > mean(['B', 'G', 'F']) + 0.15);
  });

  it('tweens between frames and stays in 0..1', () => {
    for (let t = 0; t < speech.durationMs; t += 7) {
      const v = mouthOpenAt(track, 30, t);
      assert.ok(v >= 0 && v <= 1, `${t}`);
    }
    const f = track.findIndex((v, i) => v === 'D' && track[i + 1] !== 'D' && track[i + 1] !== 'A' && track[i + 1] !== 'X');
    if (f >= 0) {
      const mid = mouthOpenAt(track, 30, ((f + 0.5) * 1000) / 30);
      assert.ok(mid < open[f]! && mid > open[f + 1]!, 'between two open shapes the opening is in between');
    }
  });

  it('is closed throughout the pause between sentences', () => {
    for (let i = 0; i + 1 < speech.sentences.length; i++) {
      const gapStart = speech.sentences[i]!.endMs;
      const gapEnd = speech.sentences[i + 1]!.startMs;
      for (let t = gapStart + 80; t < gapEnd - 80; t += 10) assert.equal(mouthOpenAt(track, 30, t), 0, `t=${t}`);
    }
  });
});
