import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropPlan, LENGTH_RULES, miss, reach, mixLengthS, shortOfLength, nextAttempt, pausePlan, ratePlan, showcaseScene, targetEndS, type Attempt } from '../src/pipeline/length/decide.ts';
import { fit, type Item } from '../src/pipeline/script/fit.ts';
import { buildMessages } from '../src/pipeline/script/llm-writer.ts';
import { estimateScriptS } from '../src/pipeline/script/rates.ts';

/** An attempt whose speech ends at endS (engine end pause 0.3 s after it). */
const attempt = (endS: number, o: Partial<Attempt> = {}): Attempt => ({ paceScale: 1, estimatedS: 14, speechS: endS + 0.3, endS, sentences: 6, ...o });

describe('length fitting: next attempt (pure)', () => {
  it('finishes an attempt the rate and easy pauses can bring to the target', () => {
    assert.equal(targetEndS(15), 14);
    for (const endS of [13.2, 14, 14.6]) assert.deepEqual(nextAttempt([attempt(endS)], 15), { kind: 'finish', best: 0 }, `${endS} s`);
  });

  it('rewrites a script that came out too long with paceScale = measured ÷ estimated seconds', () => {
    // 15 s Arabic before this change: 17.6 s of speech on a 14 s estimate.
    const next = nextAttempt([attempt(17.3, { speechS: 17.6, estimatedS: 14.4 })], 15);
    assert.equal(next.kind, 'rewrite');
    assert.ok(next.kind === 'rewrite' && Math.abs(next.paceScale - 17.6 / 14.4) < 1e-9);
  });

  it('rewrites a script that came out too short (a 60 s script ending at 46 s) with a pace under 1', () => {
    const next = nextAttempt([attempt(46, { speechS: 46.3, estimatedS: 57, sentences: 12 })], 60);
    assert.ok(next.kind === 'rewrite' && next.paceScale < 1, JSON.stringify(next));
  });

  it('when the measured pace is already in use, pushes the budget by the miss itself', () => {
    const a = attempt(16.8, { paceScale: 1.2, speechS: 17.1, estimatedS: 17.1 / 1.2 });
    const next = nextAttempt([attempt(18, { speechS: 18.3, estimatedS: 18.3 / 1.2 }), a], 15);
    assert.ok(next.kind === 'rewrite' && Math.abs(next.paceScale - 1.2 * (16.8 / 14)) < 1e-9, JSON.stringify(next));
  });

  it('stops after the allowed attempts and keeps the one nearest the target', () => {
    const tries = [attempt(17.5), attempt(10.1, { paceScale: 1.25, sentences: 3 }), attempt(16.3, { paceScale: 1.1 })];
    assert.equal(tries.length, LENGTH_RULES.attempts);
    const next = nextAttempt(tries, 15);
    assert.deepEqual(next, { kind: 'finish', best: 2 });
    assert.ok(miss(tries[2]!, 15) < miss(tries[0]!, 15) && miss(tries[2]!, 15) < miss(tries[1]!, 15));
  });

  it('finishes when a rewrite would repeat a pace already tried', () => {
    // The last take measured exactly its own pace; the push (× 16.5 / 14) is the first take's pace.
    const first = attempt(12, { paceScale: 16.5 / 14, sentences: 2 });
    const last = attempt(16.5, { speechS: 16.8, estimatedS: 16.8 });
    assert.deepEqual(nextAttempt([first, last], 15), { kind: 'finish', best: 0 });
  });
});

