import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { isPublicAddress } from '../src/net/address-policy.ts';
import {
  createGuardedLookup,
  createSafeFetcher,
  createSafeFetcherWithAddressPolicy,
  FetchError,
  type FetchFailure,
  type Resolver,
} from '../src/net/safe-fetch.ts';

// Only ever connects to 127.0.0.1 and ::1. Names like shop.test resolve through injected resolvers.

interface Loopback {
  port: number;
  base: string;
  connections: number;
  hits: Map<string, number>;
  close(): Promise<void>;
}

const html = '<!doctype html><title>ok</title><p>hello</p>';
const bomb = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024));
const flags = { endlessClosedEarly: false };

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const p = url.pathname;
  if (p === '/ok') {
    res.writeHead(200, { 'content-type': 'Text/HTML; Charset=UTF-8', 'X-Custom-Thing': 'A', 'set-cookie': ['a=1', 'b=2'] });
    res.end(html);
  } else if (p === '/png') {
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  } else if (p === '/echo') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString(), headers: req.headers }));
    });
  } else if (p === '/redirect') {
    const status = Number(url.searchParams.get('status') ?? 302);
    const headers: http.OutgoingHttpHeaders = { location: url.searchParams.get('to') ?? '/ok' };
    if (url.searchParams.has('close')) headers.connection = 'close';
    res.writeHead(status, headers).end('moved');
  } else if (p.startsWith('/chain/')) {
    const n = Number(p.slice('/chain/'.length));
    if (n === 0) res.writeHead(200, { 'content-type': 'text/plain' }).end('end of chain');
    else res.writeHead(302, { location: `../chain/${n - 1}` }).end();
  } else if (p === '/status') {
    res.writeHead(Number(url.searchParams.get('code')), { 'content-type': 'text/plain' }).end('status body');
  } else if (p === '/trickle') {
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => res.write('x'), 100);
    res.on('close', () => clearInterval(timer));
  } else if (p === '/hang') {
    // Never answers; the request stays open until the client gives up or the server closes.
  } else if (p === '/endless') {
    flags.endlessClosedEarly = false;
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let stopped = false;
    const pump = () => {
      while (!stopped && res.write(chunk));
    };
    res.on('drain', pump);
    res.on('close', () => {
      stopped = true;
      flags.endlessClosedEarly = true;
    });
    pump();
  } else if (p === '/declared-huge') {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(50 * 1024 * 1024) });
    res.flushHeaders(); // and then nothing: the declaration alone must be enough
  } else if (p === '/bomb') {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': String(bomb.length) }).end(bomb);
  } else if (p.startsWith('/enc/')) {
    const coding = p.slice('/enc/'.length);
    const text = Buffer.from(html);
    const encoded: Record<string, [string, Buffer]> = {
      gzip: ['gzip', zlib.gzipSync(text)],
      deflate: ['deflate', zlib.deflateSync(text)],
      'deflate-raw': ['deflate', zlib.deflateRawSync(text)],
      br: ['br', zlib.brotliCompressSync(text)],
      'gzip-br': ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(text))],
    };
    const [header, body] = encoded[coding]!;
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': header }).end(body);
  } else {
    res.writeHead(404).end();
  }
}

