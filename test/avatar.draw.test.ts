import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { PUBLIC_AVATARS } from '../src/catalog/catalog.data.ts';
import {
  buildAvatarTrack, createAvatarPainter, drawScene, lookFor, MOUTH_INTERIOR, NEUTRAL_POSE, renderAvatarCover, sampleNarration,
  type AvatarPainter, type AvatarPose, type AvatarTrack, type Rect,
} from '../src/pipeline/avatar/index.ts';
import { rgbOf } from '../src/pipeline/avatar/paint/color.ts';
import type { Script, Speech } from '../src/pipeline/types.ts';

const W = 540;
const H = 960;
const IDS = PUBLIC_AVATARS.map((a) => a.avatar_id);
const BG = '#E4ECF2';

function frame(painter: AvatarPainter, pose: AvatarPose): SKRSContext2D {
  const canvas = createCanvas(painter.width, painter.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, painter.width, painter.height);
  painter.draw(ctx, pose, 0, 0);
  return ctx;
}

function grow(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by };
}

/** Pixels in `r` within `tolerance` (RGB distance) of `hex`. */
function countNear(ctx: SKRSContext2D, r: Rect, hex: string, tolerance: number): number {
  const [R, G, B] = rgbOf(hex);
  const data = ctx.getImageData(r.x, r.y, r.width, r.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    const d = Math.hypot(data[i]! - R, data[i + 1]! - G, data[i + 2]! - B);
    if (d <= tolerance) n++;
  }
  return n;
}

function countWhite(ctx: SKRSContext2D, r: Rect): number {
  const data = ctx.getImageData(r.x, r.y, r.width, r.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! > 235 && data[i + 1]! > 235 && data[i + 2]! > 235) n++;
  return n;
}

