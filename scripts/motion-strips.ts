/**
 * Strips of frames across each scene transition kind and entrance (docs/rendering.md "Motion"):
 *   node --import tsx scripts/motion-strips.ts docs/images
 * writes motion-<kind>.png: 6 frames from just before a cut to just after it (9:16 at a quarter
 * size), from the template whose motion table uses that kind; motion-parallax.png (a cut-out
 * gliding in over its backdrop, Voice Over) and motion-price-count.png (Spotlight's price).
 */
import '../src/pipeline/render/alloc-env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { LAYOUT_FIXTURES, LAYOUT_FIXTURES_DIR } from '../test/support/layout-fixtures.ts';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';
import { imageInfo as imageInfoOf } from '../src/pipeline/render/media.ts';

async function main() {
registerFonts();
const out = process.argv[2]!;
const product = await writeSampleProduct('/tmp/hF/product');
const n = await sampleNarration('/tmp/hF/n', sampleSentences(15));
const script = { ...n.script, sentences: n.script.sentences.map((s, i) => ({ ...s, cue: { ...s.cue, imageIndex: i % 3 } })) };
const imageInfo = await Promise.all(product.imagePaths.map((p) => imageInfoOf(p).catch(() => null)));
const jobs: { name: string; templateId: number; images?: string[] }[] = [
  { name: 'push', templateId: 1 }, { name: 'zoom', templateId: 1 }, { name: 'wipe', templateId: 2 },
  { name: 'reveal', templateId: 4 }, { name: 'slide', templateId: 5 }, { name: 'crossfade', templateId: 5 },
  { name: 'parallax', templateId: 4, images: [LAYOUT_FIXTURES.cutout.file, LAYOUT_FIXTURES.tall.file, LAYOUT_FIXTURES.cutout.file] },
  { name: 'price-count', templateId: 1 },
];
for (const job of jobs) {
  const hasPresenter = job.templateId !== 4;
  const p = job.images ? { ...product, imagePaths: job.images.map((f) => path.join(LAYOUT_FIXTURES_DIR, f)) } : product;
  const info = job.images ? await Promise.all(p.imagePaths.map((f) => imageInfoOf(f).catch(() => null))) : imageInfo;
  const t = buildTimeline({ script, speech: n.speech, product: p, templateId: job.templateId, hasPresenter, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25, imageInfo: info });
  let times: number[];
  if (job.name === 'price-count') {
    const o = t.overlays.find((x) => x.slot === 'price')!;
    times = Array.from({ length: 6 }, (_, k) => o.startMs + k * 70);
  } else if (job.name === 'parallax') {
    const s = t.scenes.find((x) => x.index > 0 && x.entrance?.kind === 'parallax')!;
    const from = s.startMs - s.transitionIn.durationMs / 2;
    times = Array.from({ length: 6 }, (_, k) => from + k * (s.entrance!.durationMs / 5));
  } else {
    const s = t.scenes.find((x) => x.transitionIn.kind === job.name);
    if (!s) { console.log('no scene for', job.name, t.scenes.map((x) => x.transitionIn.kind)); continue; }
    const d = s.transitionIn.durationMs;
    times = Array.from({ length: 6 }, (_, k) => s.startMs - d / 2 - 40 + k * ((d + 80) / 5));
  }
  const c = new Compositor(t, p, hasPresenter ? createPresenter(1, t, n.speech, n.script) : null, hasPresenter ? 1 : null, false);
  await c.prepare();
  const W = t.width, H = t.height;
  const frame = createCanvas(W, H);
  const strip = createCanvas(Math.round(W * 6 * 0.75), Math.round(H * 0.75));
  const sctx = strip.getContext('2d');
  for (let k = 0; k < 6; k++) {
    const px = await c.pixels(Math.round((times[k]! * t.fps) / 1000));
    frame.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(px), W, H), 0, 0);
    sctx.drawImage(frame, k * W * 0.75, 0, W * 0.75, H * 0.75);
  }
  c.close();
  fs.writeFileSync(`${out}/motion-${job.name}.png`, strip.toBuffer('image/png'));
  console.log(job.name, job.templateId, times.map((x) => Math.round(x)));
}
}
main().catch((e) => { console.error(e); process.exit(1); });
