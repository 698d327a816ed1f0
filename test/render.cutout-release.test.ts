/**
 * Issue 29 item 4 (memory): the cut-out worker thread is let go once a video's media is prepared,
 * so it does not sit through the render holding its memory; the next video's cut-outs start a new
 * one. Real sharp, canvas and worker threads on the bundled sample product (its packshots are cut out).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { sampleSentences, sampleSpeech, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { closeCutoutPool, cutOutImage, cutoutThreads } from '../src/pipeline/render/cutout-pool.ts';

after(() => closeCutoutPool());

it('the cut-out thread is gone once the media is prepared, and a later cut-out starts a new one', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cutout-release-'));
  try {
    const product = await writeSampleProduct(path.join(dir, 'product'));
    const info = await Promise.all(product.imagePaths.map((p) => imageInfo(p)));
    const sp = sampleSpeech(sampleSentences(15));
    const t = buildTimeline({ script: sp.script, speech: sp.speech, product, templateId: 1, hasPresenter: false, visualStyle: null, aspectRatio: 0, caption: false, scale: 0.25, imageInfo: info });
    assert.ok(t.images.some((f) => f?.treatment === 'cutout'), 'the sample has cut-outs to make');
    for (let video = 0; video < 2; video++) {
      const c = new Compositor(t, product, null, null);
      await c.prepare();
      assert.equal(cutoutThreads(), 0, `video ${video}: no cut-out thread left after prepare()`);
      // The cut-outs were made: the product is drawn without its plain backdrop.
      assert.equal(await c.drawFrame(0), true);
      c.close();
    }
    // The pool itself still works after a release.
    const cut = await cutOutImage({ path: product.imagePaths[0]!, width: 40, height: 40 });
    assert.ok(cut.width > 0 && cut.height > 0);
    assert.equal(cutoutThreads(), 1);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
