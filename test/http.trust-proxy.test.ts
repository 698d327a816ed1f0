import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config/config.ts';
import { logCapture, type LogLine } from './support/log-capture.ts';
import { rawRequest, type RawResult } from './support/raw-http.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * Issue 28, loose end 4: behind a reverse proxy (TRUST_PROXY) the per-address limit for unknown
 * keys and the request log see the client's address from X-Forwarded-For; without it, or from an
 * address that is not a trusted proxy, the header is ignored. Real loopback requests, each side
 * from its own 127.x address (rawRequest's localAddress).
 */
const PROXY = '127.0.0.77';
const DIRECT = '127.0.0.78';

const code = (res: RawResult) => res.json?.code as number;
const guess = (s: TestServer, from: string, xff?: string) =>
  rawRequest(s.baseUrl, 'GET', '/v1/avatars', { headers: { 'x-api-key': 'rs_guess', ...(xff ? { 'x-forwarded-for': xff } : {}) }, localAddress: from });
const logged = (lines: LogLine[], rid: string) => lines.find((l) => l.reqId === rid && typeof l.ip === 'string')?.ip;

async function server(env: Record<string, string>) {
  const log = logCapture();
  const s = await startServer({ env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2', ...env }, logStream: log.stream });
  return { s, lines: log.lines };
}

describe('TRUST_PROXY with the proxy\'s address: clients behind it are told apart, direct clients cannot pose as others', () => {
  let s: TestServer;
  let lines: LogLine[];
  before(async () => ({ s, lines } = await server({ TRUST_PROXY: `${PROXY},10.0.0.0/8` })));
  after(() => s.close());

  it('the limit counts per forwarded client address, and the log line names it', async () => {
    const a = await guess(s, PROXY, '203.0.113.5');
    assert.equal(code(a), 10105);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(logged(lines, a.json.rid), '203.0.113.5');
    assert.equal(code(await guess(s, PROXY, '203.0.113.5')), 10105);
    assert.equal(code(await guess(s, PROXY, '203.0.113.5')), 429, 'the third guess from one client is limited');
    // Another client behind the same proxy is not: before TRUST_PROXY all of them shared one count.
    const b = await guess(s, PROXY, '198.51.100.7');
    assert.equal(code(b), 10105);
    // A forwarded chain: the nearest untrusted address is the client (10.x is a trusted inner proxy).
    const c = await guess(s, PROXY, '192.0.2.1, 198.51.100.8, 10.1.2.3');
    assert.equal(code(c), 10105);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(logged(lines, b.json.rid), '198.51.100.7');
    assert.equal(logged(lines, c.json.rid), '198.51.100.8');
  });

  it('a request from an address that is not a trusted proxy keeps its own address, whatever it forwards', async () => {
    const d = await guess(s, DIRECT, '203.0.113.99');
    assert.equal(code(d), 10105);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(logged(lines, d.json.rid), DIRECT);
    assert.equal(code(await guess(s, DIRECT, '203.0.113.100')), 10105);
    assert.equal(code(await guess(s, DIRECT, '203.0.113.101')), 429, 'changing X-Forwarded-For does not escape the limit');
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let s: TestServer;
  let lines: LogLine[];
  before(async () => ({ s, lines } = await server({ TRUST_PROXY: '1' })));
  after(() => s.close());

  it('1 hop: the address the proxy saw (the last X-Forwarded-For entry) is the client; earlier entries are the client\'s own claims', async () => {
    const a = await guess(s, PROXY, '1.2.3.4, 203.0.113.20');
    assert.equal(code(a), 10105);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(logged(lines, a.json.rid), '203.0.113.20');
    assert.equal(code(await guess(s, PROXY, '5.6.7.8, 203.0.113.20')), 10105);
    assert.equal(code(await guess(s, PROXY, '9.9.9.9, 203.0.113.20')), 429);
  });
});

describe('without TRUST_PROXY (the default)', () => {
  let s: TestServer;
  let lines: LogLine[];
  before(async () => ({ s, lines } = await server({})));
  after(() => s.close());

  it('X-Forwarded-For is ignored: the connecting address is logged and counted', async () => {
    const a = await guess(s, PROXY, '203.0.113.5');
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(logged(lines, a.json.rid), PROXY);
    assert.equal(code(await guess(s, PROXY, '203.0.113.6')), 10105);
    assert.equal(code(await guess(s, PROXY, '203.0.113.7')), 429);
  });
});

it('TRUST_PROXY is parsed at start: false, true, hops, addresses and CIDRs; anything else stops the start', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8,loopback' }).trustProxy, ['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
  for (const bad of ['proxy.example.com', '10.0.0.0/33', '300.1.1.1', '1.2.3.4/8/9', '65'] as const) {
    assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/, bad);
  }
});
