import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { renderProfile } from '../src/pipeline/render/render-profile.ts';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import type { Timeline } from '../src/pipeline/timeline/types.ts';
import type { Narration, ProductFacts } from '../src/pipeline/types.ts';

describe('render profiles', () => {
  it('full is the CONTRACT size x RENDER_SCALE at 30 fps with the default encoder; draft is 360 px short side, 15 fps, a higher CRF', () => {
    assert.deepEqual(renderProfile('full', 0.5), { name: 'full', scale: 0.5, fps: 30, settings: { preset: 'superfast', crf: 24, audioBitrateK: 160, x264Params: 'threads=2:sync-lookahead=0:bframes=0' }, checkAudio: true });
    const draft = renderProfile('draft', 1);
    assert.equal(draft.scale * 1080, 360);
    assert.equal(draft.fps, 15);
    assert.equal(draft.checkAudio, false);
    assert.ok(draft.settings.crf > 20);
    // Never larger than the full render of the same deployment.
    assert.equal(renderProfile('draft', 0.25).scale, 0.25);
    assert.equal(renderProfile().name, 'full');
  });

  describe('the same request in both profiles', () => {
    let dir: string;
    let product: ProductFacts;
    let narration: Narration;
    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-profile-'));
      product = await writeSampleProduct(path.join(dir, 'product'));
      narration = await sampleNarration(path.join(dir, 'voice'), sampleSentences(15));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('draws the same timeline (scenes, texts, captions at the same times), smaller and at half the frame rate', { timeout: 120_000 }, async () => {
      const timelines: Record<string, Timeline> = {};
      const input = { narration, product, avatarId: 2, templateId: 3, visualStyle: null, aspectRatio: 1 as const, caption: true, scale: 0.5 };
      const full = await renderVideo({ ...input, outDir: path.join(dir, 'full') }, { onTimeline: (t) => (timelines.full = t) });
      const draft = await renderVideo({ ...input, profile: 'draft', outDir: path.join(dir, 'draft') }, { onTimeline: (t) => (timelines.draft = t) });
      assert.deepEqual([full.width, full.height], [960, 540]);
      assert.deepEqual([draft.width, draft.height], [640, 360]);
      assert.ok(Math.abs(draft.frames * 2 - full.frames) <= 1, `${draft.frames} vs ${full.frames} frames`);
      assert.ok(Math.abs(draft.durationS - full.durationS) <= 1 / 15);
      const t = timelines as { full: Timeline; draft: Timeline };
      assert.deepEqual(t.draft.scenes.map((s) => [s.startMs, s.endMs]), t.full.scenes.map((s) => [s.startMs, s.endMs]));
      assert.deepEqual(t.draft.overlays.map((o) => [o.slot, o.startMs, o.endMs]), t.full.overlays.map((o) => [o.slot, o.startMs, o.endMs]));
      assert.ok(t.full.captions && t.full.captions.pages.length > 0);
      assert.deepEqual(t.draft.captions, t.full.captions);
      const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,r_frame_rate,bit_rate', '-of', 'json', draft.videoPath]).toString()).streams;
      assert.equal(probe.find((s: any) => s.codec_name === 'h264').r_frame_rate, '15/1');
      assert.ok(Number(probe.find((s: any) => s.codec_name === 'aac').bit_rate) <= 110_000);
      assert.ok(fs.statSync(draft.videoPath).size < fs.statSync(full.videoPath).size / 2, 'a draft is a small file');
      assert.ok(full.audio && full.audio.measured.truePeakDb <= -1, 'the full render checks its true peak');
      assert.equal(draft.audio, null, 'the draft skips the check');
      assert.ok(fs.statSync(draft.coverPath).size > 0 && draft.vttPath && fs.existsSync(draft.vttPath));
    });
  });
});
