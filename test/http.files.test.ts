import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rawRequest } from './support/raw-http.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startS3, type TestS3 } from './support/s3.ts';

/** PUBLIC_BASE_URL/files/<key> over HTTP, the same for both stores (docs/storage.md "Serving files"). */
const stores: { name: string; env(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> }[] = [
  { name: 'local disk', env: async () => ({ env: {}, stop: async () => {} }) },
  {
    name: 'S3 (s3rver)',
    env: async () => {
      const s3: TestS3 = await startS3();
      return { env: s3.env, stop: () => s3.stop() };
    },
  },
];

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) % 256));

const TYPES: [string, string][] = [
  ['videos/0123456789abcdef0123456789abcdef/tok/video.mp4', 'video/mp4'],
  ['videos/0123456789abcdef0123456789abcdef/tok/cover.jpg', 'image/jpeg'],
  ['videos/0123456789abcdef0123456789abcdef/tok/subtitles.vtt', 'text/vtt; charset=utf-8'],
  ['media/0123456789abcdef0123456789abcdef/image-1.png', 'image/png'],
  ['media/0123456789abcdef0123456789abcdef/video-1.webm', 'video/webm'],
  ['assets/0123456789abcdef0123456789abcdef/tok/voice.mp3', 'audio/mpeg'],
  ['music/1.m4a', 'audio/mp4'],
  ['media/0123456789abcdef0123456789abcdef/blob.bin', 'application/octet-stream'],
];

