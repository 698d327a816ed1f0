import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';
import type { Narration, ProductFacts } from '../src/pipeline/types.ts';

/**
 * Issue 29: the captions' ground (caption-ground.ts) is sampled per scene when the render first
 * reaches it, not all in prepare() before the first frame: prepare() draws no scene's media for
 * it, and every frame is the one the ground sampled up front gives.
 */
let dir = '';
let product: ProductFacts;
let narration: Narration;

before(async () => {
  registerFonts();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caption-ground-test-'));
  product = await writeSampleProduct(path.join(dir, 'product'));
  narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(15));
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A compositor whose media layer counts the draws made into any canvas but the frame's (the ground's). */
function compositor(templateId: number, aspectRatio: 0 | 1 | 2): { c: Compositor; groundDraws: () => number } {
  const hasPresenter = templateId !== 4;
  const t = buildTimeline({ script: narration.script, speech: narration.speech, product, templateId, hasPresenter, visualStyle: null, aspectRatio, caption: true, scale: 0.25 });
  const c = new Compositor(t, product, hasPresenter ? createPresenter(1, t, narration.speech, narration.script) : null, hasPresenter ? 1 : null);
  const media = (c as unknown as { media: { draw: (ctx: unknown, tMs: number) => Promise<void> } }).media;
  const draw = media.draw.bind(media);
  let n = 0;
  media.draw = (ctx, tMs) => {
    if (ctx !== c.ctx) n++;
    return draw(ctx, tMs);
  };
  return { c, groundDraws: () => n };
}

describe('captions\u2019 ground sampled per scene as the render reaches it (issue 29)', () => {
  for (const templateId of [1, 2, 3, 4, 5, 6])
    it(`template ${templateId}: nothing sampled before the first frame, every frame as with the ground sampled up front`, async () => {
      for (const ar of [0, 2] as const) {
        const lazy = compositor(templateId, ar);
        const eager = compositor(templateId, ar);
        await lazy.c.prepare();
        await eager.c.prepare({ eagerGround: true });
        try {
          assert.equal(lazy.groundDraws(), 0, 'prepare() drew no scene for the ground');
          const upFront = eager.groundDraws();
          assert.ok(upFront > 0, 'the scenes have a ground to sample');
          const frames = lazy.c.canvas.width > 0 ? (lazy.c as unknown as { t: { frames: number } }).t.frames : 0;
          for (let f = 0; f < frames; f++) {
            const [a, b] = [await lazy.c.pixels(f), await eager.c.pixels(f)];
            if (!a.equals(b)) assert.fail(`template ${templateId} aspect ${ar}: frame ${f} differs`);
          }
          // The same scenes sampled in all, once each, just later.
          assert.equal(lazy.groundDraws(), upFront, `${lazy.groundDraws()} ground draws during the frames, ${upFront} up front`);
          assert.equal(eager.groundDraws(), upFront, 'nothing sampled again');
        } finally {
          lazy.c.close();
          eager.c.close();
        }
      }
    });
});
