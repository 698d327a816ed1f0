import fs from 'node:fs/promises';
import path from 'node:path';
import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import type { ProductRepository } from '../products/product.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { videoFilesPrefix } from '../storage/storage-keys.ts';
import { videoFailedEvents, videoSucceededEvents } from '../webhooks/event.ts';
import { GenerationError, type GeneratedVideo, type ProgressReporter, type VideoGenerator } from './video-generator.ts';
import { VideoStatus, type Video, type VideoRepository } from './video.repository.ts';
import { eventKindsFor, videoKind } from './kinds/index.ts';
import { StageClock } from './video-timings.ts';
import type { SplitRender } from './segment-dispatch.ts';

export interface VideoJobDeps {
  uow: WorkUnitOfWork;
  videos: VideoRepository;
  products: ProductRepository;
  jobs: JobRepository;
  store: BlobStore;
  generator: VideoGenerator;
  clock: Clock;
  signals: Signals;
  /** Attempt directories go under here (DATA_DIR/work). */
  workRoot: string;
  /** Retry n waits backoffMs × 4^(n-1). */
  backoffMs: number;
  /** Long renders split across idle workers (SPLIT_RENDER=auto with BullMQ); absent: one piece. */
  split?: SplitRender | null;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Storage keys of the published files: what the video row keeps (URLs are built when read). */
interface PublishedFiles {
  videoKey: string;
  coverKey: string;
  subtitlesKey: string;
  /** Counted against the account's storage quota. */
  storageBytes: number;
}

interface Failure {
  /** What the client reads as the video's error. */
  error: { code: number; message: string };
  retryable: boolean;
  /** What the operator reads (jobs.last_error, the log). */
  detail: string;
}

/** Progress writes at most this often within one stage. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * The generation job of one video: generate (progress → status 3), publish the files to storage,
 * then in one transaction finish the job, record the result and emit the events with their
 * delivery rows. Failures are retried with backoff while attempts remain; the final failure sets
 * status 5 with an error, gives the credit back and emits the failed events, in one transaction.
 */
export class VideoJob implements JobHandler {
  constructor(private readonly d: VideoJobDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { videos, jobs, clock } = this.d;
    const video = await videos.getById(job.id);
    if (!video) {
      await jobs.fail(job.id, ctx.owner, 'the video row is missing', clock.nowMs());
      return;
    }
    if (video.status !== VideoStatus.waiting && video.status !== VideoStatus.processing && video.status !== VideoStatus.start) {
      await jobs.complete(job.id, ctx.owner, clock.nowMs());
      return;
    }
    if (job.attempts > job.maxAttempts) {
      const message = `Video generation did not finish: its worker stopped during each of ${job.maxAttempts} attempts`;
      await this.failFinally(job, ctx, video, { error: { code: 50000, message }, retryable: false, detail: 'lease expired after the last attempt' });
      return;
    }
    const attemptDir = path.join(this.d.workRoot, job.id, String(job.attempts));
    const stages = new StageClock(job.runAt);
    const progress = this.reporter(job, ctx, stages);
    try {
      const product = video.productId === null ? null : ((await this.d.products.get(video.accountId, video.productId)) ?? null);
      if (video.productId !== null && !product) throw new GenerationError('The product of this video no longer exists', { code: 10104, retryable: false });
      await fs.rm(attemptDir, { recursive: true, force: true });
      await fs.mkdir(attemptDir, { recursive: true });
      await videos.setProgress(job.id, 0, clock.nowMs());
      const result = await this.d.generator.generate({ video, product, workDir: attemptDir, segments: this.d.split?.forAttempt(job, ctx.owner) ?? null }, progress.report, ctx.signal);
      progress.close();
      ctx.signal.throwIfAborted();
      stages.mark('publish');
      await jobs.setStage(job.id, ctx.owner, 'publish', clock.nowMs());
      const files = await this.publish(video, result);
      stages.mark('commit');
      if (await this.succeed(job, ctx, video, result, files)) {
        // Where this video's time went (video-timings.ts): read by bench:e2e and the demo.
        this.d.log.info({ projectId: video.id, timings: stages.finish(video.id, job.attempts) }, 'video timings');
      }
    } catch (err) {
      progress.close();
      await this.onError(job, ctx, video, err);
    } finally {
      await fs.rm(attemptDir, { recursive: true, force: true }).catch(() => undefined);
      await fs.rmdir(path.dirname(attemptDir)).catch(() => undefined);
    }
  }

