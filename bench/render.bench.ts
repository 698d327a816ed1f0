/**
 * Render benchmark: for 15/30/60 s videos in each aspect ratio, the renderer's wall time and
 * frames per second against ffmpeg encoding the same number of raw RGBA frames piped from this
 * process with no drawing (same size, rate and encoder settings, measured in the same run,
 * interleaved with the renders so both see the same machine load).
 *
 *   npm run bench:render
 *   BENCH_LENGTHS=15 BENCH_ASPECTS=0 npm run bench:render      # a subset
 *
 * Baselines:
 *   static  – one pre-made frame (a frame of the same video) sent N times: the encoder's best case.
 *   motion  – a ring of pre-made frames of the same video played back and forth: the encoder
 *             working on content that moves like the render's, without drawing.
 * Settings: BENCH_LENGTHS (15,30,60), BENCH_ASPECTS (0,1,2), BENCH_TEMPLATE (1), BENCH_STYLE,
 * BENCH_SCALE (1), BENCH_BASELINES (static,motion), BENCH_RING (24 frames), BENCH_TIMED (1; 0 sends
 * every frame raw, the renderer before timed frames), BENCH_VFR (0; 1 keeps the timed frames at
 * variable timing in the file, unchanged frames not encoded again), BENCH_RGBA (0; 1 sends RGBA for ffmpeg to
 * convert, the renderer before yuv420p was made on the Node side), BENCH_GC_EVERY (0; N forces a
 * V8 minor GC after every Nth frame sent: the frame readbacks, garbage once converted, freed
 * sooner; an experiment, docs/rendering.md "Peak memory"), BENCH_SINK (direct|fifo,
 * used by both the render and the baselines), BENCH_PROFILES (full; `full,draft` renders each video
 * in both render profiles and prints the draft's wall time as a fraction of the full one — the
 * preview check, `npm run bench:preview`), BENCH_PRESET (the render's x264 preset, a diagnosis only:
 * ultrafast keeps the encoder ahead, so the render is Node-bound as on a quiet machine; the
 * baselines keep the default). Baselines are run for the full profile only.
 * `npm run bench:render` sets MALLOC_ARENA_MAX=2 unless it is set, as every rendering role of the
 * product runs (bin/reelsmith.js re-executes serve/worker/render with it; Dockerfile, systemd unit).
 * The baselines' pre-made frames are piped in the render's pixel format: yuv420p converted once
 * before timing (so the baseline does no conversion at all: the encoder's own limit), or RGBA
 * with BENCH_RGBA=1 / without libyuv (ffmpeg converts, as the render then does).
 */
import '../src/pipeline/render/alloc-env.ts';
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import os from 'node:os';
import path from 'node:path';
import { renderVideo } from '../src/pipeline/render/render-video.ts';
import { RENDER_PROFILES, type RenderProfileName } from '../src/pipeline/render/render-profile.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { createFrameSink, frameFormat, type SinkMode } from '../src/pipeline/render/encoder.ts';
import { i420Bytes, rgbaToI420, type FramePixFmt } from '../src/pipeline/render/yuv.ts';
import { baselineEncodeArgs, DEFAULT_ENCODE } from '../src/pipeline/render/ffmpeg-args.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';
import type { AspectRatio } from '../src/pipeline/templates/types.ts';
import type { Narration, ProductFacts } from '../src/pipeline/types.ts';
import { watchPeakRss } from './support/peak-rss.ts';
import { reapedChildrenCpuS } from './support/cpu.ts';

