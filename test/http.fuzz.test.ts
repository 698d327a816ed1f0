import assert from 'node:assert/strict';
import { mulberry32 } from '../src/lib/random.ts';
import { after, before, describe, it } from 'node:test';
import { logCapture } from './support/log-capture.ts';
import { rawBytes, rawRequest, type RawResult } from './support/raw-http.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * Bounded fuzz-style pass (issue 11, item 5): a few hundred malformed requests — bad path
 * parameters and percent-encoding, odd query strings, methods, headers, bodies and content types —
 * over every route of the served OpenAPI document, plus the hidden ones. Deterministic (seeded).
 * Every answer must be the envelope, never HTTP 5xx nor 50000, and nothing may be logged above info.
 */


const BAD_PARAMS = [
  '%', '%zz', '%E0%A4%A', '%ff%fe', '..%2f..%2fetc%2fpasswd', '%2e%2e', '..', '%00', 'a'.repeat(101), '9'.repeat(400), '-1', '1e309', 'NaN',
  '0x10', '%F0%9F%92%A5', '%20', '__proto__', 'constructor', '1;DROP%20TABLE%20videos', '%3Cscript%3E', '.hidden', '~', '%C0%AE%C0%AE',
];
const BAD_QUERIES = [
  '?%', '?a=%zz', '?aspect_ratio=-1', '?aspect_ratio=%', '?page=999999999999999999999999', '?page=-5&page_size=0', '?x[y]=1', '?__proto__[polluted]=1',
  '?constructor[prototype][polluted]=1', '?page=1&page=2', `?q=${'x'.repeat(5000)}`, '?product_id=', '?project_id=%00', '?status=%F0%9F%92%A5', '?&&&==',
];
const BAD_BODIES = [
  '{oops', '[]', '"text"', 'null', '1e400', 'true', '{"a":1,}', `${'['.repeat(1000)}${']'.repeat(1000)}`, '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}', '{"name":"\\ud800"}', '{"url":"javascript:alert(1)"}', '{"media":[{"type":"image","url":"https://[::7f00:1]/x.png"}]}',
  '{"video_length":{"$gt":0}}', '{"product_id":[1,2]}', '{"events":"generated_video_success"}', '\u0000', '\ufeff{}', '{"a":"' + 'b'.repeat(100_000) + '"}',
];
const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/jsonx',
  'application/octet-stream', 'application/json, text/plain', ';;;', 'application/json; charset="', 'APPLICATION/JSON',
];
const ODD_HEADERS: Array<Record<string, string>> = [
  { 'x-api-key': 'k'.repeat(10_000) },
  { 'x-api-key': 'rs_\u00e9\u00ff' },
  { 'x-api-key': ' ' },
  { 'content-encoding': 'gzip' },
  { accept: 'application/xml' },
  { 'accept-encoding': 'br;q=2, *;q=-1' },
  { range: 'bytes=999999999-1' },
  { 'if-none-match': '*', 'if-modified-since': 'yesterday' },
  { 'x-forwarded-for': '127.0.0.1, ::1, not-an-ip' },
  { host: '[::1' },
];
const ODD_METHODS = ['PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'HEAD', 'PURGE', 'SEARCH'];

interface Operation {
  method: string;
  path: string;
}

describe('fuzz: malformed requests over every route never fail the server (issue 11, item 5)', () => {
  let s: TestServer;
  let key: string;
  const log = logCapture();
  before(async () => {
    s = await startServer({ logStream: log.stream });
    key = (await s.account()).apiKey;
  });
  after(() => s.close());

  it('a few hundred requests: always the envelope, never 5xx or 50000, nothing logged above info', async (t) => {
    const doc = s.running.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations: Operation[] = [];
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const m of Object.keys(methods)) operations.push({ method: m.toUpperCase(), path: p });
    }
    assert.ok(operations.length >= 30, `only ${operations.length} operations in the OpenAPI document`);
    operations.push({ method: 'GET', path: '/health' }, { method: 'GET', path: '/openapi.json' }, { method: 'GET', path: '/files/{file}' }, { method: 'GET', path: '/files/videos/{file}' });

    const rand = mulberry32(11);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const keys = [key, 'rs_not_a_key', undefined];
    const failures: string[] = [];
    const rids: string[] = [];
    let sent = 0;

    const check = (what: string, res: RawResult, method: string, path: string) => {
      if (res.status >= 500) failures.push(`${what}: HTTP ${res.status} ${res.text.slice(0, 160)}`);
      if (method === 'HEAD') return;
      // The two non-envelope routes: the health probe and the OpenAPI document itself.
      if (res.status === 200 && /^\/(health|openapi\.json)(\?|$)/.test(path) && res.json?.code === undefined) return;
      const body = res.json;
      if (!body || typeof body.code !== 'number' || typeof body.msg !== 'string' || !/^[0-9a-f]{32}$/.test(String(body.rid))) {
        failures.push(`${what}: not the envelope: HTTP ${res.status} ${res.text.slice(0, 160)}`);
        return;
      }
      if (body.code === 50000) failures.push(`${what}: 50000 ${body.msg}`);
      if (body.code !== 0 && body.msg.length === 0) failures.push(`${what}: empty msg`);
      rids.push(body.rid);
    };

    const send = async (what: string, method: string, path: string, headers: Record<string, string>, body?: string) => {
      sent++;
      try {
        check(what, await rawRequest(s.baseUrl, method, path, { headers, ...(body !== undefined ? { body } : {}) }), method, path);
      } catch (err) {
        failures.push(`${what}: ${(err as Error).message}`);
      }
    };

    for (const op of operations) {
      const hasParams = op.path.includes('{');
      const withParams = () => op.path.replace(/\{[^}]+\}/g, () => pick(BAD_PARAMS));
      // Routes without parameters keep their path; those with parameters always get a bad one
      // (a valid id on a media route would render a picture, which is not what this test is for).
      const basePath = () => (hasParams ? withParams() : op.path);
      const auth = (): Record<string, string> => {
        const k = pick(keys);
        return k === undefined ? {} : { 'x-api-key': k };
      };
      const cases: Array<[string, string, Record<string, string>, string | undefined]> = [];
      for (let i = 0; i < 2; i++) cases.push([op.method, basePath(), auth(), undefined]);
      cases.push([op.method, basePath() + pick(BAD_QUERIES), auth(), undefined]);
      cases.push([op.method, basePath() + pick(BAD_QUERIES), { 'x-api-key': key }, undefined]);
      for (let i = 0; i < 3; i++) cases.push([op.method, basePath(), { 'x-api-key': key, 'content-type': 'application/json' }, pick(BAD_BODIES)]);
      cases.push([op.method, basePath(), { ...auth(), 'content-type': pick(CONTENT_TYPES) }, pick(BAD_BODIES)]);
      cases.push([op.method, basePath(), { 'x-api-key': key, 'content-type': pick(CONTENT_TYPES) }, 'a=1&b=2']);
      cases.push([op.method, basePath(), { ...pick(ODD_HEADERS) }, undefined]);
      cases.push([pick(ODD_METHODS), basePath(), auth(), undefined]);
      for (const [method, path, headers, body] of cases) {
        await send(`${method} ${path.slice(0, 80)} ${JSON.stringify(headers).slice(0, 80)} ${(body ?? '').slice(0, 40)}`, method, path, headers, body);
      }
    }

    // Over the body limit, twice.
    const big = `{"name":"${'x'.repeat(1024 * 1024)}"}`;
    await send('POST /v1/product over the body limit', 'POST', '/v1/product', { 'x-api-key': key, 'content-type': 'application/json' }, big);
    await send('PUT /v1/product over the body limit', 'PUT', '/v1/product', { 'x-api-key': key, 'content-type': 'application/json' }, big);

    // Requests node:http will not send.
    for (const op of operations.slice(0, 12)) {
      const p = op.path.replace(/\{[^}]+\}/g, '1');
      for (const bytes of [
        `${op.method}X ${p} HTTP/1.1\r\nHost: x\r\n\r\n`,
        `${op.method} ${p} HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd`,
        `${op.method} ${p}\u0007 HTTP/1.1\r\nHost: x\r\n\r\n`,
      ]) {
        sent++;
        const res = await rawBytes(s.baseUrl, bytes);
        if (res.status >= 500 || typeof res.json?.code !== 'number' || res.json.code === 50000) failures.push(`raw ${JSON.stringify(bytes)}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }

    assert.ok(sent >= 400, `only ${sent} requests`);
    t.diagnostic(`${sent} requests over ${operations.length} operations`);
    assert.deepEqual(failures, []);
    await new Promise((r) => setTimeout(r, 50));
    const loud = log.lines.filter((l) => l.level > 30);
    assert.deepEqual(loud.map((l) => `${l.level} ${l.msg}`), [], 'nothing above info');
    const counted = new Map<string, number>();
    for (const l of log.lines) if (l.reqId) counted.set(l.reqId, (counted.get(l.reqId) ?? 0) + 1);
    for (const rid of rids) assert.equal(counted.get(rid), 1, `one log line for request ${rid}`);
  });
});
