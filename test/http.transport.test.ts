import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { businessError, startServer, type TestServer } from './support/server.ts';

const endpointBody = { url: 'https://hooks.example.com/in', events: ['generated_video_success'] };

describe('unexpected failures', () => {
  it('an unexpected exception is 50000 with the rid, and the message does not leak internals', async () => {
    const s = await startServer({
      env: { ALLOW_PRIVATE_URLS: '1' },
      crawler: {
        crawl: async () => {
          throw new Error('connection string postgres://admin:hunter2@db');
        },
      },
    });
    try {
      const { apiKey: key } = await s.account();
      const res = await s.call('POST', '/v1/product', { key, body: { url: 'https://shop.example.com/p/1' } });
      const msg = businessError(res, 50000);
      assert.doesNotMatch(msg, /hunter2|postgres/);
      assert.equal((await s.call('GET', '/v1/products', { key })).body.data.length, 0);
    } finally {
      await s.close();
    }
  });
});

describe('transport rules: malformed and oversized bodies', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  const productCount = async () => (await s.call('GET', '/v1/products', { key })).body.data.length;

  it('malformed JSON is 40000 and creates nothing', async () => {
    const before = await productCount();
    const res = await s.call('POST', '/v1/product', { key, rawBody: '{"name": "Mug", "description": ', headers: { 'content-type': 'application/json' } });
    assert.match(businessError(res, 40000), /not valid JSON/);
    assert.equal(await productCount(), before);
  });

  it('a body over 1 MiB is 40000 and creates nothing', async () => {
    const before = await productCount();
    const big = { name: 'Mug', description: 'x'.repeat(1024 * 1024 + 10) };
    const res = await s.call('POST', '/v1/product', { key, body: big });
    assert.match(businessError(res, 40000), /larger than 1048576 bytes/);
    assert.equal(await productCount(), before);
  });

  it('a body just under the limit but over a field limit names the field', async () => {
    const res = await s.call('POST', '/v1/product', { key, body: { name: 'Mug', description: 'x'.repeat(20001) } });
    assert.equal(businessError(res, 40000), 'Parameter error: description must be at most 20000 characters');
  });

  it('a non-JSON content type is 40000', async () => {
    const res = await s.call('POST', '/v1/product', { key, rawBody: 'name=Mug', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.match(businessError(res, 40000), /Content-Type must be application\/json/);
  });

  it('a JSON array instead of an object is 40000', async () => {
    const res = await s.call('POST', '/v1/endpoint', { key, rawBody: '[1,2]', headers: { 'content-type': 'application/json' } });
    businessError(res, 40000);
  });

  it('only the conversions the contract allows are made: numeric strings yes, booleans or arrays for numbers and strings no', async () => {
    const product = await s.call('POST', '/v1/product', { key, body: { name: 'Mug', description: 'Nice' } });
    const video = { product_id: product.body.data.product_id, aspect_ratio: '0', video_length: 15, avatar_id: '1', avatar_type: 0, script_style: 'Data', template_type: 'public', caption: 'true' };
    assert.equal((await s.call('POST', '/v1/create_video_from_url', { key, body: video })).body.code, 0);
    const cases: [Record<string, unknown>, string][] = [
      [{ avatar_id: true }, 'Parameter error: avatar_id must be an integer'],
      [{ avatar_type: false }, 'Parameter error: avatar_type must be an integer: one of 0 (public avatar, GET /v1/avatars), 1 (custom avatar, GET /v1/avatars/custom)'],
      [{ caption: 1 }, 'Parameter error: caption must be a boolean (true or false)'],
      [{ product_id: [video.product_id] }, 'Parameter error: product_id must be a string'],
      [{ aspect_ratio: '1.5' }, 'Parameter error: aspect_ratio must be an integer: one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)'],
      [{ video_length: [15] }, 'Parameter error: video_length must be a string: one of 15 (15-second video), 30 (30-second video), 60 (60-second video)'],
    ];
    for (const [change, msg] of cases) {
      assert.equal(businessError(await s.call('POST', '/v1/create_video_from_url', { key, body: { ...video, ...change } }), 40000), msg);
    }
    const events = await s.call('POST', '/v1/endpoint', { key, body: { url: 'https://hooks.example.com/a', events: 'generated_video_success' } });
    assert.equal(businessError(events, 40000), 'Parameter error: events must be an array');
  });

  it('a blank string counts as absent, like an empty one', async () => {
    const res = await s.call('POST', '/v1/product', { key, body: { name: '   ', description: 'Nice' } });
    assert.equal(businessError(res, 40000), 'Parameter error: name is required when url is absent');
  });

  it('unknown extra fields are ignored, and named in the envelope warnings', async () => {
    const res = await s.call('POST', '/v1/product', { key, body: { name: 'Mug', description: 'Nice', colour: 'red' } });
    assert.equal(res.body.code, 0);
    assert.deepEqual(res.body.warnings, ['unknown field colour (ignored)']);
    assert.equal(res.body.data.name, 'Mug');
  });

  it('a near miss gets "did you mean": a typo, another spelling, and a nested field', async () => {
    const res = await s.call('POST', '/v1/product', {
      key,
      body: { name: 'Mug', descripton: 'x', description: 'Nice', targetAudience: 'cooks', media: [{ type: 1, url: 'https://cdn.example.com/a.jpg', nmae: 'a' }] },
    });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.deepEqual(res.body.warnings, [
      'unknown field descripton (did you mean description?)',
      'unknown field targetAudience (did you mean target_audience?)',
      'unknown field media[0].nmae (did you mean name?)',
    ]);
    assert.equal(res.body.data.target_audience, '', 'the unknown field was not used');
  });

  it('no warnings key when every field is known, and none for unknown fields sent empty', async () => {
    const res = await s.call('POST', '/v1/product', { key, body: { name: 'Mug', description: 'Nice', colour: '' } });
    assert.equal(res.body.code, 0);
    assert.equal('warnings' in res.body, false);
  });

  it('an error envelope carries the warnings too (captions for caption)', async () => {
    const product = await s.call('POST', '/v1/product', { key, body: { name: 'Mug', description: 'Nice' } });
    const res = await s.call('POST', '/v1/create_video_from_url', {
      key,
      body: { product_id: product.body.data.product_id, aspect_ratio: 9, video_length: 15, avatar_id: 1, avatar_type: 0, script_style: 'Data', template_type: 'public', captions: true },
    });
    assert.equal(res.body.code, 40000);
    assert.match(res.body.msg, /^Parameter error: aspect_ratio must be one of 0 \(portrait 9:16\)/);
    assert.deepEqual(res.body.warnings, ['unknown field captions (did you mean caption?)']);
    assert.match(res.body.rid, /^[0-9a-f]{32}$/);
  });

  it('warnings are bounded: ten named, then one line for the rest; long names are shortened', async () => {
    const extra = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra_${i}_${'z'.repeat(i === 0 ? 200 : 1)}`, i]));
    const res = await s.call('PUT', '/v1/endpoint/nope', { key, body: { status: 'enabled', ...extra } });
    assert.equal(res.body.warnings.length, 11);
    assert.equal(res.body.warnings[10], 'more unknown fields were ignored');
    assert.ok(res.body.warnings[0].length < 120, res.body.warnings[0]);
  });

  it('an invalid key is checked before the body is parsed', async () => {
    const res = await s.call('POST', '/v1/product', { key: 'nope', rawBody: '{oops', headers: { 'content-type': 'application/json' } });
    businessError(res, 10105);
  });
});

const stores = [
  { name: 'in-memory counters', env: {} as Record<string, string> },
  { name: 'Redis counters (REDIS_URL)', env: process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : undefined },
];

for (const store of stores) describe(`POST rate limit with ${store.name}`, { skip: store.env ? false : 'REDIS_URL is not set' }, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ env: { RATE_LIMIT_POST_PER_MINUTE: '5', ...store.env } });
  });
  after(() => s.close());

  it('the request after the limit gets HTTP 429 with code 429 and Retry-After; GETs and other keys are not limited', async () => {
    const { apiKey: key } = await s.account();
    const { apiKey: other } = await s.account();
    for (let i = 0; i < 5; i++) {
      const res = await s.call('POST', '/v1/endpoint', { key, body: endpointBody });
      assert.equal(res.body.code, 0, `request ${i + 1} should pass`);
    }
    const limited = await s.call('POST', '/v1/endpoint', { key, body: endpointBody });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 429);
    assert.match(limited.body.msg, /Rate limit exceeded/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);

    // Nothing was created by the limited request.
    const list = await s.call('GET', '/v1/endpoints', { key });
    assert.equal(list.body.code, 0);
    assert.equal(list.body.data.endpoints.length, 5);

    assert.equal((await s.call('POST', '/v1/endpoint', { key: other, body: endpointBody })).body.code, 0);
  });
});
