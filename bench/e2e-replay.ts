/**
 * Replays the render of bench:e2e's video from a capture (bench/e2e-capture.ts) with the source
 * tree given, so two checkouts compare on the very same input:
 *   node --import tsx bench/e2e-replay.ts /path/to/checkout /tmp/e2e-capture [draw|render]
 * draw (default): the compositor alone, no encoding: prepare's and the frames' CPU ms, and how
 * many frames it drew whole, in part or not at all. render: renderVideo whole (frames, ffmpeg,
 * mux), its wall and CPU s (this process and its reaped children, i.e. ffmpeg); VFR=1 renders with
 * RenderTuning.vfr (unchanged frames not encoded again).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(process.argv[2]!);
const cap = path.resolve(process.argv[3] ?? '/tmp/e2e-capture');
const mode = process.argv[4] ?? 'draw';
const imp = (p: string) => import(path.join(root, p));
await imp('src/pipeline/render/alloc-env.ts');
const input = JSON.parse(fs.readFileSync(path.join(cap, 'input.json'), 'utf8'));
const narration = { ...input.narration, mixedAudioPath: path.join(cap, input.narration.mixedAudioPath) };
const product = { ...input.product, imagePaths: input.product.imagePaths.map((p: string) => path.join(cap, p)) };
const r = input.request;
const render = { narration, product, avatarId: r.avatar_id, templateId: r.template_id, visualStyle: r.visual_style, aspectRatio: r.aspect_ratio, caption: r.caption, scale: Number(process.env.SCALE ?? 1) };
const cpu = () => {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1000;
};
const children = () => {
  // Reaped children's CPU (ffmpeg), from /proc/self/stat fields cutime + cstime.
  const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
};
const load = () => os.loadavg()[0]!.toFixed(2);

if (mode === 'render') {
  const { renderVideo } = await imp('src/pipeline/render/render-video.ts');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-replay-'));
  const l0 = load();
  const t0 = performance.now();
  const c0 = cpu();
  const k0 = children();
  const res = await renderVideo({ ...render, outDir }, { vfr: process.env.VFR === '1' });
  const wall = performance.now() - t0;
  console.log(JSON.stringify({ root, mode, frames: res.frames, wallS: +(wall / 1000).toFixed(2), nodeCpuS: +((cpu() - c0) / 1000).toFixed(2), ffmpegCpuS: +((children() - k0) / 1000).toFixed(2), load: `${l0}-${load()}` }));
  if (process.env.KEEP) console.log(res.videoPath);
  else fs.rmSync(outDir, { recursive: true, force: true });
} else {
  const { planRender } = await imp('src/pipeline/render/render-video.ts');
  const { Compositor } = await imp('src/pipeline/render/compositor.ts');
  const { createPresenter } = await imp('src/pipeline/render/avatar-adapter.ts');
  const { timeline: t } = await planRender(render);
  const c = new Compositor(t, product, createPresenter(r.avatar_id, t, narration.speech, narration.script), r.avatar_id);
  const c0 = cpu();
  await c.prepare();
  const prepMs = cpu() - c0;
  const d0 = cpu();
  // The last 3 buffers held, as the sink's queue does.
  const held: Buffer[] = [];
  for (let f = 0; f < t.frames; f++) {
    held.push(await c.pixels(f));
    if (held.length > 3) held.shift();
    if (f % 8 === 0) await new Promise((res) => setImmediate(res));
  }
  const drawMs = cpu() - d0;
  c.close();
  console.log(JSON.stringify({ root, mode, template: t.templateId, frames: t.frames, ...c.stats, prepareCpuMs: Math.round(prepMs), framesCpuMs: Math.round(drawMs), load: load() }));
}
