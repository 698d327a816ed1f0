import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { createFrameSink, EncoderError, frameFormat, type SinkMode } from '../src/pipeline/render/encoder.ts';
import { baselineEncodeArgs, encodeArgs } from '../src/pipeline/render/ffmpeg-args.ts';
import { rgbaToI420 } from '../src/pipeline/render/yuv.ts';
import { generateTemplatePreviews, previewDirName } from '../src/pipeline/render/preview.ts';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-enc-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function frame(w: number, h: number, k: number): Buffer {
  const b = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) b.set([(i + k * 7) % 255, (i >> 5) % 255, k % 255, 255], i * 4);
  return b;
}

describe('frame sinks', () => {
  for (const mode of ['direct', 'fifo'] as SinkMode[]) {
    it(`${mode}: every queued frame reaches the file, in order, with backpressure`, async () => {
      const out = path.join(dir, `${mode}.mp4`);
      const sink = createFrameSink(baselineEncodeArgs(64, 48, 30, out), { mode, maxQueued: 2 });
      try {
        for (let k = 0; k < 45; k++) await sink.write(frame(64, 48, k));
        await sink.finish();
      } catch (err) {
        sink.abort();
        throw err;
      }
      const { stdout } = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames,width,height', '-of', 'csv=p=0', out]);
      assert.equal(stdout.trim(), '64,48,45');
    });

    it(`${mode}: timed frames, only some sent, give every frame, each gap filled with the frame before it`, async () => {
      const out = path.join(dir, `${mode}-timed.mp4`);
      const sent = [0, 1, 5, 6, 13, 29];
      const args = [...encodeArgs({ width: 64, height: 48, fps: 30, frames: 30, audioPath: null, outPath: out, timed: true })];
      const sink = createFrameSink(args, { mode, maxQueued: 2, timed: { width: 64, height: 48, fps: 30 } });
      // Frame k is a flat gray of level 8k, so each output frame shows which frame it came from.
      const flat = (k: number) => Buffer.alloc(64 * 48 * 4, 8 * k).fill(255, 3, 4);
      try {
        for (const k of sent) await sink.write(flat(k), k);
        await sink.finish();
      } catch (err) {
        sink.abort();
        throw err;
      }
      const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', out, '-map', '0:v:0', '-vf', 'crop=2:2:31:23,scale=1:1,format=gray', '-f', 'rawvideo', '-'], { encoding: 'buffer' });
      const levels = [...stdout];
      assert.equal(levels.length, 30, 'every frame is in the file');
      const source = (f: number) => Math.max(...sent.filter((k) => k <= f));
      for (let f = 0; f < 30; f++) assert.ok(Math.abs(levels[f]! - 8 * source(f)) <= 3, `frame ${f} shows frame ${source(f)}: ${levels.join(' ')}`);
    });

    for (const pixFmt of ['yuv420p', 'rgba'] as const) {
      it(`${mode}, ${pixFmt} into ffmpeg: known colours come back from the MP4 within 3 levels, every frame in order`, async () => {
        assert.ok(rgbaToI420(), 'libyuv loads on this machine (scripts/setup.sh installs libyuv0)');
        if (pixFmt === 'yuv420p') assert.deepEqual(frameFormat(64, 48), { pixFmt: 'yuv420p', yuv: { width: 64, height: 48 } });
        const out = path.join(dir, `${mode}-${pixFmt}-colours.mp4`);
        // Four flat quadrants (32x24, whole chroma blocks): saturated primaries, a skin tone, a gray.
        const colours = [[200, 60, 30], [20, 180, 70], [40, 50, 220], [228, 180, 150], [128, 128, 128], [250, 250, 250], [10, 10, 10], [255, 0, 0]];
        const frameOf = (k: number) => {
          const b = Buffer.alloc(64 * 48 * 4);
          for (let y = 0; y < 48; y++) for (let x = 0; x < 64; x++) b.set([...colours[(k + (y < 24 ? 0 : 2) + (x < 32 ? 0 : 1)) % colours.length]!, 255], (y * 64 + x) * 4);
          return b;
        };
        const n = 12; // more frames than the sink's queue and I420 pool: reused buffers must not show a later frame
        const args = [...encodeArgs({ width: 64, height: 48, fps: 30, frames: n, audioPath: null, outPath: out, timed: true, pixFmt })];
        const sink = createFrameSink(args, { mode, maxQueued: 2, timed: { width: 64, height: 48, fps: 30 }, yuv: pixFmt === 'yuv420p' ? { width: 64, height: 48 } : undefined });
        try {
          for (let k = 0; k < n; k++) await sink.write(frameOf(k), k);
          await sink.finish();
        } catch (err) {
          sink.abort();
          throw err;
        }
        const { stdout: tag } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=color_space,color_primaries,color_transfer,color_range', '-of', 'csv=p=0', out]);
        assert.equal(tag.trim(), 'tv,smpte170m,bt709,bt709');
        const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', out, '-map', '0:v:0', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'], { encoding: 'buffer', maxBuffer: 1 << 24 });
        assert.equal(stdout.length, n * 64 * 48 * 3, 'every frame is in the file');
        let worst = 0;
        for (let k = 0; k < n; k++) {
          const src = frameOf(k);
          for (const [x, y] of [[16, 12], [48, 12], [16, 36], [48, 36]] as const) {
            const o = (k * 64 * 48 + y * 64 + x) * 3;
            for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(stdout[o + c]! - src[(y * 64 + x) * 4 + c]!));
          }
        }
        assert.ok(worst <= 3, `largest colour error ${worst} levels`);
      });
    }

    it(`${mode}: the renderer's MP4 has no B-frames (x264 bframes=0: the frames x264 holds back for them cost ~65 MB at 1080x1920)`, async () => {
      const out = path.join(dir, `${mode}-no-b.mp4`);
      const n = 40;
      const sink = createFrameSink(encodeArgs({ width: 64, height: 48, fps: 30, frames: n, audioPath: null, outPath: out, timed: true }), { mode, timed: { width: 64, height: 48, fps: 30 }, yuv: frameFormat(64, 48).yuv });
      try {
        for (let k = 0; k < n; k++) await sink.write(frame(64, 48, k), k);
        await sink.finish();
      } catch (err) {
        sink.abort();
        throw err;
      }
      const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pict_type', '-of', 'csv=p=0', out]);
      const types = stdout.split('\n').map((t) => t.replace(/,/g, '').trim()).join('');
      assert.equal(types.length, n, `frame types ${JSON.stringify(stdout)}`);
      assert.match(types, /^I[P]+$/, `frame types ${types}`);
    });

    it(`${mode}: an ffmpeg failure rejects instead of hanging`, async () => {
      const sink = createFrameSink(baselineEncodeArgs(64, 48, 30, path.join(dir, 'missing', 'x.mp4')), { mode });
      await assert.rejects(async () => {
        try {
          for (let k = 0; k < 200; k++) await sink.write(frame(64, 48, k));
          await sink.finish();
        } finally {
          sink.abort();
        }
      }, EncoderError);
    });
  }
});

describe('template previews', () => {
  it('renders a cover and a short preview for every template and aspect ratio, once', async () => {
    const rendered: string[] = [];
    const out = path.join(dir, 'previews');
    const list = await generateTemplatePreviews(out, { scale: 0.2, onRendered: (p) => rendered.push(`${p.templateId}-${p.aspectRatio}`) });
    assert.equal(list.length, 18);
    assert.equal(rendered.length, 18);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'json', list[0]!.previewPath]);
    const info = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_name: string }[] };
    assert.ok(Number(info.format.duration) >= 3 && Number(info.format.duration) <= 6);
    assert.deepEqual(info.streams.map((s) => s.codec_name).sort(), ['aac', 'h264']);
    for (const p of list) assert.ok(fs.statSync(p.coverPath).size > 1000 && p.coverPath.includes(previewDirName(p.templateId, p.aspectRatio)));
    const again: string[] = [];
    await generateTemplatePreviews(out, { scale: 0.2, onRendered: (p) => again.push(`${p.templateId}-${p.aspectRatio}`) });
    assert.deepEqual(again, [], 'nothing re-rendered when nothing changed');
  });
});
