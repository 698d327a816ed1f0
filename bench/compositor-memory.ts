/**
 * The compositor's memory alone (no encoder): RSS after loading, after prepare() and at its peak
 * while drawing the sample video's frames (full size unless SCALE), Node CPU of the drawing, and
 * every canvas the prepared compositor holds, with its size. For the source tree given, so two
 * checkouts compare with the same script:
 *   node --import tsx bench/compositor-memory.ts /path/to/checkout [templateId] [seconds]
 */
import path from 'node:path';

const mb = (n: number) => Math.round(n / 1048576);

/** Every canvas reachable from `root` (own fields, maps, arrays), with where it was found. */
function canvases(root: unknown): { at: string; w: number; h: number }[] {
  const out: { at: string; w: number; h: number }[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, at: string, depth: number) => {
    if (!v || typeof v !== 'object' || seen.has(v) || depth > 6) return;
    seen.add(v);
    const o = v as Record<string, unknown>;
    if (typeof o.getContext === 'function' && typeof o.width === 'number') {
      out.push({ at, w: o.width as number, h: o.height as number });
      return;
    }
    if (v instanceof Map) for (const [k, x] of v) walk(x, `${at}[${String(k)}]`, depth + 1);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`, depth + 1));
    else if (!(v instanceof Uint8Array)) for (const k of Object.keys(o)) if (k !== 't' && k !== 'product') walk(o[k], `${at}.${k}`, depth + 1);
  };
  walk(root, 'compositor', 0);
  return out;
}

async function main() {
  const root = process.argv[2]!;
  const templateId = Number(process.argv[3] ?? 1);
  const seconds = Number(process.argv[4] ?? 15);
  const imp = (p: string) => import(path.join(root, p));
  await imp('src/pipeline/render/alloc-env.ts');
  const { Compositor } = await imp('src/pipeline/render/compositor.ts');
  const { createPresenter } = await imp('src/pipeline/render/avatar-adapter.ts');
  const { registerFonts } = await imp('src/pipeline/render/fonts.ts');
  const { sampleNarration, sampleSentences, writeSampleProduct } = await imp('src/pipeline/render/sample.ts');
  const { buildTimeline } = await imp('src/pipeline/timeline/build.ts');
  const { imageInfo } = await imp('src/pipeline/render/media.ts');
  registerFonts();
  const dir = `/tmp/compmem-bench/${templateId}-${seconds}`;
  const product = await writeSampleProduct(`${dir}/product`);
  const n = await sampleNarration(`${dir}/n`, sampleSentences(seconds));
  const info = await Promise.all(product.imagePaths.map((p: string) => imageInfo(p).catch(() => null)));
  const hasPresenter = templateId !== 4;
  const t = buildTimeline({ script: n.script, speech: n.speech, product, templateId, hasPresenter, visualStyle: null, aspectRatio: 0, caption: true, scale: Number(process.env.SCALE ?? 1), imageInfo: info });
  const c = new Compositor(t, product, hasPresenter ? createPresenter(1, t, n.speech, n.script) : null, hasPresenter ? 1 : null);
  global.gc?.();
  const loaded = process.memoryUsage().rss;
  await c.prepare();
  global.gc?.();
  const prepared = process.memoryUsage().rss;
  const list = canvases(c);
  let peak = prepared;
  const held: Buffer[] = [];
  const u0 = process.cpuUsage();
  for (let f = 0; f < t.frames; f++) {
    const px = await c.pixels(f);
    // The sink's queue: the last 3 frames are held.
    held.push(px);
    if (held.length > 3) held.shift();
    if (f % 10 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  const u = process.cpuUsage(u0);
  c.close();
  const total = list.reduce((s, x) => s + x.w * x.h * 4, 0);
  if (process.env.LIST) for (const x of list) console.log(`${x.at} ${x.w}x${x.h} ${(x.w * x.h * 4 / 1048576).toFixed(1)} MB`);
  console.log(JSON.stringify({ root, templateId, frames: t.frames, loadedMB: mb(loaded), preparedMB: mb(prepared), peakMB: mb(peak), canvases: list.length, canvasMB: mb(total), cpuS: +((u.user + u.system) / 1e6).toFixed(2) }));
}
main().catch((e) => { console.error(e); process.exit(1); });
