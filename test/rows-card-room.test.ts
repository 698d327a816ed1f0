import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { layoutViolations, sceneContent, textProductViolations } from '../src/pipeline/timeline/safety.ts';
import { cardViolations } from '../src/pipeline/timeline/card-rule.ts';
import { contentHeart, faceZone, intersects } from '../src/pipeline/timeline/rules.ts';
import { presenterFaceBox } from '../src/pipeline/timeline/presenter.ts';
import { estimateWidth } from '../src/pipeline/timeline/fit-text.ts';
import { lineRoom } from '../src/pipeline/timeline/overlay-box.ts';
import { overlaySprite } from '../src/pipeline/render/text-sprites.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { productShares, productShareViolations } from '../src/pipeline/timeline/product-share.ts';
import { sampleSpeech } from '../src/pipeline/render/sample.ts';
import { writeBuiltin } from '../src/pipeline/script/builtin.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { FIXTURES, writeImage } from '../bench/quality/fixtures.ts';
import type { Script } from '../src/pipeline/types.ts';

/**
 * Side by Side 9:16's rows with a drawn presenter and German selling points too long for the column
 * left of the face (docs/rendering.md "Cell 10, issue 27"): bench:quality #10 (Tech Neon capitals,
 * "Keramikmahlwerk für gleichmäßiges Mahlgut", the squat blue bottle cut out under the captions)
 * and #19 ("Dichtungsmontage für ein weicheres Tippgefühl"), their fixtures, images and scripts
 * as the bench writes them.
 */
const CELLS = [
  { n: 10, fixture: 'germanText', style: 'Comparison', language: 'spanish', visualStyle: 'Tech Neon', price: '89,00', claim: 'Keramikmahlwerk' },
  { n: 19, fixture: 'chairGerman', style: 'Feature Explainer', language: 'german', visualStyle: 'Warm Lifestyle', price: '249,00', claim: 'Dichtungsmontage' },
] as const;