describe('length fitting: rate, pauses and mix length (pure)', () => {
  it('speeds up a long script to just under the target, capped at +12 %', () => {
    const r = ratePlan(attempt(14.8), 15);
    assert.ok(r > 1 && Math.abs(14.8 / r - (14 - 0.25)) < 0.01, `${r}`);
    assert.equal(ratePlan(attempt(19), 15), LENGTH_RULES.rate.max);
  });

  it('leaves the rate alone near the target, and slows a short script only beyond what easy pauses fill', () => {
    assert.equal(ratePlan(attempt(13.9), 15), 1);
    assert.equal(ratePlan(attempt(14.2), 15), 1);
    assert.equal(ratePlan(attempt(12.5), 15), 1, '1.25 s over 5 gaps: pauses of 0.25 s');
    const slow = ratePlan(attempt(11), 15);
    assert.ok(slow < 1 && slow >= LENGTH_RULES.rate.min, `${slow}`);
    assert.ok(Math.abs(11 / slow + 5 * LENGTH_RULES.pause.easy - 13.75) < 0.01);
  });

  it('spreads the remaining gap over the pauses between sentences, at most 1.2 s each while that fills it, none after the last', () => {
    const p = pausePlan(12.5, 6, 15);
    assert.equal(p.length, 6);
    assert.equal(p[5], 0);
    assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1.5) < 0.01);
    const capped = pausePlan(12, 4, 15);
    assert.deepEqual(capped, [0.667, 0.667, 0.667, 0], 'a gap 1.2 s pauses can fill is spread evenly');
    assert.deepEqual(pausePlan(14.2, 6, 15), [0, 0, 0, 0, 0, 0], 'late speech gets no pauses');
    assert.deepEqual(pausePlan(10, 1, 15), [0], 'one sentence: nowhere to pause');
  });

  it('fills what even pauses cannot with reading beats (scenes showing text the voice does not read), each up to its reading time', () => {
    // 4 s short over 3 gaps: 1.2 s each is 3.6 s; the rest goes to the one beat (gap 1, 4 s).
    const p = pausePlan(10, 4, 15, LENGTH_RULES, [0, 4, 0, 0]);
    assert.deepEqual(p.slice(0, 1), [1.2]);
    assert.ok(Math.abs(p[1]! - 1.6) < 0.01, `${p}`);
    assert.equal(p[2], 1.2);
    assert.equal(p[3], 0);
    // Never past the beat's reading time; a gap whose beat is shorter than a visual beat may hold 2.5 s.
    assert.deepEqual(pausePlan(2, 3, 15, LENGTH_RULES, [4, 2, 0]), [4, 2.5, 0]);
    // Without beats the same speech gets visual beats: 2.5 s a gap at most.
    assert.deepEqual(pausePlan(2, 3, 15), [2.5, 2.5, 0]);
    // Beats count in what finishing can reach, so a short script with beats is not rewritten in vain.
    const short = { ...attempt(8), sentences: 4 };
    assert.ok(miss({ ...short, beatsS: [4, 4, 4] }, 15) < miss(short, 15));
    // And they are used before the voice slows down.
    assert.equal(ratePlan({ ...attempt(9), sentences: 4, beatsS: [4, 4, 0] }, 15), 1);
    assert.ok(ratePlan({ ...attempt(9), sentences: 4 }, 15) < 1);
  });

  it('visual beats: a script short even at the slowest rate gets every gap up to 2.5 s, evenly, after the reading beats', () => {
    const R = LENGTH_RULES;
    // 60 s, 8 sentences ending at 30 s, two reading beats of 6 s: 29 s to fill over 7 gaps.
    const beats = [0, 6, 0, 6, 0, 0, 0, 0];
    const p = pausePlan(30, 8, 60, R, beats);
    assert.equal(p[7], 0, 'no pause after the last sentence');
    assert.deepEqual([p[1], p[3]], [6, 6], 'reading beats filled to their reading time first');
    for (const i of [0, 2, 4, 5, 6]) assert.equal(p[i], R.pause.visual, `gap ${i}: a visual beat, bounded`);
    // 12 + 12.5 = 24.5 s of the 29 s: the rest is not piled anywhere (the video comes out shorter, with its warning).
    assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 24.5) < 0.01);
    assert.ok(p.every((x, i) => x <= Math.max(R.pause.visual, beats[i]!)), 'every pause within its bound');
    // A smaller gap is shared evenly: 1.2 s each first, then the beats, then visual beats in proportion to room.
    // 21.25 s to fill: 1.2 s each (8.4 s), the beats to 6 s (9.6 s), the other five gaps share 3.25 s more.
    const q = pausePlan(30, 8, 52.25, R, beats);
    assert.ok(Math.abs(q.reduce((a, b) => a + b, 0) - 21.25) < 0.01, `${q}`);
    assert.deepEqual([q[1], q[3]], [6, 6]);
    for (const i of [0, 2, 4, 5, 6]) assert.ok(Math.abs(q[i]! - 1.85) < 0.01, `gap ${i}: ${q[i]}`);
    // Less to fill: the beats take only part of theirs, no visual beat yet.
    const e = pausePlan(30, 8, 44, R, beats);
    assert.ok(e[1]! > 1.2 && e[1]! < 6 && e[0] === 1.2, `${e}`);
    // What finishing can reach counts visual beats (the full range, not the comfortable one).
    assert.ok(Math.abs(reach({ ...attempt(30), sentences: 8, beatsS: beats }).maxS - (30 / R.rate.min + 12 + 5 * R.pause.visual)) < 1e-9);
  });

  it('showcase beats: what reading beats leave short goes first to the gaps whose scene shows a card (point, story), up to 5 s; the hook, intro and price gaps grow to 2.5 s only after them', () => {
    const R = LENGTH_RULES;
    // 60 s, 8 sentences: hook, intro, point, point, story, story (with a card), price, cta.
    const kinds = ['hook', 'intro', 'point', 'point', 'story', 'story', 'price', 'cta'];
    const showcase = kinds.map((kind, i) => showcaseScene({ kind, overlay: i === 1 || i === 2 || i === 3 ? 'Card' : null, readS: i === 5 ? 3 : undefined }));
    assert.deepEqual(showcase, [false, false, true, true, false, true, false, false], 'point and story scenes that show a card; not the intro (the name), not a story without one');
    showcase[4] = true;
    // Ending at 20 s: 39 s to fill, more than all rounds hold (3 × 2.5 + 4 × 5 = 27.5 s): every gap at its bound.
    const p = pausePlan(20, 8, 60, R, [], showcase);
    assert.equal(p[7], 0, 'no pause after the last sentence');
    for (const i of [0, 1, 6]) assert.equal(p[i], R.pause.visual, `gap ${i} (${kinds[i]}): a visual beat at most`);
    for (const i of [2, 3, 4, 5]) assert.equal(p[i], R.pause.showcase, `gap ${i} (${kinds[i]}): a showcase beat`);
    assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 27.5) < 0.01);
    // 14 s to fill: 1.2 s each (8.4 s), then the card scenes share the rest; the hook, intro and price stay at 1.2 s.
    const q = pausePlan(45, 8, 60, R, [], showcase);
    assert.ok(Math.abs(q.reduce((a, b) => a + b, 0) - 14) < 0.01, `${q}`);
    for (const i of [0, 1, 6]) assert.equal(q[i], R.pause.max, `gap ${i} (${kinds[i]}) keeps its pace`);
    for (const i of [2, 3, 4, 5]) assert.ok(Math.abs(q[i]! - (R.pause.max + (14 - 7 * R.pause.max) / 4)) < 0.01, `gap ${i}: ${q[i]}`);
    // 24 s to fill: the card scenes full (4 × 5 s), the rest shared by the other three.
    const v = pausePlan(35, 8, 60, R, [], showcase);
    for (const i of [2, 3, 4, 5]) assert.equal(v[i], R.pause.showcase);
    for (const i of [0, 1, 6]) assert.ok(Math.abs(v[i]! - (24 - 20) / 3) < 0.01, `gap ${i}: ${v[i]}`);
    // A reading beat longer than a showcase beat keeps its reading time as its bound.
    assert.equal(pausePlan(10, 8, 60, R, [0, 0, 0, 8, 0, 0, 0, 0], showcase)[3], 8);
    // What finishing can reach counts them.
    const a = { ...attempt(20), sentences: 8 };
    assert.ok(Math.abs(reach({ ...a, showcase }).maxS - reach(a).maxS - 4 * (R.pause.showcase - R.pause.visual)) < 1e-9);
  });

  it('ends the video at the set length when the last word ends 0.6-2 s before it, else within ±10 %, never with more than 2 s of silence', () => {
    assert.equal(mixLengthS(14, 15), 15);
    assert.equal(mixLengthS(13, 15), 15);
    assert.equal(mixLengthS(14.4, 15), 15);
    assert.equal(mixLengthS(15.2, 15), 15.8, 'late speech keeps its 0.6 s tail');
    assert.equal(mixLengthS(12, 15), 13.5, 'a little short: 1.5 s after the last word');
    assert.equal(mixLengthS(11, 15), 12.5, 'too short for the -10 % edge: still 1.5 s after the last word');
    assert.equal(mixLengthS(27, 60), 28.5, 'far too short (nothing more to say): no long silent end card');
    assert.ok(shortOfLength(28.5, 60) && shortOfLength(12.5, 15) && !shortOfLength(13.5, 15) && !shortOfLength(60, 60));
    assert.equal(mixLengthS(58.2, 60), 60);
    assert.equal(mixLengthS(57.5, 60), 59, 'the tail stays under 2 s, the video within -10 %');
  });
});

