import os from 'node:os';
import type { Config } from '../config/config.ts';
import type { Clock } from '../lib/clock.ts';
import { hexId } from '../lib/ids.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { Dispatcher } from '../webhooks/dispatcher.ts';
import type { OutboxRepository } from '../webhooks/outbox.repository.ts';
import { BullJobQueue, BullJobWorker, JobSweeper } from './bullmq.ts';
import type { JobRepository } from './job.repository.ts';
import { JobRunner } from './job-runner.ts';
import type { JobHandler } from './leased-run.ts';
import type { Signals } from './wakeup.ts';
import type { WorkUnitOfWork } from './work-unit.ts';

export interface BackgroundLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackgroundDeps {
  /** serve: API process (its handlers are empty with --no-worker); worker: `reelsmith worker`. */
  role: 'serve' | 'worker';
  config: Config;
  jobs: JobRepository;
  outbox: OutboxRepository;
  uow: WorkUnitOfWork;
  /** Job kinds this process can run; empty when no video generator is configured. */
  handlers: Record<string, JobHandler>;
  signals: Signals;
  deliveryFetcher: SafeFetcher;
  clock: Clock;
  version: string;
  log: BackgroundLog;
}

/**
 * What runs besides the HTTP API, by role and mode:
 * - every process: the webhook dispatcher;
 * - JOB_RUNNER=inline (default without REDIS_URL): a JobRunner in serve (and in workers, which
 *   then take jobs straight from the database);
 * - JOB_RUNNER=bullmq (default with REDIS_URL): serve enqueues and sweeps; workers consume
 *   BullMQ messages and sweep;
 * - `serve --no-worker` passes no handlers: no runner, whatever the mode (docs/deploy.md "Roles").
 */
export class Background {
  readonly owner: string;
  readonly dispatcher: Dispatcher;
  readonly runner: JobRunner | null = null;
  bullWorker: BullJobWorker | null = null;
  sweeper: JobSweeper | null = null;
  #queue: BullJobQueue | null = null;
  readonly #unsubscribe: (() => void)[] = [];
  #started = false;

  constructor(private readonly d: BackgroundDeps) {
    const { config, clock, log } = d;
    this.owner = `${os.hostname()}:${process.pid}:${d.role}:${hexId().slice(0, 6)}`;
    this.dispatcher = new Dispatcher(d.outbox, d.uow, d.deliveryFetcher, { owner: this.owner, settings: config.webhooks, version: d.version, clock, log });
    if (config.jobs.runner === 'inline' && Object.keys(d.handlers).length > 0) {
      const lease = { leaseMs: config.jobs.leaseMs, timeoutMs: config.jobs.timeoutMs };
      this.runner = new JobRunner(d.jobs, d.handlers, { ...lease, owner: this.owner, concurrency: config.jobs.concurrency, maxSleepMs: config.jobs.maxSleepMs, clock, log });
    }
  }

  /** The BullMQ queue once started (JOB_RUNNER=bullmq), else null: split renders offer their segments through it. */
  get queue(): BullJobQueue | null {
    return this.#queue;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    const { signals, config, clock, log, handlers } = this.d;
    if (config.jobs.runner === 'bullmq') {
      // Made here, not in the constructor: a Queue connects at once.
      const connection = { redisUrl: config.redisUrl!, prefix: config.queuePrefix };
      this.#queue = new BullJobQueue(connection, log);
      this.sweeper = new JobSweeper(this.d.jobs, this.#queue, { sweepMs: config.jobs.sweepMs, clock, log });
      if (this.d.role === 'worker' && Object.keys(handlers).length > 0) {
        const lease = { leaseMs: config.jobs.leaseMs, timeoutMs: config.jobs.timeoutMs };
        this.bullWorker = new BullJobWorker(connection, this.d.jobs, handlers, { ...lease, owner: this.owner, concurrency: config.jobs.concurrency, clock, log });
      }
    }
    this.#unsubscribe.push(signals.onDeliveries(() => this.dispatcher.notify()));
    if (this.runner) {
      const runner = this.runner;
      this.#unsubscribe.push(signals.onJob(() => runner.notify()));
      runner.start();
    }
    if (this.#queue) {
      const queue = this.#queue;
      this.#unsubscribe.push(signals.onJob((id, attempts, delayMs) => queue.enqueue(id, attempts, delayMs)));
      this.sweeper?.start();
      this.bullWorker?.start();
    }
    this.dispatcher.start();
    this.d.log.info(
      { owner: this.owner, runner: this.d.config.jobs.runner, generation: Boolean(this.runner ?? this.bullWorker) },
      'background work started',
    );
  }

  /** Running attempts give their jobs back; deliveries in flight get a short grace, then their leases are released. */
  async stop(): Promise<void> {
    // Runners first: jobs they give back are signalled while the queue can still take the message.
    await Promise.all([this.runner?.stop(), this.bullWorker?.stop()]);
    for (const u of this.#unsubscribe.splice(0)) u();
    await this.sweeper?.stop();
    await this.dispatcher.stop();
    await this.#queue?.close();
  }
}
