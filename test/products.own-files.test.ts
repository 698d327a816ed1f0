import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ownFileRef } from '../src/storage/own-files.ts';
import { businessError, startServer, type TestServer } from './support/server.ts';

const BASE = 'https://videos.example.com';
const ODD_KEYS = [
  'media/../../etc/passwd',
  'media/%2e%2e/%2e%2e/etc/passwd',
  '%2e%2e/reelsmith.db',
  'media/abc/image-1.jpg?v=1',
  'media/abc/image-1.jpg#top',
  'media/abc//image-1.jpg',
  'media/./abc/image-1.jpg',
  'media\\abc\\image-1.jpg',
  'media/abc/image 1.jpg',
  '',
];

describe('ownFileRef: media URLs under PUBLIC_BASE_URL/files/', () => {
  it('a clean key is one of our stored files', () => {
    assert.deepEqual(ownFileRef(`${BASE}/files/media/0a1b/image-1.jpg`, BASE), { kind: 'stored', key: 'media/0a1b/image-1.jpg' });
  });
  it('another site, or another path of ours, is foreign (fetched like any other)', () => {
    assert.deepEqual(ownFileRef('https://cdn.example.net/files/media/x.jpg', BASE), { kind: 'foreign' });
    assert.deepEqual(ownFileRef(`${BASE}/catalog/covers/1.jpg`, BASE), { kind: 'foreign' });
  });
  for (const key of ODD_KEYS) {
    it(`an odd key is invalid: ${JSON.stringify(key)}`, () => {
      assert.equal(ownFileRef(`${BASE}/files/${key}`, BASE).kind, 'invalid');
    });
  }
  it('the same place written another way is invalid, not fetched from ourselves', () => {
    assert.equal(ownFileRef(`${BASE}/x/../files/media/a/image-1.jpg`, BASE).kind, 'invalid');
    assert.equal(ownFileRef('https://VIDEOS.example.com/files/media/a/image-1.jpg', BASE).kind, 'invalid');
  });
  it('a base URL with a path only claims what is under its own /files/', () => {
    const base = 'https://example.com/reelsmith';
    assert.equal(ownFileRef('https://example.com/reelsmith/files/media/a/b.jpg', base).kind, 'stored');
    assert.equal(ownFileRef('https://example.com/files/a.jpg', base).kind, 'foreign');
    assert.equal(ownFileRef('https://example.com/reelsmith/files/../files/a.jpg', base).kind, 'invalid');
  });
});

describe('POST/PUT /v1/product refuse a hand-given media URL under our /files/ with an odd key (40000)', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer({ env: { PUBLIC_BASE_URL: BASE } });
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  const body = (url: string) => ({ name: 'Lamp', description: 'A lamp.', media: [{ type: 1, url: 'https://cdn.example.net/lamp.jpg' }, { type: 1, url }] });

  for (const odd of ODD_KEYS) {
    it(`create: ${JSON.stringify(odd)}`, async () => {
      const msg = businessError(await s.call('POST', '/v1/product', { key, body: body(`${BASE}/files/${odd}`) }), 40000);
      assert.match(msg, /^Parameter error: media\[1\]\.url /);
    });
  }

  it('update: refused the same way, and the product keeps its media', async () => {
    const created = await s.call('POST', '/v1/product', { key, body: body(`${BASE}/files/media/0a1b/image-1.jpg`) });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const id = created.body.data.product_id;
    const msg = businessError(
      await s.call('PUT', '/v1/product', { key, body: { product_id: id, media: [{ type: 1, url: `${BASE}/files/media/%2e%2e/x.jpg` }] } }),
      40000,
    );
    assert.match(msg, /media\[0\]\.url/);
    const got = await s.call('GET', `/v1/product?product_id=${id}`, { key });
    assert.deepEqual(got.body.data.media.map((m: { url: string }) => m.url), ['https://cdn.example.net/lamp.jpg', `${BASE}/files/media/0a1b/image-1.jpg`]);
  });
});
