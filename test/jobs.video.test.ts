import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { probe } from '../src/media/ffprobe.ts';
import { postgresTestDb, type TestDb } from './support/db.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startReceiver, verifyBoth, type Receiver } from './support/webhook-receiver.ts';
import { localStore } from './support/local-store.ts';

/** A server running jobs in process with the ffmpeg test generator (real ffmpeg), and a funded account. */
class Fixture {
  s!: TestServer;
  key!: string;
  receiver!: Receiver;
  secrets = new Map<string, string>();

  async start(env: Record<string, string> = {}, testDb?: TestDb, startBackground = true): Promise<void> {
    this.s = await startServer({
      env: {
        ALLOW_PRIVATE_URLS: '1',
        REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1,stageDelayMs=150',
        JOB_BACKOFF_MS: '100',
        JOB_LEASE_MS: '3000',
        WEBHOOK_RETRY_SCHEDULE_MS: '100,200',
        ...env,
      },
      ...(testDb ? { testDb } : {}),
    });
    if (startBackground) this.s.running.startBackground();
    ({ apiKey: this.key } = await this.s.account({ credits: 10 }));
    this.receiver = await startReceiver();
  }

  async close(): Promise<void> {
    await this.s.close();
    await this.receiver.close();
  }

  async ok(method: string, path: string, body?: unknown): Promise<any> {
    const res = await this.s.call(method, path, { key: this.key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.body?.code, 0, JSON.stringify(res.body));
    return res.body.data;
  }

  async endpoint(version: 'v1' | 'v2', path: string, events: string[]): Promise<string> {
    const body = version === 'v1' ? { url: this.receiver.url(path), events } : { url: this.receiver.url(path), events, status: 'enabled' };
    const data = await this.ok('POST', `/${version}/endpoint`, body);
    this.secrets.set(path, data.secret);
    return data.endpoint_id;
  }

  async video(productName: string, extra: Record<string, unknown> = {}): Promise<string> {
    const product = await this.ok('POST', '/v1/product', { name: productName, description: 'Vitamin C serum for a brighter skin.' });
    const data = await this.ok('POST', '/v1/create_video_from_url', {
      product_id: product.product_id,
      aspect_ratio: 0,
      video_length: '15',
      avatar_id: 1,
      avatar_type: 0,
      script_style: 'Problem/Solution',
      template_type: 'public',
      ...extra,
    });
    return data.project_id;
  }

  project(id: string): Promise<any> {
    return this.ok('GET', `/v1/project?project_id=${id}`);
  }

  /** Polls GET /v1/project until the status is final; returns every (status, progress) seen. */
  async settle(id: string, timeoutMs = 30_000): Promise<{ final: any; seen: [number, number][] }> {
    const seen: [number, number][] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const p = await this.project(id);
      seen.push([p.status_code, p.progress]);
      if (p.status_code === 4 || p.status_code === 5) return { final: p, seen };
      if (Date.now() > deadline) throw new Error(`video ${id} did not finish: ${JSON.stringify(seen.slice(-5))}`);
      await new Promise((r) => setTimeout(r, 40));
    }
  }

  async quota(): Promise<number> {
    return (await this.ok('GET', '/v2/user/remaining_quota')).remaining_quota;
  }

  async ledger(ref: string) {
    return this.s.running.db.kysely.selectFrom('credit_ledger').select(['delta', 'reason']).where('ref', '=', ref).orderBy('created_at').execute();
  }

