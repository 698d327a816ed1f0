/**
 * Issue 29 item 4 (memory): a render frees each frame's readback (canvas.data(), 8 MB at
 * 1080x1920) once the next one replaced it and the sink converted it to yuv420p, instead of
 * leaving the finished frames to V8's next GC (docs/rendering.md "Peak memory"). Real canvas,
 * real renderVideo into real ffmpeg.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { freeReadback, ReadbackRelease } from '../src/pipeline/render/readback.ts';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { renderTalkingAvatar } from '../src/pipeline/render/render-talking.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { probe } from '../src/media/ffprobe.ts';

const turn = () => new Promise((r) => setImmediate(r));
const externalMb = () => process.memoryUsage().external / 2 ** 20;

it('a freed readback gives its memory back at the next turn of the event loop, with no GC', async () => {
  const canvas = createCanvas(1080, 1920);
  const ctx = canvas.getContext('2d');
  await turn();
  const before = externalMb();
  const held: Buffer[] = [];
  for (let i = 0; i < 12; i++) {
    ctx.fillStyle = `rgb(${i * 20}, 90, 40)`;
    ctx.fillRect(0, 0, 1080, 1920);
    const d = canvas.data();
    assert.equal(d.length, 1080 * 1920 * 4);
    assert.equal(d[0], i * 20, 'the readback holds the frame drawn');
    assert.equal(freeReadback(d), true);
    assert.equal(d.length, 0, 'nothing can read the freed pixels');
    held.push(d); // still referenced: only the pixels are gone, not the Buffer object
  }
  await turn();
  await turn();
  // 12 readbacks of 7.9 MB each were made and are all still referenced.
  assert.ok(externalMb() - before < 16, `external memory grew ${(externalMb() - before).toFixed(1)} MB`);
  // A view into a shared pool is never detached (its neighbours would go with it).
  const small = Buffer.from('abc');
  assert.equal(freeReadback(small), false);
  assert.equal(small.toString(), 'abc');
});

it('ReadbackRelease frees the previous readback, not one handed again, not a kept one until its reader is done, nothing when disabled', async () => {
  const canvas = createCanvas(64, 64);
  const bytes = 64 * 64 * 4;
  const a = canvas.data();
  const b = canvas.data();
  const c = canvas.data();
  const r = new ReadbackRelease(true);
  r.next(a);
  r.next(a); // an unchanged frame: the same buffer again
  assert.equal(a.length, bytes);
  let readerDone!: () => void;
  r.keep(b, new Promise<void>((resolve) => (readerDone = resolve))); // the cover, sharp reading it
  r.next(b);
  assert.equal(a.length, 0);
  r.next(c);
  assert.equal(b.length, bytes, 'the kept buffer stays while its reader runs');
  readerDone();
  await turn();
  assert.equal(b.length, 0, 'and is freed once it is done');
  assert.equal(c.length, bytes, 'the current one stays');
  assert.equal(r.freed, 2);
  // A kept buffer that is still the current frame when its reader is done goes when the loop moves on.
  const d = canvas.data();
  const e = canvas.data();
  r.keep(d, Promise.resolve());
  r.next(d);
  await turn();
  assert.equal(d.length, bytes);
  r.next(e);
  assert.equal(d.length, 0);
  // A kept buffer whose reader is done before the loop handed it on at all (a small cover read
  // while the encoder took the frame), then handed again for an unchanged frame: still whole.
  const h = canvas.data();
  const i = canvas.data();
  r.keep(h, Promise.resolve());
  await turn();
  r.next(h);
  assert.equal(h.length, bytes, 'not freed before the loop moved past it');
  r.next(h);
  assert.equal(h.length, bytes);
  r.next(i);
  assert.equal(h.length, 0, 'freed once the loop moved past it');
  const f = canvas.data();
  const g = canvas.data();
  const off = new ReadbackRelease(false);
  off.next(f);
  off.next(g);
  assert.equal(f.length, bytes, 'a sink that holds its frames: nothing freed');
});

it('a render holds no more than a few readbacks at any time', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'readback-'));
  try {
    const product = await writeSampleProduct(path.join(dir, 'product'));
    const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(15));
    let base = -1;
    let peak = 0;
    let sent = 0;
    const r = await renderVideo(
      { narration, product, avatarId: 1, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.5, outDir: path.join(dir, 'out') },
      {
        onFrameSent: () => {
          sent++;
          const mb = externalMb();
          if (base < 0) base = mb;
          peak = Math.max(peak, mb - base);
        },
      },
    );
    const frameMb = (r.width * r.height * 4) / 2 ** 20;
    assert.ok(sent > 100, `${sent} frames sent`);
    // The frame being converted, the one before it, the cover (sharp) and slack; before, up to
    // V8's external-memory soft limit (~64 MB) of finished frames waited for a GC.
    assert.ok(peak < 6 * frameMb, `external memory rose ${peak.toFixed(1)} MB over the render (${frameMb.toFixed(1)} MB a frame)`);
    // The video is whole: every frame's pixels reached the encoder before their buffer was freed.
    const v = await probe(r.videoPath);
    assert.deepEqual(v?.video && { width: v.video.width, height: v.video.height }, { width: r.width, height: r.height });
    assert.ok(Math.abs(v!.durationS - r.durationS) < 0.1, `${v!.durationS} s`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

it('a talking-avatar render frees its readbacks too: no more than a few held at any time', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'readback-talking-'));
  try {
    const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(15));
    let base = -1;
    let peak = 0;
    let sent = 0;
    const r = await renderTalkingAvatar({
      avatarId: 1,
      speech: narration.speech,
      script: narration.script,
      audioPath: narration.mixedAudioPath,
      durationMs: narration.speech.durationMs,
      aspectRatio: 0,
      screen: 'scene',
      captions: null,
      scale: 0.5,
      outDir: path.join(dir, 'out'),
      onFrame: () => {
        sent++;
        const mb = externalMb();
        if (base < 0) base = mb;
        peak = Math.max(peak, mb - base);
      },
    });
    const frameMb = (r.width * r.height * 4) / 2 ** 20;
    assert.ok(sent > 100, `${sent} frames sent`);
    // Before (render-talking.ts without ReadbackRelease): finished frames waited for a GC.
    assert.ok(peak < 6 * frameMb, `external memory rose ${peak.toFixed(1)} MB over the render (${frameMb.toFixed(1)} MB a frame)`);
    assert.ok(r.readbacksFreed > 50, `${r.readbacksFreed} readbacks freed`);
    const v = await probe(r.videoPath);
    assert.ok(Math.abs(v!.durationS - r.durationS) < 0.1, `${v!.durationS} s`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
