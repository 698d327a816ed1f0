import type { Principal } from '../accounts/auth.service.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { videoFailedEvents } from '../webhooks/event.ts';
import { eventKindsFor, videoKind } from './kinds/index.ts';
import { statusDescriptions, VideoStatus, type Video } from './video.repository.ts';
import type { VideoService } from './video.service.ts';

/** The error a cancelled video shows (GET /v1/project, v2 status routes) and its failed events carry. */
export const CANCELLED_ERROR = { code: 40000, message: 'cancelled: the video was cancelled by its owner before it was finished' } as const;

const beingMade = (v: Video) => v.status === VideoStatus.start || v.status === VideoStatus.waiting || v.status === VideoStatus.processing;

/**
 * Cancelling a video of any kind while it is queued or being made. One transaction — the database
 * is the source of truth for every worker, in this process or another: the video becomes status 5
 * with CANCELLED_ERROR, its job is cancelled (JobRepository.cancel), the credits taken at
 * acceptance are refunded (the ledger's unique refund per project: once, whoever finishes the video
 * first, a failing worker or this) and its failed events are recorded. The worker holding the job
 * sees the cancelled row within CANCEL_CHECK_MS (src/jobs/leased-run.ts), aborts its signal (the
 * render stops between two frames, ffmpeg is killed) and removes its attempt's work directory;
 * whatever it would write after is refused, since its job is no longer running.
 */
export class VideoCancelService {
  constructor(
    private readonly d: {
      videos: Pick<VideoService, 'get' | 'delete'>;
      uow: WorkUnitOfWork;
      clock: Clock;
      /** Wakes the webhook dispatcher after the failed events committed. */
      deliveriesCommitted: () => void;
    },
  ) {}

  /** Cancels the account's video being made; 40000 when it has already finished (naming its status); 10104 when it is not the account's. */
  async cancel(who: Principal, videoId: string, field = 'project_id'): Promise<Video> {
    const video = await this.d.videos.get(who, videoId, undefined, field);
    if (!beingMade(video) || !(await this.record(video))) {
      const now = await this.d.videos.get(who, videoId, undefined, field);
      if (beingMade(now)) throw new Error(`video ${videoId} could not be cancelled`);
      throw errors.parameter(field, `${videoId} has already finished (status_code ${now.status}, ${statusDescriptions[now.status] ?? 'unknown'}); only a video being made can be cancelled`);
    }
    return this.d.videos.get(who, videoId, undefined, field);
  }

  /**
   * DELETE /v1/project: a video being made (status 1-3) is cancelled (status 5, refunded, failed
   * events); a finished one is deleted (status 99, files removed) as before.
   */
  async cancelOrDelete(who: Principal, projectId: string): Promise<void> {
    const video = await this.d.videos.get(who, projectId);
    if (beingMade(video) && (await this.record(video))) return;
    await this.d.videos.delete(who, projectId);
  }

  /** The one transaction; false when the video finished (or was cancelled) first. */
  private async record(video: Video): Promise<boolean> {
    const now = this.d.clock.nowMs();
    const emitted = await this.d.uow(async (r) => {
      if (!(await r.videos.markFailed(video.id, CANCELLED_ERROR, now))) return false;
      await r.jobs.cancel(video.id, now);
      if (video.credits > 0) await r.accounts.addCredits(video.accountId, video.credits, 'refund', video.id, now);
      const kinds = eventKindsFor(videoKind(video.kind), 'failed');
      await r.outbox.emit(videoFailedEvents({ projectId: video.id, accountId: video.accountId, kinds, webhookUrl: video.webhookUrl ?? null, error: { ...CANCELLED_ERROR } }, now));
      return true;
    });
    if (emitted) this.d.deliveriesCommitted();
    return emitted;
  }
}
