import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { hexId } from '../src/lib/ids.ts';
import { S3BlobStore } from '../src/storage/s3-blob-store.ts';
import { apiClient, createTestDatabase, creditsAndLedger, type TestDatabase } from './support/cluster.ts';
import { freePort, runCli, spawnReelsmith, until, waitHttp, type Proc } from './support/child-process.ts';
import { startS3, type TestS3 } from './support/s3.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

/** Every file under a directory, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * Issue 15, item 6: separate machines, simulated. One `serve --no-worker` and two `reelsmith
 * worker` processes, each with its OWN DATA_DIR, on PostgreSQL, Redis and S3 (s3rver in this
 * process, on loopback). Products carry an uploaded image, so a worker can only read it from the
 * bucket (the test generator's media=1 loads it with the pipeline's loader and makes the cover
 * from it). One worker is killed -9 while it renders.
 */
describe('multi-node: API + two workers with separate DATA_DIRs on PostgreSQL, Redis and S3', { timeout: 120_000 }, () => {
  const dirs = { api: '', w1: '', w2: '' };
  for (const k of Object.keys(dirs) as (keyof typeof dirs)[]) dirs[k] = fs.mkdtempSync(path.join(os.tmpdir(), `reelsmith-node-${k}-`));
  const prefix = `t-multinode-${hexId().slice(0, 8)}`;
  const procs: Proc[] = [];
  let testDb: TestDatabase | undefined;
  let s3: TestS3 | undefined;
  let bucket: S3BlobStore | undefined;

  before(async () => {
    if (!DATABASE_URL || !REDIS_URL) return;
    testDb = await createTestDatabase(DATABASE_URL);
    s3 = await startS3();
  });

  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    bucket?.close();
    await s3?.stop();
    await testDb?.drop();
    if (REDIS_URL) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    for (const d of Object.values(dirs)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('kill -9 one worker mid-render: every video status 4 once, files in the bucket served by the API, credits balance', { timeout: 100_000 }, async (t) => {
    if (!DATABASE_URL || !REDIS_URL) return t.skip('needs DATABASE_URL and REDIS_URL');
    const db = testDb!.db;
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      ...s3!.env,
      DATABASE_URL: testDb!.url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      PUBLIC_BASE_URL: baseUrl,
      ALLOW_PRIVATE_URLS: '1',
      RATE_LIMIT_POST_PER_MINUTE: '10000',
      JOB_LEASE_MS: '2000',
      JOB_SWEEP_MS: '500',
      JOB_BACKOFF_MS: '200',
    };
    const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--username', 'multinode', '--credits', '10', '--json'], { ...env, DATA_DIR: dirs.api })) as { api_key: string };
    const serve = spawnReelsmith(['serve', '--no-worker'], { ...env, DATA_DIR: dirs.api, PORT: String(port), HOST: '127.0.0.1' });
    procs.push(serve);
    await waitHttp(baseUrl, serve);
    const workerEnv = { ...env, REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=2,realtime=1,stageDelayMs=100,media=1', JOB_CONCURRENCY: '1' };
    const workers = [spawnReelsmith(['worker'], { ...workerEnv, DATA_DIR: dirs.w1 }), spawnReelsmith(['worker'], { ...workerEnv, DATA_DIR: dirs.w2 })];
    procs.push(...workers);
    const api = apiClient(baseUrl, key);

    // An image uploaded through the API: it lands in the bucket, not on any disk a worker sees.
    // 320 × 200, while the videos are 480 × 480: a cover of 320 × 200 was made from it.
    const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 160, b: 90 } } }).jpeg().toBuffer();
    const ticket = await api('POST', '/v1/upload/asset', { filename: 'kettle.jpg' });
    assert.ok(ticket.sign_url.startsWith(`${baseUrl}/`), ticket.sign_url);
    const put = await fetch(ticket.sign_url, { method: 'PUT', body: new Uint8Array(photo) });
    assert.equal(put.status, 200, await put.clone().text());

    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      const product = await api('POST', '/v1/product', { name: `Kettle ${name}`, description: 'Multi-node test product.', media: [{ type: 1, url: ticket.asset_url }] });
      const body = { product_id: product.product_id, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public' };
      ids.push((await api('POST', '/v1/create_video_from_url', body)).project_id);
    }

    // Kill the first worker while it holds a job in the render stage.
    const victim = workers[0]!;
    const held = await until(
      async () => (await db.query(`SELECT id FROM jobs WHERE status = 'running' AND stage = 'render' AND lease_owner LIKE $1`, [`%:${victim.pid}:%`])).rows[0]?.id as string | undefined,
      30_000,
      'the first worker rendering a job',
    );
    await victim.kill9();

    await until(
      async () => ((await db.query(`SELECT COUNT(*)::int AS n FROM videos WHERE status NOT IN (4, 5)`)).rows[0].n === 0 ? true : undefined),
      60_000,
      'every video final',
      200,
    );
    const videos = (await db.query(`SELECT id, status FROM videos ORDER BY id`)).rows as { id: string; status: number }[];
    assert.deepEqual(videos.map((v) => v.status), [4, 4, 4, 4], JSON.stringify(videos));
    const killed = (await db.query(`SELECT attempts, status FROM jobs WHERE id = $1`, [held])).rows[0];
    assert.deepEqual(killed, { attempts: 2, status: 'succeeded' }, 'the dead worker’s job was retried after its lease expired');
    const events = (await db.query(`SELECT subject_id, kind, COUNT(*)::int AS n FROM events GROUP BY subject_id, kind ORDER BY subject_id, kind`)).rows as { subject_id: string; kind: string; n: number }[];
    assert.ok(events.every((e) => e.n === 1), `each event once per kind: ${JSON.stringify(events)}`);
    assert.deepEqual([...new Set(events.map((e) => e.subject_id))].sort(), [...ids].sort());
    const kindsOf = (id: string) => events.filter((e) => e.subject_id === id).map((e) => e.kind).join(',');
    assert.ok(kindsOf(ids[0]!).includes('success'), kindsOf(ids[0]!));
    for (const id of ids) assert.equal(kindsOf(id), kindsOf(ids[0]!), 'the same success events for every video');
    assert.deepEqual(await creditsAndLedger(db, 'multinode'), { credits: 6, ledger: 6 });

    // The files: in the bucket, served by the API at its own base URL, with ranges.
    bucket = new S3BlobStore(s3!.settings, baseUrl);
    for (const id of ids) {
      const p = await api('GET', `/v1/project?project_id=${id}`);
      assert.equal(p.status_code, 4);
      assert.ok(p.video_url.startsWith(`${baseUrl}/files/videos/${id}/`), p.video_url);
      assert.ok(p.cover_url.startsWith(`${baseUrl}/files/videos/${id}/`), p.cover_url);
      assert.ok((await bucket.bytesUnder(`videos/${id}`)) > 0, 'the video’s objects are in the bucket');
      const video = await fetch(p.video_url);
      assert.equal(video.status, 200);
      assert.equal(video.headers.get('content-type'), 'video/mp4');
      const bytes = Buffer.from(await video.arrayBuffer());
      assert.ok(bytes.length > 1000 && bytes.subarray(4, 8).toString() === 'ftyp', 'an MP4');
      const range = await fetch(p.video_url, { headers: { range: 'bytes=100-599' } });
      assert.equal(range.status, 206);
      assert.equal(range.headers.get('content-range'), `bytes 100-599/${bytes.length}`);
      assert.ok(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(100, 600)));
      const cover = await fetch(p.cover_url);
      assert.equal(cover.status, 200);
      assert.equal(cover.headers.get('content-type'), 'image/jpeg');
      const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
      assert.deepEqual([meta.width, meta.height], [320, 200], 'the cover was made from the product image the worker read from the bucket');
    }

    // No published file on any disk. The only media files left are the killed attempt's scratch
    // files in the dead worker's work dir (its own janitor removes them when it runs again).
    const stray = Object.entries(dirs).flatMap(([node, dir]) => filesUnder(dir).filter((f) => /\.(mp4|webm|jpg|vtt)$/.test(f)).map((f) => `${node}:${f}`));
    const scratchOfKilled = new RegExp(`^w1:work/${held}/1/`);
    assert.deepEqual(stray.filter((f) => !scratchOfKilled.test(f)), [], 'no video, cover or image file in any DATA_DIR');
    for (const dir of Object.values(dirs)) assert.equal(fs.existsSync(path.join(dir, 'files')), false, `${dir}/files is not used`);

    assert.ok(workers[1]!.child.exitCode === null, `the other worker is still running: ${workers[1]!.log()}`);
    if (process.env.SHOW_LOGS) process.stdout.write(`# serve log:\n${serve.log()}\n# worker log:\n${workers[1]!.log()}\n`);
  });
});
