import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createAvatarPainter, MOUTH_INTERIOR } from '../src/pipeline/avatar/index.ts';
import { outputSize } from '../src/pipeline/timeline/index.ts';
import type { Timeline } from '../src/pipeline/timeline/index.ts';
import { createPresenter, presenterPlacement } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { renderVideo, type RenderVideoResult } from '../src/pipeline/render/render-video.ts';
import { PREVIEW_SENTENCES, sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import type { Narration, ProductFacts } from '../src/pipeline/types.ts';

const run = promisify(execFile);

interface Probe {
  format: { duration: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; duration?: string; profile?: string; pix_fmt?: string }[];
}

async function ffprobe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as Probe;
}

/** Top-level MP4 box types in file order. */
function topBoxes(file: string): string[] {
  const buf = fs.readFileSync(file);
  const out: string[] = [];
  for (let off = 0; off + 8 <= buf.length; ) {
    let size = buf.readUInt32BE(off);
    out.push(buf.toString('latin1', off + 4, off + 8));
    if (size === 1) size = Number(buf.readBigUInt64BE(off + 8));
    if (size < 8) break;
    off += size;
  }
  return out;
}

async function checkFile(r: RenderVideoResult, ar: 0 | 1 | 2, scale: number, targetS: number): Promise<void> {
  const p = await ffprobe(r.videoPath);
  const v = p.streams.find((s) => s.codec_type === 'video')!;
  const a = p.streams.find((s) => s.codec_type === 'audio')!;
  assert.equal(v.codec_name, 'h264');
  assert.equal(v.pix_fmt, 'yuv420p');
  assert.equal(a.codec_name, 'aac');
  assert.deepEqual({ width: v.width, height: v.height }, outputSize(ar, scale));
  assert.deepEqual({ width: r.width, height: r.height }, outputSize(ar, scale));
  const vd = Number(v.duration);
  const ad = Number(a.duration);
  assert.ok(Math.abs(vd - targetS) <= targetS * 0.1, `video ${vd}s vs target ${targetS}s`);
  assert.ok(Math.abs(vd - ad) <= 1 / 30 + 1e-6, `audio ${ad}s and video ${vd}s within one frame`);
  assert.ok(Math.abs(vd - r.durationS) < 0.05);
  const boxes = topBoxes(r.videoPath);
  assert.ok(boxes.indexOf('moov') >= 0 && boxes.indexOf('moov') < boxes.indexOf('mdat'), `faststart: ${boxes.join(' ')}`);
}

