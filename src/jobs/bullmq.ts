import { FlowProducer, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { RedisLink } from '../health/redis-link.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobRepository } from './job.repository.ts';
import { runLeased, type JobHandler, type LeaseSettings } from './leased-run.ts';

/** BullMQ queue names may not contain ':'. Its keys are `<QUEUE_PREFIX>:reelsmith-jobs:*`. */
export const JOB_QUEUE = 'reelsmith-jobs';

/** Where BullMQ connects and which key prefix it uses (QUEUE_PREFIX: deployments sharing a Redis stay apart). */
export interface BullConnection {
  redisUrl: string;
  prefix: string;
}

/** Delayed messages are sent a little after the row is due, so the claim finds it due. */
const DELAY_SLACK_MS = 50;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Our own ioredis client for BullMQ (it needs maxRetriesPerRequest null), watched by a RedisLink:
 * errors are logged once per outage and "reachable again" once, not once per reconnect attempt.
 */
function watchedClient(redisUrl: string, link: RedisLink): Redis {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: null, connectTimeout: 5000 });
  link.watch(client);
  return client;
}

/**
 * The message id of "claim number attempts+1 of job id". Adding a message whose id exists is a
 * no-op in BullMQ, so the sweeper and the enqueuers may add the same message any number of times.
 */
export const messageId = (jobId: string, attempts: number) => `${jobId}.${attempts}`;

/**
 * Scale-out: BullMQ only carries wake-ups. A message holds the job id (for video jobs, the project
 * id) and nothing else; the database row is the job. Finished messages are removed, so a message
 * id can be added again after it has been processed.
 */
export class BullJobQueue {
  readonly #queue: Queue;
  readonly #client: Redis;
  #flows: FlowProducer | null = null;
  readonly link: RedisLink;

  constructor(connection: BullConnection, private readonly log: Log) {
    this.link = new RedisLink('job queue', log);
    this.#client = watchedClient(connection.redisUrl, this.link);
    this.#queue = new Queue(JOB_QUEUE, { connection: this.#client, prefix: connection.prefix });
    this.#queue.on('error', (err) => this.link.failed(err));
  }

