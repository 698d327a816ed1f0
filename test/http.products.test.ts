import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { crawlFailure, type CrawledProduct, type ProductCrawler } from '../src/products/product.crawler.ts';
import { sqliteTestDb } from './support/db.ts';

/** A media item without its check fields (state, fail_reason: http.product-media-check.test.ts covers them). */
const plainMedia = (ms: any[]) => ms.map(({ state: _s, fail_reason: _f, ...m }) => m);
import { businessError, startServer, type CallResult, type TestServer, success } from './support/server.ts';

const PRODUCT_KEYS = [
  'brand',
  'created_at',
  'currency',
  'description',
  'id',
  'language',
  'media',
  'name',
  'price',
  'product_id',
  'selling_points',
  'target_audience',
  'updated_at',
  'url',
].sort();

const HEX32 = /^[0-9a-f]{32}$/;

async function listAll(s: TestServer, key: string): Promise<any[]> {
  const data = success(await s.call('GET', '/v1/products?page_size=100', { key }));
  assert.ok(Array.isArray(data));
  return data;
}

async function count(s: TestServer, key: string): Promise<number> {
  return (await listAll(s, key)).length;
}

describe('POST /v1/product from name and description', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  it('takes the extensions brand, price, currency and selling_points when made by hand', async () => {
    const data = success(
      await s.call('POST', '/v1/product', {
        key,
        body: { name: 'Desk Lamp', description: 'A warm light.', brand: 'Lumo', price: 29, currency: 'gbp', selling_points: ['Dimmable', 'USB-C'] },
      }),
    );
    assert.equal(data.brand, 'Lumo');
    assert.equal(data.price, '29');
    assert.equal(data.currency, 'GBP');
    assert.deepEqual(data.selling_points, ['Dimmable', 'USB-C']);
    const msg = businessError(await s.call('POST', '/v1/product', { key, body: { name: 'n', description: 'd', price: '-5' } }), 40000);
    assert.match(msg, /^Parameter error: price /);
  });

  it('returns the full product in the envelope: product_id equals id, url empty, extensions empty', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await s.call('POST', '/v1/product', {
      key,
      body: {
        name: 'Trail Runner 2',
        description: 'Lightweight running shoe with a grippy sole.',
        target_audience: 'Weekend trail runners',
        media: [
          { type: 1, url: 'https://cdn.example.com/img/shoe-front.jpg', name: 'front.jpg', description: 'Front view' },
          { type: 2, url: 'https://cdn.example.com/video/demo.mp4', description: 'Demo clip' },
        ],
      },
    });
    const afterS = Math.ceil(Date.now() / 1000);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'msg', 'rid']);
    assert.equal(res.headers.get('x-request-id'), res.body.rid);
    const data = success(res);
    assert.deepEqual(Object.keys(data).sort(), PRODUCT_KEYS);
    assert.match(data.product_id, HEX32);
    assert.equal(data.id, data.product_id);
    assert.equal(data.url, '');
    assert.equal(data.name, 'Trail Runner 2');
    assert.equal(data.description, 'Lightweight running shoe with a grippy sole.');
    assert.equal(data.target_audience, 'Weekend trail runners');
    assert.ok(data.media.every((m: any) => ['pending', 'ok', 'failed'].includes(m.state)), 'media given by hand carry their check state');
    assert.deepEqual(plainMedia(data.media), [
      { type: 1, name: 'front.jpg', url: 'https://cdn.example.com/img/shoe-front.jpg', description: 'Front view' },
      { type: 2, name: 'demo.mp4', url: 'https://cdn.example.com/video/demo.mp4', description: 'Demo clip' },
    ]);
    assert.equal(data.brand, '');
    assert.equal(data.price, '');
    assert.equal(data.currency, '');
    assert.deepEqual(data.selling_points, []);
    assert.ok(Number.isInteger(data.created_at));
    assert.ok(data.created_at >= before && data.created_at <= afterS, `created_at ${data.created_at} is Unix seconds`);
    assert.equal(data.updated_at, data.created_at);
  });

  it('the alias POST /v1/open/product creates a product the same way', async () => {
    const data = success(await s.call('POST', '/v1/open/product', { key, body: { name: 'Alias Mug', description: 'A mug.' } }));
    assert.deepEqual(Object.keys(data).sort(), PRODUCT_KEYS);
    assert.equal(data.id, data.product_id);
    assert.equal(data.name, 'Alias Mug');
    const got = success(await s.call('GET', `/v1/product?product_id=${data.product_id}`, { key }));
    assert.deepEqual(got, data);
  });

  it('target_audience defaults to "" and media to [] when not given', async () => {
    const data = success(await s.call('POST', '/v1/product', { key, body: { name: 'Plain', description: 'Nothing else.' } }));
    assert.equal(data.target_audience, '');
    assert.deepEqual(data.media, []);
  });

  it('a media name defaults to the decoded file name of its URL, and description to ""', async () => {
    const data = success(
      await s.call('POST', '/v1/product', {
        key,
        body: {
          name: 'Named media',
          description: 'd',
          media: [
            { type: 1, url: 'https://cdn.example.com/img/red%20shoe.png?w=800' },
            { type: 2, url: 'https://cdn.example.com/' },
          ],
        },
      }),
    );
    assert.deepEqual(plainMedia(data.media), [
      { type: 1, name: 'red shoe.png', url: 'https://cdn.example.com/img/red%20shoe.png?w=800', description: '' },
      { type: 2, name: 'media', url: 'https://cdn.example.com/', description: '' },
    ]);
  });

  it('a numeric-string media type is accepted as the integer', async () => {
    const data = success(await s.call('POST', '/v1/product', { key, body: { name: 'n', description: 'd', media: [{ type: '2', url: 'https://cdn.example.com/a.mp4' }] } }));
    assert.equal(data.media[0].type, 2);
  });

  it('a number for name or description is stored as its string form', async () => {
    const data = success(await s.call('POST', '/v1/product', { key, body: { name: 5, description: 12.5 } }));
    assert.equal(data.name, '5');
    assert.equal(data.description, '12.5');
  });

  it('the stored product reads back unchanged from GET /v1/product and GET /v1/products', async () => {
    const created = success(
      await s.call('POST', '/v1/product', { key, body: { name: 'Readback', description: 'r', media: [{ type: 1, url: 'https://cdn.example.com/r.jpg' }] } }),
    );
    assert.deepEqual(success(await s.call('GET', `/v1/product?product_id=${created.product_id}`, { key })), created);
    const listed = (await listAll(s, key)).find((p) => p.product_id === created.product_id);
    assert.deepEqual(listed, created);
  });
});