let dir = '';
let product: ProductFacts;
let preview: Narration;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-test-'));
  product = await writeSampleProduct(path.join(dir, 'product'));
  preview = await sampleNarration(path.join(dir, 'preview'), PREVIEW_SENTENCES);
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('renderVideo', () => {
  it('renders a full-size 9:16 MP4 (H.264 + AAC, faststart) with cover and WebVTT, audio and video equal within a frame', async () => {
    let timeline: Timeline | null = null;
    const progress: number[] = [];
    const r = await renderVideo(
      { narration: preview, product, avatarId: 1, templateId: 1, visualStyle: 'Bold Pop', aspectRatio: 0, caption: true, outDir: path.join(dir, 'full'), onProgress: (f) => progress.push(f) },
      { onTimeline: (t) => (timeline = t) },
    );
    await checkFile(r, 0, 1, preview.speech.durationMs / 1000);
    assert.equal(r.frames, timeline!.frames);
    assert.equal(progress[progress.length - 1], 1);
    const cover = await ffprobe(r.coverPath);
    assert.equal(cover.streams[0]!.codec_name, 'mjpeg');
    assert.deepEqual([cover.streams[0]!.width, cover.streams[0]!.height], [1080, 1920]);
    const vtt = fs.readFileSync(r.vttPath!, 'utf8');
    assert.match(vtt, /^WEBVTT\n/);
    const firstCue = vtt.match(/^(\d\d:\d\d:\d\d\.\d\d\d) --> /m)![1];
    const w0 = preview.speech.words[0]!.startMs;
    assert.equal(firstCue, `00:00:00.${String(w0).padStart(3, '0')}`);
    const stamps = [...vtt.matchAll(/<(\d\d):(\d\d):(\d\d)\.(\d\d\d)>/g)].map((m) => Number(m[3]) * 1000 + Number(m[4]));
    const starts = new Set(preview.speech.words.map((w) => w.startMs));
    assert.ok(stamps.length > 0 && stamps.every((s) => starts.has(s)), 'every word stamp is a word start');
  });

  it('renders every template at every aspect ratio at a lower scale, with and without a presenter, clips included', async () => {
    const clip = path.join(dir, 'clip.mp4');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-pix_fmt', 'yuv420p', clip]);
    const withClip = { ...product, videoPaths: [clip] };
    const cases = [
      { templateId: 2, ar: 1, avatarId: 4, style: 'Clean Minimal' },
      { templateId: 3, ar: 2, avatarId: 2, style: 'Luxury Dark' },
      { templateId: 4, ar: 0, avatarId: null, style: 'Tech Neon' },
      { templateId: 5, ar: 1, avatarId: 3, style: 'Warm Lifestyle' },
      { templateId: 6, ar: 2, avatarId: 9, style: 'Soft Pastel' },
      { templateId: 1, ar: 1, avatarId: null, style: null },
    ] as const;
    for (const c of cases) {
      const narration = { ...preview, script: { ...preview.script, sentences: preview.script.sentences.map((s, i) => (i === 1 ? { ...s, cue: { ...s.cue, imageIndex: null } } : s)) } };
      const r = await renderVideo({ narration, product: withClip, avatarId: c.avatarId, templateId: c.templateId, visualStyle: c.style, aspectRatio: c.ar, caption: c.ar !== 1, scale: 0.25, outDir: path.join(dir, `t${c.templateId}-${c.ar}`) });
      await checkFile(r, c.ar, 0.25, preview.speech.durationMs / 1000);
      assert.equal(r.vttPath === null, c.ar === 1);
    }
  });

  it('takes scene effects (v2 disable_trans, disable_moving) through to the timeline it draws', async () => {
    let timeline: Timeline | null = null;
    const r = await renderVideo(
      { narration: preview, product, avatarId: null, templateId: 4, visualStyle: null, aspectRatio: 2, caption: false, scale: 0.25, effects: { transitions: false, motion: 'none' }, outDir: path.join(dir, 'effects') },
      { onTimeline: (t) => (timeline = t) },
    );
    await checkFile(r, 2, 0.25, preview.speech.durationMs / 1000);
    const t = timeline! as Timeline;
    assert.ok(t.scenes.length > 1);
    assert.ok(t.scenes.every((s) => s.transitionIn.kind === 'cut' && s.motion.fromScale === 1 && s.motion.toScale === 1 && s.motion.toX === 0 && s.motion.toY === 0));
  });

  it('sends only changed frames (timed) and still gives every frame: the same decoded frames as sending all of them', async () => {
    const narration = await sampleNarration(path.join(dir, 'timed'), sampleSentences(6));
    const input = { narration, product, avatarId: 1 as const, templateId: 1, visualStyle: null, aspectRatio: 0 as const, caption: true, scale: 0.25 };
    const sent: number[] = [];
    const timed = await renderVideo({ ...input, outDir: path.join(dir, 'timed-on') }, { onFrameSent: (f) => sent.push(f) });
    const all = await renderVideo({ ...input, outDir: path.join(dir, 'timed-off') }, { timed: false });
    // Some frames were not sent (the sample holds still between moves), so the test covers the gaps; the last one always is.
    assert.ok(sent.length > 0 && sent.length < timed.frames * 0.9, `${sent.length} of ${timed.frames} frames sent`);
    assert.deepEqual([sent[0], sent[sent.length - 1]], [0, timed.frames - 1]);
    const hashes = async (file: string) => (await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'framemd5', '-'])).stdout.split('\n').filter((l) => /^\d/.test(l)).map((l) => l.split(',').slice(1).join(','));
    const [a, b] = await Promise.all([hashes(timed.videoPath), hashes(all.videoPath)]);
    assert.equal(a.length, timed.frames, 'every frame is in the file');
    assert.equal(b.length, all.frames);
    const differ = a.filter((h, i) => h !== b[i]).length;
    assert.equal(differ, 0, `${differ} of ${a.length} frames differ`);
    await checkFile(timed, 0, 0.25, narration.speech.durationMs / 1000);
  });

  it('variable timing (vfr): the file holds only the frames sent, each at its own frame slot, and lasts the whole video', async () => {
    const narration = await sampleNarration(path.join(dir, 'vfr'), sampleSentences(4));
    const input = { narration, product, avatarId: 1 as const, templateId: 1, visualStyle: null, aspectRatio: 0 as const, caption: true, scale: 0.25 };
    const sent: number[] = [];
    let fps = 0;
    const r = await renderVideo({ ...input, outDir: path.join(dir, 'vfr-on') }, { vfr: true, onFrameSent: (f) => sent.push(f), onTimeline: (t) => (fps = t.fps) });
    assert.ok(sent.length < r.frames * 0.9, `${sent.length} of ${r.frames} frames sent`);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=time_base:packet=pts', '-of', 'json', r.videoPath]);
    const info = JSON.parse(stdout) as { streams: { time_base: string }[]; packets: { pts: number }[] };
    const [num, den] = info.streams[0]!.time_base.split('/').map(Number) as [number, number];
    const slots = info.packets.map((p) => (p.pts * num * fps) / den).sort((a, b) => a - b);
    assert.deepEqual(slots, sent, 'one packet per frame sent, at that frame\'s time exactly');
    // Decoded at the video's rate, every frame slot is there (the still ones repeat the frame before).
    const frames = (await run('ffmpeg', ['-v', 'error', '-i', r.videoPath, '-map', '0:v:0', '-vf', `fps=${fps}`, '-f', 'framemd5', '-'])).stdout.split('\n').filter((l) => /^\d/.test(l));
    assert.equal(frames.length, r.frames);
    await checkFile(r, 0, 0.25, narration.speech.durationMs / 1000);
  });

  it('decodes to the colours drawn: yuv420p made here and RGBA converted by ffmpeg alike (BT.601, tagged), every frame', async () => {
    const narration = await sampleNarration(path.join(dir, 'colours'), sampleSentences(4));
    const input = { narration, product, avatarId: 1 as const, templateId: 1, visualStyle: 'Bold Pop', aspectRatio: 0 as const, caption: true, scale: 0.25 };
    let t: Timeline | null = null;
    const yuv = await renderVideo({ ...input, outDir: path.join(dir, 'colours-yuv') }, { onTimeline: (x) => (t = x), seed: 7 });
    const rgba = await renderVideo({ ...input, outDir: path.join(dir, 'colours-rgba') }, { rgba: true, seed: 7 });
    const { width: w, height: h } = t!;
    // The pixels the compositor draws for a few frames (opaque RGBA), against each file decoded back to RGB.
    const picks = [0, 45, Math.floor(t!.frames / 2), t!.frames - 1];
    const c = new Compositor(t!, product, createPresenter(1, t!, narration.speech, narration.script), 1);
    await c.prepare();
    const drawn: Buffer[] = [];
    for (let f = 0; f <= picks[picks.length - 1]!; f++) {
      const px = await c.pixels(f);
      if (picks.includes(f)) drawn.push(Buffer.from(px));
    }
    c.close();
    const decode = async (file: string) => (await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v:0', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'], { encoding: 'buffer', maxBuffer: 1 << 28 })).stdout;
    // PSNR of 6x6-pixel block means: chroma subsampling and x264's loss mostly average out within a block, a colour matrix error does not.
    const B = 6;
    const psnr = (a: Buffer, ao: number, b: Buffer) => {
      let se = 0;
      let n = 0;
      for (let by = 0; by + B <= h; by += B)
        for (let bx = 0; bx + B <= w; bx += B)
          for (let k = 0; k < 3; k++) {
            let d = 0;
            for (let y = by; y < by + B; y++) for (let x = bx; x < bx + B; x++) d += a[ao + (y * w + x) * 3 + k]! - b[(y * w + x) * 4 + k]!;
            se += (d / (B * B)) ** 2;
            n++;
          }
      return 10 * Math.log10((255 * 255) / (se / n));
    };
    for (const [name, r] of [['yuv420p', yuv], ['rgba', rgba]] as const) {
      const rgb = await decode(r.videoPath);
      assert.equal(rgb.length, r.frames * w * h * 3, `${name}: every frame`);
      const scores = picks.map((f, i) => psnr(rgb, f * w * h * 3, drawn[i]!));
      // Measured 41.5-44.9 dB; with the stream tagged BT.709 over BT.601 data, 33.4-35.0 dB.
      assert.ok(scores.every((s) => s > 39), `${name}: PSNR against the drawn frames ${scores.map((s) => s.toFixed(1)).join(' ')} dB`);
    }
  });

  it('has no black or frozen stretch longer than a second', async () => {
    const narration = await sampleNarration(path.join(dir, 'long'), sampleSentences(12));
    for (const templateId of [1, 5]) {
      const r = await renderVideo({ narration, product, avatarId: 7, templateId, visualStyle: 'Luxury Dark', aspectRatio: 0, caption: true, scale: 0.25, outDir: path.join(dir, `long${templateId}`) });
      await checkFile(r, 0, 0.25, narration.speech.durationMs / 1000);
      const { stderr } = await run('ffmpeg', ['-v', 'info', '-nostats', '-i', r.videoPath, '-vf', 'blackdetect=d=1:pix_th=0.1,freezedetect=n=-60dB:d=1', '-an', '-f', 'null', '-']);
      assert.doesNotMatch(stderr, /black_start/, 'no black stretch');
      assert.doesNotMatch(stderr, /freeze_start/, 'no frozen stretch');
    }
  });
});

