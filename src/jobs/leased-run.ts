import type { Clock } from '../lib/clock.ts';
import { JOB_CANCELLED, type Job, type JobRepository } from './job.repository.ts';
import type { Log } from './log.ts';

/** Why an attempt's signal fired. */
export type AbortReason = 'stopping' | 'lease_lost' | 'timeout' | 'cancelled';

/**
 * How often a running attempt reads its job row for a cancellation (JobRepository.cancel): the
 * database is the source of truth, so a worker in any process stops within this (plus the time
 * its stage takes to notice the signal) — well inside the 2 s a cancel promises.
 */
export const CANCEL_CHECK_MS = 400;

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
 * the attempt's timeout or the process stopping abort the handler's signal. The one place that
 * logs a job's start, end (with its duration) and failure, for the in-process runner and BullMQ
 * workers alike: the handler records the outcome in the job row, which is read back here.
 */
export async function runLeased(
  job: Job,
  handler: JobHandler,
  jobs: JobRepository,
  owner: string,
  settings: LeaseSettings,
  clock: Clock,
  stopping: AbortSignal,
  log: Log,
): Promise<void> {
  const onError = (err: unknown) => log.error({ err, jobId: job.id }, 'job attempt failed outside its handler');
  const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts };
  const started = performance.now();
  log.info(fields, `job started: ${job.kind} ${job.id} (attempt ${job.attempts} of ${job.maxAttempts})`);
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
  const watch = setInterval(() => {
    jobs.get(job.id).then((now) => {
      if (now?.status === 'failed' && now.lastError === JOB_CANCELLED) abort('cancelled');
    }, onError);
  }, CANCEL_CHECK_MS);
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
    clearInterval(watch);
    stopping.removeEventListener('abort', onStop);
  }
  await logOutcome(job, jobs, reason, Math.round(performance.now() - started), fields, log).catch(onError);
}

/** One line for the attempt's end: finished, failed for good, retry scheduled, or given back. */
async function logOutcome(job: Job, jobs: JobRepository, reason: AbortReason | null, ms: number, fields: object, log: Log): Promise<void> {
  const after = await jobs.get(job.id);
  const givenBack = reason === 'stopping' || reason === 'lease_lost' || reason === 'cancelled';
  const outcome =
    after?.status === 'succeeded' ? 'succeeded' : after?.status === 'failed' ? 'failed' : after?.status === 'queued' && after.lastError && !givenBack ? 'retry' : (reason ?? 'released');
  const line = { ...fields, ms, outcome, ...(outcome === 'failed' || outcome === 'retry' ? { error: after?.lastError } : {}) };
  const what = `${job.kind} ${job.id} after ${(ms / 1000).toFixed(1)} s`;
  if (outcome === 'succeeded') log.info(line, `job finished: ${what}`);
  else if (outcome === 'failed') log.warn(line, `job failed: ${what}: ${after?.lastError ?? ''}`);
  else if (outcome === 'retry') log.warn(line, `job attempt failed, retry scheduled: ${what}: ${after?.lastError ?? ''}`);
  else log.info(line, `job given back (${outcome}): ${what}`);
}
