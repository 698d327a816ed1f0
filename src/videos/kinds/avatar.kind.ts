import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../../catalog/languages.ts';
import { decodeAudio } from '../../media/audio.ts';
import { mouthFromAudio, type Viseme } from '../../pipeline/avatar/index.ts';
import { AlignmentError, alignToText } from '../../pipeline/speech/align/index.ts';
import { asEngines } from '../../pipeline/speech/engines.ts';
import { espeakReference } from '../../pipeline/speech/reference.speech.ts';
import { buildCaptions } from '../../pipeline/captions/build.ts';
import { narrate } from '../../pipeline/narrate.ts';
import { renderTalkingAvatar, type ScreenStyle } from '../../pipeline/render/render-talking.ts';
import { splitSentences } from '../../pipeline/script/split.ts';
import { LANGUAGE_PROFILES } from '../../pipeline/script/rates.ts';
import { DEFAULT_FPS } from '../../pipeline/timeline/build.ts';
import type { Script, ScriptSentence, Speech } from '../../pipeline/types.ts';
import { loadUserAudio, UserAudioError } from '../user-audio.ts';
import { GenerationError } from '../video-generator.ts';
import { presenterFor, speechEnginesFor, speechFallbackWarning, renderProgress } from './shared-steps.ts';
import type { VideoKind } from './kind.ts';

/** The talking-avatar request (create_video_from_talking_avatar) after validation and normalisation. */
export interface TalkingAvatarRequest {
  avatar_id: number;
  avatar_type: 0 | 1;
  /** The voice that says `script` (always set when there is a script: the default voice when none was asked for). */
  voice_id: string | null;
  /** The script's language: the voice's. */
  language: string;
  /** 1 the avatar's scene, 2 chroma-key green, 3 transparent (WebM with alpha). */
  screen_style: 1 | 2 | 3;
  /** What the presenter says; with audio_url, what the audio says (aligned to it for the captions). */
  script: string | null;
  /** Resolved and kept as a stored ref (src/storage/stored-refs.ts): an uploaded asset's storage key, or a URL of another site. */
  audio_url: string | null;
  aspect_ratio: 0 | 1 | 2;
  caption: boolean;
  video_name: string;
}

export const SCREEN_STYLES: Record<1 | 2 | 3, ScreenStyle> = { 1: 'scene', 2: 'green', 3: 'transparent' };

/** A short silence after the last word, so the video does not end on it. */
const TAIL_MS = 400;

function plainSentence(text: string): ScriptSentence {
  return { text, cue: { kind: 'story', imageIndex: null, pointIndex: null, gesture: 'none', overlay: null } };
}

/** The client's script as a Script: split into sentences, said as written; the first opens the hands. */
export function talkingScript(text: string, language: Language): Script {
  const sentences = splitSentences(text, language).map(plainSentence);
  if (sentences[0]) sentences[0] = { ...sentences[0], cue: { ...sentences[0].cue, kind: 'hook', gesture: 'open' } };
  return { language, style: 'talking', lengthS: 15, sentences, text: sentences.map((s) => s.text).join(LANGUAGE_PROFILES[language].joiner), source: 'override' };
}

const STAGE_PCT = { speech: 3, audio: 3, render: 15, done: 98 } as const;

/**
 * The talking-avatar video: the presenter says the script with the voice (speech, word timings,
 * mouth from the phonemes, captions when asked), or lip-moves to the user's audio (decoded,
 * mouth from its loudness and spectrum, no captions); then one presenter filling the frame on
 * the chosen screen: the avatar's scene, chroma green or transparent.
 */