/** Frames of a region of a video as rgb24. */
async function regionFrames(file: string, box: { x: number; y: number; w: number; h: number }): Promise<Buffer[]> {
  const args = ['-v', 'error', '-i', file, '-vf', `crop=${box.w}:${box.h}:${box.x}:${box.y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const p = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    p.stdout.on('data', (d: Buffer) => chunks.push(d));
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`))));
  });
  const all = Buffer.concat(chunks);
  const size = box.w * box.h * 3;
  return Array.from({ length: Math.floor(all.length / size) }, (_, i) => all.subarray(i * size, (i + 1) * size));
}

/** RMS of the video's audio track per frame. */
async function audioRmsPerFrame(file: string, fps: number, frames: number): Promise<number[]> {
  const rate = 24000;
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 26 });
  const s = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 2));
  return Array.from({ length: frames }, (_, f) => {
    const a = Math.floor((f * rate) / fps);
    const b = Math.min(s.length, Math.floor(((f + 1) * rate) / fps));
    let sum = 0;
    for (let i = a; i < b; i++) sum += s[i]! * s[i]!;
    return b > a ? Math.sqrt(sum / (b - a)) / 32768 : 0;
  });
}

function pearson(x: number[], y: number[]): number {
  const n = Math.min(x.length, y.length);
  const mx = x.slice(0, n).reduce((a, b) => a + b, 0) / n;
  const my = y.slice(0, n).reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy || 1);
}

