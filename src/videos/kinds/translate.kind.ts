import path from 'node:path';
import type { Language } from '../../catalog/languages.ts';
import { AlignmentError, alignToText } from '../../pipeline/speech/align/index.ts';
import { asEngines } from '../../pipeline/speech/engines.ts';
import { espeakReference } from '../../pipeline/speech/reference.speech.ts';
import { readWav } from '../../pipeline/speech/wav.ts';
import { splitSentences } from '../../pipeline/script/split.ts';
import { dubVideo } from '../../pipeline/translate/dub.ts';
import type { TimedSegment } from '../../pipeline/translate/stt.client.ts';
import { translateScript, translateSegments } from '../../pipeline/translate/translate.llm.ts';
import { loadSourceVideo, SourceVideoError } from '../source-video.ts';
import { GenerationError, type GeneratedVideo, type GenerationJob, type ProgressReporter } from '../video-generator.ts';
import type { VideoRequest } from '../video.repository.ts';
import type { TalkingAvatarRequest } from './avatar.kind.ts';
import type { KindName } from './kind-names.ts';
import type { PipelineDeps, VideoKind } from './kind.ts';
import { renderProgress, speechEnginesFor, speechFallbackWarning } from './shared-steps.ts';
import { LIP_SYNC_FPS, lipSyncStep } from './lip-sync.kind.ts';
import { buildMouthTrack, mouthOpenFrames } from '../../pipeline/avatar/index.ts';
import type { TemplateVideoRequest } from './template.kind.ts';

/**
 * A video translation (POST /v2/video_translate/, docs/translation.md), in one of two ways:
 * - `remake`: a video this server made, made again in the new language by its own kind's
 *   pipeline — a product video's script written anew by the script writer (same product, style,
 *   length, presenter, template, music, captions); a talking-avatar or template video's written
 *   script translated by the LLM first. The source's request is kept, already in the new
 *   language and voice; only the text to translate is left for the job.
 * - `dub`: any other video (a URL or an uploaded asset): its speech as timed text (the caller's
 *   transcript, or the STT server's), translated segment by segment by the LLM, spoken by the
 *   target voice in each segment's time, the original sound replaced (or ducked under it),
 *   captions of the new words.
 */
export type RemakeKind = Extract<KindName, 'product' | 'avatar' | 'template'>;

export type TranslateRequest =
  | {
      mode: 'remake';
      output_language: Language;
      /** The video it translates. */
      source_id: string;
      source_kind: RemakeKind;
      /** The source's request in the new language and voice; a written script still in the original language. */
      request: VideoRequest | TalkingAvatarRequest | TemplateVideoRequest;
      /** Whether the job has a written script to translate through the LLM (a talking-avatar or template script, a product video's override_script). */
      translate_script: boolean;
    }
  | {
      mode: 'dub';
      output_language: Language;
      /** The video as a stored ref (our key, or another site's URL); source_id when it is a video of ours. */
      video_ref: string;
      source_id: string | null;
      /** The language spoken in it, when known (the STT server is told; the aligner needs it for a plain-text transcript). */
      source_language: Language | null;
      /** The caller's transcript: timed segments, or plain text aligned to the sound here; null: the STT server's. */
      transcript: TimedSegment[] | string | null;
      voice_id: string;
      keep_original_audio: boolean;
      caption: boolean;
      /**
       * Make the mouth follow the new speech: the lip-sync step (lip-sync.kind.ts) on the dubbed
       * video, the mouth following the dub's speech track (DubResult.speech, its phonemes). A video
       * whose face cannot be followed keeps the dub without it, with a warning.
       */
      lip_sync: boolean;
    };

