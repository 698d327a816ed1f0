/**
 * Scene transitions drawn by the real renderer (issue 27 item 4): a frame in the middle of a cut
 * differs from both scenes' static frames the way its kind says — the incoming scene shifted by a
 * measured offset (push, slide), uncovered up to an edge (wipe) or inside a circle (reveal),
 * grown about the centre (zoom-through), or blended (crossfade).
 */
import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleSentences, sampleSpeech, SAMPLE_PRODUCT_TEXT } from '../src/pipeline/render/sample.ts';
import { imageInfo } from '../src/pipeline/render/media.ts';
import { buildTimeline } from '../src/pipeline/timeline/build.ts';
import { easeInOut, MAX_KEN_BURNS_SCALE } from '../src/pipeline/timeline/motion.ts';
import type { TransitionKind } from '../src/pipeline/templates/types.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';
import type { Timeline } from '../src/pipeline/timeline/types.ts';

const W = 270;
const H = 480;
let dir = '';
let product: ProductFacts;
let infos: Awaited<ReturnType<typeof imageInfo>>[] = [];

/** An opaque picture with a column profile that matches itself only at one shift (a smooth random walk) and a tint per image. */
async function picture(file: string, seed: number, tint: [number, number, number]): Promise<void> {
  const w = 600;
  const h = 1066;
  const px = Buffer.alloc(w * h * 3);
  let v = 128;
  let s = seed;
  const col: number[] = [];
  for (let x = 0; x < w; x++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    v = Math.max(20, Math.min(235, v + ((s >>> 16) % 31) - 15));
    col.push(v);
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      px[i] = Math.round(col[x]! * tint[0]);
      px[i + 1] = Math.round(col[x]! * tint[1]);
      px[i + 2] = Math.round(((x * 255) / w) * tint[2] + (y * 60) / h);
    }
  await sharp(px, { raw: { width: w, height: h, channels: 3 } }).png().toFile(file);
}

before(async () => {
  registerFonts();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'motion-render-'));
  const a = path.join(dir, 'a.png');
  const b = path.join(dir, 'b.png');
  await picture(a, 1, [1, 0.3, 0.2]);
  await picture(b, 7, [0.2, 1, 0.9]);
  product = { ...SAMPLE_PRODUCT_TEXT, sellingPoints: [...SAMPLE_PRODUCT_TEXT.sellingPoints], targetAudience: 'everyone', imagePaths: [a, b], videoPaths: [] };
  infos = await Promise.all([a, b].map((f) => imageInfo(f)));
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Voice Over (full-bleed product, no presenter), still media, no text: only the media layer shows. */
function timeline(kind: TransitionKind, entrances = false): Timeline {
  const { script, speech } = sampleSpeech(sampleSentences(15));
  const s2 = { ...script, sentences: script.sentences.map((s, i) => ({ ...s, cue: { ...s.cue, imageIndex: i % 2 } })) };
  const t = buildTimeline({ script: s2, speech, product, templateId: 4, hasPresenter: false, visualStyle: null, aspectRatio: 0, caption: false, scale: 0.25, imageInfo: infos, effects: { transitions: true, motion: entrances ? 'random' : 'none' } });
  assert.equal(t.width, W);
  // A pan that stays put: the picture does not change between entrances (a still zoom is keyed per zoom step).
  if (entrances) for (const s of t.scenes) s.motion = { kind: 'pan', fromScale: MAX_KEN_BURNS_SCALE, toScale: MAX_KEN_BURNS_SCALE, fromX: 0, fromY: 0, toX: 0, toY: 0 };
  t.overlays = [];
  for (const s of t.scenes.slice(1)) s.transitionIn = { kind, durationMs: 400 };
  return t;
}

interface Frames {
  a: Buffer;
  b: Buffer;
  mid: Buffer;
  /** Eased progress of the cut in the middle frame. */
  e: number;
}

/** Scene 0's and scene 1's static frames and a frame near the middle of the cut between them. */
async function frames(kind: TransitionKind): Promise<Frames> {
  const t = timeline(kind);
  const s = t.scenes[1]!;
  const c = new Compositor(t, product, null, null, false);
  await c.prepare();
  const f = (ms: number) => Math.round((ms * t.fps) / 1000);
  const fm = f(s.startMs);
  const a = Buffer.from(await c.pixels(f(s.startMs - 400)));
  const mid = Buffer.from(await c.pixels(fm));
  const b = Buffer.from(await c.pixels(f(s.startMs + 400)));
  c.close();
  return { a, b, mid, e: easeInOut(0.5 + ((fm * 1000) / t.fps - s.startMs) / s.transitionIn.durationMs) };
}