describe('POST /v1/product validation', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  async function rejected(body: unknown, path = '/v1/product'): Promise<string> {
    const before = await count(s, key);
    const msg = businessError(await s.call('POST', path, { key, body }), 40000);
    assert.equal(await count(s, key), before, 'a rejected request writes no product');
    return msg;
  }

  it('missing name without url is 40000 naming name', async () => {
    const msg = await rejected({ description: 'd' });
    assert.match(msg, /^Parameter error: name is required/);
  });

  it('missing description without url is 40000 naming description', async () => {
    const msg = await rejected({ name: 'n' });
    assert.match(msg, /^Parameter error: description is required/);
  });

  it('the alias validates the same way', async () => {
    assert.match(await rejected({ description: 'd' }, '/v1/open/product'), /^Parameter error: name is required/);
  });

  it('an empty string name means absent: "name is required..."', async () => {
    const msg = await rejected({ name: '', description: 'd' });
    assert.match(msg, /^Parameter error: name is required/);
  });

  it('an empty string description means absent', async () => {
    assert.match(await rejected({ name: 'n', description: '' }), /^Parameter error: description is required/);
  });

  it('null name means absent', async () => {
    assert.match(await rejected({ name: null, description: 'd' }), /^Parameter error: name is required/);
  });

  it('an object for name is 40000 "name must be a string"', async () => {
    assert.equal(await rejected({ name: { a: 1 }, description: 'd' }), 'Parameter error: name must be a string');
  });

  it('an empty body is 40000 naming name', async () => {
    assert.match(await rejected({}), /name is required/);
  });

  it('media as an object instead of an array is 40000 "media must be an array"', async () => {
    const msg = await rejected({ name: 'n', description: 'd', media: { type: 1, url: 'https://cdn.example.com/a.jpg' } });
    assert.equal(msg, 'Parameter error: media must be an array');
  });

  it('media as a string is 40000 naming media', async () => {
    const msg = await rejected({ name: 'n', description: 'd', media: 'https://cdn.example.com/a.jpg' });
    assert.equal(msg, 'Parameter error: media must be an array');
  });

  it('media[0].type 3 is 40000 naming media[0].type and "one of 1, 2"', async () => {
    const msg = await rejected({ name: 'n', description: 'd', media: [{ type: 3, url: 'https://cdn.example.com/a.jpg' }] });
    assert.equal(msg, 'Parameter error: media[0].type must be one of 1 (image), 2 (video)');
  });

  it('the failing media item is named by its index', async () => {
    const msg = await rejected({
      name: 'n',
      description: 'd',
      media: [
        { type: 1, url: 'https://cdn.example.com/a.jpg' },
        { type: 0, url: 'https://cdn.example.com/b.jpg' },
      ],
    });
    assert.equal(msg, 'Parameter error: media[1].type must be one of 1 (image), 2 (video)');
  });

  it('a media item without type is 40000 naming media[0].type', async () => {
    assert.equal(await rejected({ name: 'n', description: 'd', media: [{ url: 'https://cdn.example.com/a.jpg' }] }), 'Parameter error: media[0].type is required: one of 1 (image), 2 (video)');
  });

  it('a media item with an empty url is 40000 "media[0].url is required"', async () => {
    assert.equal(await rejected({ name: 'n', description: 'd', media: [{ type: 1, url: '' }] }), 'Parameter error: media[0].url is required');
  });

  it('an http:// media url is 40000 naming media[0].url', async () => {
    const msg = await rejected({ name: 'n', description: 'd', media: [{ type: 1, url: 'http://cdn.example.com/a.jpg' }] });
    assert.equal(msg, 'Parameter error: media[0].url must be an https:// URL');
  });

  it('a media url pointing at 127.0.0.1 is 40000 naming media[0].url', async () => {
    const msg = await rejected({ name: 'n', description: 'd', media: [{ type: 1, url: 'https://127.0.0.1/a.jpg' }] });
    assert.match(msg, /^Parameter error: media\[0\]\.url must not point at a private/);
  });

  it('media urls at private, link-local (metadata) and IPv4-mapped loopback addresses are refused', async () => {
    for (const url of ['https://10.1.2.3/a.jpg', 'https://192.168.1.1/a.jpg', 'https://169.254.169.254/latest', 'https://[::1]/a.jpg', 'https://[::ffff:127.0.0.1]/a.jpg']) {
      const msg = await rejected({ name: 'n', description: 'd', media: [{ type: 1, url }] });
      assert.match(msg, /^Parameter error: media\[0\]\.url /, url);
    }
  });

  it('a media url on localhost is 40000 naming media[0].url', async () => {
    assert.match(await rejected({ name: 'n', description: 'd', media: [{ type: 1, url: 'https://localhost/a.jpg' }] }), /^Parameter error: media\[0\]\.url must use a public host name/);
  });

  it('a media url that is not a URL is 40000 naming media[0].url', async () => {
    assert.equal(await rejected({ name: 'n', description: 'd', media: [{ type: 1, url: 'not a url' }] }), 'Parameter error: media[0].url must be an absolute URL or an asset_id from POST /v1/upload/asset');
  });

  it('a bad url in the second media item names media[1].url and stores nothing', async () => {
    const msg = await rejected({
      name: 'n',
      description: 'd',
      media: [
        { type: 1, url: 'https://cdn.example.com/a.jpg' },
        { type: 1, url: 'http://cdn.example.com/b.jpg' },
      ],
    });
    assert.equal(msg, 'Parameter error: media[1].url must be an https:// URL');
  });

  it('more than 50 media items is 40000 naming media', async () => {
    const media = Array.from({ length: 51 }, (_, i) => ({ type: 1, url: `https://cdn.example.com/${i}.jpg` }));
    assert.equal(await rejected({ name: 'n', description: 'd', media }), 'Parameter error: media must have at most 50 items');
  });

  it('a name over 500 characters is 40000 naming name', async () => {
    assert.equal(await rejected({ name: 'x'.repeat(501), description: 'd' }), 'Parameter error: name must be at most 500 characters');
  });

  it('malformed JSON is 40000 and stores nothing', async () => {
    const before = await count(s, key);
    const res = await s.call('POST', '/v1/product', { key, rawBody: '{"name": "n",', headers: { 'content-type': 'application/json' } });
    assert.match(businessError(res, 40000), /^Parameter error: body is not valid JSON/);
    assert.equal(await count(s, key), before);
  });

  it('without an API key the call is 10105 and stores nothing', async () => {
    businessError(await s.call('POST', '/v1/product', { body: { name: 'n', description: 'd' } }), 10105);
    assert.equal(await count(s, key), 0);
  });

  it('after all the rejected requests above the account still has no products', async () => {
    assert.deepEqual(await listAll(s, key), []);
  });
});

