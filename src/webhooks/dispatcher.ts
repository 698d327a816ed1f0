import type { WebhookSettings } from '../config/config.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import { Wakeup } from '../jobs/wakeup.ts';
import type { Clock } from '../lib/clock.ts';
import { unixSeconds } from '../lib/clock.ts';
import { FetchError, type SafeFetcher } from '../net/safe-fetch.ts';
import type { AttemptResult, ClaimedDelivery, OutboxRepository } from './outbox.repository.ts';
import { nextAttemptAt, parseRetryAfter, type RetryPolicy } from './retry-policy.ts';
import { signatureHeaders } from './signing.ts';

export interface DispatcherLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DispatcherOptions {
  /** Names this process's leases. */
  owner: string;
  settings: WebhookSettings;
  /** Sent as User-Agent: Reelsmith-Webhook/<version>. */
  version: string;
  clock: Clock;
  log: DispatcherLog;
}

/** First bytes of a receiver's answer kept in the attempt log. */
const EXCERPT_BYTES = 512;
/** Most deliveries claimed by one statement. */
const CLAIM_BATCH = 200;
/** When something is due yet nothing could be claimed (rows locked by another dispatcher): a short pause, not a spin. */
const CONTENDED_PAUSE_MS = 25;
/** When busy, how long completions may gather before the next claim. */
const BATCH_GATHER_MS = 3;
/** How long stop() waits for attempts in flight before giving their leases back. */
const STOP_GRACE_MS = 2000;

/**
 * Sends pending deliveries. It sleeps until the next delivery is due or until notify() (a commit
 * in this process), claims due deliveries under a lease (the endpoint's status is checked in the
 * claiming statement), signs and sends them through the safe fetcher without following redirects,
 * and writes each batch of results (attempt log + new state) in one transaction. A 2xx is
 * success, 410 disables the endpoint (a request's own webhook_url: fails that delivery), anything
 * else is retried on the schedule. Deliveries to endpoints and to request URLs are sent alike.
 */
