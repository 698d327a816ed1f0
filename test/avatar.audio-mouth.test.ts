import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AVATAR_LOOKS, lookFor, mouthFromAudio } from '../src/pipeline/avatar/index.ts';
import { keyableGreen, keySafeLook } from '../src/pipeline/avatar/key-safe.ts';

const SR = 16_000;
const FPS = 30;

/** Concatenated segments of `seconds` each, produced by `gen(t)` in [-1, 1]. */
function signal(parts: Array<[number, (t: number, i: number) => number]>): Float32Array {
  const total = parts.reduce((s, [sec]) => s + Math.round(sec * SR), 0);
  const out = new Float32Array(total);
  let at = 0;
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  for (const [sec, gen] of parts) {
    const n = Math.round(sec * SR);
    for (let i = 0; i < n; i++) out[at + i] = gen(i / SR, i) + 0.0005 * rand();
    at += n;
  }
  return out;
}

const frameAt = (s: number) => Math.round(s * FPS);
const mean = (a: ArrayLike<number>, from: number, to: number) => {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i]!;
  return s / (to - from);
};

describe('mouth from a recording', () => {
  it('shut in silence, open with loud voice, wider the louder; opens a frame ahead of the sound', () => {
    const voice = (amp: number) => (t: number) => amp * (Math.sin(2 * Math.PI * 160 * t) + 0.6 * Math.sin(2 * Math.PI * 1200 * t) + 0.3 * Math.sin(2 * Math.PI * 2500 * t)) / 1.9;
    const samples = signal([[1, () => 0], [1, voice(0.8)], [1, () => 0], [1, voice(0.12)], [1, () => 0]]);
    const m = mouthFromAudio(samples, SR, FPS);
    assert.equal(m.visemes.length, 150);
    for (const [from, to] of [[2, 28], [63, 88], [123, 148]] as const) {
      for (let f = from; f < to; f++) assert.equal(m.open[f], 0, `frame ${f} shut in silence`);
      assert.ok(m.visemes.slice(from, to).every((v) => v === 'X'));
    }
    const loud = mean(m.open, frameAt(1.2), frameAt(1.8));
    const soft = mean(m.open, frameAt(3.2), frameAt(3.8));
    assert.ok(loud > 0.7, `loud ${loud}`);
    assert.ok(soft > 0.1 && soft < loud * 0.7, `soft ${soft} vs loud ${loud}`);
    // Anticipation: the frame before the sound starts is already opening.
    assert.ok(m.open[frameAt(1) - 1]! > 0, 'leads by a frame');
    // Voiced stretches: the two sounds (starting up to two frames early: anticipation and the analysis window).
    assert.equal(m.voiced.length, 2);
    for (const [i, [start, end]] of ([[1000, 2000], [3000, 4000]] as const).entries()) {
      assert.ok(Math.abs(m.voiced[i]!.startMs - start) <= 70 && Math.abs(m.voiced[i]!.endMs - end) <= 70, JSON.stringify(m.voiced));
    }
  });

  it('a hiss shows teeth (B), a low hum is rounded (E/F), a bright vowel is open (C/D)', () => {
    let seed = 3;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    const loudVowel = (t: number) => 0.7 * (Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 900 * t) + 0.8 * Math.sin(2 * Math.PI * 1800 * t)) / 2.8;
    const samples = signal([[0.5, () => 0], [1, loudVowel], [0.5, () => 0], [1, (t) => 0.5 * Math.sin(2 * Math.PI * 140 * t)], [0.5, () => 0], [1, () => 0.04 * noise()], [0.5, () => 0]]);
    const m = mouthFromAudio(samples, SR, FPS);
    const shapes = (from: number, to: number) => m.visemes.slice(frameAt(from), frameAt(to));
    const most = (list: string[]) => [...new Set(list)].sort((a, b) => list.filter((x) => x === b).length - list.filter((x) => x === a).length)[0];
    assert.ok(['C', 'D'].includes(most(shapes(0.7, 1.3))!), `vowel ${shapes(0.7, 1.3).join('')}`);
    assert.ok(['E', 'F'].includes(most(shapes(2.2, 2.8))!), `hum ${shapes(2.2, 2.8).join('')}`);
    assert.equal(most(shapes(3.7, 4.3)), 'B', `hiss ${shapes(3.7, 4.3).join('')}`);
    assert.ok(mean(m.open, frameAt(3.7), frameAt(4.3)) <= 0.3 + 1e-6, `hiss opening ${Array.from(m.open.slice(frameAt(3.7), frameAt(4.3))).map((x) => x.toFixed(2)).join(' ')}`);
  });

  it('no shape lasts a single frame', () => {
    const samples = signal([[3, (t) => 0.5 * Math.sin(2 * Math.PI * 200 * t) * Math.max(0, Math.sin(2 * Math.PI * 3.7 * t))]]);
    const m = mouthFromAudio(samples, SR, FPS);
    for (let f = 1; f < m.visemes.length - 1; f++) assert.ok(m.visemes[f] === m.visemes[f - 1] || m.visemes[f] === m.visemes[f + 1], `frame ${f}: ${m.visemes.slice(f - 1, f + 2).join('')}`);
  });
});

describe('key-safe look for a green screen', () => {
  it('turns the green colours of a look blue and leaves the rest', () => {
    const teal = lookFor(3);
    assert.ok(keyableGreen(teal.outfit.main), 'avatar 3 wears teal');
    const safe = keySafeLook(teal);
    assert.equal(keyableGreen(safe.outfit.main), false);
    assert.equal(safe.skin, teal.skin);
    assert.equal(safe.hair.color, teal.hair.color);
    for (const [id, look] of Object.entries(AVATAR_LOOKS)) {
      const json = JSON.stringify(keySafeLook(look));
      for (const hex of json.match(/#[0-9a-f]{6}/gi) ?? []) assert.equal(keyableGreen(hex), false, `avatar ${id}: ${hex}`);
    }
    assert.deepEqual(keySafeLook(lookFor(1)), lookFor(1), 'a look with no green is unchanged');
  });
});
