/**
 * Issue 29 item 4 (memory): the cut-out worker thread is let go once a video's media is prepared,
 * so it does not sit through the render holding its memory; the next video's cut-outs start a new
 * one; and a product video that fails before its render (in speech, while its early images are cut
 * out) lets it go too, instead of leaving it idle for a minute. Real sharp, canvas and worker
 * threads on the bundled sample product and the shop's lamp packshots (both are cut out).
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
import { productVideo } from '../src/videos/kinds/product.kind.ts';
import type { PipelineDeps } from '../src/videos/kinds/kind.ts';
import type { GenerationJob } from '../src/videos/video-generator.ts';
import type { SpeechEngine } from '../src/pipeline/speech/espeak.client.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';

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

it('a product video that fails in speech lets the early images\' cut-out thread go (not idle for a minute)', async () => {
  await closeCutoutPool();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cutout-release-fail-'));
  try {
    const store = new LocalBlobStore(path.join(dir, 'files'), 'http://127.0.0.1/files');
    const shop = path.join(import.meta.dirname, '..', 'samples', 'shop', 'img');
    const keys = ['lamp-front.jpg', 'lamp-desk.jpg', 'lamp-night.jpg'].map((f) => `p1/${f}`);
    for (const k of keys) await store.putFile(k, path.join(shop, path.basename(k)));
    let threadsInSpeech = -1;
    // The speech engine fails once the early images' cut-outs are under way (a dead speech server, say).
    const engine: SpeechEngine = {
      async synth() {
        for (let i = 0; i < 500 && cutoutThreads() === 0; i++) await new Promise((r) => setTimeout(r, 10));
        threadsInSpeech = cutoutThreads();
        throw new Error('speech failed');
      },
    };
    const deps = { engine, store, publicBaseUrl: 'http://127.0.0.1', fetcher: null, llm: null, renderScale: 0.25, music: null, log: { warn() {} } } as unknown as PipelineDeps;
    const now = Date.now();
    const job = {
      video: { id: 'v-release', accountId: 'a1', kind: 'product', productId: 'p1', credits: 1, title: 'lamp', status: 1, progress: 0, request: {
        product_id: 'p1', aspect_ratio: 0, video_length: 15, language: 'english', avatar_id: 2, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public',
        voice_id: 'en-us-f1', music_id: null, visual_style: null, template_id: 1, override_script: null, caption: true, video_name: null,
      } },
      product: { id: 'p1', accountId: 'a1', sourceUrl: null, name: 'Arc desk lamp', description: 'A warm, dimmable desk lamp with a heavy base and a long arm that reaches across the whole desk.', targetAudience: 'home office workers',
        media: keys.map((key) => ({ type: 1, key })), brand: null, price: '49.00', currency: 'USD', sellingPoints: ['Dimmable warm light', 'Reaches the whole desk'], createdAt: now, updatedAt: now },
      workDir: path.join(dir, 'work'),
    } as unknown as GenerationJob;
    await fs.mkdir(job.workDir);
    await assert.rejects(productVideo(job, deps, async () => undefined, new AbortController().signal, 'full'), /speech failed/);
    assert.equal(threadsInSpeech, 1, 'the early images were being cut out while the speech ran');
    // The cut-outs under way finish, then the thread goes (the pool's own idle timeout is 60 s).
    const deadline = Date.now() + 15_000;
    while (cutoutThreads() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(cutoutThreads(), 0, 'no cut-out thread left after the failed video');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
