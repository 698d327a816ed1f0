/**
 * Calibrates the video presenter's "too blurred" refusal (docs/avatars.md "Video presenters"):
 * the sample portrait as a still 540x960 clip, the same blurred by ffmpeg gblur at a few sigmas,
 * and smaller sharp clips (faces near the 256 px minimum); each tracked as avatar/create does,
 * printing the median face sharpness, face size and the frame's sharpness (detection frames).
 *   node --import tsx bench/video-blur.ts [outDir]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FacePool } from '../src/pipeline/avatar/photo/index.ts';
import { judgeClip } from '../src/pipeline/avatar/video/video.track.ts';
import { makeFaceClip } from '../test/support/face-clips.ts';
import { portraitPhoto } from '../test/support/face-photos.ts';

const dir = process.argv[2] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'video-blur-'));
fs.mkdirSync(dir, { recursive: true });
const faces = new FacePool();
const photo = await portraitPhoto();
const v = await faces.analyse(photo);
if (!v.ok) throw new Error(v.reason);
const fps = 5, seconds = 10.5;
const sharp = path.join(dir, 'sharp.mp4');
await makeFaceClip({ photo, rig: v.rig, width: 540, height: 960, fps, seconds, out: sharp });
const median = (xs: number[]) => (xs.length ? xs.slice().sort((a, b) => a - b)[xs.length >> 1]! : NaN);
const cases: Array<{ name: string; file: string; w: number; h: number }> = [{ name: 'sharp 540x960', file: sharp, w: 540, h: 960 }];
for (const sigma of [1, 2, 3, 4, 6, 9]) {
  const file = path.join(dir, `gblur-${sigma}.mp4`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', sharp, '-vf', `gblur=sigma=${sigma}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', file]);
  cases.push({ name: `gblur sigma ${sigma}`, file, w: 540, h: 960 });
}
for (const [w, h] of [[400, 712], [340, 604]] as const) {
  const file = path.join(dir, `small-${w}.mp4`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', sharp, '-vf', `scale=${w}:${h}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', file]);
  cases.push({ name: `sharp ${w}x${h}`, file, w, h });
}
for (const c of cases) {
  const r = await faces.trackVideo({ path: c.file, width: c.w, height: c.h, fps, decodeMaxSide: 960, maxFrames: 100_000 });
  const withFace = r.samples.filter((s) => s.faces > 0);
  const verdict = judgeClip({ durationS: seconds, fps, width: c.w, height: c.h }, r);
  console.log(`${c.name.padEnd(18)} face found ${withFace.length}/${r.samples.length}  face ${median(withFace.map((s) => s.faceSize)).toFixed(0)} px  face sharpness ${median(withFace.map((s) => s.sharpness)).toFixed(1)}  frame sharpness ${median(r.samples.map((s) => s.frameSharpness)).toFixed(1)}  → ${verdict.ok ? 'accepted' : verdict.reason}`);
}
await faces.close();
