import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BullJobQueue } from '../jobs/bullmq.ts';
import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { Clock } from '../lib/clock.ts';
import { segmentPath, type SegmentDispatch } from '../pipeline/render/render-segments.ts';

/**
 * Split renders across workers (docs/rendering.md "Split renders"). A video job that splits its
 * render offers segments 1..n-1 as jobs of this kind (one database row each, the lease/retry
 * machinery of any job) and renders segment 0 itself; BullMQ carries their wake-ups as the
 * children of one flow. Ids name the video, the video job's claim and the segment, so a retried
 * video job never meets the segments of an earlier attempt.
 */
export const SEGMENT_JOB_KIND = 'video.segment';

export const segmentJobId = (videoId: string, attempt: number, k: number) => `${videoId}.a${attempt}.s${k}`;

export function parseSegmentJobId(id: string): { videoId: string; attempt: number; k: number } | null {
  const m = /^(.+)\.a(\d+)\.s(\d+)$/.exec(id);
  return m ? { videoId: m[1]!, attempt: Number(m[2]), k: Number(m[3]) } : null;
}

/** Where one claim of a video job keeps its plan and segments: inside the attempt's work dir (DATA_DIR/work/<id>/<attempt>), removed with it. */
export const splitDir = (workRoot: string, videoId: string, attempt: number) => path.join(workRoot, videoId, String(attempt), 'split');

/**
 * Whether this process's video jobs may split renders: SPLIT_RENDER=auto and BullMQ workers
 * (REDIS_URL). Single-node installs (the in-process runner, SQLite or not) render in one piece.
 */
export function splitsRenders(jobs: { runner: 'inline' | 'bullmq'; splitRender: 'auto' | 'off' }): boolean {
  return jobs.runner === 'bullmq' && jobs.splitRender === 'auto';
}

export interface SplitRenderDeps {
  jobs: JobRepository;
  /** The BullMQ queue of this process (null before start, or without REDIS_URL: no split). */
  queue: () => BullJobQueue | null;
  workRoot: string;
  /** JOB_CONCURRENCY, assumed the same in every worker. */
  concurrency: number;
  maxAttempts: number;
  leaseMs: number;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

/** How often a video job looks at its segments' rows while waiting for them. */
const COLLECT_POLL_MS = 200;

/** Makes the SegmentDispatch of one claim of a video job. */
export class SplitRender {
  constructor(private readonly d: SplitRenderDeps) {}

  forAttempt(job: Job, owner: string): SegmentDispatch {
    return new AttemptSegments(this.d, job, owner);
  }
}

class AttemptSegments implements SegmentDispatch {
  readonly dir: string;

  constructor(
    private readonly d: SplitRenderDeps,
    private readonly job: Job,
    private readonly owner: string,
  ) {
    this.dir = splitDir(d.workRoot, job.id, job.attempts);
  }

  private id(k: number): string {
    return segmentJobId(this.job.id, this.job.attempts, k);
  }

  async idleHelpers(): Promise<number> {
    const queue = this.d.queue();
    if (!queue) return 0;
    try {
      return await queue.idleSlots(this.d.concurrency);
    } catch (err) {
      this.d.log.warn({ err, jobId: this.job.id }, 'split render: could not count idle workers; rendering in one piece');
      return 0;
    }
  }

  async offer(count: number): Promise<void> {
    const { jobs, clock } = this.d;
    const ids: string[] = [];
    for (let k = 1; k < count; k++) {
      const id = this.id(k);
      const now = clock.nowMs();
      await jobs.insert({ id, kind: SEGMENT_JOB_KIND, accountId: this.job.accountId, maxAttempts: this.d.maxAttempts, runAt: now, nowMs: now });
      ids.push(id);
    }
    // Redis away: the sweeper adds the messages, or this job renders the segments itself (collect).
    await this.d
      .queue()
      ?.addFlow({ jobId: this.job.id, attempts: this.job.attempts }, ids.map((jobId) => ({ jobId, attempts: 0 })))
      .catch((err: unknown) => this.d.log.warn({ err, jobId: this.job.id }, 'split render: could not add the flow; the sweeper will add the segments'));
  }

  async collect(count: number, renderHere: (k: number) => Promise<void>, signal: AbortSignal): Promise<void> {
    const { jobs, clock } = this.d;
    const pending = new Set<number>();
    for (let k = 1; k < count; k++) pending.add(k);
    while (pending.size) {
      signal.throwIfAborted();
      for (const k of [...pending]) {
        const id = this.id(k);
        const row = await jobs.get(id);
        if (row?.status === 'succeeded' && fs.existsSync(segmentPath(this.dir, k))) pending.delete(k);
        else if (!row || row.status === 'failed' || row.status === 'succeeded') {
          // Its worker gave up (or could not see the plan): drawn here.
          await renderHere(k);
          pending.delete(k);
        } else {
          // Not taken yet (no idle worker after all), or its worker died: taken here, like any claim.
          const claimed = await jobs.claimOne(id, this.owner, clock.nowMs(), this.d.leaseMs);
          if (claimed) {
            await this.renderClaimed(id, () => renderHere(k));
            pending.delete(k);
          }
        }
      }
      if (pending.size) await sleep(COLLECT_POLL_MS, undefined, { signal }).catch(() => undefined);
    }
  }

  /** Renders a segment this process claimed, keeping its lease alive meanwhile. */
  private async renderClaimed(id: string, render: () => Promise<void>): Promise<void> {
    const { jobs, clock, leaseMs } = this.d;
    const beat = setInterval(() => void jobs.heartbeat(id, this.owner, clock.nowMs(), leaseMs).catch(() => undefined), Math.max(100, Math.floor(leaseMs / 3)));
    try {
      await render();
      await jobs.complete(id, this.owner, clock.nowMs());
    } catch (err) {
      await jobs.release(id, this.owner, clock.nowMs()).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(beat);
    }
  }

  async withdraw(count: number): Promise<void> {
    const now = this.d.clock.nowMs();
    for (let k = 1; k < count; k++) await this.d.jobs.cancel(this.id(k), now).catch(() => false);
  }
}
