import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PUBLIC_TEMPLATES, VISUAL_STYLES } from '../src/catalog/catalog.data.ts';
import { STYLE_DEFS, TEMPLATE_DEFS, resolveTemplate } from '../src/pipeline/templates/index.ts';
import { buildTimeline, frameCount, layoutViolations, outputSize, formatPrice, parsePrice, kenBurnsSource, panOffset } from '../src/pipeline/timeline/index.ts';
import { PREVIEW_SENTENCES, SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

const product = (images = 3, videos = 0): ProductFacts => ({
  ...SAMPLE_PRODUCT_TEXT,
  sellingPoints: [...SAMPLE_PRODUCT_TEXT.sellingPoints],
  targetAudience: 'everyone',
  imagePaths: Array.from({ length: images }, (_, i) => `/img${i}.jpg`),
  videoPaths: Array.from({ length: videos }, (_, i) => `/clip${i}.mp4`),
});

describe('templates and styles are data matching the catalog', () => {
  it('define every public template for all three aspect ratios and every visual style by name', () => {
    for (const rec of PUBLIC_TEMPLATES) {
      const def = TEMPLATE_DEFS.find((t) => t.id === rec.id);
      assert.ok(def, `template ${rec.id}`);
      assert.equal(def.layout, rec.layout);
      for (const ar of [0, 1, 2] as const) assert.ok(def.ratios[ar], `template ${rec.id} ratio ${ar}`);
      assert.ok(STYLE_DEFS.some((s) => s.name === def.defaultStyle));
    }
    assert.deepEqual(STYLE_DEFS.map((s) => s.name).sort(), VISUAL_STYLES.map((s) => s.name).sort());
  });

  it('fall back to the voice-over layout without a presenter, and to each template’s style', () => {
    assert.equal(resolveTemplate(null, false, 0, null).def.id, 4);
    assert.equal(resolveTemplate(null, true, 0, null).def.id, 1);
    assert.equal(resolveTemplate(5, false, 1, null).layout.presenter, null);
    assert.equal(resolveTemplate(1, true, 0, 'tech neon').style.name, 'Tech Neon');
    assert.equal(resolveTemplate(3, true, 0, null).style.name, 'Warm Lifestyle');
  });
});

describe('timeline', () => {
  const { script, speech } = sampleSpeech(sampleSentences(30));

  it('sizes frames exactly per aspect ratio and scale, with even dimensions', () => {
    assert.deepEqual(outputSize(0), { width: 1080, height: 1920 });
    assert.deepEqual(outputSize(1), { width: 1920, height: 1080 });
    assert.deepEqual(outputSize(2), { width: 1080, height: 1080 });
    assert.deepEqual(outputSize(0, 0.25), { width: 270, height: 480 });
    assert.deepEqual(outputSize(1, 0.33), { width: 634, height: 356 });
    assert.throws(() => outputSize(0, 0));
    assert.equal(frameCount(15_000, 30), 450);
  });

  it('cuts on sentence starts where the cue changes the media, and covers the whole video', () => {
    const t = buildTimeline({ script, speech, product: product(), templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true });
    assert.equal(t.scenes[0]!.startMs, 0);
    assert.equal(t.scenes[t.scenes.length - 1]!.endMs, t.durationMs);
    for (let i = 1; i < t.scenes.length; i++) {
      const s = t.scenes[i]!;
      assert.equal(s.startMs, t.scenes[i - 1]!.endMs);
      assert.equal(s.startMs, speech.sentences[s.sentences[0]]!.startMs, 'a cut is a sentence start');
      assert.notDeepEqual(s.media, t.scenes[i - 1]!.media);
      assert.ok(s.transitionIn.durationMs >= 120 && s.transitionIn.durationMs <= 400);
      const cue = script.sentences[s.sentences[0]]!.cue;
      if (cue.imageIndex !== null) assert.deepEqual(s.media, { kind: 'image', index: cue.imageIndex % 3 });
    }
    assert.equal(t.frames, frameCount(speech.durationMs, 30));
  });

  it('seeds the Ken Burns moves: same seed, same moves; moves stay inside the image', () => {
    const a = buildTimeline({ script, speech, product: product(), templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: false, seed: 7 });
    const b = buildTimeline({ script, speech, product: product(), templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: false, seed: 7 });
    const c = buildTimeline({ script, speech, product: product(), templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: false, seed: 8 });
    assert.deepEqual(a.scenes.map((s) => s.motion), b.scenes.map((s) => s.motion));
    assert.notDeepEqual(a.scenes.map((s) => s.motion), c.scenes.map((s) => s.motion));
    for (const s of a.scenes)
      for (const p of [0, 0.3, 0.7, 1]) {
        const r = kenBurnsSource(s.motion, p, 1210, 2150, 1080, 1920);
        assert.ok(r.x >= -0.01 && r.y >= -0.01 && r.x + r.w <= 1210.01 && r.y + r.h <= 2150.01);
      }
  });

  it('pans at whole pixels, at most one every other frame, inside the image', () => {
    const t = buildTimeline({ script, speech, product: product(), templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: false, seed: 3 });
    const pans = t.scenes.filter((s) => s.motion.kind === 'pan');
    assert.ok(pans.length > 0 && pans.length < t.scenes.length, 'scenes mix pans and zooms');
    for (const s of pans)
      for (const n of [40, 130, 400]) {
        let prev = panOffset(s.motion, 0, n, 130, 230);
        let lastStep = -2;
        let moved = 0;
        for (let k = 1; k < n; k++) {
          const o = panOffset(s.motion, k, n, 130, 230);
          assert.ok(Number.isInteger(o.x) && Number.isInteger(o.y));
          assert.ok(Math.abs(o.x - prev.x) <= 1 && Math.abs(o.y - prev.y) <= 1, 'at most a pixel a step');
          if (o.x !== prev.x || o.y !== prev.y) {
            assert.ok(k - lastStep >= 2, `two steps in a row at frame ${k}`);
            lastStep = k;
            moved++;
          }
          assert.ok(o.x >= 0 && o.x <= 130 && o.y >= 0 && o.y <= 230);
          prev = o;
        }
        assert.ok(moved >= Math.min(0.45 * n, 60), `the pan moves (${moved} px over ${n} frames)`);
      }
  });

  it('plays product clips for scenes with no image cue, trimmed scene by scene', () => {
    const t = buildTimeline({ script, speech, product: product(2, 1), templateId: 4, hasPresenter: false, visualStyle: null, aspectRatio: 1, caption: false });
    const clips = t.scenes.filter((s) => s.media.kind === 'video');
    const cued = script.sentences.filter((s) => s.cue.imageIndex === null).length;
    assert.equal(clips.length > 0, cued > 0);
    const noMedia = buildTimeline({ script, speech, product: product(0, 0), templateId: 4, hasPresenter: false, visualStyle: null, aspectRatio: 1, caption: false });
    assert.ok(noMedia.scenes.every((s) => s.media.kind === 'art'));
  });

  it('shows name, price with currency, call to action and cue overlays on their scenes', () => {
    const t = buildTimeline({ script, speech, product: product(), templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true });
    const slots = new Set(t.overlays.map((o) => o.slot));
    assert.deepEqual([...slots].sort(), ['cta', 'cue', 'name', 'price']);
    assert.equal(t.overlays.find((o) => o.slot === 'price')!.text, '$29');
    assert.equal(t.overlays.find((o) => o.slot === 'cta')!.text, 'Shop now');
    const name = t.overlays.find((o) => o.slot === 'name')!;
    assert.equal(name.startMs, 0);
    const cta = t.overlays.find((o) => o.slot === 'cta')!;
    assert.equal(cta.endMs, t.durationMs);
  });

  it('keeps overlays, captions and the presenter’s head inside the safe area, apart, for every template and ratio', () => {
    for (const tpl of TEMPLATE_DEFS)
      for (const ar of [0, 1, 2] as const)
        for (const hasPresenter of [true, false])
          for (const sentences of [sampleSentences(30), PREVIEW_SENTENCES]) {
            const sp = sampleSpeech(sentences);
            const t = buildTimeline({ script: sp.script, speech: sp.speech, product: product(), templateId: tpl.id, hasPresenter, visualStyle: null, aspectRatio: ar, caption: true, scale: 0.5 });
            assert.deepEqual(layoutViolations(t), [], `template ${tpl.id} ratio ${ar} presenter ${hasPresenter}`);
            if (ar === 0) for (const o of t.overlays) assert.ok(o.box.y + o.box.h <= t.height * 0.8 + 0.01 && o.box.x + o.box.w <= t.width * 0.88 + 0.01);
          }
  });
});

describe('overlay text', () => {
  it('formats prices with their currency in the narration language', () => {
    assert.equal(formatPrice('29.99', 'USD', 'english'), '$29.99');
    assert.equal(formatPrice('1.299,00', 'EUR', 'german'), '1.299 €');
    assert.equal(formatPrice('1299', 'JPY', 'japanese'), '¥1,299');
    assert.equal(formatPrice('£12', null, 'english'), '£12');
    assert.equal(formatPrice('12', 'XYZ1', 'english'), '12 XYZ1');
    assert.equal(formatPrice(null, 'USD', 'english'), null);
    assert.equal(parsePrice('1,299.50'), 1299.5);
    assert.equal(parsePrice('29,99'), 29.99);
  });
});

describe('scene effects (v2 template videos: disable_trans, disable_moving, disable_random_moving)', () => {
  const { script, speech } = sampleSpeech(sampleSentences(30));
  const build = (effects?: { transitions: boolean; motion: 'random' | 'steady' | 'none' }) =>
    buildTimeline({ script, speech, product: product(), templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: false, seed: 7, ...(effects ? { effects } : {}) });

  it('without effects: the template transitions and a seeded move per scene, as before', () => {
    const t = build();
    assert.ok(t.scenes.length > 2);
    assert.ok(t.scenes.slice(1).some((s) => s.transitionIn.kind !== 'cut'));
    assert.ok(new Set(t.scenes.map((s) => JSON.stringify(s.motion))).size > 1);
    assert.deepEqual(build({ transitions: true, motion: 'random' }).scenes, t.scenes);
  });

  it('transitions off: every scene change is a cut; the moves stay', () => {
    const t = build({ transitions: false, motion: 'random' });
    assert.ok(t.scenes.every((s) => s.transitionIn.kind === 'cut' && s.transitionIn.durationMs === 0));
    assert.deepEqual(t.scenes.map((s) => s.motion), build().scenes.map((s) => s.motion));
  });

  it('steady motion: the same centred zoom in for every scene; none: the media stand still', () => {
    for (const s of build({ transitions: true, motion: 'steady' }).scenes) {
      assert.deepEqual({ ...s.motion, toScale: 0 }, { kind: 'zoom', fromScale: 1, toScale: 0, fromX: 0, fromY: 0, toX: 0, toY: 0 });
      assert.ok(s.motion.toScale > 1 && s.motion.toScale <= 1.12);
    }
    for (const s of build({ transitions: true, motion: 'none' }).scenes) {
      for (const p of [0, 0.5, 1]) assert.deepEqual(kenBurnsSource(s.motion, p, 1210, 2150, 1080, 1920), kenBurnsSource(s.motion, 0, 1210, 2150, 1080, 1920));
    }
  });
});
