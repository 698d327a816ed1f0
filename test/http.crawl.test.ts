import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { businessError, startServer, type TestServer } from './support/server.ts';

/** A small shop on loopback: one product page with JSON-LD, images, a video, a pixel; a bot wall; a blog post. */
async function startShop() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-shop-'));
  const jpeg = (r: number, g: number, b: number) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } }).jpeg().toBuffer();
  const videoFile = path.join(tmp, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', '-y', videoFile]);
  const files: Record<string, { type: string; body: Buffer }> = {
    '/img/front.jpg': { type: 'image/jpeg', body: await jpeg(200, 30, 30) },
    '/img/side.jpg': { type: 'image/jpeg', body: await jpeg(30, 200, 30) },
    '/img/side-copy.jpg': { type: 'image/jpeg', body: await jpeg(30, 200, 30) },
    '/img/broken.jpg': { type: 'image/jpeg', body: Buffer.from('not really a jpeg') },
    '/px.gif': { type: 'image/gif', body: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64') },
    '/clip.mp4': { type: 'video/mp4', body: fs.readFileSync(videoFile) },
  };
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Aurora Desk Lamp',
    description: 'A warm dimmable LED desk lamp for late work.',
    brand: { '@type': 'Brand', name: 'Lumina' },
    sku: 'AUR-1',
    image: ['/img/front.jpg', '/img/side.jpg', '/img/side-copy.jpg', '/img/broken.jpg'],
    offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR' },
  };
  const pages: Record<string, string> = {
    '/p/lamp': `<!doctype html><html><head><title>Aurora Desk Lamp</title>
      <script type="application/ld+json">${JSON.stringify(product)}</script>
      <meta property="og:video" content="/clip.mp4"></head>
      <body><h1>Aurora Desk Lamp</h1><img src="/px.gif" width="1" height="1">
      <h2>Features</h2><ul><li>Three colour temperatures</li><li>USB-C charging port</li><li>Touch dimmer</li></ul>
      <button>Add to cart</button></body></html>`,
    '/wall': `<!doctype html><html><head><title>Just a moment...</title></head><body>
      <div id="challenge-running">Checking if the site connection is secure</div>
      <script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script></body></html>`,
    '/blog': `<!doctype html><html><head><title>Ten tips for a tidy desk</title></head><body><article><h1>Ten tips for a tidy desk</h1>
      <p>${'Keep cables short and the surface clear. '.repeat(40)}</p></article></body></html>`,
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const page = pages[url];
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const file = files[url];
    if (file) {
      res.writeHead(200, { 'content-type': file.type }).end(file.body);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

describe('POST /v1/product with a url crawls the page (loopback shop, ALLOW_PRIVATE_URLS=1)', () => {
  let s: TestServer;
  let shop: Awaited<ReturnType<typeof startShop>>;
  let key: string;
  before(async () => {
    shop = await startShop();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1' } });
    ({ apiKey: key } = await s.account());
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  const count = async () => (await s.call('GET', '/v1/products', { key })).body.data.length;
  /** Our copies are served at PUBLIC_BASE_URL/files/...; the test server listens elsewhere. */
  const local = (url: string) => `${s.baseUrl}${new URL(url).pathname}`;

  it('stores the extracted product with media copied into our storage', async () => {
    const res = await s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/p/lamp`, name: 'ignored', target_audience: 'students' } });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    const p = res.body.data;
    assert.equal(p.name, 'Aurora Desk Lamp');
    assert.equal(p.url, `${shop.base}/p/lamp`);
    assert.equal(p.brand, 'Lumina');
    assert.equal(Number(p.price), 49.9);
    assert.equal(p.currency, 'EUR');
    assert.equal(p.target_audience, 'students');
    assert.match(p.description, /warm dimmable LED desk lamp/);
    assert.deepEqual(p.selling_points, ['Three colour temperatures', 'USB-C charging port', 'Touch dimmer']);
    for (const point of p.selling_points) assert.ok(p.description.includes(point), 'description carries the selling points');

    const images = p.media.filter((m: any) => m.type === 1);
    const videos = p.media.filter((m: any) => m.type === 2);
    // front + side; the byte-identical copy, the broken file and the 1x1 pixel are dropped.
    assert.equal(images.length, 2);
    assert.equal(videos.length, 1);
    for (const m of p.media) {
      assert.ok(m.url.startsWith(`${s.config.publicBaseUrl}/files/media/${p.product_id}/`), m.url);
      assert.ok(!m.url.includes(shop.base));
    }
    const img = await fetch(local(images[0].url));
    assert.equal(img.status, 200);
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, 640);
    const vid = await fetch(local(videos[0].url));
    assert.equal(vid.status, 200);
    assert.ok((await vid.arrayBuffer()).byteLength > 1000);
  });

  it('a bot wall is 40000 "blocked by the site" and stores nothing', async () => {
    const before = await count();
    const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/wall` } }), 40000);
    assert.match(msg, /^Failed to extract product information: blocked by the site/);
    assert.equal(await count(), before);
  });

  it('a page that is not a product is 40000 "not a product page" and stores nothing', async () => {
    const before = await count();
    const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/blog` } }), 40000);
    assert.match(msg, /^Failed to extract product information: not a product page/);
    assert.equal(await count(), before);
  });

  it('a missing page and a closed port are 40000 with the reason', async () => {
    assert.match(businessError(await s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/nope` } }), 40000), /HTTP 404/);
    assert.match(businessError(await s.call('POST', '/v1/product', { key, body: { url: 'http://127.0.0.1:1/p' } }), 40000), /unreachable/);
  });
});

describe('crawling without ALLOW_PRIVATE_URLS: addresses are checked after DNS', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    // shop.example.test "resolves" to loopback: a public-looking name pointing at a private address.
    s = await startServer({ resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  it('a host name that resolves to loopback is refused as "address not allowed" and nothing is stored', async () => {
    const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: 'https://shop.example.test/p/lamp' } }), 40000);
    assert.match(msg, /^Failed to extract product information: address not allowed/);
    assert.equal((await s.call('GET', '/v1/products', { key })).body.data.length, 0);
  });
});
