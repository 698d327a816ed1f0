import { reasonOf } from './redis-link.ts';
import { withTimeout, type Probe } from './backend-probes.ts';

export interface BackendState {
  status: 'ok' | 'degraded';
  /** sqlite / postgres, redis, local / s3; "none" when the backend is not configured. */
  kind: string;
  /** How long the check took. */
  ms: number;
  /** Why the check failed (one line), when it did. */
  error?: string;
}

export interface HealthReport {
  /** 503 when the database is down (nothing can be served); 200 otherwise. */
  httpStatus: 200 | 503;
  body: {
    /** ok: every backend answered; degraded: Redis or storage did not; down: the database did not. */
    status: 'ok' | 'degraded' | 'down';
    backends: { database: BackendState; redis: BackendState; storage: BackendState };
  };
}

export interface HealthProbes {
  database: Probe;
  /** Null without REDIS_URL. */
  redis: Probe | null;
  storage: Probe;
}

/**
 * GET /health: each backend checked with a deadline, all at once, and the answer kept for
 * `cacheMs`, with concurrent callers sharing one round of checks, so a flood of probes costs
 * one round of checks per `cacheMs` at most.
 */
export class BackendHealth {
  #cached: { atMs: number; report: HealthReport } | null = null;
  #inFlight: Promise<HealthReport> | null = null;

  constructor(
    private readonly probes: HealthProbes,
    private readonly opts: { timeoutMs: number; cacheMs: number; nowMs?: () => number },
  ) {}

  async report(): Promise<HealthReport> {
    const now = (this.opts.nowMs ?? Date.now)();
    if (this.#cached && now - this.#cached.atMs < this.opts.cacheMs) return this.#cached.report;
    this.#inFlight ??= this.#check().then(
      (report) => {
        this.#cached = { atMs: (this.opts.nowMs ?? Date.now)(), report };
        this.#inFlight = null;
        return report;
      },
      (err: unknown) => {
        this.#inFlight = null;
        throw err;
      },
    );
    return this.#inFlight;
  }

  async #check(): Promise<HealthReport> {
    const [database, redis, storage] = await Promise.all([
      this.#one('database', this.probes.database),
      this.probes.redis ? this.#one('Redis', this.probes.redis) : Promise.resolve<BackendState>({ status: 'ok', kind: 'none', ms: 0 }),
      this.#one('storage', this.probes.storage),
    ]);
    const status = database.status !== 'ok' ? 'down' : redis.status !== 'ok' || storage.status !== 'ok' ? 'degraded' : 'ok';
    return { httpStatus: status === 'down' ? 503 : 200, body: { status, backends: { database, redis, storage } } };
  }

  async #one(what: string, probe: Probe): Promise<BackendState> {
    const started = performance.now();
    try {
      await withTimeout(probe.check(), this.opts.timeoutMs, what);
      return { status: 'ok', kind: probe.kind, ms: Math.round(performance.now() - started) };
    } catch (err) {
      return { status: 'degraded', kind: probe.kind, ms: Math.round(performance.now() - started), error: reasonOf(err) };
    }
  }
}
