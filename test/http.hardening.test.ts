import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../src/http/json-depth.ts';
import type { ProductCrawler } from '../src/products/product.crawler.ts';
import { logCapture, type LogLine } from './support/log-capture.ts';
import { rawBytes, rawRequest, type RawResult } from './support/raw-http.ts';
import { businessError, startServer, type TestServer } from './support/server.ts';
import { localStore } from './support/local-store.ts';

/** The envelope with this code (HTTP status as given), and its msg. */
function envelope(res: RawResult, code: number, httpStatus: number): string {
  assert.equal(res.status, httpStatus, `HTTP status for ${res.text.slice(0, 200)}`);
  assert.equal(res.json?.code, code, res.text.slice(0, 200));
  assert.match(String(res.json?.rid), /^[0-9a-f]{32}$/);
  assert.equal(typeof res.json?.msg, 'string');
  return res.json.msg as string;
}

const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels);

describe('JSON depth scan', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    assert.equal(jsonNestsDeeperThan(nested(64), 64), false);
    assert.equal(jsonNestsDeeperThan(nested(65), 64), true);
    assert.equal(jsonNestsDeeperThan(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`, 64), false);
    assert.equal(jsonNestsDeeperThan(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, 64), true);
    assert.equal(jsonNestsDeeperThan(`["${'['.repeat(1000)}"]`, 64), false);
    assert.equal(jsonNestsDeeperThan(`["\\"${'{'.repeat(1000)}"]`, 64), false);
    assert.equal(jsonNestsDeeperThan(`["\\\\", ${nested(64)}]`, 64), true);
    assert.equal(jsonNestsDeeperThan('[1],[2],[3]', 1), false);
  });
});