export const avatarKind: VideoKind = {
  name: 'avatar',
  eventFamily: 'avatar_video',
  v1Events: true,
  free: false,
  async generate(job, deps, progress, signal) {
    const r = job.video.request as TalkingAvatarRequest;
    const fps = DEFAULT_FPS;
    const language = r.language as Language;
    let speech: Speech;
    let script: Script;
    let audioPath: string;
    let mouth: { visemes: Viseme[]; open: Float32Array } | undefined;
    const warnings: string[] = [];
    if (r.audio_url === null) {
      await progress('speech', STAGE_PCT.speech);
      script = talkingScript(r.script ?? '', language);
      if (script.sentences.length === 0) throw new GenerationError('script has nothing to say', { code: 40000, retryable: false });
      const engine = await speechEnginesFor(deps, job.video.accountId, r.voice_id);
      const narration = await narrate({ script, voiceId: r.voice_id!, musicId: null, workDir: path.join(job.workDir, 'narration') }, { engine });
      warnings.push(...speechFallbackWarning(r.voice_id!, narration.speech.fallback));
      speech = narration.speech;
      audioPath = narration.mixedAudioPath;
    } else {
      await progress('audio', STAGE_PCT.audio);
      let file: string;
      try {
        file = (await loadUserAudio(r.audio_url!, path.join(job.workDir, 'audio'), deps)).file;
      } catch (err) {
        if (err instanceof UserAudioError) throw new GenerationError(`audio_url ${err.message}`, { code: 40000, retryable: err.transient });
        throw err;
      }
      audioPath = path.join(job.workDir, 'audio', 'audio.wav');
      await fs.mkdir(path.dirname(audioPath), { recursive: true });
      const decoded = await decodeAudio(file, audioPath);
      const m = mouthFromAudio(decoded.samples, decoded.sampleRate, fps, decoded.durationMs);
      mouth = { visemes: m.visemes, open: m.open };
      speech = { wavPath: audioPath, sampleRate: 48_000, durationMs: decoded.durationMs, voiceId: '', words: [], phonemes: [], sentences: m.voiced };
      script = { language, style: 'talking', lengthS: 15, sentences: m.voiced.map(() => plainSentence('')), text: '', source: 'override' };
      if (r.script !== null) {
        // The words of the user's audio: forced alignment (issue 16) gives their timings, for the captions.
        script = talkingScript(r.script, language);
        const timings = await alignToText({ samples: decoded.samples, sampleRate: decoded.sampleRate }, script.sentences.map((x) => x.text), language, {
          reference: espeakReference(asEngines(deps.engine).espeak),
        }).catch((err: unknown) => {
          if (err instanceof AlignmentError) throw new GenerationError(`script could not be aligned to audio_url: ${err.message}`, { code: 40000, retryable: false });
          throw err;
        });
        speech = { ...speech, ...timings };
      }
    }
    signal.throwIfAborted();
    await progress('render', STAGE_PCT.render);
    const durationMs = speech.durationMs + (r.audio_url === null ? TAIL_MS : 0);
    const captions =
      r.caption && r.script !== null
        ? buildCaptions(speech.words, { language, aspectRatio: r.aspect_ratio, sentences: script.sentences, sentenceSpans: speech.sentences, mediaEndMs: durationMs })
        : null;
    const presenter = await presenterFor(deps, job.video.accountId, r.avatar_id, r.avatar_type);
    const rendered = await renderTalkingAvatar({
      avatarId: presenter.ref,
      speech,
      script,
      ...(mouth ? { mouth } : {}),
      audioPath,
      durationMs,
      aspectRatio: r.aspect_ratio,
      screen: SCREEN_STYLES[r.screen_style],
      captions,
      fps,
      scale: deps.renderScale,
      seed: parseInt(job.video.id.slice(0, 8), 16) || 1,
      outDir: path.join(job.workDir, 'render'),
      onProgress: renderProgress(progress, STAGE_PCT.render, STAGE_PCT.done),
      signal,
    });
    signal.throwIfAborted();
    return { videoPath: rendered.videoPath, coverPath: rendered.coverPath, vttPath: rendered.vttPath, durationS: rendered.durationS, script: script.text, warnings };
  },
};
