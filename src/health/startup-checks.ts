import { OperatorError } from '../accounts/account.service.ts';
import { redactUrl } from '../cli/user-errors.ts';
import type { Db } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { databaseProbe, pingRedisOnce, withTimeout } from './backend-probes.ts';
import { reasonOf } from './redis-link.ts';

/** How long a backend may take to answer at start before the process gives up with one line. */
export const STARTUP_CHECK_TIMEOUT_MS = 5000;

/**
 * The database answers, or this throws what `explained` turns into one line (ECONNREFUSED,
 * ETIMEDOUT, a refused password). Run before migrations, so an unreachable host fails within
 * the timeout instead of the TCP connect timeout of minutes.
 */
export async function checkDatabaseAtStart(db: Db, timeoutMs = STARTUP_CHECK_TIMEOUT_MS): Promise<void> {
  // A table that may not exist yet is fine here: only reaching the server counts.
  await withTimeout(databaseProbe(db).check(), timeoutMs, 'the database').catch((err: unknown) => {
    const code = (err as { code?: string }).code;
    if (code === '42P01' || /no such table/.test(reasonOf(err))) return;
    throw err;
  });
}

/** Redis (when configured) and the blob store answer at start, or one line says which does not. */
export async function checkServicesAtStart(p: { redisUrl: string | undefined; store: BlobStore; timeoutMs?: number }): Promise<void> {
  const timeoutMs = p.timeoutMs ?? STARTUP_CHECK_TIMEOUT_MS;
  if (p.redisUrl) {
    await pingRedisOnce(p.redisUrl, timeoutMs).catch((err: unknown) => {
      throw new OperatorError(`cannot reach Redis at ${redactUrl(p.redisUrl!)} (${reasonOf(err)}); is it running, and is REDIS_URL right?`);
    });
  }
  await withTimeout(p.store.check(), timeoutMs, 'the file storage').catch((err: unknown) => {
    throw new OperatorError(`cannot use the file storage: ${reasonOf(err)} (check STORAGE / DATA_DIR and the S3_* settings)`);
  });
}
