import type { Clock } from '../lib/clock.ts';
import type { Log } from './log.ts';
import type { JobRepository } from './job.repository.ts';
import { runLeased, type JobHandler, type LeaseSettings } from './leased-run.ts';
import { Wakeup } from './wakeup.ts';

export interface RunnerOptions extends LeaseSettings {
  owner: string;
  concurrency: number;
  maxSleepMs: number;
  clock: Clock;
  log: Log;
}

/** Due yet unclaimable (another claimer holds the rows for a moment): pause briefly rather than spin. */
const CONTENDED_PAUSE_MS = 50;

/**
 * Runs jobs in this process straight from the jobs table (the default, single-node mode). No
 * polling loop: it sleeps until the next job is due (or a lease of another owner expires) or
 * until notify() (a job was committed in this process, or a slot came free). `maxSleepMs` bounds
 * the sleep as a safety net for rows written by other processes.
 */
export class JobRunner {
  readonly #wakeup = new Wakeup();
  readonly #stop = new AbortController();
  readonly #active = new Set<Promise<void>>();
  readonly #kinds: string[];
  #loop: Promise<void> | null = null;

  constructor(
    private readonly jobs: JobRepository,
    private readonly handlers: Record<string, JobHandler>,
    private readonly opts: RunnerOptions,
  ) {
    this.#kinds = Object.keys(handlers);
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  notify(): void {
    this.#wakeup.signal();
  }

  get active(): number {
    return this.#active.size;
  }

  /** Aborts running attempts (their handlers give the jobs back) and waits for them. */
  async stop(): Promise<void> {
    this.#stop.abort();
    this.#wakeup.signal();
    await this.#loop;
    await Promise.allSettled([...this.#active]);
  }

  async #run(): Promise<void> {
    const { clock, owner, concurrency, maxSleepMs, log } = this.opts;
    while (!this.#stop.signal.aborted) {
      try {
        const free = concurrency - this.#active.size;
        if (free <= 0) {
          await this.#wakeup.wait(maxSleepMs);
          continue;
        }
        const claimed = await this.jobs.claimDue(this.#kinds, owner, clock.nowMs(), this.opts.leaseMs, free);
        for (const job of claimed) {
          const handler = this.handlers[job.kind]!;
          const run = runLeased(job, handler, this.jobs, owner, this.opts, clock, this.#stop.signal, log).finally(() => {
            this.#active.delete(run);
            this.#wakeup.signal();
          });
          this.#active.add(run);
        }
        if (claimed.length === free) continue;
        const now = clock.nowMs();
        const next = await this.jobs.nextDueAt(owner, this.#kinds);
        const delay = next === null ? maxSleepMs : next <= now ? (claimed.length ? 0 : CONTENDED_PAUSE_MS) : next - now;
        if (delay > 0) await this.#wakeup.wait(Math.min(delay, maxSleepMs));
      } catch (err) {
        log.error({ err }, 'job runner: database error; retrying in 1 s');
        await this.#wakeup.wait(1000);
      }
    }
  }
}
