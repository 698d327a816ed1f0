import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { CatalogService, emptyMediaLibrary } from '../src/catalog/catalog.service.ts';
import type { Db } from '../src/db/database.ts';
import { JobRepository } from '../src/jobs/job.repository.ts';
import { workReposFor, workUnitOfWork, type WorkRepos } from '../src/jobs/work-unit.ts';
import { hexId, newWebhookSecret } from '../src/lib/ids.ts';
import { VideoService } from '../src/videos/video.service.ts';
import { EndpointOutboxRepository } from '../src/webhooks/endpoint-outbox.repository.ts';
import type { Endpoint } from '../src/webhooks/endpoint.repository.ts';
import { videoSucceededEvents, type NewEvent } from '../src/webhooks/event.ts';
import type { AttemptResult } from '../src/webhooks/outbox.repository.ts';
import { backends, type TestDb } from './support/db.ts';

/** Past 2^31 ms, so a timestamp kept as a 32-bit integer would show. */
const T0 = 1_767_225_600_000;
const KIND = 'video.generate';
let seq = 0;

for (const backend of backends) {
  describe(`jobs and outbox repositories on ${backend.name}`, () => {
    let testDb: TestDb | undefined;
    let db: Db;
    let r: WorkRepos;

    before(async () => {
      testDb = await backend.open();
      if (testDb) {
        db = testDb.db;
        r = workReposFor(db.kysely, db.dialect);
      }
    });
    after(async () => {
      await testDb?.dispose();
    });

    const test = (name: string, fn: (t: TestContext) => Promise<void>) =>
      it(name, async (t) => {
        if (!testDb) return t.skip(`${backend.name} is not configured (set DATABASE_URL to run it)`);
        await fn(t);
      });

    const account = async () => (await r.accounts.create({ username: `jobs${process.pid}x${++seq}x${hexId().slice(0, 4)}`, email: null, nowMs: T0 })).id;
    const kinds = (...k: string[]) => k;

    async function jobs(accountId: string, runAts: number[]): Promise<string[]> {
      const ids: string[] = [];
      for (const runAt of runAts) {
        const id = hexId();
        await r.jobs.insert({ id, kind: KIND, accountId, maxAttempts: 3, runAt, nowMs: T0 });
        ids.push(id);
      }
      return ids;
    }

    async function endpointFor(accountId: string, events: string[], overrides: Partial<Endpoint> = {}): Promise<string> {
      const id = hexId();
      await r.endpoints.insert({ id, accountId, url: 'https://hooks.example.com/x', secret: newWebhookSecret(), status: 'enabled', events, createdAt: T0, updatedAt: T0, ...overrides });
      return id;
    }

    const successEvents = (accountId: string, nowMs = T0): NewEvent[] =>
      videoSucceededEvents({ projectId: hexId(), accountId, kinds: ['generated_video_success', 'generated_product_video_success'], videoUrl: 'https://x/v.mp4', coverUrl: 'https://x/c.jpg', durationS: 15.2 }, nowMs);

    describe('JobRepository', () => {
      test('concurrent claimers take every due job exactly once; future jobs wait', async () => {
        const acct = await account();
        const due = await jobs(acct, [T0, T0 + 1, T0 + 2, T0 + 3, T0 + 4]);
        const [future] = await jobs(acct, [T0 + 60_000]);
        const claims = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => r.jobs.claimDue(kinds(KIND), owner, T0 + 10, 1000, 2)));
        const ids = claims.flat().map((j) => j.id).filter((id) => due.includes(id) || id === future);
        assert.deepEqual([...ids].sort(), [...due].sort(), 'each due job once, the future one not');
        for (const j of claims.flat()) {
          assert.equal(j.status, 'running');
          assert.equal(j.attempts, 1);
          assert.equal(j.leaseExpiresAt, T0 + 10 + 1000);
        }
        // Nothing left to claim at this time.
        const again = await r.jobs.claimDue(kinds(KIND), 'e', T0 + 10, 1000, 10);
        assert.ok(!again.some((j) => due.includes(j.id) || j.id === future));
      });

      test("a running job whose lease expired is claimed again and the old owner's writes change nothing", async () => {
        const acct = await account();
        const [id] = await jobs(acct, [T0]);
        const first = await r.jobs.claimOne(id!, 'dead', T0, 500);
        assert.equal(first?.attempts, 1);
        assert.equal(await r.jobs.claimOne(id!, 'other', T0 + 499, 500), undefined, 'not before the lease expires');
        assert.equal(await r.jobs.heartbeat(id!, 'dead', T0 + 100, 500), true, 'the owner may extend it');
        assert.equal(await r.jobs.claimOne(id!, 'other', T0 + 599, 500), undefined, 'the heartbeat moved the expiry');
        const second = await r.jobs.claimOne(id!, 'other', T0 + 600, 500);
        assert.equal(second?.attempts, 2);
        assert.equal(second?.leaseOwner, 'other');
        assert.equal(await r.jobs.heartbeat(id!, 'dead', T0 + 601, 500), false);
        assert.equal(await r.jobs.complete(id!, 'dead', T0 + 601), false);
        assert.equal(await r.jobs.fail(id!, 'dead', 'x', T0 + 601), false);
        assert.equal(await r.jobs.complete(id!, 'other', T0 + 602), true);
        assert.equal((await r.jobs.get(id!))?.status, 'succeeded');
        assert.equal(await r.jobs.claimOne(id!, 'third', T0 + 10_000, 500), undefined, 'a finished job is never claimed');
      });

      test('nextDueAt is the earliest queued run_at or foreign lease expiry; release gives a job back uncounted', async () => {
        const acct = await account();
        const kind = `k${hexId().slice(0, 6)}`;
        const a = hexId();
        const b = hexId();
        await r.jobs.insert({ id: a, kind, accountId: acct, maxAttempts: 3, runAt: T0 + 5000, nowMs: T0 });
        await r.jobs.insert({ id: b, kind, accountId: acct, maxAttempts: 3, runAt: T0, nowMs: T0 });
        assert.equal(await r.jobs.nextDueAt('me', [kind]), T0);
        await r.jobs.claimDue([kind], 'me', T0, 60_000, 1);
        assert.equal(await r.jobs.nextDueAt('me', [kind]), T0 + 5000, 'my own lease is not a wake-up');
        assert.equal(await r.jobs.nextDueAt('someone-else', [kind]), T0 + 5000);
        await r.jobs.claimDue([kind], 'me', T0 + 5000, 1000, 1);
        assert.equal(await r.jobs.nextDueAt('someone-else', [kind]), T0 + 6000, "another owner's lease expiry");
        assert.equal(await r.jobs.release(a, 'me', T0 + 5001), true);
        const released = await r.jobs.get(a);
        assert.equal(released?.status, 'queued');
        assert.equal(released?.attempts, 0);
        assert.equal(released?.runAt, T0 + 5001);
        assert.deepEqual(
          (await r.jobs.listClaimable(T0 + 5001, 100)).filter((j) => j.id === a || j.id === b),
          [{ id: a, attempts: 0 }],
        );
      });

      test('accepting a video takes the credit, records the video and enqueues its job in one transaction; 18020 writes none of them', async () => {
        const acct = await account();
        const username = (await r.accounts.findById(acct))!.username;
        await r.accounts.addCredits(acct, 1, 'grant', null, T0);
        const productId = hexId();
        await r.products.insert({
          id: productId, accountId: acct, sourceUrl: null, name: 'Lamp', description: 'Warm', targetAudience: '', media: [],
          brand: null, price: null, currency: null, sellingPoints: [], createdAt: T0, updatedAt: T0,
        });
        const accepted: string[] = [];
        const service = new VideoService(r.videos, r.products, new CatalogService(emptyMediaLibrary, 'http://localhost'), workUnitOfWork(db), { nowMs: () => T0 }, 3, (v) => accepted.push(v.id), null, null, async () => false, (k) => `http://localhost/files/${k}`);
        const who = { accountId: acct, username, email: null };
        const request = {
          product_id: productId, aspect_ratio: 0 as const, video_length: 15 as const, language: 'english', avatar_id: 1, avatar_type: 0 as const,
          script_style: 'Problem/Solution', template_type: 'public' as const, voice_id: null, music_id: null, visual_style: null,
          template_id: null, override_script: null, caption: false, video_name: null,
        };
        const { project_id } = await service.create(who, request);
        const job = await r.jobs.get(project_id);
        assert.equal(job?.kind, KIND);
        assert.equal(job?.status, 'queued');
        assert.equal(job?.maxAttempts, 3);
        assert.deepEqual(accepted, [project_id], 'woken after the commit');
        const jobsBefore = await db.kysely.selectFrom('jobs').select('id').where('account_id', '=', acct).execute();
        await assert.rejects(service.create(who, request), (err: { code?: number }) => err.code === 18020);
        const jobsAfter = await db.kysely.selectFrom('jobs').select('id').where('account_id', '=', acct).execute();
        assert.equal(jobsAfter.length, jobsBefore.length);
        assert.equal(await r.videos.countByAccount(acct), 1);
      });
    });

    describe('OutboxRepository', () => {
      test('emit records the events and one delivery per enabled endpoint subscribed to each kind', async () => {
        const acct = await account();
        const other = await account();
        const v1 = await endpointFor(acct, ['generated_video_success']);
        const v2 = await endpointFor(acct, ['generated_product_video_success', 'generated_video_failed']);
        const both = await endpointFor(acct, ['generated_video_success', 'generated_product_video_success']);
        await endpointFor(acct, ['generated_video_success'], { status: 'disabled' });
        const deleted = await endpointFor(acct, ['generated_video_success']);
        await r.endpoints.softDelete(acct, deleted, T0);
        await endpointFor(other, ['generated_video_success']);
        const events = successEvents(acct);
        assert.equal(await r.outbox.emit(events), 4);
        const rows = await db.kysely
          .selectFrom('deliveries as d')
          .innerJoin('events as e', 'e.id', 'd.event_id')
          .select(['d.endpoint_id', 'e.kind', 'd.status', 'd.attempts', 'd.next_attempt_at'])
          .where('d.event_id', 'in', events.map((e) => e.id))
          .execute();
        const got = rows.map((x) => `${x.endpoint_id === v1 ? 'v1' : x.endpoint_id === v2 ? 'v2' : x.endpoint_id === both ? 'both' : 'other'}:${x.kind}`).sort();
        assert.deepEqual(got, ['both:generated_product_video_success', 'both:generated_video_success', 'v1:generated_video_success', 'v2:generated_product_video_success']);
        for (const x of rows) {
          assert.equal(x.status, 'pending');
          assert.equal(Number(x.attempts), 0);
          assert.equal(Number(x.next_attempt_at), T0);
        }
        const stored = await db.kysely.selectFrom('events').select(['id', 'payload']).where('id', '=', events[0]!.id).executeTakeFirstOrThrow();
        assert.equal(stored.payload, events[0]!.payload);
        assert.deepEqual(Object.keys(JSON.parse(stored.payload)), ['event_id', 'event', 'timestamp', 'data']);
      });

      test('claims are leased and disjoint, never for a disabled or deleted endpoint, and expire back to due', async () => {
        const acct = await account();
        const ep = await endpointFor(acct, ['generated_video_success', 'generated_product_video_success']);
        const off = await endpointFor(acct, ['generated_video_success']);
        for (let i = 0; i < 5; i++) await r.outbox.emit(successEvents(acct, T0 + i));
        // Disabled behind the outbox's back (no cancellation): the claim itself must refuse it.
        await db.kysely.updateTable('webhook_endpoints').set({ status: 'disabled' }).where('id', '=', off).execute();
        const now = T0 + 1000;
        const claims = await Promise.all(['a', 'b', 'c'].map((o) => r.outbox.claimDue(o, now, 30_000, 20)));
        const mine = claims.flat().filter((c) => c.endpointId === ep || c.endpointId === off);
        assert.equal(mine.length, 10, 'every delivery of the enabled endpoint');
        assert.equal(new Set(mine.map((c) => c.id)).size, 10, 'each once');
        assert.ok(mine.every((c) => c.endpointId === ep));
        assert.ok(mine.every((c) => c.attempt === 1 && c.secret.startsWith('whsec_') && c.payload.includes(c.eventId)));
        assert.deepEqual(await r.outbox.claimDue('z', now + 29_999, 30_000, 100).then((c) => c.filter((x) => x.endpointId === ep)), []);
        const reclaimed = (await r.outbox.claimDue('z', now + 30_000, 30_000, 100)).filter((x) => x.endpointId === ep);
        assert.equal(reclaimed.length, 10, 'after the lease expiry, a dead dispatcher’s deliveries are due again');
      });

      test('results: success, retry, 410 (endpoint disabled, its other deliveries cancelled); a stale owner only logs', async () => {
        const acct = await account();
        const ep = await endpointFor(acct, ['generated_video_success', 'generated_product_video_success']);
        await r.outbox.emit(successEvents(acct));
        await r.outbox.emit(successEvents(acct));
        const claimed = (await r.outbox.claimDue('me', T0 + 1, 30_000, 100)).filter((c) => c.endpointId === ep);
        assert.equal(claimed.length, 4);
        const [a, b, c] = claimed as [typeof claimed[0], typeof claimed[0], typeof claimed[0]];
        const result = (d: typeof a, outcome: AttemptResult['outcome'], statusCode: number | null, extra: Partial<AttemptResult> = {}): AttemptResult => ({
          deliveryId: d.id, endpointId: d.endpointId, attempt: d.attempt, startedAt: T0 + 2, durationMs: 12.4, statusCode,
          errorClass: outcome === 'succeeded' ? null : 'http_status', errorMessage: outcome === 'succeeded' ? null : `HTTP ${statusCode}`,
          excerpt: 'body', outcome, ...extra,
        });
        await r.outbox.recordResults('stranger', [result(a, 'succeeded', 200)], T0 + 3);
        assert.equal((await db.kysely.selectFrom('deliveries').select('status').where('id', '=', a.id).executeTakeFirstOrThrow()).status, 'pending');
        await r.outbox.recordResults('me', [result(a, 'succeeded', 204), result(b, 'retry', 500, { nextAttemptAt: T0 + 5000 })], T0 + 3);
        const rowA = await db.kysely.selectFrom('deliveries').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
        assert.equal(rowA.status, 'succeeded');
        assert.equal(Number(rowA.attempts), 1);
        assert.equal(rowA.last_status, 204);
        assert.equal(rowA.lease_owner, null);
        const rowB = await db.kysely.selectFrom('deliveries').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
        assert.equal(rowB.status, 'pending');
        assert.equal(Number(rowB.next_attempt_at), T0 + 5000);
        assert.equal(rowB.last_error, 'HTTP 500');
        const attempts = await db.kysely.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', a.id).execute();
        assert.equal(attempts.length, 2, 'the stale attempt is logged too');
        assert.equal(await r.outbox.nextDueAt().then((n) => n !== null && n <= T0 + 5000), true);
        await r.outbox.recordResults('me', [result(c, 'gone', 410)], T0 + 4);
        const endpoint = await db.kysely.selectFrom('webhook_endpoints').select('status').where('id', '=', ep).executeTakeFirstOrThrow();
        assert.equal(endpoint.status, 'disabled');
        const statuses = await db.kysely.selectFrom('deliveries').select(['id', 'status']).where('endpoint_id', '=', ep).execute();
        const by = Object.fromEntries(statuses.map((s) => [s.id, s.status]));
        assert.equal(by[a.id], 'succeeded');
        assert.equal(by[b.id], 'cancelled', 'the pending retry is cancelled');
        assert.equal(by[c.id], 'failed');
        assert.equal(statuses.filter((s) => s.status === 'pending').length, 0);
      });

      test('disabling or deleting an endpoint cancels its pending deliveries in the same transaction; other changes do not', async () => {
        const acct = await account();
        const repo = new EndpointOutboxRepository(db.kysely, db.dialect);
        const ep1 = await endpointFor(acct, ['generated_video_success']);
        const ep2 = await endpointFor(acct, ['generated_video_success']);
        await r.outbox.emit(successEvents(acct));
        const pending = async (ep: string) =>
          (await db.kysely.selectFrom('deliveries').select('status').where('endpoint_id', '=', ep).execute()).map((x) => x.status);
        assert.equal(await repo.update(acct, ep1, { url: 'https://hooks.example.com/y' }, T0 + 1), true);
        assert.deepEqual(await pending(ep1), ['pending']);
        assert.equal(await repo.update(acct, ep1, { status: 'disabled' }, T0 + 2), true);
        assert.deepEqual(await pending(ep1), ['cancelled']);
        assert.equal(await repo.update(acct, ep1, { status: 'enabled' }, T0 + 3), true);
        assert.deepEqual(await pending(ep1), ['cancelled'], 're-enabling does not revive them');
        assert.equal(await repo.softDelete(acct, ep2, T0 + 4), true);
        assert.deepEqual(await pending(ep2), ['cancelled']);
        assert.equal(await repo.update(hexId(), ep1, { status: 'disabled' }, T0 + 5), false, 'another account changes nothing');
      });
    });
  });
}
