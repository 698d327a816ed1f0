import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Migrator, sql, type Kysely } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { hexId } from '../src/lib/ids.ts';
import { creditsFor, eventKindsFor, videoKind } from '../src/videos/kinds/index.ts';
import { VideoRepository } from '../src/videos/video.repository.ts';
import { onEveryBackendUnmigrated } from './support/db.ts';

describe('video kinds: the shared rules', () => {
  it('credits: 1 per started 2 minutes of output, at least 1; free kinds none', () => {
    const paid = { free: false };
    assert.deepEqual([1, 15, 60, 119.9, 120, 120.5, 239, 240, 241, 600].map((s) => creditsFor(paid, s)), [1, 1, 1, 1, 1, 2, 2, 2, 3, 5]);
    assert.equal(creditsFor({ free: true }, 600), 0);
  });

  it('events: v1 generated_video_* plus the v2 family of the kind', () => {
    assert.deepEqual(eventKindsFor(videoKind('product'), 'success'), ['generated_video_success', 'generated_product_video_success']);
    assert.deepEqual(eventKindsFor(videoKind('product'), 'failed'), ['generated_video_failed', 'generated_product_video_failed']);
    assert.deepEqual(eventKindsFor({ eventFamily: null, v1Events: false }, 'success'), []);
    assert.throws(() => videoKind('hologram'), /unknown video kind "hologram"/);
  });
});

/** Migrates a fresh database to 004, writes a product video the old way, then migrates to the latest. */
async function migrationKeepsVideos(db: Db): Promise<void> {
  const k = db.kysely as unknown as Kysely<any>;
  const migrator = new Migrator({ db: k, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true, ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}) });
  const before = await migrator.migrateTo('004_storage');
  assert.equal(before.error, undefined);
  const account = hexId();
  const product = hexId();
  const video = hexId();
  await k.insertInto('accounts').values({ id: account, username: `u${account}`, credits: 3, status: 'active', created_at: 1, updated_at: 1 }).execute();
  await k.insertInto('products').values({ id: product, account_id: account, name: 'Old', description: 'd', created_at: 1, updated_at: 1 }).execute();
  await k
    .insertInto('videos')
    .values({ id: video, account_id: account, product_id: product, request: '{"product_id":"x"}', title: 'Old video', status: 4, video_url: 'https://h/v.mp4', duration: 15.5, warnings: '["w"]', storage_bytes: 1234, file_token: 'tok', created_at: 5, updated_at: 6 })
    .execute();
  // A column another branch's migration may add before 006 (e.g. 005) survives the SQLite rebuild.
  await sql`alter table videos add column extra_from_elsewhere text`.execute(k);
  await sql`update videos set extra_from_elsewhere = 'kept'`.execute(k);
  const after = await migrator.migrateToLatest();
  assert.equal(after.error, undefined);

  const repo = new VideoRepository(db.kysely);
  const old = await repo.get(account, video);
  assert.ok(old);
  assert.equal(old.kind, 'product');
  assert.equal(old.productId, product);
  assert.equal(old.credits, 1);
  assert.deepEqual([old.title, old.status, old.videoKey, old.duration, old.warnings, old.storageBytes, old.fileToken, old.createdAt], ['Old video', 4, 'https://h/v.mp4', 15.5, ['w'], 1234, 'tok', 5]);
  const extra = await sql<{ extra_from_elsewhere: string }>`select extra_from_elsewhere from videos where id = ${video}`.execute(k);
  assert.equal(extra.rows[0]?.extra_from_elsewhere, 'kept');
  // A kind without a product: product_id null is allowed now; the foreign key still holds for others.
  const avatar = hexId();
  await repo.insert({ id: avatar, accountId: account, kind: 'avatar', productId: null, request: { script: 'hi' }, credits: 2, title: 'Talk', nowMs: 10 });
  const got = await repo.get(account, avatar);
  assert.deepEqual([got?.kind, got?.productId, got?.credits, got?.request], ['avatar', null, 2, { script: 'hi' }]);
  await assert.rejects(repo.insert({ id: hexId(), accountId: account, productId: hexId(), request: {}, title: 't', nowMs: 11 }));
  // The indexes came back.
  const names = db.dialect === 'sqlite'
    ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'videos'`.execute(k)).rows.map((r) => r.name)
    : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'videos' and schemaname = ${db.pgSchema}`.execute(k)).rows.map((r) => r.name);
  for (const n of ['videos_account_created', 'videos_status', 'videos_product_status', 'videos_kind']) assert.ok(names.includes(n), `index ${n} in ${names.join(', ')}`);
}

describe('migration 006 (video kinds) keeps every video', () => {
  onEveryBackendUnmigrated(it, migrationKeepsVideos);
});
