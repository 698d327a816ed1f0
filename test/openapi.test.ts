import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { OPENAPI_PATH, renderOpenApi } from '../src/http/openapi.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('OpenAPI document', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  it('the committed docs/openapi.json matches the routes (run `npm run openapi` after changing a route)', async () => {
    assert.equal(fs.readFileSync(OPENAPI_PATH, 'utf8'), await renderOpenApi());
  });

  it('is served at /openapi.json without a key, as OpenAPI 3.1 with the x-api-key scheme', async () => {
    const res = await s.call('GET', '/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    assert.deepEqual(res.body.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'x-api-key' });
    for (const path of ['/v1/product', '/v1/create_video_from_url', '/v1/project', '/v1/endpoint', '/v2/endpoint/{endpoint_id}', '/v1/avatars', '/v2/user/remaining_quota']) {
      assert.ok(res.body.paths[path], `${path} is documented`);
    }
    const createVideo = res.body.paths['/v1/create_video_from_url'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(createVideo.properties.video_length.enum, ['15', '30', '60']);
    assert.equal(createVideo.properties.language.enum.length, 54);
    assert.equal(createVideo.properties.script_style.enum.length, 16);
  });

  it('has a docs page at /docs', async () => {
    const res = await fetch(`${s.baseUrl}/docs`, { redirect: 'follow' });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /swagger/i);
  });
});
