/**
 * A carousel's card is its product's frame (issue 27, bench #9: Carousel 1:1, the HydroPeak
 * bottle). The card is drawn, clipped to and slid with the row, so a product stepped aside for a
 * text (text-room.ts poses) moves within its card, never out of it: before, an alpha cut-out in
 * 9:16 and 1:1 was posed a quarter out of its card (to the frame's safe-area side), and the card
 * cut it at its edge for whole scenes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sampleSentences, sampleSpeech, SAMPLE_PRODUCT_TEXT } from '../src/pipeline/render/sample.ts';
import type { AspectRatio } from '../src/pipeline/templates/types.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';
import { sceneFrame, type ImageInfo } from '../src/pipeline/timeline/media-frame.ts';

const TALL: ImageInfo = { width: 500, height: 1500, alpha: false };
const ALPHA: ImageInfo = { width: 1000, height: 1000, alpha: true };
const PACKSHOT: ImageInfo = { width: 500, height: 1500, alpha: false, plain: true };
const SQUARE: ImageInfo = { width: 1200, height: 1200, alpha: false };

describe('carousel: the product stays in its card', () => {
  for (const [name, set] of [['bottle photo + alpha cut-out', [TALL, ALPHA]], ['alpha cut-out', [ALPHA]], ['packshot', [PACKSHOT]], ['square photo', [SQUARE]]] as const)
    for (const aspectRatio of [0, 1, 2] as AspectRatio[])
      it(`${name}, ratio ${aspectRatio}: every scene's product inside its card, with and without presenter and captions`, () => {
        for (const hasPresenter of [true, false])
          for (const caption of [true, false]) {
            const sp = sampleSpeech(sampleSentences(15));
            const t = buildTimeline({
              script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, targetAudience: 'everyone', imagePaths: set.map((_, i) => `/img${i}.jpg`), videoPaths: [] },
              templateId: 6, hasPresenter, visualStyle: null, aspectRatio, caption, imageInfo: [...set],
            });
            assert.equal(t.media?.motion, 'carousel');
            const b = t.media!.box;
            for (const s of t.scenes) {
              const f = sceneFrame(t.images, s);
              if (!f || f.mode !== 'contain') continue;
              const c = f.content;
              const out = Math.max(b.x - c.x, b.y - c.y, c.x + c.w - (b.x + b.w), c.y + c.h - (b.y + b.h));
              assert.ok(out <= 1, `presenter ${hasPresenter}, captions ${caption}, scene ${s.index}: product ${JSON.stringify(c)} ${out.toFixed(0)} px out of its card ${JSON.stringify(b)}`);
            }
          }
      });
});
