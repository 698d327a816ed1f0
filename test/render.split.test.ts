import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { planRender, renderVideo, type RenderVideoInput, type RenderVideoResult } from '../src/pipeline/render/render-video.ts';
import { encodeArgs, joinSegmentsArgs, segmentAudioArgs, segmentEncodeArgs } from '../src/pipeline/render/ffmpeg-args.ts';
import { planPath, readPlan, renderSegment, renderVideoSplit, segmentCount, segmentPath, segmentRanges, writePlan, type SegmentDispatch, type SegmentPlan } from '../src/pipeline/render/render-segments.ts';
import { DEFAULT_ENCODE } from '../src/pipeline/render/ffmpeg-args.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { countedFrames, pcmDigest } from './support/media-probe.ts';

const run = promisify(execFile);

/** Keyframe positions of the video stream (frame numbers). */
async function keyframes(file: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=key_frame', '-of', 'csv=p=0', file], { maxBuffer: 1 << 26 });
  // Side data adds empty lines: one frame per non-empty line.
  const lines = stdout.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  return lines.flatMap((l, i) => (l.startsWith('1') ? [i] : []));
}

/** framemd5 of each decoded video frame. */
async function frameHashes(file: string): Promise<string[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'framemd5', '-'], { maxBuffer: 1 << 24 });
  return stdout.split('\n').filter((l) => /^\d/.test(l)).map((l) => l.split(',').slice(1).join(','));
}

/** Every segment rendered in this process, in order: what a dispatch does when no other worker takes one. */
function localDispatch(dir: string, helpers: number): SegmentDispatch & { rendered: number[] } {
  const rendered: number[] = [];
  return {
    dir,
    rendered,
    idleHelpers: async () => helpers,
    offer: async () => undefined,
    collect: async (count, renderHere) => {
      for (let k = 1; k < count; k++) {
        await renderHere(k);
        rendered.push(k);
      }
    },
    withdraw: async () => undefined,
  };
}

let dir = '';
let input: RenderVideoInput;
let whole: RenderVideoResult;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-split-'));
  const product = await writeSampleProduct(path.join(dir, 'product'));
  const narration = await sampleNarration(path.join(dir, 'narration'), sampleSentences(32));
  input = { narration, product, avatarId: 1, templateId: 1, visualStyle: 'Bold Pop', aspectRatio: 0, caption: true, scale: 0.25, outDir: path.join(dir, 'whole') };
  whole = await renderVideo(input);
});
after(() => {
  if (dir && !process.env.KEEP) fs.rmSync(dir, { recursive: true, force: true });
});

describe('segment cuts', () => {
  it('cuts at keyframe-interval multiples, covering every frame once', () => {
    const r = segmentRanges(1800, 60, 4);
    assert.equal(r.length, 4);
    assert.equal(r[0]!.from, 0);
    assert.equal(r.at(-1)!.to, 1800);
    for (let k = 1; k < r.length; k++) {
      assert.equal(r[k]!.from, r[k - 1]!.to);
      assert.equal(r[k]!.from % 60, 0);
    }
    assert.deepEqual(segmentRanges(100, 60, 4), [{ from: 0, to: 60 }, { from: 60, to: 100 }]);
    // GOPs that do not share out evenly: the video job's own range (0) gets the fewer, since it also encodes the audio and joins.
    assert.deepEqual(segmentRanges(970, 60, 2), [{ from: 0, to: 480 }, { from: 480, to: 970 }]);
    const three = segmentRanges(1500, 60, 3).map((r) => r.to - r.from);
    assert.ok(three[0]! <= Math.min(...three), `segment lengths ${three.join(' ')}`);
  });
  it('splits only videos of 30 s or more, at most one segment per 15 s, at most one per idle worker plus this one', () => {
    assert.equal(segmentCount(29.9, 5), 1);
    assert.equal(segmentCount(30, 5), 2);
    assert.equal(segmentCount(60, 1), 2);
    assert.equal(segmentCount(60, 0), 1);
    assert.equal(segmentCount(61, 9), 5);
  });
});

describe('split render: ffmpeg arguments (data)', () => {
  it('segments are video only with the one-piece keyframe interval; the audio is encoded alone with the one-piece audio arguments; the join copies both', () => {
    const seg = segmentEncodeArgs({ width: 540, height: 960, fps: 30, frames: 450, outPath: 's.mp4' });
    assert.ok(seg.includes('-an'));
    assert.equal(seg[seg.indexOf('-frames:v') + 1], '450');
    assert.equal(seg[seg.indexOf('-g') + 1], '60');
    const join = joinSegmentsArgs({ listPath: 'l.txt', fps: 30, frames: 900, encodedAudioPath: 'a.m4a', outPath: 'v.mp4' });
    assert.deepEqual(join.slice(join.indexOf('-f'), join.indexOf('-f') + 6), ['-f', 'concat', '-safe', '0', '-i', 'l.txt']);
    assert.equal(join[join.indexOf('-c:v') + 1], 'copy');
    assert.equal(join[join.indexOf('-c:a') + 1], 'copy');
    const audioOnly = segmentAudioArgs({ fps: 30, frames: 900, audioPath: 'mix.wav', outPath: 'a.m4a' });
    const one = encodeArgs({ width: 540, height: 960, fps: 30, frames: 900, audioPath: 'mix.wav', outPath: 'v.mp4' });
    const audio = (a: string[]) => a.slice(a.indexOf('-af'), a.indexOf('-ac') + 2);
    assert.deepEqual(audio(audioOnly), audio(one));
  });
});