describe('POST /v1/product with url (crawling)', () => {
  it('with the default crawler it is 40000 "Failed to extract product information: ..." and nothing is stored', async () => {
    const s = await startServer();
    try {
      const { apiKey: key } = await s.account();
      const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: 'https://shop.example.com/p/1', name: 'n', description: 'd' } }), 40000);
      assert.match(msg, /^Failed to extract product information: ./);
      const alias = businessError(await s.call('POST', '/v1/open/product', { key, body: { url: 'https://shop.example.com/p/1' } }), 40000);
      assert.match(alias, /^Failed to extract product information: ./);
      assert.deepEqual(success(await s.call('GET', '/v1/products', { key })), []);
    } finally {
      await s.close();
    }
  });

  describe('with a custom crawler', () => {
    let s: TestServer;
    let key: string;
    const crawled: string[] = [];
    const result: CrawledProduct = {
      name: 'Crawled Kettle',
      description: 'Boils water in 90 seconds.',
      media: [{ type: 1, name: 'kettle.jpg', url: 'https://media.example.com/kettle.jpg', description: 'Hero shot' }],
      brand: 'Acme',
      price: '49.90',
      currency: 'EUR',
      sellingPoints: ['Fast', 'Quiet', 'Auto shut-off'],
    };
    const crawler: ProductCrawler = {
      crawl: async (url) => {
        crawled.push(url);
        if (url.includes('/broken')) throw crawlFailure('not a product page');
        return structuredClone(result);
      },
    };
    before(async () => {
      s = await startServer({ crawler });
      ({ apiKey: key } = await s.account());
    });
    after(() => s.close());

    it('stores the crawled product with the source url and the crawler fields (brand, price, currency, selling_points)', async () => {
      const res = await s.call('POST', '/v1/product', { key, body: { url: 'https://shop.example.com/kettle' } });
      const data = success(res);
      assert.deepEqual(crawled.slice(-1), ['https://shop.example.com/kettle']);
      assert.deepEqual(Object.keys(data).sort(), PRODUCT_KEYS);
      assert.match(data.product_id, HEX32);
      assert.equal(data.id, data.product_id);
      assert.equal(data.url, 'https://shop.example.com/kettle');
      assert.equal(data.name, 'Crawled Kettle');
      assert.equal(data.description, 'Boils water in 90 seconds.');
      assert.deepEqual(plainMedia(data.media), result.media);
      assert.ok(data.media.every((m: any) => m.state === 'ok' && m.fail_reason === ''), 'crawled media are ok');
      assert.equal(data.brand, 'Acme');
      assert.equal(data.price, '49.90');
      assert.equal(data.currency, 'EUR');
      assert.deepEqual(data.selling_points, ['Fast', 'Quiet', 'Auto shut-off']);
      assert.deepEqual(success(await s.call('GET', `/v1/product?product_id=${data.product_id}`, { key })), data);
    });

    it('with url given, name, description and media in the body are ignored in favour of the crawled page', async () => {
      const data = success(
        await s.call('POST', '/v1/open/product', {
          key,
          body: { url: 'https://shop.example.com/kettle2', name: 'Mine', description: 'My words', media: [{ type: 2, url: 'https://cdn.example.com/x.mp4' }] },
        }),
      );
      assert.equal(data.url, 'https://shop.example.com/kettle2');
      assert.equal(data.name, 'Crawled Kettle');
      assert.equal(data.description, 'Boils water in 90 seconds.');
      assert.deepEqual(plainMedia(data.media), result.media);
    });

    it('an empty url means absent: name and description are used and the crawler is not called', async () => {
      const calls = crawled.length;
      const data = success(await s.call('POST', '/v1/product', { key, body: { url: '', name: 'Hand made', description: 'typed in' } }));
      assert.equal(crawled.length, calls);
      assert.equal(data.url, '');
      assert.equal(data.name, 'Hand made');
      assert.equal(data.brand, '');
    });

    it('a crawl failure is 40000 with the crawler reason and stores nothing', async () => {
      const before = await count(s, key);
      const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: 'https://shop.example.com/broken' } }), 40000);
      assert.equal(msg, 'Failed to extract product information: not a product page');
      assert.equal(await count(s, key), before);
    });

    it('an http:// url is 40000 naming url, and the crawler is not called', async () => {
      const calls = crawled.length;
      const before = await count(s, key);
      const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: 'http://example.com' } }), 40000);
      assert.equal(msg, 'Parameter error: url must be an https:// URL');
      assert.equal(crawled.length, calls);
      assert.equal(await count(s, key), before);
    });

    it('a private or loopback IP literal url is refused before the crawler is called', async () => {
      const calls = crawled.length;
      const before = await count(s, key);
      for (const url of ['https://127.0.0.1/product', 'https://10.0.0.5/p', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/p', 'https://[::ffff:10.0.0.1]/p']) {
        const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url } }), 40000);
        assert.match(msg, /^Parameter error: url must not point at a private, loopback or reserved address$/, url);
      }
      assert.equal(crawled.length, calls);
      assert.equal(await count(s, key), before);
    });

    it('a wrong crawl is corrected with PUT: price, currency, brand and selling_points replace what the crawl found', async () => {
      const p = success(await s.call('POST', '/v1/product', { key, body: { url: 'https://shop.example.com/kettle' } }));
      assert.equal(p.price, '49.90');
      success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, price: '39,90', brand: 'Acme Home', selling_points: ['Fast', 'Quiet'], media: [] } }));
      const got = success(await s.call('GET', `/v1/product?product_id=${p.product_id}`, { key }));
      assert.equal(got.price, '39.90');
      assert.equal(got.currency, 'EUR');
      assert.equal(got.brand, 'Acme Home');
      assert.deepEqual(got.selling_points, ['Fast', 'Quiet']);
      assert.deepEqual(got.media, p.media, 'media: [] kept the crawled media');
    });

    it('a url with credentials or a non-public host name is refused before the crawler is called', async () => {
      const calls = crawled.length;
      assert.match(businessError(await s.call('POST', '/v1/product', { key, body: { url: 'https://user:pw@shop.example.com/p' } }), 40000), /^Parameter error: url must not contain credentials/);
      assert.match(businessError(await s.call('POST', '/v1/product', { key, body: { url: 'https://localhost/p' } }), 40000), /^Parameter error: url /);
      assert.match(businessError(await s.call('POST', '/v1/product', { key, body: { url: 'not-a-url' } }), 40000), /^Parameter error: url must be an absolute URL/);
      assert.equal(crawled.length, calls);
    });
  });
});

