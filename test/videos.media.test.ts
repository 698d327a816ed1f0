import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createSafeFetcher } from '../src/net/safe-fetch.ts';
import { defaultMediaLimits, MediaImporter } from '../src/products/crawl/media-importer.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';
import { judgeMedia } from '../src/videos/product-media.ts';
import { GenerationError } from '../src/videos/video-generator.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

/**
 * Product media that do not load: a real loopback "CDN" serves one good photo and the usual ways a
 * media URL goes wrong; the real importer, the real media step of the pipeline and the real job
 * system (refund, events) are exercised, and the rest of the pipeline renders for real too:
 * the video is short (override_script) and small (RENDER_SCALE=0.25) so it stays quick.
 */
interface Cdn {
  url(p: string): string;
  hits(p: string): number;
  close(): Promise<void>;
}

async function startCdn(): Promise<Cdn> {
  // An orange photo with a grain (a flat colour would be a blank image, left out with a warning).
  const grain = Buffer.alloc(480 * 360 * 3);
  for (let i = 0, seed = 7; i < grain.length; i += 3) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const d = (seed % 31) - 15;
    grain[i] = 200 + d;
    grain[i + 1] = 120 + d;
    grain[i + 2] = 40 + d;
  }
  const photo = await sharp(grain, { raw: { width: 480, height: 360, channels: 3 } }).jpeg().toBuffer();
  const icon = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
  const hits = new Map<string, number>();
  const routes: Record<string, (res: http.ServerResponse) => void> = {
    '/good.jpg': (res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo),
    '/missing.jpg': (res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    '/page.jpg': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Not an image</body></html>'),
    '/broken.jpg': (res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo.subarray(0, 200)),
    '/icon.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(icon),
    '/busy.jpg': (res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('try later'),
    '/clip.mp4': (res) => res.writeHead(200, { 'content-type': 'video/mp4' }).end(Buffer.from('not really a video')),
  };
  const server = http.createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0]!;
    hits.set(p, (hits.get(p) ?? 0) + 1);
    (routes[p] ?? ((r: http.ServerResponse) => r.writeHead(404).end()))(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: (p) => base + p,
    hits: (p) => hits.get(p) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('media importer: which URL failed and why', () => {
  let cdn: Cdn;
  let dir: string;
  const fetcher = createSafeFetcher({ allowPrivate: true });
  before(async () => {
    cdn = await startCdn();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-media-'));
  });
  after(async () => {
    await fetcher.close();
    await cdn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps what loads and reports every other URL with its reason and whether it may pass later', async () => {
    const importer = new MediaImporter(fetcher, new LocalBlobStore(dir, ''));
    const images = ['/missing.jpg', '/good.jpg', '/page.jpg', '/broken.jpg', '/icon.png', '/busy.jpg'].map(cdn.url);
    const report = await importer.importReport('p1', images, [cdn.url('/clip.mp4')]);
    assert.deepEqual(report.media.map((m) => m.description), [cdn.url('/good.jpg')]);
    const byUrl = new Map(report.failed.map((f) => [f.url.replace(cdn.url(''), ''), f]));
    assert.deepEqual([...byUrl.keys()].sort(), ['/broken.jpg', '/busy.jpg', '/clip.mp4', '/icon.png', '/missing.jpg', '/page.jpg']);
    assert.deepEqual(byUrl.get('/missing.jpg'), { url: cdn.url('/missing.jpg'), reason: 'the server answered HTTP 404', transient: false });
    assert.match(byUrl.get('/page.jpg')!.reason, /content type text\/html/);
    assert.match(byUrl.get('/broken.jpg')!.reason, /^not a readable image: /);
    assert.match(byUrl.get('/icon.png')!.reason, /^too small to show \(32x32 px/);
    assert.match(byUrl.get('/clip.mp4')!.reason, /not a playable video/);
    assert.deepEqual(byUrl.get('/busy.jpg'), { url: cdn.url('/busy.jpg'), reason: 'the server answered HTTP 503', transient: true });
    for (const p of ['/missing.jpg', '/page.jpg', '/broken.jpg', '/icon.png', '/clip.mp4']) assert.equal(byUrl.get(p)!.transient, false, p);
    // importAll (the crawler's call) is the same import without the report.
    assert.equal((await importer.importAll('p2', images, [])).length, 1);
  });

  it('a file over the size cap is reported as too large, for good', async () => {
    const importer = new MediaImporter(fetcher, new LocalBlobStore(dir, ''), { ...defaultMediaLimits, imageMaxBytes: 1000 });
    const report = await importer.importReport('p4', [cdn.url('/good.jpg')], []);
    assert.equal(report.media.length, 0);
    assert.equal(report.failed.length, 1);
    assert.equal(report.failed[0]!.reason, 'the response body is larger than 1000 bytes');
    assert.equal(report.failed[0]!.transient, false);
  });

  it('a host that does not resolve is permanent, a refused connection may pass', async () => {
    const noDns = createSafeFetcher({ allowPrivate: true, resolver: async (h) => Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${h}`), { code: 'ENOTFOUND' })) });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    try {
      const report = await new MediaImporter(noDns, new LocalBlobStore(dir, '')).importReport('p3', ['http://cdn.invalid/lamp.jpg', `http://127.0.0.1:${deadPort}/lamp.jpg`], []);
      assert.equal(report.media.length, 0);
      const [dns, refused] = report.failed;
      assert.equal(dns!.reason, 'the host name cdn.invalid does not resolve');
      assert.equal(dns!.transient, false);
      assert.match(refused!.reason, /ECONNREFUSED/);
      assert.equal(refused!.transient, true);
    } finally {
      await noDns.close();
    }
  });
});

describe('judgeMedia: the failure and warning rule', () => {
  const f404 = { url: 'https://cdn.example/a.jpg', reason: 'the server answered HTTP 404', transient: false };
  const f503 = { url: 'https://cdn.example/b.jpg', reason: 'the server answered HTTP 503', transient: true };

  it('no media is not a failure and warns of nothing', () => {
    assert.deepEqual(judgeMedia(0, 0, []), { warnings: [] });
  });

  it('some loaded: one warning per failed URL, naming it and why', () => {
    const { warnings } = judgeMedia(3, 1, [f404, f503]);
    assert.equal(warnings.length, 2);
    assert.ok(warnings[0]!.includes(f404.url) && warnings[0]!.includes(f404.reason), warnings[0]);
    assert.ok(warnings[1]!.includes(f503.url) && warnings[1]!.includes(f503.reason), warnings[1]);
  });

  it('none loaded: an error naming every URL; retried only when one of them may pass later', () => {
    const permanent = catchError(() => judgeMedia(2, 0, [f404, { ...f404, url: 'https://cdn.example/c.png', reason: 'unexpected content type text/html' }]));
    assert.equal(permanent.retryable, false);
    assert.equal(permanent.code, 40000);
    assert.match(permanent.message, /^None of the product's media could be loaded: /);
    for (const s of ['https://cdn.example/a.jpg (the server answered HTTP 404)', 'https://cdn.example/c.png (unexpected content type text/html)']) {
      assert.ok(permanent.message.includes(s), permanent.message);
    }
    assert.equal(catchError(() => judgeMedia(2, 0, [f404, f503])).retryable, true);
  });

  it('a long list is cut with a count, so the message stays readable', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...f404, url: `https://cdn.example/${i}.jpg` }));
    const err = catchError(() => judgeMedia(20, 0, many));
    assert.ok(err.message.includes('https://cdn.example/11.jpg') && !err.message.includes('https://cdn.example/12.jpg'), err.message);
    assert.match(err.message, /and 8 more$/);
  });
});

function catchError(fn: () => unknown): GenerationError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof GenerationError);
    return err;
  }
  throw new Error('expected a GenerationError');
}

