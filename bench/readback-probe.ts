/**
 * Drawing + readback + yuv420p conversion, no ffmpeg: Node's CPU a frame and the page faults of
 * the readbacks, for the 30 s sample video (template 1, 9:16, full size unless SCALE), with the
 * last 3 converted frames held as the sink's queue would. MODE picks the frame path:
 *   node --import tsx bench/readback-probe.ts [MODE]
 */
import '../src/pipeline/render/alloc-env.ts';
import { checkoutCompositor } from './support/checkout-compositor.ts';
import { rgbaToI420, I420Pool } from '../src/pipeline/render/yuv.ts';

const mode = process.argv[2] ?? 'data';
const seconds = Number(process.env.SECONDS_LEN ?? 30);
const { t, c } = await checkoutCompositor(process.cwd(), { templateId: 1, seconds, scale: Number(process.env.SCALE ?? 1), dir: '/tmp/rspeed-probe' });
await c.prepare();
const convert = rgbaToI420()!;
const pool = new I420Pool(t.width, t.height);
const held: Buffer[] = [];
const r0 = process.resourceUsage();
const u0 = process.cpuUsage();
const w0 = performance.now();
let sent = 0;
let last: Buffer | null = null;
for (let f = 0; f < t.frames; f++) {
  const px = await c.pixels(f);
  if (px !== last) {
    const out = pool.take();
    convert(px, t.width, t.height, out);
    held.push(out);
    if (held.length > 3) pool.give(held.shift()!);
    sent++;
  }
  last = px;
  if (mode === 'yield') await new Promise((r) => setImmediate(r));
}
const u = process.cpuUsage(u0);
const r1 = process.resourceUsage();
c.close();
console.log(JSON.stringify({ mode, frames: t.frames, sent, ...c.stats, cpuMsPerFrame: +((u.user + u.system) / 1000 / t.frames).toFixed(2), sysMsPerFrame: +(u.system / 1000 / t.frames).toFixed(2), wallS: +((performance.now() - w0) / 1000).toFixed(1), minorFaults: r1.minorPageFault - r0.minorPageFault, load: (await import('node:os')).loadavg()[0] }));
