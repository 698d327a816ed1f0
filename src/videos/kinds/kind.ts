import type { ReadyCustomAvatar } from '../../avatars/custom-avatar.service.ts';
import type { SafeFetcher } from '../../net/safe-fetch.ts';
import type { MusicLibrary } from '../../catalog/music.library.ts';
import type { LlmClient } from '../../pipeline/script/index.ts';
import type { SttClient } from '../../pipeline/translate/stt.client.ts';
import type { SpeechEngines } from '../../pipeline/speech/engines.ts';
import type { SpeechEngine } from '../../pipeline/speech/espeak.client.ts';
import type { VoiceSpec } from '../../pipeline/speech/voice.catalog.ts';
import type { Timeline } from '../../pipeline/timeline/types.ts';
import type { Narration } from '../../pipeline/types.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { FacePool } from '../../pipeline/avatar/photo/face.pool.ts';
import type { KindName } from './kind-names.ts';
import type { GeneratedVideo, GenerationJob, ProgressReporter } from '../video-generator.ts';

/**
 * A kind of video (CONTRACT §9, docs/architecture.md "Video kinds"). Every kind shares one id
 * space, one job system, one status route, one outbox and one credit rule; a kind only says what
 * is particular to it:
 * - its request (the route's schema; stored as JSON in videos.request),
 * - how its request becomes the video files: the render plan and the stages it needs (generate),
 * - which v2 event family its finished videos fire, and whether it is free.
 * Nothing about jobs, credits, events or delivery is written per kind: VideoService.accept takes
 * the credit and enqueues, VideoJob runs, publishes, refunds and emits for every kind alike.
 */
export { KIND_NAMES, type KindName } from './kind-names.ts';

export interface VideoKind {
  readonly name: KindName;
  /**
   * The v2 event family of a finished video: generated_<family>_success / _failed
   * (e.g. 'product_video'); null: no v2 event.
   */
  readonly eventFamily: string | null;
  /** Whether a finished video also fires generated_video_success / _failed for v1 subscribers. */
  readonly v1Events: boolean;
  /** Free kinds (previews) take no credit. */
  readonly free: boolean;
  /**
   * The pipeline of this kind: the stored request → render plan → stages → files in job.workDir.
   * No HTTP, no storage writes, no job or credit bookkeeping (the job runner does those).
   */
  generate(job: GenerationJob, deps: PipelineDeps, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo>;
}

/** Seconds of output one credit pays for: 1 credit per started 2 minutes (CONTRACT §9). */
export const SECONDS_PER_CREDIT = 120;

/** Credits a video of `kind` lasting about `outputS` seconds takes at acceptance. */
export function creditsFor(kind: Pick<VideoKind, 'free'>, outputS: number): number {
  if (kind.free) return 0;
  return Math.max(1, Math.ceil(outputS / SECONDS_PER_CREDIT - 1e-9));
}

/** The event kinds a finished video of `kind` fires, in the order they are recorded. */
export function eventKindsFor(kind: Pick<VideoKind, 'eventFamily' | 'v1Events'>, outcome: 'success' | 'failed'): string[] {
  const out: string[] = [];
  if (kind.v1Events) out.push(`generated_video_${outcome}`);
  if (kind.eventFamily) out.push(`generated_${kind.eventFamily}_${outcome}`);
  return out;
}

/** What the kinds' pipelines use: speech, music, stored and fetched media, the LLM, the render scale. */
export interface PipelineDeps {
  engine: SpeechEngine | SpeechEngines;
  /** The account's custom voice of a voice_id (GET /v1/voices/custom), looked up before speaking. */
  customVoice?: (accountId: string, voiceId: string) => Promise<VoiceSpec | undefined>;
  /** The account's ready custom avatar of an avatar_id (avatar_type 1): CustomAvatarService.ready. */
  customAvatar?: (accountId: string, avatarId: number) => Promise<ReadyCustomAvatar | undefined>;
  music: MusicLibrary;
  /** Where the product's copied media and other stored files live (read through the store, copied into the work dir). */
  store: BlobStore;
  publicBaseUrl: string;
  /** For media given by hand, which still point at other sites. */
  fetcher: SafeFetcher;
  llm: LlmClient | null;
  /** The speech-to-text server that transcribes outside videos for translation (STT_BASE_URL); absent: none. */
  stt?: SttClient | null;
  renderScale: number;
  /** The face worker (landmarks in every frame of a clip): lip-sync. Absent: lip-sync videos fail. */
  faces?: Pick<FacePool, 'trackVideo'>;
  log: { warn(obj: object, msg: string): void };
  /** Sees the narration and the built timeline of each video (bench:quality checks them). */
  observe?: { narration?(n: Narration): void; timeline?(t: Timeline): void };
}
