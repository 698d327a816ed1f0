import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coveredShare, stickerAllowed, STICKER_SHARE } from '../src/pipeline/timeline/sticker.ts';
import { placeAll } from '../src/pipeline/timeline/layout.ts';
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
    for (const h of all) assert.equal(h.allowed, stickerAllowed(h.overlay.box, h.keepOut.product, { when: h.overlay, during: h.keepOut, others: t.overlays.filter((o) => o !== h.overlay) }));
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

  it('STICKER_SHARE holds for all the stickers on one product at once, in the check and the placer (fails before: the limit was per text)', () => {
    const sp = sampleSpeech(sampleSentences(15));
    const infos = SETS.alpha!;
    const t = buildTimeline({
      script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, targetAudience: 'everyone', imagePaths: infos.map((_, i) => `/img${i}.jpg`), videoPaths: [] },
      templateId: 2, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.5, imageInfo: infos,
    });
    const k = textProductOverlaps(t)[0]!.keepOut;
    const p = k.product;
    // Two cards on the product's left edge, above and below its heart, each 9 % of its box.
    const w = p.w / 3 - 2;
    const h = (0.09 * p.w * p.h) / w;
    const card = (id: string, y: number, startMs: number, endMs: number) => ({ ...t.overlays[0]!, id, startMs, endMs, box: { x: p.x, y, w, h } });
    const upper = card('upper', p.y, k.startMs, k.endMs);
    const lower = card('lower', p.y + p.h - h, k.startMs, k.endMs);
    for (const x of [upper, lower]) assert.ok(coveredShare(x.box, p) <= STICKER_SHARE && stickerAllowed(x.box, p), 'each alone an allowed sticker');
    // At once: 18 % of the product together, reported.
    assert.ok(textProductHits({ ...t, overlays: [upper, lower] }).length > 0);
    // One after the other (never together): both allowed.
    const mid = Math.round((k.startMs + k.endMs) / 2);
    assert.deepEqual(textProductHits({ ...t, overlays: [{ ...upper, endMs: mid }, { ...lower, startMs: mid }] }), []);

    // The placer: a product over the left 200 px of a 230 px wide safe area (no spot clear of it).
    // A title on its left edge (12 % of it, kept off the right strip); then a card, 60 × 45 or, a
    // level down, 40 × 30: alone it goes at 60 × 45 on the right edge (6.75 %); with the title at
    // once that is 18.75 %, so it takes the smaller level on the right edge (1.5 %, 13.5 % together).
    const product = { x: 0, y: 0, w: 200, h: 100 };
    const whole = { startMs: 0, endMs: 1000 };
    type B = typeof product;
    const avoid = [{ box: product, ...whole, allows: (b: B, when: typeof whole, placed: readonly (typeof whole & { box: B })[]) => stickerAllowed(b, product, { when, during: whole, others: placed }) }];
    const safe = { x: 0, y: 0, w: 230, h: 100 };
    const title = (endMs = 1000) => ({ startMs: 0, endMs, regions: [{ x: 0, y: 0, w: 60, h: 40 }], levels: 1, keepOff: [{ x: 170, y: 0, w: 60, h: 100 }], make: (r: B) => ({ box: r }) });
    const sizes = [{ w: 60, h: 45 }, { w: 40, h: 30 }];
    const cardItem = (startMs = 0) => ({ startMs, endMs: 1000, regions: [{ x: 0, y: 50, w: 60, h: 45 }], levels: 2, make: (r: B, level: number) => ({ box: { x: r.x, y: r.y, ...sizes[level]! } }) });
    const [a, b] = placeAll([title(), cardItem()], [], safe, 5, avoid);
    assert.deepEqual(a!.box, { x: 0, y: 0, w: 60, h: 40 });
    assert.deepEqual(b!.box, { x: 190, y: 50, w: 40, h: 30 });
    // Shown one after the other: the card at its first level on the right edge.
    const [, c] = placeAll([title(500), cardItem(500)], [], safe, 5, avoid);
    assert.deepEqual(c!.box, { x: 170, y: 50, w: 60, h: 45 });
  });
});
