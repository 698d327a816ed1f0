import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { BullJobQueue, BullJobWorker } from '../src/jobs/bullmq.ts';
import { reposFor } from '../src/db/repos.ts';
import { JobRepository } from '../src/jobs/job.repository.ts';
import type { JobHandler } from '../src/jobs/leased-run.ts';
import { systemClock } from '../src/lib/clock.ts';
import { hexId } from '../src/lib/ids.ts';
import { sqliteTestDb, type TestDb } from './support/db.ts';
import { startServer } from './support/server.ts';

const REDIS_URL = process.env.REDIS_URL;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** One deployment: its own database, its own QUEUE_PREFIX, one Redis shared with the other. */
async function deployment(prefix: string) {
  const testDb: TestDb = await sqliteTestDb();
  const jobs = new JobRepository(testDb.db.kysely, testDb.db.dialect);
  const account = await reposFor(testDb.db.kysely).accounts.create({ username: `q${prefix}`, email: null, nowMs: Date.now() });
  const ran: string[] = [];
  const received: string[] = [];
  const handler: JobHandler = {
    run: async (job, ctx) => {
      ran.push(job.id);
      await jobs.complete(job.id, ctx.owner, Date.now());
    },
  };
  const connection = { redisUrl: REDIS_URL!, prefix };
  const queue = new BullJobQueue(connection, quiet);
  // Every message the worker takes is recorded, whether its job exists here or not.
  const worker = new (class extends BullJobWorker {
    override async process(jobId: string): Promise<void> {
      received.push(jobId);
      return super.process(jobId);
    }
  })(connection, jobs, { test: handler }, { leaseMs: 5000, timeoutMs: 10_000, owner: `w-${prefix}`, concurrency: 2, clock: systemClock, log: quiet });
  worker.start();
  const enqueue = async () => {
    const id = hexId();
    await jobs.insert({ id, kind: 'test', accountId: account.id, maxAttempts: 1, runAt: Date.now(), nowMs: Date.now() });
    await queue.add(id, 0, 0);
    return id;
  };
  return {
    jobs, ran, received, enqueue,
    close: async () => {
      await worker.stop();
      await queue.close();
      await testDb.dispose();
    },
  };
}

describe('QUEUE_PREFIX: two deployments on one Redis (issue 15, item 5)', { skip: REDIS_URL ? false : 'REDIS_URL is not set' }, () => {
  const prefixes = [`t-a-${hexId().slice(0, 8)}`, `t-b-${hexId().slice(0, 8)}`];
  after(async () => {
    const redis = new Redis(REDIS_URL!);
    for (const p of prefixes) {
      const keys = await redis.keys(`${p}*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it('each deployment’s workers take only its own jobs', { timeout: 30_000 }, async () => {
    const [a, b] = [await deployment(prefixes[0]!), await deployment(prefixes[1]!)];
    try {
      const idsA = [await a.enqueue(), await a.enqueue(), await a.enqueue()];
      const idsB = [await b.enqueue(), await b.enqueue(), await b.enqueue()];
      const deadline = Date.now() + 15_000;
      while (a.ran.length < 3 || b.ran.length < 3) {
        assert.ok(Date.now() < deadline, `jobs not all run: a ${a.ran.length}, b ${b.ran.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 300)); // any stray message would arrive now
      assert.deepEqual([...a.received].sort(), [...idsA].sort());
      assert.deepEqual([...b.received].sort(), [...idsB].sort());
      for (const id of idsA) assert.equal((await a.jobs.get(id))?.status, 'succeeded');
      for (const id of idsB) assert.equal((await b.jobs.get(id))?.status, 'succeeded');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('rate-limit counters live under the prefix too', async () => {
    const s = await startServer({ env: { REDIS_URL: REDIS_URL!, QUEUE_PREFIX: prefixes[0]! } });
    try {
      const { apiKey } = await s.account();
      await s.call('POST', '/v1/product', { key: apiKey, body: { name: 'Lamp', description: 'A desk lamp.' } });
      const redis = new Redis(REDIS_URL!);
      const keys = await redis.keys(`${prefixes[0]}-rl-*`);
      redis.disconnect();
      assert.ok(keys.length >= 1, 'a counter under <QUEUE_PREFIX>-rl-');
    } finally {
      await s.close();
    }
  });
});
