import { randomBytes } from 'node:crypto';

/**
 * 32 hex characters like every other id, but the first 12 are the time in milliseconds, so rows of
 * the outbox (events, deliveries, attempts) are inserted in index order. Random ids scatter every
 * insert over the primary-key index; at thousands of deliveries a second that is most of the cost
 * of a commit (pages written to the WAL).
 */
export function sortableId(nowMs: number): string {
  return Math.max(0, Math.floor(nowMs)).toString(16).padStart(12, '0').slice(-12) + randomBytes(10).toString('hex');
}
