import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BullJobQueue, BullJobWorker } from '../src/jobs/bullmq.ts';
import type { JobRepository } from '../src/jobs/job.repository.ts';
import { systemClock } from '../src/lib/clock.ts';
import { hexId } from '../src/lib/ids.ts';
import { redisRelay } from './support/redis-relay.ts';

const REDIS_URL = process.env.REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BullMQ clients while Redis is away (issue 15, item 4)', { skip: REDIS_URL ? false : 'REDIS_URL is not set' }, () => {
  it('the job queue and the job worker log one line when Redis goes and one when it is back; ioredis prints nothing', { timeout: 30_000 }, async () => {
    const relay = await redisRelay(new URL(REDIS_URL!));
    const lines: string[] = [];
    const log = { info: (_o: object, m: string) => void lines.push(`info ${m}`), warn: (_o: object, m: string) => void lines.push(`warn ${m}`), error: (_o: object, m: string) => void lines.push(`error ${m}`) };
    const printed: string[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
    const connection = { redisUrl: relay.url, prefix: `t-outage-${hexId().slice(0, 8)}` };
    // No message is sent, so the worker never touches the (absent) job table.
    const worker = new BullJobWorker(connection, {} as JobRepository, {}, { leaseMs: 5000, timeoutMs: 5000, owner: 'outage', concurrency: 1, clock: systemClock, log });
    const queue = new BullJobQueue(connection, log);
    let again: Awaited<ReturnType<typeof redisRelay>> | undefined;
    try {
      worker.start();
      await sleep(1000);
      assert.equal(lines.length, 0, JSON.stringify(lines));
      await relay.close();
      await sleep(4000); // many reconnect attempts
      assert.deepEqual([...lines].map((l) => l.replace(/:.*/, '')).sort(), ['warn redis (job queue) unreachable', 'warn redis (job worker) unreachable'], JSON.stringify(lines));
      again = await redisRelay(new URL(REDIS_URL!), relay.port);
      const deadline = Date.now() + 15_000;
      while (lines.filter((l) => l.includes('reachable again')).length < 2) {
        assert.ok(Date.now() < deadline, `both back: ${JSON.stringify(lines)}`);
        await sleep(200);
      }
      assert.equal(lines.length, 4, JSON.stringify(lines));
      assert.deepEqual(printed.filter((l) => /Unhandled error event/.test(l)), []);
    } finally {
      console.error = consoleError;
      await worker.stop();
      await queue.close();
      await again?.close();
    }
  });
});
