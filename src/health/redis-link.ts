import type { EventEmitter } from 'node:events';

interface LinkLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The reason of an error in one short line ("connect ECONNREFUSED 127.0.0.1:6390"). */
export function reasonOf(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: { message?: string }[] } | undefined;
  const text = e?.message || e?.errors?.[0]?.message || e?.code || String(err);
  return text.split('\n')[0]!.slice(0, 200);
}

/**
 * The state of one Redis client (the rate limiter's, the job queue's, the job worker's), logged
 * once per change: ioredis reports an error on every reconnect attempt, which must not become a
 * log line each time (issue 15 saw 17 "Unhandled error event" lines in 12 s). Attaching it also
 * gives the client an 'error' listener, so ioredis never prints its own "Unhandled error event".
 */
export class RedisLink {
  #down = false;

  constructor(
    readonly name: string,
    private readonly log: LinkLog,
  ) {}

  get down(): boolean {
    return this.#down;
  }

  failed(err: unknown): void {
    if (this.#down) return;
    this.#down = true;
    this.log.warn({ redis: this.name, reason: reasonOf(err) }, `redis (${this.name}) unreachable: ${reasonOf(err)}; retrying quietly until it is back`);
  }

  ready(): void {
    if (!this.#down) return;
    this.#down = false;
    this.log.info({ redis: this.name }, `redis (${this.name}) reachable again`);
  }

  /** Listens to a client (ioredis, or a BullMQ Queue/Worker, which re-emit their clients' errors). */
  watch(client: EventEmitter): this {
    client.on('error', (err: unknown) => this.failed(err));
    client.on('ready', () => this.ready());
    return this;
  }
}
