import fs from 'node:fs';
import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { Clock } from '../lib/clock.ts';
import { planPath, renderPlannedSegment } from '../pipeline/render/render-segments.ts';
import { parseSegmentJobId, splitDir } from './segment-dispatch.ts';

export interface SegmentJobDeps {
  jobs: JobRepository;
  signals: Signals;
  clock: Clock;
  /** DATA_DIR/work: where the video job wrote the plan (it must be the same directory for every worker). */
  workRoot: string;
  log: { warn(obj: object, msg: string): void };
}

/** A failed segment is tried again after this long (its video job renders it itself once it gives up). */
const SEGMENT_RETRY_MS = 1000;

/**
 * One segment of a split render (segment-dispatch.ts): frames [from, to) of the plan the video
 * job wrote, into the split directory. Nothing is published or recorded but the job row: the
 * video job joins, publishes and finishes the video.
 */
export class SegmentJob implements JobHandler {
  constructor(private readonly d: SegmentJobDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { jobs, clock } = this.d;
    const ref = parseSegmentJobId(job.id);
    if (!ref) {
      await jobs.fail(job.id, ctx.owner, 'not a segment job id', clock.nowMs());
      return;
    }
    const dir = splitDir(this.d.workRoot, ref.videoId, ref.attempt);
    if (job.attempts > job.maxAttempts || !fs.existsSync(planPath(dir))) {
      // The video job renders it itself when it sees the failure.
      const why = job.attempts > job.maxAttempts ? 'its worker stopped during each attempt' : `no plan at ${dir} (this worker does not share DATA_DIR with the video's worker, or the video job ended)`;
      await jobs.fail(job.id, ctx.owner, why, clock.nowMs());
      return;
    }
    try {
      await renderPlannedSegment(dir, ref.k, ctx.signal);
      await jobs.complete(job.id, ctx.owner, clock.nowMs());
    } catch (err) {
      const reason = ctx.abortReason();
      if (reason === 'lease_lost' || reason === 'cancelled') return;
      const now = clock.nowMs();
      if (reason === 'stopping') {
        if (await jobs.release(job.id, ctx.owner, now)) this.d.signals.jobEnqueued(job.id, job.attempts - 1, 0);
        return;
      }
      const detail = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 2000) : String(err).slice(0, 2000);
      this.d.log.warn({ jobId: job.id, attempt: job.attempts, err }, `segment job attempt failed: ${detail}`);
      if (job.attempts >= job.maxAttempts) await jobs.fail(job.id, ctx.owner, detail, now);
      else if (await jobs.retryLater(job.id, ctx.owner, now + SEGMENT_RETRY_MS, detail, now)) this.d.signals.jobEnqueued(job.id, job.attempts, SEGMENT_RETRY_MS);
    }
  }
}
