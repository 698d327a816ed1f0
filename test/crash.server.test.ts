import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { freePort, runCli, spawnReelsmith, until, waitHttp, type Proc } from './support/child-process.ts';
import { startReceiver, verifyBoth, type Answer, type Receiver } from './support/webhook-receiver.ts';

/**
 * kill -9 of a real `reelsmith serve` (SQLite, in-process jobs, ffmpeg test generator), then a
 * restart on the same data: nothing accepted or committed is lost, nothing final happens twice,
 * and duplicate deliveries are bounded by the deliveries in flight at the kill.
 */
class CrashFixture {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-crash-'));
  port = 0;
  baseUrl = '';
  env: Record<string, string> = {};
  proc: Proc | undefined;
  key = '';
  receiver!: Receiver;
  secrets = new Map<string, string>();

  async setup(generator: string, answer: () => Answer): Promise<void> {
    this.port = await freePort();
    this.baseUrl = `http://127.0.0.1:${this.port}`;
    this.env = {
      DATA_DIR: this.dataDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      ALLOW_PRIVATE_URLS: '1',
      RATE_LIMIT_POST_PER_MINUTE: '10000',
      REELSMITH_TEST_GENERATOR: generator,
      JOB_LEASE_MS: '2000',
      JOB_BACKOFF_MS: '200',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_LEASE_MS: '2500',
      WEBHOOK_RETRY_SCHEDULE_MS: '200,400,800,1600',
    };
    const created = JSON.parse(await runCli(['account', 'create', '--username', 'crash', '--credits', '20', '--json'], this.env)) as { api_key: string };
    this.key = created.api_key;
    this.receiver = await startReceiver(answer);
    await this.startServer();
  }

  async startServer(): Promise<void> {
    this.proc = spawnReelsmith(['serve'], this.env);
    await waitHttp(this.baseUrl, this.proc);
  }

