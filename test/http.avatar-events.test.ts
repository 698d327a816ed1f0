import assert from 'node:assert/strict';
import { after, before, describe, it as test } from 'node:test';
import { backends, type TestDb } from './support/db.ts';
import { startServer, success as data, type TestServer } from './support/server.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

/**
 * Issue 28, loose end 1: v1 endpoints accept the event names the vendor's v1 clients offer (the n8n
 * node's trigger sends `{url, events: [create_avatar_success], status: "enabled"}`), and custom
 * avatars deliver create_avatar_success / create_avatar_failed to v1 and v2 subscribers, recorded
 * in the same transaction as the avatar's final state. SQLite and (with DATABASE_URL) PostgreSQL.
 */
for (const backend of backends) describe(`custom avatars: create_avatar_* events (${backend.name})`, () => {
  let testDb: TestDb | undefined;
  let s: TestServer;
  let key: string;
  let receiver: Receiver;
  before(async () => {
    testDb = await backend.open();
    if (!testDb) return;
    receiver = await startReceiver();
    s = await startServer({ testDb, env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1', ALLOW_PRIVATE_URLS: '1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 5 }));
  });
  after(async () => {
    await s?.close();
    await receiver?.close();
    await testDb?.dispose();
  });
  const it = (name: string, fn: () => Promise<void>) =>
    test(name, async (t) => {
      if (!testDb) return t.skip(`${backend.name} is not configured (set DATABASE_URL to a postgres:// URL to run it)`);
      await fn();
    });
  const accountId = async () => (await s.running.services.auth.authenticate(key))!.accountId;

  it('v1 endpoints (both spellings) take every event name the n8n trigger offers; v1 still refuses v2-only kinds', async () => {
    for (const root of ['/v1', '/v1/webhook']) {
      for (const event of ['generated_video_success', 'generated_video_failed', 'create_avatar_success', 'create_avatar_failed']) {
        const r = await s.call('POST', `${root}/endpoint`, { key, body: { url: receiver.url(`/n8n-${event}`), events: [event], status: 'enabled' } });
        assert.equal(r.body.code, 0, JSON.stringify(r.body));
        assert.deepEqual(r.body.data.events, [event]);
        await s.call('DELETE', `${root}/endpoint/${r.body.data.endpoint_id}`, { key });
      }
    }
    const listed = data(await s.call('GET', '/v1/events', { key }));
    assert.ok(JSON.stringify(listed).includes('create_avatar_failed'), JSON.stringify(listed));
    const refused = await s.call('POST', '/v1/endpoint', { key, body: { url: receiver.url('/x'), events: ['generated_motion_success'] } });
    assert.equal(refused.body.code, 40000);
  });

  it('a drawn avatar (add_motion of a candidate) delivers create_avatar_success to v1 and v2 subscribers; a failed photo avatar create_avatar_failed', async () => {
    const v1 = data(await s.call('POST', '/v1/endpoint', { key, body: { url: receiver.url('/v1'), events: ['create_avatar_success', 'create_avatar_failed'], status: 'enabled' } }));
    const v2 = data(await s.call('POST', '/v2/endpoint', { key, body: { url: receiver.url('/v2'), events: ['create_avatar_success'], status: 'enabled' } }));
    assert.ok(v1.endpoint_id && v2.endpoint_id);

    const { photo_id } = data(await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { age: 'Adult', gender: 'Male', avatar_style: 'Professional' } }));
    let g;
    do {
      await new Promise((r) => setTimeout(r, 50));
      g = data(await s.call('GET', `/v1/photo_avatar/generation?photo_id=${photo_id}`, { key }));
    } while (g.status === 'in_progress');
    assert.equal(g.status, 'success');
    const made = data(await s.call('POST', '/v1/photo_avatar/add_motion', { key, body: { image_url: g.image_url_list[0], name: 'Drawn', photo_id } }));
    await s.running.services.photoMotions.idle();
    const m = data(await s.call('GET', `/v1/photo_avatar?motion_id=${made.motion_id}`, { key }));
    const cover = data(await s.call('GET', '/v1/avatars/custom', { key })).avatars.find((a: any) => a.avatar_id === made.avatar_id).cover_url;

    const isOk = (r: { json: any }) => r.json?.event === 'create_avatar_success' && r.json.data.avatar_id === made.avatar_id;
    await receiver.waitFor((rs) => rs.some((r) => r.path === '/v1' && isOk(r)) && rs.some((r) => r.path === '/v2' && isOk(r)), 15_000, 'create_avatar_success on both endpoints');
    for (const path of ['/v1', '/v2']) {
      const got = receiver.on(path).filter(isOk);
      assert.equal(got.length, 1, `${path}: one delivery`);
      assert.equal(got[0]!.headers['x-webhook-event'], 'create_avatar_success');
      assert.deepEqual(got[0]!.json.data, { avatar_id: made.avatar_id, status: 1, preview_url: m.motion_preview_url, cover_url: cover });
    }
    assert.match(m.motion_preview_url, /preview\.mp4$/);
    // Only the kinds subscribed: the v1 endpoint got no motion or photo-avatar events.
    assert.ok(receiver.on('/v1').every((r) => String(r.json?.event).startsWith('create_avatar_')));

    const bad = data(await s.call('POST', '/v1/photo_avatar/add_motion', { key, body: { image_url: `${receiver.url('/missing.jpg')}`, name: 'Nobody' } }));
    await s.running.services.photoMotions.idle();
    const isFailed = (r: { json: any }) => r.json?.event === 'create_avatar_failed' && r.json.data.avatar_id === bad.avatar_id;
    await receiver.waitFor((rs) => rs.some((r) => r.path === '/v1' && isFailed(r)), 15_000, 'create_avatar_failed on the v1 endpoint');
    const failed = receiver.on('/v1').find(isFailed)!;
    assert.deepEqual(Object.keys(failed.json.data).sort(), ['avatar_id', 'error']);
    assert.match(failed.json.data.error, /could not be fetched|not a photo/);
    assert.ok(!receiver.on('/v2').some(isFailed), 'the v2 endpoint did not subscribe to create_avatar_failed');
    const row = data(await s.call('GET', '/v1/avatars/photo_avatars', { key })).avatars.find((a: any) => a.avatar_id === bad.avatar_id);
    assert.equal(row.status, 2);
    assert.equal(row.fail_msg, failed.json.data.error);
  });

  it('the avatar state and its create_avatar_* event commit together: when the events cannot be written, the avatar stays as it was', async () => {
    const outcomes = s.running.services.avatarOutcomes;
    const a = await s.running.services.customAvatars.create(await accountId(), { name: 'Atomic', kind: 'photo', style: 'Photo', gender: '', age: '', motionId: 'atomic-motion' });
    const kysely = s.running.db.kysely;
    const existing = await kysely.selectFrom('events').select(['id', 'payload', 'kind', 'account_id', 'created_at']).executeTakeFirstOrThrow();
    // An event whose id is already taken: the outbox insert fails inside the transaction.
    const clash = { id: existing.id, accountId: existing.account_id, kind: existing.kind, subjectId: null, payload: existing.payload, createdAt: Number(existing.created_at) };
    await assert.rejects(outcomes.ready({ id: a.id, accountId: a.accountId, coverKey: 'avatars/a-x/cover.png' }, { coverKey: 'avatars/a-x/cover.png' }, [clash]));
    const still = await s.running.services.customAvatars.get(a.accountId, a.id);
    assert.equal(still.status, 0, 'no ready avatar without its event');
    assert.equal(still.coverKey, null);
    assert.equal((await kysely.selectFrom('events').select('id').where('kind', '=', 'create_avatar_success').where('subject_id', '=', String(a.id)).execute()).length, 0);

    await outcomes.failed({ id: a.id, accountId: a.accountId }, 'the video shows no face');
    const failed = await s.running.services.customAvatars.get(a.accountId, a.id);
    assert.equal(failed.status, 2);
    assert.equal(failed.failMsg, 'the video shows no face');
    const ev = await kysely.selectFrom('events').select('payload').where('kind', '=', 'create_avatar_failed').where('subject_id', '=', String(a.id)).execute();
    assert.equal(ev.length, 1);
    assert.deepEqual(JSON.parse(ev[0]!.payload).data, { avatar_id: a.id, error: 'the video shows no face' });
  });
});
