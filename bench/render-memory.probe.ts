/**
 * Where a render's Node memory goes (docs/rendering.md "Peak memory"): renders the sample video
 * (template 1, 9:16, presenter, captions) and prints RSS (file-backed / anonymous, from
 * /proc/self/smaps_rollup) and V8's heapUsed / external at each step, and their peaks while
 * drawing (sampled every 100 ms).
 *   MALLOC_ARENA_MAX=2 node --import tsx bench/render-memory.probe.ts [seconds=15] [scale=1]
 */
import '../src/pipeline/render/alloc-env.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';

const seconds = Number(process.argv[2] ?? 15);
const scale = Number(process.argv[3] ?? 1);
const mb = (kb: number) => Math.round(kb / 1024);
function reading() {
  const roll = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(roll)?.[1] ?? 0);
  const m = process.memoryUsage();
  return { rss: mb(kb('Rss')), file: mb(kb('Rss') - kb('Anonymous')), anon: mb(kb('Anonymous')), heap: Math.round(m.heapUsed / 2 ** 20), external: Math.round(m.external / 2 ** 20) };
}
const show = (step: string, r = reading()) => console.log(`${step.padEnd(34)} rss ${r.rss} (file ${r.file}, anon ${r.anon}), heapUsed ${r.heap}, external ${r.external}`);

registerFonts();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-mem-'));
try {
  show('loaded');
  const product = await writeSampleProduct(path.join(dir, 'product'));
  const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(seconds));
  show('sample product and narration');
  const peak = { rss: 0, file: 0, anon: 0, heap: 0, external: 0 };
  let timer: NodeJS.Timeout | null = null;
  let first = true;
  const cpu0 = process.cpuUsage();
  await renderVideo(
    { narration, product, avatarId: 1, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, scale, outDir: path.join(dir, 'out') },
    {
      onTimeline: () => show('timeline built'),
      onFrameSent: () => {
        if (!first) return;
        first = false;
        show('prepared, first frame sent');
        timer = setInterval(() => {
          const r = reading();
          for (const k of Object.keys(peak) as (keyof typeof peak)[]) peak[k] = Math.max(peak[k], r[k]);
        }, 100);
      },
    },
  );
  if (timer) clearInterval(timer);
  const c = process.cpuUsage(cpu0);
  show('render done');
  console.log(`peaks while drawing: rss ${peak.rss}, file ${peak.file}, anon ${peak.anon}, heapUsed ${peak.heap}, external ${peak.external}; Node CPU ${((c.user + c.system) / 1e6).toFixed(1)} s; load ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
