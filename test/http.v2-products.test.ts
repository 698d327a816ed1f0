import assert from 'node:assert/strict';
import { after, before, describe, it, it as test } from 'node:test';
import { backends, type TestDb } from './support/db.ts';
import { businessError, startServer, success, type TestServer } from './support/server.ts';

/**
 * The v2 product routes (JOGGAI-SURFACE.md, v2) through a real server and database, videos made
 * by the ffmpeg test generator: products, create_video_from_product, product_video/{id},
 * preview_list, render_single_preview and the two lists.
 */
const HEX32 = /^[0-9a-f]{32}$/;

describe('v2 product videos and previews', () => {
  let s: TestServer;
  let key: string;
  let productId: string;

  const v2Body = (o: Record<string, unknown> = {}) => ({
    product_id: productId,
    video_spec: { aspect_ratio: 'landscape', length: '30', caption: true, name: 'Serum launch' },
    avatar: { id: 2, type: 0 },
    voice: { id: '' },
    audio: { music_id: '' },
    script: { style: 'Storytime', language: 'german' },
    ...o,
  });
  const row = (id: string) => s.running.db.kysely.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stored = async (id: string) => JSON.parse((await row(id)).request);
  const quota = async (k = key) => success(await s.call('GET', '/v2/user/remaining_quota', { key: k })).remaining_quota as number;
  async function finished(id: string, k = key): Promise<any> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const v = success(await s.call('GET', `/v2/product_video/${id}`, { key: k }));
      if (v.status === 'completed' || v.status === 'failed') return v;
      assert.ok(Date.now() < deadline, `still ${v.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const newProduct = async (k: string, name: string) => success(await s.call('POST', '/v2/product', { key: k, body: { name, description: 'A vitamin C serum that brightens tired skin.' } })).product_id as string;

  before(async () => {
    s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 10 }));
    productId = await newProduct(key, 'Lumen Glow Serum');
  });
  after(() => s?.close());

  it('POST and PUT /v2/product answer the product with product_id and id; PUT of an unknown product is 10104', async () => {
    const created = success(await s.call('POST', '/v2/product', { key, body: { name: 'Trail Bottle', description: 'Keeps water cold all day.', target_audience: '' } }));
    assert.match(created.product_id, HEX32);
    assert.equal(created.id, created.product_id);
    assert.equal(created.name, 'Trail Bottle');
    const updated = success(await s.call('PUT', '/v2/product', { key, body: { product_id: created.product_id, target_audience: 'hikers', media: [] } }));
    assert.deepEqual([updated.product_id, updated.id, updated.target_audience, updated.name], [created.product_id, created.product_id, 'hikers', 'Trail Bottle']);
    assert.equal(success(await s.call('GET', `/v1/product?product_id=${created.product_id}`, { key })).target_audience, 'hikers');
    assert.match(businessError(await s.call('PUT', '/v2/product', { key, body: { product_id: 'f'.repeat(32), name: 'x' } }), 10104), /product_id/);
    assert.match(businessError(await s.call('POST', '/v2/product', { key, body: { name: 'No description' } }), 40000), /description/);
  });

  it('create_video_from_product maps the nested body onto the product video, takes 1 credit, and product_video/{id} follows it to completed', async () => {
    const before = await quota();
    const res = await s.call('POST', '/v2/create_video_from_product', { key, body: v2Body({ visual_style: 'bold pop', audio: { music_id: 1 } }) });
    const { video_id, status } = success(res);
    assert.match(video_id, HEX32);
    assert.equal(status, 'pending');
    assert.equal(await quota(), before - 1);
    const r = await stored(video_id);
    assert.deepEqual(
      [r.aspect_ratio, r.video_length, r.language, r.avatar_id, r.avatar_type, r.script_style, r.voice_id, r.music_id, r.visual_style, r.caption, r.video_name, r.template_type],
      [1, 30, 'german', 2, 0, 'Immersive Storytelling', null, 1, 'Bold Pop', true, 'Serum launch', 'public'],
    );
    assert.equal((await row(video_id)).kind, 'product');
    const v = await finished(video_id);
    assert.equal(v.status, 'completed', JSON.stringify(v));
    assert.equal(v.video_id, video_id);
    assert.equal(v.title, 'Serum launch');
    assert.equal(v.deducted_credit, 1);
    assert.equal(v.is_preview, false);
    assert.ok(v.video_url.endsWith('.mp4') && v.cover_url.endsWith('.jpg') && v.subtitles_url.endsWith('.vtt'), JSON.stringify(v));
    assert.ok(v.duration > 0 && v.progress === 100 && Number.isInteger(v.created_at));
    // One id space: v1 reads the same video.
    assert.equal(success(await s.call('GET', `/v1/project?project_id=${video_id}`, { key })).status_code, 4);
  });

  it('takes the six v2 script styles in their writer style, v1 style names as they are, and defaults (avatar type 0, english)', async () => {
    const expected: Record<string, string> = {
      "Don't Worry": "Don't Worry", Storytime: 'Immersive Storytelling', Discovery: 'Discovery', Data: 'Data', 'Top 3 reasons': 'Top 3 reasons', 'Light marketing': 'Soft Selling', 'Problem/Solution': 'Problem/Solution',
    };
    // One free preview per style (preview_list takes the same body).
    for (const [style, writer] of Object.entries(expected)) {
      const { previews } = success(await s.call('POST', '/v2/create_video_from_product/preview_list', { key, body: { ...v2Body({ script: { style } }), visual_styles: [''] } }));
      assert.equal((await stored(previews[0].preview_id)).script_style, writer, style);
    }
    const { video_id } = success(await s.call('POST', '/v2/create_video_from_product', { key, body: { product_id: productId, video_spec: { aspect_ratio: 'square', length: 15 }, avatar: { id: 1 }, script: { style: 'Data' } } }));
    const r = await stored(video_id);
    assert.deepEqual([r.aspect_ratio, r.video_length, r.avatar_type, r.language, r.caption, r.video_name, r.music_id], [2, 15, 0, 'english', false, null, null]);
    assert.equal((await row(video_id)).title, 'Lumen Glow Serum');
  });

  it('refuses bad input with 40000 naming the nested field, unknown references with 10104, and records nothing', async () => {
    const before = await quota();
    const count = async () => (await s.running.db.kysely.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const n = await count();
    const post = (body: unknown) => s.call('POST', '/v2/create_video_from_product', { key, body });
    assert.match(businessError(await post(v2Body({ video_spec: { aspect_ratio: 'tall', length: '15' } })), 40000), /video_spec\.aspect_ratio must be one of portrait \(9:16\), landscape \(16:9\), square \(1:1\)/);
    assert.match(businessError(await post(v2Body({ video_spec: { aspect_ratio: 'portrait', length: '45' } })), 40000), /video_spec\.length must be one of 15/);
    assert.match(businessError(await post(v2Body({ video_spec: { aspect_ratio: 0, length: '15' } })), 40000), /video_spec\.aspect_ratio/);
    assert.match(businessError(await post(v2Body({ script: { language: 'english' } })), 40000), /script\.style is required/);
    assert.match(businessError(await post(v2Body({ script: { style: 'Poetry' } })), 40000), /script\.style must be one of Don't Worry, Storytime/);
    assert.match(businessError(await post(v2Body({ avatar: { type: 0 } })), 40000), /avatar\.id is required/);
    assert.match(businessError(await post(v2Body({ product_id: undefined })), 40000), /product_id is required/);
    assert.match(businessError(await post(v2Body({ product_id: 'nope' })), 10104), /product_id nope/);
    assert.match(businessError(await post(v2Body({ avatar: { id: 999 } })), 10104), /avatar_id 999/);
    assert.match(businessError(await post(v2Body({ voice: { id: 'no-such-voice' } })), 10104), /voice_id no-such-voice/);
    assert.match(businessError(await post(v2Body({ visual_style: 'Neon Dreams' })), 10104), /visual_style "Neon Dreams"/);
    assert.equal(await quota(), before);
    assert.equal(await count(), n);
    assert.match(businessError(await s.call('GET', `/v2/product_video/${'0'.repeat(32)}`, { key }), 10104), /video_id 0{32}/);
  });

  it("product_video/{id} answers only the account's product videos and previews: another account's or another kind's id is 10104", async () => {
    const { video_id } = success(await s.call('POST', '/v2/create_video_from_product', { key, body: v2Body() }));
    const other = await s.account({ credits: 3 });
    businessError(await s.call('GET', `/v2/product_video/${video_id}`, { key: other.apiKey }), 10104);
    const talking = success(await s.call('POST', '/v1/create_video_from_talking_avatar', { key, body: { avatar_id: 1, avatar_type: 0, screen_style: 1, script: 'Hello there.', aspect_ratio: 0 } })).project_id;
    businessError(await s.call('GET', `/v2/product_video/${talking}`, { key }), 10104);
    assert.equal(success(await s.call('GET', `/v1/project?project_id=${talking}`, { key })).id, talking);
  });

  it('preview_list makes one free preview per visual style in order; an unknown style gets err_msg, not a failed call', async () => {
    const before = await quota();
    const res = await s.call('POST', '/v2/create_video_from_product/preview_list', { key, body: { ...v2Body(), visual_styles: ['Clean Minimal', 'Neon Dreams', 'bold pop'] } });
    const { previews } = success(res);
    assert.deepEqual(previews.map((p: any) => p.visual_style), ['Clean Minimal', 'Neon Dreams', 'bold pop']);
    assert.match(previews[0].preview_id, HEX32);
    assert.match(previews[2].preview_id, HEX32);
    assert.deepEqual([previews[0].err_msg, previews[2].err_msg, previews[1].preview_id], ['', '', '']);
    assert.match(previews[1].err_msg, /visual_style "Neon Dreams"; one of Clean Minimal/);
    assert.equal(await quota(), before, 'previews are free');
    const rows = await Promise.all([previews[0], previews[2]].map((p: any) => row(p.preview_id)));
    assert.deepEqual(rows.map((r) => [r.kind, r.credits]), [['preview', 0], ['preview', 0]]);
    assert.deepEqual(rows.map((r) => JSON.parse(r.request).visual_style), ['Clean Minimal', 'Bold Pop']);
    const first = await finished(previews[0].preview_id);
    assert.deepEqual([first.status, first.is_preview, first.deducted_credit, first.title], ['completed', true, 0, 'Lumen Glow Serum']);
  });

  it('preview_list: "" means no visual style; when every entry is refused the call answers the error and records nothing', async () => {
    const { previews } = success(await s.call('POST', '/v2/create_video_from_product/preview_list', { key, body: { ...v2Body(), visual_styles: [''] } }));
    assert.equal((await stored(previews[0].preview_id)).visual_style, null);
    const count = async () => (await s.running.db.kysely.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const n = await count();
    const list = (o: Record<string, unknown>) => s.call('POST', '/v2/create_video_from_product/preview_list', { key, body: { ...v2Body(), visual_styles: ['Clean Minimal', 'Bold Pop'], ...o } });
    assert.match(businessError(await list({ product_id: 'f'.repeat(32) }), 10104), /product_id f{32}/);
    assert.match(businessError(await list({ visual_styles: ['Neon', 'Glitter'] }), 10104), /visual_style "Neon"/);
    assert.match(businessError(await list({ visual_styles: [] }), 40000), /visual_styles must not be empty/);
    assert.match(businessError(await list({ visual_styles: undefined }), 40000), /visual_styles is required/);
    assert.match(businessError(await list({ visual_styles: Array(11).fill('Bold Pop') }), 40000), /visual_styles must have at most 10/);
    assert.equal(await count(), n);
  });

  it("render_single_preview makes the full video with the preview's resolved voice and script seed (1 credit); 10104 for what is not a preview", async () => {
    const { previews } = success(await s.call('POST', '/v2/create_video_from_product/preview_list', { key, body: { ...v2Body(), visual_styles: ['Warm Lifestyle'] } }));
    const previewId = previews[0].preview_id;
    const preview = await stored(previewId);
    assert.match(preview.voice_id, /^de/i, 'the default German voice, resolved when the preview was accepted');
    const before = await quota();
    const { video_id, status } = success(await s.call('POST', '/v2/create_video_from_product/render_single_preview', { key, body: { preview_id: previewId } }));
    assert.equal(status, 'pending');
    assert.equal(await quota(), before - 1);
    const full = await stored(video_id);
    assert.equal(full.script_seed, previewId);
    assert.equal(full.voice_id, preview.voice_id);
    assert.deepEqual({ ...full, script_seed: undefined }, { ...preview, script_seed: undefined });
    const v = await finished(video_id);
    assert.deepEqual([v.status, v.is_preview, v.deducted_credit], ['completed', false, 1]);

    const named = success(await s.call('POST', '/v2/create_video_from_product/render_single_preview', { key, body: { preview_id: previewId, music_id: 1, video_name: 'Final cut' } }));
    assert.deepEqual([(await stored(named.video_id)).music_id, (await row(named.video_id)).title], [1, 'Final cut']);
    assert.match(businessError(await s.call('POST', '/v2/create_video_from_product/render_single_preview', { key, body: { preview_id: 'a'.repeat(32) } }), 10104), /preview_id a{32}/);
    assert.match(businessError(await s.call('POST', '/v2/create_video_from_product/render_single_preview', { key, body: { preview_id: video_id } }), 10104), /preview_id/);
    const other = await s.account({ credits: 3 });
    businessError(await s.call('POST', '/v2/create_video_from_product/render_single_preview', { key: other.apiKey, body: { preview_id: previewId } }), 10104);
    assert.match(businessError(await s.call('POST', '/v2/create_video_from_product/render_single_preview', { key, body: {} }), 40000), /preview_id is required/);
  });

  it('passes webhook_url through to the acceptance of every route that makes a video', async () => {
    const videos = s.running.services.videos;
    const seen: unknown[] = [];
    const accept = videos.accept.bind(videos);
    videos.accept = async (who, a) => {
      seen.push(a.webhookUrl);
      return accept(who, a);
    };
    try {
      const url = 'https://hooks.example.com/v2';
      success(await s.call('POST', '/v2/create_video_from_product', { key, body: v2Body({ webhook_url: url }) }));
      const { previews } = success(await s.call('POST', '/v2/create_video_from_product/preview_list', { key, body: { ...v2Body(), webhook_url: `${url}/p`, visual_styles: ['Bold Pop'] } }));
      success(await s.call('POST', '/v2/create_video_from_product/render_single_preview', { key, body: { preview_id: previews[0].preview_id, webhook_url: `${url}/r` } }));
      success(await s.call('POST', '/v2/create_video_from_product', { key, body: v2Body({ webhook_url: '' }) }));
      assert.deepEqual(seen, [url, `${url}/p`, `${url}/r`, null]);
    } finally {
      videos.accept = accept;
    }
  });
});

/** The one list query behind both lists, on SQLite and (with DATABASE_URL) PostgreSQL. */
for (const backend of backends) {
  describe(`GET /v2/product_videos and /v2/product_previews (${backend.name})`, () => {
    let testDb: TestDb | undefined;
    let s: TestServer;
    let key: string;
    /** Product videos in the order they were made: two that complete, one that fails, one deleted. */
    const made: { id: string; title: string }[] = [];
    const previewIds: string[] = [];

    before(async () => {
      testDb = await backend.open();
      if (!testDb) return;
      s = await startServer({ testDb, env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
      s.running.startBackground();
      ({ apiKey: key } = await s.account({ credits: 10 }));
      const product = async (name: string) => success(await s.call('POST', '/v2/product', { key, body: { name, description: 'A desk lamp with three colour temperatures.' } })).product_id as string;
      const good = await product('Aurora Lamp');
      const broken = await product('Broken [fail-permanent]');
      const body = (product_id: string, name: string) => ({ product_id, video_spec: { aspect_ratio: 'portrait', length: '15', name }, avatar: { id: 1 }, script: { style: 'Data' } });
      for (const [pid, title] of [[good, 'Bravo'], [broken, 'Delta'], [good, 'Alpha'], [good, 'Charlie']] as const) {
        made.push({ id: success(await s.call('POST', '/v2/create_video_from_product', { key, body: body(pid, title) })).video_id, title });
        await new Promise((r) => setTimeout(r, 5)); // distinct created_at
      }
      const { previews } = success(await s.call('POST', '/v2/create_video_from_product/preview_list', { key, body: { ...body(good, ''), visual_styles: ['Clean Minimal', 'Soft Pastel'] } }));
      previewIds.push(...previews.map((p: any) => p.preview_id));
      for (const id of [...made.map((m) => m.id), ...previewIds]) {
        const deadline = Date.now() + 30_000;
        while (!['completed', 'failed'].includes(success(await s.call('GET', `/v2/product_video/${id}`, { key })).status)) {
          assert.ok(Date.now() < deadline);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      success(await s.call('DELETE', `/v1/project?project_id=${made[3]!.id}`, { key }));
    });
    after(async () => {
      await s?.close();
      await testDb?.dispose();
    });
    const it = (name: string, fn: () => Promise<void>) =>
      test(name, async (t) => {
        if (!testDb) return t.skip(`${backend.name} is not configured (set DATABASE_URL to a postgres:// URL to run it)`);
        await fn();
      });

    const list = async (path: string, query = '') => success(await s.call('GET', `${path}${query ? `?${query}` : ''}`, { key }));
    const ids = (items: any[]) => items.map((x) => x.id);

    it('lists only product videos, newest first, without deleted ones; items carry the v2 fields', async () => {
      const page = await list('/v2/product_videos');
      assert.deepEqual(ids(page.videos), [made[2]!.id, made[1]!.id, made[0]!.id]);
      assert.deepEqual([page.total, page.page, page.page_size], [3, 1, 20]);
      const alpha = page.videos[0];
      assert.deepEqual(Object.keys(alpha).sort(), ['cover_url', 'created_at', 'id', 'status', 'title', 'video_duration', 'video_url']);
      assert.deepEqual([alpha.title, alpha.status], ['Alpha', 'completed']);
      assert.ok(alpha.video_url.endsWith('.mp4') && alpha.video_duration > 0);
      assert.equal(page.videos[1].status, 'failed');
    });

    it('pages with page and page_size (numeric strings too), every video once', async () => {
      const p1 = await list('/v2/product_videos', 'page=1&page_size=2');
      const p2 = await list('/v2/product_videos', 'page=2&page_size=2');
      const p3 = await list('/v2/product_videos', 'page=3&page_size=2');
      assert.deepEqual([p1.videos.length, p2.videos.length, p3.videos.length], [2, 1, 0]);
      assert.deepEqual([p1.total, p2.total, p3.total], [3, 3, 3]);
      assert.deepEqual([...ids(p1.videos), ...ids(p2.videos)], [made[2]!.id, made[1]!.id, made[0]!.id]);
      assert.equal(p2.page, 2);
      assert.match(businessError(await s.call('GET', '/v2/product_videos?page_size=101', { key }), 40000), /page_size/);
    });

    it('filters by v2 status or status_code; deleted ones only when asked', async () => {
      assert.deepEqual(ids((await list('/v2/product_videos', 'status=completed')).videos), [made[2]!.id, made[0]!.id]);
      assert.deepEqual(ids((await list('/v2/product_videos', 'status=failed')).videos), [made[1]!.id]);
      assert.deepEqual(ids((await list('/v2/product_videos', 'status=5')).videos), [made[1]!.id]);
      assert.deepEqual(ids((await list('/v2/product_videos', 'status=deleted')).videos), [made[3]!.id]);
      assert.deepEqual((await list('/v2/product_videos', 'status=pending')).total, 0);
      assert.deepEqual(ids((await list('/v2/product_videos', 'status=')).videos).length, 3, 'empty means no filter');
      assert.match(businessError(await s.call('GET', '/v2/product_videos?status=done', { key }), 40000), /status must be one of pending/);
    });

    it('sorts by sort_by and sort_order', async () => {
      assert.deepEqual(ids((await list('/v2/product_videos', 'sort_order=asc')).videos), [made[0]!.id, made[1]!.id, made[2]!.id]);
      assert.deepEqual((await list('/v2/product_videos', 'sort_by=title&sort_order=asc')).videos.map((v: any) => v.title), ['Alpha', 'Bravo', 'Delta']);
      assert.deepEqual((await list('/v2/product_videos', 'sort_by=title')).videos.map((v: any) => v.title), ['Delta', 'Bravo', 'Alpha']);
      const byLength = (await list('/v2/product_videos', 'sort_by=video_duration&sort_order=asc')).videos.map((v: any) => v.video_duration);
      assert.deepEqual(byLength, [...byLength].sort((a, b) => a - b));
      assert.equal(byLength[0], 0, 'the failed video has no duration');
      assert.match(businessError(await s.call('GET', '/v2/product_videos?sort_order=up', { key }), 40000), /sort_order must be one of asc, desc/);
      assert.match(businessError(await s.call('GET', '/v2/product_videos?sort_by=size', { key }), 40000), /sort_by must be one of created_at/);
    });

    it('product_previews lists only the previews, with the same paging, filter and sort', async () => {
      const page = await list('/v2/product_previews', 'sort_order=asc');
      assert.deepEqual(ids(page.previews), previewIds);
      assert.equal(page.total, 2);
      assert.ok(page.previews.every((p: any) => p.status === 'completed' && p.title === 'Aurora Lamp'));
      assert.deepEqual(ids((await list('/v2/product_previews', 'page_size=1&page=2')).previews), [previewIds[0]]);
      assert.equal((await list('/v2/product_previews', 'status=failed')).total, 0);
      // v1 lists every kind with the same query.
      const v1 = success(await s.call('GET', '/v1/projects?page_size=100', { key }));
      assert.equal(v1.total, 5);
    });

    it("shows nothing of another account's", async () => {
      const other = await s.account({ credits: 1 });
      assert.equal(success(await s.call('GET', '/v2/product_videos', { key: other.apiKey })).total, 0);
      assert.equal(success(await s.call('GET', '/v2/product_previews', { key: other.apiKey })).total, 0);
    });
  });
}
