import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { portraitPhoto } from './support/face-photos.ts';
import { startServer, success as data, type TestServer } from './support/server.ts';

/**
 * Issue 28, findings 2 and 3: our own files given where an image is taken (add_motion image_url,
 * the product avatar's product_image_url and avatar_source.value, photo generation's image_url)
 * go through MediaRefResolver and are read from storage, never fetched over HTTP. The server
 * refuses private addresses here (ALLOW_PRIVATE_URLS=0), and PUBLIC_BASE_URL is a loopback URL
 * (http://localhost:<port>): a fetch of our own /files/ URL fails as "not a public address".
 */
describe('our own files and uploads as image references (read from storage, not fetched)', () => {
  let s: TestServer;
  let key: string;
  let other: string;
  let own: (k: string) => string;
  const jar = () =>
    sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="80" y="60" width="240" height="300" rx="30" fill="rgb(230,20,200)"/></svg>')).png().toBuffer();
  const orange = () => sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 240, g: 120, b: 10 } } }).png().toBuffer();

  before(async () => {
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '0', RENDER_SCALE: '0.25', REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 5 }));
    ({ apiKey: other } = await s.account({ credits: 5 }));
    own = (k) => s.running.services.store.publicUrl(k);
  });
  after(async () => {
    await s?.close();
  });

  async function upload(as: string, filename: string, bytes: Buffer, type: string) {
    const t = data(await s.call('POST', '/v1/upload/asset', { key: as, body: { filename } }));
    const u = new URL(t.sign_url);
    const put = await fetch(s.baseUrl + u.pathname + u.search, { method: 'PUT', headers: { 'content-type': type }, body: bytes as unknown as BodyInit });
    assert.equal(put.status, 200, await put.text());
    return t as { asset_id: string; asset_url: string };
  }

  const motion = async (body: object) => {
    const made = data(await s.call('POST', '/v1/photo_avatar/add_motion', { key, body }));
    for (;;) {
      const m = data(await s.call('GET', `/v1/photo_avatar?motion_id=${made.motion_id}`, { key }));
      if (m.status !== 'pending') return m;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('the base URL is a loopback address the URL policy refuses (what makes the next tests fail if they fetch)', async () => {
    assert.match(s.config.publicBaseUrl, /^http:\/\/localhost:\d+$/);
    const r = await s.call('POST', '/v1/product', { key, body: { name: 'N', description: 'D', media: [{ type: 1, url: 'http://localhost:9/x.png' }] } });
    assert.equal(r.body.code, 40000, JSON.stringify(r.body));
  });

  it("add_motion: a portrait at another of our /files/ URLs is read from storage and becomes a photo presenter", async () => {
    const k = 'avatars/a-0123456789abcdef0123456789abcdef/photo.jpg';
    await s.running.services.store.put(k, await portraitPhoto());
    const m = await motion({ image_url: own(k), name: 'Own file' });
    assert.equal(m.status, 'completed', JSON.stringify(m));
    assert.equal(m.error_msg, '');
  });

  it('add_motion: one of our URLs naming no stored file fails with the reason, never fetched', async () => {
    const m = await motion({ image_url: own('avatars/a-ffffffffffffffffffffffffffffffff/photo.jpg'), name: 'Missing' });
    assert.equal(m.status, 'error');
    assert.match(m.error_msg, /could not be fetched from image_url \(no stored file/);
  });

  it('product avatar: product_image_url and avatar_source.value given as our /files/ URLs are read from storage', async () => {
    await s.running.services.store.put('media/own-test/jar.png', await jar());
    await s.running.services.store.put('avatars/a-fedcba9876543210fedcba9876543210/photo.jpg', await portraitPhoto());
    for (const avatar_source of [{ type: 'id', avatar_id: 5, avatar_type: 'public' }, { type: 'image', value: own('avatars/a-fedcba9876543210fedcba9876543210/photo.jpg') }]) {
      const made = data(await s.call('POST', '/v2/product_avatar/generation', { key, body: { product_image_url: own('media/own-test/jar.png'), avatar_source, quality: 'low', aspect_ratio: '1:1', num_images: 1 } }));
      let b;
      for (;;) {
        b = data(await s.call('GET', `/v2/product_avatar/generation/${made.batch_id}`, { key }));
        if (b.summary.pending + b.summary.processing === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(b.summary.completed, 1, `${avatar_source.type}: ${JSON.stringify(b)}`);
    }
  });

  it('photo generation: image_url takes an uploaded image (asset id or asset URL) and our own /files/ URLs, read in place', async () => {
    const asset = await upload(key, 'ref.png', await orange(), 'image/png');
    await s.running.services.store.put('media/own-test/orange.png', await orange());
    for (const image_url of [asset.asset_id, asset.asset_url, own('media/own-test/orange.png')]) {
      const { photo_id } = data(await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { age: 'Adult', gender: 'Female', avatar_style: 'Social', image_url } }));
      let g;
      do {
        await new Promise((r) => setTimeout(r, 50));
        g = data(await s.call('GET', `/v1/photo_avatar/generation?photo_id=${photo_id}`, { key }));
      } while (g.status === 'in_progress');
      assert.equal(g.status, 'success', JSON.stringify(g));
      assert.doesNotMatch(g.msg, /image_url not used/, `${image_url}: ${g.msg}`);
    }
    // Another account's asset reads like an unknown one: 40000 naming image_url.
    const r = await s.call('POST', '/v1/photo_avatar/photo/generate', { key: other, body: { age: 'Adult', gender: 'Female', avatar_style: 'Social', image_url: asset.asset_id } });
    assert.equal(r.body.code, 40000, JSON.stringify(r.body));
    assert.match(r.body.msg, /image_url names no asset of this account/);
    // Neither a URL nor an asset id.
    const bad = await s.call('POST', '/v1/photo_avatar/photo/generate', { key, body: { age: 'Adult', gender: 'Female', avatar_style: 'Social', image_url: 'not a url' } });
    assert.match(bad.body.msg, /image_url must be an absolute URL or an asset_id/);
  });
});
