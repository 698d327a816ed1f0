/**
 * Colours that keep things readable (templates/colours.ts): a product plate contrasts with the
 * product standing on it, and the captions' spoken-word highlight with what lies under it, over
 * every style and every plate colour; and both as a real render path draws them (sharp's image
 * colour, the caption layer's pixels).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { captionRunPixels } from './support/caption-pixels.ts';
import { colord } from 'colord';
import sharp from 'sharp';
import { buildCaptions } from '../src/pipeline/captions/index.ts';
import { CaptionLayer, captionPlacer } from '../src/pipeline/render/caption-layer.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import { captionHighlight, contrast, fieldColour, MIN_CONTRAST, plateColour, under } from '../src/pipeline/templates/colours.ts';
import { STYLE_DEFS } from '../src/pipeline/templates/styles.ts';
import type { VisualStyleDef } from '../src/pipeline/templates/types.ts';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { captionSurfaceAt } from '../src/pipeline/timeline/caption-surface.ts';

registerFonts();
const styleOf = (name: string) => STYLE_DEFS.find((s) => s.name === name)!;
/** Product colours: 12 hues × 4 lightnesses, plus black and white. */
const PRODUCTS = [
  ...Array.from({ length: 12 }, (_, h) => [20, 40, 65, 90].map((l) => colord({ h: h * 30, s: 60, l }).toHex())).flat(),
  '#000000', '#ffffff',
];
/** Every colour a plate can take in a style. */
const plates = (s: VisualStyleDef) => [...new Set([fieldColour(s), ...PRODUCTS.map((c) => plateColour(s, c))])];

const dirs: string[] = [];
after(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe('plate colour: the product stands out on it', () => {
  it('the red bottle on Warm Lifestyle stands on the tan (bg2), not the dark brown field; a light product keeps the field', () => {
    const s = styleOf('Warm Lifestyle');
    const red = '#8a1c2b';
    assert.equal(fieldColour(s), s.palette.text, 'the field is the dark brown');
    assert.ok(contrast(fieldColour(s), red) < MIN_CONTRAST);
    assert.equal(plateColour(s, red), s.palette.bg2);
    assert.ok(contrast(plateColour(s, red), red) >= MIN_CONTRAST);
    assert.equal(plateColour(s, '#f2efe6'), fieldColour(s));
    assert.equal(plateColour(s, null), fieldColour(s), 'colour not known: the field');
  });

  it('over every style and product colour, the plate never contrasts less with the product than the field, and still reads as a plate', () => {
    for (const s of STYLE_DEFS)
      for (const c of PRODUCTS) {
        const p = plateColour(s, c);
        assert.ok(contrast(p, c) >= contrast(fieldColour(s), c), `${s.name} ${c}: ${p}`);
        if (p !== fieldColour(s)) assert.ok(contrast(fieldColour(s), c) < MIN_CONTRAST, `${s.name} ${c}: the field was good enough`);
        const d = (a: string, b: string) => { const x = colord(a).toRgb(); const y = colord(b).toRgb(); return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b); };
        assert.ok(p === fieldColour(s) || d(p, s.palette.bg) >= 60, `${s.name} ${c}: ${p} too close to the background`);
      }
  });

  it('a red bottle photographed on white: its colour is the bottle\'s (the backdrop left out), and its Voice Over plate in Warm Lifestyle is the tan (real sharp)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plate-colour-'));
    dirs.push(dir);
    const file = path.join(dir, 'bottle.jpg');
    await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="1500"><rect width="500" height="1500" fill="#ffffff"/><rect x="170" y="300" width="160" height="1000" rx="40" fill="#8a1c2b"/></svg>')).jpeg({ quality: 90 }).toFile(file);
    const info = await imageInfo(file);
    assert.ok(info?.plain && info.colour);
    const rgb = colord(info.colour).toRgb();
    assert.ok(Math.abs(rgb.r - 0x8a) < 20 && rgb.g < 60 && rgb.b < 70, `the bottle's colour, not the backdrop's: ${info.colour}`);
    const sp = sampleSpeech(sampleSentences(15));
    const t = buildTimeline({
      script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, targetAudience: 'everyone', imagePaths: [file], videoPaths: [] },
      templateId: 4, hasPresenter: false, visualStyle: 'Warm Lifestyle', aspectRatio: 2, caption: true, imageInfo: [info],
    });
    const shown = t.shapes.filter((x) => x.role === 'plate');
    assert.ok(shown.length > 0);
    for (const p of shown) assert.equal(p.colour, styleOf('Warm Lifestyle').palette.bg2);
  });
});