const at = (buf: Buffer, x: number, y: number, ch: number) => buf[(y * W + x) * 4 + ch]!;

/** Mean absolute difference (RGB) of `mid` at columns x0..x1 against `src` at x - dx, over the middle rows. */
function diff(mid: Buffer, src: Buffer, x0: number, x1: number, dx = 0): number {
  let sum = 0;
  let n = 0;
  for (let y = 100; y < H - 100; y += 3)
    for (let x = Math.max(x0, dx); x < Math.min(x1, W + dx); x++) {
      for (let ch = 0; ch < 3; ch++) sum += Math.abs(at(mid, x, y, ch) - at(src, x - dx, y, ch));
      n += 3;
    }
  return n ? sum / n : Infinity;
}

/** The shift of `src` that best explains columns x0..x1 of `mid`. */
function bestShift(mid: Buffer, src: Buffer, x0: number, x1: number, from: number, to: number): { dx: number; err: number } {
  let best = { dx: 0, err: Infinity };
  for (let dx = from; dx <= to; dx++) {
    const err = diff(mid, src, Math.max(x0, dx), Math.min(x1, W + dx), dx);
    if (err < best.err) best = { dx, err };
  }
  return best;
}

/** Mean absolute difference of two frames inside a square around (cx, cy). */
function squareDiff(p: Buffer, q: Buffer, cx: number, cy: number, r: number): number {
  let sum = 0;
  let n = 0;
  for (let y = cy - r; y < cy + r; y++)
    for (let x = cx - r; x < cx + r; x++)
      for (let ch = 0; ch < 3; ch++) {
        sum += Math.abs(at(p, x, y, ch) - at(q, x, y, ch));
        n++;
      }
  return sum / n;
}

