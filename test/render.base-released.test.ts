/**
 * Issue 29 item 4 (memory): when the media covers every frame (full-frame Ken Burns: template 1
 * at 9:16), the compositor's base layer is never drawn, so it is not kept through the render
 * (8 MB at 1080x1920); where it shows (template 3 with a presenter: a media card), it stays.
 * Real canvas on the sample product.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { sampleSentences, sampleSpeech, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { closeCutoutPool } from '../src/pipeline/render/cutout-pool.ts';

it('the base layer is let go after prepare() when the media covers the frame, kept where it shows', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'base-released-'));
  try {
    const product = await writeSampleProduct(path.join(dir, 'product'));
    const info = await Promise.all(product.imagePaths.map((p) => imageInfo(p)));
    const sp = sampleSpeech(sampleSentences(15));
    for (const [templateId, covered] of [[1, true], [3, false]] as const) {
      const t = buildTimeline({ script: sp.script, speech: sp.speech, product, templateId, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25, imageInfo: info });
      const full = new Compositor(t, product, createPresenter(1, t, sp.speech, sp.script), 1, false);
      const inc = new Compositor(t, product, createPresenter(1, t, sp.speech, sp.script), 1, true);
      await full.prepare();
      await inc.prepare();
      const held = (c: Compositor) => (c as unknown as { base: unknown }).base !== null;
      assert.equal(held(inc), !covered, `template ${templateId}: base ${covered ? 'let go' : 'kept'}`);
      // The frames are those of full redraws, partial redraws included.
      for (let f = 0; f < 60; f++) assert.ok((await inc.pixels(f)).equals(await full.pixels(f)), `template ${templateId} frame ${f}`);
      full.close();
      inc.close();
    }
  } finally {
    await closeCutoutPool();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
