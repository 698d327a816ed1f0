import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEMPLATE_DEFS } from '../src/pipeline/templates/index.ts';
import { buildTimeline, coverageReport, fieldBands, frameCoverage, layoutViolations, screenBoxes, timelineCoverage, timelineFieldBands, weightedCoverage, MIN_COVERAGE } from '../src/pipeline/timeline/index.ts';
import { SHAPE_MARGIN } from '../src/pipeline/timeline/coverage.ts';
import { drawnBox } from '../src/pipeline/timeline/overlay-box.ts';
import { presenterDrawnBox, presenterFaceBox } from '../src/pipeline/timeline/presenter.ts';
import { headBox } from '../src/pipeline/timeline/rules.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import { talkingCoverage, talkingLayout } from '../src/pipeline/render/talking.plan.ts';
import { cardIcon, FALLBACK_ICON } from '../src/pipeline/timeline/card-icon.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

const noMedia = (): ProductFacts => ({ ...SAMPLE_PRODUCT_TEXT, sellingPoints: [...SAMPLE_PRODUCT_TEXT.sellingPoints], targetAudience: 'everyone', imagePaths: [], videoPaths: [] });
const SIZES = { 0: [1080, 1920], 1: [1920, 1080], 2: [1080, 1080] } as const;

describe('no empty frames: the rule (timeline/coverage.ts)', () => {
  it('measures the union of boxes and the widest empty row and column bands', () => {
    const c = frameCoverage([{ x: 0, y: 0, w: 50, h: 100 }, { x: 25, y: 0, w: 50, h: 50 }], 100, 100);
    assert.equal(c.share, 0.625);
    assert.equal(c.emptyCols, 0.25);
    assert.equal(c.emptyRows, 0);
    assert.deepEqual(frameCoverage([], 100, 100), { share: 0, emptyRows: 1, emptyCols: 1 });
  });

  it('flags frames under 45 % after the first half second, and an empty band only when it lasts over 2 s', () => {
    const src = (boxes: { box: { x: number; y: number; w: number; h: number }; startMs: number; endMs: number }[]) => coverageReport({ width: 100, height: 100, fps: 10, frames: 60, boxes: boxes.map((b) => ({ what: 'x', ...b })) });
    // Top half all along: 50 %, but the bottom half (a band over a third) is empty for 6 s.
    const top = src([{ box: { x: 0, y: 0, w: 100, h: 50 }, startMs: 0, endMs: 6000 }]);
    assert.equal(top.minShare, 0.5);
    assert.deepEqual(top.violations.map((v) => v.split(':')[0]), ['empty-band']);
    // A card fills the bottom half except for 2 s: no band empty for over 2 s, coverage 50 % then.
    const gap = src([{ box: { x: 0, y: 0, w: 100, h: 50 }, startMs: 0, endMs: 6000 }, { box: { x: 0, y: 50, w: 100, h: 40 }, startMs: 0, endMs: 2000 }, { box: { x: 0, y: 50, w: 100, h: 40 }, startMs: 4000, endMs: 6000 }]);
    assert.deepEqual(gap.violations, []);
    // Nothing before 0.4 s is judged; a 30 % frame after it is.
    const low = src([{ box: { x: 0, y: 0, w: 100, h: 100 }, startMs: 0, endMs: 6000 }, { box: { x: 0, y: 0, w: 0, h: 0 }, startMs: 0, endMs: 1 }]);
    assert.deepEqual(low.violations, []);
    const thin = src([{ box: { x: 0, y: 0, w: 30, h: 100 }, startMs: 0, endMs: 6000 }, { box: { x: 30, y: 0, w: 70, h: 100 }, startMs: 0, endMs: 400 }]);
    assert.ok(thin.violations.some((v) => v.startsWith('coverage: 30 %')), thin.violations.join('\n'));
  });

  it('a designed shape counts only while it holds content, its bare part at half weight (fails on the rule before: any field counted whole)', () => {
    const field = { x: 0, y: 0, w: 100, h: 50 };
    // An empty field is not content.
    assert.equal(weightedCoverage([], [field], 100, 100).share, 0);
    assert.equal(weightedCoverage([], [field], 100, 100).emptyRows, 1);
    // A chip on it (8 % of the field) does not make it content either: only the chip counts.
    assert.equal(weightedCoverage([{ x: 0, y: 0, w: 20, h: 20 }], [field], 100, 100).share, 0.04);
    // A card covering 20 % of it: the card fully, the rest of the field at half weight.
    assert.equal(weightedCoverage([{ x: 0, y: 0, w: 50, h: 20 }], [field], 100, 100).share, 0.1 + 0.5 * 0.4);
    // The same through the report: a half-frame field alone fails coverage and leaves an empty band.
    const r = coverageReport({ width: 100, height: 100, fps: 10, frames: 30, boxes: [{ what: 'shape field', box: field, startMs: 0, endMs: 3000 }, { what: 'captions', box: { x: 0, y: 60, w: 100, h: 20 }, startMs: 0, endMs: 3000 }] });
    assert.equal(r.minShare, 0.2);
    assert.ok(r.violations.some((v) => v.startsWith('coverage')), r.violations.join('\n'));
  });

  it('empty-field: a field holding content with a band across it over a third of its side bare for over 2 s is found; the frame rules do not see it', () => {
    const panel = { x: 0, y: 50, w: 100, h: 50 };
    const src = (card: { x: number; y: number; w: number; h: number }, endMs = 6000) => ({ width: 100, height: 100, fps: 10, frames: 60, boxes: [
      { what: 'shape panel', box: panel, startMs: 0, endMs: 6000 },
      { what: 'presenter', box: { x: 0, y: 0, w: 100, h: 50 }, startMs: 0, endMs: 6000 },
      { what: 'name', box: card, startMs: 0, endMs },
    ] });
    // A card over the top 40 % of the panel: its bottom 60 % bare, the frame's rules pass it (the panel closes the bands).
    const top = src({ x: 5, y: 50, w: 90, h: 20 });
    assert.deepEqual(coverageReport(top).violations, []);
    assert.deepEqual(fieldBands(top).map((v) => v.split(':')[0]), ['empty-field']);
    // Cards over its top and bottom: no band over a third bare.
    assert.deepEqual(fieldBands({ ...top, boxes: [...top.boxes, { what: 'cue', box: { x: 5, y: 80, w: 90, h: 15 }, startMs: 0, endMs: 6000 }] }), []);
    // The card leaves at 2.4 s: bare under it for 1.9 s of judged time, then the panel holds nothing (the frame rules judge that): not found.
    assert.deepEqual(fieldBands(src({ x: 5, y: 50, w: 90, h: 20 }, 2400)), []);
  });

  it('empty-field judges what is drawn, and the text column beside a presenter standing in the field (fails before: template 5 16:9 no media — the brand chip judged 1056 px wide, the presenter covering every row of the field — not reported)', () => {
    // Template 5 16:9 with no media as built on 2026-11-29: the navy field over the top 78 %, the
    // presenter standing in its right 40 %, the title (then one card at a time) in the column left of them.
    const [W, H] = [1920, 1080];
    const overlay = (slot: 'name' | 'brand' | 'cue', text: string, box: { x: number; y: number; w: number; h: number }, fontPx: number, startMs: number, endMs: number) =>
      ({ what: `${slot} "${text}"`, box: drawnBox({ slot, box, fontPx, badge: null, lines: [text], align: 'left' }, false), startMs, endMs });
    const brand = overlay('brand', 'Lumen', { x: 96, y: 560, w: 1056, h: 60 }, 30, 0, 6930);
    assert.ok(brand.box.w < 300, `the brand chip draws ${brand.box.w} px, its slot 1056`);
    const boxes = [
      { what: 'shape field', box: { x: 0, y: 0, w: W, h: 842 }, startMs: 0, endMs: 30000 },
      { what: 'presenter', box: { x: 1152, y: 0, w: 768, h: 1080 }, startMs: 0, endMs: 30000 },
      overlay('name', 'Lumen Glow Serum', { x: 96, y: 108, w: 1056, h: 442 }, 140, 0, 6930), brand,
      overlay('cue', 'Visible glow in 7 days', { x: 96, y: 594, w: 1056, h: 241 }, 75, 6930, 30000),
    ];
    const found = fieldBands({ width: W, height: H, fps: 10, frames: 300, boxes });
    assert.match(found.join('\n'), /^empty-field: a band over a third of the field beside the presenter is empty at 7\.0–30\.0 s \(rows 0–71 % of it\)/m);
    // The whole field is not bare across (the presenter covers its rows): only its text column is.
    assert.ok(found.every((v) => v.includes('beside the presenter')), found.join('\n'));
  });

  it('a shape holding content closes a band only across what stands on it, SHAPE_MARGIN around: a bare colour field beyond is empty (fails before: the README demo\'s yellow plate, run off the frame\'s bottom under the captions, counted to the bottom)', () => {
    // The demo's 9:16 frame as main built it: the lamp on a plate from 16 % of the height off the
    // bottom edge, the captions band under the lamp to 80 %, the bare plate under them.
    const [W, H] = [1080, 1920];
    const span = { startMs: 0, endMs: 5000 };
    const boxes = [
      { what: 'image 0', box: { x: 43, y: 536, w: 583, h: 770 }, ...span }, { what: 'shape plate', box: { x: 0, y: 307, w: W, h: H - 307 }, ...span },
      { what: 'presenter', box: { x: 648, y: 192, w: 302, h: 499 }, ...span }, { what: 'captions', box: { x: 54, y: 1306, w: 896, h: 230 }, ...span },
    ];
    const floor = coverageReport({ width: W, height: H, fps: 30, frames: 150, scenes: [span], boxes });
    assert.match(floor.violations.join('\n'), /^empty-band: rows 81–100 % of the height are empty for the whole scene/m);
    // The same plate with the lamp standing into its lower part (the layout since): no band.
    const standing = boxes.map((b) => (b.what === 'image 0' ? { ...b, box: { x: 153, y: 911, w: 699, h: 923 } } : b.what === 'captions' ? { ...b, box: { x: 54, y: 695, w: 896, h: 211 } } : b));
    assert.deepEqual(coverageReport({ width: W, height: H, fps: 30, frames: 150, scenes: [span], boxes: standing }).violations, []);
    // Its margin: the plate's bare part within SHAPE_MARGIN of what stands on it closes rows.
    const margin = SHAPE_MARGIN * W;
    const lower = (y: number) => boxes.map((b) => (b.what === 'captions' ? { ...b, box: { ...b.box, h: y - b.box.y } } : b));
    assert.deepEqual(coverageReport({ width: W, height: H, fps: 30, frames: 150, scenes: [span], boxes: lower(H * 0.82 - margin + 2) }).violations, []);
    assert.equal(coverageReport({ width: W, height: H, fps: 30, frames: 150, scenes: [span], boxes: lower(H * 0.82 - margin - 2) }).violations.length, 1);
  });

  it('picks a card icon from the selling point’s words, with a fallback', () => {
    assert.equal(cardIcon('Vitamin C + hyaluronic acid'), 'flask-conical');
    assert.equal(cardIcon('30-hour battery life'), 'battery-charging');
    assert.equal(cardIcon('Lasts all day'), 'clock');
    assert.equal(cardIcon('Adjustable lumbar support'), 'ruler');
    assert.equal(cardIcon('Fragrance-free & vegan'), 'sparkles');
    assert.equal(cardIcon('Lorem ipsum'), FALLBACK_ICON);
  });
});

