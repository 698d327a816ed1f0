/**
 * Issue 27, bench:quality #7 (Feature Cards 9:16, the long name, a tall bottle): the scene between
 * the title and the first selling-point card ("Perfect for people who sit at a desk all day", a
 * story sentence with no card) left rows 0-26 % of the frame bare for 4 s (`empty-band`, the tall
 * frame's whole-scene rule). In a 9:16 product video the title holds over a card scene with no card
 * next to its own scenes (place-text.ts `heldOver`; docs/rendering.md "No empty frames", "The title
 * held"), so its scene is not bare; a card scene with a card of its own is not touched.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech, type SampleSentence } from '../src/pipeline/render/sample.ts';
import { buildTimeline, layoutViolations } from '../src/pipeline/timeline/index.ts';
import { timelineCoverage } from '../src/pipeline/timeline/coverage.ts';
import { heldOver } from '../src/pipeline/timeline/place-text.ts';
import { LONG_NAME, PROBE_SHAPES } from './support/probe-timelines.ts';
import type { Span } from '../src/pipeline/timeline/build.ts';
import type { ImageInfo } from '../src/pipeline/timeline/media-frame.ts';

/** #7's opening: hook, intro naming the product, a story sentence with no card, then the points. */
const STORY: SampleSentence = { text: 'Perfect for people who sit at a desk all day.', cue: { kind: 'story', imageIndex: null, overlay: null, pointIndex: null, gesture: 'open' } };
const base = sampleSentences(15);
const SENTENCES = [base[0]!, base[1]!, STORY, ...base.slice(2)];

function timeline(templateId: number, aspectRatio: 0 | 1 | 2, info: ImageInfo, name: string) {
  const sp = sampleSpeech(SENTENCES);
  return buildTimeline({
    script: sp.script, speech: sp.speech,
    product: { ...SAMPLE_PRODUCT_TEXT, name, targetAudience: 'people who sit at a desk all day', imagePaths: ['/a.png', '/b.png', '/c.png'], videoPaths: [] },
    templateId, hasPresenter: true, visualStyle: 'Bold Pop', aspectRatio, caption: true, imageInfo: [info, info, info],
  });
}

describe('the title held over a card scene with no card (9:16)', () => {
  it('holds runs over the next and previous spans it is told to, merging where they meet', () => {
    const spans: Span[] = [0, 1, 2, 3, 4, 5].map((i) => ({ sentence: i, kind: 'story', startMs: i * 1000, endMs: (i + 1) * 1000 }));
    const hold = (s: Span) => s.sentence === 1 || s.sentence === 3;
    assert.deepEqual(heldOver([{ startMs: 0, endMs: 1000, first: 0 }], spans, hold), [{ startMs: 0, endMs: 2000, first: 0 }]);
    assert.deepEqual(heldOver([{ startMs: 4000, endMs: 5000, first: 4 }], spans, hold), [{ startMs: 3000, endMs: 5000, first: 3 }]);
    assert.deepEqual(heldOver([{ startMs: 0, endMs: 1000, first: 0 }, { startMs: 2000, endMs: 3000, first: 2 }], spans, hold), [{ startMs: 0, endMs: 4000, first: 0 }]);
    assert.deepEqual(heldOver([{ startMs: 0, endMs: 1000, first: 0 }], spans, () => false), [{ startMs: 0, endMs: 1000, first: 0 }]);
  });

  it('a story sentence with no card after the intro: its scene keeps the title and no row band stays bare for it, in every layout where it was bare (fails before: its top 20-27 % bare in Spotlight with the long name beside a packshot, Side by Side beside a packshot, Feature Cards beside a square or alpha product, Voice Over beside a wide or alpha one)', () => {
    const cases: [number, string, string][] = [
      [1, 'packshot', LONG_NAME],
      [2, 'packshot', SAMPLE_PRODUCT_TEXT.name], [2, 'packshot', LONG_NAME],
      [3, 'square', SAMPLE_PRODUCT_TEXT.name], [3, 'square', LONG_NAME], [3, 'alpha', SAMPLE_PRODUCT_TEXT.name], [3, 'alpha', LONG_NAME],
      [4, 'wide', SAMPLE_PRODUCT_TEXT.name], [4, 'alpha', LONG_NAME],
    ];
    for (const [templateId, shape, name] of cases) {
      const t = timeline(templateId, 0, PROBE_SHAPES[shape]!, name);
      const at = `T${templateId} ${shape} ${name.length}`;
      const scene = t.scenes.find((s) => s.sentences[0] <= 2 && 2 <= s.sentences[1])!;
      const title = t.overlays.find((o) => o.slot === 'name' && o.startMs <= scene.startMs && o.endMs >= scene.endMs);
      assert.ok(title, `${at}: the title shows over the story scene ${scene.startMs}-${scene.endMs}`);
      const bare = timelineCoverage(t).violations.filter((v) => v.includes(`scene at ${(scene.startMs / 1000).toFixed(1)}–`));
      assert.deepEqual(bare, [], at);
      assert.deepEqual(layoutViolations(t), [], at);
      // The first selling point's card comes in as before, where the title leaves.
      const card = t.overlays.find((o) => o.slot === 'cue' && !o.lines.join(' ').includes(name.split(' ')[0]!) && o.startMs >= scene.endMs);
      assert.ok(card && card.startMs === title.endMs, `${at}: the first card follows the title`);
    }
  });

  it('16:9 and 1:1 are unchanged: the title ends with the intro', () => {
    for (const ar of [1, 2] as const) {
      const t = timeline(3, ar, PROBE_SHAPES.square!, SAMPLE_PRODUCT_TEXT.name);
      const intro = t.scenes.find((s) => s.sentences[0] <= 1 && 1 <= s.sentences[1])!;
      const story = t.scenes.find((s) => s.sentences[0] <= 2 && 2 <= s.sentences[1])!;
      if (story === intro) continue;
      assert.ok(t.overlays.filter((o) => o.slot === 'name').every((o) => o.endMs <= story.startMs || o.startMs >= story.endMs), `r${ar}`);
    }
  });
});