describe('caption highlight: contrast ≥ 3 with what is under it', () => {
  it('over every style × every plate colour and the style\'s own backgrounds (through the dark band in band styles)', () => {
    for (const s of STYLE_DEFS)
      for (const surface of [...plates(s), s.palette.bg, s.palette.bg2]) {
        const h = captionHighlight(s, [surface]);
        const seen = s.caption.band ? under(surface, '#000000', 0.55) : surface;
        assert.ok(contrast(h.highlight, seen) >= MIN_CONTRAST, `${s.name} on ${surface}: ${h.highlight} ${contrast(h.highlight, seen)}`);
        if (s.caption.highlight === 'pill' && h.highlight !== s.palette.highlight) assert.ok(contrast(h.onHighlight, h.highlight) >= 4.5, `${s.name}: pill text ${h.onHighlight} on ${h.highlight}`);
        else if (h.highlight !== s.palette.highlight) assert.ok(contrast(h.highlight, s.palette.captionText) >= 1.5, `${s.name}: a replaced lit word apart from the plain words`);
        // An outlined lit word is read against its outline: never a dark word in a dark outline.
        if (s.caption.highlight !== 'pill' && !s.caption.band) assert.ok(contrast(h.highlight, h.outline!) >= MIN_CONTRAST, `${s.name} on ${surface}: fill ${h.highlight} in outline ${h.outline}`);
      }
  });

  it('keeps the style\'s own highlight where it already reads (Clean Minimal\'s yellow over a dark photo)', () => {
    const s = styleOf('Clean Minimal');
    assert.equal(captionHighlight(s, ['#202020']).highlight, s.palette.highlight);
    assert.equal(captionHighlight(s, []).highlight, s.palette.highlight, 'nothing known under it');
  });

  it('Clean Minimal captions on its yellow plate: the spoken word is drawn in ink that stands out from the plate (real canvas)', () => {
    const s = styleOf('Clean Minimal');
    const yellow = fieldColour(s);
    const words = ['Keeps', 'coffee', 'hot'];
    const caps = buildCaptions(words.map((w, i) => ({ text: w, startMs: 100 + i * 400, endMs: 450 + i * 400, sentence: 0 })), { language: 'english', maxUnits: 40, sentences: [{ text: words.join(' ') }] });
    const box = { x: 50, y: 100, w: 800, h: 200 };
    const run = captionPlacer(caps, box, s)(caps.pages[0]!).lines[0]!.runs[1]!;
    /** Pixels of the lit word "coffee" (at rest) that contrast ≥ 3 with the plate. */
    const ink = (layer: CaptionLayer) => {
      const px = captionRunPixels(layer, yellow, 800, box, run);
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (contrast(colord({ r: px[i]!, g: px[i + 1]!, b: px[i + 2]! }).toHex(), yellow) >= MIN_CONTRAST) n++;
      return n;
    };
    const plain = new CaptionLayer(caps, box, s);
    const onPlate = new CaptionLayer(caps, box, s);
    onPlate.setSurfaces(() => ({ colours: [yellow], split: false }));
    assert.notEqual(onPlate.stateKey(800), plain.stateKey(800), 'the colour is part of what the frame shows');
    // The style's yellow word is only its dark outline on the yellow plate; on the plate the word
    // is solid ink that stands out, with a light outline so it never merges with the dark outline
    // (the merged demo video showed black-in-black words before that).
    const h = captionHighlight(s, [yellow]);
    assert.ok(contrast(h.highlight, yellow) >= MIN_CONTRAST && contrast(h.highlight, h.outline!) >= MIN_CONTRAST, `${h.highlight} in ${h.outline}`);
    const near = (layer: CaptionLayer, hex: string) => {
      const c = createCanvas(900, 400);
      const ctx = c.getContext('2d');
      ctx.fillStyle = yellow;
      ctx.fillRect(0, 0, 900, 400);
      layer.draw(ctx, 800);
      const want = colord(hex).toRgb();
      const px = ctx.getImageData(Math.floor(box.x + run.x), 100, Math.ceil(run.width), 200).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (Math.abs(px[i]! - want.r) + Math.abs(px[i + 1]! - want.g) + Math.abs(px[i + 2]! - want.b) < 40) n++;
      return n;
    };
    const fill = near(onPlate, h.highlight);
    const rim = near(onPlate, h.outline!);
    assert.ok(fill > 1500 && rim > 800, `the lit word on the plate: ${fill} px of its ink, ${rim} px of its light outline`);
    assert.ok(ink(onPlate) > 2000, 'the lit word stands out from the plate');
    assert.ok(ink(plain) > 0);
  });

  it('the captions over a scene\'s plate see the plate\'s colour; between plates, the base', () => {
    const sp = sampleSpeech(sampleSentences(15));
    const t = buildTimeline({
      script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, targetAudience: 'everyone', imagePaths: ['/a.png'], videoPaths: [] },
      templateId: 4, hasPresenter: false, visualStyle: 'Clean Minimal', aspectRatio: 0, caption: true, imageInfo: [{ width: 800, height: 800, alpha: true, colour: '#7030a0' }],
    });
    const plate = t.shapes.find((x) => x.role === 'plate');
    assert.ok(plate, 'Voice Over 9:16 joins the captions to the plate');
    assert.deepEqual(captionSurfaceAt(t, (plate.startMs + plate.endMs) / 2), { kind: 'plate', colour: plate.colour ?? fieldColour(t.style) });
  });
});
