import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { layoutViolations, textProductViolations } from '../src/pipeline/timeline/safety.ts';
import { presenterOverProductViolations } from '../src/pipeline/timeline/presenter-clear.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import type { AspectRatio } from '../src/pipeline/templates/types.ts';
import { demoTimeline } from './support/demo-timeline.ts';
import { LONG, SETS } from './support/text-product-sets.ts';

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

  it('the README demo (Spotlight 9:16, the drawn presenter, the sample lamp, its night and desk photos, 15 s): the name card and "Shop now" clear of the lamp, the first selling-point card in at most three lines (the first card was a known miss on its base until the lamp stood on the floor under the captions; since the card rule, the cards are named misses on the top edge of the products)', async () => {
    const t = await demoTimeline(0.5);
    assert.equal(t.images[0]!.treatment, 'cutout', 'the lamp is cut out');
    const v = textProductViolations(t);
    const name = t.overlays.find((o) => o.slot === 'name')!;
    const first = t.overlays.find((o) => o.slot === 'cue' && o.badge === '1')!;
    const cta = t.overlays.find((o) => o.slot === 'cta')!;
    const on = (o: { id: string }) => v.some((x) => x.startsWith(`text-product: ${o.id} `));
    assert.equal(on(name), false, `the name card "${name.text}" clear of the lamp`);
    // The lamp stands on the lower half under the captions (docs/rendering.md "The lamp is the
    // hero"): the column left of the presenter's card above the captions holds every card.
    assert.equal(on(cta), false, `the call to action "${cta.text}" clear of the lamp`);
    // The cards: a card in at most three lines, words whole (card-rule.ts) comes before a spot clear
    // of the product. The column left of the presenter's card holds "Three colour temperatures"
    // only as "Three / colour / tempera‐ / tures" and "Stepless touch dimmer with memory" only in
    // five lines (the defects of issue 27's cards brief), so both cards take the row under the
    // captions, over the top edge of the lamp's box and of the night photo: named misses (the lamp
    // at its 30 % share has no pose that leaves that row: text-room.ts), never a product's middle.
    const cards = t.overlays.filter((o) => o.slot === 'cue' && !o.subtitle);
    for (const o of cards) assert.ok(o.lines.length <= 3 && !o.lines.some((l) => l.endsWith('\u2010')), `the card "${o.lines.join(' | ')}" in at most three lines, words whole`);
    assert.deepEqual(v.filter((x) => !cards.some((o) => x.startsWith(`text-product: ${o.id} `) && x.includes('within the gap'))), []);
    assert.deepEqual(layoutViolations(t), []);
    assert.deepEqual(presenterOverProductViolations(t), []);
  });
});
