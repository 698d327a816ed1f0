import type { Clock } from '../lib/clock.ts';
import type { Job, JobRepository } from './job.repository.ts';

/** Why an attempt's signal fired. */
export type AbortReason = 'stopping' | 'lease_lost' | 'timeout';

export interface JobContext {
  /** The lease owner; every write about the job names it. */
  owner: string;
  signal: AbortSignal;
  /** Null while the attempt may go on. */
  abortReason(): AbortReason | null;
}

/** What a job kind does with a claimed job. It records the outcome itself (success, retry, failure). */
export interface JobHandler {
  run(job: Job, ctx: JobContext): Promise<void>;
}

export interface LeaseSettings {
  leaseMs: number;
  timeoutMs: number;
}

/**
 * Runs one claimed job: heartbeats extend the lease every third of its length; losing the lease,
 * the attempt's timeout or the process stopping abort the handler's signal.
 */
export async function runLeased(
  job: Job,
  handler: JobHandler,
  jobs: JobRepository,
  owner: string,
  settings: LeaseSettings,
  clock: Clock,
  stopping: AbortSignal,
  onError: (err: unknown) => void,
): Promise<void> {
  const controller = new AbortController();
  let reason: AbortReason | null = null;
  const abort = (why: AbortReason) => {
    if (reason) return;
    reason = why;
    controller.abort(new Error(`job ${job.id}: ${why}`));
  };
  const onStop = () => abort('stopping');
  if (stopping.aborted) onStop();
  else stopping.addEventListener('abort', onStop, { once: true });
  const timeout = setTimeout(() => abort('timeout'), settings.timeoutMs);
  const beat = setInterval(() => {
    jobs.heartbeat(job.id, owner, clock.nowMs(), settings.leaseMs).then(
      (held) => {
        if (!held) abort('lease_lost');
      },
      onError,
    );
  }, Math.max(100, Math.floor(settings.leaseMs / 3)));
  try {
    await handler.run(job, { owner, signal: controller.signal, abortReason: () => reason });
  } catch (err) {
    onError(err);
  } finally {
    clearTimeout(timeout);
    clearInterval(beat);
    stopping.removeEventListener('abort', onStop);
  }
}
