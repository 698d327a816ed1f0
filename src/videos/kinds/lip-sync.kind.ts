import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../../catalog/languages.ts';
import { decodeAudio } from '../../media/audio.ts';
import { buildMouthTrack, mouthFromAudio, mouthOpenFrames, type Viseme } from '../../pipeline/avatar/index.ts';
import { judgeLipSyncFaces } from '../../pipeline/lipsync/lip-sync.faces.ts';
import { normalizeClipArgs, workSize } from '../../pipeline/lipsync/clip-frames.ts';
import { renderLipSync } from '../../pipeline/lipsync/lip-sync.render.ts';
import type { PlaybackType } from '../../pipeline/lipsync/playback.ts';
import { runFfmpeg } from '../../pipeline/mix/ffmpeg.ts';
import { narrate } from '../../pipeline/narrate.ts';
import { AlignmentError, alignToText } from '../../pipeline/speech/align/index.ts';
import { asEngines } from '../../pipeline/speech/engines.ts';
import { espeakReference } from '../../pipeline/speech/reference.speech.ts';
import { loadSourceVideo, SourceVideoError } from '../source-video.ts';
import { loadUserAudio, UserAudioError } from '../user-audio.ts';
import { GenerationError, type GeneratedVideo, type GenerationJob, type ProgressReporter } from '../video-generator.ts';
import { talkingScript } from './avatar.kind.ts';
import type { PipelineDeps, VideoKind } from './kind.ts';
import { renderProgress, speechEnginesFor, speechFallbackWarning } from './shared-steps.ts';

/** The lip-sync request (POST /v2/create_lip_sync_video) after validation: the clip, and the new audio or a script its voice says. */
export interface LipSyncRequest {
  /** The clip as a stored ref (our key, or another site's URL). */
  video_ref: string;
  /** The new audio as a stored ref; null: `script` said by `voice_id`. */
  audio_ref: string | null;
  /** What the new audio says (aligned to it: the mouth follows its phonemes), or what the voice says; null with audio alone (the mouth follows the sound). */
  script: string | null;
  voice_id: string | null;
  language: string;
  playback_type: PlaybackType;
}

/** Lip-sync videos are worked at this frame rate and at most this size (long side). */
export const LIP_SYNC_FPS = 25;
const MAX_SIDE = 1920;
const PCT = { source: 2, audio: 5, track: 10, render: 35, done: 98 } as const;

const input40000 = (field: string, err: Error & { transient: boolean }) => new GenerationError(`${field} ${err.message}`, { code: 40000, retryable: err.transient });

/** The new sound and the mouth it asks for, one shape and opening per frame at LIP_SYNC_FPS. */
async function newSpeech(job: GenerationJob, r: LipSyncRequest, deps: PipelineDeps): Promise<{ audioPath: string; visemes: Viseme[]; open: Float32Array; warnings: string[]; text: string }> {
  const fps = LIP_SYNC_FPS;
  const dir = path.join(job.workDir, 'audio');
  const language = r.language as Language;
  if (r.audio_ref === null) {
    const engine = await speechEnginesFor(deps, job.video.accountId, r.voice_id);
    const script = talkingScript(r.script ?? '', language);
    if (script.sentences.length === 0) throw new GenerationError('script has nothing to say', { code: 40000, retryable: false });
    const narration = await narrate({ script, voiceId: r.voice_id!, musicId: null, workDir: dir }, { engine });
    const visemes = buildMouthTrack(narration.speech.phonemes, narration.speech.durationMs, fps);
    return { audioPath: narration.mixedAudioPath, visemes, open: mouthOpenFrames(visemes), warnings: speechFallbackWarning(r.voice_id!, narration.speech.fallback), text: script.text };
  }
  let file: string;
  try {
    file = (await loadUserAudio(r.audio_ref, dir, deps)).file;
  } catch (err) {
    if (err instanceof UserAudioError) throw input40000('audio_url', err);
    throw err;
  }
  const audioPath = path.join(dir, 'audio.wav');
  const decoded = await decodeAudio(file, audioPath);
  if (r.script === null) {
    // No words: the mouth follows the sound's loudness and spectrum (audio-mouth.ts).
    const m = mouthFromAudio(decoded.samples, decoded.sampleRate, fps, decoded.durationMs);
    return { audioPath, visemes: m.visemes, open: m.open, warnings: [], text: '' };
  }
  // The words of the audio: the forced aligner gives their phonemes, which the mouth follows.
  const script = talkingScript(r.script, language);
  const timings = await alignToText({ samples: decoded.samples, sampleRate: decoded.sampleRate }, script.sentences.map((x) => x.text), language, {
    reference: espeakReference(asEngines(deps.engine).espeak),
  }).catch((err: unknown) => {
    if (err instanceof AlignmentError) throw new GenerationError(`script could not be aligned to audio_url: ${err.message}`, { code: 40000, retryable: false });
    throw err;
  });
  const visemes = buildMouthTrack(timings.phonemes, decoded.durationMs, fps);
  return { audioPath, visemes, open: mouthOpenFrames(visemes), warnings: [], text: script.text };
}