  /**
   * Files go to videos/<project_id>/<file token>/ under fixed names, so a retried publish
   * overwrites, never duplicates; the token (random, per video) keeps the URLs unguessable.
   * Each file is streamed from the attempt's work dir to the store (putFile): the MP4 is never
   * held in memory, whatever its size.
   */
  private async publish(video: Video, r: GeneratedVideo): Promise<PublishedFiles> {
    const base = videoFilesPrefix(video.id, video.fileToken ?? null);
    const { store } = this.d;
    const startedMs = performance.now();
    // video.mp4, or video.webm for a transparent video: the extension tells players the format.
    const ext = path.extname(r.videoPath).toLowerCase() === '.webm' ? 'webm' : 'mp4';
    const keys = { videoKey: `${base}/video.${ext}`, coverKey: `${base}/cover.jpg`, subtitlesKey: r.vttPath ? `${base}/subtitles.vtt` : '' };
    const uploads: [key: string, file: string][] = [[keys.videoKey, r.videoPath], [keys.coverKey, r.coverPath]];
    if (r.vttPath) uploads.push([keys.subtitlesKey, r.vttPath]);
    let storageBytes = 0;
    for (const [key, file] of uploads) {
      storageBytes += (await fs.stat(file)).size;
      await store.putFile(key, file);
    }
    // One line per published video: what S3 (or the disk) adds to a video, read by bench:scaleout.
    this.d.log.info({ projectId: video.id, bytes: storageBytes, ms: Math.round((performance.now() - startedMs) * 10) / 10 }, 'video files stored');
    return { ...keys, storageBytes };
  }

  /** True when this worker recorded the result (false: the lease was lost meanwhile). */
  private async succeed(job: Job, ctx: JobContext, video: Video, r: GeneratedVideo, files: PublishedFiles): Promise<boolean> {
    const now = this.d.clock.nowMs();
    const { store } = this.d;
    const emitted = await this.d.uow(async (repos) => {
      // Lost lease: another worker owns the job now and will record its own result.
      if (!(await repos.jobs.complete(job.id, ctx.owner, now))) return false;
      const durationS = Math.round(r.durationS * 100) / 100;
      if (!(await repos.videos.markSucceeded(job.id, { ...files, durationS, script: r.script, scriptPlan: r.scriptPlan ?? null, warnings: r.warnings ?? [] }, now))) return false;
      const kinds = eventKindsFor(videoKind(video.kind), 'success');
      // Webhook bodies are sent as stored and need absolute URLs: built here from this worker's
      // PUBLIC_BASE_URL, which must be the API's public one (docs/storage.md).
      const videoUrl = store.publicUrl(files.videoKey);
      const coverUrl = store.publicUrl(files.coverKey);
      await repos.outbox.emit(videoSucceededEvents({ projectId: video.id, accountId: video.accountId, kinds, webhookUrl: video.webhookUrl ?? null, videoUrl, coverUrl, durationS }, now));
      return true;
    });
    if (emitted) this.d.signals.deliveriesCommitted();
    return emitted;
  }