  async job(id: string) {
    return this.s.running.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
}

function successFlow(name: string, testDb: () => Promise<TestDb | undefined>) {
  describe(`video generation in the server process (${name})`, () => {
    const f = new Fixture();
    let db: TestDb | undefined;
    let skip = false;
    before(async () => {
      db = await testDb();
      if (name === 'postgres' && !db) {
        skip = true;
        return;
      }
      await f.start({}, db);
    });
    after(async () => {
      if (skip) return;
      await f.close();
      await db?.dispose();
    });

    it('shows status 3 with rising progress, then 4 with a real MP4, cover and script; success webhooks are signed and exact', async (t) => {
      if (skip) return t.skip('DATABASE_URL is not set');
      await f.endpoint('v1', '/v1', ['generated_video_success', 'generated_video_failed']);
      await f.endpoint('v2', '/v2', ['generated_product_video_success']);
      await f.endpoint('v2', '/both', ['generated_video_success', 'generated_product_video_success']);
      const id = await f.video('Glow Serum', { caption: true });
      const { final, seen } = await f.settle(id);
      const processing = seen.filter(([s]) => s === 3).map(([, p]) => p);
      assert.ok(processing.length > 0, `status 3 was visible: ${JSON.stringify(seen)}`);
      assert.ok(processing.some((p) => p > 0 && p < 100), `progress between 0 and 100 was visible: ${JSON.stringify(processing)}`);
      assert.deepEqual(processing, [...processing].sort((a, b) => a - b), 'progress never goes back');
      assert.equal(final.status_code, 4, JSON.stringify(final));
      assert.equal(final.status_desc, 'success');
      assert.equal(final.progress, 100);
      // videos/<project id>/<random file token>/: the project id alone does not give the URLs.
      const base = new RegExp(`/files/(videos/${id}/[0-9a-f]{32})/video\\.mp4$`).exec(final.video_url)?.[1];
      assert.ok(base, final.video_url);
      assert.ok(final.cover_url.endsWith(`/files/${base}/cover.jpg`), final.cover_url);
      assert.ok(final.subtitles_url.endsWith(`/files/${base}/subtitles.vtt`), final.subtitles_url);
      assert.ok(final.video_duration > 0.8 && final.video_duration < 1.3, String(final.video_duration));
      assert.match(final.script, /Glow Serum/);
      assert.deepEqual(final.warnings, [], 'a product without media has nothing to warn of');
      const store = localStore(f.s.running.services.store);
      const info = await probe(store.localPath(`${base}/video.mp4`));
      assert.equal(info?.video?.codec, 'h264');
      assert.equal(info?.audio?.codec, 'aac');
      assert.ok(fs.statSync(store.localPath(`${base}/cover.jpg`)).size > 1000);
      const served = await fetch(`${f.s.baseUrl}/files/${base}/video.mp4`);
      assert.equal(served.status, 200);

      await f.receiver.waitFor((r) => r.length >= 4, 10_000, 'four deliveries');
      await new Promise((r) => setTimeout(r, 200));
      const byPath = (p: string) => f.receiver.on(p).map((r) => r.json.event);
      assert.deepEqual(byPath('/v1'), ['generated_video_success']);
      assert.deepEqual(byPath('/v2'), ['generated_product_video_success']);
      assert.deepEqual(byPath('/both').sort(), ['generated_product_video_success', 'generated_video_success']);
      for (const r of f.receiver.received) {
        verifyBoth(r, f.secrets.get(r.path)!);
        assert.equal(r.headers['content-type'], 'application/json');
        assert.match(String(r.headers['user-agent']), /^Reelsmith-Webhook\/\d+\.\d+\.\d+$/);
        assert.equal(r.headers['x-webhook-event'], r.json.event);
        assert.equal(r.headers['webhook-id'], r.json.event_id);
        assert.deepEqual(Object.keys(r.json), ['event_id', 'event', 'timestamp', 'data']);
        assert.equal(r.body, JSON.stringify(r.json), 'compact JSON');
        assert.deepEqual(r.json.data, {
          project_id: id,
          video_id: id,
          status: 'success',
          video_url: final.video_url,
          cover_url: final.cover_url,
          duration: final.video_duration,
        });
      }
      const job = await f.job(id);
      assert.equal(job.status, 'succeeded');
      assert.equal(job.attempts, 1);
      assert.equal(job.lease_owner, null);
      assert.equal(await f.quota(), 9, 'the credit stays taken');
    });
  });
}

successFlow('sqlite', async () => undefined);
successFlow('postgres', postgresTestDb);

describe('video job failures and retries', () => {
  const f = new Fixture();
  before(() => f.start({ JOB_MAX_ATTEMPTS: '3' }));
  after(() => f.close());

  it('a generation that fails every attempt is retried up to JOB_MAX_ATTEMPTS, then status 5 with error, one refund and the failed events', async () => {
    await f.endpoint('v2', '/failed', ['generated_video_failed', 'generated_product_video_failed']);
    const before = await f.quota();
    const id = await f.video('Broken Serum [fail]');
    assert.equal(await f.quota(), before - 1);
    const { final } = await f.settle(id);
    assert.equal(final.status_code, 5);
    assert.equal(final.status_desc, 'failed');
    assert.deepEqual(final.error, { code: 50000, message: 'Video generation failed (system error)' });
    assert.equal(final.video_url, '');
    const job = await f.job(id);
    assert.equal(job.status, 'failed');
    assert.equal(job.attempts, 3);
    assert.match(job.last_error ?? '', /simulated crash/);
    assert.equal(await f.quota(), before, 'the credit came back');
    assert.deepEqual(await f.ledger(id), [
      { delta: -1, reason: 'video' },
      { delta: 1, reason: 'refund' },
    ]);
    await f.receiver.waitFor((r) => f.receiver.on('/failed').length >= 2, 10_000, 'two failed events');
    const bodies = f.receiver.on('/failed').map((r) => r.json);
    assert.deepEqual(bodies.map((b) => b.event).sort(), ['generated_product_video_failed', 'generated_video_failed']);
    for (const b of bodies) {
      assert.deepEqual(b.data, { project_id: id, video_id: id, status: 'failed', error: final.error });
    }
    // Nothing runs again: a second refund is impossible (ledger (reason, ref) is unique) and no event repeats.
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await f.ledger(id)).length, 2);
    const events = await f.s.running.db.kysely.selectFrom('events').select('kind').where('subject_id', '=', id).execute();
    assert.equal(events.length, 2);
  });