describe('no empty frames: every kind and ratio meets the rule (fails on the design before issue 27)', () => {
  const { script, speech } = sampleSpeech(sampleSentences(30));

  it('product and preview videos of a product with no media, every template, with and without a presenter and captions', () => {
    const failures: string[] = [];
    for (const tpl of TEMPLATE_DEFS)
      for (const ar of [0, 1, 2] as const)
        for (const hasPresenter of [true, false])
          for (const caption of [true, false])
            for (const fps of [30, 15]) {
              const t = buildTimeline({ script, speech, product: noMedia(), templateId: tpl.id, hasPresenter, visualStyle: null, aspectRatio: ar, caption, fps, scale: fps === 15 ? 1 / 3 : 1 });
              const r = timelineCoverage(t);
              const tag = `template ${tpl.id} ratio ${ar} presenter ${hasPresenter} captions ${caption} fps ${fps}`;
              if (r.violations.length) failures.push(`${tag}: ${r.violations[0]}`);
              if (fps === 30) for (const v of layoutViolations(t)) failures.push(`${tag}: ${v}`);
            }
    assert.deepEqual(failures, []);
  });

  it('no-media design: no designed field a third bare while a scene is said (`empty-field`, drawn extents), in every cell (fails before: 45 of the 72 cells, 64 judged by what is drawn; 13 before the 2026-11-30 (11) design; 3 before the captions-off selfie: t1, t2, t6 9:16)', () => {
    const found: string[] = [];
    for (const tpl of TEMPLATE_DEFS)
      for (const ar of [0, 1, 2] as const)
        for (const hasPresenter of [true, false])
          for (const caption of [true, false]) {
            const tag = `t${tpl.id} r${ar} p${hasPresenter ? 1 : 0} c${caption ? 1 : 0}`;
            const v = timelineFieldBands(buildTimeline({ script, speech, product: noMedia(), templateId: tpl.id, hasPresenter, visualStyle: null, aspectRatio: ar, caption }));
            if (v.length) found.push(`${tag}: ${v[0]}`);
          }
    assert.deepEqual(found, []);
  });

  it('the 9:16 selfie with captions off stands its composition over the field\'s middle: title, card and price reach into the foot where the captions would stand, every text above the head box, the presenter where she stands with captions on (fails before: the title and the price at the field\'s top, its rows 55–100 % bare)', () => {
    for (const templateId of [1, 2, 6]) {
      const build = (caption: boolean) => buildTimeline({ script, speech, product: noMedia(), templateId, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption });
      const t = build(false);
      const on = build(true);
      const field = t.shapes.find((s) => s.role === 'field' || s.role === 'panel')!;
      const head = headBox(presenterFaceBox(t.presenter!));
      assert.deepEqual(t.presenter!.box, on.presenter!.box, `template ${templateId}: the presenter as with captions on`);
      for (const o of t.overlays) assert.ok(o.box.y + o.box.h <= head.y + 0.5, `template ${templateId}: ${o.slot} "${o.text}" ${JSON.stringify(o.box)} above the head box from ${head.y}`);
      // Each of title, card and price reaches below two thirds of the field (its foot under a third).
      for (const slot of ['name', 'cue', 'price'] as const)
        for (const o of t.overlays.filter((x) => x.slot === slot)) assert.ok(o.box.y + o.box.h >= field.box.y + (field.box.h * 2) / 3 - 0.5, `template ${templateId}: ${slot} "${o.text}" ends at ${o.box.y + o.box.h}, the field at ${field.box.y + field.box.h}`);
      // The title larger than with captions on (the strip above the head from its slot).
      const name = t.overlays.find((o) => o.slot === 'name')!;
      assert.ok(name.fontPx > on.overlays.find((o) => o.slot === 'name')!.fontPx, `template ${templateId}: the title's type ${name.fontPx}`);
    }
  });

  it('a presenter filling a 16:9 or 1:1 frame leaves the title its column, set large (fails before: the title a strip across the frame above the head, the column bare under it)', () => {
    for (const templateId of [3, 5])
      for (const ar of [1, 2] as const)
        for (const caption of [true, false]) {
          const t = buildTimeline({ script, speech, product: noMedia(), templateId, hasPresenter: true, visualStyle: null, aspectRatio: ar, caption });
          const tag = `template ${templateId} ratio ${ar} captions ${caption}`;
          const name = t.overlays.find((o) => o.slot === 'name')!;
          const head = presenterFaceBox(t.presenter!);
          assert.ok(name.box.x + name.box.w <= head.x && name.box.y < head.y + head.h, `${tag}: the title ${JSON.stringify(name.box)} beside the presenter's head ${JSON.stringify(head)}`);
          assert.ok(name.fontPx >= t.height * 0.07, `${tag}: the title's type ${name.fontPx} px of ${t.height}`);
        }
  });

  it('1:1 beside an inset: one large card at a time, across the field above the inset or in the column beside it, the title only between them (fails before: the cards in the column beside the title, 42 % of the width, "A sleep app with guided wind-down routines" in 4 lines)', () => {
    for (const templateId of [1, 6]) {
      const t = buildTimeline({ script, speech, product: noMedia(), templateId, hasPresenter: true, visualStyle: null, aspectRatio: 2, caption: true });
      assert.notEqual(t.presenter!.frame, 'none');
      const cards = t.overlays.filter((o) => o.slot === 'cue');
      assert.ok(cards.length >= 2);
      for (const c of cards) {
        // Across the field above a circle inset (template 6), in the column beside a tall one (template 1).
        const across = c.box.w >= t.width * 0.85 && c.box.y + c.box.h <= t.presenter!.box.y;
        const beside = c.box.w >= t.width * 0.45 && c.box.x + c.box.w <= t.presenter!.box.x;
        assert.ok(across || beside, `template ${templateId}: "${c.text}" at ${JSON.stringify(c.box)}, the inset at ${JSON.stringify(t.presenter!.box)}`);
        assert.ok(!t.overlays.some((o) => o.slot === 'name' && o.startMs < c.endMs && c.startMs < o.endMs), `template ${templateId}: "${c.text}" alone`);
      }
    }
  });

  it('a split screen in 16:9 and 1:1 tells the product on its panel: the title, each card and the price over the panel, never across the presenter\'s half (fails before: the title a strip across the frame above the head, the panel bare under it)', () => {
    for (const ar of [1, 2] as const)
      for (const caption of [true, false]) {
        const t = buildTimeline({ script, speech, product: noMedia(), templateId: 2, hasPresenter: true, visualStyle: null, aspectRatio: ar, caption });
        const panel = t.shapes.find((s) => s.role === 'panel')!.box;
        for (const o of t.overlays.filter((o) => o.slot !== 'brand'))
          assert.ok(o.box.x >= panel.x && o.box.x + o.box.w <= panel.x + panel.w + 1e-6 && o.box.y + o.box.h <= panel.y + panel.h + 1e-6, `ratio ${ar} captions ${caption}: ${o.slot} "${o.text}" at ${JSON.stringify(o.box)} off the panel ${JSON.stringify(panel)}`);
        assert.deepEqual(timelineFieldBands(t), [], `ratio ${ar} captions ${caption}`);
      }
  });

  it('the template video of public template 2 with no image variable: a panel of the second background colour carries the title, then the cards, then the price (9:16: over the top, the presenter a selfie under it; fails on the design before: the panel the bottom half, its bottom 41 % empty)', () => {
    for (const ar of [0, 1, 2] as const) {
      const t = buildTimeline({ script, speech, product: noMedia(), templateId: 2, hasPresenter: true, visualStyle: null, aspectRatio: ar, caption: true });
      assert.ok(timelineCoverage(t).minShare >= MIN_COVERAGE, `ratio ${ar}`);
      const name = t.overlays.find((o) => o.slot === 'name')!;
      const firstCard = t.overlays.find((o) => o.slot === 'cue')!;
      assert.ok(name.endMs - name.startMs > 2000 && name.endMs >= firstCard.startMs, `the title shows ${name.startMs}–${name.endMs} ms, the first card from ${firstCard.startMs}`);
    }
    const t = buildTimeline({ script, speech, product: noMedia(), templateId: 2, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true });
    const field = t.shapes.find((s) => s.role === 'panel')!;
    assert.deepEqual(field.box, { x: 0, y: 0, w: t.width, h: t.height * 0.465 });
    const cards = t.overlays.filter((o) => o.slot === 'cue');
    assert.ok(cards.length >= 2);
    for (const c of [...cards, t.overlays.find((o) => o.slot === 'name')!]) assert.ok(c.box.y + c.box.h <= field.box.h + 1e-6, `${c.text} on the panel`);
    assert.ok(presenterDrawnBox(t.presenter!)!.y >= field.box.h - 1, 'the presenter under the panel');
    const numbered = cards.filter((c) => c.badge);
    assert.ok(numbered.length >= 2 && numbered.every((c) => c.icon), 'every numbered card has an icon');
    assert.ok(screenBoxes(t).some((b) => b.what === 'shape panel'));
  });

  it('the no-media design: the title set big, the price a hero, full-width cards, the presenter a figure (fails on the design before: name 5.4/10.9/7.7 %, price 8 % of the frame, 16:9 presenter 52 % high)', () => {
    // Name font (share of the frame height) and price box (share of the frame area), nobody on screen.
    const NAME = { 0: 0.075, 1: 0.125, 2: 0.1 } as const;
    for (const ar of [0, 1, 2] as const) {
      for (const tpl of TEMPLATE_DEFS) {
        const t = buildTimeline({ script, speech, product: noMedia(), templateId: tpl.id, hasPresenter: false, visualStyle: null, aspectRatio: ar, caption: true });
        const name = t.overlays.find((o) => o.slot === 'name')!;
        const price = t.overlays.find((o) => o.slot === 'price')!;
        assert.ok(name.fontPx >= NAME[ar] * t.height, `template ${tpl.id} ratio ${ar}: name ${(name.fontPx / t.height).toFixed(3)} of the height`);
        assert.ok((price.box.w * price.box.h) / (t.width * t.height) >= 0.18, `template ${tpl.id} ratio ${ar}: price box ${((price.box.w * price.box.h) / (t.width * t.height)).toFixed(2)} of the frame`);
        for (const c of t.overlays.filter((o) => o.slot === 'cue')) assert.ok(c.box.w >= 0.8 * t.width, `template ${tpl.id} ratio ${ar}: card ${c.text} ${(c.box.w / t.width).toFixed(2)} wide`);
      }
      // With the inset presenter of template 1: the price still a hero, the presenter a figure.
      const t = buildTimeline({ script, speech, product: noMedia(), templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: ar, caption: true });
      const price = t.overlays.find((o) => o.slot === 'price')!;
      assert.ok((price.box.w * price.box.h) / (t.width * t.height) >= 0.1, `ratio ${ar}: price box with a presenter (before: 0.08–0.09)`);
      const p = presenterDrawnBox(t.presenter!)!;
      assert.ok(p.h >= { 0: 0.33, 1: 0.75, 2: 0.55 }[ar] * t.height, `ratio ${ar}: presenter ${(p.h / t.height).toFixed(2)} of the height`);
    }
  });

  it('talking-avatar videos: the drawn presenter covers enough in every ratio, with or without captions', () => {
    for (const ar of [0, 1, 2] as const) {
      const [w, h] = SIZES[ar];
      const l = talkingLayout(ar, w, h);
      for (const captions of [l.captions, null]) {
        const r = talkingCoverage({ figure: l.figure, captions }, w, h, 30, 300);
        assert.deepEqual(r.violations, [], `ratio ${ar} captions ${!!captions}`);
      }
      // The face stays in the frame, under the head room.
      assert.ok(l.figure.y + 150 * (l.figure.h / 1000) >= 0, `ratio ${ar}`);
    }
  });
});
