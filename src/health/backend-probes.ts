import { Redis } from 'ioredis';
import type { Db } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { reasonOf } from './redis-link.ts';

/** One backend's check: resolves when it answers, throws with the reason otherwise. */
export interface Probe {
  /** What the backend is: sqlite / postgres, redis, local / s3. */
  kind: string;
  check(): Promise<void>;
}

/** Rejects with code ETIMEDOUT when `work` takes longer than `ms` (the work itself is left to finish). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not answer within ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A read of a real table, so a dropped schema or a closed pool shows, not only a live socket. */
export function databaseProbe(db: Db): Probe {
  return {
    kind: db.dialect,
    check: async () => {
      await db.kysely.selectFrom('accounts').select('id').limit(1).execute();
    },
  };
}

/** PING on a long-lived client (made with enableOfflineQueue false, so a lost link fails at once). */
export function redisProbe(client: Redis): Probe {
  return {
    kind: 'redis',
    check: async () => {
      await client.ping();
    },
  };
}

export function storageProbe(store: BlobStore & { kind?: string }): Probe {
  return { kind: store.kind ?? 'local', check: () => store.check() };
}

/** Connects once, PINGs and disconnects, with no retries: the start-up check of REDIS_URL. */
export async function pingRedisOnce(url: string, timeoutMs: number): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  let lastError: unknown;
  client.on('error', (err: unknown) => (lastError = err));
  try {
    await withTimeout(
      client.connect().then(() => client.ping()),
      timeoutMs,
      'Redis',
    );
  } catch (err) {
    throw Object.assign(new Error(reasonOf(lastError ?? err)), { cause: err });
  } finally {
    client.disconnect();
  }
}
