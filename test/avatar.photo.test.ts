import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { buildAvatarTrack, NEUTRAL_POSE, sampleNarration, type AvatarPose, type Rect } from '../src/pipeline/avatar/index.ts';
import { FacePool } from '../src/pipeline/avatar/photo/face.pool.ts';
import { createPhotoPainter, framePhoto, type PhotoPainter } from '../src/pipeline/avatar/photo/photo.painter.ts';
import type { PhotoRig } from '../src/pipeline/avatar/photo/photo.rig.ts';
import type { Speech } from '../src/pipeline/types.ts';
import { noFacePhoto, portraitPhoto, smallFacePhoto, twoFacesPhoto } from './support/face-photos.ts';

const W = 540;
const H = 720;
const pool = new FacePool();
let rig: PhotoRig;
let painter: PhotoPainter;

before(async () => {
  const bytes = await portraitPhoto();
  const verdict = await pool.analyse(bytes);
  assert.ok(verdict.ok, verdict.ok ? '' : verdict.reason);
  rig = verdict.rig;
  painter = createPhotoPainter(await loadImage(bytes), rig, { width: W, height: H });
});
after(() => pool.close());

function frame(pose: Partial<AvatarPose>): SKRSContext2D {
  const ctx = createCanvas(W, H).getContext('2d');
  painter.draw(ctx, { ...NEUTRAL_POSE, ...pose }, 0, 0);
  return ctx;
}

const pixels = (ctx: SKRSContext2D) => ctx.getImageData(0, 0, W, H).data;

/** Dark-red mouth-interior pixels (the shading runs #2A0C10 … #6E2A2C) around the mouth: the opening measure. */
function mouthDark(ctx: SKRSContext2D): number {
  const r = painter.layout.mouth;
  const d = ctx.getImageData(r.x, r.y, r.width, r.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const [r, g, b] = [d[i]!, d[i + 1]!, d[i + 2]!];
    if (r <= 125 && r >= 30 && g <= r * 0.55 && b <= r * 0.6) n++;
  }
  return n;
}

function meanAbsDiff(a: Uint8ClampedArray, b: Uint8ClampedArray, r: Rect): number {
  let sum = 0;
  let n = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      const i = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(a[i + c]! - b[i + c]!);
      n++;
    }
  }
  return sum / n;
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

/** Phoneme-class loudness per frame (vowels loud, consonants soft, silence 0), as the drawn presenters' test. */
function phonemeEnergy(speech: Speech, frames: number, fps: number): number[] {
  const loud = (p: string) => (p.startsWith('_') ? 0 : /^[aAeEiIoOuU@03V&]/.test(p) ? 1 : /^[pbtdkg]$/.test(p) ? 0.15 : 0.35);
  return Array.from({ length: frames }, (_, f) => {
    const t = ((f + 1.5) * 1000) / fps;
    const p = speech.phonemes.find((x) => x.startMs <= t && t < x.endMs);
    return p ? loud(p.phoneme) : 0;
  });
}

describe('photo presenter: face analysis (worker thread)', () => {
  it('finds the one face and its 68 landmarks in a portrait cut from the package sample', () => {
    assert.equal(rig.landmarks.length, 68);
    assert.ok(rig.face.height >= 256, `face ${rig.face.height} px`);
    for (const [x, y] of rig.landmarks) assert.ok(x > 0 && y > 0 && x < rig.width && y < rig.height);
    const [l, r, nose, chin] = [rig.landmarks[36]!, rig.landmarks[45]!, rig.landmarks[30]!, rig.landmarks[8]!];
    // Anatomy, loosely (the head is tilted): eyes apart, the nose between them along the eye line,
    // the chin farther below that line than the nose.
    const ax = r[0] - l[0];
    const ay = r[1] - l[1];
    const eyes = Math.hypot(ax, ay);
    assert.ok(eyes > rig.face.width * 0.4, `eyes ${eyes.toFixed(0)} px apart`);
    const along = ((nose[0] - l[0]) * ax + (nose[1] - l[1]) * ay) / eyes ** 2;
    assert.ok(along > 0.2 && along < 0.8, `nose at ${along.toFixed(2)} of the eye line`);
    const below = (p: [number, number]) => ((p[1] - l[1]) * ax - (p[0] - l[0]) * ay) / eyes;
    assert.ok(below(chin) > below(nose) && below(nose) > 0, `nose ${below(nose).toFixed(0)} chin ${below(chin).toFixed(0)}`);
  });

  it('cuts the person out (selfie segmentation): a plausible mask; the box keeps the photo\'s own background', async () => {
    assert.ok(rig.mask, 'a person mask');
    const mask = Buffer.from(rig.mask!, 'base64');
    assert.equal(mask.length, 256 * 256);
    // The face centre is person, the photo's top-left corner (the room) is not.
    const at = (x: number, y: number) => mask[Math.floor((y / rig.height) * 256) * 256 + Math.floor((x / rig.width) * 256)]!;
    assert.ok(at(rig.face.x + rig.face.width / 2, rig.face.y + rig.face.height / 2) > 200);
    assert.ok(at(5, 5) < 60);
    // In the painter's box, the top-left corner is the photo's own background where framePhoto cut it (no studio backdrop).
    const crop = framePhoto(rig, W, H);
    const src = createCanvas(rig.width, rig.height).getContext('2d');
    src.drawImage(await loadImage(await portraitPhoto()), 0, 0);
    const d = frame({}).getImageData(4, 4, 1, 1).data;
    const o = src.getImageData(Math.round(crop.x + (4 * crop.w) / W), Math.round(crop.y + (4 * crop.h) / H), 1, 1).data;
    assert.ok(Math.abs(d[0]! - o[0]!) + Math.abs(d[1]! - o[1]!) + Math.abs(d[2]! - o[2]!) < 30, `corner ${[...d].join()} vs photo ${[...o].join()}`);
  });

  it('refuses a landscape with no face, two faces, a face under 256 px and a file that is not a photo', async () => {
    const cases: Array<[Promise<Uint8Array> | Uint8Array, RegExp]> = [
      [noFacePhoto(), /no face/],
      [twoFacesPhoto(), /2 faces/],
      [smallFacePhoto(), /at least 256 px/],
      [new TextEncoder().encode('<html>not a photo</html>'), /not a photo/],
    ];
    for (const [bytes, reason] of cases) {
      const verdict = await pool.analyse(await bytes);
      assert.equal(verdict.ok, false);
      if (!verdict.ok) assert.match(verdict.reason, reason);
    }
  });

  it('refuses a photo that takes longer than its time budget (the worker thread is ended)', async () => {
    const slow = new FacePool(1, 1);
    try {
      const verdict = await slow.analyse(await portraitPhoto());
      assert.equal(verdict.ok, false);
      if (!verdict.ok) assert.match(verdict.reason, /took longer than/);
    } finally {
      await slow.close();
    }
  });
});