describe('the presenter in the rendered video', () => {
  it("opens the mouth with the speech energy and closes it in pauses (measured on decoded frames)", async () => {
    const narration = await sampleNarration(path.join(dir, 'mouth'), sampleSentences(8));
    let t: Timeline | null = null;
    const r = await renderVideo({ narration, product, avatarId: 1, templateId: 5, visualStyle: 'Soft Pastel', aspectRatio: 2, caption: false, scale: 0.5, outDir: path.join(dir, 'mouth-out') }, { onTimeline: (x) => (t = x) });
    const pl = presenterPlacement(t!.presenter!);
    const m = createAvatarPainter(1, { width: pl.width, height: pl.height }).layout.mouth;
    // The mouth box from the painter's layout, grown a little for head motion.
    const gx = Math.round(m.width * 0.1);
    const gy = Math.round(m.height * 0.4);
    const even = (n: number) => Math.floor(n / 2) * 2;
    const box = { x: even(pl.x + m.x - gx), y: even(pl.y + m.y - gy), w: even(m.width + gx * 2), h: even(m.height + gy * 2) };
    const frames = await regionFrames(r.videoPath, box);
    const [mr, mg, mb] = [1, 3, 5].map((i) => parseInt(MOUTH_INTERIOR.slice(i, i + 2), 16)) as [number, number, number];
    const open = frames.map((px) => {
      let n = 0;
      for (let i = 0; i < px.length; i += 3) {
        const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
        if (Math.abs(r - mr) + Math.abs(g - mg) + Math.abs(b - mb) < 48 && r > g + 22) n++;
      }
      return n;
    });
    const rms = await audioRmsPerFrame(r.videoPath, t!.fps, frames.length);
    // The mouth shape leads the sound by one frame (as animators do), so compare with the next frame's audio.
    const heard = rms.map((_, f) => rms[Math.min(rms.length - 1, f + 1)]!);
    const corr = pearson(open, heard);
    const peak = Math.max(...heard);
    const loud = open.filter((_, f) => heard[f]! > peak * 0.5);
    const quiet = open.filter((_, f) => heard[f]! < peak * 0.02);
    const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / Math.max(1, a.length);
    console.log(`mouth pixels vs audio RMS: r = ${corr.toFixed(2)}; loud mean ${mean(loud).toFixed(1)} px, quiet mean ${mean(quiet).toFixed(1)} px`);
    assert.ok(corr > 0.4, `correlation ${corr.toFixed(2)}`);
    assert.ok(mean(loud) > 3 * mean(quiet), 'open when loud, shut when quiet');
    // In the sentence pauses (350 ms) the mouth shuts: only the lip line shows.
    const shut = mean(loud) * 0.4;
    const fps = t!.fps;
    for (let i = 1; i < narration.speech.sentences.length; i++) {
      const gapStart = narration.speech.sentences[i - 1]!.endMs + 40;
      const gapEnd = narration.speech.sentences[i]!.startMs;
      // Late in the pause: past the relax time, before the next sentence's anticipation.
      const late = Math.round((gapStart + (gapEnd - gapStart) * 0.75) * fps / 1000);
      assert.ok(open[late]! < shut, `pause before sentence ${i}: frame ${late} mouth pixels ${open[late]}`);
    }
  });
});