describe('HTTP hardening (issue 11: items 4, 5, 17)', () => {
  let s: TestServer;
  let key: string;
  const log = logCapture();
  const failingCrawler: ProductCrawler = {
    async crawl() {
      throw new Error('crawler exploded');
    },
  };
  before(async () => {
    s = await startServer({ logStream: log.stream, crawler: failingCrawler });
    key = (await s.account()).apiKey;
  });
  after(() => s.close());

  const levelsOf = (rid: string): LogLine[] => log.lines.filter((l) => l.reqId === rid);

  it('deeply nested bodies under 1 MiB are 40000 naming the problem, and the server keeps answering', async () => {
    for (const levels of [MAX_JSON_DEPTH + 1, 10_000, 100_000, 500_000]) {
      const objects = Math.min(levels, 150_000); // 6 bytes a level: stays under 1 MiB
      for (const body of [nested(levels), `{"name":${nested(levels - 1)}}`, `${'{"a":'.repeat(objects)}1${'}'.repeat(objects)}`]) {
        assert.ok(body.length < 1024 * 1024);
        const res = await rawRequest(s.baseUrl, 'POST', '/v1/product', { headers: { 'x-api-key': key, 'content-type': 'application/json' }, body });
        const msg = envelope(res, 40000, 200);
        assert.match(msg, /^Parameter error: body nests arrays and objects more than 64 levels deep$/, `${levels} levels`);
      }
    }
    // 64 levels pass the depth check and meet the schema, which names the field.
    const ok = await s.call('POST', '/v1/product', { key, rawBody: `{"name":${nested(MAX_JSON_DEPTH - 1)}}`, headers: { 'content-type': 'application/json' } });
    assert.doesNotMatch(businessError(ok, 40000), /levels deep/);
    assert.equal((await s.call('GET', '/health')).status, 200);
  });

  it('/files/ traversal, dotfiles, directories and long names read as a missing file (HTTP 404, 10104); real files are served', async () => {
    const root = localStore(s.running.services.store).root;
    fs.mkdirSync(path.join(root, 'videos'), { recursive: true });
    fs.writeFileSync(path.join(root, 'videos', 'clip.txt'), 'hello');
    fs.writeFileSync(path.join(root, '.hidden'), 'secret');
    fs.mkdirSync(path.join(root, '.git'), { recursive: true });
    fs.writeFileSync(path.join(root, '.git', 'config'), 'secret');
    const served = await rawRequest(s.baseUrl, 'GET', '/files/videos/clip.txt');
    assert.equal(served.status, 200);
    assert.equal(served.text, 'hello');
    for (const p of [
      '/files/', '/files/videos/', '/files/videos', '/files/.hidden', '/files/.git/config', '/files/videos/.%2e/.hidden',
      '/files/../package.json', '/files/%2e%2e/package.json', '/files/..%2fpackage.json', '/files/videos/../../package.json',
      '/files/%2e%2e%2f%2e%2e%2fetc/passwd', '/files/videos%2f..%2f..%2freelsmith.db', '/files/..\\package.json',
      `/files/${'a'.repeat(5000)}`, '/files/videos/missing.mp4', '/files/%00', '/files/videos/clip.txt%00.mp4',
    ]) {
      const res = await rawRequest(s.baseUrl, 'GET', p);
      const msg = envelope(res, 10104, 404);
      assert.match(msg, /^Record not found: no file \/files\//, p);
      assert.doesNotMatch(res.text, /secret/);
    }
  });

  it('bad percent-encoding and over-long path parameters are 40000', async () => {
    for (const p of ['/files/%', '/files/%zz', '/v1/product/%E0%A4%A', '/v1/avatars/%ff/cover.png', '/v1/voices/%/audition']) {
      assert.match(envelope(await rawRequest(s.baseUrl, 'GET', p), 40000, 200), /not valid percent-encoding/, p);
    }
    for (const p of [`/v1/voices/${'a'.repeat(101)}/audition`, `/v1/templates/${'9'.repeat(5000)}/cover.jpg`]) {
      assert.match(envelope(await rawRequest(s.baseUrl, 'GET', p), 40000, 200), /path parameter is longer than 100 characters/, p.slice(0, 40));
    }
  });

  it("requests Node's HTTP parser refuses still get the envelope (HTTP 400 or 431)", async () => {
    for (const bytes of [
      'FOO /v1/product HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /v1/pro duct HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /v1/product HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
      'GET /v1/product HTTP/1.1\r\nHost: x\r\nX-Api-Key: a\u0001b\r\n\r\n',
      'POST /v1/product HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /v1/product HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET /v1/product HTTP/9.9\r\nHost: x\r\n\r\n',
    ]) {
      const res = await rawBytes(s.baseUrl, bytes);
      assert.match(envelope(res, 40000, 400), /^Parameter error: malformed HTTP request/, JSON.stringify(bytes));
    }
    // Bytes after a Connection: close request (a GET body sent without a length): one answer, to the request.
    const trailing = await rawBytes(s.baseUrl, 'GET /v1/avatars HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n{"not":"a request"}');
    envelope(trailing, 10105, 200);
    assert.doesNotMatch(trailing.text, /HTTP\/1\.1/, 'no second response on the connection');
    const huge = await rawBytes(s.baseUrl, `GET /v1/product HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.match(envelope(huge, 40000, 431), /headers are too large/);
  });

  it('one log line per request, info for client mistakes, error only for a 50000 with its fault', async () => {
    const rids: Record<string, string> = {};
    const get = async (name: string, method: string, p: string, opts: Parameters<typeof rawRequest>[3] = {}) => {
      const res = await rawRequest(s.baseUrl, method, p, opts);
      rids[name] = String(res.headers['x-request-id']);
      return res;
    };
    await get('ok', 'GET', '/v1/avatars', { headers: { 'x-api-key': key } });
    await get('badKey', 'GET', '/v1/avatars', { headers: { 'x-api-key': 'rs_nope' } });
    await get('param', 'POST', '/v2/create_video_from_product', { headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{}' });
    await get('noRoute', 'GET', '/v1/nothing-here');
    await get('file', 'GET', '/files/../x');
    await get('badUrl', 'GET', '/v1/product/%zz');
    await get('health', 'GET', '/health');
    const boom = await get('fault', 'POST', '/v1/product', { headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{"url":"https://shop.example.com/p/1"}' });
    assert.equal(boom.json.code, 50000);
    assert.doesNotMatch(boom.text, /exploded/, 'the fault is logged, not shown');
    await new Promise((r) => setTimeout(r, 50));
    for (const [name, rid] of Object.entries(rids)) {
      const lines = levelsOf(rid);
      assert.equal(lines.length, 1, `${name}: ${JSON.stringify(lines)}`);
      const line = lines[0]!;
      assert.equal(typeof line.status, 'number', name);
      assert.match(line.msg, /^(GET|POST) \/\S* \d{3}/, name);
      if (name === 'fault') {
        assert.equal(line.level, 50);
        assert.equal(line.code, 50000);
        assert.match(JSON.stringify(line.err), /crawler exploded/);
      } else {
        assert.equal(line.level, 30, `${name}: ${JSON.stringify(line)}`);
      }
    }
    assert.equal(levelsOf(rids.badKey!)[0]!.code, 10105);
    assert.equal(levelsOf(rids.ok!)[0]!.code, 0);
    assert.ok(!log.lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed'), "Fastify's own pair of lines is gone");
  });
});

const stores = [
  { name: 'in-memory counters', env: {} as Record<string, string> },
  { name: 'Redis counters (REDIS_URL)', env: process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : undefined },
];

/** A loopback address of its own, so that counters in a shared Redis start at zero. */
const freshLoopback = () => `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

for (const store of stores) {
  describe(`requests with a missing or unknown key are limited per client address, ${store.name} (issue 11, item 8)`, { skip: store.env ? false : 'REDIS_URL is not set' }, () => {
    let s: TestServer;
    before(async () => {
      s = await startServer({ env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '5', ...store.env } });
    });
    after(() => s.close());

    it('whatever the method and whichever keys are tried; valid keys and other addresses are not affected', async () => {
      const { apiKey } = await s.account();
      const guesser = freshLoopback();
      const attempts: Array<[string, string, Record<string, string>]> = [
        ['GET', '/v1/avatars', {}],
        ['GET', '/v1/avatars', { 'x-api-key': 'rs_guess1' }],
        ['POST', '/v1/product', { 'x-api-key': 'rs_guess2', 'content-type': 'application/json' }],
        ['DELETE', '/v1/endpoint/1', { 'x-api-key': 'rs_guess3' }],
        ['GET', '/v2/webhook/endpoints', { 'x-api-key': '' }],
      ];
      for (const [method, p, headers] of attempts) {
        const res = await rawRequest(s.baseUrl, method, p, { headers, localAddress: guesser, body: method === 'POST' ? '{}' : undefined });
        envelope(res, 10105, 200);
      }
      const limited = await rawRequest(s.baseUrl, 'GET', '/v1/avatars', { headers: { 'x-api-key': 'rs_guess4' }, localAddress: guesser });
      assert.match(envelope(limited, 429, 429), /^Rate limit exceeded: retry after \d+ s$/);
      const retryAfter = Number(limited.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      envelope(await rawRequest(s.baseUrl, 'GET', '/v1/avatars', { localAddress: guesser }), 429, 429);

      // The holder of a valid key at the same address, and another address, still get through.
      envelope(await rawRequest(s.baseUrl, 'GET', '/v1/avatars', { headers: { 'x-api-key': apiKey }, localAddress: guesser }), 0, 200);
      envelope(await rawRequest(s.baseUrl, 'GET', '/v1/avatars', { headers: { 'x-api-key': 'rs_other' }, localAddress: freshLoopback() }), 10105, 200);
      // Public routes need no key and are not counted.
      assert.equal((await rawRequest(s.baseUrl, 'GET', '/health', { localAddress: guesser })).status, 200);
    });
  });
}

it('RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE is validated', async () => {
  const { loadConfig } = await import('../src/config/config.ts');
  assert.equal(loadConfig({}).unauthenticatedRateLimitPerMinute, 30);
  assert.equal(loadConfig({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '7' }).unauthenticatedRateLimitPerMinute, 7);
  assert.throws(() => loadConfig({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '0' }), /RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE must be an integer/);
});