export class Dispatcher {
  readonly #wakeup = new Wakeup();
  readonly #policy: RetryPolicy;
  readonly #inFlight = new Map<string, Promise<void>>();
  #results: AttemptResult[] = [];
  #held = 0;
  #flushing: Promise<void> | null = null;
  #loop: Promise<void> | null = null;
  #stopped = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly uow: WorkUnitOfWork,
    private readonly fetcher: SafeFetcher,
    private readonly opts: DispatcherOptions,
  ) {
    const s = opts.settings;
    this.#policy = { scheduleMs: s.retryScheduleMs, jitterMaxMs: s.jitterMaxMs, retryAfterMaxMs: s.retryAfterMaxMs };
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** Deliveries were committed (or an endpoint changed): look again now. */
  notify(): void {
    this.#wakeup.signal();
  }

  /** Leases held: attempts in flight plus results not yet written. */
  get held(): number {
    return this.#held;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wakeup.signal();
    await this.#loop;
    const grace = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([Promise.allSettled([...this.#inFlight.values()]), grace]);
    const abandoned = [...this.#inFlight.keys()];
    this.#inFlight.clear();
    await this.#flush();
    // Attempts still running are given back unrecorded; the next dispatcher sends them again.
    if (abandoned.length) await this.outbox.releaseLeases(this.opts.owner, abandoned, this.opts.clock.nowMs()).catch(() => undefined);
  }

  async #run(): Promise<void> {
    const { settings, owner, clock } = this.opts;
    while (!this.#stopped) {
      try {
        let free = settings.concurrency - this.#held;
        if (free <= 0) {
          await this.#wakeup.wait(settings.maxSleepMs);
          continue;
        }
        // Busy (few slots free): let completions gather for a moment, so claims and result writes
        // come in batches rather than one statement per delivery. Never longer than that, so slow
        // receivers holding most slots do not leave the free ones idle.
        if (this.#held > 0 && free < Math.ceil(settings.concurrency / 4)) {
          await new Promise((resolve) => setTimeout(resolve, BATCH_GATHER_MS));
          free = settings.concurrency - this.#held;
          if (free <= 0 || this.#stopped) continue;
        }
        const want = Math.min(free, CLAIM_BATCH);
        const batch = await this.outbox.claimDue(owner, clock.nowMs(), settings.leaseMs, want);
        for (const d of batch) this.#start(d);
        if (batch.length === want) continue;
        const now = clock.nowMs();
        const next = await this.outbox.nextDueAt();
        const delay = next === null ? settings.maxSleepMs : next <= now ? (batch.length ? 0 : CONTENDED_PAUSE_MS) : next - now;
        if (delay > 0) await this.#wakeup.wait(Math.min(delay, settings.maxSleepMs));
      } catch (err) {
        this.opts.log.error({ err }, 'webhook dispatcher: database error; retrying in 1 s');
        await this.#wakeup.wait(1000);
      }
    }
  }

  #start(d: ClaimedDelivery): void {
    this.#held++;
    const attempt = this.#send(d).then((result) => {
      if (!this.#inFlight.delete(d.id)) return; // abandoned at stop; its lease is given back instead
      this.#results.push(result);
      // After this I/O phase, so results that complete together are written together.
      if (this.#results.length === 1) setImmediate(() => void this.#flush());
    });
    this.#inFlight.set(d.id, attempt);
  }

  async #send(d: ClaimedDelivery): Promise<AttemptResult> {
    const { clock, settings, version } = this.opts;
    const startedAt = clock.nowMs();
    const t0 = performance.now();
    const headers = {
      'content-type': 'application/json',
      'user-agent': `Reelsmith-Webhook/${version}`,
      'x-webhook-event': d.kind,
      ...signatureHeaders(d.secret, d.eventId, d.payload, unixSeconds(startedAt)),
    };
    const base = { deliveryId: d.id, endpointId: d.endpointId, attempt: d.attempt, startedAt };
    try {
      const res = await this.fetcher.fetch(d.url, {
        method: 'POST',
        headers,
        body: d.payload,
        maxBytes: EXCERPT_BYTES,
        truncateBody: true,
        deadlineMs: settings.timeoutMs,
        maxRedirects: 0,
        throwOnHttpError: false,
      });
      const durationMs = performance.now() - t0;
      const excerpt = res.body.toString('utf8');
      if (res.status >= 200 && res.status < 300) {
        return { ...base, durationMs, statusCode: res.status, errorClass: null, errorMessage: null, excerpt, outcome: 'succeeded' };
      }
      if (res.status === 410) {
        return { ...base, durationMs, statusCode: 410, errorClass: 'gone', errorMessage: 'HTTP 410: the endpoint is disabled', excerpt, outcome: 'gone' };
      }
      const redirect = res.status >= 300 && res.status < 400;
      const errorMessage = redirect ? `HTTP ${res.status}: redirects are not followed` : `HTTP ${res.status}`;
      const retryAfter = parseRetryAfter(res.headers['retry-after'], clock.nowMs());
      return this.#failure(base, durationMs, res.status, redirect ? 'redirect' : 'http_status', errorMessage, excerpt, retryAfter);
    } catch (err) {
      const durationMs = performance.now() - t0;
      const errorClass = err instanceof FetchError ? err.kind : 'error';
      const message = err instanceof Error ? err.message : String(err);
      return this.#failure(base, durationMs, null, errorClass, message.slice(0, 500), '', null);
    }
  }

  #failure(
    base: Pick<AttemptResult, 'deliveryId' | 'endpointId' | 'attempt' | 'startedAt'>,
    durationMs: number,
    statusCode: number | null,
    errorClass: string,
    errorMessage: string,
    excerpt: string,
    retryAfterMs: number | null,
  ): AttemptResult {
    const next = nextAttemptAt(this.#policy, base.attempt, this.opts.clock.nowMs(), retryAfterMs);
    return {
      ...base,
      durationMs,
      statusCode,
      errorClass,
      errorMessage,
      excerpt,
      outcome: next === null ? 'failed' : 'retry',
      ...(next === null ? {} : { nextAttemptAt: next }),
    };
  }

  /** Writes every result collected so far in one transaction; one flush at a time. */
  async #flush(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    this.#flushing = (async () => {
      while (this.#results.length) {
        const batch = this.#results;
        this.#results = [];
        try {
          await this.uow((r) => r.outbox.recordResults(this.opts.owner, batch, this.opts.clock.nowMs()));
        } catch (err) {
          // The leases expire and the deliveries are sent again: a duplicate, never a loss.
          this.opts.log.error({ err, deliveries: batch.length }, 'webhook dispatcher: could not record attempt results');
        }
        this.#held -= batch.length;
        this.#wakeup.signal();
      }
    })().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }
}
