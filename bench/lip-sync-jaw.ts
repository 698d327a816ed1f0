/**
 * node --import tsx bench/lip-sync-jaw.ts OUTDIR [--aspect 0|1] — lip-sync's jaw and mouth, measured
 * and shown (docs/avatars.md "Lip-sync of a whole video"): bench:quality cell 114's clip (9:16,
 * 360 × 640; `--aspect 1` cell 115's 640 × 360: the sample portrait swaying, framed to cover, its
 * own mouth moving) lip-synced by the stage itself (the lip-sync kind's tracking, renderLipSync) to
 * espeak-ng; the clip, its landmarks and the speech are kept in OUTDIR/cache so a second run only
 * renders. Prints per video: the jaw edge (jawEdge in test/support/mouth-measure.ts: contrast of the
 * strongest edge across the jaw contour against the source frame's, and the frames with a second
 * edge beside it), the mouth's dark area (min / max / range) and its r with the speech's openness.
 * Writes OUTDIR/strip.png: 16 consecutive frames cropped round the mouth and jaw (a face's height wide, 180 px), the clip's
 * frame above, the lip-synced frame below.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { buildMouthTrack, mouthOpenFrames, NEUTRAL_POSE, type AvatarPose } from '../src/pipeline/avatar/index.ts';
import { FacePool } from '../src/pipeline/avatar/photo/index.ts';
import { normalizeClipArgs } from '../src/pipeline/lipsync/clip-frames.ts';
import { judgeLipSyncFaces } from '../src/pipeline/lipsync/lip-sync.faces.ts';
import { renderLipSync } from '../src/pipeline/lipsync/lip-sync.render.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { covering, makeFaceClip, SWAY, type Pt } from '../test/support/face-clips.ts';
import { portraitPhoto } from '../test/support/face-photos.ts';
import { greyFrames, jawEdge, mouthDark, pearson } from '../test/support/mouth-measure.ts';

const outDir = process.argv[2] ?? '/tmp/lip-sync-jaw';
const aspect = process.argv.includes('--aspect') ? Number(process.argv[process.argv.indexOf('--aspect') + 1]) : 0;
const [W, H] = aspect === 1 ? [640, 360] : [360, 640];
const FPS = 25, CLIP_S = 3, SHOWN = 16, FROM = Number(process.env.JAW_FROM ?? 20);
const cache = path.join(outDir, `cache-${W}x${H}`);
fs.mkdirSync(cache, { recursive: true });
const clip = path.join(cache, 'clip.mp4');
const lmFile = path.join(cache, 'landmarks.json');
const wav = path.join(cache, 'said.wav');
if (!fs.existsSync(lmFile)) {
  const faces = new FacePool();
  try {
    const photo = await portraitPhoto();
    const v = await faces.analyse(photo);
    if (!v.ok) throw new Error(v.reason);
    const open = (f: number) => (Math.sin((f / FPS) * 2 * Math.PI * 1.6) > 0.2 ? 0.9 : 0);
    const pose = (f: number): AvatarPose => ({ ...NEUTRAL_POSE, viseme: open(f) > 0 ? 'D' : 'X', mouthOpen: open(f) });
    const raw = path.join(cache, 'raw.mp4');
    await makeFaceClip({ photo, rig: v.rig, width: W, height: H, fps: FPS, seconds: CLIP_S, motion: covering(SWAY, W, H, CLIP_S, FPS), pose, out: raw });
    execFileSync('ffmpeg', normalizeClipArgs(raw, W, H, FPS, clip));
    const engine = new EspeakProcess();
    const said = await speak({ sentences: ['Good morning, my friends.', 'Open the window and hear the birds sing a happy tune.'], voiceId: 'en-us-f1', outDir: cache, fileName: 'said.wav' }, engine).finally(() => engine.close());
    const judged = judgeLipSyncFaces(await faces.trackVideo({ path: clip, width: W, height: H, fps: FPS, decodeMaxSide: 960, maxFrames: 10_000, register: false }));
    if (!judged.ok) throw new Error(judged.reason);
    fs.writeFileSync(lmFile, JSON.stringify({ landmarks: judged.landmarks, phonemes: said.phonemes, durationMs: said.durationMs }));
  } finally {
    await faces.close();
  }
}
const { landmarks, phonemes, durationMs } = JSON.parse(fs.readFileSync(lmFile, 'utf8')) as { landmarks: Array<Pt[] | null>; phonemes: never; durationMs: number };
const visemes = buildMouthTrack(phonemes, durationMs, FPS);
const open = mouthOpenFrames(visemes);
const t0 = Date.now();
const r = await renderLipSync({ clipPath: clip, width: W, height: H, fps: FPS, landmarks, playback: 'normal', mouth: { visemes, open }, audioPath: wav, outDir: path.join(outDir, 'render') });
const renderS = (Date.now() - t0) / 1000;
const out = greyFrames(r.videoPath, W, H);
const src = greyFrames(clip, W, H);
const N = landmarks.length;
const dark: number[] = [], contrast: number[] = [];
let doubles = 0, measured = 0;
for (let f = 0; f < out.length; f++) {
  const lm = landmarks[f % N];
  if (!lm) continue;
  dark.push(mouthDark(out[f]!, W, lm));
  const e = jawEdge(out[f]!, src[f % N]!, W, H, lm);
  contrast.push(e.ratio);
  if (e.double) doubles++;
  measured++;
}
const sorted = [...contrast].sort((a, b) => a - b);
const openSeries = Array.from({ length: out.length }, (_, f) => open[f] ?? 0).filter((_, f) => landmarks[f % N]);
console.log(`${W}x${H}: ${out.length} frames rendered in ${renderS.toFixed(1)} s`);
console.log(`jaw edge contrast vs source: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)}, 10th pct ${sorted[Math.floor(sorted.length * 0.1)]!.toFixed(2)}, min ${sorted[0]!.toFixed(2)}; double edge in ${doubles}/${measured} frames`);
console.log(`mouth dark px: min ${Math.min(...dark)}, max ${Math.max(...dark)}, range ${Math.max(...dark) - Math.min(...dark)}; r with the speech's openness ${pearson(dark, openSeries).toFixed(2)}`);

// The strip: SHOWN frames from FROM, the clip's frame above, the output below, 2× round mouth and jaw.
const rgbOf = (file: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 1 << 30 });
const rgbOut = rgbOf(r.videoPath), rgbSrc = rgbOf(clip);
const TW = 180, TH = 160, tiles: OverlayOptions[] = [];
for (let k = 0; k < SHOWN; k++) {
  const f = FROM + k;
  const lm = landmarks[f % N]!;
  const faceH = Math.hypot(lm[8]![0] - lm[27]![0], lm[8]![1] - lm[27]![1]);
  const CW = Math.min(W, Math.round(faceH * 1.1)), CH = Math.min(H, Math.round((CW * TH) / TW));
  const cx = (lm[48]![0] + lm[54]![0]) / 2, cy = (lm[51]![1] + lm[8]![1]) / 2;
  const left = Math.round(Math.min(W - CW, Math.max(0, cx - CW / 2))), top = Math.round(Math.min(H - CH, Math.max(0, cy - CH / 2)));
  for (const [row, rgb, i] of [[0, rgbSrc, f % N], [1, rgbOut, f]] as const) {
    const img = sharp(rgb.subarray(i * W * H * 3, (i + 1) * W * H * 3), { raw: { width: W, height: H, channels: 3 } }).extract({ left, top, width: CW, height: CH });
    tiles.push({ input: await img.resize(TW, TH).png().toBuffer(), left: k * TW, top: row * TH });
  }
}
await sharp({ create: { width: TW * SHOWN, height: TH * 2, channels: 3, background: '#000' } }).composite(tiles).png().toFile(path.join(outDir, 'strip.png'));
console.log(`${path.join(outDir, 'strip.png')}: frames ${FROM}-${FROM + SHOWN - 1}, clip above, lip-sync below`);
