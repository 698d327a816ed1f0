import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { TEMPLATE_DEFS } from '../src/pipeline/templates/index.ts';
import { buildTimeline, layoutViolations, presenterFaceBox } from '../src/pipeline/timeline/index.ts';
import { presenterPlacement } from '../src/pipeline/timeline/presenter.ts';
import { blockedTexts, nameBlocked } from '../src/pipeline/timeline/name-room.ts';
import { timelineCoverage } from '../src/pipeline/timeline/coverage.ts';
import { presenterOverProductViolations } from '../src/pipeline/timeline/presenter-clear.ts';
import { faceZone, intersects } from '../src/pipeline/timeline/rules.ts';
import type { TimelineInput } from '../src/pipeline/timeline/index.ts';
import type { TextOverlay, Timeline } from '../src/pipeline/timeline/types.ts';
import { fitAnyway, fitText, shownWhole, words } from '../src/pipeline/timeline/fit-text.ts';
import { frameImage, type ImageInfo } from '../src/pipeline/timeline/media-frame.ts';
import { placeAll } from '../src/pipeline/timeline/layout.ts';
import { titleViolations } from '../src/pipeline/timeline/title-rule.ts';
import { CAP_HEIGHT_EM, MAX_UPSCALE, MIN_CAP_SHARE, MIN_FACE_SHARE, MIN_SUBTITLE_CAP_SHARE, minFontPx, overlayMinFontPx } from '../src/pipeline/timeline/rules.ts';
import { PREVIEW_SENTENCES, SAMPLE_PRODUCT_TEXT, sampleNarration, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { LAYOUT_FIXTURES, LAYOUT_FIXTURES_DIR } from './support/layout-fixtures.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

const LONG_NAME = 'Aurora Adjustable LED Desk Lamp with Wireless Charging Base and USB-C Port';
const LONG_POINT = 'Double-wall vacuum insulation keeps water cold for 24 hours';

const SHAPES: Record<string, { infos: ImageInfo[]; videos?: number }> = {
  photos: { infos: [{ width: 1200, height: 1500, alpha: false }, { width: 1600, height: 1000, alpha: false }, { width: 1200, height: 1200, alpha: false }] },
  awkward: { infos: Object.values(LAYOUT_FIXTURES).map((f) => ({ width: f.width, height: f.height, alpha: f.alpha })) },
  wide: { infos: [{ width: 1800, height: 600, alpha: false }] },
  tall: { infos: [{ width: 600, height: 1800, alpha: false }] },
  small: { infos: [{ width: 300, height: 300, alpha: false }] },
  cutout: { infos: [{ width: 1000, height: 1000, alpha: true }] },
  none: { infos: [] },
  clip: { infos: [], videos: 1 },
};

function product(shape: string, long: boolean, text: Partial<ProductFacts> = {}): ProductFacts {
  const s = SHAPES[shape]!;
  return {
    ...SAMPLE_PRODUCT_TEXT,
    name: long ? LONG_NAME : SAMPLE_PRODUCT_TEXT.name,
    sellingPoints: long ? [LONG_POINT, 'Dimmable warm light', 'Charges your phone'] : [...SAMPLE_PRODUCT_TEXT.sellingPoints],
    targetAudience: 'everyone',
    imagePaths: s.infos.map((_, i) => `/img${i}.jpg`),
    videoPaths: Array.from({ length: s.videos ?? 0 }, () => '/clip.mp4'),
    ...text,
  };
}

function timeline(over: Partial<TimelineInput> & { shape?: string; long?: boolean } = {}): Timeline {
  const { shape = 'photos', long = false, ...rest } = over;
  const sp = sampleSpeech(sampleSentences(15));
  return buildTimeline({
    script: sp.script, speech: sp.speech, product: product(shape, long), templateId: 1, hasPresenter: true, visualStyle: null,
    aspectRatio: 0, caption: true, imageInfo: SHAPES[shape]!.infos, ...rest,
  });
}

/**
 * Known miss (docs/rendering.md "Nothing cut", 2026-11-29): Spotlight 9:16 with a presenter, the 74-character
 * name and the awkward images (a 3:1 photo first). The name may not sit on the presenter's hair (hairZone), so the
 * layout step lowers the presenter; the wide photo then steps clear of the card to the top of the frame
 * (presenter-clear.ts), where the four-line name lies over its middle. No placement of the name-room search leaves
 * every text clear; the one kept keeps every text off the face and hair.
 */
const knownNameOverProduct = (templateId: number, ar: number, hasPresenter: boolean, shape: string, long: boolean, v: string): boolean =>
  templateId === 1 && ar === 0 && hasPresenter && shape === 'awkward' && long && /^media-frame: name0 \(name\) covers the product's middle/.test(v);

const tags = (v: string[]) => new Set(v.map((s) => s.slice(0, s.indexOf(':'))));

describe('the layout step', () => {
  it('leaves no layout defect on any template, ratio, presenter or not, media shape, name length and script length', () => {
    const scripts = [sampleSpeech(sampleSentences(15)), sampleSpeech(sampleSentences(30)), sampleSpeech(PREVIEW_SENTENCES)];
    let checked = 0;
    for (const tpl of TEMPLATE_DEFS)
      for (const ar of [0, 1, 2] as const)
        for (const hasPresenter of [true, false])
          for (const shape of Object.keys(SHAPES))
            for (const long of [false, true])
              for (const sp of scripts) {
                const t = buildTimeline({ script: sp.script, speech: sp.speech, product: product(shape, long), templateId: tpl.id, hasPresenter, visualStyle: null, aspectRatio: ar, caption: true, scale: 0.5, imageInfo: SHAPES[shape]!.infos });
                assert.deepEqual(layoutViolations(t).filter((v) => !knownNameOverProduct(tpl.id, ar, hasPresenter, shape, long, v)), [], `template ${tpl.id} ratio ${ar} presenter ${hasPresenter} ${shape} long ${long}`);
                checked++;
              }
    assert.equal(checked, 6 * 3 * 2 * Object.keys(SHAPES).length * 2 * 3);
  });

  it('lays out Japanese and German text by words, at full size too', () => {
    for (const [language, name, point] of [
      ['japanese', '北欧デザインのLEDデスクライト ワイヤレス充電スタンド付き', '真空断熱構造で冷たさを二十四時間キープします'],
      ['german', 'Höhenverstellbare Schreibtischleuchte mit kabelloser Ladestation', 'Doppelwandige Vakuumisolierung hält Wasser 24 Stunden kalt'],
    ] as const) {
      const sp = sampleSpeech(sampleSentences(15), language);
      for (const ar of [0, 1, 2] as const) {
        const t = buildTimeline({ script: sp.script, speech: sp.speech, product: product('awkward', true, { name, sellingPoints: [point, point, point] }), templateId: 3, hasPresenter: true, visualStyle: 'Bold Pop', aspectRatio: ar, caption: true, imageInfo: SHAPES.awkward!.infos });
        assert.deepEqual(layoutViolations(t), [], `${language} ratio ${ar}`);
        for (const o of t.overlays) assert.ok(shownWhole(o.lines, o.source), o.lines.join('|'));
      }
    }
  });

  it('keeps text off the face, the product’s middle and other text, and text at least 1/40 of the frame high', () => {
    for (const tpl of TEMPLATE_DEFS)
      for (const ar of [0, 1, 2] as const) {
        const t = timeline({ templateId: tpl.id, aspectRatio: ar, shape: 'awkward', long: true });
        // The product's full name under its short title may be smaller (MIN_SUBTITLE_CAP_SHARE; layoutViolations checks it is one).
        for (const o of t.overlays) assert.ok(o.fontPx * CAP_HEIGHT_EM >= t.height * (o.subtitle ? MIN_SUBTITLE_CAP_SHARE : MIN_CAP_SHARE) - 0.01, `${o.id} ${o.fontPx}px`);
        assert.deepEqual(layoutViolations(t).filter((v) => !knownNameOverProduct(tpl.id, ar, true, 'awkward', true, v)), [], `template ${tpl.id} ratio ${ar}`);
        if (t.presenter) assert.ok(presenterFaceBox(t.presenter).h >= t.height * MIN_FACE_SHARE - 0.5, `template ${tpl.id} ratio ${ar} face`);
      }
  });

  it('holds price and call to action to the last frame, and shows the product with no media as text first', () => {
    const t = timeline({ templateId: 6, shape: 'none', long: true });
    assert.equal(t.media, null);
    assert.equal(t.textFirst, true);
    const slots = new Set(t.overlays.map((o) => o.slot));
    for (const s of ['brand', 'name', 'price', 'cta', 'cue']) assert.ok(slots.has(s as TextOverlay['slot']), s);
    for (const slot of ['price', 'cta'] as const) {
      const last = t.overlays.filter((o) => o.slot === slot).at(-1)!;
      assert.equal(last.endMs, t.durationMs);
      assert.equal(last.exitMs, 0);
    }
  });
});

describe('layoutViolations finds the defects seen before issue 10', () => {
  const base = () => timeline();

  it('captions over the middle of a full-bleed product (Spotlight 9:16, band at y 40–54%)', () => {
    const t = base();
    t.captionsBox = { x: 0.05 * t.width, y: 0.4 * t.height, w: 0.83 * t.width, h: 0.14 * t.height };
    assert.ok(tags(layoutViolations(t)).has('media-frame'));
  });

  it('captions across the chin (Side by Side 9:16 as it was)', () => {
    const t = timeline({ templateId: 2 });
    t.presenter = { ...t.presenter!, box: { x: 0.16 * t.width, y: 0.1 * t.height, w: 0.68 * t.width, h: 0.4 * t.height } };
    t.captionsBox = { x: 0.05 * t.width, y: 0.445 * t.height, w: 0.83 * t.width, h: 0.11 * t.height };
    assert.ok(tags(layoutViolations(t)).has('text-face'));
  });

  it('a Carousel presenter with a face of ~100 px', () => {
    const t = timeline({ templateId: 6 });
    const box = { x: 0.05 * t.width, y: 0.655 * t.height, w: 0.26 * t.width, h: 0.14625 * t.height };
    t.presenter = { ...t.presenter!, box, panel: box };
    assert.ok(tags(layoutViolations(t)).has('presenter-size'));
  });

  it('price and call to action fading out in the last 0.3 s', () => {
    const t = base();
    for (const o of t.overlays) if (o.slot === 'cta') o.exitMs = 220;
    assert.deepEqual([...tags(layoutViolations(t))], ['end-frame']);
  });

  it('labels text cut mid-claim, with or without an ellipsis, a claim shortened to an unfinished phrase, and chips drawn at 14 px', () => {
    const t = base();
    const cue = t.overlays.find((o) => o.slot === 'cue')!;
    Object.assign(cue, { lines: ['KEEPS WATER COLD FOR 24'], source: 'Keeps water cold for 24 hours', text: 'KEEPS WATER COLD FOR 24' });
    assert.ok(layoutViolations(t).some((v) => v.startsWith('cut-text:')));
    Object.assign(cue, { lines: ['Double-wall vacuum insulation…'], source: 'Double-wall vacuum insulation…', text: 'Double-wall vacuum insulation…', claim: LONG_POINT });
    assert.ok(layoutViolations(t).some((v) => v.startsWith('cut-text:') && v.includes('ellipsis')));
    Object.assign(cue, { lines: ['Double-wall vacuum insulation keeps water cold for'], source: 'Double-wall vacuum insulation keeps water cold for', text: 'Double-wall vacuum insulation keeps water cold for', claim: LONG_POINT });
    assert.ok(layoutViolations(t).some((v) => v.startsWith('cut-text:') && v.includes('unfinished')));
    // A complete shorter claim is not a cut.
    Object.assign(cue, { lines: ['Double-wall vacuum insulation'], source: 'Double-wall vacuum insulation', text: 'Double-wall vacuum insulation', claim: LONG_POINT });
    assert.ok(!layoutViolations(t).some((v) => v.startsWith('cut-text:') && !v.includes('wider than')), layoutViolations(t).join('\n'));
    cue.claim = undefined;
    Object.assign(cue, { lines: ['Visible glow'], source: 'Visible glow', text: 'Visible glow', fontPx: 14 });
    assert.deepEqual([...tags(layoutViolations(t))], ['text-size']);
  });

  it('text over text, text outside the safe area, and a 300 px photo blown up to fill the frame', () => {
    const t = base();
    const [a, b] = t.overlays.filter((o) => o.slot === 'price' || o.slot === 'cta');
    b!.box = { ...a!.box };
    assert.ok(tags(layoutViolations(t)).has('text-text'));
    const u = base();
    u.overlays[0]!.box = { ...u.overlays[0]!.box, y: u.height * 0.85 };
    assert.ok(tags(layoutViolations(u)).has('safe-area'));
    const v = base();
    v.images = v.images.map(() => ({ mode: 'cover', treatment: 'cover', content: { x: 0, y: 0, w: v.width, h: v.height }, cutout: false, source: { width: 300, height: 300 } }));
    assert.ok(layoutViolations(v).some((s) => s.startsWith('media-frame:') && s.includes('drawn at')));
  });
});

describe('text fitting', () => {
  const opts = { language: 'english', uppercase: false, width: 400, fontPx: 60, minFontPx: 40, maxLines: 2 };

  it('wraps at word boundaries, shrinking no further than the minimum size', () => {
    const f = fitText(['Vitamin C plus hyaluronic acid'], opts)!;
    assert.ok(f.lines.length >= 2 && f.lines.length <= 2);
    assert.equal(f.lines.join(' '), 'Vitamin C plus hyaluronic acid');
    assert.ok(f.fontPx >= 40 && f.fontPx <= 60);
  });

  it('takes a shorter candidate when the text does not fit, and never cuts one (no ellipsis): fitAnyway wraps it in more lines', () => {
    const shorter = fitText([LONG_POINT, 'Cold for 24 hours'], { ...opts, width: 450, maxLines: 1 })!;
    assert.equal(shorter.source, 'Cold for 24 hours');
    assert.equal(fitText([LONG_POINT], { ...opts, width: 450, maxLines: 1 }), null);
    const texts = [LONG_POINT, 'A compact desk fan with three speeds and a quiet motor', 'Eine Kaffeemühle mit Keramikmahlwerk und stufenlos einstellbarem Mahlgrad'];
    for (const text of texts)
      for (let width = 320; width <= 900; width += 40) {
        const f = fitText([text], { ...opts, width, maxLines: 1 }) ?? fitAnyway([text], { ...opts, width, maxLines: 1 })!;
        assert.ok(shownWhole(f.lines, text) && !f.lines.join(' ').includes('…'), `${width}: ${f.lines.join(' | ')}`);
      }
    assert.equal(shownWhole(['Double-wall vacuum insulation keeps wa…'], LONG_POINT), false);
    assert.equal(shownWhole(['Double-wall vacuum insulation keeps water…'], LONG_POINT), false);
  });

  it('breaks a word longer than a line with a hyphen, at syllables (test/hyphenate.test.ts), rather than drop or cut it', () => {
    const word = 'Donaudampfschifffahrtsgesellschaft';
    // Syllable breaks take more lines than breaking as late as fits (3 lines before: "…schifffa‐").
    assert.equal(fitText([word], { ...opts, language: 'german', width: 300, fontPx: 40, maxLines: 3 }), null);
    const f = fitText([word], { ...opts, language: 'german', width: 300, fontPx: 40, maxLines: 4 })!;
    assert.deepEqual(f.lines, ['Donaudampf\u2010', 'schiff\u2010', 'fahrtsge\u2010', 'sellschaft']);
    assert.equal(f.lines.map((l) => l.replace(/\u2010$/, '')).join(''), word);
    assert.ok(shownWhole(f.lines, word));
  });

  it('splits Japanese into words with Intl.Segmenter, never inside one', () => {
    const text = '真空断熱構造で冷たさを二十四時間キープします';
    const f = fitText([text], { ...opts, language: 'japanese', width: 360, maxLines: 4 })!;
    assert.ok(f.lines.length >= 3, 'it wraps');
    assert.equal(f.lines.join(''), text);
    const bounds = new Set<number>();
    let at = 0;
    for (const w of words(text, 'japanese')) bounds.add((at += w.text.length));
    at = 0;
    for (const line of f.lines.slice(0, -1)) assert.ok(bounds.has((at += line.length)), `break after ${line}`);
  });
});

describe('image framing and placement', () => {
  const box = { x: 0, y: 0, w: 1080, h: 1920 };
  const stage = { x: 54, y: 576, w: 896, h: 691 };

  it('covers with photos of about the box’s shape, shows wide, tall, small and cut-out images whole on the stage', () => {
    assert.equal(frameImage({ width: 1200, height: 2000, alpha: false }, box, stage).mode, 'cover');
    for (const info of [{ width: 1800, height: 600, alpha: false }, { width: 600, height: 1800, alpha: false }, { width: 300, height: 300, alpha: false }, { width: 1000, height: 1700, alpha: true }]) {
      const f = frameImage(info, box, stage);
      assert.equal(f.mode, 'contain');
      assert.equal(f.cutout, info.alpha);
      assert.ok(f.content.w / info.width <= MAX_UPSCALE + 1e-9, 'never upscaled past the limit');
      assert.ok(f.content.x >= stage.x && f.content.y >= stage.y && f.content.x + f.content.w <= stage.x + stage.w + 1e-9 && f.content.y + f.content.h <= stage.y + stage.h + 1e-9);
      assert.ok(Math.abs(f.content.w / f.content.h - info.width / info.height) < 1e-9, 'aspect kept');
    }
    const small = frameImage({ width: 300, height: 300, alpha: false }, box, stage);
    assert.equal(small.content.w, 600);
  });

  it('moves an item to the nearest free spot, and lets texts that never show together share one', () => {
    const safe = { x: 0, y: 0, w: 100, h: 100 };
    const face = { box: { x: 0, y: 40, w: 100, h: 20 }, startMs: 0, endMs: 1000 };
    const item = (y: number, startMs: number, endMs: number) => ({ startMs, endMs, regions: [{ x: 0, y, w: 100, h: 10 }], levels: 1, make: (r: { x: number; y: number; w: number; h: number }) => ({ box: r }) });
    const [a, b, c] = placeAll([item(45, 0, 500), item(45, 0, 500), item(45, 500, 1000)], [face], safe, 1);
    assert.deepEqual(a!.box, { x: 0, y: 60, w: 100, h: 10 }, 'just below the face');
    assert.deepEqual(b!.box, { x: 0, y: 30, w: 100, h: 10 }, 'just above it: the spot below is taken at that time');
    assert.deepEqual(c!.box, { x: 0, y: 60, w: 100, h: 10 }, 'a later text may take the first one’s spot');
  });

  it('a text held across a run boundary keeps its spot where that spot is still free (fails before: placed anew, it jumped back to its slot once the face had gone)', () => {
    const safe = { x: 0, y: 0, w: 100, h: 100 };
    // The slot's row is taken in the first run only (a face zone, a card): the title stands below it.
    const face = { box: { x: 0, y: 40, w: 100, h: 20 }, startMs: 0, endMs: 500 };
    const item = (startMs: number, endMs: number, holds = 'name|Lumen') => ({ startMs, endMs, holds, regions: [{ x: 0, y: 45, w: 100, h: 10 }], levels: 1, make: (r: { x: number; y: number; w: number; h: number }) => ({ box: { ...r, h: 10 }, startMs, endMs }) });
    const [a, b] = placeAll([item(0, 500), item(500, 1000)], [face], safe, 1);
    assert.deepEqual(a!.box, { x: 0, y: 60, w: 100, h: 10 });
    assert.deepEqual(b!.box, a!.box, 'the same text on from the next run: the same spot');
    assert.deepEqual([b!.startMs, b!.endMs], [500, 1000], 'made for its own run');
    // Another text (or the same after a gap) is placed anew, at its slot.
    assert.deepEqual(placeAll([item(0, 500), item(500, 1000, 'name|Other')], [face], safe, 1)[1]!.box, { x: 0, y: 45, w: 100, h: 10 });
    assert.deepEqual(placeAll([item(0, 500), item(2000, 2500)], [face], safe, 1)[1]!.box, { x: 0, y: 45, w: 100, h: 10 });
    // The spot taken in the next run (a card there then): placed anew, nearest its slot.
    const card = { box: { x: 0, y: 58, w: 100, h: 12 }, startMs: 500, endMs: 1000 };
    assert.deepEqual(placeAll([item(0, 500), item(500, 1000)], [face, card], safe, 1)[1]!.box, { x: 0, y: 45, w: 100, h: 10 });
    // …and over a box to avoid there (a product shown whole) while its slot is clear: its slot.
    const product = { box: { x: 0, y: 62, w: 100, h: 20 }, startMs: 500, endMs: 1000 };
    assert.deepEqual(placeAll([item(0, 500), item(500, 1000)], [face], safe, 1, [product])[1]!.box, { x: 0, y: 45, w: 100, h: 10 });
  });
});

describe('rendering with awkward images', () => {
  it('frames the fixtures from their files and renders a clean layout (real sharp, real ffmpeg)', { timeout: 120_000 }, async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'layout-'));
    try {
      const paths = Object.values(LAYOUT_FIXTURES).map((f) => path.join(LAYOUT_FIXTURES_DIR, f.file));
      const infos = await Promise.all(paths.map((p) => imageInfo(p)));
      assert.deepEqual(infos.map((i) => i && { ...i, colour: undefined, trim: undefined, subject: undefined }), Object.values(LAYOUT_FIXTURES).map((f) => ({ width: f.width, height: f.height, alpha: f.alpha, plain: false, blank: false, colour: undefined, trim: undefined, subject: undefined })));
      // Only the alpha image has a trimmed product box (its opaque pixels), a part of it.
      assert.deepEqual(infos.map((i) => !!i?.trim), Object.values(LAYOUT_FIXTURES).map((f) => f.alpha));
      for (const t of infos.flatMap((i) => (i?.trim ? [i.trim] : []))) assert.ok(t.x >= 0 && t.y >= 0 && t.x + t.w <= 1 && t.y + t.h <= 1 && t.w * t.h < 1);
      assert.ok(infos.every((i) => /^#[0-9a-f]{6}$/.test(i?.colour ?? '')), 'each image\'s own colour');
      const narration = await sampleNarration(path.join(dir, 'voice'), PREVIEW_SENTENCES);
      let t: Timeline | null = null;
      const r = await renderVideo(
        { narration, product: { ...product('awkward', true), imagePaths: paths }, avatarId: 1, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25, outDir: path.join(dir, 'out') },
        { onTimeline: (x) => (t = x) },
      );
      assert.ok(t);
      const tl = t as Timeline;
      assert.deepEqual(layoutViolations(tl), []);
      // The treatment by shape (docs/rendering.md "The product leads"): the wide and tall photos pan, the cut-out is used as it is,
      // and the 300 px square would fill this 270 × 480 frame (1.6×: a photo up to square fills a tall frame when sharp enough), but
      // its subject (the stool, 56 % of its width: render/subject.ts) is as wide as the crop window: no crop keeps it whole
      // clear of the frame's edges and the cards, so it is contained (media-frame.ts coverCrop).
      assert.ok(infos[2]!.subject && infos[2]!.subject.w > 0.5, JSON.stringify(infos[2]!.subject));
      assert.deepEqual(tl.images.map((f) => f?.treatment), ['pan', 'pan', 'contain', 'alpha']);
      assert.equal(tl.images[3]!.cutout, true);
      // The full name under its short title (a subtitle) has its own floor (layoutViolations checks it is one).
      assert.ok(tl.overlays.every((o) => o.fontPx >= overlayMinFontPx(o, tl.height)));
      assert.ok((await fs.stat(r.videoPath)).size > 10_000);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('names are not broken inside a word while a wider place holds them whole', () => {
  it('a long single-word name beside the Carousel presenter moves or wraps at spaces instead of "UltraCo-mfort"', () => {
    const name = 'UltraComfort Ergonomic Memory Foam Lumbar Support Cushion';
    for (const ratio of [0, 1, 2] as const)
      for (const templateId of [1, 2, 3, 5, 6]) {
        const sp = sampleSpeech(sampleSentences(15));
        const t = buildTimeline({
          script: sp.script, speech: sp.speech, product: product('photos', false, { name }), templateId, hasPresenter: true, visualStyle: null,
          aspectRatio: ratio, caption: true, imageInfo: SHAPES.photos!.infos,
        });
        // Nothing cut (issue 27): in 9:16 (Spotlight, Side by Side) no free spot holds this name in
        // whole words at the minimum size any more (it was cut with an ellipsis before); a hyphen
        // break there is the known cost (docs/rendering.md "Nothing cut"). It must still show whole.
        const known = ratio === 0;
        for (const o of t.overlays) assert.ok(known ? shownWhole(o.lines, o.source) : !(o.lines ?? [o.text]).some((l) => l.endsWith('\u2010')), `template ${templateId} ratio ${ratio}: ${o.slot} ${JSON.stringify(o.lines)}`);
      }
  });

  it('fitText breaks a word only when told it may', () => {
    const o = { language: 'english', uppercase: false, width: 120, fontPx: 40, minFontPx: 30, maxLines: 4 };
    assert.ok(fitText(['UltraComfortable'], o)!.lines.some((l) => l.endsWith('\u2010')));
    assert.equal(fitText(['UltraComfortable'], { ...o, breakWords: false }), null);
  });
});

/**
 * Known misses of the title rule (docs/rendering.md "A title in at most three lines"): the chair name in 9:16
 * where the short title and the full name under it find no room together above the product's middle (a
 * full-frame photo, Spotlight's inset beside a contained photo), so the full name keeps its title in five or more lines.
 */
// The 4:5, 3:2 and square photos in 9:16 now cover the frame ("The frame in 9:16"), leaving the
// long chair name the same ~22 % of the height as the 3:1 photo (seen when the two merged,
// 2026-11-29 (6)): the 'photos chair' cells below join the 'awkward chair' ones.
// 'T1 0 true photos chair' off (2026-11-30, textprod916): the columns beside the product's heart
// (place-text.ts besideHearts, for the sticker) hold its short title and full name together.
const TITLE_MISSES = ['T1 0 true awkward chair', 'T1 0 false awkward chair', 'T2 0 false awkward chair', 'T3 0 false awkward chair', 'T4 0 true awkward chair', 'T4 0 false awkward chair', 'T5 0 false awkward chair',
  'T1 0 false photos chair', 'T2 0 false photos chair', 'T3 0 false photos chair', 'T4 0 true photos chair', 'T4 0 false photos chair', 'T5 0 false photos chair'];

describe('a title in at most three lines (title-rule.ts)', () => {
  it('sets a title in three lines (four for a very long one), words whole, or the short title with the full name under it', () => {
    const names = { lamp: LONG_NAME, chair: 'UltraComfort Ergonomic Mesh Office Chair with Adjustable Lumbar Support', grinder: 'Kaffeemühle Classico' };
    const sp = sampleSpeech(sampleSentences(15));
    const failures: string[] = [];
    const missed = new Set<string>();
    let shortTitles = 0;
    for (const tpl of TEMPLATE_DEFS)
      for (const ar of [0, 1, 2] as const)
        for (const hasPresenter of [true, false])
          for (const shape of ['photos', 'awkward', 'small'])
            for (const [key, name] of Object.entries(names))
              for (const visualStyle of [null, 'Tech Neon']) {
                const t = buildTimeline({ script: sp.script, speech: sp.speech, product: product(shape, false, { name }), templateId: tpl.id, hasPresenter, visualStyle, aspectRatio: ar, caption: true, scale: 0.5, imageInfo: SHAPES[shape]!.infos });
                const where = `T${tpl.id} ${ar} ${hasPresenter} ${shape} ${key}`;
                const bad = titleViolations(t);
                if (bad.length && TITLE_MISSES.includes(where)) missed.add(where);
                else failures.push(...bad.map((v) => `${where} ${visualStyle}: ${v}`));
                const title = t.overlays.find((o) => o.slot === 'name');
                if (title && title.source !== name) {
                  shortTitles++;
                  // The full name shows whole with its short title.
                  assert.ok(t.overlays.some((o) => o.source === name && shownWhole(o.lines, name)), `${where}: the full name`);
                }
              }
    assert.deepEqual(failures, []);
    assert.ok(shortTitles > 0, 'some titles are the short name');
    assert.deepEqual([...missed].sort(), [...TITLE_MISSES].sort(), 'the known misses are still misses (else take them off)');
  });
});

describe('feature card numbers', () => {
  it('count the selling points shown, 1, 2, 3…, once each: a recap or a description line gets no number', () => {
    const sp = sampleSpeech(sampleSentences(30));
    const sentences = sp.script.sentences.map((s, i) => (i === sp.script.sentences.length - 3 ? { ...s, cue: { ...s.cue, kind: 'point' as const, pointIndex: 0, overlay: 'again' } } : s));
    const t = buildTimeline({
      script: { ...sp.script, sentences }, speech: sp.speech, product: product('photos', false), templateId: 3, hasPresenter: true, visualStyle: null,
      aspectRatio: 0, caption: true, imageInfo: SHAPES.photos!.infos,
    });
    const badges = t.overlays.filter((o) => o.badge !== null).map((o) => Number(o.badge));
    assert.ok(badges.length >= 2, JSON.stringify(badges));
    assert.deepEqual(badges, badges.map((_, i) => i + 1));
    const again = t.overlays.find((o) => o.text === 'again');
    assert.ok(again, 'the repeated point is shown');
    assert.equal(again.badge, null, 'a point shown again is not numbered again');
  });
});

describe('texts the voice does not read', () => {
  it('are shown one after another in their scene (cue.shown), each placed without overlapping the others', () => {
    const sp = sampleSpeech(sampleSentences(15));
    const at = sp.script.sentences.findIndex((s) => s.cue.kind === 'story' || s.cue.kind === 'point');
    const sentences = sp.script.sentences.map((s, i) => (i === at ? { ...s, cue: { ...s.cue, overlay: 'Keramikmahlwerk', shown: ['Stufenlos einstellbar', 'Leise und ohne Strom'], readS: 6 } } : s));
    const t = buildTimeline({
      script: { ...sp.script, sentences }, speech: sp.speech, product: product('photos', false), templateId: 3, hasPresenter: true, visualStyle: null,
      aspectRatio: 0, caption: true, imageInfo: SHAPES.photos!.infos,
    });
    const shown = ['Keramikmahlwerk', 'Stufenlos einstellbar', 'Leise und ohne Strom'].map((x) => t.overlays.find((o) => o.text === x));
    assert.ok(shown.every(Boolean), JSON.stringify(t.overlays.map((o) => o.text)));
    for (let i = 1; i < shown.length; i++) assert.ok(shown[i]!.startMs >= shown[i - 1]!.endMs, `${shown[i - 1]!.text} then ${shown[i]!.text}`);
    assert.deepEqual(layoutViolations(t), []);
  });
});

describe('a long name in 9:16 never meets a face (issue 24 item 1 with issue 27 item 3)', () => {
  const faceOf = (t: Timeline) => faceZone(presenterFaceBox(t.presenter!));
  const nameOf = (t: Timeline) => t.overlays.filter((o) => o.slot === 'name');

  it('keeps an inset (Spotlight) at its slot for a short name; for a long name it never steps over the product: the short name titled, the full name whole elsewhere', () => {
    const short = timeline({ templateId: 1, shape: 'photos' });
    const long = timeline({ templateId: 1, shape: 'photos', long: true });
    assert.equal(short.presenter!.box.y, 0.1 * short.height, 'a short name leaves the inset at its slot');
    assert.equal(long.presenter!.box.h, short.presenter!.box.h);
    // Before the presenter kept off the product, the inset stepped down over the photos' top (issue 27).
    // Known miss since a square or 4:5 photo fills the tall frame (docs/rendering.md "The frame in
    // 9:16"): its middle third is the frame's, which the four-line name and the short-name forms'
    // full name (a cue card from 20 % down) meet, so no placement at the slot is clear and the
    // inset steps down over the photos (14.8-18.9 %). Kept visible: a fix shows here.
    assert.deepEqual(presenterOverProductViolations(long).map((v) => v.replace(/[\d.]+ %/, 'N %').replace(/ at [\d.]+ s/, '')), [
      'presenter-product: the presenter covers N % of the product (image 0) in the scene, over 3 %',
      'presenter-product: the presenter covers N % of the product (image 1) in the scene, over 3 %',
      'presenter-product: the presenter covers N % of the product (image 2) in the scene, over 3 %',
      'presenter-product: the presenter covers N % of the product (image 0) in the scene, over 3 %',
    ]);
    for (const o of nameOf(long)) assert.ok(!intersects(o.box, faceOf(long)), 'the name is off the face zone');
    const full = long.overlays.filter((o) => o.source === LONG_NAME);
    assert.ok(full.length > 0 && full.every((o) => shownWhole(o.lines, o.source)), 'the full name shown whole');
    assert.deepEqual(layoutViolations(long), []);
  });

  it('titles a long name by its short name in three lines, the full name whole under it, off the face (Side by Side; title-rule.ts)', () => {
    const short = timeline({ templateId: 2, shape: 'photos' });
    const long = timeline({ templateId: 2, shape: 'photos', long: true });
    assert.equal(long.style.text.uppercase, true);
    assert.ok(presenterFaceBox(long.presenter!).h >= long.height * MIN_FACE_SHARE - 0.5, 'never under the minimum face');
    const [name] = nameOf(long);
    // Before title-rule.ts: the full name titled whole in its own case beside a smaller presenter, in 5+ lines.
    assert.ok(name!.source !== LONG_NAME && name!.lines.length <= 3, name!.lines.join('|'));
    const full = long.overlays.filter((o) => o.source === LONG_NAME);
    assert.ok(full.length > 0 && full.every((o) => shownWhole(o.lines, LONG_NAME) && !intersects(o.box, faceOf(long))), 'the full name whole, off the face');
    assert.ok(!intersects(name!.box, faceOf(long)));
    assert.deepEqual(layoutViolations(long), []);
    assert.equal(nameOf(short)[0]!.ownCase, undefined, 'a name that fits keeps the style’s capitals');
  });

  it('gives a German 89-character name the column beside a presenter at the smallest face the rules allow (bench cell 19)', () => {
    const name = 'UltraComfort Ergonomischer Bürostuhl aus Netzgewebe mit verstellbarer Lendenwirbelstütze';
    const sp = sampleSpeech(sampleSentences(30), 'german');
    const t = buildTimeline({ script: sp.script, speech: sp.speech, product: product('photos', true, { name, brand: 'UltraComfort' }), templateId: 2, hasPresenter: true, visualStyle: 'Warm Lifestyle', aspectRatio: 0, caption: true, imageInfo: SHAPES.photos!.infos });
    // A title in at most three lines (title-rule.ts): the short name titled, the full name whole under it.
    const [shown] = nameOf(t);
    assert.ok(shown!.lines.length <= 3, shown!.lines.join('|'));
    assert.ok(t.overlays.some((o) => o.source === name && shownWhole(o.lines, name) && !intersects(o.box, faceOf(t))), 'the full name whole, off the face');
    assert.ok(!intersects(shown!.box, faceOf(t)));
    const face = presenterFaceBox(t.presenter!);
    assert.ok(face.h >= t.height * MIN_FACE_SHARE - 0.5 && face.x + face.w <= t.safeArea.x + t.safeArea.w + 0.5, 'the face at least the minimum, inside the safe area');
    assert.deepEqual(layoutViolations(t), []);
  });

  it('reports a name placed over the face zone or the product’s middle (the check the fallback uses)', () => {
    const t = timeline({ templateId: 1, shape: 'photos' });
    const shell = { ...t, captionsBox: t.captionsBox };
    assert.deepEqual(blockedTexts(shell), []);
    const zone = faceOf(t);
    const over = t.overlays.map((o) => (o.slot === 'name' ? { ...o, box: { ...o.box, x: zone.x, y: zone.y } } : o));
    assert.equal(nameBlocked({ ...shell, overlays: over }), true);
    assert.deepEqual(blockedTexts({ ...shell, overlays: over }), [over.find((o) => o.slot === 'name')!.id]);
  });
});

describe('no text over a face when a long name has no free spot (issue 24 item 1)', () => {
  it('an 81-character name beside a tall packshot in 9:16: the presenter moves or shrinks until no text meets the face zone', () => {
    const nameOf = (t: Timeline) => t.overlays.filter((o) => o.slot === 'name');
    const name = 'UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer';
    const infos = [{ width: 600, height: 1800, alpha: false }];
    const points = ['Contoured memory foam supports the lower back all day', 'Cooling gel layer stays fresh', 'Removable, machine-washable cover'];
    for (const lengthS of [15, 60])
      for (const templateId of [1, 2, 3])
        for (const visualStyle of ['Clean Minimal', 'Bold Pop']) {
          const sp = sampleSpeech(sampleSentences(lengthS));
          const t = buildTimeline({ script: sp.script, speech: sp.speech, product: product('tall', false, { name, sellingPoints: points }), templateId, hasPresenter: true, visualStyle, aspectRatio: 0, caption: true, imageInfo: infos });
          const zone = faceZone(presenterFaceBox(t.presenter!));
          for (const o of t.overlays) assert.ok(!intersects(o.box, zone), `${lengthS} s, template ${templateId}, ${visualStyle}: ${o.id} over the face zone`);
          assert.ok(shownWhole(nameOf(t)[0]!.lines, nameOf(t)[0]!.source), 'the name whole');
          assert.ok(presenterFaceBox(t.presenter!).h >= t.height * MIN_FACE_SHARE - 0.5, 'never under the minimum face');
          // The product's middle may still be covered by such a name (issue 27, docs/rendering.md); the face never is.
          assert.deepEqual(layoutViolations(t).filter((v) => v.startsWith('text-face')), [], `${lengthS} s, template ${templateId}, ${visualStyle}`);
        }
  });
});

describe('a long name never over the product (issue 27 item 3)', () => {
  it('an 81-character name beside a tall packshot, 648 timelines (every ratio, template, style, length, presenter or not): no text over the product’s middle or a face, the name whole or the short name titled over it', () => {
    const name = 'UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer';
    const infos = [{ width: 600, height: 1800, alpha: false }];
    const points = ['Contoured memory foam supports the lower back all day', 'Cooling gel layer stays fresh', 'Removable, machine-washable cover'];
    const styles = ['Clean Minimal', 'Bold Pop', 'Luxury Dark', 'Warm Lifestyle', 'Tech Neon', 'Soft Pastel'];
    const bad: string[] = [];
    let checked = 0;
    let short = 0;
    for (const aspectRatio of [0, 1, 2] as const)
      for (const lengthS of [15, 30, 60]) {
        const sp = sampleSpeech(sampleSentences(lengthS));
        for (const hasPresenter of [true, false])
          for (const tpl of TEMPLATE_DEFS)
            for (const visualStyle of styles) {
              const t = buildTimeline({ script: sp.script, speech: sp.speech, product: product('tall', false, { name, sellingPoints: points }), templateId: tpl.id, hasPresenter, visualStyle, aspectRatio, caption: true, imageInfo: infos });
              checked++;
              const v = layoutViolations(t);
              if (v.length) bad.push(`ratio ${aspectRatio}, ${lengthS} s, template ${tpl.id}, presenter ${hasPresenter}, ${visualStyle}: ${v.join('; ')}`);
              const title = t.overlays.find((o) => o.slot === 'name')!;
              assert.ok(shownWhole(title.lines, title.source));
              if (title.source !== name) {
                // The short name is titled only with the full name whole elsewhere on screen.
                short++;
                assert.equal(title.source, 'UltraComfort Lumbar Support Cushion');
                const full = t.overlays.find((o) => o.slot === 'cue' && o.source === name);
                assert.ok(full && shownWhole(full.lines, full.source), 'the full name shown whole');
              }
            }
      }
    assert.equal(checked, 648);
    assert.deepEqual(bad, []);
    assert.ok(short > 0 && short < checked, `short titles: ${short}`);
  });
});

describe('the 9:16 no-media design with an inset presenter is a selfie under a brand field', () => {
  // Template 2 (split screen) too, under its panel of the second background colour (before: the
  // panel the bottom half under the presenter, its bottom 41 % empty).
  for (const templateId of [1, 2, 6]) {
    it(`template ${templateId}: the presenter large in the lower half, shoulders to the bottom edge; title, cards, hero price and captions in the field above, clear of the face`, () => {
      for (const long of [false, true]) {
        const t = timeline({ templateId, shape: 'none', long });
        const p = t.presenter!;
        assert.equal(p.frame, 'none');
        const face = presenterFaceBox(p);
        const pl = presenterPlacement(p);
        assert.ok(face.y >= t.height * 0.45 && face.y + face.h <= t.height * 0.8, `head in the middle-lower part: ${face.y / t.height}-${(face.y + face.h) / t.height}`);
        assert.ok(face.h >= t.height * 0.18, 'a large face');
        assert.ok(pl.y + pl.height >= t.height, 'shoulders to the bottom edge');
        const field = t.shapes.find((s) => s.role === (templateId === 2 ? 'panel' : 'field'))!;
        assert.ok(field.box.y + field.box.h <= faceZone(face).y + 1, 'the field ends above the face');
        for (const b of [t.captionsBox, ...t.overlays.map((o) => o.box)]) {
          assert.ok(b.y + b.h <= field.box.y + field.box.h + 1, 'every text on the field');
          assert.ok(!intersects(b, faceZone(face)));
        }
        const price = t.overlays.find((o) => o.slot === 'price')!;
        const name = t.overlays.find((o) => o.slot === 'name')!;
        assert.ok(price.fontPx >= 1.5 * name.fontPx, 'the price is the hero');
        assert.deepEqual(layoutViolations(t), []);
        assert.deepEqual(timelineCoverage(t).violations, []);
      }
    });
  }
});
