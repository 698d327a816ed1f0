import type { ReadyCustomAvatar } from '../avatars/custom-avatar.service.ts';
import { loadPhotoPresenter } from '../avatars/photo-avatar.files.ts';
import { presenterOf, type PresenterTraits } from '../pipeline/avatar/index.ts';
import type { PresenterSource } from '../pipeline/render/avatar-adapter.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import type { MusicLibrary } from '../pipeline/music/music.library.ts';
import type { LlmClient } from '../pipeline/script/index.ts';
import type { SpeechEngines } from '../pipeline/speech/engines.ts';
import type { SpeechEngine } from '../pipeline/speech/espeak.client.ts';
import type { VoiceSpec } from '../pipeline/speech/voice.catalog.ts';
import { asEngines } from '../pipeline/speech/engines.ts';
import type { Timeline } from '../pipeline/timeline/types.ts';
import type { Narration } from '../pipeline/types.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { videoKind } from './kinds/index.ts';
import { GenerationError, type GeneratedVideo, GenerationJob, ProgressReporter, VideoGenerator } from './video-generator.ts';

/** What the kinds' pipelines use: speech, music, stored and fetched media, the LLM, the render scale. */
export interface PipelineDeps {
  engine: SpeechEngine | SpeechEngines;
  /** The account's custom voice of a voice_id (GET /v1/voices/custom), looked up before speaking. */
  customVoice?: (accountId: string, voiceId: string) => Promise<VoiceSpec | undefined>;
  /** The account's ready custom avatar of an avatar_id (avatar_type 1): CustomAvatarService.ready. */
  customAvatar?: (accountId: string, avatarId: number) => Promise<ReadyCustomAvatar | undefined>;
  music: MusicLibrary;
  /** Where the product's copied media live (files under PUBLIC_BASE_URL/files/). */
  store: BlobStore & { root: string };
  publicBaseUrl: string;
  /** For media given by hand, which still point at other sites. */
  fetcher: SafeFetcher;
  llm: LlmClient | null;
  renderScale: number;
  log: { warn(obj: object, msg: string): void };
  /** Sees the narration and the built timeline of each video (bench:quality checks them). */
  observe?: { narration?(n: Narration): void; timeline?(t: Timeline): void };
}

/**
 * The media pipeline behind a video job: hands the job to its kind (src/videos/kinds/), which
 * turns the stored request into a render plan and runs the stages it needs in the job's work dir.
 */
export class PipelineGenerator implements VideoGenerator {
  constructor(private readonly deps: PipelineDeps) {}

  generate(job: GenerationJob, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo> {
    return videoKind(job.video.kind).generate(job, this.deps, progress, signal);
  }
}

export { shortWarning } from './kinds/product.kind.ts';

/**
 * The speech engines a video of `accountId` speaks with: the installed ones, plus the account's
 * custom voice when `voiceId` names one (GET /v1/voices/custom). Every kind narrates through this.
 */
export async function speechEnginesFor(deps: PipelineDeps, accountId: string, voiceId: string | null): Promise<SpeechEngines> {
  const engines = asEngines(deps.engine);
  const custom = voiceId ? await deps.customVoice?.(accountId, voiceId) : undefined;
  return custom ? { ...engines, voices: (id: string) => (id === custom.voiceId ? custom : engines.voices?.(id)) } : engines;
}

/** The warning a video carries when its external voice failed and a built-in one spoke instead. */
export function speechFallbackWarning(voiceId: string, fallback: string | undefined | null): string[] {
  return fallback ? [`voice ${voiceId}: ${fallback}`] : [];
}

/**
 * What draws a video's presenter: a public avatar_id, or the account's ready custom avatar
 * (checked again here: it may have been deleted since the video was accepted) — a drawn one, or a
 * photo presenter loaded from its stored portrait and rig — with its own voice and the traits its
 * default voice is chosen by.
 */
export async function presenterFor(deps: PipelineDeps, accountId: string, avatarId: number, avatarType: 0 | 1): Promise<{ ref: PresenterSource; voiceId: string | null; traits: Pick<PresenterTraits, 'gender' | 'age'> }> {
  if (avatarType === 0) return { ref: avatarId, voiceId: null, traits: presenterOf(avatarId).traits };
  const custom = await deps.customAvatar?.(accountId, avatarId);
  if (!custom) throw new GenerationError(`The custom avatar ${avatarId} (avatar_type 1) is no longer a ready custom avatar of this account`, { code: 10104, retryable: false });
  if (custom.kind === 'photo') {
    // A photo avatar's voice default: its recorded gender when known, else a female adult voice.
    const gender = custom.avatar.gender.toLowerCase() === 'male' ? 'male' : 'female';
    return { ref: await loadPhotoPresenter(deps.store, custom.photoKey), voiceId: custom.avatar.voiceId, traits: { gender, age: 'adult' } };
  }
  return { ref: custom.presenter, voiceId: custom.avatar.voiceId, traits: custom.presenter.traits };
}