describe('split render', () => {
  it('a fresh compositor starting at a seam draws the pixels a one-piece render draws there', async () => {
    const { timeline } = await planRender(input);
    const seam = segmentRanges(timeline.frames, 2 * timeline.fps, 3)[1]!.from;
    const draw = async (from: number) => {
      const c = new Compositor(timeline, input.product, createPresenter(1, timeline, input.narration.speech, input.narration.script), 1, true, null);
      await c.prepare();
      try {
        let px: Buffer | null = null;
        for (let f = from; f <= seam + 1; f++) px = Buffer.from(await c.pixels(f));
        return px!;
      } finally {
        c.close();
      }
    };
    const sequential = await draw(seam - 10);
    const fresh = await draw(seam);
    assert.ok(sequential.equals(fresh), 'frame after the seam differs between a sequential and a fresh start');
  });

  it('a segment sends only its changed frames (timed) and decodes to the same frames as one sending all of them', async () => {
    const { timeline } = await planRender(input);
    const ranges = segmentRanges(timeline.frames, 2 * timeline.fps, 3);
    const { onProgress, signal, ...rest } = input;
    const plan: SegmentPlan = { input: rest, seed: timeline.seed, settings: DEFAULT_ENCODE, ranges, timeline };
    const sent: number[] = [];
    const timedPath = path.join(dir, 'seg1-timed.mp4');
    const rawPath = path.join(dir, 'seg1-raw.mp4');
    await renderSegment(plan, 1, timedPath, { onFrameSent: (f) => sent.push(f) });
    // Without the timeline in the plan: built again from the input, the same frames.
    await renderSegment({ ...plan, timeline: undefined }, 1, rawPath, { timed: false });
    const { from, to } = ranges[1]!;
    assert.ok(sent.length > 0 && sent.length < (to - from) * 0.9, `${sent.length} of ${to - from} frames sent`);
    assert.deepEqual([sent[0], sent.at(-1)], [from, to - 1]);
    const [a, b] = await Promise.all([frameHashes(timedPath), frameHashes(rawPath)]);
    assert.equal(a.length, to - from, 'every frame of the segment is in the file');
    assert.equal(b.length, to - from);
    const differ = a.filter((h, i) => h !== b[i]).length;
    assert.equal(differ, 0, `${differ} of ${a.length} frames differ`);
  });

  it('a segment worker draws the timeline shipped in the plan file (deep-equal to the one built), the frames of one built again', async () => {
    const { timeline } = await planRender(input);
    const ranges = segmentRanges(timeline.frames, 2 * timeline.fps, 3);
    const { onProgress, signal, ...rest } = input;
    const planDir = path.join(dir, 'shipped');
    await writePlan(planDir, { input: rest, seed: timeline.seed, settings: DEFAULT_ENCODE, ranges, timeline });
    const back = await readPlan(planDir);
    assert.ok(back.timeline);
    assert.deepStrictEqual(back.timeline, timeline);
    // What a segment job runs, in a fresh process (the plan file only: no timeline built, no fonts
    // registered by planRender), against a segment whose timeline is built again from the input.
    await run(process.execPath, ['--import', 'tsx', 'test/support/render-planned-segment.ts', planDir, '2'], { maxBuffer: 1 << 24 });
    const rebuilt = path.join(dir, 'seg2-rebuilt.mp4');
    await renderSegment({ ...back, timeline: undefined }, 2, rebuilt);
    const [a, b] = await Promise.all([frameHashes(segmentPath(planDir, 2)), frameHashes(rebuilt)]);
    assert.equal(a.length, ranges[2]!.to - ranges[2]!.from);
    assert.deepEqual(a, b);
  });

  it('joins 3 segments frame-exactly (ffprobe -count_frames), a keyframe at each segment start, audio equal sample for sample', async () => {
    const dispatch = localDispatch(path.join(dir, 'split-work'), 2);
    const split = await renderVideoSplit({ ...input, outDir: path.join(dir, 'split') }, {}, dispatch);
    assert.deepEqual(dispatch.rendered, [1, 2]);
    assert.ok(fs.existsSync(segmentPath(dispatch.dir, 2)));
    assert.equal(split.frames, whole.frames);
    assert.equal(await countedFrames(split.videoPath), whole.frames);
    assert.equal(await countedFrames(whole.videoPath), whole.frames);
    const { timeline } = await planRender(input);
    const starts = segmentRanges(timeline.frames, 2 * timeline.fps, 3).map((r) => r.from);
    const keys = new Set(await keyframes(split.videoPath));
    for (const s of starts) assert.ok(keys.has(s), `segment start ${s} is a keyframe (${[...keys].join(' ')})`);
    const [a, b] = [await pcmDigest(whole.videoPath), await pcmDigest(split.videoPath)];
    assert.ok(a.bytes > 48_000 * 2 * 2 * 30, `audio of ${a.bytes} bytes`);
    assert.deepEqual(b, a);
    // The audio track was measured before the join (the same samples): the one-piece render's figures.
    assert.ok(split.audio && whole.audio);
    assert.deepEqual(split.audio, whole.audio);
    assert.ok(fs.statSync(split.coverPath).size > 1000);
    assert.ok(split.vttPath && fs.readFileSync(split.vttPath, 'utf8').startsWith('WEBVTT'));
  });

  it('renders in one piece without a dispatch, or when no other worker is idle', async () => {
    const idle0 = localDispatch(path.join(dir, 'idle0'), 0);
    const r = await renderVideoSplit({ ...input, outDir: path.join(dir, 'one') }, {}, idle0);
    assert.equal(fs.existsSync(planPath(idle0.dir)), false);
    assert.equal(await countedFrames(r.videoPath), whole.frames);
  });
});