describe('with real speech (espeak-ng through the speech stage)', () => {
  it('renders the engine’s narration with captions timed to its words', async (t) => {
    let speech: Narration['speech'];
    try {
      const { speak } = await import('../src/pipeline/speech/speech.service.ts');
      const { EspeakProcess } = await import('../src/pipeline/speech/espeak.client.ts');
      const { defaultVoice } = await import('../src/pipeline/speech/voice.catalog.ts');
      const engine = new EspeakProcess();
      try {
        speech = await speak({ sentences: ['Tired of dull skin?', 'Meet Lumen Glow Serum, only twenty nine dollars.'], voiceId: defaultVoice('english', 'female'), outDir: path.join(dir, 'espeak') }, engine);
      } finally {
        await engine.close();
      }
    } catch (err) {
      return t.skip(`espeak-ng not usable here: ${(err as Error).message}`);
    }
    const cue = (kind: 'hook' | 'cta', imageIndex: number) => ({ kind, imageIndex, pointIndex: null, gesture: 'none' as const, overlay: null });
    const narration: Narration = {
      script: {
        language: 'english', style: 'Discovery', lengthS: 15, source: 'builtin', text: 'Tired of dull skin? Meet Lumen Glow Serum, only twenty nine dollars.',
        sentences: [{ text: 'Tired of dull skin?', cue: cue('hook', 0) }, { text: 'Meet Lumen Glow Serum, only twenty nine dollars.', cue: cue('cta', 1) }],
      },
      speech,
      mixedAudioPath: speech.wavPath,
      musicId: null,
    };
    const r = await renderVideo({ narration, product, avatarId: 5, templateId: 1, visualStyle: null, aspectRatio: 0, caption: true, scale: 0.25, outDir: path.join(dir, 'espeak-out') });
    await checkFile(r, 0, 0.25, speech.durationMs / 1000);
    const vtt = fs.readFileSync(r.vttPath!, 'utf8');
    const ms = (h: string, m: string, s: string, f: string) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f);
    const cueStarts = [...vtt.matchAll(/^(\d\d):(\d\d):(\d\d)\.(\d\d\d) --> /gm)].map((m) => ms(m[1]!, m[2]!, m[3]!, m[4]!));
    const stamps = [...vtt.matchAll(/<(\d\d):(\d\d):(\d\d)\.(\d\d\d)>/g)].map((m) => ms(m[1]!, m[2]!, m[3]!, m[4]!));
    const wordStarts = speech.words.map((w) => Math.round(w.startMs));
    assert.deepEqual([...cueStarts, ...stamps].sort((a, b) => a - b), wordStarts, 'every word starts a cue or has a timestamp, at its engine time');
  });
});
