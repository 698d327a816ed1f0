import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { businessError, startServer, type TestServer } from './support/server.ts';
import { ensureDashboardBuilt } from './support/dashboard.ts';
import { ConfigError, loadConfig } from '../src/config/config.ts';

const TOKEN = 'operator-token-0123456789';

describe('operator routes (ADMIN_TOKEN)', () => {
  let s: TestServer;
  let off: TestServer;
  before(async () => {
    await ensureDashboardBuilt();
    s = await startServer({ env: { ADMIN_TOKEN: TOKEN } });
    off = await startServer();
  });
  after(async () => {
    await s.close();
    await off.close();
  });
  const admin = (method: string, path: string, body?: unknown) => s.call(method, path, { headers: { 'x-admin-token': TOKEN }, ...(body === undefined ? {} : { body }) });

  it('ADMIN_TOKEN must be long enough to be the whole of the authentication', () => {
    assert.throws(() => loadConfig({ ADMIN_TOKEN: 'short' }), (err: unknown) => err instanceof ConfigError && /ADMIN_TOKEN must be at least 16 characters, got 5/.test(err.message));
    assert.equal(loadConfig({ ADMIN_TOKEN: ` ${TOKEN} ` }).adminToken, TOKEN);
    assert.equal(loadConfig({ ADMIN_TOKEN: '' }).adminToken, undefined);
  });

  it('do not exist without ADMIN_TOKEN', async () => {
    const res = await off.call('GET', '/admin/accounts', { headers: { 'x-admin-token': TOKEN } });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 10104);
  });

  it('refuse a missing or wrong token, and an API key in its place', async () => {
    const { apiKey } = await s.account();
    assert.match(businessError(await s.call('GET', '/admin/accounts'), 10105), /admin token/);
    assert.match(businessError(await s.call('GET', '/admin/accounts', { headers: { 'x-admin-token': `${TOKEN}x` } }), 10105), /admin token/);
    businessError(await s.call('POST', '/admin/credits', { key: apiKey, body: { username: 'x', amount: 1 } }), 10105);
  });

  it('do what the CLI does: create, list, credit, key, revoke, suspend, activate', async () => {
    const created = await admin('POST', '/admin/accounts', { username: 'shopkeeper', email: 'shop@example.com', credits: 3 });
    assert.equal(created.body.code, 0);
    const key: string = created.body.data.api_key;
    assert.match(key, /^rs_/);
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 3);

    const listed = (await admin('GET', '/admin/accounts')).body.data.accounts.find((a: any) => a.username === 'shopkeeper');
    assert.deepEqual([listed.credits, listed.status, listed.active_keys, listed.email], [3, 'active', 1, 'shop@example.com']);

    assert.equal((await admin('POST', '/admin/credits', { username: 'shopkeeper', amount: 7 })).body.data.credits, 10);
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 10);
    assert.match(businessError(await admin('POST', '/admin/credits', { username: 'shopkeeper', amount: -11 }), 40000), /cannot go below zero/);
    assert.match(businessError(await admin('POST', '/admin/credits', { username: 'nobody', amount: 1 }), 40000), /no account named "nobody"/);
    assert.match(businessError(await admin('POST', '/admin/credits', { username: 'shopkeeper', amount: 'lots' }), 40000), /amount/);

    const second: string = (await admin('POST', '/admin/keys', { username: 'shopkeeper' })).body.data.api_key;
    assert.equal((await s.call('GET', '/v1/whoami', { key: second })).body.data.username, 'shopkeeper');
    assert.equal((await admin('POST', '/admin/keys/revoke', { api_key: second })).body.code, 0);
    businessError(await s.call('GET', '/v1/whoami', { key: second }), 18025);
    assert.match(businessError(await admin('POST', '/admin/keys/revoke', { api_key: second }), 40000), /no active key/);

    assert.equal((await admin('POST', '/admin/accounts/status', { username: 'shopkeeper', status: 'suspended' })).body.data.status, 'suspended');
    businessError(await s.call('GET', '/v1/whoami', { key }), 18025);
    await admin('POST', '/admin/accounts/status', { username: 'shopkeeper', status: 'active' });
    assert.equal((await s.call('GET', '/v1/whoami', { key })).body.code, 0);
    assert.match(businessError(await admin('POST', '/admin/accounts/status', { username: 'shopkeeper', status: 'gone' }), 40000), /status/);

    const quota = await admin('POST', '/admin/accounts/quota', { username: 'shopkeeper', quota_mb: 1 });
    assert.equal(quota.body.data.storage_quota_bytes, 1024 * 1024);
    assert.equal((await admin('GET', '/admin/accounts')).body.data.accounts.find((a: any) => a.username === 'shopkeeper').quota_mb, 1);
    await admin('POST', '/admin/accounts/quota', { username: 'shopkeeper' });
    assert.equal((await admin('GET', '/admin/accounts')).body.data.accounts.find((a: any) => a.username === 'shopkeeper').quota_mb, null);
    assert.match(businessError(await admin('POST', '/admin/accounts', { username: 'shopkeeper' }), 40000), /already exists/);
    assert.match(businessError(await admin('POST', '/admin/accounts', { username: 'x' }), 40000), /username/);
  });

  it("the account's ledger and keys (extension routes) show what the operator did", async () => {
    const key: string = (await admin('POST', '/admin/accounts', { username: 'ledgered', credits: 5 })).body.data.api_key;
    await admin('POST', '/admin/credits', { username: 'ledgered', amount: -2 });
    await admin('POST', '/admin/credits', { username: 'ledgered', amount: 4 });
    const ledger = (await s.call('GET', '/v1/account/ledger', { key })).body.data;
    assert.equal(ledger.total, 3);
    assert.deepEqual(ledger.entries.map((e: any) => [e.delta, e.reason, e.project_id]), [[4, 'grant', null], [-2, 'deduction', null], [5, 'grant', null]]);
    assert.equal(ledger.entries.reduce((n: number, e: any) => n + e.delta, 0), (await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota);
    const second = (await s.call('GET', '/v1/account/ledger?page=2&page_size=2', { key })).body.data;
    assert.deepEqual([second.total, second.page, second.page_size, second.entries.length, second.entries[0].delta], [3, 2, 2, 1, 5]);
    assert.match(businessError(await s.call('GET', '/v1/account/ledger?page_size=101', { key }), 40000), /page_size/);

    const other: string = (await admin('POST', '/admin/keys', { username: 'ledgered' })).body.data.api_key;
    await admin('POST', '/admin/keys/revoke', { api_key: other });
    const keys = (await s.call('GET', '/v1/account/keys', { key })).body.data.keys;
    assert.equal(keys.length, 2);
    const mine = keys.find((k: any) => k.current);
    assert.equal(mine.key_prefix, key.slice(0, 8));
    assert.equal(mine.revoked_at, null);
    const revoked = keys.find((k: any) => !k.current);
    assert.equal(revoked.key_prefix, other.slice(0, 8));
    assert.equal(typeof revoked.revoked_at, 'number');
    assert.ok(!JSON.stringify(keys).includes(key), 'the key itself is never listed');
    // Another account sees only its own.
    const { apiKey: stranger } = await s.account({ credits: 1 });
    assert.equal((await s.call('GET', '/v1/account/ledger', { key: stranger })).body.data.total, 1);
    assert.equal((await s.call('GET', '/v1/account/keys', { key: stranger })).body.data.keys.length, 1);
  });

  it('stay out of the public OpenAPI document', async () => {
    const doc = (await s.call('GET', '/openapi.json')).body;
    assert.ok(Object.keys(doc.paths).length > 20);
    assert.deepEqual(Object.keys(doc.paths).filter((p) => p.startsWith('/admin')), []);
  });
});

describe('the dashboard is served with caching headers', () => {
  let s: TestServer;
  before(async () => {
    await ensureDashboardBuilt();
    s = await startServer();
  });
  after(async () => s.close());

  it('GET / is the page, revalidated; its hashed assets are immutable', async () => {
    const page = await fetch(`${s.baseUrl}/`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'; style-src 'self'.*connect-src 'self'.*frame-ancestors 'none'/);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    assert.equal(assets.length, 2, html);
    for (const asset of assets) {
      assert.match(asset, /-[A-Z0-9]{8}\.(js|css)$/);
      const res = await fetch(`${s.baseUrl}${asset}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('cache-control') ?? '', /max-age=31536000.*immutable|immutable.*max-age=31536000/);
      assert.ok((await res.arrayBuffer()).byteLength > 1000);
    }
    const missing = await fetch(`${s.baseUrl}/assets/nope-ABCDEFGH.js`);
    assert.equal(missing.status, 404);
  });
});