describe('videos of products whose media do not load (real server, real pipeline)', () => {
  let s: TestServer;
  let cdn: Cdn;
  let receiver: Receiver;
  let key: string;
  before(async () => {
    cdn = await startCdn();
    receiver = await startReceiver();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.25', JOB_BACKOFF_MS: '100', JOB_MAX_ATTEMPTS: '2' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 10 }));
  });
  after(async () => {
    await s.close();
    await receiver.close();
    await cdn.close();
  });

  const ok = async (method: string, p: string, body?: unknown) => {
    const res = await s.call(method, p, { key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.status, 200);
    assert.equal(res.body?.code, 0, JSON.stringify(res.body));
    return res.body.data;
  };
  const quota = async () => (await ok('GET', '/v2/user/remaining_quota')).remaining_quota as number;
  /**
   * These tests are about media that break after the product's own check passed (a CDN that goes
   * down, a stored copy removed): the items are marked checked-ok, as the check job would have
   * left them; the job only changes items still pending. (The check itself: http.product-media-check.test.ts.)
   */
  const passedCheck = async (productId: string) => {
    const row = await s.running.db.kysely.selectFrom('products').select('media').where('id', '=', productId).executeTakeFirstOrThrow();
    const media = (JSON.parse(row.media) as Array<Record<string, unknown>>).map(({ reason: _r, ...m }) => ({ ...m, state: 'ok' }));
    await s.running.db.kysely.updateTable('products').set({ media: JSON.stringify(media) }).where('id', '=', productId).execute();
  };
  const makeVideo = async (media: string[]) => {
    const product = await ok('POST', '/v1/product', {
      name: 'Aurora Desk Lamp',
      description: 'Warm dimmable LED lamp.',
      media: media.map((p) => ({ type: p.endsWith('.mp4') ? 2 : 1, url: cdn.url(p) })),
    });
    await passedCheck(product.product_id);
    const { project_id } = await ok('POST', '/v1/create_video_from_url', {
      product_id: product.product_id, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0,
      script_style: 'Problem/Solution', template_type: 'public', override_script: 'Meet the Aurora Desk Lamp.',
    });
    return project_id as string;
  };
  const settle = async (id: string, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const p = await ok('GET', `/v1/project?project_id=${id}`);
      if (p.status_code === 4 || p.status_code === 5) return p;
      if (Date.now() > deadline) throw new Error(`video ${id} did not finish: ${JSON.stringify(p)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const job = (id: string) => s.running.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ledger = (id: string) => s.running.db.kysely.selectFrom('credit_ledger').select(['delta', 'reason']).where('ref', '=', id).orderBy('created_at').execute();

  it('all media bad: status 5 at once, the error names each URL and why, the credit comes back, the failed webhook fires', { timeout: 60_000 }, async () => {
    await ok('POST', '/v1/endpoint', { url: receiver.url('/hook'), events: ['generated_video_success', 'generated_video_failed'] });
    const before = await quota();
    const id = await makeVideo(['/missing.jpg', '/page.jpg']);
    const p = await settle(id);
    assert.equal(p.status_code, 5, JSON.stringify(p));
    assert.equal(p.error.code, 40000);
    assert.ok(p.error.message.includes(`${cdn.url('/missing.jpg')} (the server answered HTTP 404)`), p.error.message);
    assert.ok(p.error.message.includes(cdn.url('/page.jpg')) && p.error.message.includes('text/html'), p.error.message);
    assert.equal(p.video_url, '');
    assert.deepEqual(p.warnings, []);
    assert.equal(await quota(), before, 'the credit came back');
    assert.deepEqual(await ledger(id), [{ delta: -1, reason: 'video' }, { delta: 1, reason: 'refund' }]);
    assert.equal((await job(id)).attempts, 1, 'a permanent media failure is not retried');
    // the video's one attempt, plus at most one from the product's own media check
    assert.ok(cdn.hits('/missing.jpg') >= 1 && cdn.hits('/missing.jpg') <= 2, String(cdn.hits('/missing.jpg')));
    await receiver.waitFor((all) => all.some((r) => r.json?.data?.project_id === id), 10_000, 'the failed webhook');
    const hook = receiver.received.find((r) => r.json?.data?.project_id === id)!;
    assert.equal(hook.json.event, 'generated_video_failed');
    assert.deepEqual(hook.json.data, { project_id: id, video_id: id, status: 'failed', error: p.error });
  });

  it('all media failing in a way that may pass: retried up to JOB_MAX_ATTEMPTS, then status 5 with one refund', { timeout: 60_000 }, async () => {
    const before = await quota();
    const hitsBefore = cdn.hits('/busy.jpg');
    const id = await makeVideo(['/busy.jpg']);
    const p = await settle(id);
    assert.equal(p.status_code, 5, JSON.stringify(p));
    assert.ok(p.error.message.includes(`${cdn.url('/busy.jpg')} (the server answered HTTP 503)`), p.error.message);
    assert.equal((await job(id)).attempts, 2);
    // each attempt tried the URL again (plus at most one fetch by the product's own media check)
    assert.ok([2, 3].includes(cdn.hits('/busy.jpg') - hitsBefore), String(cdn.hits('/busy.jpg') - hitsBefore));
    assert.equal(await quota(), before);
    assert.deepEqual((await ledger(id)).map((l) => l.reason), ['video', 'refund']);
  });

  it('our own stored media that are gone count as not loaded, never as a system error', { timeout: 60_000 }, async () => {
    const ours = `${s.config.publicBaseUrl}/files/`;
    const product = await ok('POST', '/v1/product', {
      name: 'Aurora Desk Lamp', description: 'Warm dimmable LED lamp.',
      media: [{ type: 1, url: `${ours}media/gone/image-1.jpg` }],
    });
    await passedCheck(product.product_id);
    const { project_id: id } = await ok('POST', '/v1/create_video_from_url', {
      product_id: product.product_id, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0,
      script_style: 'Problem/Solution', template_type: 'public', override_script: 'Meet the Aurora Desk Lamp.',
    });
    const p = await settle(id);
    assert.equal(p.status_code, 5, JSON.stringify(p));
    assert.ok(p.error.message.includes(`${ours}media/gone/image-1.jpg (the stored copy is missing)`), p.error.message);
    assert.equal((await job(id)).attempts, 1);
  });

  it('a media URL that is not a URL is a business error when the product is saved, not a 500', async () => {
    const res = await s.call('POST', '/v1/product', { key, body: { name: 'Lamp', description: 'A lamp.', media: [{ type: 1, url: 'lamp.jpg' }] } });
    assert.equal(res.status, 200);
    assert.equal(res.body.code, 40000);
    assert.match(res.body.msg, /media\[0\]\.url/);
  });

  it('some media bad: the video is made with what loaded and GET /v1/project warns of each URL that did not', { timeout: 150_000 }, async () => {
    const before = await quota();
    const id = await makeVideo(['/missing.jpg', '/good.jpg', '/clip.mp4']);
    const p = await settle(id);
    assert.equal(p.status_code, 4, JSON.stringify(p));
    assert.equal(p.warnings.length, 2, JSON.stringify(p.warnings));
    assert.ok(p.warnings.some((w: string) => w.includes(`${cdn.url('/missing.jpg')} (the server answered HTTP 404)`)), JSON.stringify(p.warnings));
    assert.ok(p.warnings.some((w: string) => w.includes(cdn.url('/clip.mp4')) && w.includes('not a playable video')), JSON.stringify(p.warnings));
    assert.ok(!p.warnings.some((w: string) => w.includes('/good.jpg')));
    assert.equal(await quota(), before - 1, 'a success keeps the credit');
    // The good photo is in the picture: the middle frame holds its orange (200,120,40) somewhere.
    const file = path.join(s.config.dataDir, 'files', new URL(p.video_url).pathname.replace(/^\/files\//, ''));
    const frame = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(p.video_duration / 2), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
    let orange = 0;
    for (let i = 0; i + 2 < frame.length; i += 3) if (Math.abs(frame[i]! - 200) < 25 && Math.abs(frame[i + 1]! - 120) < 25 && Math.abs(frame[i + 2]! - 40) < 25) orange++;
    assert.ok(orange > frame.length / 3 / 100, `the product photo is visible (${orange} orange pixels)`);
  });

  it('no media at all is not a failure and carries no warnings', { timeout: 150_000 }, async () => {
    const p = await settle(await makeVideo([]));
    assert.equal(p.status_code, 4, JSON.stringify(p));
    assert.deepEqual(p.warnings, []);
  });
});