  async add(jobId: string, attempts: number, delayMs: number): Promise<void> {
    await this.#queue.add(
      'run',
      { jobId },
      { jobId: messageId(jobId, attempts), delay: delayMs > 0 ? delayMs + DELAY_SLACK_MS : 0, removeOnComplete: true, removeOnFail: true, attempts: 1 },
    );
  }

  /**
   * A BullMQ flow: the children's wake-ups (segments of a split render) under one parent message
   * for `parent`, which BullMQ delivers only once every child message has been processed. The
   * database rows stay the truth: the parent's message is a wake-up like any other (a job that is
   * running under a live lease drops it; one whose worker died is claimed and retried at once).
   */
  async addFlow(parent: { jobId: string; attempts: number }, children: { jobId: string; attempts: number }[]): Promise<void> {
    this.#flows ??= new FlowProducer({ connection: this.#client, prefix: this.#queue.opts.prefix });
    const opts = (jobId: string, attempts: number) => ({ jobId: messageId(jobId, attempts), removeOnComplete: true, removeOnFail: true, attempts: 1 });
    await this.#flows.add({
      name: 'run',
      queueName: JOB_QUEUE,
      data: { jobId: parent.jobId },
      // Its own id space: the parent job's ordinary message of this claim may exist already.
      opts: { ...opts(parent.jobId, parent.attempts), jobId: `${messageId(parent.jobId, parent.attempts)}.flow` },
      children: children.map((c) => ({ name: 'run', queueName: JOB_QUEUE, data: { jobId: c.jobId }, opts: { ...opts(c.jobId, c.attempts), ignoreDependencyOnFailure: true } })),
    });
  }

  /**
   * Job slots free right now across the workers connected to the queue, each assumed to run
   * `perWorker` jobs at a time (JOB_CONCURRENCY): workers × perWorker − messages being processed.
   */
  async idleSlots(perWorker: number): Promise<number> {
    const [workers, active] = await Promise.all([this.#queue.getWorkers(), this.#queue.getActiveCount()]);
    return Math.max(0, workers.length * perWorker - active);
  }

  /** Fire and forget after a commit: if Redis is away, the sweeper adds the message later. */
  enqueue(jobId: string, attempts: number, delayMs: number): void {
    this.add(jobId, attempts, delayMs).catch((err: unknown) => {
      // While Redis is known to be away, the outage line said it already.
      if (!this.link.down) this.log.warn({ err, jobId }, 'job queue: could not add a message; the sweeper will');
    });
  }

  async close(): Promise<void> {
    await this.#flows?.close();
    await this.#queue.close();
    this.#client.disconnect();
  }
}

export interface BullWorkerOptions extends LeaseSettings {
  owner: string;
  concurrency: number;
  clock: Clock;
  log: Log;
}

/**
 * `reelsmith worker` with REDIS_URL: takes messages from BullMQ, claims the named job's lease in
 * the database (a message for a job that is not claimable — finished, not yet due, leased by a
 * live worker — is dropped), and runs it. Waiting for messages is BullMQ's blocking read, not polling.
 */
export class BullJobWorker {
  readonly #stop = new AbortController();
  #worker: Worker | null = null;
  #client: Redis | null = null;

  constructor(
    private readonly connection: BullConnection,
    private readonly jobs: JobRepository,
    private readonly handlers: Record<string, JobHandler>,
    private readonly opts: BullWorkerOptions,
  ) {}

  start(): void {
    if (this.#worker) return;
    const { leaseMs, concurrency, log } = this.opts;
    const link = new RedisLink('job worker', log);
    this.#client = watchedClient(this.connection.redisUrl, link);
    this.#worker = new Worker(JOB_QUEUE, async (message) => this.process(String((message.data as { jobId: string }).jobId)), {
      connection: this.#client,
      prefix: this.connection.prefix,
      concurrency,
      // The database lease is what counts; BullMQ's own lock only needs to outlive a heartbeat gap.
      lockDuration: Math.max(leaseMs, 5000),
      stalledInterval: Math.max(leaseMs, 5000),
    });
    // The blocking connection BullMQ duplicates from ours reports here.
    this.#worker.on('error', (err) => link.failed(err));
  }

  async process(jobId: string): Promise<void> {
    const { owner, clock, log } = this.opts;
    const job = await this.jobs.claimOne(jobId, owner, clock.nowMs(), this.opts.leaseMs);
    if (!job) return;
    const handler = this.handlers[job.kind];
    if (!handler) {
      // Give it back for a process that knows the kind.
      await this.jobs.release(job.id, owner, clock.nowMs());
      return;
    }
    await runLeased(job, handler, this.jobs, owner, this.opts, clock, this.#stop.signal, log);
  }

  /** Aborts running attempts (their handlers give the jobs back), then closes the worker. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#worker?.close();
    this.#client?.disconnect();
  }
}

/**
 * Puts every claimable database job (queued and due, or leased by a dead worker) into BullMQ.
 * Runs in serve and in workers every `sweepMs`, so flushing Redis, or a message lost between a
 * commit and its add, delays a job by at most one sweep.
 */
export class JobSweeper {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(
    private readonly jobs: JobRepository,
    private readonly queue: BullJobQueue,
    private readonly opts: { sweepMs: number; clock: Clock; log: Log },
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.sweep(), this.opts.sweepMs);
    void this.sweep();
  }

  async sweep(): Promise<number> {
    if (this.#running) {
      await this.#running;
      return 0;
    }
    let added = 0;
    this.#running = (async () => {
      try {
        const due = await this.jobs.listClaimable(this.opts.clock.nowMs(), 1000);
        for (const j of due) {
          await this.queue.add(j.id, j.attempts, 0);
          added++;
        }
      } catch (err) {
        if (!this.queue.link.down) this.opts.log.warn({ err }, 'job sweeper: sweep failed; next one in JOB_SWEEP_MS');
      }
    })().finally(() => {
      this.#running = null;
    });
    await this.#running;
    return added;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
