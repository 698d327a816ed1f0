import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAvatarTrack, buildMouthTrack, sampleNarration, type AvatarPose } from '../src/pipeline/avatar/index.ts';

const fps = 30;
const { speech, script } = sampleNarration();
const track = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 42 });
const poses: AvatarPose[] = Array.from({ length: track.frameCount }, (_, f) => track.poseAt(f));
const frameAt = (ms: number) => Math.round((ms * fps) / 1000);

/** A long narration: the sample repeated, to see blinks and sway over a minute. */
function longNarration(times: number) {
  const one = sampleNarration();
  const span = one.speech.durationMs;
  const shift = <T extends { startMs: number; endMs: number }>(xs: T[], k: number) => xs.map((x) => ({ ...x, startMs: x.startMs + k * span, endMs: x.endMs + k * span }));
  const speech = { ...one.speech, durationMs: span * times, phonemes: [] as typeof one.speech.phonemes, words: [] as typeof one.speech.words, sentences: [] as typeof one.speech.sentences };
  const sentences = [];
  for (let k = 0; k < times; k++) {
    speech.phonemes.push(...shift(one.speech.phonemes, k));
    speech.words.push(...shift(one.speech.words, k).map((w) => ({ ...w, sentence: w.sentence + k * one.speech.sentences.length })));
    speech.sentences.push(...shift(one.speech.sentences, k));
    sentences.push(...one.script.sentences);
  }
  return { speech, script: { ...one.script, sentences } };
}

