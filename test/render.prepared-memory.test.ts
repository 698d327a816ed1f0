/**
 * Issue 29 item 4 (memory): what preparing a video leaves behind (libvips' cache of decoded
 * images, glibc's free pages) is given back before the frames are drawn (memory-trim.ts,
 * docs/rendering.md "Peak memory"). Real sharp and a real render into ffmpeg.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import sharp from 'sharp';
import { releasePreparedMemory } from '../src/pipeline/render/memory-trim.ts';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';

it('releasePreparedMemory empties libvips\' cache and keeps its limits', async () => {
  const limits = sharp.cache();
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } }).resize(400, 300).png().toBuffer();
  assert.ok(sharp.cache().items.current > 0, 'the resize left operations in the cache');
  releasePreparedMemory();
  const after = sharp.cache();
  assert.equal(after.items.current, 0);
  assert.equal(after.memory.current, 0);
  assert.deepEqual([after.memory.max, after.files.max, after.items.max], [limits.memory.max, limits.files.max, limits.items.max]);
  // It fills again for the next video's images.
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } }).resize(200, 150).png().toBuffer();
  assert.ok(sharp.cache().items.current > 0);
});

it('a render draws its frames with libvips\' cache empty (the product images it decoded are not held through the render)', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'prepared-mem-'));
  try {
    const product = await writeSampleProduct(path.join(dir, 'product'));
    const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(15));
    const seen: { atFirstFrame?: ReturnType<typeof sharp.cache> } = {};
    const r = await renderVideo(
      { narration, product, avatarId: null, templateId: 1, visualStyle: null, aspectRatio: 0, caption: false, scale: 0.25, outDir: path.join(dir, 'out') },
      { onFrameSent: () => void (seen.atFirstFrame ??= sharp.cache()) },
    );
    assert.ok(r.frames > 0);
    const at = seen.atFirstFrame;
    assert.ok(at, 'frames were sent');
    assert.equal(at.items.current, 0, `libvips held ${at.items.current} operations (${at.memory.current} MB) when drawing began`);
    assert.equal(at.memory.max, 50, 'the cache limit is kept');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
