/**
 * Captions beside a thin product, left of an inset presenter (issue 27, bench #108: template 1
 * 16:9 with a photo presenter, a 3:1 plain photo whose product is a thin bottle, cut out). The
 * band, already ended by the inset's card, narrows beside the bottle down to MIN_INSET_BAND of the
 * width (caption-clear.ts captionsBeside) instead of crossing its plate and foot; the bottle keeps
 * its share (docs/rendering.md "Text off the product, 2026-11-30").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { captionsOverProduct, MIN_INSET_BAND } from '../src/pipeline/timeline/caption-clear.ts';
import { productShareViolations } from '../src/pipeline/timeline/product-share.ts';
import { presenterOverProductViolations } from '../src/pipeline/timeline/presenter-clear.ts';
import { layoutViolations } from '../src/pipeline/timeline/safety.ts';
import { timelineCoverage } from '../src/pipeline/timeline/coverage.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import type { ImageInfo } from '../src/pipeline/timeline/media-frame.ts';
import { intersects } from '../src/pipeline/timeline/rules.ts';

/** The #108 image's info (the lamp fixture's photo: 1800 × 600, plain, a thin product in the middle). */
const WIDE_BOTTLE: ImageInfo = { width: 1800, height: 600, alpha: false, plain: true, trim: { x: 0.3854, y: 0.0625, w: 0.2292, h: 0.875 } };

describe('captions beside a thin product, left of an inset presenter (bench #108)', () => {
  for (const scale of [0.25, 0.5])
    for (const seconds of [15, 30] as const)
      it(`Spotlight 16:9, presenter, scale ${scale}, ${seconds} s: the band misses the bottle at its move's largest, between it and the inset; the bottle keeps its share (fails before: the band across its foot)`, () => {
        const sp = sampleSpeech(sampleSentences(seconds));
        const t = buildTimeline({
          script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, targetAudience: 'everyone', imagePaths: ['/img0.jpg'], videoPaths: [] },
          templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 1, caption: true, scale, imageInfo: [WIDE_BOTTLE],
        });
        assert.equal(t.images[0]!.treatment, 'cutout');
        assert.deepEqual(captionsOverProduct(t), []);
        const band = t.captionsBox;
        assert.ok(!intersects(band, t.presenter!.box), 'the band left of the inset');
        assert.ok(band.w >= MIN_INSET_BAND * t.width - 1, `the band ${band.w.toFixed(0)} px wide at least`);
        assert.deepEqual(productShareViolations(t), []);
        assert.deepEqual(presenterOverProductViolations(t), []);
        assert.deepEqual(layoutViolations(t), []);
        assert.ok(timelineCoverage(t).minShare >= 0.45, `coverage ${timelineCoverage(t).minShare}`);
      });
});
