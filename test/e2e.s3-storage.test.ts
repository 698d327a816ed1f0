import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { probe } from '../src/media/ffprobe.ts';
import { loadProductMedia } from '../src/videos/product-media.ts';
import { startS3, type TestS3 } from './support/s3.ts';
import { startServer, success, type TestServer } from './support/server.ts';

/**
 * STORAGE=s3 end to end (s3rver on loopback, the ffmpeg test generator): an uploaded image as
 * product media, a video made and served from the bucket, and nothing kept under DATA_DIR/files.
 */
describe('a video made with STORAGE=s3', () => {
  let s3: TestS3;
  let s: TestServer;
  let key: string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-s3-e2e-'));

  before(async () => {
    s3 = await startS3();
    s = await startServer({ env: { ...s3.env, REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 5 }));
  });
  after(async () => {
    await s?.close();
    await s3?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const ok = async (method: string, p: string, body?: unknown) => success(await s.call(method, p, { key, ...(body === undefined ? {} : { body }) }));
  const served = (url: string, headers: Record<string, string> = {}) => fetch(s.baseUrl + new URL(url).pathname, { headers });

  it('an uploaded image goes to the bucket, the product uses it, the video is stored there and served with ranges', { timeout: 60_000 }, async () => {
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 230, g: 0, b: 200 } } }).composite([{ input: { create: { width: 60, height: 60, channels: 3, background: '#ffffff' } }, left: 10, top: 10 }]).jpeg().toBuffer();
    const ticket = await ok('POST', '/v1/upload/asset', { filename: 'lamp.jpg' });
    const u = new URL(ticket.sign_url);
    const put = await fetch(s.baseUrl + u.pathname + u.search, { method: 'PUT', body: new Uint8Array(photo) });
    assert.equal(put.status, 200, await put.clone().text());
    const image = await served(ticket.asset_url);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/jpeg');
    assert.ok(Buffer.from(await image.arrayBuffer()).equals(photo), 'the stored bytes are the uploaded ones');

    const product = await ok('POST', '/v1/product', { name: 'Aurora Desk Lamp', description: 'Warm dimmable LED lamp.', media: [{ type: 1, url: ticket.asset_id }] });
    // What a video attempt does with the product's media: a copy from the bucket in its work dir.
    const loaded = await loadProductMedia({ id: product.product_id, media: product.media }, path.join(tmp, 'work'), {
      store: s.running.services.store,
      publicBaseUrl: s.config.publicBaseUrl,
      fetcher: s.running.services.fetcher,
    });
    assert.deepEqual(loaded.warnings, []);
    assert.equal(loaded.imagePaths.length, 1);
    assert.ok(fs.readFileSync(loaded.imagePaths[0]!).equals(photo));

    const { project_id } = await ok('POST', '/v1/create_video_from_url', {
      product_id: product.product_id, aspect_ratio: 1, video_length: '15', avatar_id: 1, avatar_type: 0,
      script_style: 'Problem/Solution', template_type: 'public', override_script: 'Meet the Aurora Desk Lamp.',
    });
    let p: any;
    for (const deadline = Date.now() + 50_000; ; ) {
      p = await ok('GET', `/v1/project?project_id=${project_id}`);
      if (p.status_code === 4 || p.status_code === 5) break;
      assert.ok(Date.now() < deadline, `video did not finish: ${JSON.stringify(p)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(p.status_code, 4, JSON.stringify(p));

    const video = await served(p.video_url);
    assert.equal(video.status, 200);
    assert.equal(video.headers.get('content-type'), 'video/mp4');
    const bytes = Buffer.from(await video.arrayBuffer());
    fs.writeFileSync(path.join(tmp, 'got.mp4'), bytes);
    const info = await probe(path.join(tmp, 'got.mp4'));
    assert.ok(info?.video && info.durationS > 0.5, 'an MP4 ffprobe reads');
    const tail = await served(p.video_url, { range: 'bytes=-1000' });
    assert.equal(tail.status, 206);
    assert.equal(tail.headers.get('content-range'), `bytes ${bytes.length - 1000}-${bytes.length - 1}/${bytes.length}`);
    assert.ok(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 1000)));
    const cover = await served(p.cover_url);
    assert.equal(cover.status, 200);
    assert.equal(cover.headers.get('content-type'), 'image/jpeg');
    assert.ok((await cover.arrayBuffer()).byteLength > 500);

    // The account's usage counts what is in the bucket; nothing was kept on local disk.
    const who = await ok('GET', '/v1/whoami');
    assert.ok(who.storage_used_bytes >= bytes.length + photo.length, JSON.stringify(who));
    assert.equal(fs.existsSync(path.join(s.config.dataDir, 'files')), false, 'DATA_DIR/files is not used');

    // Catalog files made on first request are kept in the bucket too.
    const avatarCover = await fetch(`${s.baseUrl}/v1/avatars/1/cover.png`, { headers: { range: 'bytes=0-7' } });
    assert.equal(avatarCover.status, 206);
    assert.equal(avatarCover.headers.get('content-type'), 'image/png');
    assert.ok(Buffer.from(await avatarCover.arrayBuffer()).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'a PNG');
    assert.ok(((await s.running.services.store.stat('catalog/avatars/1-cover.png'))?.size ?? 0) > 1000);

    // Deleting the video removes its objects from the bucket.
    await ok('DELETE', `/v1/project?project_id=${project_id}`);
    assert.equal((await served(p.video_url)).status, 404);
    assert.equal(await s.running.services.store.bytesUnder(`videos/${project_id}`), 0);
  });
});