async function build(c: (typeof CELLS)[number], sentences?: Script['sentences']) {
  const f = FIXTURES[c.fixture]!;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rows-card-'));
  const imagePaths = await Promise.all(f.images.map((shape, i) => writeImage(dir, shape, (c.n * 47 + i * 90) % 360)));
  const infos = await Promise.all(imagePaths.map((p) => imageInfo(p)));
  const product = { name: f.name, brand: f.brand, description: f.description, sellingPoints: f.sellingPoints, targetAudience: f.targetAudience, price: c.price, currency: 'EUR', language: c.language, imagePaths, videoPaths: [] };
  const written = writeBuiltin({ product, style: c.style, lengthS: 30, language: c.language, seed: 'x' });
  const script = sentences ? { ...written, sentences, text: sentences.map((x) => x.text).join(' ') } : written;
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

describe('Side by Side 9:16 rows: a numbered German card whose longest word and badge share no line (bench #19)', () => {
  it('"Verstellbare Lendenwirbelstütze" (already the writer\'s short claim) whole in at most three lines, words whole, in the row under the captions clear of the photo\'s middle and the face; run-in, its lines within their room (fails before: "Verstell‐ | bare | Lendenwir‐ | belstütze" in the column beside the face)', async () => {
    const c = CELLS[1];
    const t = await build(c);
    const cards = t.overlays.filter((o) => o.slot === 'cue' && o.claim?.startsWith('Verstellbare Lendenwirbelstütze'));
    assert.ok(cards.length >= 1, 'the card of the first selling point shown');
    for (const o of cards) {
      const set = o.lines.join(' | ');
      assert.ok(o.lines.length <= 3, `"${set}" in at most three lines`);
      assert.ok(!o.lines.some((l) => l.endsWith('\u2010') || l.endsWith('-')), `"${set}" words whole`);
      assert.equal(o.lines.join(' '), o.source, `"${set}" shows its text whole`);
      assert.ok(o.claim && o.claim.startsWith(o.source), `"${o.source}" is its claim or the claim's head`);
      // What the frame lets it have: the row under the captions, above the photo's middle third.
      assert.ok(o.box.y >= t.captionsBox.y + t.captionsBox.h - 0.5, `"${set}" under the captions (box at ${o.box.y.toFixed(1)})`);
      const face = faceZone(presenterFaceBox(t.presenter!));
      assert.ok(!intersects(o.box, face), `"${set}" clear of the face zone`);
      for (const s of sceneContent(t).filter((x) => x.startMs < o.endMs && o.startMs < x.endMs)) assert.ok(!intersects(o.box, contentHeart(s.content)), `"${set}" clear of the photo's middle third`);
      // Its lines within their room: the first beside the badge, the others the badge's width wider (run-in).
      o.lines.forEach((l, i) => assert.ok(estimateWidth(l, o.fontPx, false) <= lineRoom(o, i) + 0.5, `"${l}" fits line ${i + 1}`));
    }
    const ids = cards.map((o) => o.id);
    const about = (v: string) => ids.some((id) => new RegExp(`\\b${id}\\b`).test(v));
    assert.deepEqual(cardViolations(t).filter(about), []);
    assert.deepEqual(layoutViolations(t).filter(about), []);
    assert.deepEqual(textProductViolations(t).filter(about), []);
  });
  it('the run-in card is drawn with its badge beside the first line and the second line under the badge (fails before: every line after the badge)', async () => {
    registerFonts();
    const t = await build(CELLS[1]);
    const card = t.overlays.find((o) => o.claim?.startsWith('Verstellbare Lendenwirbelstütze') && o.runIn);
    assert.ok(card && card.lines.length === 2 && card.badge, 'a two-line run-in card');
    const sprite = overlaySprite(card, t.style, 'german', false, 0, null);
    const { width, height } = sprite.canvas;
    const px = sprite.canvas.getContext('2d').getImageData(0, 0, width, height).data;
    // The text's ink (Warm Lifestyle's dark brown) and the badge's (its accent red), by row: the leftmost x.
    const ink = new Map<number, number>();
    const badge = new Map<number, number>();
    for (let y = 0; y < height; y++)
      for (let x = width - 1; x >= 0; x--) {
        const i = (y * width + x) * 4;
        if (px[i + 3]! < 250) continue;
        const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
        if (r + g + b < 240) ink.set(y, x);
        else if (r > 150 && g < 120 && b < 100) badge.set(y, x);
      }
    const rows = [...ink.keys()].sort((a, b) => a - b);
    const split = rows.findIndex((y, k) => k > 0 && y > rows[k - 1]! + 1);
    assert.ok(split > 0, 'two lines of ink');
    const first = rows.slice(0, split);
    const second = rows.slice(split);
    const left = (ys: number[]) => Math.min(...ys.map((y) => ink.get(y)!));
    const d = 1.2 * card.fontPx;
    const badgeRows = [...badge.keys()];
    const badgeLeft = Math.min(...badge.values());
    assert.ok(badgeRows.length > d * 0.8, `the badge drawn (${badgeRows.length} rows)`);
    // The badge in the first line's rows, none in the second's.
    assert.ok(badgeRows.every((y) => y < second[0]!), 'the badge beside the first line only');
    assert.ok(left(first) > badgeLeft + d * 0.9, `the first line after the badge (${left(first)} against the badge at ${badgeLeft})`);
    assert.ok(Math.abs(left(second) - badgeLeft) < card.fontPx * 0.3, `the second line under the badge's left edge (${left(second)} against ${badgeLeft})`);
    assert.ok(width - 2 * -sprite.dy <= card.box.w + 1, `pill ${width - 2 * -sprite.dy} px for a ${card.box.w} px box`);
  });
});

/** bench #10's script as the bench's writer drew it (2026-11-30): sentence 6 shows "Stufenlos einstellbarer Mahlgrad" over the square photo. */
const BENCH_10: Script['sentences'] = [{"text": "No todos los productos son iguales.", "cue": {"kind": "hook", "gesture": "none", "overlay": null, "pointIndex": null, "imageIndex": 0}}, {"text": "Comparemos.", "cue": {"kind": "hook", "gesture": "none", "overlay": null, "pointIndex": null, "imageIndex": 0}}, {"text": "Los productos comunes hacen lo básico, Kaffeemühle Classico hace más.", "cue": {"kind": "intro", "gesture": "open", "overlay": "Kaffeemühle Classico", "pointIndex": null, "imageIndex": 0}}, {"text": "Estos son sus puntos fuertes.", "cue": {"kind": "point", "gesture": "open", "overlay": "Keramikmahlwerk für gleichmäßiges Mahlgut", "pointIndex": 0, "readS": 4.4, "imageIndex": 0}}, {"text": "De la marca Bergmann.", "cue": {"kind": "story", "gesture": "none", "overlay": "Stufenlos einstellbarer Mahlgrad", "pointIndex": 1, "readS": 6.4, "shown": ["Leise und ohne Strom"], "imageIndex": 1}}, {"text": "Cuando comparas, ya no hay vuelta atrás.", "cue": {"kind": "story", "gesture": "none", "overlay": "Eine manuelle Kaffeemühle", "pointIndex": null, "readS": 3.1, "imageIndex": null}}, {"text": "Recuerda: Kaffeemühle Classico.", "cue": {"kind": "story", "gesture": "open", "overlay": "Keramikmahlwerk für gleichmäßiges Mahlgut", "pointIndex": 0, "readS": 8, "shown": ["Stufenlos einstellbarer Mahlgrad", "Leise und ohne Strom"], "imageIndex": 0}}, {"text": "Todo esto por solo 89 €.", "cue": {"kind": "price", "gesture": "point", "overlay": "89 €", "pointIndex": null, "imageIndex": 1}, "spoken": "Todo esto por solo 89 euros."}, {"text": "¡Toca el enlace y consigue el tuyo hoy!", "cue": {"kind": "cta", "gesture": "point", "overlay": null, "pointIndex": null, "imageIndex": 0}}];

describe('Side by Side 9:16 rows: a card three lines tall over a cover photo (bench #10)', () => {
  it('"Stufenlos einstellbarer Mahlgrad" (Tech Neon capitals, no shorter form) in three lines under the captions, its scene\'s photo held lower (zoomed, its top edge at its box\'s top), its middle third clear of every card and in the safe area (fails before: "STUFENLOS / EINSTELL‐ / BARER / MAHLGRAD" in the column beside the face)', async () => {
    const t = await build(CELLS[0], BENCH_10);
    const cards = t.overlays.filter((o) => o.slot === 'cue' && o.claim === 'Stufenlos einstellbarer Mahlgrad' && t.scenes.some((s) => s.media.kind === 'image' && s.media.index === 0 && s.startMs <= o.startMs && o.startMs < s.endMs));
    assert.ok(cards.length >= 1, 'the card shown');
    assert.deepEqual(cardViolations(t).filter((v) => cards.some((o) => v.includes(` ${o.id} `))), []);
    for (const o of cards) assert.ok(o.lines.length <= 3 && !o.lines.some((l) => l.endsWith('\u2010')), `"${o.lines.join(' | ')}"`);
    // A scene whose photo is held lower: still, at its zoom, its top edge at the box's top; its middle third in the safe area.
    const lowered = t.scenes.filter((s) => s.frame?.topZoom);
    assert.ok(lowered.length >= 1, 'a scene with its photo lowered');
    for (const s of lowered) {
      const z = s.frame!.topZoom!;
      assert.ok(z > 1 && z <= 1.12, `zoom ${z}`);
      assert.deepEqual([s.motion.fromScale, s.motion.toScale, s.motion.fromY, s.motion.toY], [z, z, -1, -1]);
      const heart = contentHeart(sceneContent(t).find((c) => c.startMs === s.startMs)!.content);
      assert.ok(heart.y + heart.h <= t.safeArea.y + t.safeArea.h + 0.5, 'its middle third in the safe area');
      for (const o of t.overlays.filter((x) => x.startMs < s.endMs && s.startMs < x.endMs)) assert.ok(!intersects(o.box, heart), `${o.id} clear of the photo's middle third`);
    }
    assert.deepEqual(layoutViolations(t), []);
    assert.deepEqual(productShareViolations(t), []);
  });
});
