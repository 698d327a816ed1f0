import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { isPublicAddress } from '../src/net/address-policy.ts';
import { createSafeFetcher, createSafeFetcherWithAddressPolicy, FetchError, type Resolver } from '../src/net/safe-fetch.ts';

/** The delivery fetcher's options: pooled keep-alive connections and truncated answers. */
describe('safe fetcher keep-alive mode (webhook deliveries)', () => {
  let server: http.Server;
  let port = 0;
  let connections = 0;
  before(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(req.url === '/big' ? 200 : 204, { 'content-type': 'text/plain' });
        res.end(req.url === '/big' ? 'y'.repeat(200_000) : undefined);
      });
    });
    server.keepAliveTimeout = 5000;
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  after(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));

  const post = { method: 'POST' as const, body: '{}', maxBytes: 512, deadlineMs: 5000, maxRedirects: 0, throwOnHttpError: false };

  it('reuses one connection for sequential deliveries; without it every fetch connects anew', async () => {
    const pooled = createSafeFetcher({ allowPrivate: true, keepAlive: { connectionsPerOrigin: 1 } });
    const before = connections;
    for (let i = 0; i < 10; i++) assert.equal((await pooled.fetch(`http://127.0.0.1:${port}/hook`, post)).status, 204);
    assert.equal(connections - before, 1);
    await pooled.close();
    const single = createSafeFetcher({ allowPrivate: true });
    const mid = connections;
    for (let i = 0; i < 3; i++) await single.fetch(`http://127.0.0.1:${port}/hook`, post);
    assert.equal(connections - mid, 3);
    await single.close();
  });

  it('still checks the address of every new connection (guarded lookup) in pooled mode', async () => {
    const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const pooled = createSafeFetcherWithAddressPolicy({ allowPrivate: false, resolver, keepAlive: { connectionsPerOrigin: 4 } }, isPublicAddress);
    await assert.rejects(pooled.fetch(`http://receiver.example:${port}/hook`, post), (err: unknown) => err instanceof FetchError && err.kind === 'address_not_allowed');
    await assert.rejects(pooled.fetch(`http://127.0.0.1:${port}/hook`, post), (err: unknown) => err instanceof FetchError && err.kind === 'address_not_allowed');
    await pooled.close();
  });

  it('truncateBody keeps the first maxBytes of a long answer instead of failing', async () => {
    const pooled = createSafeFetcher({ allowPrivate: true, keepAlive: { connectionsPerOrigin: 4 } });
    const res = await pooled.fetch(`http://127.0.0.1:${port}/big`, { ...post, truncateBody: true });
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'y'.repeat(512));
    await assert.rejects(pooled.fetch(`http://127.0.0.1:${port}/big`, post), (err: unknown) => err instanceof FetchError && err.kind === 'too_large');
    assert.equal((await pooled.fetch(`http://127.0.0.1:${port}/hook`, post)).status, 204, 'the pool still works after an aborted body');
    await pooled.close();
  });
});