async function listen(host: string): Promise<Loopback> {
  const hits = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const state = { connections: 0 };
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(p, (hits.get(p) ?? 0) + 1);
    route(req, res);
  });
  server.on('connection', (s) => {
    state.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`,
    get connections() {
      return state.connections;
    },
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A resolver that answers from a table (or a per-call sequence) and logs what it was asked. */
function scripted(table: Record<string, string | string[]>): Resolver & { calls: string[] } {
  const seen = new Map<string, number>();
  const calls: string[] = [];
  const resolver = async (hostname: string) => {
    calls.push(hostname);
    const entry = table[hostname];
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const n = seen.get(hostname) ?? 0;
    seen.set(hostname, n + 1);
    const address = Array.isArray(entry) ? entry[Math.min(n, entry.length - 1)]! : entry;
    return [{ address, family: address.includes(':') ? (6 as const) : (4 as const) }];
  };
  return Object.assign(resolver, { calls });
}

async function failsWith(promise: Promise<unknown>, kind: FetchFailure): Promise<FetchError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof FetchError, `expected a FetchError, got ${String(err)}`);
    assert.equal(err.kind, kind, `expected ${kind}, got ${err.kind}: ${err.message}`);
    return err;
  }
  assert.fail(`expected ${kind}, but the fetch succeeded`);
}

/** A self-signed certificate for shop.test (valid until 2126); no client trusts it. */
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgoGYn8EmiDA2wWpb+
NhRj+LiJcYUksOEg+Uk/96tf+eehRANCAASDh2VipX5PFmvXmKBqtT9KLwOuGPzK
B83VSlOnv2RsO/9PpdJrIYhgpG/HD4eq2PG0MvTHB5c23IRauPrNr7yP
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBlTCCATugAwIBAgIUI+qInn+6lE2jy5k5OBPZlx3BUXUwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJc2hvcC50ZXN0MCAXDTI2MTEyMjExMzkwNloYDzIxMjYxMDI5
MTEzOTA2WjAUMRIwEAYDVQQDDAlzaG9wLnRlc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASDh2VipX5PFmvXmKBqtT9KLwOuGPzKB83VSlOnv2RsO/9PpdJrIYhg
pG/HD4eq2PG0MvTHB5c23IRauPrNr7yPo2kwZzAdBgNVHQ4EFgQUTpx0RcUCLRcI
dEeLC0JlSBH6HdswHwYDVR0jBBgwFoAUTpx0RcUCLRcIdEeLC0JlSBH6HdswDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglzaG9wLnRlc3QwCgYIKoZIzj0EAwID
SAAwRQIhANImq18Tk1P/NwbQLAznh34/6mbyJc7PIaOxpSSGCHkcAiBhcbFq4+yX
0lu1OThIsl+BX7OLYnHJh+v03aanhfsQVA==
-----END CERTIFICATE-----`;

const small = { maxBytes: 1024 * 1024, deadlineMs: 5000 };
/** Stands in for "public" in tests: the real rule plus exactly 127.0.0.1, so ::1 and everything else stay refused. */
const loopbackV4IsPublic = (address: string) => address === '127.0.0.1' || isPublicAddress(address);

let v4: Loopback;
let v6: Loopback;
before(async () => {
  v4 = await listen('127.0.0.1');
  v6 = await listen('::1');
});
after(async () => {
  await v4.close();
  await v6.close();
});

describe('URL rules', () => {
  const open = createSafeFetcher({ allowPrivate: true, resolver: scripted({}) });
  after(() => open.close());

  it('only http and https are fetched, even with allowPrivate', async () => {
    for (const url of ['ftp://127.0.0.1/x', 'file:///etc/passwd', 'data:text/html,hi', 'javascript:alert(1)', 'gopher://127.0.0.1:70/', 'ws://127.0.0.1/', 'not a url', '/relative/path']) {
      await failsWith(open.fetch(url, small), 'bad_url');
    }
  });

  it('URLs with credentials are refused', async () => {
    await failsWith(open.fetch(`http://user:secret@127.0.0.1:${v4.port}/ok`, small), 'bad_url');
    await failsWith(open.fetch(`http://user@127.0.0.1:${v4.port}/ok`, small), 'bad_url');
    assert.equal(v4.hits.get('/ok') ?? 0, 0);
  });
});

describe('address rules (allowPrivate = false)', () => {
  const blocked = [
    '127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::', '100.64.0.1',
    '169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1', 'ff02::1', '10.0.0.1', '172.16.0.1', '192.168.1.1', 'fc00::1',
    '255.255.255.255', '192.0.2.1', '2001:db8::1',
  ];

  it('IP-literal URLs of every special range are refused before connecting, without DNS', async () => {
    const resolver = scripted({});
    const strict = createSafeFetcher({ allowPrivate: false, resolver });
    try {
      for (const ip of blocked) {
        const host = ip.includes(':') ? `[${ip}]` : ip;
        const port = ip === '::1' ? v6.port : v4.port;
        await failsWith(strict.fetch(`http://${host}:${port}/ok`, small), 'address_not_allowed');
      }
      // Alternative IPv4 spellings are normalised by the URL parser and judged as what they are.
      for (const host of ['2130706433', '0x7f.1', '017700000001', '127.1']) {
        await failsWith(strict.fetch(`http://${host}:${v4.port}/ok`, small), 'address_not_allowed');
      }
      assert.deepEqual(resolver.calls, []);
      assert.equal(v4.connections, 0);
      assert.equal(v6.connections, 0);
    } finally {
      await strict.close();
    }
  });

  it('the guarded lookup refuses every special range a resolver may answer, and passes public answers through', async () => {
    for (const address of [...blocked, '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      const lookup = createGuardedLookup(scripted({ 'shop.test': address }), isPublicAddress);
      for (const all of [true, false]) {
        const outcome = await new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
          lookup('shop.test', { all }, (err, addr) => resolve({ err, address: addr })),
        );
        if (isPublicAddress(address)) {
          assert.equal(outcome.err, null, address);
          assert.deepEqual(outcome.address, all ? [{ address, family: address.includes(':') ? 6 : 4 }] : address);
        } else {
          assert.ok(outcome.err instanceof FetchError && outcome.err.kind === 'address_not_allowed', `${address} passed`);
        }
      }
    }
    assert.ok(isPublicAddress('8.8.8.8'), 'the table above needs at least one public address');
  });

  it('a mixed answer connects only to its public addresses', async () => {
    const resolver: Resolver = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '8.8.8.8', family: 4 },
      { address: '::1', family: 6 },
    ];
    const lookup = createGuardedLookup(resolver, isPublicAddress);
    const addresses = await new Promise((resolve) => lookup('shop.test', { all: true }, (_err, addr) => resolve(addr)));
    assert.deepEqual(addresses, [{ address: '8.8.8.8', family: 4 }]);
  });

  it('a name resolving to loopback (plain, IPv6 or IPv4-mapped) is refused at connect time; the server sees no connection', async () => {
    const resolver = scripted({ 'shop.test': '127.0.0.1', 'v6.test': '::1', 'mapped.test': '::ffff:127.0.0.1', 'nat64.test': '64:ff9b::7f00:1' });
    const strict = createSafeFetcher({ allowPrivate: false, resolver });
    try {
      const before4 = v4.connections;
      const before6 = v6.connections;
      const err = await failsWith(strict.fetch(`http://shop.test:${v4.port}/ok`, small), 'address_not_allowed');
      assert.match(err.message, /127\.0\.0\.1/);
      await failsWith(strict.fetch(`http://v6.test:${v6.port}/ok`, small), 'address_not_allowed');
      await failsWith(strict.fetch(`http://mapped.test:${v4.port}/ok`, small), 'address_not_allowed');
      await failsWith(strict.fetch(`https://nat64.test:${v4.port}/ok`, small), 'address_not_allowed');
      assert.deepEqual(resolver.calls, ['shop.test', 'v6.test', 'mapped.test', 'nat64.test']);
      assert.equal(v4.connections, before4);
      assert.equal(v6.connections, before6);
    } finally {
      await strict.close();
    }
  });

  it('DNS rebinding: the lookup judges each answer it hands to a socket, so a later private answer is refused', async () => {
    const lookup = createGuardedLookup(scripted({ 'shop.test': ['8.8.8.8', '127.0.0.1'] }), isPublicAddress);
    const ask = () => new Promise<{ err: Error | null; address: unknown }>((resolve) => lookup('shop.test', {}, (err, address) => resolve({ err, address })));
    assert.deepEqual(await ask(), { err: null, address: '8.8.8.8' });
    const second = await ask();
    assert.ok(second.err instanceof FetchError && second.err.kind === 'address_not_allowed');
  });

  it('DNS rebinding end to end: the first connection uses the allowed answer, the second answer (::1) is refused', async () => {
    const resolver = scripted({ 'shop.test': ['127.0.0.1', '::1'] });
    const fetcher = createSafeFetcherWithAddressPolicy({ allowPrivate: false, resolver }, loopbackV4IsPublic);
    try {
      const before6 = v6.connections;
      const first = await fetcher.fetch(`http://shop.test:${v4.port}/ok`, small);
      assert.equal(first.remoteAddress, '127.0.0.1');
      // Same name, same port: a v6 server is listening there, so only the check stands in the way.
      await failsWith(fetcher.fetch(`http://shop.test:${v6.port}/ok`, small), 'address_not_allowed');
      assert.deepEqual(resolver.calls, ['shop.test', 'shop.test']);
      assert.equal(v6.connections, before6);
    } finally {
      await fetcher.close();
    }
  });

  it("after connecting, the socket's actual peer address is judged again (backs up the lookup)", async () => {
    // A policy that accepts the spelling the resolver uses but not the address the socket reports.
    const resolver = scripted({ 'shop.test': '0:0:0:0:0:0:0:1' });
    const fetcher = createSafeFetcherWithAddressPolicy({ allowPrivate: false, resolver }, (a) => a === '0:0:0:0:0:0:0:1' || isPublicAddress(a));
    try {
      const err = await failsWith(fetcher.fetch(`http://shop.test:${v6.port}/ok`, small), 'address_not_allowed');
      assert.match(err.message, /::1/);
      assert.equal(v6.hits.get('/ok') ?? 0, 0);
    } finally {
      await fetcher.close();
    }
  });

  it('every redirect hop is checked: a rebinding name, a private name and a private IP literal are all refused mid-chain', async () => {
    const resolver = scripted({ 'shop.test': ['127.0.0.1', '::1'], 'inner.test': '::1', 'meta.test': '169.254.169.254' });
    const fetcher = createSafeFetcherWithAddressPolicy({ allowPrivate: false, resolver }, loopbackV4IsPublic);
    try {
      const before6 = v6.connections;
      // Connection: close forces a new connection, and so a new lookup, for the second hop.
      const rebind = `http://shop.test:${v4.port}/redirect?close=1&to=${encodeURIComponent(`/ok`)}`;
      await failsWith(fetcher.fetch(rebind, small), 'address_not_allowed');
      assert.deepEqual(resolver.calls, ['shop.test', 'shop.test']);
      const base = `http://127.0.0.1:${v4.port}/redirect?to=`;
      await failsWith(fetcher.fetch(base + encodeURIComponent(`http://inner.test:${v6.port}/ok`), small), 'address_not_allowed');
      await failsWith(fetcher.fetch(base + encodeURIComponent(`http://meta.test:${v4.port}/ok`), small), 'address_not_allowed');
      await failsWith(fetcher.fetch(base + encodeURIComponent(`http://[::1]:${v6.port}/ok`), small), 'address_not_allowed');
      await failsWith(fetcher.fetch(base + encodeURIComponent('http://169.254.169.254/latest/meta-data/'), small), 'address_not_allowed');
      assert.equal(v6.connections, before6);
    } finally {
      await fetcher.close();
    }
  });
});

