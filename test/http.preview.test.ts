import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { businessError, startServer, type CallResult, type TestServer, success } from './support/server.ts';

/**
 * POST /v1/preview through a real server and database, videos made by the ffmpeg test generator
 * (the draft render itself is tested in e2e.preview.test.ts and render.profile.test.ts).
 */
const HEX32 = /^[0-9a-f]{32}$/;

describe('POST /v1/preview', () => {
  let s: TestServer;
  let key: string;
  let username: string;
  let productId: string;

  const body = (o: Record<string, unknown> = {}) => ({
    product_id: productId,
    aspect_ratio: 0,
    video_length: '15',
    language: 'english',
    avatar_id: 2,
    avatar_type: 0,
    script_style: 'Discovery',
    template_type: 'public',
    caption: true,
    ...o,
  });
  const quota = async (k = key) => success(await s.call('GET', '/v2/user/remaining_quota', { key: k })).remaining_quota as number;
  const principal = async (name: string) => {
    const a = await s.running.db.kysely.selectFrom('accounts').select(['id', 'username', 'email']).where('username', '=', name).executeTakeFirstOrThrow();
    return { accountId: a.id, username: a.username, email: a.email };
  };
  const row = (id: string) => s.running.db.kysely.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function finished(id: string, k = key): Promise<any> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const p = success(await s.call('GET', `/v1/project?project_id=${id}`, { key: k }));
      if (p.status_code === 4 || p.status_code === 5) return p;
      assert.ok(Date.now() < deadline, `still status ${p.status_code}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  before(async () => {
    s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg' } });
    s.running.startBackground();
    ({ apiKey: key, username } = await s.account({ credits: 3 }));
    productId = success(await s.call('POST', '/v1/product', { key, body: { name: 'Lumen Glow Serum', description: 'A vitamin C serum that brightens tired skin.' } })).product_id;
  });
  after(() => s?.close());

  it('answers a project_id that GET /v1/project follows to status 4, and takes no credit', async () => {
    const before = await quota();
    const { project_id } = success(await s.call('POST', '/v1/preview', { key, body: body() }));
    assert.match(project_id, HEX32);
    const p = await finished(project_id);
    assert.equal(p.status_code, 4, JSON.stringify(p));
    assert.equal(p.title, 'Lumen Glow Serum');
    assert.ok(p.video_url.endsWith('.mp4') && p.cover_url.endsWith('.jpg'));
    assert.equal(await quota(), before);
    const r = await row(project_id);
    assert.deepEqual([r.kind, r.credits, r.product_id], ['preview', 0, productId]);
  });

  it('is listed with the videos (one id space) and works with no credit left', async () => {
    const { apiKey: broke } = await s.account({ credits: 0 });
    const pid = success(await s.call('POST', '/v1/product', { key: broke, body: { name: 'Trail Bottle', description: 'Keeps water cold all day.' } })).product_id;
    businessError(await s.call('POST', '/v1/create_video_from_url', { key: broke, body: body({ product_id: pid }) }), 18020);
    const { project_id } = success(await s.call('POST', '/v1/preview', { key: broke, body: body({ product_id: pid }) }));
    const list = success(await s.call('GET', '/v1/projects', { key: broke }));
    assert.deepEqual(list.projects.map((x: any) => x.id), [project_id]);
    assert.equal((await finished(project_id, broke)).status_code, 4);
  });

  it('stores what a full video needs to repeat it: the request with the voice resolved, no music, the script once written', async () => {
    const { project_id } = success(await s.call('POST', '/v1/preview', { key, body: body({ language: 'german', voice_id: '' }) }));
    const stored = JSON.parse((await row(project_id)).request);
    assert.equal(stored.product_id, productId);
    assert.equal(stored.script_style, 'Discovery');
    assert.equal(stored.music_id, null);
    assert.equal(typeof stored.voice_id, 'string', 'the default voice is resolved at acceptance and kept');
    assert.match(stored.voice_id, /^de/i, `a German voice, got ${stored.voice_id}`);
    const p = await finished(project_id);
    assert.ok(p.script.length > 0, 'the script text is kept with the preview');
  });

  it("the full video of a preview (v2 render_single_preview's core): the preview's request seeded with its id, music and name from the caller, 1 credit; 10104 for what is not the account's preview", async () => {
    const previewId = success(await s.call('POST', '/v1/preview', { key, body: body({ voice_id: '' }) })).project_id;
    const tracks = success(await s.call('GET', '/v1/musics', { key })).musics;
    const before = await quota();
    const { project_id } = await s.running.services.videos.fromPreview(await principal(username), previewId, { music_id: tracks[0].id, video_name: 'Launch cut' });
    const full = await row(project_id);
    const [p, f] = [JSON.parse((await row(previewId)).request), JSON.parse(full.request)];
    assert.deepEqual([full.kind, full.credits, full.title], ['product', 1, 'Launch cut']);
    assert.equal(f.script_seed, previewId);
    assert.equal(f.music_id, tracks[0].id);
    assert.deepEqual({ ...f, script_seed: undefined, music_id: undefined, video_name: undefined }, { ...p, script_seed: undefined, music_id: undefined, video_name: undefined });
    assert.equal(await quota(), before - 1);
    await assert.rejects(s.running.services.videos.fromPreview(await principal(username), project_id), /preview_id/, 'a product video is not a preview');
    const other = await s.account({ credits: 3 });
    await assert.rejects(s.running.services.videos.fromPreview(await principal(other.username), previewId), /preview_id/, "another account's preview");
  });

  it('accepts music_id and video_name and does not use them, saying so in warnings', async () => {
    const tracks = success(await s.call('GET', '/v1/musics', { key })).musics;
    const res = await s.call('POST', '/v1/preview', { key, body: body({ music_id: tracks[0].id, video_name: 'Summer cut' }) });
    const { project_id } = success(res);
    assert.ok(res.body.warnings.some((w: string) => w.startsWith(`music_id ${tracks[0].id} is not used`)), JSON.stringify(res.body.warnings));
    assert.ok(res.body.warnings.some((w: string) => w.startsWith('video_name is not used')));
    const stored = JSON.parse((await row(project_id)).request);
    assert.deepEqual([stored.music_id, stored.video_name], [null, null]);
    assert.equal((await row(project_id)).title, 'Lumen Glow Serum');
    // Empty values (what n8n sends for unset fields) are not worth a warning.
    const quiet = await s.call('POST', '/v1/preview', { key, body: body({ music_id: '', video_name: '' }) });
    success(quiet);
    assert.equal(quiet.body.warnings, undefined);
  });

  it('validates like create_video_from_url: 40000 naming the field, 10104 for unknown references', async () => {
    assert.match(businessError(await s.call('POST', '/v1/preview', { key, body: body({ product_id: undefined }) }), 40000), /product_id/);
    assert.match(businessError(await s.call('POST', '/v1/preview', { key, body: body({ aspect_ratio: 5 }) }), 40000), /aspect_ratio must be one of 0 \(portrait 9:16\)/);
    assert.match(businessError(await s.call('POST', '/v1/preview', { key, body: body({ video_length: '45' }) }), 40000), /video_length/);
    assert.match(businessError(await s.call('POST', '/v1/preview', { key, body: body({ music_id: 'loud' }) }), 40000), /music_id/);
    assert.match(businessError(await s.call('POST', '/v1/preview', { key, body: body({ product_id: 'nope' }) }), 10104), /product_id nope/);
    assert.match(businessError(await s.call('POST', '/v1/preview', { key, body: body({ avatar_id: 999 }) }), 10104), /avatar_id 999/);
    assert.match(businessError(await s.call('POST', '/v1/preview', { key, body: body({ template_id: 77 }) }), 10104), /template_id 77/);
    businessError(await s.call('POST', '/v1/preview', { body: body() }), 10105);
  });

  it('fires no webhook events, success or failure, and a failed preview refunds nothing', async () => {
    const hook = success(await s.call('POST', '/v1/endpoint', { key, body: { url: 'https://hooks.example.com/x', events: ['generated_video_success', 'generated_video_failed'] } }));
    assert.ok(hook.endpoint_id);
    const failing = success(await s.call('POST', '/v1/product', { key, body: { name: 'Broken [fail-permanent]', description: 'Fails on purpose.' } })).product_id;
    const before = await quota();
    const ok = success(await s.call('POST', '/v1/preview', { key, body: body() })).project_id;
    const bad = success(await s.call('POST', '/v1/preview', { key, body: body({ product_id: failing }) })).project_id;
    assert.equal((await finished(ok)).status_code, 4);
    const failed = await finished(bad);
    assert.equal(failed.status_code, 5);
    assert.ok(failed.error.message);
    assert.equal(await quota(), before);
    const events = await s.running.db.kysely.selectFrom('events').selectAll().execute();
    const mentions = events.filter((e) => [ok, bad].some((id) => e.payload.includes(id)));
    assert.deepEqual(mentions, []);
    // A product video of the same account does fire (the endpoint is listening).
    const video = success(await s.call('POST', '/v1/create_video_from_url', { key, body: body() })).project_id;
    assert.equal((await finished(video)).status_code, 4);
    const after = await s.running.db.kysely.selectFrom('events').selectAll().execute();
    assert.ok(after.some((e) => e.payload.includes(video)));
  });
});

describe('POST /v1/preview and the POST rate limit', () => {
  it('counts toward the per-key POST limit like every POST', async () => {
    const s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg', RATE_LIMIT_POST_PER_MINUTE: '2' } });
    try {
      const { apiKey: key } = await s.account({ credits: 0 });
      const productId = success(await s.call('POST', '/v1/product', { key, body: { name: 'Lamp', description: 'A desk lamp.' } })).product_id;
      const body = { product_id: productId, aspect_ratio: 2, video_length: 15, avatar_id: 1, avatar_type: 0, script_style: 'Data', template_type: 'public' };
      success(await s.call('POST', '/v1/preview', { key, body }));
      const limited = await s.call('POST', '/v1/preview', { key, body });
      assert.equal(limited.status, 429, JSON.stringify(limited.body));
      assert.equal(limited.body.code, 429);
    } finally {
      await s.close();
    }
  });
});