describe('PUT /v1/product', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
    ({ apiKey: otherKey } = await s.account());
  });
  after(() => s.close());

  async function create(k = key): Promise<any> {
    return success(
      await s.call('POST', '/v1/product', {
        key: k,
        body: {
          name: 'Original',
          description: 'Original description',
          target_audience: 'Everyone',
          media: [{ type: 1, url: 'https://cdn.example.com/orig.jpg', name: 'orig.jpg', description: 'orig' }],
        },
      }),
    );
  }

  async function get(id: string, k = key): Promise<any> {
    return success(await s.call('GET', `/v1/product?product_id=${id}`, { key: k }));
  }

  it('responds with exactly {code: 0, msg, rid} and no data', async () => {
    const p = await create();
    const res = await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: 'Renamed' } });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'msg', 'rid']);
    assert.equal(res.body.code, 0);
    assert.equal(typeof res.body.msg, 'string');
    assert.match(res.body.rid, HEX32);
  });

  it('changes only the given field (name) and keeps the rest', async () => {
    const p = await create();
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: 'New name' } }));
    const got = await get(p.product_id);
    assert.deepEqual({ ...got, updated_at: p.updated_at }, { ...p, name: 'New name' });
    assert.ok(got.updated_at >= p.updated_at);
  });

  it('changes description and target_audience together, leaving name and media', async () => {
    const p = await create();
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, description: 'Better', target_audience: 'Runners' } }));
    const got = await get(p.product_id);
    assert.equal(got.name, 'Original');
    assert.equal(got.description, 'Better');
    assert.equal(got.target_audience, 'Runners');
    assert.deepEqual(got.media, p.media);
  });

  it('a supplied media list replaces the old one entirely, with defaults filled in', async () => {
    const p = await create();
    const media = [
      { type: 2, url: 'https://cdn.example.com/new/clip.mp4' },
      { type: 1, url: 'https://cdn.example.com/new/pic.png', name: 'picture', description: 'side' },
    ];
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, media } }));
    const got = await get(p.product_id);
    assert.deepEqual(plainMedia(got.media), [
      { type: 2, name: 'clip.mp4', url: 'https://cdn.example.com/new/clip.mp4', description: '' },
      { type: 1, name: 'picture', url: 'https://cdn.example.com/new/pic.png', description: 'side' },
    ]);
    assert.equal(got.name, 'Original');
  });

  it('an empty media list changes nothing (the Pipedream action always sends media: [])', async () => {
    const p = await create();
    assert.ok(p.media.length > 0);
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: 'Renamed', media: [] } }));
    const got = await get(p.product_id);
    assert.deepEqual(got.media, p.media);
    assert.equal(got.name, 'Renamed');
  });

  it('sets the extensions price, currency, brand and selling_points, and GET shows them', async () => {
    const p = await create();
    assert.equal(p.price, '');
    const res = await s.call('PUT', '/v1/product', {
      key,
      body: { product_id: p.product_id, price: '1.299,00', currency: 'eur', brand: 'Acme', selling_points: ['Light', '  ', 'Waterproof'] },
    });
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'msg', 'rid'], JSON.stringify(res.body));
    const got = await get(p.product_id);
    assert.equal(got.price, '1299.00');
    assert.equal(got.currency, 'EUR');
    assert.equal(got.brand, 'Acme');
    assert.deepEqual(got.selling_points, ['Light', 'Waterproof']);
    assert.equal(got.name, 'Original');
    assert.deepEqual(got.media, p.media);
  });

  it('a price may be a JSON number; price 0 removes it; an empty selling_points list changes nothing', async () => {
    const p = await create();
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, price: 49.9, currency: 'USD', selling_points: ['Grippy'] } }));
    assert.equal((await get(p.product_id)).price, '49.9');
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, price: 0, selling_points: [] } }));
    const got = await get(p.product_id);
    assert.equal(got.price, '');
    assert.equal(got.currency, 'USD');
    assert.deepEqual(got.selling_points, ['Grippy']);
  });

  it('a negative or non-numeric price and an unknown currency are 40000 naming the field, and change nothing', async () => {
    const p = await create();
    for (const price of [-1, '-3.50', 'cheap', '12abc', '1e21']) {
      const msg = businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: 'Changed', price } }), 40000);
      assert.match(msg, /^Parameter error: price must be a non-negative number or numeric string/, String(price));
    }
    for (const currency of ['XYZ', 'euro', '$']) {
      const msg = businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: 'Changed', currency } }), 40000);
      assert.equal(msg, 'Parameter error: currency must be an ISO 4217 currency code such as USD, EUR or JPY', currency);
    }
    const bad = businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, selling_points: 'Light' } }), 40000);
    assert.equal(bad, 'Parameter error: selling_points must be an array');
    assert.deepEqual(await get(p.product_id), p);
  });

  it('empty-string fields mean absent and change nothing', async () => {
    const p = await create();
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: '', description: '' } }));
    const got = await get(p.product_id);
    assert.equal(got.name, 'Original');
    assert.equal(got.description, 'Original description');
  });

  it('the alias PUT /v1/open/product updates the same way', async () => {
    const p = await create();
    const res = await s.call('PUT', '/v1/open/product', { key, body: { product_id: p.product_id, name: 'Via alias' } });
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'msg', 'rid']);
    assert.equal(res.body.code, 0);
    assert.equal((await get(p.product_id)).name, 'Via alias');
  });

  it('an unknown product_id is 10104', async () => {
    businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: 'ffffffffffffffffffffffffffffffff', name: 'x' } }), 10104);
    businessError(await s.call('PUT', '/v1/open/product', { key, body: { product_id: 'nope', name: 'x' } }), 10104);
  });

  it('a missing product_id is 40000 naming product_id', async () => {
    assert.equal(businessError(await s.call('PUT', '/v1/product', { key, body: { name: 'x' } }), 40000), 'Parameter error: product_id is required');
  });

  it('an empty product_id is 40000 naming product_id', async () => {
    assert.equal(businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: '', name: 'x' } }), 40000), 'Parameter error: product_id is required');
  });

  it("another account's product is 10104 and stays unchanged", async () => {
    const p = await create(otherKey);
    businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: 'Hijacked', media: [] } }), 10104);
    businessError(await s.call('PUT', '/v1/open/product', { key, body: { product_id: p.product_id, description: 'Hijacked' } }), 10104);
    assert.deepEqual(await get(p.product_id, otherKey), p);
  });

  it('an invalid media item is 40000 naming it and leaves the product unchanged', async () => {
    const p = await create();
    const typeMsg = businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: 'Changed', media: [{ type: 3, url: 'https://cdn.example.com/a.jpg' }] } }), 40000);
    assert.equal(typeMsg, 'Parameter error: media[0].type must be one of 1 (image), 2 (video)');
    const urlMsg = businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, name: 'Changed', media: [{ type: 1, url: 'http://cdn.example.com/a.jpg' }] } }), 40000);
    assert.equal(urlMsg, 'Parameter error: media[0].url must be an https:// URL');
    assert.deepEqual(await get(p.product_id), p);
  });

  it('media not an array is 40000 naming media', async () => {
    const p = await create();
    assert.equal(businessError(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, media: { type: 1 } } }), 40000), 'Parameter error: media must be an array');
  });
});

