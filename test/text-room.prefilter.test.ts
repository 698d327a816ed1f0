/**
 * The scene search's prefilter (text-room.ts roomLeft, docs/rendering.md "Text off the product,
 * 2026-11-30"): before building a timeline with the product in a pose, the search asks from boxes
 * whether the text, at the size it is set, has a free spot with the product there. A pose that
 * leaves it one is built first; one that leaves none is built only while the budget lasts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import { textProductOverlaps } from '../src/pipeline/timeline/text-product.ts';
import { roomLeft } from '../src/pipeline/timeline/text-room.ts';
import type { ImageInfo } from '../src/pipeline/timeline/media-frame.ts';

const ALPHA: ImageInfo = { width: 1000, height: 1000, alpha: true, trim: { x: 0.3, y: 0.05, w: 0.4, h: 0.9 } };

describe('text-room prefilter: a pose is asked whether it leaves the text a spot', () => {
  it('Side by Side 9:16 with a presenter, an alpha product at its share: no spot for the full-width card where the product stands; a spot once the product is out of the way; none when it covers the safe area (fails before: no roomLeft)', () => {
    const sp = sampleSpeech(sampleSentences(15));
    const t = buildTimeline({
      script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, targetAudience: 'everyone', imagePaths: ['/img0.jpg'], videoPaths: [] },
      templateId: 2, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.5, imageInfo: [ALPHA],
    });
    // (Any overlap, a sticker too: the pose search runs for both, text-room.ts. Without a presenter
    // the stacked card finds a free spot, 2026-11-30, so the case is the presenter's.)
    const hit = textProductOverlaps(t).find((h) => h.overlay.slot === 'cue');
    assert.ok(hit, 'a card on the product (the survey\'s named 9:16 miss)');
    const f = t.images[hit.keepOut.image]!;
    const fits = roomLeft(t, hit);
    // As framed: the card is as wide as the safe area and the product leaves no row for it.
    assert.equal(fits(f), false);
    // The product small in the bottom corner (below the captions band): the card's own row is free.
    const s = t.safeArea;
    const corner = { x: s.x + s.w - 40, y: t.height - 50, w: 40, h: 40 };
    assert.equal(fits({ ...f, content: corner, room: corner }), true);
    // The product over the whole safe area: nowhere.
    assert.equal(fits({ ...f, content: { ...s }, room: { ...s } }), false);
  });
});
