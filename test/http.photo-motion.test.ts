import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it as test } from 'node:test';
import { hexId } from '../src/lib/ids.ts';
import { freePort, spawnReelsmith, until, waitHttp, type Proc } from './support/child-process.ts';
import { apiClient, createTestDatabase, type TestDatabase } from './support/cluster.ts';
import { backends, type TestDb } from './support/db.ts';
import { startServer, success as data, type TestServer } from './support/server.ts';
import { noFacePhoto, portraitPhoto, twoFacesPhoto } from './support/face-photos.ts';

/** add_motion over HTTP, on SQLite and (with DATABASE_URL) PostgreSQL: a photo presenter from a portrait on loopback, refusals, a candidate. */
for (const backend of backends) describe(`photo avatars: add_motion (${backend.name})`, () => {
  let testDb: TestDb | undefined;
  let s: TestServer;
  let key: string;
  let other: string;
  let photos: http.Server;
  let base: string;
  before(async () => {
    testDb = await backend.open();
    if (!testDb) return;
    const files: Record<string, Buffer> = { '/portrait.jpg': await portraitPhoto(), '/two.jpg': await twoFacesPhoto(), '/landscape.jpg': await noFacePhoto(), '/page.html': Buffer.from('<html>hi</html>') };
    photos = http.createServer((req, res) => {
      const body = files[req.url ?? ''];
      if (body) res.writeHead(200, { 'content-type': req.url!.endsWith('.html') ? 'text/html' : 'image/jpeg' }).end(body);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => photos.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
    s = await startServer({ testDb, env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1', ALLOW_PRIVATE_URLS: '1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 5 }));
    ({ apiKey: other } = await s.account({ credits: 5 }));
  });
  after(async () => {
    await s?.close();
    photos?.close();
    await testDb?.dispose();
  });
  const it = (name: string, fn: () => Promise<void>) =>
    test(name, async (t) => {
      if (!testDb) return t.skip(`${backend.name} is not configured (set DATABASE_URL to a postgres:// URL to run it)`);
      await fn();
    });
  const events = async (kind: string) =>
    (await s.running.db.kysely.selectFrom('events').selectAll().where('kind', '=', kind).execute()).map((e) => JSON.parse(e.payload));
  const addMotion = async (body: object, as = key) => {
    const t0 = Date.now();
    const made = data(await s.call('POST', '/v1/photo_avatar/add_motion', { key: as, body }));
    for (;;) {
      const m = data(await s.call('GET', `/v1/photo_avatar?motion_id=${made.motion_id}`, { key: as }));
      if (m.status !== 'pending') return { made, m, seconds: (Date.now() - t0) / 1000 };
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('a portrait photo becomes a ready photo presenter: cover, listed, events; another account gets 10104', async () => {
    const { made, m, seconds } = await addMotion({ image_url: `${base}/portrait.jpg`, name: 'Ruby', model: '2.0', welcome_msg: 'Hello there!' });
    console.log(`add_motion → completed: ${seconds.toFixed(2)} s (face worker cold start included)`);
    assert.equal(m.status, 'completed', JSON.stringify(m));
    assert.equal(m.avatar_id, made.avatar_id);
    assert.equal(made.name, 'Ruby');
    assert.match(m.image_url, /\/files\/avatars\/a-[0-9a-f]{32}\/photo\.jpg$/);
    // The talking preview: an MP4 of the welcome line, a second or more.
    assert.match(m.motion_preview_url, /\/files\/avatars\/a-[0-9a-f]{32}\/preview\.mp4$/);
    const preview = await fetch(m.motion_preview_url.replace(s.config.publicBaseUrl, s.baseUrl));
    assert.equal(preview.status, 200);
    const mp4 = Buffer.from(await preview.arrayBuffer());
    assert.equal(mp4.subarray(4, 8).toString(), 'ftyp');
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,width,height,duration', '-of', 'json', '-i', 'pipe:0'], { input: mp4 });
    const streams = JSON.parse(probe.stdout.toString()).streams as Array<{ codec_type: string; width?: number; duration?: string }>;
    assert.deepEqual(streams.map((x) => x.codec_type).sort(), ['audio', 'video']);
    assert.ok(Number(streams.find((x) => x.codec_type === 'video')!.duration) >= 1.5, JSON.stringify(streams));
    const list = data(await s.call('GET', '/v1/avatars/photo_avatars', { key })).avatars;
    const row = list.find((a: any) => a.avatar_id === made.avatar_id);
    assert.equal(row?.status, 1);
    assert.equal(row?.kind, 'photo');
    // No gender asked for: face-api's confident guess (a woman in her late twenties) is recorded, and picks the default voice.
    assert.equal(row?.gender, 'Female', JSON.stringify(row));
    assert.ok(Number(row?.age) >= 20 && Number(row?.age) < 45, JSON.stringify(row));
    const cover = await fetch(row.cover_url.replace(s.config.publicBaseUrl, s.baseUrl));
    assert.equal(cover.status, 200);
    assert.equal(cover.headers.get('content-type'), 'image/png');
    const ready = await s.running.services.customAvatars.ready((await s.running.services.auth.authenticate(key))!.accountId, made.avatar_id);
    assert.equal(ready?.kind, 'photo');
    assert.ok((await events('generated_motion_success')).some((e) => e.data.motion_id === made.motion_id));
    assert.ok((await events('generated_photo_avatar_success')).some((e) => e.data.avatar_id === made.avatar_id && e.data.status === 1));
    // The v2 path answers the same (error_msg is v2's field).
    assert.deepEqual(data(await s.call('GET', `/v2/photo_avatar?motion_id=${made.motion_id}`, { key })), m);
    const theirs = await s.call('GET', `/v1/photo_avatar?motion_id=${made.motion_id}`, { key: other });
    assert.equal(theirs.body.code, 10104, JSON.stringify(theirs.body));
  });

  it('takes an uploaded photo (asset id from POST /v1/upload/asset) and reads it in place', async () => {
    const ticket = data(await s.call('POST', '/v1/upload/asset', { key, body: { filename: 'me.jpg' } }));
    const u = new URL(ticket.sign_url);
    const put = await fetch(s.baseUrl + u.pathname + u.search, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: (await portraitPhoto()) as unknown as BodyInit });
    assert.equal(put.status, 200, await put.text());
    const { m } = await addMotion({ image_url: ticket.asset_id, name: 'Uploaded' });
    assert.equal(m.status, 'completed', JSON.stringify(m));
    // Another account cannot use it: 40000 naming image_url.
    const r = await s.call('POST', '/v1/photo_avatar/add_motion', { key: other, body: { image_url: ticket.asset_id, name: 'Not mine' } });
    assert.equal(r.body.code, 40000, JSON.stringify(r.body));
    assert.match(r.body.msg, /image_url/);
  });

  it('refuses a landscape with no face, two faces and a page that is not a photo: status error, fail_msg, generated_motion_failed', async () => {
    for (const [file, reason] of [['landscape.jpg', /no face/], ['two.jpg', /2 faces/], ['page.html', /not a photo/], ['missing.jpg', /could not be fetched/]] as const) {
      const { made, m } = await addMotion({ image_url: `${base}/${file}`, name: file });
      assert.equal(m.status, 'error', file);
      assert.match(m.error_msg, reason);
      const row = data(await s.call('GET', '/v1/avatars/photo_avatars', { key })).avatars.find((a: any) => a.avatar_id === made.avatar_id);
      assert.equal(row.status, 2);
      assert.match(row.fail_msg, reason);
      const ev = (await events('generated_motion_failed')).find((e) => e.data.motion_id === made.motion_id);
      assert.match(ev?.data.error, reason);
    }
  });

  it('a generated candidate becomes a drawn custom avatar at once', async () => {
    const { photo_id } = data(await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { age: 'Adult', gender: 'Female', avatar_style: 'Social' } }));
    let g;
    do {
      await new Promise((r) => setTimeout(r, 50));
      g = data(await s.call('GET', `/v1/photo_avatar/generation?photo_id=${photo_id}`, { key }));
    } while (g.status === 'in_progress');
    assert.equal(g.status, 'success');
    const { made, m } = await addMotion({ image_url: g.image_url_list[1], name: 'Cand', photo_id });
    assert.equal(m.status, 'completed');
    const row = data(await s.call('GET', '/v1/avatars/custom', { key })).avatars.find((a: any) => a.avatar_id === made.avatar_id);
    assert.equal(row.kind, 'drawn');
    assert.equal(row.status, 1);
    // Its talking preview follows, announced with the success events.
    await s.running.services.photoMotions.idle();
    const done = data(await s.call('GET', `/v1/photo_avatar?motion_id=${made.motion_id}`, { key }));
    assert.match(done.motion_preview_url, /\/files\/avatars\/a-[0-9a-f]{32}\/preview\.mp4$/);
    const ev = (await events('generated_motion_success')).find((e) => e.data.motion_id === made.motion_id);
    assert.equal(ev?.data.motion_url, done.motion_preview_url);
    assert.equal(ev?.data.photo_url, g.image_url_list[1]);
  });

  it('add_motion is a queued job: a motion whose worker stopped is resumed by another, and its files count in the quota', async () => {
    const accountId = (await s.running.services.auth.authenticate(key))!.accountId;
    const usedBefore = (await s.running.services.storage.usage(accountId)).usedBytes;
    // What a process that stopped mid-motion leaves: the avatar processing, its job running under a lease that ran out.
    const a = await s.running.services.customAvatars.create(accountId, {
      name: 'Orphan', kind: 'photo', style: 'Photo', gender: '', age: '', motionId: 'orphan-motion',
      motionRequest: { imageUrl: `${base}/portrait.jpg`, asset: null, line: 'Back again.' },
    });
    const now = Date.now();
    await s.running.db.kysely.insertInto('jobs').values({
      id: 'orphan-motion', kind: 'photo_motion', account_id: accountId, status: 'running', attempts: 1, max_attempts: 3, run_at: now - 60_000,
      lease_owner: 'stopped-host:1:serve:dead', lease_expires_at: now - 1, stage: '', last_error: null, created_at: now - 60_000, updated_at: now - 60_000,
    }).execute();
    s.running.services.signals.jobEnqueued('orphan-motion', 1, 0);
    let m;
    for (const until = Date.now() + 120_000; ; ) {
      m = data(await s.call('GET', '/v1/photo_avatar?motion_id=orphan-motion', { key }));
      if (m.status !== 'pending' || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(m.status, 'completed', JSON.stringify(m));
    assert.match(m.motion_preview_url, /\/files\/avatars\/a-[0-9a-f]{32}\/preview\.mp4$/);
    assert.ok((await events('generated_motion_success')).some((e) => e.data.motion_id === 'orphan-motion'));
    const job = await s.running.db.kysely.selectFrom('jobs').selectAll().where('id', '=', 'orphan-motion').executeTakeFirstOrThrow();
    assert.equal(job.status, 'succeeded');
    assert.equal(Number(job.attempts), 2, 'claimed again after the lease ran out');
    const row = await s.running.db.kysely.selectFrom('custom_avatars').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    assert.equal(row.motion_request, null);
    assert.ok(Number(row.storage_bytes) > 10_000, `photo, rig, cover and preview bytes recorded: ${row.storage_bytes}`);
    const usedAfter = (await s.running.services.storage.usage(accountId)).usedBytes;
    assert.equal(usedAfter - usedBefore, Number(row.storage_bytes), 'the avatar files count in the account usage');
  });

  it('bad input is a 40000 naming the field', async () => {
    for (const [body, field] of [[{ name: 'x' }, /image_url/], [{ image_url: 'ftp://a/b.jpg', name: 'x' }, /image_url/], [{ image_url: `${base}/portrait.jpg` }, /name/], [{ image_url: `${base}/portrait.jpg`, name: 'x', model: '9' }, /model/]] as const) {
      const r = await s.call('POST', '/v1/photo_avatar/add_motion', { key, body });
      assert.equal(r.body.code, 40000, JSON.stringify(r.body));
      assert.match(r.body.msg, field);
    }
    const r = await s.call('POST', '/v1/photo_avatar/add_motion', { key, body: { image_url: `${base}/portrait.jpg`, name: 'x', voice_id: 'no-such-voice' } });
    assert.equal(r.body.code, 10104, JSON.stringify(r.body));
    assert.match(r.body.msg, /voice_id/);
  });
});

/**
 * Issue 28 loose end 5: add_motion is a queued job like every other, so `serve --no-worker` only
 * accepts it and a `reelsmith worker` process (PostgreSQL + BullMQ) makes the presenter.
 */
describe('add_motion with `serve --no-worker` and a worker process (PostgreSQL + BullMQ)', { timeout: 600_000 }, () => {
  const DATABASE_URL = process.env.DATABASE_URL;
  const REDIS_URL = process.env.REDIS_URL;
  let testDb: TestDatabase | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-motion-roles-'));
  const procs: Proc[] = [];
  let photos: http.Server | undefined;
  let env: Record<string, string> = {};
  before(async () => {
    if (!DATABASE_URL?.startsWith('postgres') || !REDIS_URL) return;
    testDb = await createTestDatabase(DATABASE_URL);
    env = { DATA_DIR: dataDir, DATABASE_URL: testDb.url, REDIS_URL, QUEUE_PREFIX: `motion-${hexId().slice(0, 8)}`, ALLOW_PRIVATE_URLS: '1', RATE_LIMIT_POST_PER_MINUTE: '10000' };
    const portrait = await portraitPhoto();
    photos = http.createServer((req, res) => (req.url === '/portrait.jpg' ? res.writeHead(200, { 'content-type': 'image/jpeg' }).end(portrait) : res.writeHead(404).end()));
    await new Promise<void>((r) => photos!.listen(0, '127.0.0.1', r));
  });
  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    photos?.close();
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the web process queues it, the worker process makes it', { timeout: 560_000 }, async (t) => {
    if (!testDb) return t.skip('needs DATABASE_URL (postgres) and REDIS_URL');
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const serve = spawnReelsmith(['serve', '--no-worker'], { ...env, PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN: 'motion-admin-token' });
    procs.push(serve);
    await waitHttp(baseUrl, serve, 120_000).catch((err) => assert.fail(`${(err as Error).message}\n${serve.log()}`));
    const created = await fetch(`${baseUrl}/admin/accounts`, { method: 'POST', headers: { 'x-admin-token': 'motion-admin-token', 'content-type': 'application/json' }, body: JSON.stringify({ username: 'mover', credits: 3 }) });
    const { api_key: key } = ((await created.json()) as { data: { api_key: string } }).data;
    const api = apiClient(baseUrl, key);
    const made = await api('POST', '/v1/photo_avatar/add_motion', { image_url: `http://127.0.0.1:${(photos!.address() as AddressInfo).port}/portrait.jpg`, name: 'Queued' });
    // No worker yet: it waits as a queued job.
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal((await api('GET', `/v1/photo_avatar?motion_id=${made.motion_id}`)).status, 'pending');
    assert.equal((await testDb.db.query(`SELECT status FROM jobs WHERE id = $1 AND kind = 'photo_motion'`, [made.motion_id])).rows[0]?.status, 'queued');
    const worker = spawnReelsmith(['worker'], env);
    procs.push(worker);
    const m = await until(async () => {
      const now = await api('GET', `/v1/photo_avatar?motion_id=${made.motion_id}`);
      return now.status === 'pending' ? undefined : now;
    }, 400_000, 'the worker making the motion', 250).catch((err: Error) => assert.fail(`${err.message}\n${worker.log()}`));
    assert.equal(m.status, 'completed', JSON.stringify(m));
    const job = (await testDb.db.query(`SELECT status, lease_owner FROM jobs WHERE id = $1`, [made.motion_id])).rows[0];
    assert.equal(job.status, 'succeeded');
  });
});
