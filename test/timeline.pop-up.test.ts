/**
 * A pop-up product (Presenter: the card shows for sentences that name an image) stays up through
 * a short sentence that names none between two that do (bench #47: it left for 2.3 s of "Simple,
 * smart, and ready when you are." and came back); a long run without images still lets it go.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { POP_BRIDGE_MS, popUpShows } from '../src/pipeline/timeline/pop-up.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import type { AspectRatio } from '../src/pipeline/templates/types.ts';

/** The 30 s sample with the image cues of sentences `blank` taken away. */
function presenterTimeline(ratio: AspectRatio, blank: readonly number[], templateId = 5) {
  const sp = sampleSpeech(sampleSentences(30));
  const script = { ...sp.script, sentences: sp.script.sentences.map((s, i) => (blank.includes(i) ? { ...s, cue: { ...s.cue, imageIndex: null } } : s)) };
  return buildTimeline({
    script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, targetAudience: 'everyone', imagePaths: ['/a.png', '/b.jpg'], videoPaths: [] },
    templateId, hasPresenter: true, visualStyle: null, aspectRatio: ratio, caption: true,
    imageInfo: [{ width: 1000, height: 1000, alpha: true, trim: { x: 0.19, y: 0.08, w: 0.62, h: 0.85 } }, { width: 1200, height: 1200, alpha: false }],
  });
}

describe('a pop-up product stays up while the script is on it', () => {
  it('a sentence naming no image between two that do keeps the product up, the same image, no cut (fails before: the card left and came back)', () => {
    for (const ratio of [0, 1, 2] as const) {
      const t = presenterTimeline(ratio, [4]);
      const spoken = t.scenes.find((s) => s.sentences[0] <= 4 && 4 <= s.sentences[1])!;
      assert.equal(spoken.showMedia, true, `ratio ${ratio}: sentence 4 shows the product`);
      // It joins the scene before it: the same image, no pop out and in, no transition.
      assert.ok(spoken.sentences[0] < 4, `ratio ${ratio}: one scene with the sentence before`);
      assert.ok(t.scenes.every((s) => s.showMedia), `ratio ${ratio}: the product never leaves`);
    }
  });

  it('a run of sentences without images as long as the bridge or longer lets the product go', () => {
    const t = presenterTimeline(0, [3, 4, 5, 6]);
    const hidden = t.scenes.filter((s) => !s.showMedia);
    assert.deepEqual([hidden[0]!.sentences[0], hidden[hidden.length - 1]!.sentences[1]], [3, 6]);
    assert.ok(hidden[hidden.length - 1]!.endMs - hidden[0]!.startMs >= POP_BRIDGE_MS);
  });

  it('the rule alone: only runs between two shown sentences and under the bridge are filled; other templates show always', () => {
    const spans = [0, 1000, 2000, 3000, 8000, 9000].map((startMs, i, a) => ({ startMs, endMs: a[i + 1] ?? 10_000 }));
    assert.deepEqual(popUpShows(spans, [false, true, false, true, false, false], true), [false, true, true, true, false, false]);
    assert.deepEqual(popUpShows(spans, [true, true, true, false, true, true], true), [true, true, true, false, true, true]);
    assert.deepEqual(popUpShows(spans, [false, false, false, false, false, false], false), [true, true, true, true, true, true]);
  });
});
