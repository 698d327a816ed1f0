import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { businessError, startServer, type TestServer } from './support/server.ts';

const deep = (n: number) => `<!doctype html><html><head><title>Deep</title></head><body>${'<div>'.repeat(n)}x</body></html>`;

/** A hostile shop on loopback: deep and wide pages, a page and files that trickle one byte every 100 ms. */
async function startHostileShop() {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Aurora Desk Lamp',
    image: ['/img/fast.jpg', '/img/slow-1.jpg', '/img/slow-2.jpg', '/img/slow-3.jpg', '/img/slow-4.jpg'],
    offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'EUR' },
  };
  const pages: Record<string, string> = {
    '/deep-100k': deep(100_000),
    '/deep-500k': deep(500_000),
    '/wide': `<!doctype html><html><head><title>Wide</title></head><body>${'<span>x</span>'.repeat(6000)}</body></html>`,
    '/lamp': `<!doctype html><html><head><title>Aurora Desk Lamp</title><script type="application/ld+json">${JSON.stringify(product)}</script>
      <meta property="og:video" content="/slow.mp4"></head><body><h1>Aurora Desk Lamp</h1></body></html>`,
  };
  const trickles = new Set<http.ServerResponse>();
  const trickle = (res: http.ServerResponse, type: string) => {
    res.writeHead(200, { 'content-type': type, 'content-length': '100000' });
    trickles.add(res);
    const timer = setInterval(() => res.write('x'), 100);
    res.on('close', () => {
      clearInterval(timer);
      trickles.delete(res);
    });
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (pages[url]) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[url]);
    else if (url === '/img/fast.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    else if (url.startsWith('/img/slow')) trickle(res, 'image/jpeg');
    else if (url === '/slow.mp4') trickle(res, 'video/mp4');
    else if (url === '/trickle') trickle(res, 'text/html');
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    /** Trickling responses still open (a crawl that gave up closes its connections). */
    openTrickles: () => trickles.size,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('crawl budgets: a hostile page is refused with 40000 and never stalls the server', () => {
  let shop: Awaited<ReturnType<typeof startHostileShop>>;
  let s: TestServer;
  let key: string;
  before(async () => {
    shop = await startHostileShop();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', CRAWL_MAX_ELEMENTS: '5000' } });
    ({ apiKey: key } = await s.account());
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  it('500,000 nested elements (2.5 MB): refused naming the depth budget', async () => {
    const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/deep-500k` } }), 40000);
    assert.equal(msg, 'Failed to extract product information: the page is too complex to read (it nests elements more than 1000 deep)');
  });

  it('more elements than CRAWL_MAX_ELEMENTS: refused naming the element budget', async () => {
    const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/wide` } }), 40000);
    assert.equal(msg, 'Failed to extract product information: the page is too complex to read (it has more than 5000 elements)');
    assert.equal((await s.call('GET', '/v1/products', { key })).body.data.length, 0);
  });
});

describe('crawl time budget: a page slow to parse is read off the event loop and stopped', () => {
  let shop: Awaited<ReturnType<typeof startHostileShop>>;
  let s: TestServer;
  let key: string;
  before(async () => {
    shop = await startHostileShop();
    // Depth budget off, so the page reaches the full parse (8 s on the main thread before).
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', CRAWL_MAX_DEPTH: '10000000', CRAWL_PARSE_TIMEOUT_MS: '1500' } });
    ({ apiKey: key } = await s.account());
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  it('100,000 nested elements: /health keeps answering while it is read, then 40000 naming the time budget', async () => {
    let done = false;
    const crawl = s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/deep-100k` } }).finally(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${s.baseUrl}/health`);
      assert.equal(res.status, 200);
      await res.text();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 25));
    }
    const msg = businessError(await crawl, 40000);
    assert.equal(msg, 'Failed to extract product information: the page is too complex to read (it took longer than 1500 ms to read)');
    assert.ok(latencies.length >= 5, `/health answered ${latencies.length} times during the crawl`);
    // Bounded, not tight: on the main thread this page held every request for seconds.
    assert.ok(Math.max(...latencies) < 2000, `slowest /health during the crawl: ${Math.max(...latencies).toFixed(0)} ms`);
  });
});

describe('one deadline for a whole crawl, media included (CRAWL_DEADLINE_MS)', () => {
  let shop: Awaited<ReturnType<typeof startHostileShop>>;
  let s: TestServer;
  let key: string;
  before(async () => {
    shop = await startHostileShop();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', CRAWL_DEADLINE_MS: '2000' } });
    ({ apiKey: key } = await s.account());
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  it('media still trickling at the deadline are skipped; the product keeps the media that arrived', async () => {
    const t0 = Date.now();
    const res = await s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/lamp` } });
    const ms = Date.now() - t0;
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.name, 'Aurora Desk Lamp');
    assert.equal(res.body.data.media.length, 1, JSON.stringify(res.body.data.media));
    assert.equal(res.body.data.media[0].type, 1);
    assert.equal(res.body.data.media[0].description, `${shop.base}/img/fast.jpg`);
    // 4 slow images and a slow video would have held it for 30 s + 30 s + 60 s without the deadline.
    assert.ok(ms >= 1500 && ms < 8000, `answered after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(shop.openTrickles(), 0, 'no download goes on after the crawl answered');
  });

  it('a page that trickles is refused with 40000 at the deadline', async () => {
    const t0 = Date.now();
    const msg = businessError(await s.call('POST', '/v1/product', { key, body: { url: `${shop.base}/trickle` } }), 40000);
    assert.equal(msg, 'Failed to extract product information: the page timed out');
    assert.ok(Date.now() - t0 < 8000, `answered after ${Date.now() - t0} ms`);
  });
});
