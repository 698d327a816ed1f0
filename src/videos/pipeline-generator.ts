import type { ReadyCustomAvatar } from '../avatars/custom-avatar.service.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import type { MusicLibrary } from '../pipeline/music/music.library.ts';
import type { LlmClient } from '../pipeline/script/index.ts';
import type { SpeechEngines } from '../pipeline/speech/engines.ts';
import type { SpeechEngine } from '../pipeline/speech/espeak.client.ts';
import type { VoiceSpec } from '../pipeline/speech/voice.catalog.ts';
import type { Timeline } from '../pipeline/timeline/types.ts';
import type { Narration } from '../pipeline/types.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { videoKind } from './kinds/index.ts';
import type { GeneratedVideo, GenerationJob, ProgressReporter, VideoGenerator } from './video-generator.ts';

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