/**
 * The lip-sync step, shared with translation's lip_sync: a local video file → its frames at
 * LIP_SYNC_FPS, the face tracked in each (the face worker), refused with a reason when the face
 * is missing too often (lip-sync.faces.ts), then rendered with the mouth following `mouth` and
 * `audioPath` as the sound. Work files go under `dir`.
 */
export async function lipSyncStep(
  o: { videoFile: string; width: number; height: number; mouth: { visemes: Viseme[]; open: Float32Array }; audioPath: string; playback: PlaybackType; dir: string; renderFromPct: number; toPct: number },
  deps: PipelineDeps,
  progress: ProgressReporter,
  signal: AbortSignal,
): Promise<{ ok: true; videoPath: string; coverPath: string; durationS: number; warnings: string[] } | { ok: false; reason: string }> {
  const fps = LIP_SYNC_FPS;
  const size = workSize(o.width, o.height, MAX_SIDE);
  await fs.mkdir(o.dir, { recursive: true });
  const clipPath = path.join(o.dir, 'clip.mp4');
  await runFfmpeg(normalizeClipArgs(o.videoFile, size.width, size.height, fps, clipPath), { timeoutMs: 900_000, signal });
  signal.throwIfAborted();
  if (!deps.faces) throw new GenerationError('face tracking is not available on this server', { retryable: false });
  const tracked = await deps.faces.trackVideo({ path: clipPath, width: size.width, height: size.height, fps, decodeMaxSide: 960, maxFrames: 1_000_000, register: false }, signal);
  const faces = judgeLipSyncFaces(tracked);
  if (!faces.ok) return faces;
  signal.throwIfAborted();
  await progress('render', o.renderFromPct);
  const frames = Math.max(1, o.mouth.visemes.length);
  const out = await renderLipSync({
    clipPath,
    width: size.width,
    height: size.height,
    fps,
    landmarks: faces.landmarks,
    playback: o.playback,
    mouth: { visemes: o.mouth.visemes.slice(0, frames), open: o.mouth.open.subarray(0, frames) },
    audioPath: o.audioPath,
    outDir: path.join(o.dir, 'render'),
    onProgress: renderProgress(progress, o.renderFromPct, o.toPct),
    signal,
  });
  await fs.rm(clipPath, { force: true });
  const warnings = out.untouched > 0 ? [`the face was lost in ${out.untouched} of ${out.frames} frames: they show the original mouth`] : [];
  return { ok: true, videoPath: out.videoPath, coverPath: out.coverPath, durationS: out.durationS, warnings };
}

async function generate(job: GenerationJob, deps: PipelineDeps, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo> {
  const r = job.video.request as LipSyncRequest;
  await progress('source', PCT.source);
  const src = await loadSourceVideo(r.video_ref, path.join(job.workDir, 'source'), deps).catch((err: unknown) => {
    if (err instanceof SourceVideoError) throw input40000('video_url', err);
    throw err;
  });
  signal.throwIfAborted();
  // The new speech first: a bad audio fails before the face is tracked.
  await progress('audio', PCT.audio);
  const speech = await newSpeech(job, r, deps);
  signal.throwIfAborted();
  await progress('track', PCT.track);
  const out = await lipSyncStep(
    { videoFile: src.file, width: src.width, height: src.height, mouth: speech, audioPath: speech.audioPath, playback: r.playback_type, dir: path.join(job.workDir, 'lipsync'), renderFromPct: PCT.render, toPct: PCT.done },
    deps, progress, signal,
  );
  if (!out.ok) throw new GenerationError(`video_url: ${out.reason}`, { code: 40000, retryable: false });
  await fs.rm(path.join(job.workDir, 'source'), { recursive: true, force: true });
  return { videoPath: out.videoPath, coverPath: out.coverPath, vttPath: null, durationS: out.durationS, script: speech.text, warnings: [...speech.warnings, ...out.warnings] };
}

/**
 * A lip-sync video (POST /v2/create_lip_sync_video; docs/api.md "Lip-sync"): one person's clip,
 * its face tracked in every frame, played as long as the new audio (playback.ts), each frame's
 * mouth moved to the new speech with the video presenter's mouth model, the new audio in place
 * of the old.
 */
export const lipSyncKind: VideoKind = {
  name: 'lip_sync',
  eventFamily: 'lip_sync_video',
  v1Events: true,
  free: false,
  generate,
};