describe('scene transitions, drawn', () => {
  it('the two scenes differ (else nothing below could fail)', async () => {
    const { a, b } = await frames('crossfade');
    assert.ok(diff(a, b, 0, W) > 40);
  });

  it('push: both scenes move left together; the incoming one is shifted by (1 - e) of the width, the outgoing by -e', async () => {
    const { a, b, mid, e } = await frames('push');
    const edge = Math.round((1 - e) * W);
    assert.ok(edge > 40 && edge < W - 40, `mid-cut edge ${edge}`);
    const inB = bestShift(mid, b, edge + 3, W, 1, W - 20);
    assert.ok(Math.abs(inB.dx - edge) <= 2 && inB.err < 8, `incoming shift ${inB.dx} (want ${edge}), err ${inB.err.toFixed(1)}`);
    const outA = bestShift(mid, a, 0, edge - 3, -(W - 20), -1);
    assert.ok(Math.abs(outA.dx + (W - edge)) <= 2 && outA.err < 8, `outgoing shift ${outA.dx} (want ${-(W - edge)}), err ${outA.err.toFixed(1)}`);
    assert.ok(diff(mid, a, 0, W) > 20 && diff(mid, b, 0, W) > 20, 'the mid frame is neither scene');
  });

  it('push moves by whole pixels: both scenes are exact copies of themselves at rest, shifted (no resampling)', async () => {
    const { a, b, mid, e } = await frames('push');
    const edge = Math.round((1 - e) * W);
    const inB = bestShift(mid, b, edge + 1, W, 1, W - 20);
    const outA = bestShift(mid, a, 0, edge - 1, -(W - 20), -1);
    assert.ok(inB.err < 0.5 && outA.err < 0.5, `incoming err ${inB.err.toFixed(2)}, outgoing err ${outA.err.toFixed(2)} (a sub-pixel offset resamples: > 0.5)`);
  });

  it('slide: the incoming scene slides in by (1 - e) of the width over the outgoing one, which stays put', async () => {
    const { a, b, mid, e } = await frames('slide');
    const edge = Math.round((1 - e) * W);
    const inB = bestShift(mid, b, edge + 3, W, 1, W - 20);
    assert.ok(Math.abs(inB.dx - edge) <= 2 && inB.err < 8, `incoming shift ${inB.dx} (want ${edge}), err ${inB.err.toFixed(1)}`);
    // The outgoing scene stands still (under the incoming one's shadow near the edge).
    assert.ok(diff(mid, a, 0, edge - 16) < 4, `outgoing moved: ${diff(mid, a, 0, edge - 16).toFixed(1)}`);
    assert.ok(diff(mid, a, 0, W) > 20 && diff(mid, b, 0, W) > 20);
  });

  it('wipe: the incoming scene in place left of the edge, the outgoing in place right of it, an accent bar on the edge', async () => {
    const { a, b, mid, e } = await frames('wipe');
    const edge = Math.round(e * W);
    assert.ok(edge > 40 && edge < W - 40);
    assert.ok(diff(mid, b, 0, edge - 6) < 3, `left of the edge is the incoming scene: ${diff(mid, b, 0, edge - 6).toFixed(1)}`);
    assert.ok(diff(mid, a, edge + 6, W) < 3, `right of the edge is the outgoing scene: ${diff(mid, a, edge + 6, W).toFixed(1)}`);
    assert.ok(diff(mid, a, 0, edge - 6) > 20 && diff(mid, b, edge + 6, W) > 20);
    assert.ok(diff(mid, a, edge - 1, edge + 1) > 20 && diff(mid, b, edge - 1, edge + 1) > 20, 'the bar is neither scene');
  });

  it('reveal: the incoming scene inside a circle opening from the product centre, the outgoing one in the corners', async () => {
    const { a, b, mid, e } = await frames('reveal');
    assert.ok(e > 0.2 && e < 0.8);
    assert.ok(squareDiff(mid, b, W / 2, H / 2, 30) < 3, 'the centre is the incoming scene');
    for (const [x, y] of [[20, 20], [W - 20, 20], [20, H - 20], [W - 20, H - 20]] as const) {
      assert.ok(squareDiff(mid, a, x, y, 12) < 3, `corner ${x},${y} is the outgoing scene`);
      assert.ok(squareDiff(mid, b, x, y, 12) > 20);
    }
  });

  it('zoom-through: both scenes scaled about the centre — the middle frame matches a crossfade at the centre and departs from it towards the edges', async () => {
    const zoom = await frames('zoom');
    const fade = await frames('crossfade');
    assert.equal(zoom.e, fade.e);
    const centre = squareDiff(zoom.mid, fade.mid, W / 2, H / 2, 4);
    const far = (diff(zoom.mid, fade.mid, 0, 30) + diff(zoom.mid, fade.mid, W - 30, W)) / 2;
    assert.ok(centre < 4 && far > 8 && far > centre * 5, `centre ${centre.toFixed(1)}, edges ${far.toFixed(1)}`);
  });

  it('crossfade: the middle frame is the two scenes blended by e', async () => {
    const { a, b, mid, e } = await frames('crossfade');
    let sum = 0;
    let n = 0;
    for (let y = 0; y < H; y += 5)
      for (let x = 0; x < W; x += 3)
        for (let ch = 0; ch < 3; ch++) {
          sum += Math.abs(at(mid, x, y, ch) - (at(a, x, y, ch) * (1 - e) + at(b, x, y, ch) * e));
          n++;
        }
    assert.ok(sum / n < 3, `blend error ${(sum / n).toFixed(2)}`);
  });

  it('static spans stay static: only frames inside a transition or a product entrance (and the one after) are drawn whole; the rest are not drawn at all', async () => {
    const t = timeline('push', true);
    assert.ok(t.scenes.every((s) => s.entrance && s.entrance.durationMs > s.transitionIn.durationMs));
    const c = new Compositor(t, product, null, null);
    await c.prepare();
    const moving = new Set<number>([0]);
    for (const s of t.scenes) {
      const from = s.startMs - s.transitionIn.durationMs / 2;
      for (let f = 0; f < t.frames; f++) {
        const ms = (f * 1000) / t.fps;
        if (ms >= from && ms < from + s.entrance!.durationMs) moving.add(f);
      }
    }
    const windows = t.scenes.length;
    for (let f = 0; f < t.frames; f++) await c.pixels(f);
    c.close();
    assert.ok(c.stats.full >= moving.size && c.stats.full <= moving.size + windows, `full ${c.stats.full}, moving frames ${moving.size}`);
    assert.equal(c.stats.partial, 0);
    assert.equal(c.stats.unchanged, t.frames - c.stats.full);
    assert.ok(c.stats.unchanged > t.frames / 2);
  });
});
