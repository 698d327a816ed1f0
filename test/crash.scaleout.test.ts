import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { apiClient, createTestDatabase, creditsAndLedger, type TestDatabase } from './support/cluster.ts';
import { freePort, runCli, spawnReelsmith, until, waitHttp, type Proc } from './support/child-process.ts';
import { startReceiver, verifyBoth, type Receiver } from './support/webhook-receiver.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

/**
 * The test owns Redis database 5 (not the whole server): it FLUSHDBs that index, which for our
 * data is the same as FLUSHALL, without touching anything else on the server.
 */
function dedicatedRedisUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/5';
  return u.toString();
}

describe('scale-out: PostgreSQL + Redis (BullMQ) + two `reelsmith worker` processes', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-scale-'));
  const procs: Proc[] = [];
  let testDb: TestDatabase | undefined;
  let db: TestDatabase['db'] | undefined;
  let redis: Redis | undefined;
  let receiver: Receiver | undefined;
  let env: Record<string, string> = {};

  before(async () => {
    if (!DATABASE_URL || !REDIS_URL) return;
    testDb = await createTestDatabase(DATABASE_URL);
    db = testDb.db;
    const redisUrl = dedicatedRedisUrl(REDIS_URL);
    redis = new Redis(redisUrl);
    await redis.flushdb();
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: testDb.url,
      REDIS_URL: redisUrl,
      ALLOW_PRIVATE_URLS: '1',
      RATE_LIMIT_POST_PER_MINUTE: '10000',
      JOB_LEASE_MS: '2000',
      JOB_SWEEP_MS: '500',
      JOB_BACKOFF_MS: '200',
      WEBHOOK_RETRY_SCHEDULE_MS: '200,400,800',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_LEASE_MS: '2500',
    };
    receiver = await startReceiver();
  });

  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await receiver?.close();
    if (redis) {
      await redis.flushdb();
      redis.disconnect();
    }
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('kill -9 one worker mid-job and flush Redis: every job still finishes, exactly once', { timeout: 90_000 }, async (t) => {
    if (!DATABASE_URL || !REDIS_URL) return t.skip('needs DATABASE_URL and REDIS_URL');
    const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--username', 'scale', '--credits', '10', '--json'], env)) as { api_key: string };
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const serve = spawnReelsmith(['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
    procs.push(serve);
    await waitHttp(baseUrl, serve);
    const workerEnv = { ...env, REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=2,realtime=1,stageDelayMs=100', JOB_CONCURRENCY: '1' };
    const workers = [spawnReelsmith(['worker'], workerEnv), spawnReelsmith(['worker'], workerEnv)];
    procs.push(...workers);

    const api = apiClient(baseUrl, key);
    const { secret } = await api('POST', '/v2/endpoint', { url: receiver!.url('/scale'), status: 'enabled', events: ['generated_video_success'] });
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      const product = await api('POST', '/v1/product', { name, description: 'Scale-out test product.' });
      const body = { product_id: product.product_id, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public' };
      ids.push((await api('POST', '/v1/create_video_from_url', body)).project_id);
    }

    // Kill the first worker while it holds a job's lease, mid-render, then lose every BullMQ message.
    const victim = workers[0]!;
    const held = await until(
      async () => (await db!.query(`SELECT id FROM jobs WHERE status = 'running' AND stage = 'render' AND lease_owner LIKE $1`, [`%:${victim.pid}:%`])).rows[0]?.id as string | undefined,
      30_000,
      'the first worker rendering a job',
    );
    await victim.kill9();
    await redis!.flushdb();

    await until(
      async () => ((await db!.query(`SELECT COUNT(*)::int AS n FROM videos WHERE status NOT IN (4, 5)`)).rows[0].n === 0 ? true : undefined),
      60_000,
      'every video final',
      200,
    );
    const videos = (await db!.query(`SELECT id, status FROM videos`)).rows as { id: string; status: number }[];
    assert.deepEqual(videos.map((v) => v.status), [4, 4, 4, 4]);
    const killed = (await db!.query(`SELECT attempts, status FROM jobs WHERE id = $1`, [held])).rows[0];
    assert.deepEqual(killed, { attempts: 2, status: 'succeeded' }, 'the dead worker’s job was retried after its lease expired');
    const events = (await db!.query(`SELECT subject_id, COUNT(*)::int AS n FROM events GROUP BY subject_id`)).rows as { subject_id: string; n: number }[];
    assert.deepEqual(events.map((e) => e.n), [2, 2, 2, 2], 'final events exactly once per video');
    assert.deepEqual(await creditsAndLedger(db!, 'scale'), { credits: 6, ledger: 6 });

    await receiver!.waitFor((r) => new Set(r.map((x) => x.json.event_id)).size >= 4, 20_000, 'four success webhooks');
    for (const r of receiver!.received) verifyBoth(r, secret);
    assert.deepEqual([...new Set(receiver!.received.map((r) => r.json.data.project_id))].sort(), [...ids].sort());
    assert.ok(workers[1]!.child.exitCode === null, `the other worker is still running: ${workers[1]!.log()}`);
    if (process.env.SHOW_LOGS) process.stdout.write(`# serve log:\n${serve.log()}\n# worker log:\n${workers[1]!.log()}\n`);
  });
});
