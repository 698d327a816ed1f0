/**
 * Drawing only, no encoding: how many frames of the 15 s sample video (9:16, captions, half
 * size unless SCALE) the compositor draws whole, in part or not at all, and its CPU time, for
 * the source tree given (so two checkouts compare with the same script):
 *   node --import tsx bench/draw-stats.ts /path/to/checkout [templateId]
 */
import { checkoutCompositor } from './support/checkout-compositor.ts';
async function main() {
  const root = process.argv[2]!;
  const templateId = Number(process.argv[3] ?? 1);
  const { t, c } = await checkoutCompositor(root, { templateId, seconds: 15, scale: Number(process.env.SCALE ?? 0.5), dir: `/tmp/hF/ds-${templateId}` });
  await c.prepare();
  const u0 = process.cpuUsage();
  for (let f = 0; f < t.frames; f++) await c.pixels(f);
  const u = process.cpuUsage(u0);
  c.close();
  console.log(JSON.stringify({ root, templateId, frames: t.frames, ...c.stats, cpuMs: Math.round((u.user + u.system) / 1000) }));
}
main().catch((e) => { console.error(e); process.exit(1); });
