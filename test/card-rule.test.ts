/**
 * Issue 27 (design, "Nothing cut"): a selling-point card is set in at most three lines, its words
 * whole (card-rule.ts), never a four- or five-line sliver beside the presenter with a word
 * hyphenated (the README demo before: "Three / colour / tempera‐ / tures" at 5-6.5 s, "Stepless /
 * touch / dimmer / with / memory"). The check (`card-lines`) covers every template and ratio.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CARD_LINES, cardViolations, isCard } from '../src/pipeline/timeline/card-rule.ts';
import { SOFT_HYPHEN_MARK } from '../src/pipeline/timeline/fit-text.ts';
import { writeBuiltin } from '../src/pipeline/script/builtin.ts';
import { sampleSpeech } from '../src/pipeline/render/sample.ts';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { demoTimeline, DEMO_PRODUCT_TEXT } from './support/demo-timeline.ts';

describe('a card in at most three lines, words whole', () => {
  it('the README demo: every selling-point card in at most three lines, no word hyphenated (fails before: 4 and 5 lines in a 572 px column)', async () => {
    const t = await demoTimeline(1);
    const cards = t.overlays.filter(isCard);
    assert.ok(cards.length >= 2, 'the demo shows its selling points');
    for (const o of cards) {
      assert.ok(o.lines.length <= CARD_LINES, `${o.id}: ${o.lines.join(' | ')}`);
      assert.ok(!o.lines.some((l) => l.endsWith(SOFT_HYPHEN_MARK)), `${o.id}: ${o.lines.join(' | ')}`);
    }
    assert.deepEqual(cardViolations(t), []);
  });

  it('the check finds the old demo card: four lines, "tempera‐tures" broken in a narrow column', async () => {
    const t = await demoTimeline(0.5);
    const i = t.overlays.findIndex(isCard);
    const o = t.overlays[i]!;
    const sliver = { ...o, lines: ['Three', 'colour', `tempera${SOFT_HYPHEN_MARK}`, 'tures'], source: 'Three colour temperatures', box: { ...o.box, w: 286 } };
    const bad = cardViolations({ ...t, overlays: t.overlays.map((x, k) => (k === i ? sliver : x)) });
    assert.ok(bad.some((v) => v.startsWith('card-lines:') && v.includes('4 lines')), bad.join('\n'));
    assert.ok(bad.some((v) => v.startsWith('card-lines:') && v.includes('"temperatures"')), bad.join('\n'));
  });

  it('the demo lamp in every template and ratio, with and without a presenter: no card-lines', () => {
    const lamp = { width: 1200, height: 1200, alpha: false, plain: true, trim: { x: 0.2, y: 0.08, w: 0.6, h: 0.84 } };
    const bad: string[] = [];
    for (const templateId of [1, 2, 3, 4, 5, 6])
      for (const aspectRatio of [0, 1, 2] as const)
        for (const hasPresenter of [true, false]) {
          const product = { ...DEMO_PRODUCT_TEXT, imagePaths: ['/lamp.jpg'] };
          const script = writeBuiltin({ product, style: 'Feature Explainer', lengthS: 15, language: 'english', seed: `${templateId}` });
          const sp = sampleSpeech(script.sentences, 'english');
          const t = buildTimeline({ script: { ...script, sentences: sp.script.sentences }, speech: sp.speech, product, templateId, hasPresenter, visualStyle: null, aspectRatio, caption: true, scale: 0.25, imageInfo: [lamp] });
          bad.push(...cardViolations(t).map((v) => `T${templateId} ${aspectRatio} presenter ${hasPresenter}: ${v}`));
        }
    assert.deepEqual(bad, []);
  });
});
