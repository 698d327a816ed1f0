/**
 * Video presenters (issue 24 item 6): the CPU time of making one from a clip, and the painter's
 * cost a frame against a drawn presenter's. `npm run bench:avatar-video`
 * - BENCH_CLIP_S (default 60), BENCH_SIZE (default 1080x1920): a clip made with ffmpeg from the
 *   face-api sample portrait, zoomed and panned slowly (cheap to make, a real face to track);
 *   tracked in the face worker, judged, its idle loop chosen. Reports wall and process CPU.
 * - BENCH_FRAMES (default 250): frames drawn at 1080x1920 by the video painter (its loop from the
 *   same clip) and by drawn presenter 5; the ratio is the frame-rate ratio of the two videos'
 *   presenter layer.
 */
import { createCanvas } from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loopFramesOf } from '../src/avatars/video-avatar.files.ts';
import { buildAvatarTrack, createAvatarPainter, sampleNarration } from '../src/pipeline/avatar/index.ts';
import { FacePool } from '../src/pipeline/avatar/photo/index.ts';
import { createVideoPainter } from '../src/pipeline/avatar/video/video.painter.ts';
import { judgeClip, pickIdleLoop } from '../src/pipeline/avatar/video/video.track.ts';
import { portraitPhoto } from '../test/support/face-photos.ts';

const clipS = Number(process.env.BENCH_CLIP_S ?? 60);
const [W, H] = (process.env.BENCH_SIZE ?? '1080x1920').split('x').map(Number) as [number, number];
const frames = Number(process.env.BENCH_FRAMES ?? 250);
const fps = 25;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vavatar-'));
const faces = new FacePool();
try {
  const jpg = path.join(dir, 'p.jpg');
  fs.writeFileSync(jpg, await portraitPhoto());
  const clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-loop', '1', '-i', jpg, '-t', String(clipS), '-r', String(fps),
    '-vf', `scale=${W}:-2,crop=${W}:min(ih\\,${H}),pad=${W}:${H}:0:(oh-ih)/2,zoompan=z='1+0.04*sin(on/40)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${fps}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', clip]);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await faces.trackVideo({ path: clip, width: W, height: H, fps, decodeMaxSide: 960, maxFrames: 100_000 });
  const v = judgeClip({ durationS: clipS, fps, width: W, height: H }, r);
  if (!v.ok) throw new Error(v.reason);
  const loop = pickIdleLoop(v.landmarks, fps);
  const cpu = process.cpuUsage(cpu0);
  console.log(`avatar/create core (track + judge + loop) of a ${clipS} s ${W}x${H} clip: ${((performance.now() - t0) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (${r.frames} frames); loop ${loop.start}-${loop.end}`);

  const fdir = path.join(dir, 'f');
  fs.mkdirSync(fdir);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(loop.start / fps), '-i', clip, '-frames:v', String(loop.end - loop.start + 1), path.join(dir, 'loop.mp4')]);
  const jpgs = await loopFramesOf(path.join(dir, 'loop.mp4'), fdir);
  const n = Math.min(jpgs.length, loop.end - loop.start + 1);
  const video = createVideoPainter({ kind: 'video', width: W, height: H, fps, frames: jpgs.slice(0, n), landmarks: v.landmarks.slice(loop.start, loop.start + n) }, { width: 1080, height: 1920 });
  const drawn = createAvatarPainter(5, { width: 1080, height: 1920 });
  const { speech, script } = sampleNarration();
  const track = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 1 });
  const ctx = createCanvas(1080, 1920).getContext('2d');
  for (const [name, p] of [['video', video], ['drawn', drawn]] as const) {
    const c0 = process.cpuUsage();
    for (let f = 0; f < frames; f++) p.draw(ctx, track.poseAt(f % track.frameCount), 0, 0);
    const c = process.cpuUsage(c0);
    console.log(`${name} presenter at 1080x1920: ${(((c.user + c.system) / 1000) / frames).toFixed(1)} ms CPU a frame`);
  }
} finally {
  await faces.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