describe('fetching (allowPrivate = true, loopback servers)', () => {
  const resolver = scripted({ 'shop.test': '127.0.0.1', 'other.test': '127.0.0.1', 'v6.test': '::1' });
  const fetcher = createSafeFetcher({ allowPrivate: true, resolver, userAgent: 'ReelsmithTest/1' });
  after(() => fetcher.close());

  it('returns status, lowercased headers, media type, body and the address connected to', async () => {
    const res = await fetcher.fetch(`http://shop.test:${v4.port}/ok`, small);
    assert.equal(res.status, 200);
    assert.equal(res.url, `http://shop.test:${v4.port}/ok`);
    assert.equal(res.contentType, 'text/html');
    assert.equal(res.headers['x-custom-thing'], 'A');
    assert.equal(res.headers['set-cookie'], 'a=1, b=2');
    assert.ok(Object.keys(res.headers).every((name) => name === name.toLowerCase()));
    assert.equal(res.body.toString(), html);
    assert.equal(res.remoteAddress, '127.0.0.1');
    assert.ok(res.elapsedMs >= 0 && res.elapsedMs < 5000);
    const v6res = await fetcher.fetch(`http://v6.test:${v6.port}/ok`, small);
    assert.equal(v6res.remoteAddress, '::1');
    const literal = await fetcher.fetch(`http://[::1]:${v6.port}/ok`, small);
    assert.equal(literal.remoteAddress, '::1');
  });

  it('sends the user agent and asks for gzip, deflate and br; the caller cannot override framing headers', async () => {
    const res = await fetcher.fetch(`http://shop.test:${v4.port}/echo`, {
      ...small,
      headers: { 'X-Extra': 'yes', 'Accept-Encoding': 'identity', Host: 'evil.test' },
    });
    const echoed = JSON.parse(res.body.toString());
    assert.equal(echoed.headers['user-agent'], 'ReelsmithTest/1');
    assert.equal(echoed.headers['accept-encoding'], 'gzip, deflate, br');
    assert.equal(echoed.headers['x-extra'], 'yes');
    assert.equal(echoed.headers.host, `shop.test:${v4.port}`);
  });

  it('decodes gzip, deflate (zlib and raw), br and stacked codings', async () => {
    for (const coding of ['gzip', 'deflate', 'deflate-raw', 'br', 'gzip-br']) {
      const res = await fetcher.fetch(`http://shop.test:${v4.port}/enc/${coding}`, small);
      assert.equal(res.body.toString(), html, coding);
      assert.equal(res.headers['content-encoding'], undefined);
    }
  });

  it('https certificates are verified: a self-signed loopback server is unreachable', async () => {
    const server = https.createServer({ key: TEST_KEY, cert: TEST_CERT }, route);
    let handshakes = 0;
    server.on('connection', () => handshakes++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const err = await failsWith(fetcher.fetch(`https://shop.test:${port}/ok`, small), 'unreachable');
      assert.match(err.message, /certificate/i);
      assert.equal(handshakes, 1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a connection refused on a closed port is unreachable; an unknown name too', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await failsWith(fetcher.fetch(`http://127.0.0.1:${port}/`, small), 'unreachable');
    await failsWith(fetcher.fetch(`http://nowhere.test:${port}/`, small), 'unreachable');
  });

  it('non-2xx is http_status with the status for GET; returned when throwOnHttpError is false; returned by default for POST', async () => {
    const err = await failsWith(fetcher.fetch(`http://shop.test:${v4.port}/status?code=404`, small), 'http_status');
    assert.equal(err.status, 404);
    const kept = await fetcher.fetch(`http://shop.test:${v4.port}/status?code=503`, { ...small, throwOnHttpError: false });
    assert.equal(kept.status, 503);
    assert.equal(kept.body.toString(), 'status body');
    const posted = await fetcher.fetch(`http://shop.test:${v4.port}/status?code=500`, { ...small, method: 'POST', body: '{}' });
    assert.equal(posted.status, 500);
  });

  it('content types are checked on the final response', async () => {
    const pageTypes = (t: string) => t === 'text/html' || t === 'application/xhtml+xml';
    const err = await failsWith(fetcher.fetch(`http://shop.test:${v4.port}/png`, { ...small, accept: pageTypes }), 'bad_content_type');
    assert.match(err.message, /image\/png/);
    const page = await fetcher.fetch(`http://shop.test:${v4.port}/redirect?to=/ok`, { ...small, accept: pageTypes });
    assert.equal(page.contentType, 'text/html');
    // An error status is reported as such, not as a content-type problem.
    await failsWith(fetcher.fetch(`http://shop.test:${v4.port}/status?code=404`, { ...small, accept: pageTypes }), 'http_status');
  });
});

describe('redirects', () => {
  const resolver = scripted({ 'shop.test': '127.0.0.1', 'other.test': '127.0.0.1' });
  const fetcher = createSafeFetcher({ allowPrivate: true, resolver });
  after(() => fetcher.close());
  const at = (path: string) => `http://shop.test:${v4.port}${path}`;
  const redirect = (to: string, status = 302) => at(`/redirect?status=${status}&to=${encodeURIComponent(to)}`);

  it('follows up to 5 redirects by default, resolving relative locations; a 6th is too_many_redirects', async () => {
    const res = await fetcher.fetch(at('/chain/5'), small);
    assert.equal(res.body.toString(), 'end of chain');
    assert.equal(res.url, at('/chain/0'));
    await failsWith(fetcher.fetch(at('/chain/6'), small), 'too_many_redirects');
    await failsWith(fetcher.fetch(at('/chain/3'), { ...small, maxRedirects: 2 }), 'too_many_redirects');
    assert.equal((await fetcher.fetch(at('/chain/2'), { ...small, maxRedirects: 2 })).status, 200);
  });

  it('maxRedirects 0 returns the 3xx as it is, without throwing', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await fetcher.fetch(redirect('/ok', 301), { ...small, method, maxRedirects: 0 });
      assert.equal(res.status, 301);
      assert.equal(res.headers.location, '/ok');
      assert.equal(res.url, redirect('/ok', 301));
    }
  });

  it('303 (and 301/302 for POST) switch to GET without a body; 307 and 308 keep method and body', async () => {
    const post = { ...small, method: 'POST' as const, body: '{"a":1}', headers: { 'content-type': 'application/json' }, throwOnHttpError: true };
    for (const status of [301, 302, 303]) {
      const echoed = JSON.parse((await fetcher.fetch(redirect('/echo', status), post)).body.toString());
      assert.equal(echoed.method, 'GET', String(status));
      assert.equal(echoed.body, '');
      assert.equal(echoed.headers['content-type'], undefined);
    }
    for (const status of [307, 308]) {
      const echoed = JSON.parse((await fetcher.fetch(redirect('/echo', status), post)).body.toString());
      assert.equal(echoed.method, 'POST', String(status));
      assert.equal(echoed.body, '{"a":1}');
      assert.equal(echoed.headers['content-type'], 'application/json');
    }
  });

  it('credentials headers are dropped when a redirect leaves the origin, kept within it', async () => {
    const opts = { ...small, headers: { authorization: 'Bearer s3cret', 'x-other': '1' } };
    const same = JSON.parse((await fetcher.fetch(redirect('/echo'), opts)).body.toString());
    assert.equal(same.headers.authorization, 'Bearer s3cret');
    const cross = JSON.parse((await fetcher.fetch(redirect(`http://other.test:${v4.port}/echo`), opts)).body.toString());
    assert.equal(cross.headers.authorization, undefined);
    assert.equal(cross.headers['x-other'], '1');
  });

  it('a redirect to a non-http scheme or to a URL with credentials is redirect_not_allowed', async () => {
    await failsWith(fetcher.fetch(redirect('file:///etc/passwd'), small), 'redirect_not_allowed');
    await failsWith(fetcher.fetch(redirect('ftp://127.0.0.1/x'), small), 'redirect_not_allowed');
    await failsWith(fetcher.fetch(redirect(`http://u:p@shop.test:${v4.port}/ok`), small), 'redirect_not_allowed');
  });
});

