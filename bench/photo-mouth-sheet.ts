/**
 * npm run sheet:photo-mouth -- OUT.png — the photo presenter's mouth, for looking at: a row of
 * close-ups at rest and on A (wide open vowel, viseme D), E (C), O (rounded, E), M/B/P (closed, A)
 * and F/V (G), then a 2 s strip at 25 fps of the sample narration. The portrait is the one the
 * tests use (face-api's sample1). docs/images/photo-mouth-before-after.jpg is two such sheets, before and after.
 * With --video: the same sheet of a video presenter (the same mouth model, mouth.model.ts, on each
 * frame's tracked landmarks): a 2 s clip of the portrait swaying (test/support/face-clips.ts) is
 * tracked like POST /v1/avatar/create does and played as the presenter's loop
 * (docs/images/video-presenter-mouth.png).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loopFramesOf } from '../src/avatars/video-avatar.files.ts';
import type { AvatarPainter } from '../src/pipeline/avatar/avatar.types.ts';
import { createVideoPainter } from '../src/pipeline/avatar/video/video.painter.ts';
import { judgeClip } from '../src/pipeline/avatar/video/video.track.ts';
import { makeFaceClip, SWAY } from '../test/support/face-clips.ts';
import { buildAvatarTrack, NEUTRAL_POSE, sampleNarration, type AvatarPose, type Viseme } from '../src/pipeline/avatar/index.ts';
import { VISEME_OPENNESS } from '../src/pipeline/avatar/mouth.track.ts';
import { createPhotoPainter, FacePool, type PhotoRig } from '../src/pipeline/avatar/photo/index.ts';
import { portraitPhoto } from '../test/support/face-photos.ts';

const video = process.argv.includes('--video');
const out = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'photo-mouth.png';
const rigCache = process.env.RIG_CACHE;
const bytes = await portraitPhoto();
let rig: PhotoRig;
const cached = rigCache ? await fs.readFile(rigCache, 'utf8').catch(() => null) : null;
if (cached) rig = JSON.parse(cached) as PhotoRig;
else {
  const pool = new FacePool();
  const v = await pool.analyse(bytes);
  await pool.close();
  if (!v.ok) throw new Error(v.reason);
  rig = v.rig;
  if (rigCache) await fs.writeFile(rigCache, JSON.stringify(rig));
}
const W = 540;
const H = 900;
let painter: AvatarPainter = createPhotoPainter(await loadImage(bytes), rig, { width: W, height: H });
if (video) {
  // The clip: 2 s of the portrait swaying at 540x960 (the photo painter makes it), tracked.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'video-mouth-sheet-'));
  const clip = path.join(dir, 'clip.mp4');
  const fps = 25;
  await makeFaceClip({ photo: bytes, rig, width: 540, height: 960, fps, seconds: 2, motion: SWAY, out: clip });
  const pool = new FacePool();
  const r = await pool.trackVideo({ path: clip, width: 540, height: 960, fps, decodeMaxSide: 960, maxFrames: 1000 });
  await pool.close();
  const v = judgeClip({ durationS: 10, fps, width: 540, height: 960 }, r);
  if (!v.ok) throw new Error(v.reason);
  await fs.mkdir(path.join(dir, 'f'));
  const frames = await loopFramesOf(clip, path.join(dir, 'f'));
  painter = createVideoPainter({ kind: 'video', width: 540, height: 960, fps, frames, landmarks: v.landmarks }, { width: W, height: H });
  await fs.rm(dir, { recursive: true, force: true });
}
const f = painter.layout.mouth!;
// A close-up: the lower half of the face, square around the mouth.
const side = Math.round(f.width * 1.9);
const cx = f.x + f.width / 2;
const cy = f.y + f.height / 2 + f.height * 0.15;
const crop = { x: Math.round(cx - side / 2), y: Math.round(cy - side / 2), w: side, h: side };
const CELL = 200;
const shapes: [string, Viseme][] = [['rest', 'X'], ['A', 'D'], ['E', 'C'], ['O', 'E'], ['M/B/P', 'A'], ['F/V', 'G']];
const { speech, script } = sampleNarration();
const track = buildAvatarTrack({ speech, script, fps: 25, durationMs: speech.durationMs, seed: 3 });
const strip = 50;
const perRow = 10;
const rows = 1 + Math.ceil(strip / perRow);
const sheet = createCanvas(perRow * 120, CELL + 28 + (rows - 1) * 120);
const sctx = sheet.getContext('2d');
sctx.fillStyle = '#111';
sctx.fillRect(0, 0, sheet.width, sheet.height);
const frame = createCanvas(W, H);
const fctx = frame.getContext('2d');
function draw(pose: AvatarPose, x: number, y: number, size: number): void {
  fctx.clearRect(0, 0, W, H);
  painter.draw(fctx, pose, 0, 0);
  sctx.drawImage(frame, crop.x, crop.y, crop.w, crop.h, x, y, size, size);
}
sctx.font = '16px sans-serif';
sctx.fillStyle = '#fff';
shapes.forEach(([label, v], i) => {
  draw({ ...NEUTRAL_POSE, viseme: v, mouthOpen: VISEME_OPENNESS[v], timeMs: 0 }, i * CELL, 0, CELL);
  sctx.fillStyle = '#fff';
  sctx.fillText(label, i * CELL + 6, CELL + 20);
});
// 2 s of speech from 0.5 s in, at 25 fps.
for (let k = 0; k < strip; k++) draw(track.poseAt(12 + k), (k % perRow) * 120, CELL + 28 + Math.floor(k / perRow) * 120, 120);
await fs.writeFile(out, await sheet.encode('png'));
console.log(`wrote ${out}`);
