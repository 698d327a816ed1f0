import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { layoutViolations } from '../src/pipeline/timeline/safety.ts';
import { cardViolations } from '../src/pipeline/timeline/card-rule.ts';
import { productShares, productShareViolations } from '../src/pipeline/timeline/product-share.ts';
import { sampleSpeech } from '../src/pipeline/render/sample.ts';
import { writeBuiltin } from '../src/pipeline/script/builtin.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { FIXTURES, writeImage } from '../bench/quality/fixtures.ts';

/**
 * Side by Side 9:16's rows with a drawn presenter and German selling points too long for the column
 * left of the face (docs/rendering.md "Cell 10, issue 27"): bench:quality #10 (Tech Neon capitals,
 * "Keramikmahlwerk für gleichmäßiges Mahlgut", the squat blue bottle cut out under the captions)
 * and #19 ("Dichtungsmontage für ein weicheres Tippgefühl"), their fixtures, images and scripts
 * as the bench writes them.
 */
const CELLS = [
  { n: 10, fixture: 'germanText', style: 'Comparison', language: 'spanish', visualStyle: 'Tech Neon', price: '89,00', claim: 'Keramikmahlwerk' },
  // (#19's first card, "Verstellbare Lendenwirbelstütze", is already its shorter claim and still
  // breaks its words in the column: a known miss, docs/rendering.md.)
  { n: 19, fixture: 'chairGerman', style: 'Feature Explainer', language: 'german', visualStyle: 'Warm Lifestyle', price: '249,00', claim: 'Dichtungsmontage' },
] as const;

async function build(c: (typeof CELLS)[number]) {
  const f = FIXTURES[c.fixture]!;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rows-card-'));
  const imagePaths = await Promise.all(f.images.map((shape, i) => writeImage(dir, shape, (c.n * 47 + i * 90) % 360)));
  const infos = await Promise.all(imagePaths.map((p) => imageInfo(p)));
  const product = { name: f.name, brand: f.brand, description: f.description, sellingPoints: f.sellingPoints, targetAudience: f.targetAudience, price: c.price, currency: 'EUR', language: c.language, imagePaths, videoPaths: [] };
  const script = writeBuiltin({ product, style: c.style, lengthS: 30, language: c.language, seed: 'x' });
  const sp = sampleSpeech(script.sentences, c.language);
  await fs.rm(dir, { recursive: true, force: true });
  return buildTimeline({ script: { ...script, sentences: sp.script.sentences }, speech: sp.speech, product, templateId: 2, hasPresenter: true, visualStyle: c.visualStyle, aspectRatio: 0, caption: true, scale: 0.25, imageInfo: infos });
}

describe('Side by Side 9:16 rows: a long German card and a squat cut-out (bench #10, #19)', () => {
  it('the long claim\'s card whole, in at most three lines, words whole, clear of the face and the captions; #10\'s blue bottle at least 30 % in its scenes (fails before: #10 "Keramikmahl‐/werk für/gleichmäßiges/Mahlgut" over the face and the captions; with the cards alone, the bottle 27.7 %)', async () => {
    for (const c of CELLS) {
      const t = await build(c);
      const where = `#${c.n}`;
      const cards = t.overlays.filter((o) => o.slot === 'cue' && o.claim?.startsWith(c.claim));
      assert.ok(cards.length >= 1, `${where}: the card of "${c.claim} …" shown`);
      // The card of the too-long claim: its claim or a complete shorter form of it, whole.
      for (const o of cards) {
        assert.ok(o.lines.length <= 3, `${where}: "${o.lines.join(' | ')}" in at most three lines`);
        assert.ok(!o.lines.some((l) => l.endsWith('\u2010') || l.endsWith('-')), `${where}: "${o.lines.join(' | ')}" words whole`);
        assert.ok(o.claim && o.claim.startsWith(o.source), `${where}: "${o.source}" is its claim or the claim's head`);
      }
      const ids = cards.map((o) => o.id);
      const about = (v: string) => ids.some((id) => new RegExp(`\\b${id}\\b`).test(v));
      assert.deepEqual(cardViolations(t).filter(about), [], where);
      assert.deepEqual(layoutViolations(t).filter((v) => /^text-(face|text)/.test(v) && about(v)), [], where);
      if (c.n === 10) {
        assert.deepEqual(productShareViolations(t), [], where);
        const bottle = productShares(t).filter((s) => s.image === 1);
        assert.ok(bottle.length > 0 && bottle.every((s) => s.share >= 0.3), `${where}: the bottle ${bottle.map((s) => (s.share * 100).toFixed(1)).join(', ')} %`);
      }
    }
  });
});
