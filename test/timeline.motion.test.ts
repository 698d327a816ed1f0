/**
 * Motion per template (issue 27 item 4): each template's transitions, product entrances and
 * price / call-to-action entrances come from its row of the motion table, as keyframes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEMPLATE_DEFS, TEMPLATE_MOTION } from '../src/pipeline/templates/index.ts';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { COUNT_STEPS, priceCountUp } from '../src/pipeline/timeline/entrances.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

const product = (images = 3): ProductFacts => ({
  ...SAMPLE_PRODUCT_TEXT,
  sellingPoints: [...SAMPLE_PRODUCT_TEXT.sellingPoints],
  targetAudience: 'everyone',
  imagePaths: Array.from({ length: images }, (_, i) => `/img${i}.jpg`),
  videoPaths: [],
});
const { script, speech } = sampleSpeech(sampleSentences(30));
// Every scene names an image, so the pop-up card templates (5) cut between images too.
const imageScript = { ...script, sentences: script.sentences.map((s, i) => ({ ...s, cue: { ...s.cue, imageIndex: i % 3 } })) };
const build = (templateId: number, extra: Partial<Parameters<typeof buildTimeline>[0]> = {}) =>
  buildTimeline({ script: imageScript, speech, product: product(), templateId, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: false, seed: 3, ...extra });

describe('motion per template', () => {
  it('declares at least three transition kinds besides cut and crossfade across the six templates, and its own row per template', () => {
    const kinds = new Set(Object.values(TEMPLATE_MOTION).flatMap((m) => m.transitions));
    const fresh = [...kinds].filter((k) => k !== 'crossfade');
    assert.ok(fresh.length >= 3, `kinds: ${[...kinds].join(', ')}`);
    for (const k of ['push', 'wipe', 'reveal', 'zoom', 'slide']) assert.ok(kinds.has(k as never), k);
    const rows = TEMPLATE_DEFS.map((d) => JSON.stringify(TEMPLATE_MOTION[d.layout]));
    assert.equal(new Set(rows).size, 6, 'no two templates move alike');
  });

  for (const def of TEMPLATE_DEFS) {
    const m = TEMPLATE_MOTION[def.layout];
    it(`template ${def.id} (${def.layout}): cuts take ${m.transitions.join(' / ')} in turn; product ${m.product}; price ${m.price}; CTA ${m.cta}`, () => {
      const t = build(def.id);
      const cuts = t.scenes.slice(1).map((s) => s.transitionIn);
      assert.ok(cuts.length >= 3, `${cuts.length} cuts`);
      cuts.forEach((c, i) => {
        assert.equal(c.kind, m.transitions[i % m.transitions.length], `cut ${i + 1}`);
        assert.ok(c.durationMs >= 120 && c.durationMs <= m.ms);
      });
      assert.deepEqual(new Set(cuts.map((c) => c.kind)), new Set(m.transitions));
      // Images of unknown size: a photo settling from larger (parallax needs a cut-out).
      for (const s of t.scenes.filter((x) => x.showMedia)) {
        assert.ok(s.entrance, `scene ${s.index} enters`);
        assert.equal(s.entrance.kind, 'settle');
        assert.ok(s.entrance.fromScale > 1 && s.entrance.durationMs > 0);
      }
      const price = t.overlays.find((o) => o.slot === 'price');
      const cta = t.overlays.find((o) => o.slot === 'cta');
      assert.ok(price && cta);
      assert.equal(price.enter, m.price);
      assert.equal(cta.enter, m.cta);
      if (m.price === 'count') {
        assert.equal(price.count?.length, COUNT_STEPS);
        assert.equal(price.count.at(-1), price.text);
        assert.deepEqual(price.count.slice(0, 3), ['$10', '$17', '$22']);
      }
    });
  }

  it('a cut-out glides in over its slower backdrop where the template says parallax; a product shown whole elsewhere scales up and settles with an overshoot', () => {
    const imageInfo = [0, 1, 2].map(() => ({ width: 600, height: 1400, alpha: true }));
    for (const def of TEMPLATE_DEFS) {
      const t = build(def.id, { imageInfo });
      const want = TEMPLATE_MOTION[def.layout].product;
      for (const s of t.scenes.filter((x) => x.showMedia)) {
        const e = s.entrance!;
        assert.equal(e.kind, want, `template ${def.id} scene ${s.index}`);
        if (want === 'parallax') {
          assert.ok(e.fromDx > 0 && e.backdropDx > 0 && e.backdropDx < e.fromDx / 2, 'the product travels further than its backdrop');
        } else {
          assert.ok(e.fromScale < 1 && e.ease === 'back' && e.fromDx === 0);
        }
      }
    }
  });

  it('transitions off and still media: cuts and no product entrance', () => {
    const t = build(1, { effects: { transitions: false, motion: 'none' } });
    assert.ok(t.scenes.every((s) => s.transitionIn.kind === 'cut' && s.entrance === null));
  });

  it('a price counts up in its own format (currency, separators, decimals), or pops when it is not a formatted number', () => {
    const eur = priceCountUp('1.299 €', '1299', 'EUR', 'german');
    assert.ok(eur);
    assert.equal(eur.at(-1), '1.299 €');
    assert.ok(eur.every((x) => / €$/.test(x)));
    const values = eur.map((x) => Number(x.replace(/\D/g, '')));
    assert.ok(values.every((v, i) => i === 0 || v >= values[i - 1]!), values.join(' '));
    assert.equal(priceCountUp('ask us', 'ask us', null, 'english'), null);
    const t = build(1, { product: { ...product(), price: 'on request', currency: null } });
    assert.equal(t.overlays.find((o) => o.slot === 'price')?.enter, 'pop');
  });
});
