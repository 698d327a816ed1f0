// Its own file (its own process): libyuv is made unloadable before anything asks for it.
process.env.LIBYUV_PATH = '/nonexistent/libyuv.so.0';
import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { frameFormat } from '../src/pipeline/render/encoder.ts';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { framePixFmt } from '../src/pipeline/render/yuv.ts';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-noyuv-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('without libyuv', () => {
  it('renders with RGBA into ffmpeg (same BT.601 tag, every frame), after one warning line', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      assert.equal(framePixFmt(), 'rgba');
      assert.deepEqual(frameFormat(540, 960), { pixFmt: 'rgba' });
      const product = await writeSampleProduct(path.join(dir, 'product'));
      const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(4));
      const r = await renderVideo({ narration, product, avatarId: 1, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25, outDir: path.join(dir, 'out') });
      const { stdout } = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames,color_space,pix_fmt', '-of', 'json', r.videoPath]);
      const s = (JSON.parse(stdout) as { streams: { nb_read_frames: string; color_space: string; pix_fmt: string }[] }).streams[0]!;
      assert.deepEqual([Number(s.nb_read_frames), s.color_space, s.pix_fmt], [r.frames, 'smpte170m', 'yuv420p']);
      await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
      const ours = warnings.filter((w) => (w as Error & { code?: string }).code === 'REELSMITH_NO_LIBYUV');
      assert.equal(ours.length, 1, 'one warning line per process');
      assert.match(ours[0]!.message, /libyuv not loaded.*\/nonexistent\/libyuv\.so\.0/);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
