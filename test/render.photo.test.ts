import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { loadImage } from '@napi-rs/canvas';
import { FacePool, type PhotoPresenter } from '../src/pipeline/avatar/photo/index.ts';
import { presenterPlacement } from '../src/pipeline/render/avatar-adapter.ts';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { PREVIEW_SENTENCES, sampleNarration, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import type { Timeline } from '../src/pipeline/timeline/index.ts';
import { portraitPhoto } from './support/face-photos.ts';

const run = promisify(execFile);
let dir = '';

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-photo-'));
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Raw RGB frames of an MP4 (ffmpeg), `count` of them evenly spread. */
async function frames(file: string, width: number, height: number): Promise<Buffer[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 30 });
  const size = width * height * 3;
  const out: Buffer[] = [];
  for (let o = 0; o + size <= stdout.length; o += size) out.push(stdout.subarray(o, o + size));
  return out;
}

describe('a product video with a photo presenter', () => {
  it('renders through the same renderer as the drawn presenters: the presenter box changes from frame to frame while it talks', async () => {
    const bytes = await portraitPhoto();
    const pool = new FacePool();
    const verdict = await pool.analyse(bytes);
    await pool.close();
    assert.ok(verdict.ok);
    const presenter: PhotoPresenter = { kind: 'photo', photo: await loadImage(bytes), rig: verdict.rig };
    const product = await writeSampleProduct(path.join(dir, 'product'));
    const narration = await sampleNarration(path.join(dir, 'narration'), PREVIEW_SENTENCES);
    let timeline: Timeline | null = null;
    const r = await renderVideo(
      { narration, product, avatarId: presenter, templateId: 1, visualStyle: 'Bold Pop', aspectRatio: 0, caption: false, scale: 0.25, outDir: path.join(dir, 'out') },
      { onTimeline: (t) => (timeline = t) },
    );
    assert.deepEqual([r.width, r.height], [270, 480]);
    const p = presenterPlacement(timeline!.presenter!);
    const all = await frames(r.videoPath, r.width, r.height);
    assert.equal(all.length, r.frames);
    // Mean absolute change inside the presenter's box between consecutive frames: it talks.
    let moving = 0;
    for (let f = 1; f < all.length; f++) {
      let diff = 0;
      for (let y = Math.max(0, p.y); y < Math.min(r.height, p.y + p.height); y += 2) {
        for (let x = Math.max(0, p.x); x < Math.min(r.width, p.x + p.width); x += 2) {
          const i = (y * r.width + x) * 3;
          diff += Math.abs(all[f]![i]! - all[f - 1]![i]!);
        }
      }
      if (diff > 0) moving++;
    }
    assert.ok(moving > all.length * 0.3, `${moving} of ${all.length} frames change in the presenter box`);
  });
});
