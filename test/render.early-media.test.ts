/**
 * Issue 29 item 1 (latency): a product video's images are made ready while its narration is
 * spoken (render/early-media.ts), framed from the request and the script alone; the render then
 * uses them instead of preparing its own, and draws the frames it would have drawn without them.
 * Real sharp, canvas and the cut-out thread on the bundled shop's lamp packshots.
 */
import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { sampleSentences, sampleSpeech, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { closeCutoutPool } from '../src/pipeline/render/cutout-pool.ts';
import { EarlyMedia } from '../src/pipeline/render/early-media.ts';
import { MAX_KEN_BURNS_SCALE } from '../src/pipeline/timeline/motion.ts';
import os from 'node:os';
import fs from 'node:fs/promises';

after(() => closeCutoutPool());

for (const hasPresenter of [false, true])
it(`prepares the images the script shows before the speech, and the render draws with those very images (${hasPresenter ? 'Spotlight inset: the product stepped clear of its card' : 'no presenter'})`, async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'early-media-'));
  try {
    const sample = await writeSampleProduct(path.join(dir, 'product'));
    const shop = path.join(import.meta.dirname, '..', 'samples', 'shop', 'img');
    const product = { ...sample, imagePaths: ['lamp-front.jpg', 'lamp-desk.jpg', 'lamp-night.jpg'].map((f) => path.join(shop, f)) };
    const sp = sampleSpeech(sampleSentences(15));
    // Spotlight's old 9:16 layout (not its floor variant, where the lamp stands clear of the inset
    // as framed): the case where presenter-clear moves the product, which the early framing must follow.
    const request = { product, templateId: 1, custom: null, hasPresenter, visualStyle: null, aspectRatio: 0 as const, caption: true, scale: 0.25, noFloor: true };

    // Before any speech: the framing comes from the request, the images' info and the script.
    const early = new EarlyMedia(product.imagePaths);
    await early.start(sp.script, request);

    const info = await Promise.all(product.imagePaths.map((p) => imageInfo(p)));
    assert.deepEqual(await early.imageInfos(product.imagePaths), info, 'the same info the render would read');
    assert.equal(early.imageInfos(product.imagePaths.slice(1)), null, 'other images: read again');
    const t = buildTimeline({ ...request, script: sp.script, speech: sp.speech, imageInfo: info });
    const shown = [...new Set(t.scenes.flatMap((s) => (s.media.kind === 'image' ? [s.media.index] : [])))];
    assert.ok(shown.length >= 2 && t.images.some((f) => f?.treatment === 'cutout'), 'several images shown, some cut out');

    assert.equal(early.started, shown.length, 'the images the scenes show were started before the speech');

    if (hasPresenter) {
      // The lamp meets Spotlight's inset card and steps to its side (presenter-clear.ts): the early
      // framing must be that one too, else the render prepares every image again.
      const plain = buildTimeline({ ...request, hasPresenter: false, script: sp.script, speech: sp.speech, imageInfo: info });
      assert.ok(t.presenter && shown.some((i) => JSON.stringify(t.images[i]?.content) !== JSON.stringify(plain.images[i]?.content)), 'a product moved clear of the card');
    }
    const withEarly = new Compositor(t, product, null, null, true, null, early);
    const alone = new Compositor(t, product, null, null);
    await Promise.all([withEarly.prepare(), alone.prepare()]);
    try {
      assert.equal(early.started, shown.length, 'the render asked for no image it was not given');
      const m = t.media!;
      const used = (withEarly as unknown as { media: { images: Map<number, unknown> } }).media.images;
      for (const i of shown) {
        const made = await early.image(product.imagePaths[i]!, m.box.w, m.box.h, MAX_KEN_BURNS_SCALE, t.images[i] ?? null);
        assert.equal(used.get(i), made, `image ${i}: the render uses the image made early`);
      }
      for (let f = 0; f < t.frames; f += 7) assert.ok((await withEarly.pixels(f)).equals(await alone.pixels(f)), `frame ${f} as without early images`);
    } finally {
      withEarly.close();
      alone.close();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
