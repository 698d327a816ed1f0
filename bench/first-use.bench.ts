// npm run bench:first-use — what a job-running process pays the first time it does each part of a
// video, against the second time, in one fresh process: the espeak worker's first synthesis,
// registering the fonts, a short render (first draw of text, avatar, media; the first ffmpeg),
// and the same with the start-up warm-up (src/jobs/warm-up.ts: speech and render steps) run
// first when BENCH_WARM=1.
// Wall and CPU (this process) per step; load with every figure: on a shared machine the CPU
// column is the steadier one. This is what decided what the warm-up does (docs/rendering.md).
import '../src/pipeline/render/alloc-env.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const t00 = performance.now();
const c00 = process.cpuUsage();
const { renderVideo } = await import('../src/pipeline/render/render-video.ts');
const { registerFonts } = await import('../src/pipeline/render/fonts.ts');
const { sampleNarration, sampleSentences, writeSampleProduct } = await import('../src/pipeline/render/sample.ts');
const { EspeakProcess } = await import('../src/pipeline/speech/espeak.client.ts');
const warmUp = process.env.BENCH_WARM === '1' ? (await import('../src/jobs/warm-up.ts')).warmUp : null;

function cpuMs(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return Math.round((u.user + u.system) / 1000);
}
const row = (what: string, t0: number, c0: NodeJS.CpuUsage) =>
  console.log(`${what.padEnd(34)} ${Math.round(performance.now() - t0).toString().padStart(6)} ms wall ${cpuMs(c0).toString().padStart(6)} ms cpu  load ${os.loadavg()[0]!.toFixed(2)}`);
row('import renderer modules', t00, c00);

async function step(what: string, fn: () => Promise<unknown> | unknown): Promise<void> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await fn();
  row(what, t0, c0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-use-'));
const espeak = new EspeakProcess();
try {
  if (process.env.BENCH_WARM === '1') await step('warm-up (all of it)', () => warmUp!({ espeak, steps: ['speech', 'render'] }));
  const product = await writeSampleProduct(path.join(dir, 'product'));
  const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(3)); // about 9 s: the four fixed sentences
  const synth = (n: number) => espeak.synth({ voice: 'en-us', rate: 175, pitch: 50, range: 50, text: 'Meet the desk lamp that follows your day.', ssml: false, pcmPath: path.join(dir, `s${n}.pcm`) });
  await step('espeak synth #1', () => synth(1));
  await step('espeak synth #2', () => synth(2));
  await step('registerFonts', () => registerFonts());
  for (const n of [1, 2, 3]) {
    await step(`render 9 s 1080x1920 #${n}`, () => renderVideo({ narration, product, avatarId: 1, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, outDir: path.join(dir, `r${n}`) }));
  }
} finally {
  await espeak.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