describe('GET /v1/products and GET /v1/product', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  const ids: string[] = [];
  let otherId: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key } = await s.account());
    ({ apiKey: otherKey } = await s.account());
    otherId = success(await s.call('POST', '/v1/product', { key: otherKey, body: { name: 'Not yours', description: 'd' } })).product_id;
    for (let i = 1; i <= 5; i++) {
      // Distinct creation milliseconds, so "newest first" has a single right answer.
      await sleep(5);
      ids.push(success(await s.call('POST', '/v1/product', { key, body: { name: `P${i}`, description: `d${i}` } })).product_id);
    }
  });
  after(() => s.close());

  it('lists only the own products as an array, newest first', async () => {
    const res = await s.call('GET', '/v1/products', { key });
    const data = success(res);
    assert.ok(Array.isArray(data));
    assert.deepEqual(
      data.map((p: any) => p.product_id),
      [...ids].reverse(),
    );
    assert.deepEqual(
      data.map((p: any) => p.name),
      ['P5', 'P4', 'P3', 'P2', 'P1'],
    );
    for (const p of data) assert.deepEqual(Object.keys(p).sort(), PRODUCT_KEYS);
  });

  it("the other account sees only its own product", async () => {
    const data = success(await s.call('GET', '/v1/products', { key: otherKey }));
    assert.deepEqual(
      data.map((p: any) => p.product_id),
      [otherId],
    );
  });

  it('page and page_size select a slice of the newest-first list', async () => {
    const page = async (q: string) => success(await s.call('GET', `/v1/products?${q}`, { key })).map((p: any) => p.name);
    assert.deepEqual(await page('page=1&page_size=2'), ['P5', 'P4']);
    assert.deepEqual(await page('page=2&page_size=2'), ['P3', 'P2']);
    assert.deepEqual(await page('page=3&page_size=2'), ['P1']);
    assert.deepEqual(await page('page=4&page_size=2'), []);
    assert.deepEqual(await page('page_size=1'), ['P5']);
    assert.deepEqual(await page('page=2'), []);
  });

  it('empty page and page_size mean the defaults', async () => {
    const data = success(await s.call('GET', '/v1/products?page=&page_size=', { key }));
    assert.equal(data.length, 5);
  });

  it('page_size 0 and 101 are 40000 naming page_size', async () => {
    assert.match(businessError(await s.call('GET', '/v1/products?page_size=0', { key }), 40000), /^Parameter error: page_size /);
    assert.match(businessError(await s.call('GET', '/v1/products?page_size=101', { key }), 40000), /^Parameter error: page_size /);
    assert.equal(success(await s.call('GET', '/v1/products?page_size=100', { key })).length, 5);
  });

  it('page 0 or a non-numeric page is 40000 naming page', async () => {
    assert.match(businessError(await s.call('GET', '/v1/products?page=0', { key }), 40000), /^Parameter error: page /);
    assert.match(businessError(await s.call('GET', '/v1/products?page=abc', { key }), 40000), /^Parameter error: page must be an integer/);
  });

  it('an absurdly large page is 40000 naming page, not a system error', async () => {
    assert.equal(businessError(await s.call('GET', '/v1/products?page=99999999999999999999', { key }), 40000), 'Parameter error: page must be <= 1000000');
    assert.equal(businessError(await s.call('GET', '/v1/products?page=1000001', { key }), 40000), 'Parameter error: page must be <= 1000000');
    assert.deepEqual(success(await s.call('GET', '/v1/products?page=1000000', { key })), []);
  });

  it('GET /v1/product?product_id= returns that one product', async () => {
    const data = success(await s.call('GET', `/v1/product?product_id=${ids[2]}`, { key }));
    assert.deepEqual(Object.keys(data).sort(), PRODUCT_KEYS);
    assert.equal(data.product_id, ids[2]);
    assert.equal(data.name, 'P3');
  });

  it("GET /v1/product of another account's product is 10104", async () => {
    businessError(await s.call('GET', `/v1/product?product_id=${otherId}`, { key }), 10104);
    businessError(await s.call('GET', `/v1/product?product_id=${ids[0]}`, { key: otherKey }), 10104);
  });

  it('GET /v1/product of an unknown id is 10104, and without product_id is 40000', async () => {
    businessError(await s.call('GET', '/v1/product?product_id=0123456789abcdef0123456789abcdef', { key }), 10104);
    assert.equal(businessError(await s.call('GET', '/v1/product', { key }), 40000), 'Parameter error: product_id is required');
    assert.equal(businessError(await s.call('GET', '/v1/product?product_id=', { key }), 40000), 'Parameter error: product_id is required');
  });

  it('listing needs a valid key (10105)', async () => {
    businessError(await s.call('GET', '/v1/products'), 10105);
    businessError(await s.call('GET', `/v1/product?product_id=${ids[0]}`, { key: 'rs_bogus' }), 10105);
  });
});