const list = (v: string | undefined, d: string) => (v ?? d).split(',').map((s) => s.trim()).filter(Boolean);
const lengths = list(process.env.BENCH_LENGTHS, '15,30,60').map(Number);
const aspects = list(process.env.BENCH_ASPECTS, '0,1,2').map(Number) as AspectRatio[];
const templateId = Number(process.env.BENCH_TEMPLATE ?? 1);
const style = process.env.BENCH_STYLE ?? null;
const scale = Number(process.env.BENCH_SCALE ?? 1);
const baselines = list(process.env.BENCH_BASELINES, 'static,motion');
const ringSize = Number(process.env.BENCH_RING ?? 24);
const avatarId = templateId === 4 ? null : 1;
const sink = (process.env.BENCH_SINK ?? 'direct') as SinkMode;
/** BENCH_TIMED=0: every frame sent as raw RGBA (the renderer before timed frames), for A/B runs. */
const timed = process.env.BENCH_TIMED !== '0';
/** BENCH_RGBA=1: RGBA into ffmpeg (it converts), for A/B runs against yuv420p made here. */
const rgba = process.env.BENCH_RGBA === '1';
/** BENCH_VFR=1: timed frames kept at variable timing in the file (RenderTuning.vfr: unchanged frames not encoded again), for A/B runs. */
const vfr = process.env.BENCH_VFR === '1';
const gcEvery = Number(process.env.BENCH_GC_EVERY ?? 0);
/** BENCH_PRESET=ultrafast: the render's x264 preset for a diagnosis only (an encoder that keeps up puts the render in the Node-bound regime of a quiet machine); the baselines keep theirs. */
const preset = process.env.BENCH_PRESET;
let minorGc: (() => void) | undefined;
if (gcEvery > 0) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (o: { type: 'minor' | 'major' }) => void;
  let sent = 0;
  minorGc = () => {
    if (++sent % gcEvery === 0) gc({ type: 'minor' });
  };
}
const profiles = list(process.env.BENCH_PROFILES, 'full') as RenderProfileName[];
for (const p of profiles) if (!RENDER_PROFILES.includes(p)) throw new Error(`BENCH_PROFILES: unknown profile ${p}; one of ${RENDER_PROFILES.join(', ')}`);

/** Frames drawn by the real compositor, for the baselines' input. */
async function premadeFrames(narration: Narration, product: ProductFacts, ar: AspectRatio, count: number): Promise<Buffer[]> {
  const t = buildTimeline({ script: narration.script, speech: narration.speech, product, templateId, hasPresenter: avatarId !== null, visualStyle: style, aspectRatio: ar, caption: true, scale });
  const presenter = avatarId !== null ? createPresenter(avatarId, t, narration.speech, narration.script) : null;
  const c = new Compositor(t, product, presenter, avatarId);
  await c.prepare();
  const out: Buffer[] = [];
  const start = Math.min(t.frames - count, Math.round(t.fps * 1.5));
  for (let i = 0; i < count; i++) {
    out.push(Buffer.from(await c.pixels(Math.max(0, start + i))));
  }
  c.close();
  return out;
}

/** The pre-made frames in the pixel format the render sent (converted before any timing). */
function inPixFmt(frames: Buffer[], w: number, h: number, pixFmt: FramePixFmt): Buffer[] {
  if (pixFmt === 'rgba') return frames;
  const convert = rgbaToI420()!;
  return frames.map((f) => {
    const out = Buffer.alloc(i420Bytes(w, h));
    convert(f, w, h, out);
    return out;
  });
}

/** Encode-only run: wall seconds and ffmpeg's CPU seconds. */
async function encodeOnly(rgbaFrames: Buffer[], n: number, w: number, h: number, fps: number, out: string): Promise<{ wallS: number; ffmpegCpuS: number }> {
  const pixFmt = rgba ? 'rgba' : frameFormat(w, h).pixFmt;
  const frames = inPixFmt(rgbaFrames, w, h, pixFmt);
  const enc = createFrameSink(baselineEncodeArgs(w, h, fps, out, undefined, pixFmt), { mode: sink });
  const c0 = reapedChildrenCpuS();
  const t0 = performance.now();
  const period = frames.length > 1 ? 2 * frames.length - 2 : 1;
  for (let i = 0; i < n; i++) {
    const k = i % period;
    await enc.write(frames[k < frames.length ? k : period - k]!);
  }
  await enc.finish();
  return { wallS: (performance.now() - t0) / 1000, ffmpegCpuS: reapedChildrenCpuS() - c0 };
}