/** The ISO 639-1 code an STT server takes as `language`, for the languages that have one. */
const STT_CODES: Partial<Record<Language, string>> = {
  english: 'en', french: 'fr', german: 'de', spanish: 'es', italian: 'it', portuguese: 'pt', dutch: 'nl', flemish: 'nl', russian: 'ru',
  japanese: 'ja', korean: 'ko', chinese: 'zh', 'traditional-chinese': 'zh', cantonese: 'yue', polish: 'pl', turkish: 'tr', arabic: 'ar',
  hindi: 'hi', indonesian: 'id', vietnamese: 'vi', thai: 'th', swedish: 'sv', danish: 'da', norwegian: 'no', finnish: 'fi', greek: 'el',
  czech: 'cs', romanian: 'ro', hungarian: 'hu', ukrainian: 'uk', hebrew: 'he', malay: 'ms', tagalog: 'tl', filipino: 'tl',
};

function needLlm(deps: PipelineDeps) {
  // Checked at acceptance too; the operator may have removed it since.
  if (!deps.llm) throw new GenerationError('translating speech or a written script needs an LLM: set LLM_BASE_URL', { code: 40000, retryable: false });
  return deps.llm;
}

async function remake(job: GenerationJob, r: Extract<TranslateRequest, { mode: 'remake' }>, deps: PipelineDeps, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo> {
  let request = r.request;
  if (r.translate_script) {
    await progress('translate', 1);
    const llm = needLlm(deps);
    const tr = (text: string) => translateScript(llm, text, r.output_language, signal).catch((err: Error) => {
      throw new GenerationError(`the LLM could not translate the script: ${err.message}`, { retryable: true });
    });
    if (r.source_kind === 'avatar') {
      const a = request as TalkingAvatarRequest;
      request = { ...a, script: await tr(a.script ?? '') };
    } else if (r.source_kind === 'template') {
      const t = request as TemplateVideoRequest;
      request = { ...t, plan: { ...t.plan, script: await tr(t.plan.script) } };
    } else {
      const p = request as VideoRequest;
      request = { ...p, override_script: p.override_script ? await tr(p.override_script) : null };
    }
  }
  signal.throwIfAborted();
  // The source kind's own pipeline, on this video's row: its id, account, product and work dir.
  const { videoKind } = await import('./index.ts');
  return videoKind(r.source_kind).generate({ ...job, video: { ...job.video, request } }, deps, progress, signal);
}

const DUB_PCT = { source: 2, transcribe: 8, translate: 15, speech: 25, done: 98, lipSync: 60 } as const;

async function dub(job: GenerationJob, r: Extract<TranslateRequest, { mode: 'dub' }>, deps: PipelineDeps, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo> {
  await progress('source', DUB_PCT.source);
  const src = await loadSourceVideo(r.video_ref, path.join(job.workDir, 'source'), deps).catch((err: unknown) => {
    if (err instanceof SourceVideoError) throw new GenerationError(`video_url ${err.message}`, { code: 40000, retryable: err.transient });
    throw err;
  });
  if (!src.speechWav || !src.audible) throw new GenerationError('video_url: no speech found (the video has no sound or it is silent)', { code: 40000, retryable: false });
  signal.throwIfAborted();

  await progress('transcribe', DUB_PCT.transcribe);
  let segments: TimedSegment[];
  if (Array.isArray(r.transcript)) segments = r.transcript;
  else if (typeof r.transcript === 'string') segments = await alignedTranscript(r.transcript, src.speechWav, r.source_language ?? 'english', deps);
  else {
    if (!deps.stt) throw new GenerationError('transcribing a video needs a speech-to-text server: set STT_BASE_URL, or give transcript', { code: 40000, retryable: false });
    const heard = await deps.stt.transcribe(src.speechWav, { language: r.source_language ? (STT_CODES[r.source_language] ?? null) : null, signal }).catch((err: Error) => {
      throw new GenerationError(`the speech-to-text server could not transcribe the video: ${err.message}`, { retryable: true });
    });
    segments = heard.segments;
  }
  if (segments.length === 0) throw new GenerationError('video_url: no speech found (the transcript is empty)', { code: 40000, retryable: false });

  await progress('translate', DUB_PCT.translate);
  const llm = needLlm(deps);
  signal.throwIfAborted();
  const translated = await translateSegments(llm, segments, r.output_language, signal).catch((err: Error) => {
    throw new GenerationError(`the LLM could not translate the speech: ${err.message}`, { retryable: true });
  });
  signal.throwIfAborted();

  await progress('speech', DUB_PCT.speech);
  const engine = await speechEnginesFor(deps, job.video.accountId, r.voice_id);
  const onProgress = renderProgress(progress, DUB_PCT.speech, r.lip_sync ? DUB_PCT.lipSync : DUB_PCT.done);
  const out = await dubVideo(
    { videoPath: src.file, segments: translated, language: r.output_language, voiceId: r.voice_id, keepOriginal: r.keep_original_audio, burnCaptions: r.caption, workDir: path.join(job.workDir, 'dub'), onProgress, signal },
    { engine },
  );
  signal.throwIfAborted();
  const warnings = speechFallbackWarning(r.voice_id, out.speech.fallback);
  const moved = out.placements.filter((p) => p.movedS > 0.05).length;
  if (moved) warnings.push(`${moved} of ${out.placements.length} translated segments were too long for their time even said ${Math.round((Math.max(...out.rates) - 1) * 100)} % faster: they start later than in the original`);
  if (!r.lip_sync) return { videoPath: out.videoPath, coverPath: out.coverPath, vttPath: out.vttPath, durationS: out.durationS, script: out.text, warnings };

  // The mouth follows the new speech: its phonemes, on the dubbed video's own timeline; the dub's sound kept.
  const visemes = buildMouthTrack(out.speech.phonemes, Math.round(out.durationS * 1000), LIP_SYNC_FPS);
  const synced = await lipSyncStep(
    { videoFile: out.videoPath, width: src.width, height: src.height, mouth: { visemes, open: mouthOpenFrames(visemes) }, audioPath: out.videoPath, playback: 'normal', dir: path.join(job.workDir, 'lipsync'), renderFromPct: DUB_PCT.lipSync, toPct: DUB_PCT.done },
    deps, progress, signal,
  );
  if (!synced.ok) {
    warnings.push(`lip_sync: not done, the video is re-voiced only: ${synced.reason}`);
    return { videoPath: out.videoPath, coverPath: out.coverPath, vttPath: out.vttPath, durationS: out.durationS, script: out.text, warnings };
  }
  return { videoPath: synced.videoPath, coverPath: synced.coverPath, vttPath: out.vttPath, durationS: out.durationS, script: out.text, warnings: [...warnings, ...synced.warnings] };
}

/** A plain-text transcript timed against the video's own sound (the forced aligner, one segment a sentence). */
async function alignedTranscript(text: string, wavPath: string, language: Language, deps: PipelineDeps): Promise<TimedSegment[]> {
  const sentences = splitSentences(text, language);
  const wav = await readWav(wavPath);
  const samples = Float32Array.from(wav.samples, (x) => x / 32768);
  const timings = await alignToText({ samples, sampleRate: wav.sampleRate }, sentences, language, { reference: espeakReference(asEngines(deps.engine).espeak) }).catch((err: unknown) => {
    if (err instanceof AlignmentError) throw new GenerationError(`transcript could not be aligned to the video's speech: ${err.message}`, { code: 40000, retryable: false });
    throw err;
  });
  return timings.sentences.map((s, i) => ({ start: s.startMs / 1000, end: s.endMs / 1000, text: sentences[i]! }));
}

export const translateKind: VideoKind = {
  name: 'translate',
  eventFamily: 'translate_video',
  v1Events: true,
  free: false,
  generate(job, deps, progress, signal) {
    const r = job.video.request as TranslateRequest;
    return r.mode === 'remake' ? remake(job, r, deps, progress, signal) : dub(job, r, deps, progress, signal);
  },
};