for (const store of stores) {
  describe(`files at /files/<key> (${store.name})`, () => {
    let s: TestServer;
    let stop: () => Promise<void>;
    const key = 'videos/0123456789abcdef0123456789abcdef/tok/video.mp4';
    const body = bytes(10_000);
    const get = (p: string, headers: Record<string, string> = {}) => fetch(`${s.baseUrl}${p}`, { headers });

    before(async () => {
      const b = await store.env();
      stop = b.stop;
      s = await startServer({ env: b.env });
      for (const [k] of TYPES) await s.running.services.store.put(k, k === key ? body : Buffer.from(`file ${k}`));
    });
    after(async () => {
      await s?.close();
      await stop?.();
    });

    it('GET streams the whole file with its length, type, validators and Accept-Ranges', async () => {
      const res = await get(`/files/${key}`);
      assert.equal(res.status, 200);
      assert.ok(Buffer.from(await res.arrayBuffer()).equals(body));
      assert.equal(res.headers.get('content-length'), '10000');
      assert.equal(res.headers.get('content-type'), 'video/mp4');
      assert.equal(res.headers.get('accept-ranges'), 'bytes');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.match(res.headers.get('etag') ?? '', /^"[^"]+"$/);
      assert.ok(Date.parse(res.headers.get('last-modified') ?? '') > Date.now() - 600_000);
      assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/);
    });

    it('the URL put() returns is the one that serves the file', async () => {
      const url = await s.running.services.store.put('media/0123456789abcdef0123456789abcdef/put.jpg', Buffer.from('jpeg'));
      const res = await get(new URL(url).pathname);
      assert.equal(res.status, 200);
      assert.equal(await res.text(), 'jpeg');
    });

    it('a byte range is 206 with Content-Range and exactly those bytes; open and suffix ranges too', async () => {
      for (const [range, start, end] of [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-1999', 1000, 1999],
        ['bytes=9990-', 9990, 9999],
        ['bytes=-500', 9500, 9999],
        ['bytes=9000-20000', 9000, 9999], // an end past the file is cut to it
        ['bytes=-20000', 0, 9999], // a suffix longer than the file is the whole file
      ] as const) {
        const res = await get(`/files/${key}`, { range });
        assert.equal(res.status, 206, range);
        assert.equal(res.headers.get('content-range'), `bytes ${start}-${end}/10000`, range);
        assert.equal(res.headers.get('content-length'), String(end - start + 1), range);
        assert.equal(res.headers.get('content-type'), 'video/mp4');
        assert.ok(Buffer.from(await res.arrayBuffer()).equals(body.subarray(start, end + 1)), range);
      }
    });

    it('a range past the end is 416 with Content-Range bytes */size; a malformed one is ignored (200)', async () => {
      for (const range of ['bytes=10000-', 'bytes=20000-20010', 'bytes=-0']) {
        const res = await get(`/files/${key}`, { range });
        assert.equal(res.status, 416, range);
        assert.equal(res.headers.get('content-range'), 'bytes */10000', range);
        await res.arrayBuffer();
      }
      for (const range of ['bytes=5-2', 'items=0-5', 'bytes=abc']) {
        const res = await get(`/files/${key}`, { range });
        assert.equal(res.status, 200, range);
        assert.equal(Buffer.from(await res.arrayBuffer()).length, 10_000, range);
      }
    });

    it('HEAD answers the headers of GET without a body, for a range too', async () => {
      const head = await rawRequest(s.baseUrl, 'HEAD', `/files/${key}`);
      assert.equal(head.status, 200);
      assert.equal(head.headers['content-length'], '10000');
      assert.equal(head.headers['content-type'], 'video/mp4');
      assert.equal(head.headers['accept-ranges'], 'bytes');
      assert.equal(head.text, '');
      const ranged = await rawRequest(s.baseUrl, 'HEAD', `/files/${key}`, { headers: { range: 'bytes=0-9' } });
      assert.equal(ranged.status, 206);
      assert.equal(ranged.headers['content-range'], 'bytes 0-9/10000');
      assert.equal(ranged.text, '');
    });

    it('conditional requests: a matching ETag or date is 304; If-Range with another ETag sends the whole file', async () => {
      const first = await get(`/files/${key}`);
      await first.arrayBuffer();
      const etag = first.headers.get('etag')!;
      const again = await get(`/files/${key}`, { 'if-none-match': etag });
      assert.equal(again.status, 304);
      const since = await get(`/files/${key}`, { 'if-modified-since': first.headers.get('last-modified')! });
      assert.equal(since.status, 304);
      const changed = await get(`/files/${key}`, { 'if-none-match': '"something-else"' });
      assert.equal(changed.status, 200);
      await changed.arrayBuffer();
      const ifRange = await get(`/files/${key}`, { range: 'bytes=0-9', 'if-range': '"something-else"' });
      assert.equal(ifRange.status, 200);
      assert.equal(Buffer.from(await ifRange.arrayBuffer()).length, 10_000);
      const sameRange = await get(`/files/${key}`, { range: 'bytes=0-9', 'if-range': etag });
      assert.equal(sameRange.status, 206);
      await sameRange.arrayBuffer();
    });

    it('serves each kind of file with its content type', async () => {
      for (const [k, type] of TYPES) {
        const res = await get(`/files/${k}`);
        assert.equal(res.status, 200, k);
        assert.equal(res.headers.get('content-type'), type, k);
        if (k !== key) assert.equal(await res.text(), `file ${k}`);
        else await res.arrayBuffer();
      }
    });

    it('a missing key is HTTP 404 with the record-not-found envelope', async () => {
      for (const p of ['/files/videos/0123456789abcdef0123456789abcdef/tok/missing.mp4', '/files/videos/0123456789abcdef0123456789abcdef/tok', '/files/nothing']) {
        const res = await rawRequest(s.baseUrl, 'GET', p);
        assert.equal(res.status, 404, p);
        assert.equal(res.json?.code, 10104, p);
        assert.match(res.json?.msg, /^Record not found: no file \/files\//, p);
      }
    });

    it('unsafe paths are refused as missing files (404), never read', async () => {
      for (const p of ['/files/../package.json', '/files/%2e%2e/package.json', '/files/videos/%2e%2e/%2e%2e/package.json', '/files/.hidden', '/files/videos//x.mp4', '/files/', `/files/${'a'.repeat(3000)}`]) {
        const res = await rawRequest(s.baseUrl, 'GET', p);
        assert.equal(res.status, 404, p);
        assert.equal(res.json?.code, 10104, p);
      }
    });
  });
}
