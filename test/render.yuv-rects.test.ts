import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { createFrameSink, type SinkMode } from '../src/pipeline/render/encoder.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { i420Bytes, rgbaToI420, type PixelRect } from '../src/pipeline/render/yuv.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';

let dir = '';
before(() => {
  registerFonts();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuv-rects-test-'));
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A deterministic noisy RGBA frame (opaque): every pixel differs from its neighbours. */
function noise(w: number, h: number, seed: number): Buffer {
  const b = Buffer.alloc(w * h * 4);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < b.length; i++) {
    s = (s * 1664525 + 1013904223) >>> 0;
    b[i] = (i & 3) === 3 ? 255 : s >>> 24;
  }
  return b;
}

/** `a` with the rectangles painted from `b`. */
function patched(a: Buffer, b: Buffer, w: number, rects: PixelRect[]): Buffer {
  const out = Buffer.from(a);
  for (const r of rects) for (let y = r.y; y < r.y + r.h; y++) b.copy(out, (y * w + r.x) * 4, (y * w + r.x) * 4, (y * w + r.x + r.w) * 4);
  return out;
}

describe('yuv420p of the changed parts only', () => {
  it('converts a rectangle (odd edges grown to whole chroma blocks) as a whole-frame conversion does, and nothing outside it', () => {
    const convert = rgbaToI420();
    assert.ok(convert, 'libyuv loads on this machine (scripts/setup.sh installs libyuv0)');
    for (const [w, h] of [[96, 64], [95, 63]] as const) {
      const a = noise(w, h, 1);
      const rects: PixelRect[] = [{ x: 7, y: 5, w: 21, h: 13 }, { x: 50, y: 30, w: w - 50, h: h - 30 }, { x: 0, y: 0, w: 1, h: 1 }];
      const b = patched(a, noise(w, h, 2), w, rects);
      const ia = Buffer.alloc(i420Bytes(w, h));
      const ib = Buffer.alloc(i420Bytes(w, h));
      convert(a, w, h, ia);
      convert(b, w, h, ib);
      const over = Buffer.from(ia);
      for (const r of rects) convert(b, w, h, over, r);
      assert.ok(over.equals(ib), `${w}x${h}: the rectangles converted over the frame before give the whole frame's conversion`);
      // Alone, over a blank frame: only the rectangle's (grown) luma and chroma are written.
      const blank = Buffer.alloc(i420Bytes(w, h), 7);
      convert(b, w, h, blank, { x: 7, y: 5, w: 21, h: 13 });
      let outside = 0;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x < 6 || x >= 28 || y < 4 || y >= 18) && blank[y * w + x] !== 7) outside++;
      assert.equal(outside, 0, `${w}x${h}: no luma written outside the rectangle grown to even edges`);
      assert.ok(blank.subarray(0, w * h).some((v) => v !== 7), 'the rectangle itself is written');
    }
  });

  for (const mode of ['direct', 'fifo'] as SinkMode[])
    it(`${mode}: a sink given each frame's changed rectangles converts only those, over the frame before`, async () => {
      const convert = rgbaToI420()!;
      const [w, h] = [64, 48];
      const out = path.join(dir, `${mode}.yuv`);
      const args = ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${w}x${h}`, '-i', 'pipe:0', '-f', 'rawvideo', '-y', out];
      // More frames than the sink's queue and pool, so the frame converted over is sometimes the buffer taken, sometimes not.
      const sink = createFrameSink(args, { mode, maxQueued: 2, yuv: { width: w, height: h } });
      const expected: Buffer[] = [];
      let frame = noise(w, h, 100);
      try {
        for (let k = 0; k < 14; k++) {
          const rects: PixelRect[] | null = k === 0 || k === 6 || k === 10 ? null : k % 4 === 3 ? [] : [{ x: (k * 5) % 40, y: (k * 3) % 30, w: 9 + k, h: 7 }];
          const yuv = Buffer.alloc(i420Bytes(w, h));
          if (k === 9) {
            // The whole frame changes but only its top-left 16x16 is named: the rest stays as the frame before.
            frame = noise(w, h, 100 + k);
            convert(frame, w, h, yuv);
            const kept = Buffer.from(expected[k - 1]!);
            for (let y = 0; y < 16; y++) yuv.copy(kept, y * w, y * w, y * w + 16);
            const [ys, cs, cw] = [w * h, (w / 2) * (h / 2), w / 2];
            for (const plane of [ys, ys + cs]) for (let y = 0; y < 8; y++) yuv.copy(kept, plane + y * cw, plane + y * cw, plane + y * cw + 8);
            expected.push(kept);
            await sink.write(Buffer.from(frame), undefined, [{ x: 0, y: 0, w: 16, h: 16 }]);
            continue;
          }
          frame = rects === null ? noise(w, h, 100 + k) : patched(frame, noise(w, h, 100 + k), w, rects);
          convert(frame, w, h, yuv);
          expected.push(yuv);
          await sink.write(Buffer.from(frame), undefined, rects);
        }
        await sink.finish();
      } catch (err) {
        sink.abort();
        throw err;
      }
      const got = fs.readFileSync(out);
      assert.equal(got.length, expected.length * i420Bytes(w, h));
      expected.forEach((e, k) => assert.ok(got.subarray(k * e.length, (k + 1) * e.length).equals(e), `frame ${k}`));
    });
});

describe('compositor: the parts a frame changed', () => {
  it('names every pixel that differs from the frame before (null when drawn whole), templates 1-6', async () => {
    const product = await writeSampleProduct(path.join(dir, 'product'));
    const n = await sampleNarration(path.join(dir, 'n'), sampleSentences(15));
    for (const templateId of [1, 2, 3, 4, 5, 6]) {
      const hasPresenter = templateId !== 4;
      const p = { ...product, videoPaths: [] };
      const t = buildTimeline({ script: n.script, speech: n.speech, product: p, templateId, hasPresenter, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25 });
      const c = new Compositor(t, p, hasPresenter ? createPresenter(1, t, n.speech, n.script) : null, hasPresenter ? 1 : null);
      await c.prepare();
      try {
        let prev: Buffer | null = null;
        let partial = 0;
        for (let f = 0; f < 300; f++) {
          const px = await c.pixels(f);
          const rects = c.changedRects;
          assert.ok(rects === null || Array.isArray(rects), `template ${templateId} frame ${f}: changedRects is ${rects}`);
          if (prev && rects) {
            if (px !== prev) partial++;
            const inside = (x: number, y: number) => rects.some((r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h);
            for (let i = 0; i < px.length; i += 4)
              if (px.readUInt32LE(i) !== prev.readUInt32LE(i)) {
                const x = (i / 4) % t.width;
                const y = Math.floor(i / 4 / t.width);
                assert.ok(inside(x, y), `template ${templateId} frame ${f}: pixel ${x},${y} changed outside ${JSON.stringify(rects)}`);
              }
          }
          prev = Buffer.from(px);
        }
        if (templateId !== 6) assert.ok(partial > 20, `template ${templateId}: ${partial} frames drawn in part`);
      } finally {
        c.close();
      }
    }
  });
});
