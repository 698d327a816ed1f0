import '../src/pipeline/render/alloc-env.ts';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { reposFor } from '../src/db/repos.ts';
import { BullJobQueue } from '../src/jobs/bullmq.ts';
import { JobRepository, type Job } from '../src/jobs/job.repository.ts';
import { systemClock } from '../src/lib/clock.ts';
import { hexId } from '../src/lib/ids.ts';
import { loadConfig } from '../src/config/config.ts';
import { renderVideo, type RenderVideoInput, type RenderVideoResult } from '../src/pipeline/render/render-video.ts';
import { renderVideoSplit } from '../src/pipeline/render/render-segments.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { segmentJobId, SplitRender, splitsRenders } from '../src/videos/segment-dispatch.ts';
import { postgresTestDb, type TestDb } from './support/db.ts';
import { countedFrames, pcmDigest } from './support/media-probe.ts';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;
const LEASE_MS = 1500;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('split renders across BullMQ workers (issue 29, item 3)', { skip: REDIS_URL && DATABASE_URL ? false : 'REDIS_URL and DATABASE_URL are needed' }, () => {
  const prefix = `t-split-${hexId().slice(0, 8)}`;
  let dir = '';
  let testDb: TestDb;
  let jobs: JobRepository;
  let accountId = '';
  let queue: BullJobQueue;
  let input: RenderVideoInput;
  let whole: RenderVideoResult;
  const helpers: ChildProcess[] = [];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'split-jobs-'));
    testDb = (await postgresTestDb())!;
    jobs = new JobRepository(testDb.db.kysely, testDb.db.dialect);
    accountId = (await reposFor(testDb.db.kysely).accounts.create({ username: `split${hexId().slice(0, 6)}`, email: null, nowMs: Date.now() })).id;
    queue = new BullJobQueue({ redisUrl: REDIS_URL!, prefix }, quiet);
    const product = await writeSampleProduct(path.join(dir, 'product'));
    const narration = await sampleNarration(path.join(dir, 'narration'), sampleSentences(32));
    input = { narration, product, avatarId: 1, templateId: 1, visualStyle: 'Bold Pop', aspectRatio: 0, caption: true, scale: 0.25, outDir: path.join(dir, 'whole') };
    whole = await renderVideo(input);
  });
  after(async () => {
    for (const h of helpers) if (h.exitCode === null) h.kill('SIGKILL');
    await queue?.close();
    await testDb?.dispose();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A segment worker process; resolves once BullMQ counts it as an idle worker. */
  async function startHelper(): Promise<{ proc: ChildProcess; out: () => string }> {
    const schema = testDb.db.pgSchema;
    const proc = spawn(process.execPath, ['--import', 'tsx', 'test/support/segment-worker.ts'], {
      env: { ...process.env, SEG_SCHEMA: schema ?? '', SEG_PREFIX: prefix, SEG_WORK_ROOT: path.join(dir, 'work'), SEG_LEASE_MS: String(LEASE_MS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    helpers.push(proc);
    let out = '';
    proc.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    const deadline = Date.now() + 60_000;
    while ((await queue.idleSlots(1)) < helpers.filter((h) => h.exitCode === null).length) {
      assert.ok(Date.now() < deadline, 'the segment worker did not connect');
      await sleep(100);
    }
    return { proc, out: () => out };
  }

  /** A claimed video job of our own: the parent of the segments. */
  async function parentJob(): Promise<Job> {
    const id = hexId();
    await jobs.insert({ id, kind: 'video.generate', accountId, maxAttempts: 3, runAt: Date.now(), nowMs: Date.now() });
    return (await jobs.claimOne(id, 'parent', Date.now(), 600_000))!;
  }

  const split = () => new SplitRender({ jobs, queue: () => queue, workRoot: path.join(dir, 'work'), concurrency: 1, maxAttempts: 3, leaseMs: LEASE_MS, clock: systemClock, log: quiet });

  it('an idle worker renders the second segment; the joined file has every frame once and the one-piece audio sample for sample', async () => {
    const helper = await startHelper();
    const job = await parentJob();
    const r = await renderVideoSplit({ ...input, outDir: path.join(dir, 'a') }, {}, split().forAttempt(job, 'parent'));
    const seg = await jobs.get(segmentJobId(job.id, job.attempts, 1));
    assert.equal(seg?.status, 'succeeded');
    assert.equal(seg?.attempts, 1);
    assert.match(helper.out(), new RegExp(`job finished: video.segment ${segmentJobId(job.id, job.attempts, 1).replace(/\./g, '\\.')}`));
    assert.equal(await countedFrames(r.videoPath), whole.frames);
    assert.deepEqual(await pcmDigest(r.videoPath), await pcmDigest(whole.videoPath));
    helper.proc.kill('SIGTERM');
    await new Promise((res) => helper.proc.once('exit', res));
  });

  it('a worker killed mid-segment: its segment is claimed again when the lease expires and the video completes', async () => {
    const helper = await startHelper();
    const job = await parentJob();
    const segId = segmentJobId(job.id, job.attempts, 1);
    let killedAt = 0;
    const killer = (async () => {
      for (let i = 0; i < 600 && !killedAt; i++) {
        const row = await jobs.get(segId);
        if (row?.status === 'running' && row.leaseOwner?.startsWith('segment-worker:')) {
          await sleep(800);
          helper.proc.kill('SIGKILL');
          killedAt = Date.now();
        } else await sleep(50);
      }
    })();
    const r = await renderVideoSplit({ ...input, outDir: path.join(dir, 'b') }, {}, split().forAttempt(job, 'parent'));
    await killer;
    assert.ok(killedAt > 0, 'the helper never took the segment');
    const seg = await jobs.get(segId);
    assert.equal(seg?.status, 'succeeded');
    assert.equal(seg?.attempts, 2, 'claimed once by the killed worker, once after its lease expired');
    assert.doesNotMatch(helper.out(), /job finished: video\.segment/);
    assert.equal(await countedFrames(r.videoPath), whole.frames);
    assert.deepEqual(await pcmDigest(r.videoPath), await pcmDigest(whole.videoPath));
  });
});

describe('split renders: settings', () => {
  it('single-node installs never split: the in-process runner (SQLite or PostgreSQL) and SPLIT_RENDER=off do not; BullMQ with auto does', () => {
    const dir = os.tmpdir();
    const inline = loadConfig({ DATA_DIR: dir });
    assert.equal(inline.jobs.runner, 'inline');
    assert.equal(splitsRenders(inline.jobs), false);
    assert.equal(splitsRenders(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@127.0.0.1/db' }).jobs), false);
    assert.equal(splitsRenders(loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://127.0.0.1:6379', SPLIT_RENDER: 'off' }).jobs), false);
    assert.equal(splitsRenders(loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://127.0.0.1:6379' }).jobs), true);
    assert.throws(() => loadConfig({ DATA_DIR: dir, SPLIT_RENDER: 'sometimes' }), /SPLIT_RENDER must be auto or off/);
  });
});
