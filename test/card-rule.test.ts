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
import { overlaySprite } from '../src/pipeline/render/text-sprites.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { boxHeight } from '../src/pipeline/timeline/overlay-box.ts';
import { cutTextViolations } from '../src/pipeline/timeline/cut-check.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { FIXTURES, writeImage } from '../bench/quality/fixtures.ts';
import os from 'node:os';
import path from 'node:path';

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

  it('a stacked card (the README demo\'s first, left of the inset) is drawn with its number badge above its first line and sized to its words (fails before: the badge drawn beside the text, on the lines\' rows)', async () => {
    registerFonts();
    const t = await demoTimeline(1);
    const card = t.overlays.find((o) => isCard(o) && o.stacked)!;
    assert.ok(card, 'a stacked card in the demo');
    assert.equal(card.box.h, boxHeight(card.lines.length, card.fontPx, true));
    const sprite = overlaySprite(card, t.style, 'english', false, 0, null);
    const { width, height } = sprite.canvas;
    const px = sprite.canvas.getContext('2d').getImageData(0, 0, width, height).data;
    // Dark pixels (the badge and the text: the demo's style draws both in its ink) by row: x range.
    const span = new Map<number, [number, number]>();
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (px[i + 3]! > 250 && px[i]! + px[i + 1]! + px[i + 2]! < 240) {
          const r = span.get(y);
          span.set(y, r ? [r[0], x] : [x, x]);
        }
      }
    const rows = [...span.keys()].sort((a, b) => a - b);
    // The first run of rows with ink: the badge alone (its circle's width), then a gap, then the lines.
    let end = 0;
    while (end + 1 < rows.length && rows[end + 1] === rows[end]! + 1) end++;
    const d = 1.2 * card.fontPx;
    const first = rows.slice(0, end + 1);
    const left = Math.min(...first.map((y) => span.get(y)![0]));
    const right = Math.max(...first.map((y) => span.get(y)![1]));
    assert.ok(first.length > d * 0.8 && first.length < d * 1.1, `the badge's rows: ${first.length} (diameter ${d})`);
    assert.ok(right - left < d * 1.05, `nothing beside the badge: ink ${left}-${right} in its rows (diameter ${d})`);
    const below = rows.slice(end + 1);
    assert.ok(below.length > card.fontPx && Math.max(...below.map((y) => span.get(y)![1])) > left + 4 * d, 'the text under the badge');
    assert.ok(Math.abs(Math.min(...below.map((y) => span.get(y)![0])) - left) < card.fontPx * 0.2, 'the text starts under the badge\'s left edge');
    // The pill is no wider than its box (the column left of the inset).
    assert.ok(width - 2 * -sprite.dy <= card.box.w + 1, `pill ${width - 2 * -sprite.dy} px for a ${card.box.w} px box`);
  });

  it('a description line\'s card beside the presenter (bench #15: Side by Side 9:16, the thin fan) shows a complete shorter form of its claim where no spot holds it in three lines (fails before: "A compact | desk fan | with three | speeds" in the 143 px column)', async () => {
    const fx = FIXTURES.thin!;
    const file = await writeImage(path.join(os.tmpdir(), 'card-rule-test'), 'square', 20);
    const info = await imageInfo(file);
    const product = { name: fx.name, brand: fx.brand, description: fx.description, sellingPoints: fx.sellingPoints, targetAudience: fx.targetAudience, price: '29.00', currency: 'USD', imagePaths: [file], videoPaths: [] };
    const script = writeBuiltin({ product, style: 'Problem/Solution', lengthS: 60, language: 'thai' });
    const sp = sampleSpeech(script.sentences, 'thai');
    const t = buildTimeline({ script: { ...script, sentences: sp.script.sentences }, speech: sp.speech, product, templateId: 2, hasPresenter: true, visualStyle: 'Bold Pop', aspectRatio: 0, caption: true, scale: 0.25, imageInfo: [info] });
    const description = fx.description.replace(/\.$/, '');
    const shown = t.overlays.filter((o) => isCard(o) && description.startsWith(o.source));
    assert.ok(shown.length >= 1, 'the description line shows as a card');
    assert.deepEqual(cardViolations(t), []);
    for (const o of shown) assert.ok(o.lines.length <= CARD_LINES, `${o.id}: ${o.lines.join(' | ')}`);
    assert.deepEqual(cutTextViolations(t), []);
  });
});

