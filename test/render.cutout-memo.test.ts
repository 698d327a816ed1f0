/**
 * Issue 29 item 1 (latency): a cut-out made once is kept for the process's next videos
 * (render/cutout-memo.ts), so the same product made again finds it: no thread started, no
 * backdrop flood, the very same pixels. Keyed by the file's bytes (each job has its own copy of
 * the product's media) and the size asked for. Real sharp, worker thread and canvas on the
 * bundled shop's lamp packshots.
 */
import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { sampleSentences, sampleSpeech, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { closeCutoutPool, cutOutImage, cutoutTasksRun, cutoutThreads, releaseCutoutThread } from '../src/pipeline/render/cutout-pool.ts';

after(() => closeCutoutPool());
const shop = path.join(import.meta.dirname, '..', 'samples', 'shop', 'img');

/** Copies of the shop's lamp images in a directory of their own, as a job downloads them. */
async function jobCopy(dir: string, name: string): Promise<string[]> {
  const d = path.join(dir, name);
  await fs.mkdir(d, { recursive: true });
  const out: string[] = [];
  for (const f of ['lamp-front.jpg', 'lamp-desk.jpg', 'lamp-night.jpg']) {
    await fs.copyFile(path.join(shop, f), path.join(d, f));
    out.push(path.join(d, f));
  }
  return out;
}

it('the same image file cut out at the same size a second time: no thread started, the same bytes', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cutout-memo-'));
  try {
    const [a] = await jobCopy(dir, 'job-a');
    const [b, other] = await jobCopy(dir, 'job-b');
    const first = await cutOutImage({ path: a!, width: 320, height: 320 });
    assert.equal(first.removed, true, 'the packshot loses its backdrop');
    await releaseCutoutThread();
    assert.equal(cutoutThreads(), 0);
    const again = await cutOutImage({ path: b!, width: 320, height: 320 });
    assert.equal(cutoutThreads(), 0, 'another job\'s copy of the same file: no cut-out thread started');
    assert.deepEqual([again.width, again.height, again.removed], [first.width, first.height, first.removed]);
    assert.ok(Buffer.from(again.data).equals(Buffer.from(first.data)), 'the same pixels');
    assert.notEqual(again.data.buffer, first.data.buffer, 'a buffer of its own');
    // Another size or another image is cut out as before.
    const runs = cutoutTasksRun();
    await cutOutImage({ path: b!, width: 200, height: 200 });
    await cutOutImage({ path: other!, width: 320, height: 320 });
    assert.equal(cutoutTasksRun(), runs + 2, 'another size and another file: cut out in the thread');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

it('a second video of the same product prepares its cut-outs without the thread and draws the same frames', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cutout-memo-video-'));
  try {
    const sample = await writeSampleProduct(path.join(dir, 'product'));
    const sp = sampleSpeech(sampleSentences(15));
    const video = async (name: string) => {
      const product = { ...sample, imagePaths: await jobCopy(dir, name) };
      const info = await Promise.all(product.imagePaths.map((p) => imageInfo(p)));
      const t = buildTimeline({ script: sp.script, speech: sp.speech, product, templateId: 1, hasPresenter: false, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25, imageInfo: info });
      return { t, c: new Compositor(t, product, null, null) };
    };
    const one = await video('video-1');
    assert.ok(one.t.images.some((f) => f?.treatment === 'cutout'), 'the video has cut-outs to make');
    const before = cutoutTasksRun();
    await one.c.prepare();
    assert.ok(cutoutTasksRun() > before, 'the first video cuts its images out');
    const two = await video('video-2');
    const runs = cutoutTasksRun();
    await two.c.prepare();
    assert.equal(cutoutTasksRun(), runs, 'the second video runs no cut-out');
    try {
      for (let f = 0; f < one.t.frames; f += 11) assert.ok((await two.c.pixels(f)).equals(await one.c.pixels(f)), `frame ${f} as the first video's`);
    } finally {
      one.c.close();
      two.c.close();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