function meanColor(ctx: SKRSContext2D, r: Rect): [number, number, number] {
  const data = ctx.getImageData(r.x, r.y, r.width, r.height).data;
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  const n = data.length / 4;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** The mouth-open measure of a rendered frame: dark mouth-interior pixels around the mouth. */
function mouthPixels(painter: AvatarPainter, pose: AvatarPose): number {
  return countNear(frame(painter, pose), grow(painter.layout.mouth, 24), MOUTH_INTERIOR, 14);
}

function renderTrack(painter: AvatarPainter, track: AvatarTrack): number[] {
  const canvas = createCanvas(painter.width, painter.height);
  const ctx = canvas.getContext('2d');
  const region = grow(painter.layout.mouth, 24);
  const out: number[] = [];
  for (let f = 0; f < track.frameCount; f++) {
    ctx.fillStyle = BG;
    ctx.fillRect(0, 0, painter.width, painter.height);
    painter.draw(ctx, track.poseAt(f), 0, 0);
    out.push(countNear(ctx, region, MOUTH_INTERIOR, 14));
  }
  return out;
}

/** Phoneme-class loudness per frame (vowels loud, consonants soft, silence 0): the sample's "energy". */
function phonemeEnergy(speech: Speech, frames: number, fps: number): number[] {
  const loud = (p: string) => (p.startsWith('_') ? 0 : /^[aAeEiIoOuU@03V&]/.test(p) ? 1 : /^[pbtdkg]$/.test(p) ? 0.15 : 0.35);
  return Array.from({ length: frames }, (_, f) => {
    const t = ((f + 1.5) * 1000) / fps; // the mouth leads the sound by one frame
    const p = speech.phonemes.find((x) => x.startMs <= t && t < x.endMs);
    return p ? loud(p.phoneme) : 0;
  });
}

describe('avatar painter', () => {
  it('draws all 12 presenters at every size and pose without error, only inside its box', () => {
    const { speech, script } = sampleNarration();
    const track = buildAvatarTrack({ speech, script, fps: 30, durationMs: speech.durationMs, seed: 1 });
    const poses = [NEUTRAL_POSE, ...[20, 45, 80, 100, 140, 180, 230].map((f) => track.poseAt(f))];
    for (const id of IDS) {
      for (const size of [{ width: W, height: H }, { width: 180, height: 300 }, { width: 1152, height: 1920 }, { width: 800, height: 450 }]) {
        for (const side of ['left', 'right'] as const) {
          const painter = createAvatarPainter(id, size, { productSide: side });
          assert.equal(painter.width, size.width);
          assert.equal(painter.height, size.height);
          if (size.width !== 180) continue;
          // Drawn at an offset on a bigger canvas: nothing lands outside the painter's box.
          const canvas = createCanvas(size.width + 40, size.height + 40);
          const ctx = canvas.getContext('2d');
          for (const pose of poses) painter.draw(ctx, pose, 20, 20);
          const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
          let inside = 0;
          for (let y = 0; y < canvas.height; y++) {
            for (let x = 0; x < canvas.width; x++) {
              const a = data[(y * canvas.width + x) * 4 + 3]!;
              const isInside = x >= 20 && x < 20 + size.width && y >= 20 && y < 20 + size.height;
              if (!isInside) assert.equal(a, 0, `avatar ${id} drew outside its box at ${x},${y}`);
              else if (a > 0) inside++;
            }
          }
          assert.ok(inside > size.width * size.height * 0.2, `avatar ${id} drew something`);
        }
      }
    }
  });

  it('rejects unknown avatars', () => {
    assert.throws(() => createAvatarPainter(999, { width: W, height: H }), RangeError);
  });

  it('opens the mouth in pixels by shape: D > C > B > A = X = 0', () => {
    for (const id of IDS) {
      const painter = createAvatarPainter(id, { width: W, height: H });
      const px = (viseme: AvatarPose['viseme'], mouthOpen: number) => mouthPixels(painter, { ...NEUTRAL_POSE, viseme, mouthOpen });
      const d = px('D', 0.85);
      const c = px('C', 0.55);
      const b = px('B', 0.2);
      assert.equal(px('X', 0), 0, `avatar ${id} rest`);
      assert.equal(px('A', 0), 0, `avatar ${id} closed`);
      assert.ok(d > c && c > b, `avatar ${id}: D ${d} C ${c} B ${b}`);
      assert.ok(d > 150, `avatar ${id}: wide open mouth shows ${d} px`);
    }
  });

  it('mouth-open measure from the rendered frames follows the speech: rises with energy, closes in pauses', () => {
    const { speech, script } = sampleNarration();
    const fps = 30;
    const track = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 5 });
    const energy = phonemeEnergy(speech, track.frameCount, fps);
    for (const id of [1, 6, 8]) {
      const painter = createAvatarPainter(id, { width: W, height: H });
      const pixels = renderTrack(painter, track);
      const r = pearson(pixels, energy);
      console.log(`avatar ${id}: sample narration, mouth pixels vs phoneme energy r = ${r.toFixed(2)}`);
      assert.ok(r > 0.5, `avatar ${id}: correlation of mouth pixels with speech energy ${r.toFixed(2)}`);
      const vowel = pixels.filter((_, f) => energy[f] === 1);
      const consonant = pixels.filter((_, f) => energy[f]! > 0 && energy[f]! < 0.5);
      const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      assert.ok(avg(vowel) > 1.5 * avg(consonant), `vowels ${avg(vowel).toFixed(0)} px vs consonants ${avg(consonant).toFixed(0)} px`);
      // Pauses between sentences: shut (two frames of slack at each edge).
      for (let i = 0; i + 1 < speech.sentences.length; i++) {
        const a = Math.ceil((speech.sentences[i]!.endMs * fps) / 1000) + 2;
        const b = Math.floor((speech.sentences[i + 1]!.startMs * fps) / 1000) - 2;
        for (let f = a; f < b; f++) assert.equal(pixels[f], 0, `avatar ${id} frame ${f} in a pause`);
      }
    }
  });

  it('blinks visibly: the eye whites disappear when the lids close', () => {
    for (const id of IDS) {
      const painter = createAvatarPainter(id, { width: W, height: H });
      const eyes = (blink: number) => {
        const ctx = frame(painter, { ...NEUTRAL_POSE, blink });
        return countWhite(ctx, grow(painter.layout.leftEye, 4)) + countWhite(ctx, grow(painter.layout.rightEye, 4));
      };
      const open = eyes(0);
      const half = eyes(0.5);
      const shut = eyes(1);
      assert.ok(open > 120, `avatar ${id}: open eyes show ${open} white px`);
      assert.ok(half < open * 0.8 && half > shut, `avatar ${id}: half-closed ${half}`);
      assert.ok(shut < open * 0.05, `avatar ${id}: closed eyes still show ${shut} white px`);
    }
    // And over a track: frames where the track blinks have closed eyes in the picture.
    const { speech, script } = sampleNarration();
    const track = buildAvatarTrack({ speech, script, fps: 30, durationMs: speech.durationMs, seed: 42 });
    const painter = createAvatarPainter(9, { width: W, height: H });
    const shutFrames = Array.from({ length: track.frameCount }, (_, f) => f).filter((f) => track.poseAt(f).blink >= 0.99);
    assert.ok(shutFrames.length > 0);
    for (const f of shutFrames) {
      const ctx = frame(painter, track.poseAt(f));
      assert.ok(countWhite(ctx, grow(painter.layout.leftEye, 12)) < 40, `frame ${f}`);
    }
  });

  it('raises the hands for gestures', () => {
    for (const id of [2, 8, 12]) {
      const painter = createAvatarPainter(id, { width: W, height: H });
      const skin = lookFor(id).skin;
      const body: Rect = { x: 0, y: Math.round(H * 0.58), width: W, height: Math.round(H * 0.3) };
      const hands = (pose: Partial<AvatarPose>) => countNear(frame(painter, { ...NEUTRAL_POSE, ...pose }), body, skin, 4);
      const rest = hands({});
      for (const gesture of ['open', 'point', 'count'] as const) {
        const up = hands({ gesture, gestureAmount: 1, countFingers: 3 });
        assert.ok(up > rest + 500, `avatar ${id} ${gesture}: ${up} skin px vs ${rest} at rest`);
      }
    }
  });

  it('gives the 12 presenters at least 5 distinct skin tones', () => {
    const tones = IDS.map((id) => {
      const painter = createAvatarPainter(id, { width: W, height: H });
      return meanColor(frame(painter, NEUTRAL_POSE), painter.layout.cheek);
    });
    const distinct: Array<[number, number, number]> = [];
    for (const t of tones) if (distinct.every((d) => Math.hypot(d[0] - t[0], d[1] - t[1], d[2] - t[2]) > 20)) distinct.push(t);
    assert.ok(distinct.length >= 5, `${distinct.length} distinct skin tones: ${tones.map((t) => t.map(Math.round).join(',')).join(' | ')}`);
  });
});

