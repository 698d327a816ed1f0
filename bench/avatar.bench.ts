// npm run bench:avatar — per-frame draw time of every presenter at 540x960 over a real pose track.
import { createCanvas } from '@napi-rs/canvas';
import { PUBLIC_AVATARS } from '../src/catalog/catalog.data.ts';
import { buildAvatarTrack, createAvatarPainter, sampleNarration } from '../src/pipeline/avatar/index.ts';

const W = 540;
const H = 960;
const { speech, script } = sampleNarration();
const track = buildAvatarTrack({ speech, script, fps: 30, durationMs: speech.durationMs, seed: 3 });
const canvas = createCanvas(W, H);
const ctx = canvas.getContext('2d');
console.log(`per-frame avatar draw time, ${W}x${H}, ${track.frameCount} frames each (wall time includes waiting for a shared CPU)`);
for (const { avatar_id: id } of PUBLIC_AVATARS) {
  const painter = createAvatarPainter(id, { width: W, height: H });
  for (let f = 0; f < 30; f++) painter.draw(ctx, track.poseAt(f), 0, 0);
  ctx.getImageData(0, 0, 1, 1);
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let f = 0; f < track.frameCount; f++) {
    const t0 = performance.now();
    painter.draw(ctx, track.poseAt(f), 0, 0);
    ctx.getImageData(0, 0, 1, 1); // Skia draws lazily: force it before stopping the clock
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const cpuMs = (cpu.user + cpu.system) / 1000 / times.length;
  console.log(`avatar ${id}: wall mean ${mean.toFixed(2)} ms, p50 ${times[times.length >> 1]!.toFixed(2)}, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(2)}; CPU ${cpuMs.toFixed(2)} ms`);
}