  private async onError(job: Job, ctx: JobContext, video: Video, err: unknown): Promise<void> {
    const { clock, log } = this.d;
    const reason = ctx.abortReason();
    if (reason === 'lease_lost') {
      log.warn({ jobId: job.id }, 'video job: lease lost; another worker has the job');
      return;
    }
    if (reason === 'cancelled') {
      // VideoService.cancel recorded everything (status 5, refund, events) when it cancelled the job.
      log.info({ jobId: job.id }, 'video job: cancelled');
      return;
    }
    if (reason === 'stopping') {
      // Given back without counting the attempt: a restart or another worker picks it up at once.
      const released = await this.d.uow(async (r) => {
        if (!(await r.jobs.release(job.id, ctx.owner, clock.nowMs()))) return false;
        await r.videos.markWaiting(job.id, clock.nowMs());
        return true;
      });
      if (released) this.d.signals.jobEnqueued(job.id, job.attempts - 1, 0);
      return;
    }
    const failure = describe(err, reason);
    log.warn({ jobId: job.id, attempt: job.attempts, err }, `video job attempt failed: ${failure.detail}`);
    if (!failure.retryable || job.attempts >= job.maxAttempts) {
      await this.failFinally(job, ctx, video, failure);
      return;
    }
    const delayMs = this.d.backoffMs * 4 ** (job.attempts - 1);
    const now = clock.nowMs();
    const rescheduled = await this.d.uow(async (r) => {
      if (!(await r.jobs.retryLater(job.id, ctx.owner, now + delayMs, failure.detail, now))) return false;
      await r.videos.markWaiting(job.id, now);
      return true;
    });
    if (rescheduled) this.d.signals.jobEnqueued(job.id, job.attempts, delayMs);
  }

  /**
   * Status 5, the refund of the credits taken at acceptance (ledger reason 'refund', ref = project
   * id, unique: once only) and the failed events: one transaction.
   */
  private async failFinally(job: Job, ctx: JobContext, video: Video, failure: Failure): Promise<void> {
    const now = this.d.clock.nowMs();
    const emitted = await this.d.uow(async (r) => {
      if (!(await r.jobs.fail(job.id, ctx.owner, failure.detail, now))) return false;
      if (!(await r.videos.markFailed(job.id, failure.error, now))) return false;
      if (video.credits > 0) await r.accounts.addCredits(video.accountId, video.credits, 'refund', video.id, now);
      const kinds = eventKindsFor(videoKind(video.kind), 'failed');
      await r.outbox.emit(videoFailedEvents({ projectId: video.id, accountId: video.accountId, kinds, webhookUrl: video.webhookUrl ?? null, error: failure.error }, now));
      return true;
    });
    if (emitted) this.d.signals.deliveriesCommitted();
  }

  /**
   * Monotonic progress, at most one write per PROGRESS_INTERVAL_MS within a stage; 100 is kept for
   * success. Reports arriving after the attempt ended (close) are dropped.
   */
  private reporter(job: Job, ctx: JobContext, stages: StageClock): { report: ProgressReporter; close(): void } {
    let last = 0;
    let lastStage = '';
    let lastWrite = 0;
    let closed = false;
    const report: ProgressReporter = async (stage, pct) => {
      if (closed) return;
      stages.mark(stage);
      const p = Math.max(last, Math.min(99, Math.max(0, Math.round(pct))));
      const now = this.d.clock.nowMs();
      const newStage = stage !== lastStage;
      if (!newStage && (p === last || now - lastWrite < PROGRESS_INTERVAL_MS)) return;
      last = p;
      lastWrite = now;
      if (newStage) {
        lastStage = stage;
        await this.d.jobs.setStage(job.id, ctx.owner, stage, now);
      }
      await this.d.videos.setProgress(job.id, p, now);
    };
    return {
      report,
      close: () => {
        closed = true;
      },
    };
  }
}

function describe(err: unknown, reason: 'timeout' | null): Failure {
  const detail = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 2000) : String(err).slice(0, 2000);
  if (reason === 'timeout') return { error: { code: 50000, message: 'Video generation timed out' }, retryable: true, detail: `timeout; ${detail}` };
  if (err instanceof GenerationError) return { error: { code: err.code, message: err.message }, retryable: err.retryable, detail };
  return { error: { code: 50000, message: 'Video generation failed (system error)' }, retryable: true, detail };
}
