/**
 * Drawing only, no encoding: how many frames of the 15 s sample video (9:16, captions, half
 * size unless SCALE) the compositor draws whole, in part or not at all, and its CPU time, for
 * the source tree given (so two checkouts compare with the same script):
 *   node --import tsx bench/draw-stats.ts /path/to/checkout [templateId]
 */
import path from 'node:path';
async function main() {
  const root = process.argv[2]!;
  const templateId = Number(process.argv[3] ?? 1);
  const imp = (p: string) => import(path.join(root, p));
  await imp('src/pipeline/render/alloc-env.ts');
  const { Compositor } = await imp('src/pipeline/render/compositor.ts');
  const { createPresenter } = await imp('src/pipeline/render/avatar-adapter.ts');
  const { registerFonts } = await imp('src/pipeline/render/fonts.ts');
  const { sampleNarration, sampleSentences, writeSampleProduct } = await imp('src/pipeline/render/sample.ts');
  const { buildTimeline } = await imp('src/pipeline/timeline/build.ts');
  const { imageInfo } = await imp('src/pipeline/render/media.ts');
  registerFonts();
  const product = await writeSampleProduct(`/tmp/hF/ds-${templateId}/product`);
  const n = await sampleNarration(`/tmp/hF/ds-${templateId}/n`, sampleSentences(15));
  const info = await Promise.all(product.imagePaths.map((p: string) => imageInfo(p).catch(() => null)));
  const hasPresenter = templateId !== 4;
  const t = buildTimeline({ script: n.script, speech: n.speech, product, templateId, hasPresenter, visualStyle: null, aspectRatio: 0, caption: true, scale: Number(process.env.SCALE ?? 0.5), imageInfo: info });
  const c = new Compositor(t, product, hasPresenter ? createPresenter(1, t, n.speech, n.script) : null, hasPresenter ? 1 : null);
  await c.prepare();
  const u0 = process.cpuUsage();
  for (let f = 0; f < t.frames; f++) await c.pixels(f);
  const u = process.cpuUsage(u0);
  c.close();
  console.log(JSON.stringify({ root, templateId, frames: t.frames, ...c.stats, cpuMs: Math.round((u.user + u.system) / 1000) }));
}
main().catch((e) => { console.error(e); process.exit(1); });
