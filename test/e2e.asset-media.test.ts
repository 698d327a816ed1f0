import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { startServer, type TestServer } from './support/server.ts';
import { localStore } from './support/local-store.ts';

const BASE = 'https://videos.example.com';

/**
 * An uploaded image used as product media the way Pipedream sends it (the asset_id in
 * media[].url), through the real pipeline: the video shows the uploaded picture.
 */
describe('an uploaded image as product media, through the real pipeline', () => {
  let s: TestServer;
  let key: string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-asset-e2e-'));
  before(async () => {
    s = await startServer({ env: { PUBLIC_BASE_URL: BASE, RENDER_SCALE: '0.25' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 5 }));
  });
  after(async () => {
    await s.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const ok = async (method: string, p: string, body?: unknown) => {
    const res = await s.call(method, p, { key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.body?.code, 0, JSON.stringify(res.body));
    return res.body.data;
  };

  it('the video shows the uploaded picture (magenta pixels in its frames), with no media warning', { timeout: 180_000 }, async () => {
    // A magenta product (a block with a white window) on a white studio backdrop: nothing else in a
    // video is this colour. (A magenta backdrop would be cut away as a backdrop: docs/rendering.md.)
    const block = await sharp({ create: { width: 440, height: 440, channels: 3, background: { r: 230, g: 0, b: 200 } } })
      .composite([{ input: await sharp({ create: { width: 160, height: 160, channels: 3, background: '#ffffff' } }).png().toBuffer(), left: 140, top: 140 }])
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
      .composite([{ input: block, left: 180, top: 80 }])
      .jpeg()
      .toBuffer();
    const ticket = await ok('POST', '/v1/upload/asset', { filename: 'lamp.jpg' });
    const u = new URL(ticket.sign_url);
    const put = await fetch(s.baseUrl + u.pathname + u.search, { method: 'PUT', headers: { 'content-type': 'application/octet-stream', 'x-api-key': key }, body: new Uint8Array(photo) });
    assert.equal(put.status, 200);

    const product = await ok('POST', '/v1/product', { name: 'Aurora Desk Lamp', description: 'Warm dimmable LED lamp.', media: [{ type: 1, url: ticket.asset_id }] });
    assert.equal(product.media[0].url, ticket.asset_url);
    const { project_id } = await ok('POST', '/v1/create_video_from_url', {
      product_id: product.product_id, aspect_ratio: 1, video_length: '15', avatar_id: 1, avatar_type: 0,
      script_style: 'Problem/Solution', template_type: 'public', override_script: 'Meet the Aurora Desk Lamp. It glows warm all evening.',
    });
    let p: any;
    for (const deadline = Date.now() + 170_000; ; ) {
      p = await ok('GET', `/v1/project?project_id=${project_id}`);
      if (p.status_code === 4 || p.status_code === 5) break;
      assert.ok(Date.now() < deadline, `video did not finish: ${JSON.stringify(p)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(p.status_code, 4, JSON.stringify(p));
    assert.deepEqual(p.warnings, []);

    const video = localStore(s.running.services.store).localPath(new URL(p.video_url).pathname.slice('/files/'.length));
    let best = 0;
    const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', video]).toString());
    for (const share of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      const frame = path.join(tmp, `frame-${share}.png`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', (seconds * share).toFixed(2), '-i', video, '-frames:v', '1', frame]);
      if (process.env.KEEP_FRAMES) fs.copyFileSync(frame, path.join(process.env.KEEP_FRAMES, path.basename(frame)));
      const { data, info } = await sharp(frame).raw().toBuffer({ resolveWithObject: true });
      let magenta = 0;
      for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 170 && data[i + 1]! < 80 && data[i + 2]! > 140) magenta++;
      best = Math.max(best, magenta / (info.width * info.height));
    }
    assert.ok(best > 0.05, `the uploaded picture fills ${(best * 100).toFixed(1)} % of the best frame`);
  });
});
