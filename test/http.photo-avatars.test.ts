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
    // The vendor's fields, and the extensions kind and voice_id (docs/api.md "Custom avatars").
    assert.deepEqual(Object.keys(item.properties).sort(), ['age', 'aspect_ratio', 'avatar_id', 'cover_url', 'fail_msg', 'gender', 'kind', 'name', 'status', 'style', 'voice_id']);
  });
});
