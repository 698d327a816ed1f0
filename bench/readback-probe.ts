/**
 * Drawing + readback + yuv420p conversion, no ffmpeg: Node's CPU a frame and the page faults of
 * the readbacks, for the 30 s sample video (template 1, 9:16, full size unless SCALE), with the
 * last 3 converted frames held as the sink's queue would. CPU by stage: `draw` is drawFrame (Skia
 * only records the drawing), `readback` canvas.data() (where Skia rasterises it: full frames by
 * media state, zoom / pan / null = transition, entrance), `convert` libyuv; V8's GCs by kind
 * (1 scavenge, 4 mark-compact, 8 incremental marking). MODE:
 *   data   the loop never reaches the event loop (old readbacks are freed late: fresh memory each)
 *   yield  one turn of the event loop a frame (tried in the sinks and reverted: a real render
 *          already waits on the encoder; docs/rendering.md "Issue 29 item 2")
 *   gid    yield, and getImageData instead of canvas.data() for changed frames
 *   node --import tsx bench/readback-probe.ts [MODE]
 */
import '../src/pipeline/render/alloc-env.ts';
import { PerformanceObserver } from 'node:perf_hooks';
import { checkoutCompositor } from './support/checkout-compositor.ts';
import { rgbaToI420, I420Pool } from '../src/pipeline/render/yuv.ts';

const mode = process.argv[2] ?? 'data';
const seconds = Number(process.env.SECONDS_LEN ?? 30);
const { t, c } = await checkoutCompositor(process.cwd(), { templateId: 1, seconds, scale: Number(process.env.SCALE ?? 1), dir: process.env.PROBE_DIR ?? '/tmp/rspeed-probe' });
await c.prepare();
const convert = rgbaToI420()!;
const pool = new I420Pool(t.width, t.height);
const held: Buffer[] = [];
const gcs: Record<string, { n: number; ms: number }> = {};
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const k = String((e as any).detail?.kind ?? '?');
    const g = (gcs[k] ??= { n: 0, ms: 0 });
    g.n++;
    g.ms += e.duration;
  }
});
obs.observe({ entryTypes: ['gc'] });
const r0 = process.resourceUsage();
const u0 = process.cpuUsage();
const w0 = performance.now();
let sent = 0;
let last: Buffer | null = null;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Why the media key is null at tMs: the transition's kind, an entrance, or fading in/out (media-layer internals, bench only). */
function nullKind(tMs: number): string {
  const m = (c as any).media;
  const i = m.sceneIndexAt(tMs) as number;
  const tr = m.transitionAt(i, tMs) as [number, number, number] | null;
  if (tr) return `transition ${t.scenes[tr[1]]!.transitionIn.kind}`;
  if (m.entranceAt(i, tMs)) return 'entrance';
  return 'other (fade, video, carousel)';
}
const byKind: Record<string, { n: number; ms: number }> = {};
const stage = { draw: 0, readback: 0, convert: 0, readbackFull: 0, readbackPartial: 0 };
for (let f = 0; f < t.frames; f++) {
  let a = cpuMs();
  const full0 = c.stats.full;
  const changed = await c.drawFrame(f);
  const wasFull = c.stats.full > full0;
  let b = cpuMs();
  stage.draw += b - a;
  let px: Buffer;
  if (mode === 'gid' && (changed || !last)) {
    const d = c.ctx.getImageData(0, 0, t.width, t.height).data;
    px = Buffer.from(d.buffer, d.byteOffset, d.byteLength);
  } else px = changed || !last ? c.canvas.data() : last;
  a = cpuMs();
  stage.readback += a - b;
  if (wasFull) {
    stage.readbackFull += a - b;
    const k = (c as any).media.stateKey((f * 1000) / t.fps) as string | null;
    const kind = k === null ? nullKind((f * 1000) / t.fps) : /:z/.test(k) ? 'zoom' : /:p/.test(k) ? 'pan' : /:t/.test(k) ? 'panT' : k;
    const e = (byKind[kind] ??= { n: 0, ms: 0 });
    e.n++;
    e.ms += a - b;
  }
  else stage.readbackPartial += a - b;
  if (px !== last) {
    const out = pool.take();
    convert(px, t.width, t.height, out);
    stage.convert += cpuMs() - a;
    held.push(out);
    if (held.length > 3) pool.give(held.shift()!);
    sent++;
  }
  last = px;
  if (mode !== 'data') await new Promise((r) => setImmediate(r));
}
const u = process.cpuUsage(u0);
const r1 = process.resourceUsage();
c.close();
console.log(JSON.stringify({ mode, frames: t.frames, sent, ...c.stats, heapMb: Math.round(process.memoryUsage().heapUsed / 1e6), maxRssMb: Math.round(r1.maxRSS / 1024), gc: Object.fromEntries(Object.entries(gcs).map(([k, v]) => [k, `${v.n} x ${(v.ms / v.n).toFixed(1)} ms`])), byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, `${v.n} x ${(v.ms / v.n).toFixed(1)} ms`])), stageMs: Object.fromEntries(Object.entries(stage).map(([k, v]) => [k, Math.round(v)])), cpuMsPerFrame: +((u.user + u.system) / 1000 / t.frames).toFixed(2), sysMsPerFrame: +(u.system / 1000 / t.frames).toFixed(2), wallS: +((performance.now() - w0) / 1000).toFixed(1), minorFaults: r1.minorPageFault - r0.minorPageFault, load: (await import('node:os')).loadavg()[0] }));
