import path from 'node:path';

/**
 * The sample video's compositor (not prepared) built from the source tree at `root`, so probes
 * (bench/draw-stats.ts, bench/compositor-memory.ts) can compare two checkouts with one script:
 * the sample product and narration written under `dir`, its timeline, the presenter (none for
 * template 4).
 */
export async function checkoutCompositor(root: string, o: { templateId: number; seconds: number; scale: number; dir: string }) {
  const imp = (p: string) => import(path.join(root, p));
  await imp('src/pipeline/render/alloc-env.ts');
  const { Compositor } = await imp('src/pipeline/render/compositor.ts');
  const { createPresenter } = await imp('src/pipeline/render/avatar-adapter.ts');
  const { registerFonts } = await imp('src/pipeline/render/fonts.ts');
  const { sampleNarration, sampleSentences, writeSampleProduct } = await imp('src/pipeline/render/sample.ts');
  const { buildTimeline } = await imp('src/pipeline/timeline/build.ts');
  const { imageInfo } = await imp('src/pipeline/render/media.ts');
  registerFonts();
  const product = await writeSampleProduct(`${o.dir}/product`);
  const n = await sampleNarration(`${o.dir}/n`, sampleSentences(o.seconds));
  const info = await Promise.all(product.imagePaths.map((p: string) => imageInfo(p).catch(() => null)));
  const hasPresenter = o.templateId !== 4;
  const t = buildTimeline({ script: n.script, speech: n.speech, product, templateId: o.templateId, hasPresenter, visualStyle: null, aspectRatio: 0, caption: true, scale: o.scale, imageInfo: info });
  const c = new Compositor(t, product, hasPresenter ? createPresenter(1, t, n.speech, n.script) : null, hasPresenter ? 1 : null);
  return { t, c };
}
