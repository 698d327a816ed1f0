import type { SegmentDispatch } from '../pipeline/render/render-segments.ts';
import type { Script } from '../pipeline/types.ts';
import type { Product } from '../products/product.repository.ts';
import type { Video } from './video.repository.ts';

/**
 * The seam between the job system and the media pipeline. The job runner calls generate() once
 * per attempt with an empty work directory of its own; the generator writes its files there and
 * returns their paths. Publishing them to storage and recording the result is the caller's job.
 */
export interface GenerationJob {
  video: Video;
  /** The video's product (videos.product_id), or null for kinds without one. */
  product: Product | null;
  /** Empty directory for this attempt; removed after the attempt. */
  workDir: string;
  /** Set when this attempt may split a long render across idle workers (SPLIT_RENDER, BullMQ only): render-segments.ts. */
  segments?: SegmentDispatch | null;
}

export interface GeneratedVideo {
  /** MP4 (H.264 + AAC, +faststart), or WebM (VP9 with alpha + Opus) when the kind asks for transparency; published under its own extension. */
  videoPath: string;
  /** JPEG. */
  coverPath: string;
  /** WebVTT, or null when no captions were made. */
  vttPath: string | null;
  durationS: number;
  /** The narration text. */
  script: string;
  /** The narration as planned (sentences with their cues, and its writer), for kinds that write one; kept with the video. */
  scriptPlan?: Script;
  /** What went wrong without stopping the video (media URLs that did not load); shown as the project's `warnings`. */
  warnings?: string[];
}

/**
 * Reports overall progress, 0-100, with the current stage name (script, speech, avatar, render,
 * ...). The video shows status 3 with this progress; values only ever go up.
 */
export type ProgressReporter = (stage: string, pct: number) => Promise<void> | void;

export interface VideoGenerator {
  /** Must stop promptly (rejecting) when `signal` aborts: the lease was lost, the attempt timed out or the process is stopping. */
  generate(job: GenerationJob, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo>;
}

/**
 * A failure the client may read: `message` becomes the video's error.message (anything else is
 * reported as a generic system error, with the details only in the log). `retryable: false`
 * fails the video at once (bad input), otherwise the job is tried again while attempts remain.
 */
export class GenerationError extends Error {
  readonly code: number;
  readonly retryable: boolean;

  constructor(message: string, opts: { code?: number; retryable?: boolean } = {}) {
    super(message);
    this.name = 'GenerationError';
    this.code = opts.code ?? 50000;
    this.retryable = opts.retryable ?? true;
  }
}

/** The job kind that turns an accepted video into a finished one; its job id is the project id. */
export const VIDEO_JOB_KIND = 'video.generate';
