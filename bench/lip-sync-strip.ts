/**
 * node --import tsx bench/lip-sync-strip.ts OUT.png — lip-sync's result, for looking at
 * (docs/images/lip-sync-strip.png): the clip test/videos.lip-sync.test.ts makes (the face-api
 * sample portrait swaying ±5°, its own mouth opening and shutting at 1.6 Hz, 360 × 640 at 25 fps)
 * lip-synced by the lip-sync stage itself (the face worker's tracking, judgeLipSyncFaces,
 * renderLipSync with the shared mouth model) to espeak-ng saying two sentences; then eight frames
 * 0.4 s apart, each cropped round that frame's tracked mouth (the crop follows the head), in a row.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { buildMouthTrack, mouthOpenFrames, NEUTRAL_POSE, type AvatarPose } from '../src/pipeline/avatar/index.ts';
import { FacePool } from '../src/pipeline/avatar/photo/index.ts';
import { judgeLipSyncFaces } from '../src/pipeline/lipsync/lip-sync.faces.ts';
import { normalizeClipArgs } from '../src/pipeline/lipsync/clip-frames.ts';
import { renderLipSync } from '../src/pipeline/lipsync/lip-sync.render.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { makeFaceClip, SWAY } from '../test/support/face-clips.ts';
import { portraitPhoto } from '../test/support/face-photos.ts';

const out = process.argv[2] ?? 'lip-sync-strip.png';
const W = 360, H = 640, FPS = 25, TILE_W = 140, TILE_H = 110, SHOWN = 8, EVERY = 10;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lip-sync-strip-'));
const faces = new FacePool();
try {
  const photo = await portraitPhoto();
  const v = await faces.analyse(photo);
  if (!v.ok) throw new Error(v.reason);
  const clipOpen = (f: number) => (Math.sin((f / FPS) * 2 * Math.PI * 1.6) > 0.2 ? 0.9 : 0);
  const pose = (f: number): AvatarPose => ({ ...NEUTRAL_POSE, viseme: clipOpen(f) > 0 ? 'D' : 'X', mouthOpen: clipOpen(f) });
  const raw = path.join(dir, 'talk.mp4');
  await makeFaceClip({ photo, rig: v.rig, width: W, height: H, fps: FPS, seconds: 4, motion: SWAY, pose, out: raw });
  const engine = new EspeakProcess();
  const said = await speak({ sentences: ['Good morning, my friends.', 'Open the window and hear the birds sing a happy tune.'], voiceId: 'en-us-f1', outDir: dir, fileName: 'said.wav' }, engine).finally(() => engine.close());
  const visemes = buildMouthTrack(said.phonemes, said.durationMs, FPS);
  const clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', normalizeClipArgs(raw, W, H, FPS, clip));
  const judged = judgeLipSyncFaces(await faces.trackVideo({ path: clip, width: W, height: H, fps: FPS, decodeMaxSide: 960, maxFrames: 10_000 }));
  if (!judged.ok) throw new Error(judged.reason);
  const r = await renderLipSync({ clipPath: clip, width: W, height: H, fps: FPS, landmarks: judged.landmarks, playback: 'normal', mouth: { visemes, open: mouthOpenFrames(visemes) }, audioPath: said.wavPath, outDir: path.join(dir, 'render') });
  const rgb = execFileSync('ffmpeg', ['-v', 'error', '-i', r.videoPath, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 1 << 30 });
  const tiles: OverlayOptions[] = [];
  for (let k = 0; k < SHOWN; k++) {
    const f = 5 + k * EVERY;
    const lm = judged.landmarks[f % judged.landmarks.length]!;
    const cx = (lm[48]![0] + lm[54]![0]) / 2, cy = (lm[51]![1] + lm[57]![1]) / 2;
    const left = Math.round(Math.min(W - TILE_W, Math.max(0, cx - TILE_W / 2)));
    const top = Math.round(Math.min(H - TILE_H, Math.max(0, cy - TILE_H * 0.55)));
    const frame = sharp(rgb.subarray(f * W * H * 3, (f + 1) * W * H * 3), { raw: { width: W, height: H, channels: 3 } });
    tiles.push({ input: await frame.extract({ left, top, width: TILE_W, height: TILE_H }).png().toBuffer(), left: k * TILE_W, top: 0 });
    console.log(`frame ${f} (${(f / FPS).toFixed(1)} s): viseme ${visemes[f]}, opening ${mouthOpenFrames(visemes)[f]!.toFixed(2)}`);
  }
  await sharp({ create: { width: TILE_W * SHOWN, height: TILE_H, channels: 3, background: '#000' } }).composite(tiles).png({ palette: true }).toFile(out);
  console.log(`${out}: ${SHOWN} frames, ${(EVERY / FPS).toFixed(1)} s apart, of a ${r.durationS.toFixed(2)} s lip-sync`);
} finally {
  await faces.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
