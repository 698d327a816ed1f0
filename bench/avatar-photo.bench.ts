// npm run bench:avatar-photo — the photo presenter's costs:
// 1. face analysis (decode, detect, 68 landmarks, checks) in the face worker: cold (thread start
//    and model load) and warm, on the portrait cut from face-api's sample1;
// 2. frames per second drawing a 30 s talking track at 1080x1920 (the presenter filling the
//    frame), photo presenter vs a drawn one (avatar 5), each frame read back so Skia finishes it.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { buildAvatarTrack, createAvatarPainter, sampleNarration, type AvatarPainter } from '../src/pipeline/avatar/index.ts';
import { createPhotoPainter, FacePool } from '../src/pipeline/avatar/photo/index.ts';
import { portraitPhoto } from '../test/support/face-photos.ts';

const W = 1080;
const H = 1920;
const FPS = 30;
const SECONDS = 30;

const bytes = await portraitPhoto();
const pool = new FacePool();
let t0 = performance.now();
const verdict = await pool.analyse(bytes);
const cold = performance.now() - t0;
t0 = performance.now();
await pool.analyse(bytes);
const warm = performance.now() - t0;
await pool.close();
if (!verdict.ok) throw new Error(verdict.reason);
console.log(`face analysis in the worker: cold ${(cold / 1000).toFixed(2)} s (thread + models), warm ${(warm / 1000).toFixed(2)} s`);

const { speech, script } = sampleNarration();
const track = buildAvatarTrack({ speech, script, fps: FPS, durationMs: speech.durationMs, seed: 3 });
const frames = SECONDS * FPS;
const canvas = createCanvas(W, H);
const ctx = canvas.getContext('2d');

function measure(label: string, painter: AvatarPainter): void {
  for (let f = 0; f < 15; f++) painter.draw(ctx, track.poseAt(f), 0, 0);
  ctx.getImageData(0, 0, 1, 1);
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let f = 0; f < frames; f++) {
    painter.draw(ctx, track.poseAt(f % track.frameCount), 0, 0);
    ctx.getImageData(0, 0, 1, 1); // Skia draws lazily: force it
  }
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  console.log(`${label}: ${frames} frames (${SECONDS} s at ${FPS} fps, ${W}x${H}) in ${wall.toFixed(1)} s wall = ${(frames / wall).toFixed(1)} fps; CPU ${(cpuS * 1000 / frames).toFixed(1)} ms a frame = ${(frames / cpuS).toFixed(1)} fps of one core`);
}

t0 = performance.now();
const photo = createPhotoPainter(await loadImage(bytes), verdict.rig, { width: W, height: H });
console.log(`photo painter set-up (frame the photo, mesh): ${(performance.now() - t0).toFixed(0)} ms`);
measure('photo presenter', photo);
measure('drawn presenter 5', createAvatarPainter(5, { width: W, height: H }));
