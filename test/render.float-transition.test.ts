/**
 * Cuts between floating products (issue 27, bench #13: Presenter Spotlight 9:16 with cut-outs). A
 * cut-out that stands past its card has no ground of its own; before, every cut between two
 * such scenes laid the card's white back under the pair, and a slide a rectangle of the style's
 * fill (near-black in Luxury Dark) — a white card and a black box flashed up for the length of
 * each cut. Drawn by the real renderer: in the middle of each kind of cut, what both scenes show
 * alike at rest (the background around the products) is shown unchanged, but for the wipe's bar
 * and the reveal's ring; the crossfade is the exact blend of the two scenes.
 */
import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { sampleSentences, sampleSpeech, SAMPLE_PRODUCT_TEXT } from '../src/pipeline/render/sample.ts';
import type { TransitionKind } from '../src/pipeline/templates/types.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';
import { easeInOut } from '../src/pipeline/timeline/motion.ts';
import type { Timeline } from '../src/pipeline/timeline/types.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

let dir = '';
let product: ProductFacts;
let infos: Awaited<ReturnType<typeof imageInfo>>[] = [];

/** A bottle on a transparent ground (an alpha PNG: a cut-out as it comes), in its own colours (no part alike in the two); nothing white or near-black on it. */
async function bottle(file: string, fill: string, cap: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="1000">
  <rect x="160" y="40" width="80" height="180" rx="10" fill="${cap}"/>
  <rect x="60" y="200" width="280" height="760" rx="60" fill="${fill}"/>
  <rect x="100" y="520" width="200" height="140" fill="#f0c040"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

before(async () => {
  registerFonts();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'float-cut-'));
  const files = [path.join(dir, 'a.png'), path.join(dir, 'b.png')];
  await bottle(files[0]!, '#7a3cc8', '#4a3a8a');
  await bottle(files[1]!, '#c83c64', '#8a3a4a');
  product = { ...SAMPLE_PRODUCT_TEXT, sellingPoints: [...SAMPLE_PRODUCT_TEXT.sellingPoints], targetAudience: 'everyone', imagePaths: files, videoPaths: [] };
  infos = await Promise.all(files.map((f) => imageInfo(f)));
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Presenter Spotlight (template 3) 9:16 in Luxury Dark, the two bottles in turn, every cut of `kind`, no text; the drawn presenter in her room behind. */
async function frames(kind: TransitionKind) {
  const { script, speech } = sampleSpeech(sampleSentences(15));
  const s2 = { ...script, sentences: script.sentences.map((s, i) => ({ ...s, cue: { ...s.cue, imageIndex: i % 2 } })) };
  const t = buildTimeline({ script: s2, speech, product, templateId: 3, hasPresenter: true, visualStyle: 'Luxury Dark', aspectRatio: 0, caption: false, scale: 0.25, imageInfo: infos, effects: { transitions: true, motion: 'none' } });
  t.overlays = [];
  for (const s of t.scenes.slice(1)) s.transitionIn = { kind, durationMs: 400 };
  // The products float: a card template, cut-outs, two images.
  assert.equal(t.media?.frame, 'card');
  assert.ok(t.images[0]?.cutout && t.images[1]?.cutout, 'both bottles are cut-outs');
  const s = t.scenes[1]!;
  assert.ok(s.media.kind === 'image' && t.scenes[0]!.media.kind === 'image' && s.media.index !== (t.scenes[0]!.media as { index: number }).index);
  const c = new Compositor(t, product, createPresenter(5, t, speech, s2), 5, false);
  await c.prepare();
  const f = (ms: number) => Math.round((ms * t.fps) / 1000);
  const fm = f(s.startMs);
  const times = [f(s.startMs - 400), fm, f(s.startMs + 400)];
  const [a, mid, b] = await shoot(c, times);
  // The same frames without the products: where the presenter and her room hold still.
  const bare = new Compositor({ ...t, media: null }, product, createPresenter(5, t, speech, s2), 5, false);
  await bare.prepare();
  const [pa, pm, pb] = await shoot(bare, times);
  const still = (i: number) => [0, 1, 2].every((ch) => pa![i + ch] === pm![i + ch] && pb![i + ch] === pm![i + ch]);
  return { t, a: a!, b: b!, mid: mid!, bareMid: pm!, still, e: easeInOut(0.5 + ((fm * 1000) / t.fps - s.startMs) / s.transitionIn.durationMs) };
}

async function shoot(c: Compositor, frames: number[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const f of frames) out.push(Buffer.from(await c.pixels(f)));
  c.close();
  return out;
}

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const near = (buf: Buffer, i: number, rgb: number[], tol = 4) => rgb.every((v, ch) => Math.abs(buf[i + ch]! - v) <= tol);

/**
 * Pixels a flat ground painted mid-cut: the middle of the cut shows the card's white or the
 * style's fill colour where the same frame without the products (her room) does not.
 */
function flashed(t: Timeline, mid: Buffer, bare: Buffer): number {
  const grounds = [[255, 255, 255], hex(t.style.palette.bg)];
  let n = 0;
  for (let i = 0; i < mid.length; i += 4) if (grounds.some((g) => near(mid, i, g) && !near(bare, i, g))) n++;
  return n;
}

describe('cuts between floating products', () => {
  for (const kind of ['slide', 'push', 'wipe', 'reveal', 'zoom', 'crossfade'] as const) {
    it(`${kind}: no card and no fill rectangle under the pair in the middle of the cut`, async () => {
      const { t, mid, bareMid, e } = await frames(kind);
      assert.ok(e > 0.2 && e < 0.8, `mid-cut progress ${e}`);
      const n = flashed(t, mid, bareMid);
      assert.ok(n < 20, `${n} px of white card or ${t.style.palette.bg} fill mid-cut (of ${t.media!.box.w * t.media!.box.h | 0} px of box)`);
    });
  }

  it('crossfade: the products blend by e where they overlap, and each fades over the room where only it stands', async () => {
    const { a, b, mid, e, still } = await frames('crossfade');
    // Where the presenter and her room hold still (the products over them or not), the middle is the blend.
    let sum = 0;
    let n = 0;
    for (let i = 0; i < a.length; i += 4)
      for (let ch = 0; ch < 3 && still(i); ch++) {
        sum += Math.abs(mid[i + ch]! - (a[i + ch]! * (1 - e) + b[i + ch]! * e));
        n++;
      }
    assert.ok(n > (a.length / 4) * 2, 'most of the frame holds still');
    assert.ok(sum / n < 1, `blend error mean ${(sum / n).toFixed(2)}`);
  });
});