describe('buildAvatarTrack', () => {
  it('covers the narration frame by frame with the mouth track inside', () => {
    assert.equal(track.frameCount, Math.round((speech.durationMs * fps) / 1000));
    assert.deepEqual(track.visemes, buildMouthTrack(speech.phonemes, speech.durationMs, fps));
    poses.forEach((p, f) => assert.equal(p.viseme, track.visemes[f]));
    // Frames outside the range clamp instead of failing.
    assert.deepEqual(track.poseAt(-5), poses[0]);
    assert.deepEqual(track.poseAt(track.frameCount + 10), poses[poses.length - 1]);
  });

  it('keeps every value in range', () => {
    for (const p of poses) {
      for (const k of ['mouthOpen', 'blink', 'breathe', 'browRaise', 'gestureAmount'] as const) assert.ok(p[k] >= 0 && p[k] <= 1, `${k}=${p[k]}`);
      assert.ok(Math.abs(p.headTiltDeg) < 8);
      assert.ok(Math.abs(p.headOffsetX) < 0.05 && Math.abs(p.headOffsetY) < 0.08);
      assert.ok(Math.abs(p.lookX) <= 1 && Math.abs(p.lookY) <= 1);
      assert.ok(p.countFingers >= 1 && p.countFingers <= 3);
    }
  });

  it('is the same for the same seed and differs for another', () => {
    const again = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 42 });
    const other = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 43 });
    assert.deepEqual(Array.from({ length: track.frameCount }, (_, f) => again.poseAt(f)), poses);
    assert.notDeepEqual(Array.from({ length: track.frameCount }, (_, f) => other.poseAt(f).blink), poses.map((p) => p.blink));
  });

  it('blinks every 2–6 s, each blink quick (≤ ~200 ms) and fully closed for a frame', () => {
    const { speech: s, script: sc } = longNarration(8);
    const long = buildAvatarTrack({ speech: s, script: sc, fps, durationMs: s.durationMs, seed: 7 });
    const blinkFrames: number[] = [];
    let closedFor = 0;
    for (let f = 0; f < long.frameCount; f++) {
      const b = long.poseAt(f).blink;
      if (b > 0.05) closedFor++;
      else if (closedFor > 0) {
        assert.ok(closedFor <= 7, `blink lasted ${closedFor} frames`);
        closedFor = 0;
      }
      if (b >= 0.99 && long.poseAt(f - 1).blink < 0.99) blinkFrames.push(f);
    }
    const seconds = s.durationMs / 1000;
    assert.ok(blinkFrames.length >= seconds / 6 && blinkFrames.length <= seconds / 1.2, `${blinkFrames.length} blinks in ${seconds} s`);
    const gaps = blinkFrames.slice(1).map((f, i) => (f - blinkFrames[i]!) / fps);
    assert.ok(Math.max(...gaps) <= 6.5, `longest gap ${Math.max(...gaps)} s`);
  });

  it('breathes and sways subtly all the time', () => {
    const tilts = poses.map((p) => p.headTiltDeg);
    assert.ok(Math.max(...tilts) - Math.min(...tilts) > 1, 'the head moves');
    const breaths = poses.map((p) => p.breathe);
    assert.ok(Math.max(...breaths) - Math.min(...breaths) > 0.5, 'breathing goes in and out');
    // Smooth: no jumps between consecutive frames.
    for (let f = 1; f < poses.length; f++) assert.ok(Math.abs(tilts[f]! - tilts[f - 1]!) < 0.6, `tilt jump at ${f}`);
  });

  it('raises the brows on the hook and on questions', () => {
    // The sample's first sentence is a hook and a question.
    const hook = speech.sentences[0]!;
    const early = poses.slice(frameAt(hook.startMs + 150), frameAt(hook.startMs + 700));
    assert.ok(early.every((p) => p.browRaise > 0.5));
    const calm = poses.slice(frameAt(speech.sentences[2]!.startMs), frameAt(speech.sentences[2]!.endMs));
    assert.ok(calm.reduce((a, p) => a + p.browRaise, 0) / calm.length < 0.3);
  });

  it('nods: the head dips on stressed words and sentence ends', () => {
    let dips = 0;
    for (let f = 1; f + 1 < poses.length; f++) {
      const y = poses[f]!.headOffsetY;
      if (y > 0.015 && y >= poses[f - 1]!.headOffsetY && y >= poses[f + 1]!.headOffsetY) dips++;
    }
    assert.ok(dips >= speech.sentences.length, `${dips} nods`);
  });

  it('makes each cue gesture from its sentence start, eased in and out', () => {
    script.sentences.forEach((sentence, i) => {
      const g = sentence.cue.gesture;
      if (g === 'none' || g === 'nod') return;
      const s = speech.sentences[i]!;
      const before = track.poseAt(frameAt(s.startMs) - 6);
      assert.ok(before.gesture !== g || before.gestureAmount < 0.3, `${g} not yet up before sentence ${i}`);
      const mid = track.poseAt(frameAt((s.startMs + s.endMs) / 2));
      assert.equal(mid.gesture, g, `sentence ${i}`);
      assert.ok(mid.gestureAmount > 0.85);
      // Eased: the amount climbs over several frames, not in one step.
      const ramp = [0, 2, 4, 6, 8].map((k) => track.poseAt(frameAt(s.startMs) + k)).filter((p) => p.gesture === g).map((p) => p.gestureAmount);
      assert.ok(ramp.some((a) => a > 0.05 && a < 0.8), `eased in: ${ramp.map((a) => a.toFixed(2))}`);
      if (g === 'count') assert.equal(mid.countFingers, (sentence.cue.pointIndex ?? 0) + 1);
    });
    const last = poses[poses.length - 1]!;
    assert.ok(last.gesture === 'none' || last.gestureAmount < 0.05, 'arms are down at the end');
  });

  it('reports the cue nod as a nod gesture', () => {
    const i = script.sentences.findIndex((s) => s.cue.gesture === 'nod');
    const s = speech.sentences[i]!;
    const span = poses.slice(frameAt(s.startMs), frameAt(s.startMs + 900));
    assert.ok(span.some((p) => p.gesture === 'nod' && p.gestureAmount > 0.5));
  });

  it('glances toward the product side while pointing', () => {
    const i = script.sentences.findIndex((s) => s.cue.gesture === 'point');
    const start = frameAt(speech.sentences[i]!.startMs);
    const right = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 1, productSide: 'right' });
    const left = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 1, productSide: 'left' });
    const look = (t: typeof right) => Math.max(...[6, 8, 10, 12].map((k) => t.poseAt(start + k).lookX * (t === left ? -1 : 1)));
    assert.ok(look(right) > 0.5 && look(left) > 0.5);
  });
});