describe('length fitting: dropping sentences (pure)', () => {
  const kinds = ['hook', 'intro', 'point', 'point', 'story', 'point', 'price', 'cta'];
  it('nothing goes while the fastest rate reaches the target', () => {
    assert.deepEqual(dropPlan(attempt(15.5, { sentences: 8 }), [2, 2, 2, 2, 2, 2, 2, 1.5], kinds, 15), []);
  });
  it('a script too long even at +12 % loses middle points and story, latest first, never hook, intro, price or call to action', () => {
    const d = dropPlan(attempt(19, { sentences: 8 }), [2, 2.5, 2.5, 2.5, 2, 2.5, 3, 2], kinds, 15);
    // 19 / 1.12 = 16.96 s: 2.96 s over; point 5 (2.23 s at the fast rate) is not enough, story 4 too.
    assert.deepEqual(d, [4, 5]);
    assert.ok(d.every((i) => kinds[i] === 'point' || kinds[i] === 'story'));
    assert.deepEqual(dropPlan(attempt(40, { sentences: 8 }), [5, 5, 5, 5, 5, 5, 5, 5], kinds, 15), [2, 3, 4, 5], 'all it may drop');
  });
});

describe('fit() with paceScale', () => {
  const item = (order: number, text: string, required: boolean): Item => ({
    role: required ? 'hook' : 'point', order, forms: [text], cuts: [], at: 0, required, priority: order, dropRank: 0,
    cue: { kind: 'point', pointIndex: null, gesture: 'none', overlay: null },
  });
  const items = [
    item(0, 'Tired of a dark desk at night?', true),
    ...['Three colour temperatures from warm to daylight.', 'A stepless touch dimmer that remembers.', 'A USB-C port charges your phone.', 'Flicker-free light that is gentle on your eyes.', 'It folds flat for travel.'].map((t, i) => item(i + 1, t, false)),
    item(9, 'Order yours today.', true),
  ];
  it('a voice measured slower than the estimate gets fewer sentences, a faster one more', () => {
    const budget = { min: 0.9 * 15, max: 0.97 * 15 };
    const at = (paceScale: number) => fit(items, 'english', { ...budget, paceScale }).map((c) => c.text);
    const [slow, plain, fast] = [at(1.3), at(1), at(0.8)];
    assert.ok(slow.length < plain.length && plain.length <= fast.length, `${slow.length} ${plain.length} ${fast.length}`);
    assert.ok(estimateScriptS(slow, 'english') * 1.3 <= budget.max, 'the scaled estimate fits the budget');
  });
});

describe('the LLM writer with paceScale', () => {
  it('asks for a word budget smaller by the measured pace', () => {
    const product = { name: 'Aurora Desk Lamp', description: 'A warm desk lamp.', sellingPoints: [], brand: null, price: null, currency: null, targetAudience: '', imagePaths: [], videoPaths: [] };
    const words = (paceScale?: number) => Number(/about (\d+) words/.exec(buildMessages({ product, style: 'Discovery', lengthS: 30, language: 'english', paceScale })[1]!.content)![1]);
    assert.equal(words(), Math.round(0.97 * 30 * 2.5));
    assert.equal(words(1.25), Math.round((0.97 * 30 * 2.5) / 1.25));
  });
});

describe('length fitting: a writer with nothing else to say', () => {
  it('finishes instead of asking again when the last rewrite said what an earlier attempt said', () => {
    const short = [attempt(8, { estimatedS: 8 }), attempt(8, { paceScale: 0.5, estimatedS: 8 })];
    assert.equal(nextAttempt(short.slice(0, 1), 15).kind, 'rewrite');
    assert.deepEqual(nextAttempt(short, 15, LENGTH_RULES, true), { kind: 'finish', best: 0 });
  });
});
