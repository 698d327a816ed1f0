import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startSampleShop, type SampleShop } from '../scripts/sample-shop.ts';
import { startServer, type TestServer } from './support/server.ts';
import { portraitPhoto } from './support/face-photos.ts';

/**
 * A photo avatar in a real product video: add_motion from a portrait on loopback, then a
 * create_video_from_url with avatar_type 1 through the real pipeline (espeak-ng, the photo
 * presenter drawn per frame, ffmpeg), at a quarter of 1080x1920 to keep it short.
 */
describe('end to end: portrait photo → photo avatar → product video with it', () => {
  let s: TestServer;
  let shop: SampleShop;
  let photos: http.Server;
  let base: string;
  before(async () => {
    const jpg = await portraitPhoto();
    photos = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpg));
    await new Promise<void>((r) => photos.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
    shop = await startSampleShop();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.25' } });
    s.running.startBackground();
  });
  after(async () => {
    await s.close();
    await shop.close();
    photos.close();
  });

  it('the photo avatar presents a 15 s video', { timeout: 240_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const made = (await s.call('POST', '/v1/photo_avatar/add_motion', { key, body: { image_url: `${base}/me.jpg`, name: 'Me', voice_id: 'en-us-m1' } })).body.data;
    let m;
    do {
      await new Promise((r) => setTimeout(r, 200));
      m = (await s.call('GET', `/v1/photo_avatar?motion_id=${made.motion_id}`, { key })).body.data;
    } while (m.status === 'pending');
    assert.equal(m.status, 'completed', JSON.stringify(m));
    assert.equal(m.voice_id, 'en-us-m1');

    const product = (await s.call('POST', '/v1/product', { key, body: { url: shop.productUrl } })).body.data;
    const created = await s.call('POST', '/v1/create_video_from_url', {
      key,
      body: { product_id: product.product_id, aspect_ratio: 0, video_length: '15', language: 'english', avatar_id: made.avatar_id, avatar_type: 1, script_style: 'Top 3 reasons', template_type: 'public', caption: true },
    });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const projectId: string = created.body.data.project_id;
    let project;
    for (const t0 = Date.now(); Date.now() - t0 < 230_000; ) {
      project = (await s.call('GET', `/v1/project?project_id=${projectId}`, { key })).body.data;
      if (project.status_code >= 4) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.equal(project.status_code, 4, JSON.stringify(project));
    assert.ok(Math.abs(project.video_duration - 15) <= 1.5, `duration ${project.video_duration}`);
  });
});