  async api(method: string, p: string, body?: unknown): Promise<any> {
    const res = await fetch(this.baseUrl + p, {
      method,
      headers: { 'x-api-key': this.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as any;
    assert.equal(json.code, 0, JSON.stringify(json));
    return json.data;
  }

  async endpoint(p: string, events: string[]): Promise<void> {
    const data = await this.api('POST', '/v2/endpoint', { url: this.receiver.url(p), status: 'enabled', events });
    this.secrets.set(p, data.secret);
  }

  async videos(names: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const name of names) {
      const product = await this.api('POST', '/v1/product', { name, description: 'A product for the crash test.' });
      const body = { product_id: product.product_id, aspect_ratio: 0, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public' };
      ids.push((await this.api('POST', '/v1/create_video_from_url', body)).project_id);
    }
    return ids;
  }

  /** A read-only look at the database file (WAL lets it read while the server writes). */
  read<T>(fn: (db: SQLite.Database) => T): T {
    const db = new SQLite(path.join(this.dataDir, 'reelsmith.db'), { readonly: true, fileMustExist: true });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  }

  /** Deliveries claimed and not yet recorded: the most that can be sent twice after a kill. */
  inFlight(): number {
    return this.read((db) => (db.prepare(`SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending' AND lease_owner IS NOT NULL`).get() as { n: number }).n);
  }

  async settled(ids: string[], timeoutMs: number): Promise<void> {
    await until(
      () =>
        this.read((db) => {
          const open = db.prepare(`SELECT COUNT(*) AS n FROM videos WHERE status NOT IN (4, 5)`).get() as { n: number };
          const pending = db.prepare(`SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending'`).get() as { n: number };
          return open.n === 0 && pending.n === 0 ? true : undefined;
        }),
      timeoutMs,
      `${ids.length} videos final and no delivery pending`,
      100,
    );
  }

  /** The invariants after the dust settles. Returns the number of duplicate receipts. */
  check(ids: string[], expectFailed: Set<string>, credits: number): number {
    return this.read((db) => {
      for (const id of ids) {
        const v = db.prepare(`SELECT status FROM videos WHERE id = ?`).get(id) as { status: number };
        assert.equal(v.status, expectFailed.has(id) ? 5 : 4, `video ${id}`);
        const kinds = (db.prepare(`SELECT kind FROM events WHERE subject_id = ? ORDER BY kind`).all(id) as { kind: string }[]).map((e) => e.kind);
        assert.deepEqual(kinds, expectFailed.has(id) ? ['generated_product_video_failed', 'generated_video_failed'] : ['generated_product_video_success', 'generated_video_success'], 'final events exactly once');
        const refunds = db.prepare(`SELECT COUNT(*) AS n FROM credit_ledger WHERE reason = 'refund' AND ref = ?`).get(id) as { n: number };
        assert.equal(refunds.n, expectFailed.has(id) ? 1 : 0, 'refund exactly once for a failed video');
      }
      const account = db.prepare(`SELECT id, credits FROM accounts WHERE username = 'crash'`).get() as { id: string; credits: number };
      const ledger = db.prepare(`SELECT SUM(delta) AS s FROM credit_ledger WHERE account_id = ?`).get(account.id) as { s: number };
      assert.equal(account.credits, ledger.s, 'the balance is the ledger sum');
      assert.equal(account.credits, credits);

      const deliveries = db.prepare(`SELECT d.status, d.event_id, e.url FROM deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id`).all() as { status: string; event_id: string; url: string }[];
      assert.ok(deliveries.length > 0);
      const receipts = new Map<string, number>();
      for (const r of this.receiver.received) {
        verifyBoth(r, this.secrets.get(r.path)!);
        const k = `${r.path} ${r.json.event_id}`;
        receipts.set(k, (receipts.get(k) ?? 0) + 1);
      }
      for (const d of deliveries) {
        assert.equal(d.status, 'succeeded');
        assert.ok(receipts.has(`${new URL(d.url).pathname} ${d.event_id}`), `event ${d.event_id} reached ${d.url}`);
      }
      assert.equal(receipts.size, deliveries.length, 'nothing was received that was not committed');
      return [...receipts.values()].reduce((sum, n) => sum + n - 1, 0);
    });
  }

  async dispose(): Promise<void> {
    await this.proc?.stop();
    await this.receiver?.close();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

describe('crash: kill -9 of reelsmith serve', { timeout: 120_000 }, () => {
  describe('in the middle of a render', () => {
    const f = new CrashFixture();
    before(() => f.setup('ffmpeg:seconds=2,realtime=1,stageDelayMs=100', () => ({ status: 200 })));
    after(() => f.dispose());

    it('every accepted video ends in 4 or 5 exactly once, credits match the ledger, every event is delivered', { timeout: 60_000 }, async () => {
      await f.endpoint('/v1kinds', ['generated_video_success', 'generated_video_failed']);
      await f.endpoint('/v2kinds', ['generated_product_video_success', 'generated_product_video_failed']);
      const ids = await f.videos(['Serum one', 'Serum two [fail]', 'Serum three']);
      // The first video is mid-render (ffmpeg encoding at playback speed) when the server dies.
      await until(() => f.read((db) => (db.prepare(`SELECT stage FROM jobs WHERE id = ? AND status = 'running'`).get(ids[0]) as { stage: string } | undefined)?.stage === 'render' || undefined), 20_000, 'a render in progress');
      await new Promise((r) => setTimeout(r, 300));
      await f.proc!.kill9();
      const atKill = f.read((db) => db.prepare(`SELECT status, progress FROM videos WHERE id = ?`).get(ids[0]) as { status: number; progress: number });
      assert.equal(atKill.status, 3, 'it was processing');
      const inFlight = f.inFlight();
      await f.startServer();
      await f.settled(ids, 40_000);
      const duplicates = f.check(ids, new Set([ids[1]!]), 20 - 3 + 1);
      assert.ok(duplicates <= inFlight, `${duplicates} duplicate receipts, ${inFlight} deliveries in flight at the kill`);
      const killed = f.read((db) => db.prepare(`SELECT attempts, status FROM jobs WHERE id = ?`).get(ids[0]) as { attempts: number; status: string });
      assert.deepEqual(killed, { attempts: 2, status: 'succeeded' }, 'the killed attempt counted; the retry finished it');
    });
  });

  describe('in the middle of a burst of deliveries', () => {
    const f = new CrashFixture();
    // A slow receiver keeps many deliveries in flight at once.
    before(() => f.setup('ffmpeg:seconds=0.4', () => ({ status: 200, delayMs: 250 })));
    after(() => f.dispose());

    it('after a restart every committed event is delivered; duplicates are no more than the deliveries in flight at the kill', { timeout: 60_000 }, async () => {
      for (let i = 0; i < 10; i++) await f.endpoint(`/burst${i}`, ['generated_video_success', 'generated_product_video_success']);
      const ids = await f.videos(['Burst A', 'Burst B', 'Burst C', 'Burst D']);
      const total = ids.length * 2 * 10;
      await until(() => (f.receiver.received.length >= 30 ? true : undefined), 30_000, 'a burst under way', 5);
      await f.proc!.kill9();
      const inFlight = f.inFlight();
      const receivedAtKill = f.receiver.received.length;
      assert.ok(receivedAtKill < total, `the kill came mid-burst (${receivedAtKill} of ${total} received)`);
      await f.startServer();
      await f.settled(ids, 40_000);
      const duplicates = f.check(ids, new Set(), 20 - ids.length);
      assert.ok(inFlight > 0, 'deliveries were in flight at the kill');
      assert.ok(duplicates <= inFlight, `${duplicates} duplicate receipts, ${inFlight} deliveries in flight at the kill`);
      process.stdout.write(`# burst: ${total} deliveries, ${receivedAtKill} received before the kill, ${inFlight} in flight at the kill, ${duplicates} duplicates\n`);
    });
  });
});