describe('scenes and covers', () => {
  it('draws each scene as a non-flat backdrop at any aspect ratio', () => {
    for (const id of IDS) {
      for (const [w, h] of [[540, 960], [960, 540], [400, 400]] as const) {
        const canvas = createCanvas(w, h);
        const ctx = canvas.getContext('2d');
        drawScene(ctx, id, w, h);
        const data = ctx.getImageData(0, 0, w, h).data;
        const colors = new Set<number>();
        for (let i = 0; i < data.length; i += 4 * 97) {
          assert.equal(data[i + 3], 255, `avatar ${id} scene covers the whole area`);
          colors.add((data[i]! >> 4) * 256 + (data[i + 1]! >> 4) * 16 + (data[i + 2]! >> 4));
        }
        assert.ok(colors.size > 8, `avatar ${id} ${w}x${h} scene has ${colors.size} colours`);
      }
    }
  });

  it('renders a 512x512 PNG cover per presenter, the same bytes every time, all different', async () => {
    const pixels: Uint8ClampedArray[] = [];
    for (const id of IDS) {
      const png = await renderAvatarCover(id);
      assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
      assert.equal(png.readUInt32BE(16), 512, 'width');
      assert.equal(png.readUInt32BE(20), 512, 'height');
      assert.ok((await renderAvatarCover(id)).equals(png), `avatar ${id} cover is deterministic`);
      const image = await loadImage(png);
      const ctx = createCanvas(512, 512).getContext('2d');
      ctx.drawImage(image, 0, 0);
      pixels.push(ctx.getImageData(0, 0, 512, 512).data);
    }
    let smallest = Infinity;
    for (let i = 0; i < pixels.length; i++) {
      for (let j = i + 1; j < pixels.length; j++) {
        let sum = 0;
        for (let k = 0; k < pixels[i]!.length; k += 4) {
          sum += Math.abs(pixels[i]![k]! - pixels[j]![k]!) + Math.abs(pixels[i]![k + 1]! - pixels[j]![k + 1]!) + Math.abs(pixels[i]![k + 2]! - pixels[j]![k + 2]!);
        }
        const mean = sum / ((pixels[i]!.length / 4) * 3);
        smallest = Math.min(smallest, mean);
        assert.ok(mean > 12, `covers ${IDS[i]} and ${IDS[j]} differ by only ${mean.toFixed(1)} per channel`);
      }
    }
    console.log(`smallest mean per-channel difference between two covers: ${smallest.toFixed(1)}`);
  });
});

