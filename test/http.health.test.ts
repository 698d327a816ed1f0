import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { BackendHealth } from '../src/health/backend-health.ts';
import { postgresTestDb, sqliteTestDb } from './support/db.ts';
import { redisRelay, type RedisRelay } from './support/redis-relay.ts';
import { startServer } from './support/server.ts';

const REDIS_URL = process.env.REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's JSON log lines. */
function logLines(): { stream: PassThrough; lines: () => { level: number; msg: string }[] } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, lines: () => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string }) };
}

describe('GET /health reports each backend (issue 15, item 4)', () => {
  it('every backend answering: 200 {status: ok} with database, redis and storage', async () => {
    const s = await startServer();
    after(() => s.close());
    const res = await s.call('GET', '/health');
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
    assert.deepEqual(
      Object.fromEntries(Object.entries(res.body.backends as Record<string, { status: string; kind: string }>).map(([k, v]) => [k, [v.status, v.kind]])),
      { database: ['ok', 'sqlite'], redis: ['ok', 'none'], storage: ['ok', 'local'] },
    );
  });

  for (const backend of ['sqlite', 'postgres'] as const) {
    it(`database out of reach (${backend}): HTTP 503, status down, the reason named`, async (t) => {
      const testDb = backend === 'sqlite' ? await sqliteTestDb() : await postgresTestDb();
      if (!testDb) return t.skip('DATABASE_URL is not set');
      const s = await startServer({ testDb });
      try {
        assert.equal((await s.call('GET', '/health')).status, 200);
        if (backend === 'sqlite') {
          await testDb.db.close();
        } else {
          const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
          await admin.connect();
          await admin.query(`DROP SCHEMA ${testDb.db.pgSchema} CASCADE`);
          await admin.query(`CREATE SCHEMA ${testDb.db.pgSchema}`); // dispose drops it again
          await admin.end();
        }
        await sleep(600); // past the cache
        const res = await s.call('GET', '/health');
        assert.equal(res.status, 503, JSON.stringify(res.body));
        assert.equal(res.body.status, 'down');
        assert.equal(res.body.backends.database.status, 'degraded');
        assert.ok(res.body.backends.database.error.length > 0);
        assert.equal(res.body.backends.storage.status, 'ok');
      } finally {
        await s.close();
        await testDb.dispose().catch(() => undefined);
      }
    });
  }

  it('Redis going away: 200 degraded, one log line per client for the outage, one when it is back, requests still served', { skip: REDIS_URL ? false : 'REDIS_URL is not set', timeout: 30_000 }, async () => {
    const relay = await redisRelay(new URL(REDIS_URL!));
    const log = logLines();
    const consoleErrors: string[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void consoleErrors.push(args.map(String).join(' '));
    const s = await startServer({ env: { REDIS_URL: relay.url, QUEUE_PREFIX: `t-health-${process.pid}`, JOB_SWEEP_MS: '200' }, logStream: log.stream });
    // The BullMQ enqueuer and sweeper are Redis clients too.
    s.running.startBackground();
    let relayAgain: RedisRelay | undefined;
    try {
      assert.equal((await s.call('GET', '/health')).body.backends.redis.status, 'ok');
      const { apiKey } = await s.account();

      await relay.close();
      await sleep(3000); // ioredis retries many times meanwhile
      const health = await s.call('GET', '/health');
      assert.equal(health.status, 200);
      assert.equal(health.body.status, 'degraded');
      assert.equal(health.body.backends.redis.status, 'degraded');
      assert.equal(health.body.backends.database.status, 'ok');
      // POSTs are rate-limited through Redis: with Redis away they are served, not failed.
      const posted = await s.call('POST', '/v1/product', { key: apiKey, body: { name: 'Lamp', description: 'A desk lamp.' } });
      assert.equal(posted.body.code, 0, JSON.stringify(posted.body));

      const warnings = log.lines().filter((l) => l.level >= 40);
      const outage = warnings.filter((l) => /unreachable/.test(l.msg)).map((l) => l.msg.replace(/:.*/, ''));
      assert.deepEqual([...outage].sort(), ['redis (job queue) unreachable', 'redis (rate limiter) unreachable'], JSON.stringify(warnings));
      assert.ok(warnings.length <= 3, `warnings over 3 s of outage: ${JSON.stringify(warnings)}`);
      assert.deepEqual(consoleErrors.filter((l) => /Unhandled error event/.test(l)), []);

      relayAgain = await redisRelay(new URL(REDIS_URL!), relay.port);
      const deadline = Date.now() + 15_000;
      while ((await s.call('GET', '/health')).body.status !== 'ok') {
        assert.ok(Date.now() < deadline, 'health back to ok once Redis is back');
        await sleep(300);
      }
      await sleep(500);
      const back = log.lines().filter((l) => /reachable again/.test(l.msg)).map((l) => l.msg);
      assert.ok(back.includes('redis (rate limiter) reachable again'), JSON.stringify(back));
      assert.equal(back.length, new Set(back).size, `one line per client: ${JSON.stringify(back)}`);
    } finally {
      console.error = consoleError;
      await s.close();
      await relayAgain?.close();
    }
  });

  it('a flood of probes costs one round of checks per cache period', async () => {
    let checks = 0;
    const probe = { kind: 'test', check: async () => void (checks++, await sleep(20)) };
    const health = new BackendHealth({ database: probe, redis: probe, storage: probe }, { timeoutMs: 1000, cacheMs: 500 });
    const reports = await Promise.all(Array.from({ length: 200 }, () => health.report()));
    assert.equal(checks, 3, 'one check per backend for 200 concurrent probes');
    assert.ok(reports.every((r) => r.httpStatus === 200 && r.body.status === 'ok'));
    await health.report();
    assert.equal(checks, 3, 'answered from the cache');
  });

  it('a backend that hangs is reported within the timeout', async () => {
    const hang = { kind: 'test', check: () => new Promise<void>(() => undefined) };
    const ok = { kind: 'test', check: async () => undefined };
    const health = new BackendHealth({ database: ok, redis: hang, storage: ok }, { timeoutMs: 200, cacheMs: 0 });
    const started = Date.now();
    const report = await health.report();
    assert.ok(Date.now() - started < 1000);
    assert.equal(report.httpStatus, 200);
    assert.equal(report.body.status, 'degraded');
    assert.match(report.body.backends.redis.error!, /did not answer within 200 ms/);
  });
});
