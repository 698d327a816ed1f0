/**
 * Media given by hand are downloaded and checked in the background when the product is saved
 * (issue 28, loose end 2): each item's state (ok, pending, failed with the reason) in the
 * product's v1 and v2 answers; create_video_from_url (v1) and create_video_from_product (v2)
 * refuse with 40000 naming the media when every item failed, before a credit is spent. An image
 * that is blank, one flat colour or fully transparent "shows nothing".
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { imageProblem, SHOWS_NOTHING } from '../src/products/media-check.ts';
import { businessError, startServer, success, type TestServer } from './support/server.ts';

const png = (w: number, h: number, bg: { r: number; g: number; b: number; alpha?: number }) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { alpha: 1, ...bg } } }).png().toBuffer();

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .composite([{ input: await png(120, 90, { r: 30, g: 160, b: 220 }), left: 60, top: 50 }])
    .jpeg()
    .toBuffer();
}

describe('product media checks', () => {
  let s: TestServer;
  let site: http.Server;
  let base = '';
  let key = '';
  const files: Record<string, { type: string; body: Buffer }> = {};

  before(async () => {
    files['/good.jpg'] = { type: 'image/jpeg', body: await picture() };
    files['/white.png'] = { type: 'image/png', body: await png(400, 300, { r: 255, g: 255, b: 255 }) };
    files['/flat.jpg'] = { type: 'image/jpeg', body: await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 120, b: 60 } } }).jpeg().toBuffer() };
    files['/clear.png'] = { type: 'image/png', body: await png(400, 300, { r: 10, g: 200, b: 30, alpha: 0 }) };
    files['/fake.jpg'] = { type: 'image/jpeg', body: Buffer.from('<html>not a picture</html>') };
    site = http.createServer((req, res) => {
      const f = files[req.url ?? ''];
      if (f) res.writeHead(200, { 'content-type': f.type }).end(f.body);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1', ALLOW_PRIVATE_URLS: '1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 5 }));
  });
  after(async () => {
    await s?.close();
    site?.close();
  });

  const checked = async (path: string, productId: string) => {
    for (const until = Date.now() + 30_000; ; ) {
      const p = success(await s.call('GET', `${path}?product_id=${productId}`, { key }));
      if (!p.media.some((m: { state: string }) => m.state === 'pending') || Date.now() > until) return p;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const quota = async () => success(await s.call('GET', '/v2/user/remaining_quota', { key })).remaining_quota as number;
  const v1Video = (productId: string) => ({ product_id: productId, aspect_ratio: 0, video_length: '15', language: 'english', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public' });

  it('judges images: a picture shows something; white, one flat colour and fully transparent show nothing', async () => {
    assert.equal(await imageProblem(files['/good.jpg']!.body), null);
    assert.equal(await imageProblem(await png(400, 300, { r: 0, g: 0, b: 0, alpha: 0 }).then((b) => sharp(b).composite([{ input: files['/good.jpg']!.body, left: 0, top: 0 }]).png().toBuffer())), null, 'a picture on a transparent ground');
    for (const f of ['/white.png', '/flat.jpg', '/clear.png']) assert.equal(await imageProblem(files[f]!.body), SHOWS_NOTHING, f);
    assert.equal(await imageProblem(files['/fake.jpg']!.body), 'not a readable image');
  });

  it('v1: media given by hand start pending, then show ok / failed with the reason; all failed → create_video_from_url refused with 40000 naming the media, no credit taken', async () => {
    const made = success(await s.call('POST', '/v1/product', { key, body: { name: 'Desk Lamp', description: 'A lamp.', media: [
      { type: 1, url: `${base}/white.png`, name: 'white.png' },
      { type: 1, url: `${base}/clear.png` },
      { type: 1, url: `${base}/missing.jpg` },
      { type: 1, url: `${base}/fake.jpg` },
    ] } }));
    assert.deepEqual(made.media.map((m: { state: string }) => m.state), ['pending', 'pending', 'pending', 'pending']);
    const p = await checked('/v1/product', made.product_id);
    assert.deepEqual(p.media.map((m: { state: string }) => m.state), ['failed', 'failed', 'failed', 'failed']);
    assert.equal(p.media[0].fail_reason, SHOWS_NOTHING);
    assert.equal(p.media[1].fail_reason, SHOWS_NOTHING);
    assert.match(p.media[2].fail_reason, /could not be downloaded.*404/);
    assert.match(p.media[3].fail_reason, /not a readable image/);
    const before = await quota();
    const msg = businessError(await s.call('POST', '/v1/create_video_from_url', { key, body: v1Video(made.product_id) }), 40000);
    assert.match(msg, /media\[0\] \(white\.png\): the image shows nothing/);
    assert.match(msg, /media\[2\] \(missing\.jpg\): could not be downloaded/);
    assert.equal(await quota(), before, 'no credit spent');

    // Replacing the media with a good picture: checked again, and the video is accepted.
    success(await s.call('PUT', '/v1/product', { key, body: { product_id: made.product_id, media: [{ type: 1, url: `${base}/good.jpg` }] } }));
    assert.deepEqual((await checked('/v1/product', made.product_id)).media.map((m: { state: string; fail_reason: string }) => [m.state, m.fail_reason]), [['ok', '']]);
    assert.match(success(await s.call('POST', '/v1/create_video_from_url', { key, body: v1Video(made.product_id) })).project_id, /^[0-9a-f]{32}$/);
    assert.equal(await quota(), before - 1);
  });

  it('v2: one good item among failed ones is enough; all failed → create_video_from_product refused with 40000', async () => {
    const mixed = success(await s.call('POST', '/v2/product', { key, body: { name: 'Mug', description: 'A mug.', media: [{ type: 1, url: `${base}/good.jpg` }, { type: 1, url: `${base}/flat.jpg` }] } }));
    assert.deepEqual(mixed.media.map((m: { state: string }) => m.state), ['pending', 'pending'], 'the v2 answer shows the states too');
    const p = await checked('/v1/product', mixed.product_id);
    assert.deepEqual(p.media.map((m: { state: string }) => m.state), ['ok', 'failed']);
    const bad = success(await s.call('POST', '/v2/product', { key, body: { name: 'Blank', description: 'Nothing.', media: [{ type: 1, url: `${base}/clear.png` }] } }));
    await checked('/v1/product', bad.product_id);
    const before = await quota();
    const body = { product_id: bad.product_id, video_spec: { aspect_ratio: 'portrait', length: '15' }, avatar: { id: 1, type: 0 }, voice: { id: 'en-us-f1' }, script: { style: 'Light marketing', language: 'english' } };
    assert.match(businessError(await s.call('POST', '/v2/create_video_from_product', { key, body }), 40000), /media\[0\].*shows nothing/);
    assert.equal(await quota(), before);
  });

  it('crawled-style items without a state read as ok', async () => {
    const made = success(await s.call('POST', '/v1/product', { key, body: { name: 'Plain', description: 'No media.' } }));
    assert.deepEqual(made.media, []);
  });
});