// With the real speech stage and espeak-ng present, the same check on an actual utterance and its audio.
describe('with an espeak-ng utterance', () => {
  let dir = '';
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('mouth pixels rise with the WAV loudness and close in its silences', async (t) => {
    const service = path.resolve('src/pipeline/speech/speech.service.ts');
    if (!existsSync(service)) return t.skip('no speech stage');
    let speech: Speech;
    try {
      const { speak } = await import('../src/pipeline/speech/speech.service.ts');
      const { EspeakProcess } = await import('../src/pipeline/speech/espeak.client.ts');
      const { defaultVoice } = await import('../src/pipeline/speech/voice.catalog.ts');
      dir = await mkdtemp(path.join(os.tmpdir(), 'avatar-espeak-'));
      const engine = new EspeakProcess();
      try {
        speech = await speak({ sentences: ['Tired of lukewarm coffee?', 'Meet the Thermo bottle. It keeps drinks hot for twelve hours.'], voiceId: defaultVoice('english', 'female'), outDir: dir }, engine);
      } finally {
        await engine.close();
      }
    } catch (err) {
      return t.skip(`espeak-ng not usable here: ${(err as Error).message}`);
    }
    const fps = 30;
    const script: Script = {
      language: 'en', style: 'x', lengthS: 15, text: '', source: 'builtin',
      sentences: speech.sentences.map(() => ({ text: '.', cue: { kind: 'point', imageIndex: null, pointIndex: null, gesture: 'none', overlay: null } })),
    };
    const track = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 9 });
    const wav = readFileSync(speech.wavPath);
    const dataAt = wav.indexOf('data') + 8;
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + dataAt, wav.byteOffset + wav.length - ((wav.length - dataAt) % 2)));
    const rms = Array.from({ length: track.frameCount }, (_, f) => {
      // Audio heard during the next frame: the mouth leads by one.
      const a = Math.floor(((f + 1) * speech.sampleRate) / fps);
      const b = Math.min(samples.length, Math.floor(((f + 2) * speech.sampleRate) / fps));
      let sum = 0;
      for (let i = a; i < b; i++) sum += samples[i]! ** 2;
      return b > a ? Math.sqrt(sum / (b - a)) : 0;
    });
    const painter = createAvatarPainter(3, { width: W, height: H });
    const pixels = renderTrack(painter, track);
    const r = pearson(pixels, rms);
    console.log(`espeak utterance: ${speech.phonemes.length} phonemes, ${track.frameCount} frames, mouth pixels vs audio RMS r = ${r.toFixed(2)}`);
    assert.ok(r > 0.35, `correlation ${r.toFixed(2)}`);
    const peak = Math.max(...rms);
    const silent = rms.map((x, f) => (x < peak * 0.01 && (rms[f - 2] ?? 0) < peak * 0.01 && (rms[f + 2] ?? 0) < peak * 0.01 ? f : -1)).filter((f) => f >= 0);
    for (const f of silent) assert.equal(pixels[f], 0, `frame ${f} is silent but the mouth is open`);
  });
});
