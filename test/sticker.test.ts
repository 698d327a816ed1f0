import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coveredShare, stickerAllowed, STICKER_SHARE } from '../src/pipeline/timeline/sticker.ts';
import { textProductHits, textProductOverlaps, textProductViolations } from '../src/pipeline/timeline/text-product.ts';
import { contentHeart } from '../src/pipeline/timeline/rules.ts';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import { SETS } from './support/text-product-sets.ts';
import type { Timeline } from '../src/pipeline/timeline/types.ts';

// A frame-high bottle's box in a 540 × 960 frame (the probe's packshot at its share).
const bottle = { x: 22, y: 64, w: 193, h: 580 };

describe('the sticker: a text over a product\'s edge (sticker.ts, one definition for placer and check)', () => {
  it('allowed on the edge, clear of the heart, up to STICKER_SHARE of the product\'s box', () => {
    const heart = contentHeart(bottle);
    // A card over the bottle's right third at its shoulder: clear of the heart, ~6 % of the box.
    const edge = { x: heart.x + heart.w + 2, y: 300, w: 280, h: 110 };
    assert.ok(coveredShare(edge, bottle) > 0 && coveredShare(edge, bottle) <= STICKER_SHARE);
    assert.equal(stickerAllowed(edge, bottle), true);
    // The same card one pixel into the heart: refused.
    assert.equal(stickerAllowed({ ...edge, x: heart.x + heart.w - 1 }, bottle), false);
    // A full-width title over the bottle's top third (clear of the heart) covering 21 % of it: refused by the share.
    const title = { x: 27, y: 101, w: 448, h: 123 };
    assert.equal(stickerAllowed(title, bottle), false);
    assert.ok(coveredShare(title, bottle) > STICKER_SHARE);
    // Within the gap only (no pixel of the box): allowed.
    assert.equal(stickerAllowed({ x: bottle.x + bottle.w + 2, y: 300, w: 100, h: 50 }, bottle), true);
    assert.equal(coveredShare({ x: 300, y: 0, w: 10, h: 10 }, bottle), 0);
  });

  it('the check (text-product) counts only the disallowed overlaps; the placer\'s overlaps carry the same judgement (fails before: every overlap was a hit)', () => {
    const sp = sampleSpeech(sampleSentences(15));
    // The alpha product in Side by Side 9:16: its name and first card sit on its edge (since the
    // stacked card, Spotlight's packshot finds a free spot for every text and has no sticker left).
    const infos = SETS.alpha!;
    const t = buildTimeline({
      script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, targetAudience: 'everyone', imagePaths: infos.map((_, i) => `/img${i}.jpg`), videoPaths: [] },
      templateId: 2, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.5, imageInfo: infos,
    });
    const all = textProductOverlaps(t);
    const k = all[0]?.keepOut;
    assert.ok(k, 'the alpha product in Side by Side 9:16 has a text on its box');
    for (const h of all) assert.equal(h.allowed, stickerAllowed(h.overlay.box, h.keepOut.product));
    assert.deepEqual(textProductHits(t).map((h) => h.overlay.id), all.filter((h) => !h.allowed).map((h) => h.overlay.id));
    // An allowed sticker is marked (its pill drawn opaque); a card moved onto the heart is reported.
    for (const h of all) if (h.allowed) assert.equal(t.overlays.find((o) => o.id === h.overlay.id)?.sticker, true);
    const heart = contentHeart(k.product);
    const card = { ...t.overlays[0]!, id: 'probe', startMs: k.startMs, endMs: k.endMs, box: { x: heart.x, y: heart.y, w: 40, h: 20 } };
    const onHeart: Timeline = { ...t, overlays: [card] };
    assert.equal(textProductViolations(onHeart).length, 1);
    const onEdge: Timeline = { ...t, overlays: [{ ...card, box: { x: k.product.x + k.product.w - 4, y: heart.y + heart.h + 4, w: 40, h: 20 } }] };
    assert.deepEqual(textProductViolations(onEdge), []);
  });
});
