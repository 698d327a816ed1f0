/** When a failed delivery is tried again (CONTRACT §7): never early, a little late at most. */
export interface RetryPolicy {
  /** Waits after failed attempt 1, 2, ...; none left → the delivery has failed. */
  scheduleMs: number[];
  /** Jitter is up to a tenth of the wait, capped at this. */
  jitterMaxMs: number;
  /** Retry-After beyond the scheduled wait is honoured up to this. */
  retryAfterMaxMs: number;
}

/**
 * The due time of the attempt after `attempt` failed, or null when the schedule is spent.
 * The wait is the scheduled one, lengthened (never shortened) by a Retry-After within bounds,
 * plus a random jitter.
 */
export function nextAttemptAt(policy: RetryPolicy, attempt: number, nowMs: number, retryAfterMs: number | null, random = Math.random): number | null {
  const scheduled = policy.scheduleMs[attempt - 1];
  if (scheduled === undefined) return null;
  const asked = retryAfterMs === null ? 0 : Math.min(Math.max(0, retryAfterMs), policy.retryAfterMaxMs);
  const wait = Math.max(scheduled, asked);
  const jitter = Math.floor(random() * Math.min(wait / 10, policy.jitterMaxMs));
  return nowMs + wait + jitter;
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
