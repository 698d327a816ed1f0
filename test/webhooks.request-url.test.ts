import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Migrator, sql, type Kysely } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { workReposFor, type WorkRepos } from '../src/jobs/work-unit.ts';
import { hexId, newWebhookSecret } from '../src/lib/ids.ts';
import { videoFailedEvents, videoSucceededEvents } from '../src/webhooks/event.ts';
import { backends, onEveryBackendUnmigrated, type TestDb } from './support/db.ts';

const T0 = 1_767_225_600_123;
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe("a finished video's events and its request's webhook_url", () => {
  it('the v2 family event carries the URL, the v1 duplicate does not; no URL, no carrier', () => {
    const base = { projectId: 'p'.repeat(32), accountId: 'a', kinds: ['generated_video_success', 'generated_product_video_success'], videoUrl: 'u', coverUrl: 'c', durationS: 1 };
    const events = videoSucceededEvents({ ...base, webhookUrl: 'https://hooks.example.com/r' }, T0);
    assert.deepEqual(events.map((e) => [e.kind, e.webhookUrl ?? null]), [['generated_video_success', null], ['generated_product_video_success', 'https://hooks.example.com/r']]);
    assert.ok(videoSucceededEvents({ ...base, webhookUrl: null }, T0).every((e) => e.webhookUrl === undefined));
    const failed = videoFailedEvents({ projectId: 'p', accountId: 'a', kinds: ['generated_video_failed', 'generated_avatar_video_failed'], webhookUrl: 'https://h.example.com/x', error: { code: 1, message: 'm' } }, T0);
    assert.deepEqual(failed.map((e) => e.webhookUrl ?? null), [null, 'https://h.example.com/x']);
  });
});

for (const backend of backends) {
  describe(`outbox deliveries to a request's webhook_url (${backend.name})`, () => {
    let testDb: TestDb | undefined;
    let r: WorkRepos;
    let db: Db;
    before(async () => {
      testDb = await backend.open();
      if (testDb) {
        db = testDb.db;
        r = workReposFor(db.kysely, db.dialect);
      }
    });
    after(() => testDb?.dispose());

    const account = async () => r.accounts.create({ username: `u${hexId().slice(0, 12)}`, email: null, nowMs: T0 });
    const endpoint = async (accountId: string, events: string[], status: 'enabled' | 'disabled' = 'enabled') => {
      const e = { id: hexId(), accountId, url: `https://hooks.example.com/${hexId()}`, secret: newWebhookSecret(), status, events, createdAt: T0, updatedAt: T0 };
      await r.endpoints.insert(e);
      return e;
    };
    const events = (accountId: string, webhookUrl: string | null) =>
      videoSucceededEvents({ projectId: hexId(), accountId, kinds: ['generated_video_success', 'generated_product_video_success'], webhookUrl, videoUrl: 'u', coverUrl: 'c', durationS: 1 }, T0);
    const rowsOf = (eventIds: string[]) =>
      db.kysely.selectFrom('deliveries').select(['event_id', 'endpoint_id', 'target_url', 'status']).where('event_id', 'in', eventIds).execute();

    it('an event with a webhookUrl gets exactly one delivery to that URL, besides the endpoint deliveries as before', async (t) => {
      if (!testDb) return t.skip('DATABASE_URL is not set');
      const a = await account();
      const v1 = await endpoint(a.id, ['generated_video_success']);
      const both = await endpoint(a.id, ['generated_video_success', 'generated_product_video_success']);
      await endpoint(a.id, ['generated_product_video_success'], 'disabled');
      const withUrl = events(a.id, 'https://client.example.com/hook');
      const without = events(a.id, null);
      assert.equal(await r.outbox.emit([...withUrl, ...without]), 2 + 1 + 1 + 2 + 1);
      const rows = await rowsOf([...withUrl, ...without].map((e) => e.id));
      const of = (eventId: string) => rows.filter((x) => x.event_id === eventId).map((x) => x.endpoint_id ?? `url ${x.target_url}`).sort();
      assert.deepEqual(of(withUrl[0]!.id), [v1.id, both.id].sort(), 'v1 kind: the endpoints only');
      assert.deepEqual(of(withUrl[1]!.id), [both.id, 'url https://client.example.com/hook'].sort(), 'v2 kind: its endpoint and the request URL, once');
      assert.deepEqual(of(without[0]!.id), [v1.id, both.id].sort());
      assert.deepEqual(of(without[1]!.id), [both.id]);
      assert.ok(rows.every((x) => x.status === 'pending' && (x.endpoint_id === null) !== (x.target_url === null)), 'exactly one target per row');
    });

    it("the claim gives a request delivery its URL and the account's secret as it stands then; a 410 ends only that delivery", async (t) => {
      if (!testDb) return t.skip('DATABASE_URL is not set');
      const a = await account();
      const ep = await endpoint(a.id, ['generated_product_video_success']);
      const evs = events(a.id, 'https://client.example.com/claimed');
      await r.outbox.emit(evs);
      // Rotated after the event: the attempt signs with the secret of the moment.
      const rotated = newWebhookSecret();
      await r.accounts.setWebhookSecret(a.id, rotated, T0 + 1);
      const claimed = (await r.outbox.claimDue('owner-1', T0 + 10, 60_000, 1000)).filter((d) => d.eventId === evs[1]!.id);
      const toUrl = claimed.find((d) => d.endpointId === null);
      const toEndpoint = claimed.find((d) => d.endpointId === ep.id);
      assert.ok(toUrl && toEndpoint, JSON.stringify(claimed));
      assert.deepEqual([toUrl.url, toUrl.secret, toUrl.kind, toUrl.attempt], ['https://client.example.com/claimed', rotated, 'generated_product_video_success', 1]);
      assert.deepEqual([toEndpoint.url, toEndpoint.secret], [ep.url, ep.secret]);
      assert.equal(toUrl.payload, evs[1]!.payload);
      await r.outbox.recordResults(
        'owner-1',
        [{ deliveryId: toUrl.id, endpointId: null, attempt: 1, startedAt: T0 + 11, durationMs: 3, statusCode: 410, errorClass: 'gone', errorMessage: 'HTTP 410', excerpt: '', outcome: 'gone' }],
        T0 + 12,
      );
      const row = await db.kysely.selectFrom('deliveries').select(['status', 'attempts', 'last_status']).where('id', '=', toUrl.id).executeTakeFirstOrThrow();
      assert.deepEqual([row.status, Number(row.attempts), row.last_status], ['failed', 1, 410]);
      const endpointRow = await db.kysely.selectFrom('webhook_endpoints').select('status').where('id', '=', ep.id).executeTakeFirstOrThrow();
      assert.equal(endpointRow.status, 'enabled', "the account's endpoints are untouched");
      const attempts = await db.kysely.selectFrom('delivery_attempts').select(['attempt', 'status_code']).where('delivery_id', '=', toUrl.id).execute();
      assert.deepEqual(attempts.map((x) => [Number(x.attempt), x.status_code]), [[1, 410]]);
    });
  });
}

