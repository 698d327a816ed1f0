import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { overlaySprite } from '../src/pipeline/render/text-sprites.ts';
import { iconImage } from '../src/pipeline/render/icons.ts';
import { cardIconPx } from '../src/pipeline/render/text-sprites.ts';
import { sampleNarration, sampleSentences, SAMPLE_PRODUCT_TEXT } from '../src/pipeline/render/sample.ts';
import { timelineCoverage, type Timeline } from '../src/pipeline/timeline/index.ts';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-media-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** RGB of one decoded frame at tS, w x h. */
async function frameAt(video: string, tS: number, w: number, h: number): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-ss', tS.toFixed(2), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { encoding: 'buffer', maxBuffer: w * h * 3 + 1024 });
  return stdout;
}

describe('the no-media design, rendered', () => {
  it('template 2 in 9:16 with no image: the panel over the top is the style’s second colour from the first second, the presenter’s scene under it to the bottom edge, cards carry icons (fails on the design before: the panel the bottom half)', { timeout: 180_000 }, async () => {
    const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(15));
    const product = { ...SAMPLE_PRODUCT_TEXT, sellingPoints: [...SAMPLE_PRODUCT_TEXT.sellingPoints], targetAudience: 'everyone', imagePaths: [], videoPaths: [] };
    let t: Timeline | null = null;
    const r = await renderVideo({ narration, product, avatarId: 3, templateId: 2, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25, outDir: path.join(dir, 'out') }, { onTimeline: (x) => (t = x) });
    const tl = t as unknown as Timeline;
    assert.deepEqual(timelineCoverage(tl).violations, []);
    // The product half is a panel of the style's second background colour (Bold Pop: pink, not a white half).
    const [fr, fg, fb] = [1, 3, 5].map((i) => parseInt(tl.style.palette.bg2.slice(i, i + 2), 16));
    // At 1.0 s and 5.0 s: the panel's top rows (over the safe area, no text) are the field colour,
    // the bottom rows (the presenter's scene, the body through the platform strip) are not.
    const share = (px: Buffer, from: number, to: number) => {
      let field = 0;
      let all = 0;
      for (let y = Math.round(r.height * from); y < Math.round(r.height * to); y += 2)
        for (let x = 0; x < r.width; x += 2) {
          const i = (y * r.width + x) * 3;
          all++;
          if (Math.abs(px[i]! - fr!) + Math.abs(px[i + 1]! - fg!) + Math.abs(px[i + 2]! - fb!) < 30) field++;
        }
      return field / all;
    };
    for (const tS of [1.0, 5.0]) {
      const px = await frameAt(r.videoPath, tS, r.width, r.height);
      assert.ok(share(px, 0, 0.09) > 0.9, `at ${tS} s ${(100 * share(px, 0, 0.09)).toFixed(0)} % of the top rows are the field colour`);
      assert.ok(share(px, 0.85, 1) < 0.1, `at ${tS} s ${(100 * share(px, 0.85, 1)).toFixed(0)} % of the bottom rows are the field colour`);
    }
    // A numbered card's icon is drawn in its badge (the sprite differs from the numbered one).
    const card = tl.overlays.find((o) => o.slot === 'cue' && o.icon)!;
    assert.ok(card, 'a card with an icon');
    const icon = await iconImage(card.icon!, tl.style.palette.onAccent, cardIconPx(card));
    assert.ok(icon && icon.width > 4);
    const withIcon = overlaySprite(card, tl.style, 'english', false, 0, icon).canvas.data();
    const withNumber = overlaySprite(card, tl.style, 'english', false, 0, null).canvas.data();
    assert.notDeepEqual(withIcon, withNumber);
    // An icon card is drawn the full width of its box (a large card, not a chip sized to its words).
    const sprite = overlaySprite(card, tl.style, 'english', false, 0, icon);
    assert.ok(sprite.canvas.width >= card.box.w, `card sprite ${sprite.canvas.width} px for a ${card.box.w} px box`);
  });
});
