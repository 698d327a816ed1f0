/**
 * Encoder quality: which x264 preset/CRF the renderer should use. One 30 s video (the sample
 * product and narration, template 1, 9:16 at full size unless BENCH_SCALE) is drawn ONCE by the
 * real compositor into a lossless reference (x264 -qp 0, after the same RGB → BT.601 yuv420p
 * conversion the renderer does (yuv.ts, or ffmpeg's when libyuv is missing), so only the encoder's loss is measured). Each candidate then
 * encodes that reference; we print PSNR-Y and SSIM (this ffmpeg has no libvmaf) against it, the
 * bitrate, and the encoder's CPU time per frame (ffmpeg -benchmark: user + system time of all its
 * threads, less a decode-only pass of the reference). CPU time barely moves with the machine's
 * load, where wall-clock fps on a shared 2-core machine does; wall fps is printed for reference. With BENCH_RENDER=1 the renderer
 * is also timed end to end with each candidate (the number that must not fall).
 *
 *   npm run bench:encoder
 *   BENCH_SETTINGS=veryfast:23,faster:21 BENCH_RENDER=1 npm run bench:encoder
 *   BENCH_SETTINGS=veryfast:20,veryfast:20:rc-lookahead=5 npm run bench:encoder   # preset:crf[:x264-params]
 */
import '../src/pipeline/render/alloc-env.ts';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { createFrameSink, frameFormat } from '../src/pipeline/render/encoder.ts';
import { DEFAULT_ENCODE, rawVideoInputArgs, videoCodecArgs, type EncodeSettings } from '../src/pipeline/render/ffmpeg-args.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';

const run = promisify(execFile);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const lengthS = Number(process.env.BENCH_LENGTH ?? 30);
const candidates: EncodeSettings[] = (process.env.BENCH_SETTINGS ?? 'veryfast:23,veryfast:20,faster:21,faster:20,fast:21,medium:20')
  .split(',')
  .map((s) => s.trim().split(':'))
  .map(([preset, crf, ...x264]) => ({ ...DEFAULT_ENCODE, preset: preset!, crf: Number(crf), x264Params: x264.join(":") || undefined }));
const timeRender = process.env.BENCH_RENDER === '1';

const ff = (args: string[]) => run('ffmpeg', ['-hide_banner', '-nostdin', '-y', ...args], { maxBuffer: 64 << 20 });

/** Draws every frame of the video into a lossless yuv420p reference; returns frame count and size. */
async function reference(dir: string, out: string) {
  const product = await writeSampleProduct(path.join(dir, 'product'));
  const narration = await sampleNarration(path.join(dir, 'n'), sampleSentences(lengthS));
  const t = buildTimeline({ script: narration.script, speech: narration.speech, product, templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true, scale });
  const c = new Compositor(t, product, createPresenter(1, t, narration.speech, narration.script), 1);
  await c.prepare();
  const { pixFmt, yuv } = frameFormat(t.width, t.height);
  const sink = createFrameSink([
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...rawVideoInputArgs(t.width, t.height, t.fps, 'pipe:0', pixFmt),
    ...(yuv ? [] : ['-vf', 'scale=out_color_matrix=bt601:out_range=tv,format=yuv420p']),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', out,
  ], { yuv });
  for (let f = 0; f < t.frames; f++) await sink.write(await c.pixels(f));
  await sink.finish();
  c.close();
  return { frames: t.frames, fps: t.fps, size: `${t.width}x${t.height}`, narration, product };
}

/** ffmpeg's own CPU time (user + system, all threads) from -benchmark. */
async function cpuSeconds(args: string[]): Promise<number> {
  const { stderr } = await ff(['-benchmark', ...args]);
  const m = /utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
  if (!m) throw new Error('no -benchmark line from ffmpeg');
  return Number(m[1]) + Number(m[2]);
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, (performance.now() - t0) / 1000];
}

async function quality(encoded: string, ref: string): Promise<{ psnrY: number; ssim: number }> {
  const { stderr } = await ff(['-i', encoded, '-i', ref, '-lavfi', '[0:v]settb=1/30,setpts=N,split[a][b];[1:v]settb=1/30,setpts=N,split[c][d];[a][c]psnr;[b][d]ssim', '-f', 'null', '-']);
  const psnrY = Number(/PSNR y:([\d.]+)/.exec(stderr)?.[1] ?? NaN);
  const ssim = Number(/SSIM Y:([\d.]+)/.exec(stderr)?.[1] ?? NaN);
  return { psnrY, ssim };
}

async function bitrateK(file: string, seconds: number): Promise<number> {
  return (fs.statSync(file).size * 8) / seconds / 1000;
}

async function main(): Promise<void> {
  registerFonts();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encoder-bench-'));
  try {
    const ref = path.join(dir, 'ref.mkv');
    const [r, drawS] = await timed(() => reference(dir, ref));
    const seconds = r.frames / r.fps;
    const decodeCpu = await cpuSeconds(['-i', ref, '-f', 'null', '-']);
    console.log(`${r.size}, ${r.frames} frames (${seconds.toFixed(1)} s), reference drawn in ${drawS.toFixed(1)} s, decode ${((decodeCpu * 1000) / r.frames).toFixed(1)} CPU ms/frame, load ${os.loadavg()[0]!.toFixed(2)}, ${os.cpus().length} cpus`);
    console.log(`${'setting'.padEnd(14)}${'PSNR-Y dB'.padStart(10)}${'SSIM-Y'.padStart(9)}${'kb/s'.padStart(7)}${'CPU ms/f'.padStart(10)}${'wall fps'.padStart(10)}${timeRender ? 'render s'.padStart(10) + 'render fps'.padStart(12) : ''}${'load'.padStart(6)}`);
    for (const s of candidates) {
      const out = path.join(dir, `${s.preset}-${s.crf}-${candidates.indexOf(s)}.mp4`);
      const load = os.loadavg()[0]!;
      const [cpu, encS] = await timed(() => cpuSeconds(['-i', ref, ...videoCodecArgs(r.fps, s), '-an', out]));
      const q = await quality(out, ref);
      const kbps = await bitrateK(out, seconds);
      let render = '';
      if (timeRender) {
        const [res, s2] = await timed(() => renderVideo({ narration: r.narration, product: r.product, avatarId: 1, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, scale, outDir: path.join(dir, 'render') }, { settings: s }));
        render = s2.toFixed(1).padStart(10) + (res.frames / s2).toFixed(1).padStart(12);
      }
      console.log(`${`${s.preset} ${s.crf}${s.x264Params ? ` ${s.x264Params}` : ''}`.padEnd(14)}${q.psnrY.toFixed(2).padStart(10)}${q.ssim.toFixed(4).padStart(9)}${kbps.toFixed(0).padStart(7)}${(((cpu - decodeCpu) * 1000) / r.frames).toFixed(1).padStart(10)}${(r.frames / encS).toFixed(1).padStart(10)}${render}${load.toFixed(1).padStart(6)}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
