/**
 * bench:quality cell 114/115's lip-sync made and measured (test/lip-sync-jaw.test.ts,
 * bench/lip-sync-jaw.ts): the sample portrait swaying, framed to cover, its own mouth opening at
 * 1.6 Hz (face-clips.ts), 3 s at 25 fps, tracked as the lip-sync kind tracks it, lip-synced by
 * renderLipSync to espeak-ng's two sentences; the clip, its landmarks and the speech kept in
 * `cacheDir` (a second run only renders). Measured on the decoded video, clip looped forward:
 * the jaw's edge against the clip's frame (jawEdge), the mouth's dark pixels and their r with the
 * speech's openness.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildMouthTrack, mouthOpenFrames, NEUTRAL_POSE, type AvatarPose } from '../../src/pipeline/avatar/index.ts';
import { FacePool } from '../../src/pipeline/avatar/photo/index.ts';
import { normalizeClipArgs } from '../../src/pipeline/lipsync/clip-frames.ts';
import { judgeLipSyncFaces } from '../../src/pipeline/lipsync/lip-sync.faces.ts';
import { renderLipSync } from '../../src/pipeline/lipsync/lip-sync.render.ts';
import { EspeakProcess } from '../../src/pipeline/speech/espeak.client.ts';
import { speak } from '../../src/pipeline/speech/speech.service.ts';
import { covering, makeFaceClip, SWAY, type Pt } from './face-clips.ts';
import { portraitPhoto } from './face-photos.ts';
import { greyFrames, jawEdge, mouthDark, pearson } from './mouth-measure.ts';

const FPS = 25, CLIP_SECONDS = 3;

export interface LipSyncJawRun {
  clipPath: string;
  videoPath: string;
  landmarks: Array<Pt[] | null>;
  frames: number;
  /** Jaw edge strength against the clip's frame, per measured frame (jawEdge's ratio). */
  jawRatio: number[];
  /** Frames with a second jaw edge beside the first. */
  doubleEdges: number;
  /** Dark pixels inside the mouth per measured frame, and over the mouth's width squared at most. */
  dark: number[];
  darkShare: number;
  /** r of the mouth's dark pixels with the speech's openness (at the tracked landmarks; at the clip's true ones). */
  r: number;
  rTruth: number;
}

export async function lipSyncJawRun(W: number, H: number, cacheDir: string, outDir: string, opts: { cover?: boolean; seconds?: number } = {}): Promise<LipSyncJawRun> {
  const CLIP_S = opts.seconds ?? CLIP_SECONDS;
  fs.mkdirSync(cacheDir, { recursive: true });
  const clipPath = path.join(cacheDir, 'clip.mp4');
  const lmFile = path.join(cacheDir, 'landmarks.json');
  const wav = path.join(cacheDir, 'said.wav');
  if (!fs.existsSync(lmFile)) {
    const faces = new FacePool();
    try {
      const photo = await portraitPhoto();
      const v = await faces.analyse(photo);
      if (!v.ok) throw new Error(v.reason);
      const open = (f: number) => (Math.sin((f / FPS) * 2 * Math.PI * 1.6) > 0.2 ? 0.9 : 0);
      const pose = (f: number): AvatarPose => ({ ...NEUTRAL_POSE, viseme: open(f) > 0 ? 'D' : 'X', mouthOpen: open(f) });
      const raw = path.join(cacheDir, 'raw.mp4');
      const truth = await makeFaceClip({ photo, rig: v.rig, width: W, height: H, fps: FPS, seconds: CLIP_S, motion: opts.cover === false ? SWAY : covering(SWAY, W, H, CLIP_S, FPS), pose, out: raw });
      execFileSync('ffmpeg', normalizeClipArgs(raw, W, H, FPS, clipPath));
      const engine = new EspeakProcess();
      const said = await speak({ sentences: ['Good morning, my friends.', 'Open the window and hear the birds sing a happy tune.'], voiceId: 'en-us-f1', outDir: cacheDir, fileName: 'said.wav' }, engine).finally(() => engine.close());
      const judged = judgeLipSyncFaces(await faces.trackVideo({ path: clipPath, width: W, height: H, fps: FPS, decodeMaxSide: 960, maxFrames: 10_000, register: false }));
      if (!judged.ok) throw new Error(judged.reason);
      fs.writeFileSync(lmFile, JSON.stringify({ landmarks: judged.landmarks, truth, phonemes: said.phonemes, durationMs: said.durationMs }));
    } finally {
      await faces.close();
    }
  }
  const { landmarks, truth, phonemes, durationMs } = JSON.parse(fs.readFileSync(lmFile, 'utf8')) as { landmarks: Array<Pt[] | null>; truth: Pt[][]; phonemes: never; durationMs: number };
  const visemes = buildMouthTrack(phonemes, durationMs, FPS);
  const open = mouthOpenFrames(visemes);
  const r = await renderLipSync({ clipPath, width: W, height: H, fps: FPS, landmarks, playback: 'normal', mouth: { visemes, open }, audioPath: wav, outDir });
  const out = greyFrames(r.videoPath, W, H);
  const src = greyFrames(clipPath, W, H);
  const N = landmarks.length;
  const darkTrue: number[] = [], dark: number[] = [], jawRatio: number[] = [], opens: number[] = [];
  let doubleEdges = 0, darkShare = 0;
  for (let f = 0; f < out.length; f++) {
    const lm = landmarks[f % N];
    if (!lm) continue;
    const d = mouthDark(out[f]!, W, lm);
    if (truth?.[f % N]) darkTrue.push(mouthDark(out[f]!, W, truth[f % N]!));
    dark.push(d);
    opens.push(open[f] ?? 0);
    darkShare = Math.max(darkShare, d / ((lm[54]![0] - lm[48]![0]) ** 2 + (lm[54]![1] - lm[48]![1]) ** 2));
    const e = jawEdge(out[f]!, src[f % N]!, W, H, lm);
    jawRatio.push(e.ratio);
    if (e.double) doubleEdges++;
  }
  return { clipPath, videoPath: r.videoPath, landmarks, frames: out.length, jawRatio, doubleEdges, dark, darkShare, r: pearson(dark, opens), rTruth: darkTrue.length === dark.length ? pearson(darkTrue, opens) : NaN };
}
