/**
 * One real render of the 30 s sample (template 1, 9:16 1080x1920, avatar 1, as bench:render makes
 * it, no early media) with Node's CPU split at the first frame handed to the sink: what comes
 * before it (planRender: the timeline build; Compositor.prepare: the product images, cut-outs
 * in their worker thread, the captions' ground) against the frame loop, and V8's mark-compacts in
 * each (docs/rendering.md "Issue 29 item 2, second pass").
 *   MALLOC_ARENA_MAX=2 node --import tsx bench/render-phases.ts
 * SECONDS_LEN (30); WHOLE=1 converts every frame sent whole (RenderTuning.wholeConversion), for A/B runs.
 */
import '../src/pipeline/render/alloc-env.ts';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { reapedChildrenCpuS } from './support/cpu.ts';

registerFonts();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-phases-'));
try {
  const product = await writeSampleProduct(path.join(dir, 'product'));
  const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(Number(process.env.SECONDS_LEN ?? 30)));
  let markCompacts = 0;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if ((e as { detail?: { kind?: number } }).detail?.kind === 4) markCompacts++;
  }).observe({ entryTypes: ['gc'] });
  const cpuS = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
  const cpu0 = process.cpuUsage();
  const child0 = reapedChildrenCpuS();
  const t0 = performance.now();
  let beforeS = 0;
  let gcBefore = 0;
  let sent = 0;
  await renderVideo(
    { narration, product, avatarId: 1, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, outDir: path.join(dir, 'out') },
    {
      wholeConversion: process.env.WHOLE === '1',
      onFrameSent: () => {
        if (sent++ > 0) return;
        beforeS = cpuS(process.cpuUsage(cpu0));
        gcBefore = markCompacts;
      },
    },
  );
  const u = process.cpuUsage(cpu0);
  console.log(JSON.stringify({
    nodeCpuS: +cpuS(u).toFixed(2),
    sysS: +(u.system / 1e6).toFixed(2),
    beforeFirstFrameS: +beforeS.toFixed(2),
    loopS: +(cpuS(u) - beforeS).toFixed(2),
    ffmpegCpuS: +(reapedChildrenCpuS() - child0).toFixed(2),
    wallS: +((performance.now() - t0) / 1000).toFixed(1),
    framesSent: sent,
    markCompacts: { before: gcBefore, loop: markCompacts - gcBefore },
    load: +os.loadavg()[0]!.toFixed(1),
  }));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