/** Migrates to 009, writes an account, an endpoint, an event, a delivery and its attempt the old way, then migrates to the latest. */
async function migrationKeepsDeliveries(db: Db): Promise<void> {
  const k = db.kysely as unknown as Kysely<any>;
  const migrator = new Migrator({ db: k, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true, ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}) });
  assert.equal((await migrator.migrateTo('009_custom_avatars')).error, undefined);
  const [account, other, endpoint, event, delivery] = [hexId(), hexId(), hexId(), hexId(), hexId()];
  for (const id of [account, other]) await k.insertInto('accounts').values({ id, username: `u${id}`, credits: 3, status: 'active', created_at: 1, updated_at: 1 }).execute();
  await k.insertInto('webhook_endpoints').values({ id: endpoint, account_id: account, url: 'https://h.example.com/r', secret: 'whsec_x', status: 'enabled', events: '["generated_video_success"]', created_at: 1, updated_at: 1 }).execute();
  await k.insertInto('events').values({ id: event, account_id: account, kind: 'generated_video_success', subject_id: 'p', payload: '{}', created_at: 2 }).execute();
  await k.insertInto('deliveries').values({ id: delivery, event_id: event, endpoint_id: endpoint, account_id: account, status: 'succeeded', attempts: 1, next_attempt_at: 2, created_at: 2, updated_at: 3, completed_at: 3 }).execute();
  await k.insertInto('delivery_attempts').values({ id: hexId(), delivery_id: delivery, attempt: 1, started_at: 2, duration_ms: 5, status_code: 200, response_excerpt: 'ok' }).execute();
  assert.equal((await migrator.migrateToLatest()).error, undefined);

  const secrets = await k.selectFrom('accounts').select('webhook_secret').where('id', 'in', [account, other]).execute();
  assert.ok(secrets.every((s) => SECRET.test(s.webhook_secret)), JSON.stringify(secrets));
  assert.notEqual(secrets[0]!.webhook_secret, secrets[1]!.webhook_secret, 'each account its own');
  const kept = await k.selectFrom('deliveries').selectAll().where('id', '=', delivery).executeTakeFirstOrThrow();
  assert.deepEqual([kept.endpoint_id, kept.target_url, kept.status, Number(kept.attempts), Number(kept.completed_at)], [endpoint, null, 'succeeded', 1, 3]);
  // A delivery without an endpoint is allowed now; the foreign keys still hold.
  await k.insertInto('deliveries').values({ id: hexId(), event_id: event, endpoint_id: null, target_url: 'https://c.example.com/x', account_id: account, status: 'pending', attempts: 0, next_attempt_at: 4, created_at: 4, updated_at: 4 }).execute();
  await assert.rejects(k.insertInto('deliveries').values({ id: hexId(), event_id: hexId(), endpoint_id: null, target_url: 'u', account_id: account, status: 'pending', attempts: 0, next_attempt_at: 4, created_at: 4, updated_at: 4 }).execute());
  await assert.rejects(k.insertInto('delivery_attempts').values({ id: hexId(), delivery_id: hexId(), attempt: 1, started_at: 5, duration_ms: 1 }).execute());
  const names =
    db.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'deliveries'`.execute(k)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'deliveries' and schemaname = ${db.pgSchema}`.execute(k)).rows.map((r) => r.name);
  for (const n of ['deliveries_due', 'deliveries_endpoint', 'deliveries_event', 'deliveries_account']) assert.ok(names.includes(n), `index ${n} in ${names.join(', ')}`);
}

describe('migration 010 (request webhooks) keeps every delivery and gives every account a secret', () => {
  onEveryBackendUnmigrated(it, migrationKeepsDeliveries);
});
