/**
 * bench:quality's lip-sync cells (issue 27 "every video kind"): a talking clip made at run time
 * (the sample portrait swaying, its own mouth moving: test/support/face-clips.ts), shorter than
 * the new speech, so the clip loops; lip-synced by the kind's own step (lipSyncStep: face
 * tracking, mouth warp, playback) and checked frame by frame on the decoded video: as long as the
 * speech, and no seam — with `normal_reverse` no step between two frames may be far larger than
 * the video's usual step (a jump at a loop, a flash where the face is lost and found).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { FacePool } from '../../src/pipeline/avatar/photo/index.ts';
import { buildMouthTrack, mouthOpenFrames, NEUTRAL_POSE, type AvatarPose } from '../../src/pipeline/avatar/index.ts';
import type { PlaybackType } from '../../src/pipeline/lipsync/playback.ts';
import { narrate } from '../../src/pipeline/narrate.ts';
import type { EspeakProcess } from '../../src/pipeline/speech/espeak.client.ts';
import { defaultVoice } from '../../src/pipeline/speech/voice.catalog.ts';
import type { AspectRatio } from '../../src/pipeline/templates/types.ts';
import { talkingScript } from '../../src/videos/kinds/avatar.kind.ts';
import { LIP_SYNC_FPS, lipSyncStep } from '../../src/videos/kinds/lip-sync.kind.ts';
import { covering, makeFaceClip, SWAY, uncoveredFrames } from '../../test/support/face-clips.ts';
import { portraitPhoto } from '../../test/support/face-photos.ts';

const run = promisify(execFile);

/** A step between two frames over this many times the video's median step is a seam. */
export const SEAM_RATIO = 6;
const CLIP_S = 3;
const SIZES: Record<AspectRatio, [number, number]> = { 0: [360, 640], 1: [640, 360], 2: [480, 480] };
const SAID = 'Good morning, my friends. Open the window and hear the birds sing a happy tune. Then take a deep breath.';

/** Mean absolute grey difference between each frame and the next (decoded at 96 px wide). */
export async function frameSteps(video: string, width: number, height: number): Promise<number[]> {
  const w = 96;
  const h = Math.max(2, Math.round((height * w) / width / 2) * 2);
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', video, '-vf', `scale=${w}:${h}`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 28 });
  const n = Math.floor(stdout.length / (w * h));
  const steps: number[] = [];
  for (let f = 1; f < n; f++) {
    let d = 0;
    for (let i = 0; i < w * h; i++) d += Math.abs(stdout[f * w * h + i]! - stdout[(f - 1) * w * h + i]!);
    steps.push(d / (w * h));
  }
  return steps;
}

/** Seams: steps over SEAM_RATIO × the median step, as "seam: frame a→b …". */
export function seams(steps: readonly number[]): string[] {
  const median = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)] ?? 0;
  return steps.flatMap((d, i) => (median > 0 && d > SEAM_RATIO * median ? [`seam: frame ${i}→${i + 1} changes ${(d / median).toFixed(1)}× the median step`] : []));
}

export async function runLipSyncCell(aspect: AspectRatio, playback: PlaybackType, engine: EspeakProcess, workDir: string): Promise<{ videoPath: string; durationS: number; fps: number; defects: string[] }> {
  const [W, H] = SIZES[aspect];
  await fs.mkdir(workDir, { recursive: true });
  const photo = await portraitPhoto();
  const faces = new FacePool();
  try {
    const v = await faces.analyse(photo);
    if (!v.ok) throw new Error(v.reason);
    const open = (f: number) => (Math.sin((f / LIP_SYNC_FPS) * 2 * Math.PI * 1.6) > 0.2 ? 0.9 : 0);
    const pose = (f: number): AvatarPose => ({ ...NEUTRAL_POSE, viseme: open(f) > 0 ? 'D' : 'X', mouthOpen: open(f) });
    const clip = path.join(workDir, 'clip.mp4');
    // The sway framed a little closer, so the clip covers its frame as a user's own footage does.
    await makeFaceClip({ photo, rig: v.rig, width: W, height: H, fps: LIP_SYNC_FPS, seconds: CLIP_S, motion: covering(SWAY, W, H, CLIP_S, LIP_SYNC_FPS), pose, out: clip, audio: true });
    const n = await narrate({ script: talkingScript(SAID, 'english'), voiceId: defaultVoice('english', 'female'), musicId: null, workDir: path.join(workDir, 'narration') }, { engine });
    const visemes = buildMouthTrack(n.speech.phonemes, n.speech.durationMs, LIP_SYNC_FPS);
    const out = await lipSyncStep(
      { videoFile: clip, width: W, height: H, mouth: { visemes, open: mouthOpenFrames(visemes) }, audioPath: n.mixedAudioPath, playback, dir: path.join(workDir, 'lipsync'), renderFromPct: 0, toPct: 1 },
      { faces } as never,
      (async () => undefined) as never,
      new AbortController().signal,
    );
    if (!out.ok) return { videoPath: '', durationS: 0, fps: LIP_SYNC_FPS, defects: [`lip-sync refused: ${out.reason}`] };
    const defects = [...out.warnings.map((w) => `lip-sync warning: ${w}`)];
    if (Math.abs(out.durationS - visemes.length / LIP_SYNC_FPS) > 1 / LIP_SYNC_FPS) defects.push(`length: ${out.durationS.toFixed(2)} s for ${(visemes.length / LIP_SYNC_FPS).toFixed(2)} s of speech`);
    // `normal` jumps back to the clip's start by definition (docs/api.md "Lip-sync"); `normal_reverse` may not.
    if (playback === 'normal_reverse') defects.push(...seams(await frameSteps(out.videoPath, W, H)));
    // A frame with a corner showing the clip's backdrop (the sway's tilt uncovering it).
    const bare = uncoveredFrames(out.videoPath, W, H, LIP_SYNC_FPS);
    if (bare.length) defects.push(`bare corners in ${bare.length} frames, first ${bare[0]}`);
    return { videoPath: out.videoPath, durationS: out.durationS, fps: LIP_SYNC_FPS, defects };
  } finally {
    await faces.close();
  }
}
