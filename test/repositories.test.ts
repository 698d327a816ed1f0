import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { migrate, type Db } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { reposFor, unitOfWork, type Repos, type UnitOfWork } from '../src/db/repos.ts';
import type { AccountRow } from '../src/db/schema.ts';
import { hashApiKey, hexId, newApiKey, newWebhookSecret } from '../src/lib/ids.ts';
import type { MediaItem, Product } from '../src/products/product.repository.ts';
import type { VideoRequest } from '../src/videos/video.repository.ts';
import type { Endpoint } from '../src/webhooks/endpoint.repository.ts';
import { backends, type TestDb } from './support/db.ts';

/** Past 2^31, so a timestamp stored as a 32-bit integer or returned as a bigint string would show. */
const T0 = 1_767_225_600_123;

let seq = 0;
const uniqueName = (prefix: string) => `${prefix}${process.pid}x${++seq}x${hexId().slice(0, 6)}`;

function product(accountId: string, createdAt: number, overrides: Partial<Product> = {}): Product {
  return {
    id: hexId(),
    accountId,
    sourceUrl: null,
    name: 'Trail shoe',
    description: 'Light and grippy',
    targetAudience: '',
    media: [],
    brand: null,
    price: null,
    currency: null,
    sellingPoints: [],
    language: 'english',
    storageBytes: 0,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

const videoRequest = (productId: string): VideoRequest => ({
  product_id: productId,
  aspect_ratio: 1,
  video_length: 30,
  language: 'english',
  avatar_id: 127,
  avatar_type: 0,
  script_style: "Don't Worry",
  template_type: 'public',
  voice_id: 'en-US-ChristopherNeural',
  music_id: null,
  visual_style: 'Simple Product Showcase',
  template_id: null,
  override_script: 'Ünïcödé script — "quoted" & <tagged> 🎬',
  caption: true,
  video_name: null,
});

function endpoint(accountId: string, createdAt: number, overrides: Partial<Endpoint> = {}): Endpoint {
  return {
    id: hexId(),
    accountId,
    url: 'https://hooks.example.com/r',
    secret: newWebhookSecret(),
    status: 'enabled',
    events: ['generated_video_success'],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

for (const backend of backends) {
  describe(`repositories on ${backend.name}`, () => {
    let testDb: TestDb | undefined;
    let db: Db;
    let repos: Repos;
    let uow: UnitOfWork;

    before(async () => {
      testDb = await backend.open();
      if (testDb) {
        db = testDb.db;
        repos = reposFor(db.kysely);
        uow = unitOfWork(db.kysely);
      }
    });
    after(async () => {
      await testDb?.dispose();
    });

    /** A test that needs the backend; skipped (with the reason) when the backend is not configured. */
    const test = (name: string, fn: (t: TestContext) => Promise<void>) =>
      it(name, async (t) => {
        if (!testDb) {
          t.skip(`${backend.name} is not configured (set DATABASE_URL to a postgres:// URL to run it)`);
          return;
        }
        await fn(t);
      });

    const newAccount = (nowMs = T0): Promise<AccountRow> => repos.accounts.create({ username: uniqueName('acct'), email: null, nowMs });

    describe('migrations', () => {
      test('every migration is recorded and running migrate() again applies nothing', async () => {
        assert.deepEqual(await migrate(db), []);
        assert.deepEqual(await migrate(db), []);
        const rows = await db.kysely
          .selectFrom(sql`kysely_migration`.as('m'))
          .select(sql<string>`name`.as('name'))
          .execute();
        assert.deepEqual(rows.map((r) => r.name).sort(), Object.keys(migrations).sort());
      });
    });

    describe('AccountRepository', () => {
      test('create then findByUsername and findById return the row with numeric timestamps', async () => {
        const username = uniqueName('alice');
        const created = await repos.accounts.create({ username, email: 'alice@example.com', nowMs: T0 });
        assert.match(created.id, /^[0-9a-f]{32}$/);
        const byName = await repos.accounts.findByUsername(username);
        assert.match(created.webhook_secret, /^whsec_[A-Za-z0-9+/]{43}=$/, 'every account has its own signing secret (migration 010)');
        assert.deepEqual(byName, { id: created.id, username, email: 'alice@example.com', credits: 0, status: 'active', storage_quota_mb: null, webhook_secret: created.webhook_secret, created_at: T0, updated_at: T0 });
        assert.equal(typeof byName?.created_at, 'number');
        assert.equal(typeof byName?.credits, 'number');
        assert.deepEqual(await repos.accounts.findById(created.id), byName);
        assert.equal(await repos.accounts.findByUsername(uniqueName('nobody')), undefined);
        assert.equal(await repos.accounts.findById(hexId()), undefined);
      });

      test('a second account with the same username is rejected', async () => {
        const username = uniqueName('dup');
        await repos.accounts.create({ username, email: null, nowMs: T0 });
        await assert.rejects(repos.accounts.create({ username, email: 'other@example.com', nowMs: T0 + 1 }));
        const again = await db.kysely.selectFrom('accounts').select('id').where('username', '=', username).execute();
        assert.equal(again.length, 1);
      });

      test('insertKey, findKeyOwner and revokeKey', async () => {
        const account = await newAccount();
        const raw = newApiKey();
        const hash = hashApiKey(raw);
        const key = await repos.accounts.insertKey(account.id, hash, raw.slice(0, 8), T0 + 5);
        assert.equal(key.revoked_at, null);

        const owner = await repos.accounts.findKeyOwner(hash);
        assert.ok(owner);
        assert.deepEqual(owner.account, account);
        assert.deepEqual(owner.key, { id: key.id, account_id: account.id, key_hash: hash, key_prefix: raw.slice(0, 8), created_at: T0 + 5, revoked_at: null });
        assert.equal(typeof owner.key.created_at, 'number');
        assert.equal(await repos.accounts.findKeyOwner(hashApiKey(newApiKey())), undefined);

        assert.equal(await repos.accounts.revokeKey(hash, T0 + 9), true);
        assert.equal((await repos.accounts.findKeyOwner(hash))?.key.revoked_at, T0 + 9);
        assert.equal(await repos.accounts.revokeKey(hash, T0 + 10), false, 'revoking twice reports no active key');
        assert.equal((await repos.accounts.findKeyOwner(hash))?.key.revoked_at, T0 + 9, 'the first revocation time stays');
        assert.equal(await repos.accounts.revokeKey(hashApiKey(newApiKey()), T0), false);
      });

      test('the same key hash cannot be stored twice', async () => {
        const a = await newAccount();
        const b = await newAccount();
        const hash = hashApiKey(newApiKey());
        await repos.accounts.insertKey(a.id, hash, 'rs_aaaaa', T0);
        await assert.rejects(repos.accounts.insertKey(b.id, hash, 'rs_aaaaa', T0));
        assert.equal((await repos.accounts.findKeyOwner(hash))?.account.id, a.id);
      });

      test('setStatus suspends an account', async () => {
        const account = await newAccount();
        await repos.accounts.setStatus(account.id, 'suspended', T0 + 1);
        const row = await repos.accounts.findById(account.id);
        assert.equal(row?.status, 'suspended');
        assert.equal(row?.updated_at, T0 + 1);
      });

      test('addCredits keeps the balance equal to the ledger sum', async () => {
        const account = await newAccount();
        assert.equal(await repos.accounts.ledgerSum(account.id), 0);
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, 10, 'grant', null, T0 + 1)), true);
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, -3, 'video', hexId(), T0 + 2)), true);
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, 5, 'grant', null, T0 + 3)), true);
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, -12, 'video', hexId(), T0 + 4)), true, 'taking down to exactly zero is allowed');
        const row = await repos.accounts.findById(account.id);
        assert.equal(row?.credits, 0);
        assert.equal(row?.updated_at, T0 + 4);
        assert.equal(await repos.accounts.ledgerSum(account.id), 0);
        const ledger = await db.kysely.selectFrom('credit_ledger').selectAll().where('account_id', '=', account.id).orderBy('created_at').execute();
        assert.deepEqual(
          ledger.map((l) => [l.delta, l.reason, l.created_at]),
          [
            [10, 'grant', T0 + 1],
            [-3, 'video', T0 + 2],
            [5, 'grant', T0 + 3],
            [-12, 'video', T0 + 4],
          ],
        );
        await uow((r) => r.accounts.addCredits(account.id, 7, 'grant', null, T0 + 5));
        assert.equal((await repos.accounts.findById(account.id))?.credits, 7);
        assert.equal(await repos.accounts.ledgerSum(account.id), 7);
      });

      test('a taking below zero returns false and writes nothing', async () => {
        const account = await newAccount();
        await uow((r) => r.accounts.addCredits(account.id, 2, 'grant', null, T0 + 1));
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, -3, 'video', hexId(), T0 + 2)), false);
        const row = await repos.accounts.findById(account.id);
        assert.equal(row?.credits, 2);
        assert.equal(row?.updated_at, T0 + 1, 'the account row is untouched');
        assert.equal(await repos.accounts.ledgerSum(account.id), 2);
        const ledger = await db.kysely.selectFrom('credit_ledger').select('id').where('account_id', '=', account.id).execute();
        assert.equal(ledger.length, 1);
      });

      test('addCredits on an unknown account returns false and writes no ledger row', async () => {
        const ghost = hexId();
        assert.equal(await uow((r) => r.accounts.addCredits(ghost, 5, 'grant', null, T0)), false);
        assert.equal(await repos.accounts.ledgerSum(ghost), 0);
      });

      test('(reason, ref) is unique: a second refund with the same ref throws and its transaction changes nothing', async () => {
        const account = await newAccount();
        const ref = hexId();
        await uow(async (r) => {
          await r.accounts.addCredits(account.id, 5, 'grant', null, T0);
          await r.accounts.addCredits(account.id, -1, 'video', ref, T0 + 1);
        });
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, 1, 'refund', ref, T0 + 2)), true);
        await assert.rejects(uow((r) => r.accounts.addCredits(account.id, 1, 'refund', ref, T0 + 3)));
        assert.equal((await repos.accounts.findById(account.id))?.credits, 5);
        assert.equal(await repos.accounts.ledgerSum(account.id), 5);
        // Same ref under another reason, and null refs, are not duplicates.
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, 1, 'grant', ref, T0 + 4)), true);
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, 1, 'grant', null, T0 + 5)), true);
        assert.equal(await uow((r) => r.accounts.addCredits(account.id, 1, 'grant', null, T0 + 6)), true);
        assert.equal((await repos.accounts.findById(account.id))?.credits, 8);
        assert.equal(await repos.accounts.ledgerSum(account.id), 8);
      });

      test('lockAccount touches the account and holds it until the transaction ends', async () => {
        const account = await newAccount();
        const order: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        let locked!: () => void;
        const firstHasLock = new Promise<void>((r) => (locked = r));

        const first = uow(async (r) => {
          await r.accounts.lockAccount(account.id, T0 + 1);
          order.push('first locked');
          locked();
          await held;
          order.push('first done');
        });
        await firstHasLock;
        const second = uow(async (r) => {
          await r.accounts.lockAccount(account.id, T0 + 2);
          order.push('second locked');
        });
        await new Promise((r) => setTimeout(r, 100));
        assert.deepEqual(order, ['first locked'], 'the second transaction waits for the lock');
        release();
        await Promise.all([first, second]);
        assert.deepEqual(order, ['first locked', 'first done', 'second locked']);
        assert.equal((await repos.accounts.findById(account.id))?.updated_at, T0 + 2);
      });
    });

    describe('ProductRepository', () => {
      test('insert then get round-trips every field, media JSON included', async () => {
        const account = await newAccount();
        const media: MediaItem[] = [
          { type: 1, name: 'front.jpg', url: 'https://cdn.example.com/front.jpg', description: 'Front — "view" ✓' },
          { type: 2, name: 'demo.mp4', url: 'https://cdn.example.com/demo.mp4?x=1&y=2', description: '' },
        ];
        const p = product(account.id, T0, {
          sourceUrl: 'https://shop.example.com/p/1',
          targetAudience: 'runners',
          media,
          brand: 'Acme',
          price: '129.90',
          currency: 'EUR',
          sellingPoints: ['light', 'grippy ünïcode'],
        });
        await repos.products.insert(p);
        const got = await repos.products.get(account.id, p.id);
        assert.deepEqual(got, p);
        assert.equal(typeof got?.createdAt, 'number');
        assert.equal(await repos.products.get(account.id, hexId()), undefined);
      });

      test('list is newest first with paging', async () => {
        const account = await newAccount();
        const ps = [0, 1, 2, 3, 4].map((i) => product(account.id, T0 + i * 1000, { name: `p${i}` }));
        for (const p of [ps[2]!, ps[0]!, ps[4]!, ps[1]!, ps[3]!]) await repos.products.insert(p);
        const names = async (limit: number, offset: number) => (await repos.products.list(account.id, limit, offset)).map((p) => p.name);
        assert.deepEqual(await names(10, 0), ['p4', 'p3', 'p2', 'p1', 'p0']);
        assert.deepEqual(await names(2, 0), ['p4', 'p3']);
        assert.deepEqual(await names(2, 2), ['p2', 'p1']);
        assert.deepEqual(await names(2, 4), ['p0']);
        assert.deepEqual(await names(2, 6), []);
        const listed = await repos.products.list(account.id, 1, 0);
        assert.deepEqual(listed[0], ps[4]);
      });

      test('products created in the same millisecond page without repeats or gaps', async () => {
        const account = await newAccount();
        const ids = new Set<string>();
        for (let i = 0; i < 5; i++) {
          const p = product(account.id, T0);
          ids.add(p.id);
          await repos.products.insert(p);
        }
        const seen: string[] = [];
        for (let offset = 0; offset < 5; offset += 2) seen.push(...(await repos.products.list(account.id, 2, offset)).map((p) => p.id));
        assert.equal(seen.length, 5);
        assert.deepEqual(new Set(seen), ids);
      });

      test('update changes only the given fields and replaces media', async () => {
        const account = await newAccount();
        const p = product(account.id, T0, {
          targetAudience: 'runners',
          media: [{ type: 1, name: 'a.jpg', url: 'https://cdn.example.com/a.jpg', description: 'a' }],
        });
        await repos.products.insert(p);

        assert.equal(await repos.products.update(account.id, p.id, { name: 'Renamed' }, T0 + 10), true);
        assert.deepEqual(await repos.products.get(account.id, p.id), { ...p, name: 'Renamed', updatedAt: T0 + 10 });

        const media: MediaItem[] = [{ type: 2, name: 'b.mp4', url: 'https://cdn.example.com/b.mp4', description: 'b' }];
        assert.equal(await repos.products.update(account.id, p.id, { media, targetAudience: '', description: 'New' }, T0 + 20), true);
        assert.deepEqual(await repos.products.get(account.id, p.id), {
          ...p,
          name: 'Renamed',
          description: 'New',
          targetAudience: '',
          media,
          updatedAt: T0 + 20,
        });

        assert.equal(await repos.products.update(account.id, p.id, { media: [] }, T0 + 30), true);
        assert.deepEqual((await repos.products.get(account.id, p.id))?.media, []);
        assert.equal(await repos.products.update(account.id, hexId(), { name: 'x' }, T0), false);
      });

      test("another account's product is invisible and cannot be updated", async () => {
        const a = await newAccount();
        const b = await newAccount();
        const p = product(a.id, T0);
        await repos.products.insert(p);
        await repos.products.insert(product(b.id, T0 + 1, { name: 'b-own' }));
        assert.equal(await repos.products.get(b.id, p.id), undefined);
        assert.deepEqual((await repos.products.list(b.id, 10, 0)).map((x) => x.name), ['b-own']);
        assert.equal(await repos.products.update(b.id, p.id, { name: 'hijacked' }, T0 + 2), false);
        assert.deepEqual(await repos.products.get(a.id, p.id), p);
      });
    });

    describe('VideoRepository', () => {
      test('insert then get: status 2 (waiting), empty outputs, request JSON round trip', async () => {
        const account = await newAccount();
        const p = product(account.id, T0);
        await repos.products.insert(p);
        const id = hexId();
        const request = videoRequest(p.id);
        await repos.videos.insert({ id, accountId: account.id, productId: p.id, request, title: 'My video', nowMs: T0 + 1 });
        const v = await repos.videos.get(account.id, id);
        assert.deepEqual(v, {
          id,
          accountId: account.id,
          kind: 'product',
          productId: p.id,
          request,
          credits: 1,
          title: 'My video',
          status: 2,
          progress: 0,
          videoKey: '',
          coverKey: '',
          subtitlesKey: '',
          duration: 0,
          script: '',
          scriptPlan: null,
          error: null,
          warnings: [],
          fileToken: null,
          storageBytes: 0,
          filesRemovedAt: null,
          webhookUrl: null,
          createdAt: T0 + 1,
          updatedAt: T0 + 1,
        });
        assert.equal(typeof v?.duration, 'number');
        assert.equal(typeof v?.createdAt, 'number');
        assert.equal(await repos.videos.countByAccount(account.id), 1);
        assert.equal(await repos.videos.get(account.id, hexId()), undefined);
      });

      test('a video needs an existing product', async () => {
        const account = await newAccount();
        await assert.rejects(
          repos.videos.insert({ id: hexId(), accountId: account.id, productId: hexId(), request: videoRequest('x'), title: 't', nowMs: T0 }),
        );
        assert.equal(await repos.videos.countByAccount(account.id), 0);
      });

      test("another account's video is invisible and not counted", async () => {
        const a = await newAccount();
        const b = await newAccount();
        const p = product(a.id, T0);
        await repos.products.insert(p);
        const id = hexId();
        await repos.videos.insert({ id, accountId: a.id, productId: p.id, request: videoRequest(p.id), title: 't', nowMs: T0 });
        assert.equal(await repos.videos.get(b.id, id), undefined);
        assert.equal(await repos.videos.countByAccount(b.id), 0);
        assert.equal(await repos.videos.countByAccount(a.id), 1);
      });
    });

    describe('EndpointRepository', () => {
      test('insert, get, list newest first and countLive', async () => {
        const account = await newAccount();
        const e1 = endpoint(account.id, T0, { events: ['generated_video_success', 'generated_avatar_video_failed'] });
        const e2 = endpoint(account.id, T0 + 1000, { status: 'disabled', url: 'https://hooks.example.com/two?a=1' });
        const e3 = endpoint(account.id, T0 + 2000);
        for (const e of [e2, e3, e1]) await repos.endpoints.insert(e);
        assert.deepEqual(await repos.endpoints.get(account.id, e1.id), e1);
        assert.deepEqual(await repos.endpoints.get(account.id, e2.id), e2);
        assert.deepEqual(await repos.endpoints.list(account.id), [e3, e2, e1]);
        const count = await repos.endpoints.countLive(account.id);
        assert.equal(count, 3);
        assert.equal(typeof count, 'number');
        assert.equal(await repos.endpoints.get(account.id, hexId()), undefined);
      });

      test('update changes only the given fields', async () => {
        const account = await newAccount();
        const e = endpoint(account.id, T0);
        await repos.endpoints.insert(e);
        assert.equal(await repos.endpoints.update(account.id, e.id, { status: 'disabled' }, T0 + 1), true);
        assert.deepEqual(await repos.endpoints.get(account.id, e.id), { ...e, status: 'disabled', updatedAt: T0 + 1 });
        assert.equal(await repos.endpoints.update(account.id, e.id, { url: 'https://new.example.com/', events: ['generated_video_failed'] }, T0 + 2), true);
        assert.deepEqual(await repos.endpoints.get(account.id, e.id), {
          ...e,
          status: 'disabled',
          url: 'https://new.example.com/',
          events: ['generated_video_failed'],
          updatedAt: T0 + 2,
        });
        assert.equal(await repos.endpoints.update(account.id, hexId(), { status: 'enabled' }, T0 + 3), false);
      });

      test('softDelete hides the endpoint from get, list, update and countLive but keeps the row', async () => {
        const account = await newAccount();
        const keep = endpoint(account.id, T0);
        const gone = endpoint(account.id, T0 + 1);
        await repos.endpoints.insert(keep);
        await repos.endpoints.insert(gone);
        assert.equal(await repos.endpoints.softDelete(account.id, gone.id, T0 + 5), true);
        assert.equal(await repos.endpoints.get(account.id, gone.id), undefined);
        assert.deepEqual(await repos.endpoints.list(account.id), [keep]);
        assert.equal(await repos.endpoints.countLive(account.id), 1);
        assert.equal(await repos.endpoints.update(account.id, gone.id, { status: 'disabled' }, T0 + 6), false);
        assert.equal(await repos.endpoints.softDelete(account.id, gone.id, T0 + 7), false, 'deleting twice reports nothing deleted');
        const raw = await db.kysely.selectFrom('webhook_endpoints').selectAll().where('id', '=', gone.id).executeTakeFirst();
        assert.equal(raw?.deleted_at, T0 + 5);
        assert.equal(raw?.status, 'enabled', 'the deleted row is not modified by the refused update');
      });

      test("another account's endpoint cannot be read, listed, counted, updated or deleted", async () => {
        const a = await newAccount();
        const b = await newAccount();
        const e = endpoint(a.id, T0);
        await repos.endpoints.insert(e);
        assert.equal(await repos.endpoints.get(b.id, e.id), undefined);
        assert.deepEqual(await repos.endpoints.list(b.id), []);
        assert.equal(await repos.endpoints.countLive(b.id), 0);
        assert.equal(await repos.endpoints.update(b.id, e.id, { url: 'https://evil.example.com/' }, T0 + 1), false);
        assert.equal(await repos.endpoints.softDelete(b.id, e.id, T0 + 1), false);
        assert.deepEqual(await repos.endpoints.get(a.id, e.id), e);
      });
    });

    describe('unitOfWork', () => {
      test('a transaction that throws midway leaves nothing behind', async () => {
        const username = uniqueName('rollback');
        const keyHash = hashApiKey(newApiKey());
        let accountId = '';
        const productId = hexId();
        const endpointId = hexId();
        await assert.rejects(
          uow(async (r) => {
            const account = await r.accounts.create({ username, email: null, nowMs: T0 });
            accountId = account.id;
            await r.accounts.addCredits(account.id, 10, 'grant', null, T0);
            await r.accounts.insertKey(account.id, keyHash, 'rs_xxxxx', T0);
            await r.products.insert(product(account.id, T0, { id: productId }));
            await r.videos.insert({ id: hexId(), accountId: account.id, productId, request: videoRequest(productId), title: 't', nowMs: T0 });
            await r.endpoints.insert(endpoint(account.id, T0, { id: endpointId }));
            // Inside the transaction the writes are visible.
            assert.equal((await r.accounts.findById(account.id))?.credits, 10);
            throw new Error('boom');
          }),
          /boom/,
        );
        assert.ok(accountId);
        assert.equal(await repos.accounts.findByUsername(username), undefined);
        assert.equal(await repos.accounts.findKeyOwner(keyHash), undefined);
        assert.equal(await repos.accounts.ledgerSum(accountId), 0);
        assert.equal(await repos.products.get(accountId, productId), undefined);
        assert.equal(await repos.videos.countByAccount(accountId), 0);
        assert.equal(await repos.endpoints.countLive(accountId), 0);
        const stray = await db.kysely.selectFrom('webhook_endpoints').select('id').where('id', '=', endpointId).execute();
        assert.deepEqual(stray, []);
      });

      test('a database error midway rolls back the earlier writes of the transaction', async () => {
        const account = await newAccount();
        const ref = hexId();
        await uow((r) => r.accounts.addCredits(account.id, 3, 'refund', ref, T0));
        await assert.rejects(
          uow(async (r) => {
            await r.accounts.addCredits(account.id, 4, 'grant', null, T0 + 1);
            await r.products.insert(product(account.id, T0 + 1, { name: 'should vanish' }));
            await r.accounts.addCredits(account.id, 1, 'refund', ref, T0 + 2); // unique (reason, ref) violation
          }),
        );
        assert.equal((await repos.accounts.findById(account.id))?.credits, 3);
        assert.equal(await repos.accounts.ledgerSum(account.id), 3);
        assert.deepEqual(await repos.products.list(account.id, 10, 0), []);
      });

      test('a committed transaction returns its value and keeps its writes', async () => {
        const username = uniqueName('commit');
        const id = await uow(async (r) => {
          const account = await r.accounts.create({ username, email: 'c@example.com', nowMs: T0 });
          await r.accounts.addCredits(account.id, 2, 'grant', null, T0);
          return account.id;
        });
        const row = await repos.accounts.findByUsername(username);
        assert.equal(row?.id, id);
        assert.equal(row?.credits, 2);
      });
    });

    describe('timestamps', () => {
      test('bigint timestamps come back as numbers on every table', async () => {
        const account = await newAccount(T0 + 42);
        const p = product(account.id, T0 + 43);
        await repos.products.insert(p);
        const e = endpoint(account.id, T0 + 44);
        await repos.endpoints.insert(e);
        await repos.endpoints.softDelete(account.id, e.id, T0 + 45);
        const rows = {
          account: await db.kysely.selectFrom('accounts').select(['created_at', 'updated_at']).where('id', '=', account.id).executeTakeFirstOrThrow(),
          product: await db.kysely.selectFrom('products').select(['created_at', 'updated_at']).where('id', '=', p.id).executeTakeFirstOrThrow(),
          endpoint: await db.kysely.selectFrom('webhook_endpoints').select(['created_at', 'deleted_at']).where('id', '=', e.id).executeTakeFirstOrThrow(),
        };
        assert.deepEqual(rows, {
          account: { created_at: T0 + 42, updated_at: T0 + 42 },
          product: { created_at: T0 + 43, updated_at: T0 + 43 },
          endpoint: { created_at: T0 + 44, deleted_at: T0 + 45 },
        });
        for (const r of Object.values(rows)) for (const v of Object.values(r)) assert.equal(typeof v, 'number');
      });
    });
  });
}