describe('product language (extension): detected from the product text on create and update', () => {
  let s: TestServer;
  let key: string;
  let testDb: Awaited<ReturnType<typeof sqliteTestDb>>;
  before(async () => {
    testDb = await sqliteTestDb();
    s = await startServer({ testDb });
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  const create = async (name: string, description: string) => success(await s.call('POST', '/v1/product', { key, body: { name, description } }));
  const get = async (id: string) => success(await s.call('GET', `/v1/product?product_id=${id}`, { key }));

  it('names the language of the text as a create_video_from_url language value, and reads it back', async () => {
    const cases: [string, string, string][] = [
      ['Aurora Schreibtischlampe', 'Eine dimmbare LED-Lampe für den Schreibtisch. Das warme Licht schont die Augen.', 'german'],
      ['Lampe de bureau Aurora', 'Une lampe LED réglable pour le bureau. Sa lumière chaude repose les yeux le soir.', 'french'],
      ['オーロラ卓上ライト', '目に優しい暖かい光のLEDデスクライトです。明るさを無段階で調節できます。', 'japanese'],
      ['Aurora Desk Lamp', 'A dimmable LED lamp for your desk. Its warm light is easy on the eyes at night.', 'english'],
      ['مصباح أورورا', 'مصباح مكتب LED قابل للتعتيم بضوء دافئ مريح للعينين في المساء.', 'arabic'],
    ];
    for (const [name, description, language] of cases) {
      const p = await create(name, description);
      assert.equal(p.language, language, name);
      assert.equal((await get(p.product_id)).language, language);
    }
  });

  it('a text too short to tell is null', async () => {
    assert.equal((await create('X1', 'Y2')).language, null);
  });

  it('an update of the text detects again; an update of the audience alone keeps it', async () => {
    const p = await create('Aurora Desk Lamp', 'A dimmable LED lamp for your desk. Its warm light is easy on the eyes at night.');
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, target_audience: 'Étudiants et télétravailleurs' } }));
    assert.equal((await get(p.product_id)).language, 'english');
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: p.product_id, description: 'Lámpara LED regulable para el escritorio. Su luz cálida descansa la vista por la noche.' } }));
    assert.equal((await get(p.product_id)).language, 'spanish');
    const missing = await s.call('PUT', '/v1/product', { key, body: { product_id: 'f'.repeat(32), description: 'Eine Lampe für den Schreibtisch mit warmem Licht.' } });
    assert.equal(missing.body.code, 10104, JSON.stringify(missing.body));
  });

  it('products stored before detection read as null', async () => {
    const p = await create('Aurora Desk Lamp', 'A dimmable LED lamp for your desk. Its warm light is easy on the eyes at night.');
    await testDb.db.kysely.updateTable('products').set({ language: null }).where('id', '=', p.product_id).execute();
    assert.equal((await get(p.product_id)).language, null);
  });
});
