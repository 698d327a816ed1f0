import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { cardViolations, layoutViolations, textProductViolations } from '../src/pipeline/timeline/safety.ts';
import { presenterOverProductViolations } from '../src/pipeline/timeline/presenter-clear.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import type { AspectRatio } from '../src/pipeline/templates/types.ts';
import { demoTimeline } from './support/demo-timeline.ts';
import { LONG, SETS } from './support/text-product-sets.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES, writeImage } from '../bench/quality/fixtures.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { writeBuiltin } from '../src/pipeline/script/builtin.ts';
import { presenterFaceBox } from '../src/pipeline/timeline/presenter.ts';
import { headBox, intersects } from '../src/pipeline/timeline/rules.ts';

/**
 * Known misses (docs/rendering.md "The product leads": "A text over the product's edge"), each with its reason.
 * Since 2026-11-30 (textprod916) a text may sit on a product's edge as a sticker (sticker.ts: on its
 * pill, clear of the product's heart, at most STICKER_SHARE of its box) where no free spot is left,
 * the check counts only the overlaps that rule does not allow, and the name's room search
 * (name-room.ts) treats such an overlap as blocked. What stays:
 * - `9:16` with the 74-character name, the alpha product (Spotlight, Feature Cards, Presenter,
 *   Carousel), the mug and the `small` product (Spotlight): the full name (its title, or its card
 *   under the short title) needs the whole safe width (448 of 540 px) in three lines at the minimum
 *   size; the column beside the product's heart (about 260 px) does not hold it, and across the
 *   width it covers 19-30 % of the product at its 30 % share.
 * Closed by the sticker: every 9:16 bottle and packshot, the short name everywhere, `16:9 alpha
 * T2|T3`, every 1:1 miss (bottle, packshot, alpha; and the title rule's cost, `knownTitle`, gone:
 * the name's room search now runs for those titles and finds a placement).
 */
const KNOWN = [/^r0 (alpha|mug|small) T\d presenter (true|false) 74$/];

describe('text never over a product shown whole: a layout rule (issue 27)', () => {
  it('every template × ratio × presenter × product shape × name length (15 s): no card, title, price or call to action within the gap of a product shown whole, outside the named misses; the other layout rules hold (fails before: 1:1 the mug photo in five templates, 16:9 and 1:1 bottles and packshots, ...)', () => {
    const sp = sampleSpeech(sampleSentences(15));
    const outside: string[] = [];
    const known: string[] = [];
    let checked = 0;
    for (const [set, infos] of Object.entries(SETS))
      for (const templateId of [1, 2, 3, 4, 5, 6])
        for (const aspectRatio of [0, 1, 2] as AspectRatio[])
          for (const hasPresenter of [true, false])
            for (const name of [SAMPLE_PRODUCT_TEXT.name, LONG]) {
              const t = buildTimeline({
                script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, name, targetAudience: 'everyone', imagePaths: infos.map((_, i) => `/img${i}.jpg`), videoPaths: [] },
                templateId, hasPresenter, visualStyle: null, aspectRatio, caption: true, scale: 0.5, imageInfo: infos,
              });
              checked++;
              const where = `r${aspectRatio} ${set} T${templateId} presenter ${hasPresenter} ${name.length}`;
              assert.deepEqual(layoutViolations(t), [], where);
              for (const v of textProductViolations(t)) (KNOWN.some((k) => k.test(where)) ? known : outside).push(`${where}: ${v}`);
            }
    assert.equal(checked, 504);
    assert.deepEqual(outside, []);
    assert.ok(known.length > 0, 'the known misses are still misses (else take them off)');
  });

  it('the README demo (Spotlight 9:16, the drawn presenter, the sample lamp, its night and desk photos, 15 s): the name card, every selling-point card and "Shop now" clear of the lamp and the photos, each card in at most three lines, words whole (fails before: "Three colour / temperatures" over the lampshade\'s edge, the column left of the inset holding the word "temperatures" only without the badge beside it)', async () => {
    const t = await demoTimeline(0.5);
    assert.equal(t.images[0]!.treatment, 'cutout', 'the lamp is cut out');
    const v = textProductViolations(t);
    const first = t.overlays.find((o) => o.slot === 'cue' && o.badge === '1')!;
    // The column left of the presenter's card holds "Three colour / temperatures" at the minimum
    // size only with the number badge above the text (a stacked card: overlay-box.ts), not beside it.
    assert.deepEqual(first.lines, ['Three colour', 'temperatures']);
    assert.equal(first.stacked, true, 'the first card stacked: its badge above the text');
    assert.ok(first.box.x + first.box.w <= t.presenter!.box.x, 'the first card in the column left of the presenter\'s card');
    const cards = t.overlays.filter((o) => o.slot === 'cue' && !o.subtitle);
    for (const o of cards) assert.ok(o.lines.length <= 3 && !o.lines.some((l) => l.endsWith('\u2010')), `the card "${o.lines.join(' | ')}" in at most three lines, words whole`);
    assert.deepEqual(v, []);
    assert.deepEqual(layoutViolations(t), []);
    assert.deepEqual(cardViolations(t), []);
    assert.deepEqual(presenterOverProductViolations(t), []);
  });

  it('bench #2 (Side by Side 16:9, the bench\'s bottle and alpha bottle filling their half): the call to action beside the price\'s pill in its row, clear of the bottle and the head box, the middles on one line (fails before: "Shop now" / "今すぐ購入" on the bottle\'s body, no spot in the presenter\'s half at the slot widths)', async () => {
    const f = FIXTURES.bottle!;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'price-row-'));
    const imagePaths = await Promise.all(f.images.map((shape, i) => writeImage(dir, shape, (2 * 47 + i * 90) % 360)));
    const infos = await Promise.all(imagePaths.map((p) => imageInfo(p)));
    for (const language of ['japanese', 'english'] as const)
      for (const lengthS of [15, 30] as const) {
        const product = { name: f.name, brand: f.brand, description: f.description, sellingPoints: f.sellingPoints, targetAudience: f.targetAudience, price: '3980', currency: 'JPY', language, imagePaths, videoPaths: [] };
        const script = writeBuiltin({ product, style: 'Discovery', lengthS, language, seed: 'x' });
        const sp = sampleSpeech(script.sentences, language);
        const t = buildTimeline({ script: { ...script, sentences: sp.script.sentences }, speech: sp.speech, product, templateId: 2, hasPresenter: true, visualStyle: 'Bold Pop', aspectRatio: 1, caption: true, scale: 0.25, imageInfo: infos });
        const where = `${language} ${lengthS} s`;
        const cta = t.overlays.find((o) => o.slot === 'cta')!;
        const price = t.overlays.find((o) => o.slot === 'price')!;
        assert.deepEqual(textProductViolations(t), [], where);
        assert.deepEqual(layoutViolations(t), [], where);
        assert.ok(Math.abs(cta.box.y + cta.box.h / 2 - (price.box.y + price.box.h / 2)) < 1, `${where}: one row`);
        assert.ok(cta.box.x > price.box.x + price.box.w, `${where}: the call to action right of the price`);
        assert.equal(intersects(cta.box, headBox(presenterFaceBox(t.presenter!))), false, `${where}: clear of the head box`);
      }
  });
});
