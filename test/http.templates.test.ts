import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postgresTestDb, sqliteTestDb, type TestDb } from './support/db.ts';
import { exampleScene } from './support/template-scene.ts';
import { businessError, startServer, success, type CallResult, type TestServer } from './support/server.ts';

/** SQLite always; PostgreSQL too when DATABASE_URL is set. */
const databases: { name: string; open(): Promise<TestDb | undefined> }[] = [
  { name: 'SQLite', open: sqliteTestDb },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', open: postgresTestDb }] : []),
];

const HEX32 = /^[0-9a-f]{32}$/;



for (const database of databases) describe(`templates over HTTP (${database.name})`, () => {
  let s: TestServer;
  let testDb: TestDb;
  let key: string;
  let other: string;
  before(async () => {
    testDb = (await database.open())!;
    s = await startServer({ testDb });
    ({ apiKey: key } = await s.account({ credits: 20 }));
    ({ apiKey: other } = await s.account({ credits: 20 }));
  });
  after(async () => {
    await s.close();
    await testDb.dispose();
  });

  const call = (method: string, path: string, body?: unknown, k = key) => s.call(method, path, { key: k, ...(body === undefined ? {} : { body }) });
  const video = (id: string) => s.running.db.kysely.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('GET /v1/templates lists each public template with its variables', async () => {
    const { templates } = success(await call('GET', '/v1/templates?aspect_ratio=-1'));
    assert.equal(templates.length, 6);
    for (const t of templates) {
      assert.equal(t.template_type, 'public');
      assert.ok(t.variables.some((v: any) => v.type === 'script' && v.name === 'script' && v.required === false));
      for (const v of t.variables) assert.deepEqual(Object.keys(v).sort(), ['name', 'required', 'type']);
    }
    assert.deepEqual(templates.find((t: any) => t.id === 6).variables.filter((v: any) => v.type === 'image').map((v: any) => v.name), ['image_1', 'image_2', 'image_3']);
  });

  describe('custom templates', () => {
    let id: number;
    it('POST /v1/templates/custom creates one; the list shows it with cover, preview and variables', async () => {
      const t = success(await call('POST', '/v1/templates/custom', exampleScene()));
      assert.ok(Number.isInteger(t.id) && t.id >= 100000, String(t.id));
      id = t.id;
      assert.equal(t.template_type, 'custom');
      assert.equal(t.aspect_ratio, 2);
      assert.deepEqual(t.variables.map((v: any) => `${v.type}:${v.name}:${v.required}`), ['script:script:true', 'text:title:true', 'text:tagline:false', 'image:photo:false']);
      assert.match(t.cover_url, new RegExp(`/v1/templates/custom/${id}/[0-9a-f]{32}/cover\\.jpg$`));
      assert.match(t.preview_url, new RegExp(`/v1/templates/custom/${id}/[0-9a-f]{32}/preview\\.mp4$`));
      const { templates } = success(await call('GET', '/v1/templates/custom?aspect_ratio=-1'));
      assert.deepEqual(templates, [t]);
      assert.deepEqual(success(await call('GET', '/v1/templates/custom?aspect_ratio=0')).templates, [], 'filtered by ratio');
    });

    it('is account-scoped: another account neither lists, uses nor deletes it (10104)', async () => {
      assert.deepEqual(success(await call('GET', '/v1/templates/custom', undefined, other)).templates, []);
      assert.match(businessError(await call('DELETE', `/v1/templates/custom?template_id=${id}`, undefined, other), 10104), /template_id \d+ \(template_type custom\)/);
      const body = { template_id: id, template_type: 'user', lang: 'english', variables: [{ type: 'script', name: 'script', properties: { content: 'Hi there.' } }, { type: 'text', name: 'title', properties: { content: 'X' } }] };
      businessError(await call('POST', '/v1/create_video_with_template', body, other), 10104);
    });

    it('a wrong scene is 40000 naming every wrong field by path', async () => {
      const bad: any = exampleScene();
      bad.colors.accent = 'orange';
      bad.layout.text.title.box.x = -0.2;
      bad.variables[0].type = 'voice';
      const msg = businessError(await call('POST', '/v1/templates/custom', bad), 40000);
      assert.match(msg, /\/colors\/accent: must be a colour/);
      assert.match(msg, /\/layout\/text\/title\/box: must lie inside the safe area/);
      assert.match(msg, /\/variables\/0\/type: must be one of/);
      businessError(await call('POST', '/v1/templates/custom', [1, 2]), 40000);
    });

    it('a logo URL goes through the media resolver (refused URL → 40000 naming logo.url)', async () => {
      const bad: any = { ...exampleScene(), logo: { url: 'http://127.0.0.1/logo.png', box: { x: 0.05, y: 0.05, w: 0.2, h: 0.08 } } };
      assert.match(businessError(await call('POST', '/v1/templates/custom', bad), 40000), /logo\.url/);
    });

    it('create_video_with_template with template_type user: accepted as a template video keeping the scene', async () => {
      const body = {
        template_id: id,
        template_type: 'user',
        lang: 'en',
        aspect_ratio: 0,
        variables: [
          { type: 'script', name: 'script', properties: { content: 'Spring is here. Save big.' } },
          { type: 'text', name: 'title', properties: { content: 'Spring Sale' } },
          { type: 'text', name: 'tagline', properties: { content: 'Shop the sale' } },
        ],
      };
      const res = await call('POST', '/v1/create_video_with_template', body);
      const { project_id } = success(res);
      assert.ok(res.body.warnings.some((w: string) => /aspect_ratio 0 ignored: custom template \d+ is made for aspect_ratio 2/.test(w)), JSON.stringify(res.body));
      const row = await video(project_id);
      assert.equal(row.kind, 'template');
      assert.equal(row.product_id, null);
      const req = JSON.parse(row.request);
      assert.equal(req.aspect_ratio, 2);
      assert.equal(req.scene.name, 'Spring Sale');
      assert.deepEqual(req.plan.texts, { title: 'Spring Sale', call_to_action: 'Shop the sale' });
    });

    it('create_video_from_url with template_type custom keeps the scene; an unknown custom id is 10104', async () => {
      const { product_id } = success(await call('POST', '/v1/product', { name: 'Aurora Lamp', description: 'A warm lamp for late reading.' }));
      const base = { product_id, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Discovery', template_type: 'custom' };
      const { project_id } = success(await call('POST', '/v1/create_video_from_url', { ...base, template_id: id }));
      assert.equal(JSON.parse((await video(project_id)).request).custom_scene.name, 'Spring Sale');
      assert.match(businessError(await call('POST', '/v1/create_video_from_url', { ...base, template_id: 99 }), 10104), /template_id 99 \(template_type custom\)/);
    });

    it('wrong token or id on the cover URL is 404 without an API key', async () => {
      const res = await s.call('GET', `/v1/templates/custom/${id}/${'0'.repeat(32)}/cover.jpg`);
      assert.equal(res.status, 404);
      assert.equal((await s.call('GET', `/v1/templates/custom/12/zz/cover.jpg`)).status, 404);
    });

    it('DELETE removes it from the list; deleting again is 10104', async () => {
      success(await call('DELETE', `/v1/templates/custom?template_id=${id}`));
      assert.deepEqual(success(await call('GET', '/v1/templates/custom')).templates, []);
      businessError(await call('DELETE', `/v1/templates/custom?template_id=${id}`), 10104);
      businessError(await call('DELETE', '/v1/templates/custom?template_id=abc'), 40000);
    });
  });

  describe('POST /v1/create_video_with_template validation', () => {
    const vars = (over: Record<string, unknown> = {}) => ({
      template_id: 1,
      template_type: 'common',
      lang: 'english',
      variables: [
        { type: 'script', name: 'script', properties: { content: 'Meet the lamp.' } },
        { type: 'text', name: 'title', properties: { content: 'Aurora' } },
      ],
      ...over,
    });
    it('a missing required variable → 40000 naming it', async () => {
      const msg = businessError(await call('POST', '/v1/create_video_with_template', vars({ variables: [{ type: 'script', name: 'script', properties: { content: 'Hi.' } }] })), 40000);
      assert.match(msg, /"title" \(text\) is required by template 1 \(Spotlight\)/);
    });
    it('a wrongly typed variable → 40000 naming it', async () => {
      const msg = businessError(await call('POST', '/v1/create_video_with_template', vars({ variables: [{ type: 'script', name: 'script', properties: { content: 'Hi.' } }, { type: 'image', name: 'title', properties: { url: 'https://cdn.example/a.jpg' } }] })), 40000);
      assert.match(msg, /variables\[1\]\.type: "title" is a text variable/);
    });
    it('a type outside text|image|video|script → 40000 naming the field', async () => {
      assert.match(businessError(await call('POST', '/v1/create_video_with_template', vars({ variables: [{ type: 'audio', name: 'script' }] })), 40000), /variables\/0\/type|variables\.0\.type|type must be one of/);
    });
    it('an image variable with a URL the policy refuses → 40000 naming the variable', async () => {
      const v = vars();
      v.variables.push({ type: 'image', name: 'image', properties: { url: 'http://127.0.0.1:1/x.jpg' } } as any);
      assert.match(businessError(await call('POST', '/v1/create_video_with_template', v), 40000), /variables\[2\]\.properties\.url \("image"\)/);
    });
    it('an unknown asset id → 40000 naming the variable', async () => {
      const v = vars();
      v.variables.push({ type: 'image', name: 'image', properties: { url: '', asset_id: 'ab'.repeat(16) } } as any);
      assert.match(businessError(await call('POST', '/v1/create_video_with_template', v), 40000), /variables\[2\]\.properties\.asset_id \("image"\) names no asset/);
    });
    it('an unknown public template → 10104 listing them; an unknown lang → 40000', async () => {
      assert.match(businessError(await call('POST', '/v1/create_video_with_template', vars({ template_id: 77 })), 10104), /template_id 77 \(template_type public\); public templates are 1 \(Spotlight\)/);
      assert.match(businessError(await call('POST', '/v1/create_video_with_template', vars({ lang: 'klingon' })), 40000), /lang "klingon"/);
      businessError(await call('POST', '/v1/create_video_with_template', vars({ avatar_id: 99 })), 10104);
      businessError(await call('POST', '/v1/create_video_with_template', vars({ music_id: 9999 })), 10104);
      businessError(await call('POST', '/v1/create_video_with_template', vars({ variables: 'x' })), 40000);
    });
  });

  it('the Activepieces piece request (properties with only content or url, caption true, a public avatar): accepted', async () => {
    const raw =
      '{"template_id":5,"lang":"english","template_type":"common","variables":[' +
      '{"type":"script","name":"script","properties":{"content":"Hello from the presenter. Try it today."}},' +
      '{"type":"text","name":"title","properties":{"content":"Presenter Demo"}}],' +
      '"avatar_id":3,"avatar_type":0,"caption":true,"video_name":"AP demo"}';
    const { project_id } = success(await s.call('POST', '/v1/create_video_with_template', { key, rawBody: raw, headers: { 'Content-Type': 'application/json' } }));
    const row = await video(project_id);
    assert.equal(row.title, 'AP demo');
    const req = JSON.parse(row.request);
    assert.deepEqual({ avatar: req.avatar_id, caption: req.caption, template: req.template_id }, { avatar: 3, caption: true, template: 5 });
  });

  it('the n8n node request, byte for byte: accepted; the project is a template video that GET /v1/project reports', async () => {
    // What n8n-nodes-joggai's CreateVideoFromTemplate sends (JSON.stringify of its body object,
    // key order and empty values as it builds them).
    const raw =
      '{"template_id":1,"lang":"english","template_type":"common","avatar_id":0,"avatar_type":0,"voice_id":"","caption":false,"music_id":0,"variables":[' +
      '{"type":"script","name":"script","properties":{"content":"Meet the Aurora lamp. Warm light for late reading.","url":"","asset_id":0}},' +
      '{"type":"text","name":"title","properties":{"content":"Aurora Lamp","url":"","asset_id":0}},' +
      '{"type":"image","name":"image","properties":{"content":"","url":"","asset_id":0}}]}';
    const res = await s.call('POST', '/v1/create_video_with_template', { key, rawBody: raw, headers: { 'Content-Type': 'application/json' } });
    const { project_id } = success(res);
    assert.match(project_id, HEX32);
    const p = success(await call('GET', `/v1/project?project_id=${project_id}`));
    assert.equal(p.id, project_id);
    assert.equal(p.status_code, 2);
    assert.equal(p.title, 'Aurora Lamp');
    const row = await video(project_id);
    assert.equal(row.kind, 'template');
    assert.equal(row.credits, 1);
    const req = JSON.parse(row.request);
    assert.deepEqual({ avatar: req.avatar_id, voice: req.voice_id, music: req.music_id, media: req.plan.media }, { avatar: null, voice: null, music: null, media: [] });
  });
});