interface Row {
  profile: RenderProfileName;
  aspect: AspectRatio;
  size: string;
  lengthS: number;
  frames: number;
  wallS: number;
  fps: number;
  /** CPU time of this process (drawing, readback, pipe writes; not ffmpeg's) during the render: steadier than wall time under load. */
  nodeCpuS: number;
  /** Of which kernel time (page faults of fresh memory show here), s. */
  nodeSysS: number;
  /** CPU time of the render's ffmpeg (reaped child), s. */
  ffmpegCpuS: number;
  /** Peak resident memory of this process and its children (ffmpeg) during the render, MB (target < 600 for 60 s 1080p). */
  peakMb: number;
  /** Of which this process alone (peak), MB. */
  nodePeakMb: number;
  /** Its children alone (ffmpeg) (peak), MB. */
  ffmpegPeakMb: number;
  base: Record<string, number>;
  /** ffmpeg CPU s of each baseline run. */
  baseCpu: Record<string, number>;
  load: number;
}

async function main(): Promise<void> {
  registerFonts();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-bench-'));
  const rows: Row[] = [];
  try {
    const product = await writeSampleProduct(path.join(dir, 'product'));
    for (const lengthS of lengths) {
      const narration = await sampleNarration(path.join(dir, `n${lengthS}`), sampleSentences(lengthS));
      for (const aspect of aspects) {
        const load = os.loadavg()[0]!;
        for (const profile of profiles) {
          const out = path.join(dir, `r${lengthS}-${aspect}-${profile}`);
          const t0 = performance.now();
          const cpu0 = process.cpuUsage();
          const child0 = reapedChildrenCpuS();
          const peak = watchPeakRss();
          const r = await renderVideo({ narration, product, avatarId, templateId, visualStyle: style, aspectRatio: aspect, caption: true, scale, profile, outDir: out }, { sink, timed, vfr, rgba, onFrameSent: minorGc, settings: preset ? { ...DEFAULT_ENCODE, preset } : undefined });
          const wallS = (performance.now() - t0) / 1000;
          const peakMb = peak.stop();
          const nodePeakMb = peak.selfMb();
          const ffmpegPeakMb = peak.childrenMb();
          const cpu = process.cpuUsage(cpu0);
          const nodeCpuS = (cpu.user + cpu.system) / 1e6;
          const nodeSysS = cpu.system / 1e6;
          const ffmpegCpuS = reapedChildrenCpuS() - child0;
          const base: Record<string, number> = {};
          const baseCpu: Record<string, number> = {};
          if (profile === 'full' && baselines.length > 0) {
            // Made after the render, so its ~200 MB of frames are not counted in the render's peak.
            const ring = await premadeFrames(narration, product, aspect, Math.max(1, ringSize));
            for (const b of baselines) {
              const frames = b === 'static' ? [ring[0]!] : ring;
              const s = await encodeOnly(frames, r.frames, r.width, r.height, 30, path.join(dir, `b-${b}.mp4`));
              base[b] = r.frames / s.wallS;
              baseCpu[b] = s.ffmpegCpuS;
            }
          }
          const row = { profile, aspect, size: `${r.width}x${r.height}`, lengthS, frames: r.frames, wallS, fps: r.frames / wallS, nodeCpuS, nodeSysS, ffmpegCpuS, peakMb, nodePeakMb, ffmpegPeakMb, base, baseCpu, load };
          rows.push(row);
          printRow(row);
          fs.rmSync(out, { recursive: true, force: true });
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nTargets: render fps >= 0.85 x the moving-frame encode limit ("motion"; 30 s 1080x1920); a 30 s 1080x1920 video in <= 30 s wall; peak memory of a 60 s 1080p render < 600 MB. Frames sent ${timed ? 'timed, changed only' : 'all, raw (BENCH_TIMED=0)'}, as ${rgba || !rgbaToI420() ? 'RGBA (ffmpeg converts)' : 'yuv420p (converted here)'}.`);
  for (const r of rows.filter((x) => x.profile === 'full')) {
    const limit = r.base.motion !== undefined ? `${(r.fps / r.base.motion).toFixed(2)} of the encoder limit (${r.fps.toFixed(1)} / ${r.base.motion.toFixed(1)} fps${r.lengthS === 30 && r.aspect === 0 ? `, ${r.fps / r.base.motion >= 0.85 ? 'met' : 'missed'}` : ''})` : 'no motion baseline';
    console.log(`${r.lengthS} s aspect ${r.aspect} ${r.size}: ${limit}; CPU s: Node ${r.nodeCpuS.toFixed(1)} (sys ${r.nodeSysS.toFixed(1)}) + children ${r.ffmpegCpuS.toFixed(1)} (ffmpeg, ffprobe, the audio check)${Object.entries(r.baseCpu).map(([k, v]) => `, ${k} baseline ffmpeg ${v.toFixed(1)}`).join('')}; peak ${r.peakMb} MB = Node ${r.nodePeakMb} + ffmpeg ${r.ffmpegPeakMb} (peaks apart; MALLOC_ARENA_MAX ${process.env.MALLOC_ARENA_MAX ?? "unset"}) (${r.lengthS === 60 ? (r.peakMb < 600 ? 'met' : 'missed') : 'target is for 60 s'}), load ${r.load.toFixed(1)}`);
  }
  const t30 = rows.find((r) => r.profile === 'full' && r.lengthS === 30 && r.aspect === 0);
  if (t30) console.log(`30 s 9:16: ${t30.wallS.toFixed(1)} s wall (${t30.wallS <= 30 ? 'met' : 'missed'})`);
  if (profiles.includes('draft') && profiles.includes('full')) {
    console.log('\nPreview (draft) vs full render, target draft <= 1/3 of full:');
    for (const d of rows.filter((r) => r.profile === 'draft')) {
      const f = rows.find((r) => r.profile === 'full' && r.lengthS === d.lengthS && r.aspect === d.aspect);
      if (f) console.log(`${d.lengthS} s aspect ${d.aspect}: draft ${d.size} ${d.wallS.toFixed(1)} s, full ${f.size} ${f.wallS.toFixed(1)} s, ratio ${(d.wallS / f.wallS).toFixed(2)} (${d.wallS * 3 <= f.wallS ? 'met' : 'missed'})`);
    }
  }
}

let printedHeader = false;
function printRow(r: Row): void {
  if (!printedHeader) {
    const bh = baselines.map((b) => `${b} fps`.padStart(11) + `${'ratio'.padStart(7)}`).join('');
    console.log(`template ${templateId}, scale ${scale}, sink ${sink}, node ${process.version}, ${os.cpus().length} cpus`);
    console.log(`${'profile'.padEnd(8)}${'aspect'.padEnd(7)}${'size'.padEnd(11)}${'len'.padStart(4)}${'frames'.padStart(8)}${'wall s'.padStart(8)}${'fps'.padStart(7)}${'node cpu s'.padStart(11)}${'ffmpeg cpu s'.padStart(13)}${'peak MB'.padStart(8)}${bh}${'load'.padStart(6)}`);
    printedHeader = true;
  }
  const b = baselines.map((k) => (r.base[k] === undefined ? '-'.padStart(11) + '-'.padStart(7) : r.base[k].toFixed(1).padStart(11) + (r.fps / r.base[k]).toFixed(2).padStart(7))).join('');
  console.log(`${r.profile.padEnd(8)}${String(r.aspect).padEnd(7)}${r.size.padEnd(11)}${String(r.lengthS).padStart(4)}${String(r.frames).padStart(8)}${r.wallS.toFixed(1).padStart(8)}${r.fps.toFixed(1).padStart(7)}${r.nodeCpuS.toFixed(1).padStart(11)}${r.ffmpegCpuS.toFixed(1).padStart(13)}${String(r.peakMb).padStart(8)}${b}${r.load.toFixed(1).padStart(6)}`);
}

await main();
