import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { compileScene, validateScene } from '../src/pipeline/templates/custom-scene.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';
import type { Narration, ProductFacts } from '../src/pipeline/types.ts';

/** A custom template with a logo under moving text and a presenter inset: partial redraws match full ones, the logo is drawn. */
let dir = '';
let product: ProductFacts;
let narration: Narration;
let logoPath = '';
before(async () => {
  registerFonts();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'custom-tpl-test-'));
  product = await writeSampleProduct(path.join(dir, 'product'));
  narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(15));
  logoPath = path.join(dir, 'logo.png');
  await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 210, b: 60, alpha: 1 } } }).png().toFile(logoPath);
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const scene = validateScene({
  name: 'Logo test',
  aspect_ratio: 0,
  base_template_id: 1,
  colors: { background: '#203040', accent: '#FF5500' },
  logo: { url: 'https://cdn.example/logo.png', box: { x: 0.06, y: 0.11, w: 0.3, h: 0.06 } },
  layout: { presenter: { box: { x: 0.6, y: 0.5, w: 0.28, h: 0.26 }, frame: 'circle' }, text: { title: { box: { x: 0.05, y: 0.2, w: 0.5, h: 0.07 } } } },
  variables: [{ type: 'script', name: 'script' }, { type: 'text', name: 'title' }],
});

async function compositor(incremental: boolean): Promise<Compositor> {
  const custom = compileScene(200001, scene);
  const t = buildTimeline({ script: narration.script, speech: narration.speech, product, templateId: null, custom, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25 });
  const c = new Compositor(t, product, createPresenter(1, t, narration.speech, narration.script), 1, incremental, logoPath);
  await c.prepare();
  return c;
}

describe('custom template in the compositor', () => {
  it('draws the logo in its box, and partial redraws give the frames full redraws give', async () => {
    const inc = await compositor(true);
    const full = await compositor(false);
    try {
      const { width } = inc.canvas;
      for (let f = 0; f < 240; f++) {
        const a = await inc.pixels(f);
        const b = await full.pixels(f);
        let bytes = 0;
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) bytes++;
        assert.ok(bytes <= 64, `frame ${f}: ${bytes} bytes differ`);
        if (f === 30) {
          // The logo box's middle row (0.06-0.36 wide at y 0.14): mostly the logo's green.
          const y = Math.round(0.14 * inc.canvas.height);
          let green = 0;
          const x0 = Math.round(0.1 * width);
          const x1 = Math.round(0.3 * width);
          for (let x = x0; x < x1; x++) {
            const i = (y * width + x) * 4;
            if (a[i]! < 60 && a[i + 1]! > 170 && a[i + 2]! < 110) green++;
          }
          assert.ok(green / (x1 - x0) > 0.8, `logo drawn: ${green} of ${x1 - x0} pixels green`);
        }
      }
      assert.ok(inc.stats.partial > 10, JSON.stringify(inc.stats));
    } finally {
      inc.close();
      full.close();
    }
  });
});
