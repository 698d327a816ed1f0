/**
 * The e2e video's image preparation made three times in one process, as bench:e2e's videos of
 * one product are (each from its own copy of the images, as each job downloads them): the early
 * media started from the script, the timeline built, the compositor prepared with those images;
 * CPU ms of each round. For the checkout given, from a capture (bench/e2e-capture.ts):
 *   node --import tsx bench/e2e-prepare-repeat.ts /path/to/checkout /tmp/e2e-capture
 * Rounds 2-3 show what the cut-out memo (render/cutout-memo.ts) saves a product made again.
 */
import fs from 'node:fs';
import path from 'node:path';
const root = path.resolve(process.argv[2]!);
const cap = path.resolve(process.argv[3]!);
const imp = (p: string) => import(path.join(root, p));
await imp('src/pipeline/render/alloc-env.ts');
const input = JSON.parse(fs.readFileSync(path.join(cap, 'input.json'), 'utf8'));
const narration = { ...input.narration, mixedAudioPath: path.join(cap, input.narration.mixedAudioPath) };
const r = input.request;
const { EarlyMedia } = await imp('src/pipeline/render/early-media.ts');
const { planRender } = await imp('src/pipeline/render/render-video.ts');
const { Compositor } = await imp('src/pipeline/render/compositor.ts');
const { closeCutoutPool } = await imp('src/pipeline/render/cutout-pool.ts');
const out: number[] = [];
for (let v = 0; v < 3; v++) {
  const dir = `/tmp/e2e-prepare-repeat/${path.basename(root)}-${v}`;
  fs.mkdirSync(dir, { recursive: true });
  const imagePaths = input.product.imagePaths.map((p: string) => { const d = path.join(dir, path.basename(p)); fs.copyFileSync(path.join(cap, p), d); return d; });
  const product = { ...input.product, imagePaths };
  const c0 = process.cpuUsage();
  const early = new EarlyMedia(product.imagePaths);
  await early.start(narration.script, { product, templateId: r.template_id, custom: null, hasPresenter: true, visualStyle: r.visual_style, aspectRatio: r.aspect_ratio, caption: r.caption, scale: 1 });
  const { timeline: t } = await planRender({ narration, product, avatarId: r.avatar_id, templateId: r.template_id, visualStyle: r.visual_style, aspectRatio: r.aspect_ratio, caption: r.caption, scale: 1 });
  const c = new Compositor(t, product, null, null, true, null, early);
  await c.prepare();
  c.close();
  const u = process.cpuUsage(c0);
  out.push(Math.round((u.user + u.system) / 1000));
}
fs.rmSync('/tmp/e2e-prepare-repeat', { recursive: true, force: true });
console.log(path.basename(root), 'early media + plan + prepare CPU ms, videos 1-3:', out.join(' / '), 'load', (await import('node:os')).loadavg()[0]!.toFixed(1));
await closeCutoutPool();
process.exit(0);