// Per-test timeouts make a broken deadline fail the test instead of hanging the run.
describe('deadline, size cap, close', { timeout: 5000 }, () => {
  const resolver = scripted({ 'shop.test': '127.0.0.1' });
  const fetcher = createSafeFetcher({ allowPrivate: true, resolver });
  after(() => fetcher.close());
  const at = (path: string) => `http://shop.test:${v4.port}${path}`;

  it('a body trickling 1 byte every 100 ms cannot outlast the deadline', async () => {
    const started = performance.now();
    await failsWith(fetcher.fetch(at('/trickle'), { maxBytes: 1024 * 1024, deadlineMs: 500 }), 'timeout');
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= 450 && elapsed < 1000, `took ${elapsed} ms`);
  });

  it('a server that never answers is a timeout', async () => {
    const started = performance.now();
    await failsWith(fetcher.fetch(at('/hang'), { maxBytes: 1024, deadlineMs: 300 }), 'timeout');
    assert.ok(performance.now() - started < 1000);
  });

  it('the deadline covers the redirect chain as a whole', async () => {
    const started = performance.now();
    await failsWith(fetcher.fetch(at(`/redirect?to=${encodeURIComponent('/trickle')}`), { maxBytes: 1024, deadlineMs: 300 }), 'timeout');
    assert.ok(performance.now() - started < 1000);
  });

  it('an oversized body without Content-Length is too_large and the connection is aborted', async () => {
    await failsWith(fetcher.fetch(at('/endless'), { maxBytes: 1024 * 1024, deadlineMs: 5000 }), 'too_large');
    const until = Date.now() + 2000;
    while (!flags.endlessClosedEarly && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    assert.ok(flags.endlessClosedEarly, 'the server still has its response open');
  });

  it('a declared Content-Length over the cap is too_large at once, before any body arrives', async () => {
    const started = performance.now();
    await failsWith(fetcher.fetch(at('/declared-huge'), { maxBytes: 1024 * 1024, deadlineMs: 5000 }), 'too_large');
    assert.ok(performance.now() - started < 1000);
  });

  it('a gzip bomb (50 MB of zeros in ~50 KB, Content-Length well under the cap) is too_large quickly, counted after decompression', async () => {
    const samples: number[] = [];
    const base = process.memoryUsage().arrayBuffers;
    const sampler = setInterval(() => samples.push(process.memoryUsage().arrayBuffers - base), 1);
    const started = performance.now();
    try {
      await failsWith(fetcher.fetch(at('/bomb'), { maxBytes: 10 * 1024 * 1024, deadlineMs: 5000 }), 'too_large');
    } finally {
      clearInterval(sampler);
    }
    assert.ok(performance.now() - started < 2000, `took ${performance.now() - started} ms`);
    const peak = Math.max(0, ...samples);
    assert.ok(peak < 40 * 1024 * 1024, `peak buffer growth ${peak} bytes`);
    // The same bomb under a cap it fits in decodes completely.
    const ok = await fetcher.fetch(at('/bomb'), { maxBytes: 50 * 1024 * 1024, deadlineMs: 5000 });
    assert.equal(ok.body.length, 50 * 1024 * 1024);
  });

  it('close() aborts fetches in flight and refuses new ones', async () => {
    const own = createSafeFetcher({ allowPrivate: true, resolver });
    const pending = own.fetch(at('/hang'), { maxBytes: 1024, deadlineMs: 10_000 });
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    await own.close();
    await failsWith(pending, 'unreachable');
    assert.ok(performance.now() - started < 1000);
    await failsWith(own.fetch(at('/ok'), small), 'unreachable');
  });
});
