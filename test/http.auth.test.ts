import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { businessError, startServer, type TestServer } from './support/server.ts';

describe('API keys and whoami', () => {
  let s: TestServer;
  let key: string;
  let username: string;
  before(async () => {
    s = await startServer();
    ({ apiKey: key, username } = await s.account({ credits: 7, email: 'owner@example.com' }));
  });
  after(() => s.close());

  it('GET /v1/whoami returns the username and email in the envelope with a rid', async () => {
    const res = await s.call('GET', '/v1/whoami', { key });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'msg', 'rid']);
    assert.equal(res.body.code, 0);
    // storage_* are extensions (docs/storage.md); a new account stores nothing yet. webhook_secret
    // signs deliveries to a request's own webhook_url (CONTRACT §9).
    const { webhook_secret: secret, ...rest } = res.body.data;
    assert.deepEqual(rest, { username, email: 'owner@example.com', storage_used_bytes: 0, storage_quota_bytes: 5120 * 1024 * 1024 });
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.match(res.body.rid, /^[0-9a-f]{32}$/);
    assert.equal(res.headers.get('x-request-id'), res.body.rid);
  });

  it('GET /v2/user/whoami answers the same', async () => {
    const res = await s.call('GET', '/v2/user/whoami', { key });
    const v1 = await s.call('GET', '/v1/whoami', { key });
    assert.deepEqual(res.body.data, { username, email: 'owner@example.com', storage_used_bytes: 0, storage_quota_bytes: 5120 * 1024 * 1024, webhook_secret: v1.body.data.webhook_secret });
  });

  it('GET /v2/user/remaining_quota reports the credit balance', async () => {
    const res = await s.call('GET', '/v2/user/remaining_quota', { key });
    assert.equal(res.body.code, 0);
    assert.deepEqual(res.body.data, { remaining_quota: 7 });
  });

  it('a missing key is 10105', async () => {
    businessError(await s.call('GET', '/v1/whoami'), 10105);
  });

  it('an unknown key is 10105, also on POST routes', async () => {
    businessError(await s.call('GET', '/v1/whoami', { key: 'rs_not-a-real-key' }), 10105);
    businessError(await s.call('POST', '/v1/endpoint', { key: 'rs_wrong', body: { url: 'https://example.com', events: ['generated_video_success'] } }), 10105);
  });

  it('a revoked key is 18025 while another key of the account keeps working', async () => {
    const extra = await s.running.services.accounts.createKey(username);
    await s.running.services.accounts.revokeKey(extra.api_key);
    businessError(await s.call('GET', '/v1/whoami', { key: extra.api_key }), 18025);
    assert.equal((await s.call('GET', '/v1/whoami', { key })).body.code, 0);
  });

  it('a suspended account gets 18025 on every key until it is activated again', async () => {
    const other = await s.account();
    await s.running.services.accounts.setStatus(other.username, 'suspended');
    businessError(await s.call('GET', '/v1/whoami', { key: other.apiKey }), 18025);
    await s.running.services.accounts.setStatus(other.username, 'active');
    assert.equal((await s.call('GET', '/v1/whoami', { key: other.apiKey })).body.code, 0);
  });

  it('request ids differ between requests', async () => {
    const a = await s.call('GET', '/v1/whoami', { key });
    const b = await s.call('GET', '/v1/whoami', { key });
    assert.notEqual(a.body.rid, b.body.rid);
  });

  it('an unknown route is HTTP 404 with code 10104', async () => {
    const res = await s.call('GET', '/v1/no_such_route', { key });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 10104);
  });
});
