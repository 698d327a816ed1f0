/**
 * The compositor's memory alone (no encoder): RSS after loading, after prepare() and at its peak
 * while drawing the sample video's frames (full size unless SCALE), Node CPU of the drawing, and
 * every canvas the prepared compositor holds, with its size. For the source tree given, so two
 * checkouts compare with the same script:
 *   node --import tsx bench/compositor-memory.ts /path/to/checkout [templateId] [seconds]
 */
import { checkoutCompositor } from './support/checkout-compositor.ts';

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
  const { t, c } = await checkoutCompositor(root, { templateId, seconds, scale: Number(process.env.SCALE ?? 1), dir: `/tmp/compmem-bench/${templateId}-${seconds}` });
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
