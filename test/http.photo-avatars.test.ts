import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { businessError, startServer, type TestServer } from './support/server.ts';

describe('GET /v1/avatars/photo_avatars', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  it("answers with the account's photo avatars: none until this server makes them", async () => {
    const res = await s.call('GET', '/v1/avatars/photo_avatars', { key });
    assert.equal(res.status, 200);
    assert.equal(res.body.code, 0);
    assert.deepEqual(res.body.data, { avatars: [] });
  });

  it('needs an API key (10105)', async () => {
    businessError(await s.call('GET', '/v1/avatars/photo_avatars', { key: 'rs_nope' }), 10105);
    businessError(await s.call('GET', '/v1/avatars/photo_avatars'), 10105);
  });

  it('the OpenAPI document lists the item shape the clients read', async () => {
    const doc = (await s.call('GET', '/openapi.json')).body;
    const schema = doc.paths['/v1/avatars/photo_avatars'].get.responses['200'].content['application/json'].schema;
    const item = schema.properties.data.properties.avatars.items;
    // The vendor's fields, and the extensions kind, voice_id and cutout (video avatars) (docs/api.md "Custom avatars").
    assert.deepEqual(Object.keys(item.properties).sort(), ['age', 'aspect_ratio', 'avatar_id', 'cover_url', 'cutout', 'fail_msg', 'gender', 'kind', 'name', 'status', 'style', 'voice_id']);
  });
});

describe('v2 photo avatars, as the v2 CLI calls them', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
    s.running.startBackground();
  });
  after(() => s.close());
  const data = (res: { body: any }) => {
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    return res.body.data;
  };
  const poll = async (path: string, done: (d: any) => boolean) => {
    for (let i = 0; i < 600; i++) {
      const d = data(await s.call('GET', path, { key }));
      if (done(d)) return d;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${path} never finished`);
  };

  it('generate (aspect_ratio a name) → GET /v2/photo_avatar/photo (image_url_list[0]) → add_motion → GET /v2/photo_avatar (error_msg) → the v2 lists', async () => {
    const { photo_id } = data(await s.call('POST', '/v2/photo_avatar/photo/generate', { key, body: { age: 'Adult', gender: 'Female', avatar_style: 'Professional', model: 'classic', aspect_ratio: 'landscape' } }));
    const photo = await poll(`/v2/photo_avatar/photo?photo_id=${photo_id}`, (d) => d.status !== 'in_progress');
    assert.equal(photo.status, 'success', photo.msg);
    const imageUrl = photo.image_url_list[0] as string;
    const png = await fetch(imageUrl.replace(s.config.publicBaseUrl, s.baseUrl));
    assert.equal(png.headers.get('content-type'), 'image/png');

    const made = data(await s.call('POST', '/v2/photo_avatar/add_motion', { key, body: { image_url: imageUrl, name: 'Lena', model: '2.0', photo_id } }));
    assert.match(made.motion_id, /^[0-9a-f]{32}$/);
    const motion = await poll(`/v2/photo_avatar?motion_id=${made.motion_id}`, (d) => d.status !== 'pending');
    assert.equal(motion.status, 'completed');
    assert.equal(motion.error_msg, '');
    assert.equal(motion.avatar_id, made.avatar_id);

    const listed = data(await s.call('GET', '/v2/avatars/custom', { key })).avatars.find((a: any) => a.id === made.avatar_id);
    assert.equal(listed.avatar_status, 1);
    assert.equal(listed.aspect_ratio, 'landscape');
    assert.ok(listed.avatar_url.startsWith(s.config.publicBaseUrl));
    // The v1 list says the same avatar with the v1 number.
    assert.equal(data(await s.call('GET', '/v1/avatars/custom', { key })).avatars.find((a: any) => a.avatar_id === made.avatar_id).aspect_ratio, 1);
  });

  it('generate takes the three ratio names (the MCP server sends square too) and the v1 numbers as strings; anything else is 40000 naming aspect_ratio', async () => {
    const body = { age: 'Elderly', gender: 'Male', avatar_style: 'Social' };
    for (const aspect_ratio of ['portrait', 'landscape', 'square', '0', '1', '2', 1, '']) data(await s.call('POST', '/v2/photo_avatar/photo/generate', { key, body: { ...body, aspect_ratio } }));
    assert.match(businessError(await s.call('POST', '/v2/photo_avatar/photo/generate', { key, body: { ...body, aspect_ratio: 'wide' } }), 40000), /aspect_ratio must be one of portrait/);
  });

  it('the v2 list items carry avatar_status and avatar_url (OpenAPI)', async () => {
    const doc = (await s.call('GET', '/openapi.json')).body;
    for (const path of ['/v2/avatars/custom', '/v2/avatars/photo_avatars']) {
      const item = doc.paths[path].get.responses['200'].content['application/json'].schema.properties.data.properties.avatars.items;
      assert.ok(['id', 'avatar_status', 'avatar_url', 'aspect_ratio'].every((k) => k in item.properties), path);
    }
    const motion = doc.paths['/v2/photo_avatar'].get.responses['200'].content['application/json'].schema.properties.data;
    assert.ok('error_msg' in motion.properties);
  });
});