  it('a generation that fails once is retried after the backoff and succeeds; no refund', async () => {
    const id = await f.video('Flaky Serum [fail-once]');
    const { final } = await f.settle(id);
    assert.equal(final.status_code, 4, JSON.stringify(final));
    assert.equal((await f.job(id)).attempts, 2);
    assert.deepEqual((await f.ledger(id)).map((l) => l.reason), ['video']);
  });

  it('a permanent generation error fails at once (one attempt) with its own code and message', async () => {
    const id = await f.video('Bad Serum [fail-permanent]');
    const { final } = await f.settle(id);
    assert.equal(final.status_code, 5);
    assert.deepEqual(final.error, { code: 40000, message: 'The test generator refuses this product' });
    assert.equal((await f.job(id)).attempts, 1);
    assert.deepEqual((await f.ledger(id)).map((l) => l.reason), ['video', 'refund']);
  });
});

describe('video jobs: leases and concurrency', () => {
  const f = new Fixture();
  before(() => f.start({ JOB_CONCURRENCY: '1' }, undefined, false));
  after(() => f.close());

  it('a job claimed by a worker that died is retried when its lease expires, counting the attempt', async () => {
    const id = await f.video('Orphan Serum');
    const { jobs, clock } = f.s.running.services;
    const [claimed] = await jobs.claimDue(['video.generate'], 'dead-worker', clock.nowMs(), 700, 1);
    assert.equal(claimed?.id, id);
    const t0 = Date.now();
    f.s.running.startBackground();
    const { final } = await f.settle(id);
    assert.equal(final.status_code, 4);
    const job = await f.job(id);
    assert.equal(job.attempts, 2, 'the dead claim counted');
    assert.ok(Date.now() - t0 >= 600, 'not before the lease expired');
  });

  it('JOB_CONCURRENCY=1 runs one job at a time', async () => {
    const ids = await Promise.all([f.video('A'), f.video('B'), f.video('C')]);
    let maxRunning = 0;
    const done = Promise.all(ids.map((id) => f.settle(id)));
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      const rows = await f.s.running.db.kysely.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
      maxRunning = Math.max(maxRunning, rows.length);
      await new Promise((r) => setTimeout(r, 30));
    }
    for (const { final } of await done) assert.equal(final.status_code, 4);
    assert.equal(maxRunning, 1);
  });
});
