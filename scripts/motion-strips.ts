import '../src/pipeline/render/alloc-env.ts';
import fs from 'node:fs';
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
const jobs: { name: string; templateId: number; kind?: string; entrance?: boolean }[] = [
  { name: 'push', templateId: 1 }, { name: 'zoom', templateId: 1 }, { name: 'wipe', templateId: 2 },
  { name: 'reveal', templateId: 4 }, { name: 'slide', templateId: 5 }, { name: 'crossfade', templateId: 5 },
];
for (const job of jobs) {
  const hasPresenter = job.templateId !== 4;
  const t = buildTimeline({ script, speech: n.speech, product, templateId: job.templateId, hasPresenter, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25, imageInfo });
  const s = t.scenes.find((x) => x.transitionIn.kind === job.name);
  if (!s) { console.log('no scene for', job.name, t.scenes.map((x) => x.transitionIn.kind)); continue; }
  const c = new Compositor(t, product, hasPresenter ? createPresenter(1, t, n.speech, n.script) : null, hasPresenter ? 1 : null);
  await c.prepare();
  const d = s.transitionIn.durationMs;
  const times = Array.from({ length: 6 }, (_, k) => s.startMs - d / 2 - 40 + k * ((d + 80) / 5));
  const W = t.width, H = t.height;
  const strip = createCanvas(W * 6, H);
  const sctx = strip.getContext('2d');
  for (let k = 0; k < 6; k++) {
    const f = Math.round((times[k]! * t.fps) / 1000);
    // draw all frames up to f in order (incremental renderer expects sequence); cheap at this size
    const px = await c.pixels(f);
    sctx.putImageData(new ImageData(new Uint8ClampedArray(px), W, H), k * W, 0);
  }
  c.close();
  fs.writeFileSync(`${out}/motion-${job.name}.png`, strip.toBuffer('image/png'));
  console.log(job.name, job.templateId, s.index, d, times.map((x) => Math.round(x)));
}
}
main().catch((e) => { console.error(e); process.exit(1); });