describe('photo presenter: painter', () => {
  it('leaves every pixel alone in a still pose, and outside the head and neck in any pose', () => {
    const still = pixels(frame({}));
    assert.deepEqual(pixels(frame({})), still);
    const m = painter.warpBounds;
    assert.ok(m.width * m.height < W * H * 0.6, `warp area ${m.width}x${m.height}`);
    const f = rig.face;
    for (const pose of [{ viseme: 'D' as const, mouthOpen: 0.85, blink: 1 }, { headTiltDeg: 2.5, headOffsetX: 0.02, headOffsetY: -0.01, viseme: 'E' as const, mouthOpen: 0.5 }]) {
      const moved = pixels(frame(pose));
      let changedInside = 0;
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const i = (y * W + x) * 4;
          const same = moved[i] === still[i] && moved[i + 1] === still[i + 1] && moved[i + 2] === still[i + 2];
          const inside = x >= m.x && x < m.x + m.width && y >= m.y && y < m.y + m.height;
          if (!inside) assert.ok(same, `pixel ${x},${y} outside the head changed`);
          else if (!same) changedInside++;
        }
      }
      assert.ok(changedInside > 500, `${changedInside} pixels changed in the head`);
    }
    assert.ok(f.width > 0);
  });

  it('opens the mouth by the shape: D > C > B > closed, closed shows no interior', () => {
    const closed = mouthDark(frame({ viseme: 'A', mouthOpen: 0 }));
    const b = mouthDark(frame({ viseme: 'B', mouthOpen: 0.2 }));
    const c = mouthDark(frame({ viseme: 'C', mouthOpen: 0.55 }));
    const d = mouthDark(frame({ viseme: 'D', mouthOpen: 0.85 }));
    assert.ok(d > c && c > b && b > closed, `D ${d} C ${c} B ${b} closed ${closed}`);
    assert.ok(d - closed > 300, `wide open adds ${d - closed} px of interior`);
  });

  it('mouth-open measure from the rendered frames follows the speech: rises with energy, closes in pauses', () => {
    const { speech, script } = sampleNarration();
    const fps = 30;
    const track = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 5 });
    const energy = phonemeEnergy(speech, track.frameCount, fps);
    const ctx = createCanvas(W, H).getContext('2d');
    const rest = mouthDark(frame({}));
    const measure: number[] = [];
    for (let f = 0; f < track.frameCount; f++) {
      painter.draw(ctx, track.poseAt(f), 0, 0);
      measure.push(mouthDark(ctx) - rest);
    }
    const r = pearson(measure, energy);
    console.log(`photo presenter: mouth pixels vs phoneme energy r = ${r.toFixed(2)}`);
    assert.ok(r > 0.5, `correlation ${r.toFixed(2)}`);
    const peak = Math.max(...measure);
    for (let i = 0; i + 1 < speech.sentences.length; i++) {
      const a = Math.ceil((speech.sentences[i]!.endMs * fps) / 1000) + 2;
      const b = Math.floor((speech.sentences[i + 1]!.startMs * fps) / 1000) - 2;
      for (let f = a; f < b; f++) assert.ok(measure[f]! <= peak * 0.03, `frame ${f} in a pause shows ${measure[f]} px of open mouth`);
    }
  });

  it('changes the eye regions at blinks and only there', () => {
    const open = pixels(frame({}));
    const shut = pixels(frame({ blink: 1 }));
    for (const eye of [painter.layout.leftEye, painter.layout.rightEye]) {
      const d = meanAbsDiff(open, shut, eye);
      assert.ok(d > 6, `eye region changed by ${d.toFixed(1)} on a blink`);
    }
    const talking = pixels(frame({ viseme: 'D', mouthOpen: 0.85 }));
    for (const eye of [painter.layout.leftEye, painter.layout.rightEye]) assert.equal(meanAbsDiff(open, talking, eye), 0);
  });
});
