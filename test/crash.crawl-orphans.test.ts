import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { freePort, runCli, spawnReelsmith, until, waitHttp, type Proc } from './support/child-process.ts';

/**
 * kill -9 of a real `reelsmith serve` while a crawl is copying media: the crawl's stored image has
 * no product row. After a restart the storage janitor removes it at start and keeps the media of
 * a product that was made.
 */
describe('crash: kill -9 during a crawl leaves media that the janitor removes at the next start', { timeout: 90_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-crawl-crash-'));
  let shop: http.Server;
  let shopBase = '';
  let proc: Proc | undefined;
  let env: Record<string, string> = {};
  let key = '';
  const stalled: http.ServerResponse[] = [];

  before(async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();
    const page = (video: string) => `<!doctype html><html><head><title>Aurora Desk Lamp</title>
      <script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Aurora Desk Lamp', description: 'A warm dimmable LED desk lamp for late work.', image: ['/img/front.jpg'] })}</script>
      ${video ? `<meta property="og:video" content="${video}">` : ''}</head><body><h1>Aurora Desk Lamp</h1><p>A warm dimmable LED desk lamp.</p></body></html>`;
    shop = http.createServer((req, res) => {
      if (req.url === '/p/ok') res.writeHead(200, { 'content-type': 'text/html' }).end(page(''));
      else if (req.url === '/p/stall') res.writeHead(200, { 'content-type': 'text/html' }).end(page('/clip.mp4'));
      else if (req.url === '/img/front.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      // The video never arrives: the crawl has stored the image and waits here when it is killed.
      else if (req.url === '/clip.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        stalled.push(res);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
    shopBase = `http://127.0.0.1:${(shop.address() as { port: number }).port}`;
    const port = await freePort();
    env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', ALLOW_PRIVATE_URLS: '1' };
    key = (JSON.parse(await runCli(['account', 'create', '--username', 'crawlcrash', '--credits', '1', '--json'], env)) as { api_key: string }).api_key;
  });
  after(async () => {
    await proc?.stop();
    for (const r of stalled) r.destroy();
    shop.closeAllConnections();
    await new Promise((r) => shop.close(r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (base: string, url: string) =>
    fetch(`${base}/v1/product`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ url }) });

  it('the orphaned image is gone after the restart; the made product keeps its media', async () => {
    const base = `http://127.0.0.1:${env.PORT}`;
    proc = spawnReelsmith(['serve'], env);
    await waitHttp(base, proc);
    const made = (await (await post(base, `${shopBase}/p/ok`)).json()) as { code: number; data: { product_id: string; media: { url: string }[] } };
    assert.equal(made.code, 0, JSON.stringify(made));
    const kept = path.join(dataDir, 'files', new URL(made.data.media[0]!.url).pathname.slice('/files/'.length));
    assert.ok(fs.existsSync(kept));

    const mediaRoot = path.join(dataDir, 'files', 'media');
    void post(base, `${shopBase}/p/stall`).catch(() => undefined);
    const orphan = await until(
      () => fs.readdirSync(mediaRoot).find((d) => d !== made.data.product_id),
      20_000,
      'the stalled crawl stored its image',
      20,
    );
    await until(() => (fs.readdirSync(path.join(mediaRoot, orphan)).some((f) => f.startsWith('image-1.')) ? true : undefined), 20_000, 'image-1 written', 20);
    await until(() => (stalled.length > 0 ? true : undefined), 20_000, 'the crawl waits for the video', 20);
    await proc.kill9();

    // The row was never written; the file is there.
    assert.ok(fs.existsSync(path.join(mediaRoot, orphan)));
    proc = spawnReelsmith(['serve'], { ...env, STORAGE_ORPHAN_AGE_S: '0' });
    await waitHttp(base, proc);
    await until(() => (fs.existsSync(path.join(mediaRoot, orphan)) ? undefined : true), 20_000, 'the janitor removed the orphan', 50);
    assert.ok(fs.existsSync(kept), 'the product that was made keeps its media');
    const who = (await (await fetch(`${base}/v1/whoami`, { headers: { 'x-api-key': key } })).json()) as { data: { storage_used_bytes: number } };
    assert.equal(who.data.storage_used_bytes, fs.statSync(kept).size);
  });
});
