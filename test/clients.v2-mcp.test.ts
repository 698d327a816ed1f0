/**
 * The v2 calls of the third-party JoggAI MCP server (its src/index.ts, "joggai-mcp"), sent the way
 * its `apiRequest` sends them: fetch with `x-api-key` and `Content-Type: application/json` on every
 * call (GETs and DELETEs included), the query built with URLSearchParams from the tool's arguments
 * with undefined and "" skipped (numbers become "4"), the body JSON.stringify of the arguments.
 * The argument values are the ones its zod schemas allow (lowercase snake words for the public
 * avatar filters, status as a number on the video lists, asset_id a number, …): each call must
 * answer code 0 with the filter applied, never 40000 for a value the client sends. Lip-sync
 * (CONTRACT §13) reads the MCP body and names the field it refuses.
 *
 * Videos are made by the ffmpeg test generator, so the status routes can be polled to the end.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { startServer, type TestServer } from './support/server.ts';

const HEX32 = /^[0-9a-f]{32}$/;
type Query = Record<string, string | number | boolean | undefined>;
interface ApiResponse { code: number; msg: string; data?: any; rid: string }

describe('v2 calls as the JoggAI MCP server sends them', () => {
  let s: TestServer;
  let key: string;
  let productId: string;

  /** The MCP server's apiRequest, with its base URL pointed at this server's /v2. */
  async function apiRequest(method: string, path: string, body?: Record<string, unknown>, query?: Query): Promise<ApiResponse> {
    let url = `${s.baseUrl}/v2${path}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
      const qs = params.toString();
      if (qs) url += `?${qs}`;
    }
    const opts: RequestInit = { method, headers: { 'x-api-key': key, 'Content-Type': 'application/json' } };
    if (body && (method === 'POST' || method === 'PUT' || method === 'PATCH')) opts.body = JSON.stringify(body);
    const res = await fetch(url, opts);
    assert.equal(res.status, 200, `${method} ${path}: HTTP ${res.status}`);
    return (await res.json()) as ApiResponse;
  }

  /** A call that must succeed: code 0, msg and rid present; its data. */
  async function call(method: string, path: string, body?: Record<string, unknown>, query?: Query): Promise<any> {
    const r = await apiRequest(method, path, body, query);
    assert.equal(r.code, 0, `${method} ${path} ${JSON.stringify(query ?? body ?? {})}: code ${r.code} ${r.msg}`);
    assert.equal(typeof r.msg, 'string');
    assert.match(r.rid, HEX32);
    return r.data;
  }

  /** Polls a status route until `done` says so (60 s at most). */
  async function until(path: string, query: Query | undefined, done: (d: any) => boolean): Promise<any> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const d = await call('GET', path, undefined, query);
      if (done(d)) return d;
      if (Date.now() > deadline) assert.fail(`${path} not done: ${JSON.stringify(d)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const videoDone = (d: any) => d.status === 'completed' || d.status === 'failed';

  /** joggai_upload_asset, then the PUT its description says to do; the asset_url. */
  async function upload(withSize: boolean): Promise<string> {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d98a2b' } }).composite([{ input: { create: { width: 120, height: 120, channels: 3, background: '#ffffff' } }, left: 20, top: 20 }]).png().toBuffer();
    const t = await call('POST', '/upload/asset', { filename: 'product.png', content_type: 'image/png', ...(withSize ? { file_size: png.length } : {}) });
    assert.ok(t.sign_url && t.asset_url);
    const put = await fetch(t.sign_url.replace(/^https?:\/\/[^/]+/, s.baseUrl), { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: png });
    assert.ok(put.ok, `PUT: HTTP ${put.status} ${await put.text()}`);
    return t.asset_url.replace(/^https?:\/\/[^/]+/, s.baseUrl);
  }

  before(async () => {
    s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1', ALLOW_PRIVATE_URLS: '1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 100 }));
    productId = (await call('POST', '/product', { name: 'Lumen Glow Serum', description: 'A vitamin C serum that brightens tired skin in seven days.', target_audience: 'people with dull skin' })).product_id;
    assert.match(productId, HEX32);
  });
  after(() => s?.close());

  describe('user and catalogs', () => {
    it('joggai_get_user_info and joggai_get_remaining_quota', async () => {
      assert.equal(typeof (await call('GET', '/user/whoami')).username, 'string');
      assert.equal((await call('GET', '/user/remaining_quota')).remaining_quota, 100);
    });

    it('joggai_list_public_avatars with each of its filter values narrows the list (style professional|social, age young_adult|adult|senior, scene, ethnicity)', async () => {
      const all = await call('GET', '/avatars/public', undefined, { page: 1, page_size: 100 });
      assert.ok(all.total > 0);
      const filters: Query[] = [
        { style: 'professional' }, { style: 'social' }, { gender: 'female' }, { gender: 'male' },
        { age: 'adult' }, { age: 'senior' }, { age: 'young_adult' },
        ...['lifestyle', 'outdoors', 'business', 'studio', 'health_fitness', 'education', 'news'].map((scene) => ({ scene })),
        ...['european', 'african', 'south_asian', 'east_asian', 'middle_eastern', 'south_american', 'north_american'].map((ethnicity) => ({ ethnicity })),
        { aspect_ratio: 'portrait' }, { aspect_ratio: 'landscape' }, { aspect_ratio: 'square' },
      ];
      for (const f of filters) {
        const d = await call('GET', '/avatars/public', undefined, { page: 1, page_size: 100, ...f });
        assert.ok(d.total <= all.total, JSON.stringify(f));
        if (f.aspect_ratio) assert.ok(d.avatars.every((a: any) => a.aspect_ratio === f.aspect_ratio));
      }
      const pro = await call('GET', '/avatars/public', undefined, { style: 'professional', page_size: 100 });
      const social = await call('GET', '/avatars/public', undefined, { style: 'social', page_size: 100 });
      assert.ok(pro.total > 0 && social.total > 0 && pro.total + social.total === all.total, 'professional and social split the list');
      for (const [age, ourAge] of [['young_adult', 'young'], ['adult', 'adult'], ['senior', 'senior']]) {
        const d = await call('GET', '/avatars/public', undefined, { age, page_size: 100 });
        assert.ok(d.avatars.every((a: any) => a.age === ourAge), age);
      }
      const females = await call('GET', '/avatars/public', undefined, { gender: 'female', page_size: 100 });
      assert.ok(females.total > 0 && females.avatars.every((a: any) => a.gender === 'female'));
      const page2 = await call('GET', '/avatars/public', undefined, { page: 2, page_size: 2 });
      assert.deepEqual(page2.avatars.map((a: any) => a.id), all.avatars.slice(2, 4).map((a: any) => a.id));
    });

    it('joggai_list_voices with gender, language, age young|middle_aged|old, use_case and paging', async () => {
      const all = await call('GET', '/voices', undefined, { page: 1, page_size: 100 });
      const ours = { young: 'young', middle_aged: 'adult', old: 'senior' } as const;
      for (const age of ['young', 'middle_aged', 'old'] as const) {
        const d = await call('GET', '/voices', undefined, { page: 1, page_size: 100, gender: 'female', language: 'english', age, use_case: 'narrative_story' });
        assert.ok(d.total > 0, age);
        assert.ok(d.voices.every((v: any) => v.gender === 'female' && v.language === 'english' && v.age === ours[age]), age);
      }
      const spanish = await call('GET', '/voices', undefined, { language: 'spanish', page_size: 5 });
      assert.ok(spanish.total > 0 && spanish.voices.every((v: any) => v.language === 'spanish'));
      assert.ok(spanish.voices.length <= 5);
    });

    it('joggai_list_custom_voices with and without language', async () => {
      assert.ok(Array.isArray((await call('GET', '/voices/custom')).voices));
      const made = await s.call('POST', '/v1/voices/custom', { key, body: { name: 'Calm narrator', base_voice_id: 'en-us-f1' } });
      assert.equal(made.body.code, 0, JSON.stringify(made.body));
      for (const language of ['english', 'en', 'en-US']) assert.equal((await call('GET', '/voices/custom', undefined, { language })).voices.length, 1, language);
      assert.equal((await call('GET', '/voices/custom', undefined, { language: 'spanish' })).voices.length, 0);
    });

    it('joggai_list_music pages; joggai_list_visual_styles with each aspect ratio name', async () => {
      const m = await call('GET', '/musics', undefined, { page: 1, page_size: 2 });
      assert.ok(m.music.length > 0 && m.music.length <= 2);
      assert.equal(m.pagination.page_size, 2);
      for (const aspect_ratio of ['portrait', 'landscape', 'square', undefined]) {
        assert.ok((await call('GET', '/visual_styles', undefined, { aspect_ratio })).visual_styles.length > 0);
      }
    });

    it('joggai_list_index_templates and joggai_list_custom_templates with each aspect ratio name', async () => {
      for (const aspect_ratio of ['portrait', 'landscape', 'square', undefined]) {
        const pub = await call('GET', '/templates', undefined, { aspect_ratio });
        assert.ok(pub.templates.length > 0);
        if (aspect_ratio) assert.ok(pub.templates.every((t: any) => t.aspect_ratio === aspect_ratio));
        assert.ok(Array.isArray((await call('GET', '/templates/custom', undefined, { aspect_ratio })).templates));
      }
    });
  });

  describe('uploads and products', () => {
    it('joggai_upload_asset with and without file_size; the asset_url is a product media url (joggai_update_product)', async () => {
      const a = await upload(false);
      const b = await upload(true);
      const updated = await call('PUT', '/product', { product_id: productId, name: 'Lumen Glow Serum 30 ml', media: [{ type: 1, name: 'front', url: a }, { type: 1, url: b, description: 'side' }] });
      assert.ok(updated);
    });
  });

  describe('AI scripts', () => {
    it('joggai_create_ai_script by details and by id, then joggai_get_ai_script_result until completed', async () => {
      const byDetails = await call('POST', '/ai_scripts', { language: 'english', video_length_seconds: '15', script_style: 'Top 3 reasons', product_info: { source_type: 'details', data: { name: 'Trail bottle', description: 'Keeps water cold for a day.' } }, target_audience: 'hikers' });
      const byId = await call('POST', '/ai_scripts', { language: 'english', video_length_seconds: '30', script_style: "Don't Worry", product_info: { source_type: 'id', data: { id: productId } } });
      for (const { task_id } of [byDetails, byId]) {
        const r = await until(`/ai_scripts/results/${task_id}`, undefined, (d) => d.status === 'completed' || d.status === 'failed');
        assert.equal(r.status, 'completed', JSON.stringify(r));
        assert.ok(r.data.generated_scripts[0].script_paragraphs.length > 0);
      }
    });
  });

  describe('avatars', () => {
    let candidateUrl = '';
    let photoAvatarId = 0;

    it('joggai_generate_photo_avatar with every aspect ratio name and its Title Case values, joggai_get_photo_avatar_status until success', async () => {
      for (const aspect_ratio of ['landscape', 'square', 'portrait']) {
        const { photo_id } = await call('POST', '/photo_avatar/photo/generate', { age: 'Young adult', avatar_style: 'Professional', gender: 'Female', model: 'modern', aspect_ratio, ethnicity: 'South Asian', background: 'office', appearance: 'short curly hair' });
        const g = await until('/photo_avatar/photo', { photo_id }, (d) => d.status !== 'in_progress');
        assert.equal(g.status, 'success', JSON.stringify(g));
        candidateUrl = g.image_url_list[0];
      }
    });

    it('joggai_add_motion_to_photo_avatar with model "2.0" and joggai_check_motion_status', async () => {
      const m = await call('POST', '/photo_avatar/add_motion', { image_url: candidateUrl, name: 'Nora', voice_id: 'en-us-f1', model: '2.0', description: 'friendly', welcome_msg: 'Hi there' });
      photoAvatarId = m.avatar_id;
      const st = await call('GET', '/photo_avatar', undefined, { motion_id: m.motion_id });
      assert.ok(['pending', 'completed'].includes(st.status), JSON.stringify(st));
    });

    it('joggai_list_custom_avatars and joggai_list_photo_avatars with page, page_size, name and status processing|completed|failed', async () => {
      await call('POST', '/photo_avatar/add_motion', { image_url: candidateUrl, name: 'Otto', voice_id: 'en-us-m1', model: '1.0' });
      const all = await call('GET', '/avatars/custom', undefined, {});
      assert.equal(all.avatars.length, 2);
      const nora = await call('GET', '/avatars/custom', undefined, { page: 1, page_size: 10, name: 'nor' });
      assert.deepEqual(nora.avatars.map((a: any) => a.name), ['Nora']);
      assert.equal(nora.avatars[0].id, photoAvatarId);
      assert.equal((await call('GET', '/avatars/custom', undefined, { status: 'completed' })).avatars.length, 2);
      assert.equal((await call('GET', '/avatars/custom', undefined, { status: 'failed' })).avatars.length, 0);
      assert.equal((await call('GET', '/avatars/custom', undefined, { status: 'processing' })).avatars.length, 0);
      const p1 = await call('GET', '/avatars/custom', undefined, { page: 1, page_size: 1 });
      const p2 = await call('GET', '/avatars/custom', undefined, { page: 2, page_size: 1 });
      assert.deepEqual([...p1.avatars, ...p2.avatars].map((a: any) => a.id), all.avatars.map((a: any) => a.id));
      for (const q of [{ page: 1, page_size: 10 }, { name: 'Otto' }, { status: 'completed' }, { status: 'processing' }, { status: 'failed' }] as Query[]) {
        const d = await call('GET', '/avatars/photo_avatars', undefined, q);
        assert.ok(Array.isArray(d.avatars), JSON.stringify(q));
      }
    });

    it('joggai_generate_product_avatar_image (avatar_source by id, avatar_type public), status, joggai_convert_image_to_product_avatar with model and aspect_ratio, joggai_list_product_avatars by aspect ratio', async () => {
      const productImage = await upload(true);
      const batch = await call('POST', '/product_avatar/generation', { product_image_url: productImage, avatar_source: { type: 'id', avatar_id: 1, avatar_type: 'public' }, quality: 'low', aspect_ratio: '2:3', num_images: 1, prompt: 'right hand' });
      const b = await until(`/product_avatar/generation/${batch.batch_id}`, undefined, (d) => d.summary.pending + d.summary.processing === 0);
      assert.equal(b.summary.completed, 1, JSON.stringify(b));
      const m = await call('POST', '/product_avatar/add_motion', { generation_id: b.generations[0].generation_id, name: 'Lucia with the serum', voice_id: 'en-us-f1', description: 'presents it', model: 1, aspect_ratio: 'landscape' });
      assert.equal((await call('GET', '/product_avatar', undefined, { motion_id: m.motion_id })).avatar_id, m.avatar_id);
      const all = (await call('GET', '/avatars/product_avatars')).product_avatars;
      assert.equal(all.length, 1);
      const portrait = (await call('GET', '/avatars/product_avatars', undefined, { aspect_ratio: 'portrait' })).product_avatars;
      const landscape = (await call('GET', '/avatars/product_avatars', undefined, { aspect_ratio: 'landscape' })).product_avatars;
      assert.equal(portrait.length + landscape.length, 1, 'each product avatar has one ratio');
      for (const a of [...portrait, ...landscape]) assert.ok(['portrait', 'landscape'].includes(a.aspect_ratio));
      assert.deepEqual(portrait.map((a: any) => a.aspect_ratio), portrait.map(() => 'portrait'));
    });
  });

  describe('videos', () => {
    const productBody = () => ({
      product_id: productId,
      visual_style: 'Clean Minimal',
      video_spec: { aspect_ratio: 'landscape', length: '15', caption: true, name: 'Serum 15 s' },
      avatar: { id: 1, type: 0 },
      voice: { id: 'en-us-f1' },
      audio: { music_id: 1 },
      script: { style: 'Light marketing', language: 'english' },
    });
    let productVideoId = '';

    it('joggai_create_product_video then joggai_get_product_video_status until completed', async () => {
      const v = await call('POST', '/create_video_from_product', productBody());
      productVideoId = v.video_id;
      const done = await until(`/product_video/${v.video_id}`, undefined, videoDone);
      assert.equal(done.status, 'completed', JSON.stringify(done));
      assert.equal(done.deducted_credit, 1);
    });

    it('joggai_submit_preview_list (voice {} and no audio), joggai_render_preview', async () => {
      const { visual_style: _v, audio: _a, ...rest } = productBody();
      const list = await call('POST', '/create_video_from_product/preview_list', { ...rest, voice: {}, visual_styles: ['Clean Minimal', 'Bold Pop'] });
      assert.equal(list.previews.length, 2);
      const previewId = list.previews[0].preview_id;
      await until(`/product_video/${previewId}`, undefined, videoDone);
      const full = await call('POST', '/create_video_from_product/render_single_preview', { preview_id: previewId });
      assert.match(full.video_id, HEX32);
    });

    it('joggai_list_product_videos and joggai_list_product_previews with status as a number (3, 4, 5), sort_by and sort_order', async () => {
      for (const path of ['/product_videos', '/product_previews']) {
        const field = path === '/product_videos' ? 'videos' : 'previews';
        const all = await call('GET', path, undefined, { page: 1, page_size: 50 });
        const byStatus = { 3: 'processing', 4: 'completed', 5: 'failed' } as const;
        for (const [code, name] of Object.entries(byStatus)) {
          const d = await call('GET', path, undefined, { page: 1, page_size: 50, status: Number(code), sort_by: 'created_at', sort_order: 'asc' });
          assert.ok(d[field].every((v: any) => v.status === name), `${path} status ${code}`);
          assert.ok(d.total <= all.total);
        }
        assert.ok((await call('GET', path, undefined, { status: 4 })).total >= 1, `${path}: a completed one is listed`);
        const first = await call('GET', path, undefined, { page: 1, page_size: 1 });
        assert.equal(first.has_more, all.total > 1, `${path}: has_more`);
      }
    });

    it('joggai_create_avatar_video with a script, joggai_get_avatar_video_status until completed', async () => {
      const v = await call('POST', '/create_video_from_avatar', { avatar: { avatar_type: 0, avatar_id: 2 }, voice: { type: 'script', voice_id: 'en-us-m1', script: 'Hello from Lumen.' }, aspect_ratio: 'square', screen_style: 2, caption: false, video_name: 'Hello' });
      const done = await until(`/avatar_video/${v.video_id}`, undefined, videoDone);
      assert.equal(done.status, 'completed', JSON.stringify(done));
    });

    it('joggai_create_template_video with an image variable by url beside a numeric asset_id (the url is used), joggai_get_template_video_status, joggai_list_template_videos with status 4', async () => {
      const image = await upload(true);
      const t = (await call('GET', '/templates', undefined, { aspect_ratio: 'portrait' })).templates.find((x: any) => x.variables.some((v: any) => v.type === 'image'));
      assert.ok(t, 'a public template takes an image');
      const variables = t.variables.map((v: any) => ({
        type: v.type,
        name: v.name,
        properties: v.type === 'image' ? { url: image, asset_id: 7 } : v.type === 'video' ? { url: image } : { content: v.type === 'script' ? 'Meet Lumen, the serum that wakes up tired skin.' : 'Lumen' },
      })).filter((v: any) => v.type !== 'video');
      const v = await call('POST', '/create_video_with_template', { template_id: t.id, voice_language: 'english', variables, video_name: 'Lumen template', captions_enabled: true, background_music_id: 2, disable_random_trans: true, disable_moving: false });
      const done = await until(`/template_video/${v.video_id}`, undefined, videoDone);
      assert.equal(done.status, 'completed', JSON.stringify(done));
      const list = await call('GET', '/template_videos', undefined, { page: 1, page_size: 10, status: 4, sort_by: 'created_at', sort_order: 'desc' });
      assert.ok(list.data.some((x: any) => x.video_id === v.video_id));
    });
  });

  describe('webhooks', () => {
    it('joggai_add_webhook_endpoint, update, list, events, delete (a DELETE with Content-Type: application/json and no body)', async () => {
      const events = (await call('GET', '/events')).events;
      assert.ok(events.includes('generated_avatar_video_success'));
      const e = await call('POST', '/endpoint', { url: 'https://hooks.example.com/jogg', status: 'enabled', events: ['generated_avatar_video_success', 'generated_avatar_video_failed'] });
      const id = e.endpoint_id;
      assert.ok(id);
      await call('PUT', `/endpoint/${id}`, { url: 'https://hooks.example.com/jogg2', status: 'disabled', events: ['generated_product_video_success'] });
      assert.ok((await call('GET', '/endpoints')).endpoints.some((x: any) => x.endpoint_id === id));
      await call('DELETE', `/endpoint/${id}`);
      assert.ok(!(await call('GET', '/endpoints')).endpoints.some((x: any) => x.endpoint_id === id));
    });
  });

  describe('video translation (CONTRACT §13)', () => {
    it('target_languages lists 54 languages; an outside video without STT_BASE_URL is 40000 naming it; an unknown id is 10104', async () => {
      const langs = await apiRequest('GET', '/video_translate/target_languages');
      assert.equal(langs.code, 0);
      assert.equal(langs.data.languages.length, 54);
      const r = await apiRequest('POST', '/video_translate/', { video_url: 'https://example.com/a.mp4', output_language: 'spanish', add_subtitles: true });
      assert.equal(r.code, 40000);
      assert.match(r.msg, /STT_BASE_URL/);
      assert.equal((await apiRequest('GET', '/video_translate/abc')).code, 10104);
    });
  });

  describe('lip sync', () => {
    it('reads the MCP body (playback_type "normal") and names the field it refuses; an unknown task_id is 10104', async () => {
      const r = await apiRequest('POST', '/create_lip_sync_video', { video_url: '0123456789abcdef0123456789abcdef', audio_url: 'https://example.com/a.mp3', playback_type: 'normal' });
      assert.equal(r.code, 40000);
      assert.match(r.msg, /^Parameter error: video_url names no asset of this account/);
      assert.equal((await apiRequest('GET', '/lip_sync_video/abc')).code, 10104);
    });
  });
});
