import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Principal } from '../src/accounts/auth.service.ts';
import { AppError } from '../src/lib/errors.ts';
import { videoSucceededEvents } from '../src/webhooks/event.ts';
import { businessError, startServer, type TestServer } from './support/server.ts';
import { joggVerify, startReceiver, verifyBoth, type Received, type Receiver } from './support/webhook-receiver.ts';
import { productRequest } from './support/video-request.ts';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


describe("a request's own webhook_url (v2, CONTRACT §9)", () => {
  let s: TestServer;
  let receiver: Receiver;
  let key: string;
  let username: string;
  let who: Principal;

  before(async () => {
    s = await startServer({
      env: {
        ALLOW_PRIVATE_URLS: '1',
        REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1',
        WEBHOOK_RETRY_SCHEDULE_MS: '200,400',
        ADMIN_TOKEN: 'admin-token-for-tests',
      },
    });
    s.running.startBackground();
    ({ apiKey: key, username } = await s.account({ credits: 10 }));
    who = await s.running.services.auth.authenticate(key);
    // /flaky answers 500 to its first request; everything else 200.
    receiver = await startReceiver((r, n) => (r.path === '/flaky' && n === 1 ? { status: 500, body: 'try later' } : { status: 200, body: 'ok' }));
  });
  after(async () => {
    await s.close();
    await receiver.close();
  });

  const ok = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await s.call(method, path, { key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.body?.code, 0, JSON.stringify(res.body));
    return res.body.data;
  };
  const whoami = async () => (await ok('GET', '/v1/whoami')).webhook_secret as string;
  /** A product video accepted the way the v2 routes do: VideoService.accept with the request's webhook_url. */
  const accept = async (productName: string, webhookUrl: string | null) => {
    const product = await ok('POST', '/v1/product', { name: productName, description: 'Vitamin C serum for a brighter skin.' });
    return s.running.services.videos.accept(who, { kind: 'product', productId: product.product_id, request: productRequest(product.product_id), title: productName, outputS: 15, webhookUrl });
  };
  const settle = async (id: string) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const p = await ok('GET', `/v1/project?project_id=${id}`);
      if (p.status_code === 4 || p.status_code === 5) return p;
      if (Date.now() > deadline) throw new Error(`video ${id} did not finish`);
      await sleep(50);
    }
  };

  it('whoami (v1 and v2) shows the account signing secret; each account has its own', async () => {
    const secret = await whoami();
    assert.match(secret, SECRET);
    assert.equal(Buffer.from(secret.slice('whsec_'.length), 'base64').length, 32);
    assert.equal((await ok('GET', '/v2/user/whoami')).webhook_secret, secret);
    const other = await s.account();
    const theirs = (await s.call('GET', '/v1/whoami', { key: other.apiKey })).body.data.webhook_secret;
    assert.match(theirs, SECRET);
    assert.notEqual(theirs, secret);
  });

  it('the video gets its v2 event once at its webhook_url: signed with the account secret, retried after a 500, every attempt logged', async () => {
    const endpoint = await ok('POST', '/v2/endpoint', { url: receiver.url('/endpoint'), status: 'enabled', events: ['generated_video_success', 'generated_product_video_success'] });
    const secret = await whoami();
    const id = await accept('Glow Serum', receiver.url('/flaky'));
    const final = await settle(id);
    assert.equal(final.status_code, 4);
    await receiver.waitFor(() => receiver.on('/flaky').length >= 2 && receiver.on('/endpoint').length >= 2, 10_000, 'the retry and the endpoint deliveries');
    await sleep(300);
    const got = receiver.on('/flaky');
    assert.equal(got.length, 2, 'one event, sent twice (500, then 200); no v1 duplicate');
    for (const r of got) {
      verifyBoth(r, secret);
      assert.equal(r.json.event, 'generated_product_video_success');
      assert.equal(r.headers['x-webhook-event'], 'generated_product_video_success');
      assert.deepEqual(r.json.data, { project_id: id, video_id: id, status: 'success', video_url: final.video_url, cover_url: final.cover_url, duration: final.video_duration });
    }
    assert.equal(got[1]!.body, got[0]!.body, 'the same bytes on the retry');
    assert.ok(got[1]!.at - got[0]!.at >= 200, 'not before the scheduled wait');
    // The endpoints get what they subscribed to, as before, signed with their own secret.
    const atEndpoint = receiver.on('/endpoint');
    assert.deepEqual(atEndpoint.map((r) => r.json.event).sort(), ['generated_product_video_success', 'generated_video_success']);
    for (const r of atEndpoint) verifyBoth(r, endpoint.secret);
    assert.equal(atEndpoint.find((r) => r.json.event === 'generated_product_video_success')!.json.event_id, got[0]!.json.event_id, 'one event, two targets');

    const log = await ok('GET', `/v2/webhook_url/deliveries?request_id=${id}`);
    assert.equal(log.total, 1);
    const d = log.deliveries[0];
    assert.deepEqual([d.url, d.event, d.event_id, d.status, d.attempts], [receiver.url('/flaky'), 'generated_product_video_success', got[0]!.json.event_id, 'succeeded', 2]);
    assert.deepEqual(d.attempt_log.map((a: any) => [a.attempt, a.status_code, a.error_class, a.response_excerpt]), [[1, 500, 'http_status', 'try later'], [2, 200, null, 'ok']]);
    assert.deepEqual(d.payload, got[0]!.json);
    // Not in the endpoint's log, and not another account's.
    assert.ok((await ok('GET', `/v2/endpoint/${endpoint.endpoint_id}/deliveries`)).deliveries.every((x: any) => x.delivery_id !== d.delivery_id));
    const other = await s.account();
    assert.equal((await s.call('GET', '/v2/webhook_url/deliveries', { key: other.apiKey })).body.data.total, 0);
    businessError(await s.call('POST', `/v2/webhook_url/deliveries/${d.delivery_id}/resend`, { key: other.apiKey }), 10104);
    await ok('DELETE', `/v2/endpoint/${endpoint.endpoint_id}`);
  });

  it('rotation changes the secret (CLI service and admin route); a resend is signed with the new one', async () => {
    const id = await accept('Rotation Serum', receiver.url('/rotate'));
    await settle(id);
    await receiver.waitFor(() => receiver.on('/rotate').length >= 1, 10_000, 'the delivery');
    const old = await whoami();
    const rotated = await s.running.services.accounts.rotateWebhookSecret(username);
    assert.match(rotated.webhook_secret, SECRET);
    assert.notEqual(rotated.webhook_secret, old);
    assert.equal(await whoami(), rotated.webhook_secret);
    const viaAdmin = await s.call('POST', '/admin/accounts/webhook-secret', { headers: { 'x-admin-token': 'admin-token-for-tests' }, body: { username } });
    assert.equal(viaAdmin.body.code, 0, JSON.stringify(viaAdmin.body));
    const current = viaAdmin.body.data.webhook_secret as string;
    assert.notEqual(current, rotated.webhook_secret);
    assert.equal(await whoami(), current);

    const [original] = (await ok('GET', `/v2/webhook_url/deliveries?request_id=${id}`)).deliveries;
    const resent = await ok('POST', `/v2/webhook_url/deliveries/${original.delivery_id}/resend`);
    assert.deepEqual([resent.resent_from, resent.event_id, resent.status, resent.url], [original.delivery_id, original.event_id, 'pending', receiver.url('/rotate')]);
    await receiver.waitFor(() => receiver.on('/rotate').length >= 2, 10_000, 'the resend');
    const [first, second] = receiver.on('/rotate') as [Received, Received];
    assert.equal(second.body, first.body);
    verifyBoth(first, old);
    verifyBoth(second, current);
    assert.equal(joggVerify(second.body, String(second.headers['x-webhook-signature']), old), false, 'the old secret no longer verifies');
    businessError(await s.call('POST', '/v2/webhook_url/deliveries/0123456789abcdef0123456789abcdef/resend', { key }), 10104);
  });

  it('a failed video sends its v2 failed event to the webhook_url', async () => {
    const id = await accept('Broken Serum [fail-permanent]', receiver.url('/failed'));
    assert.equal((await settle(id)).status_code, 5);
    await receiver.waitFor(() => receiver.on('/failed').length >= 1, 10_000, 'the failed event');
    await sleep(200);
    const got = receiver.on('/failed');
    assert.deepEqual(got.map((r) => r.json.event), ['generated_product_video_failed']);
    assert.equal(got[0]!.json.data.status, 'failed');
    verifyBoth(got[0]!, await whoami());
  });

  it('a bad webhook_url is 40000 naming webhook_url, and nothing is recorded or charged', async () => {
    const product = await ok('POST', '/v1/product', { name: 'Nothing Serum', description: 'd' });
    const videosBefore = await s.running.db.kysely.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const credits = (await ok('GET', '/v2/user/remaining_quota')).remaining_quota;
    for (const bad of ['not a url', 'ftp://hooks.example.com/x', 'https://user:pw@hooks.example.com/x']) {
      const err = await s.running.services.videos
        .accept(who, { kind: 'product', productId: product.product_id, request: productRequest(product.product_id), title: 't', outputS: 15, webhookUrl: bad })
        .then(() => null, (e: unknown) => e);
      assert.ok(err instanceof AppError, `${bad}: ${String(err)}`);
      assert.equal(err.code, 40000);
      assert.match(err.message, /^Parameter error: webhook_url /);
    }
    const videosAfter = await s.running.db.kysely.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(videosAfter.n), Number(videosBefore.n));
    assert.equal((await ok('GET', '/v2/user/remaining_quota')).remaining_quota, credits);
    // Empty means absent (n8n sends ""): accepted, with no URL.
    const id = await accept('Quiet Serum', '');
    assert.equal((await s.running.services.videoRepo.getById(id))?.webhookUrl, null);
  });
});

describe('request webhook_url: the same URL rules and connect-time address checks as endpoints', () => {
  let s: TestServer;
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
    // hooks.example.com looks public but resolves to loopback: refused when the attempt connects.
    s = await startServer({ env: { WEBHOOK_RETRY_SCHEDULE_MS: '60000' }, resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
    s.running.startBackground();
  });
  after(async () => {
    await s.close();
    await receiver.close();
  });

  it('without ALLOW_PRIVATE_URLS a loopback or http URL is 40000, and a public name resolving to loopback is refused at connect time', async () => {
    const { apiKey } = await s.account();
    const who = await s.running.services.auth.authenticate(apiKey);
    const product = (await s.call('POST', '/v1/product', { key: apiKey, body: { name: 'Lamp', description: 'd' } })).body.data.product_id as string;
    for (const [bad, rule] of [[receiver.url('/x'), /must be an https:\/\/ URL/], ['https://127.0.0.1/x', /private, loopback or reserved/]] as const) {
      const err = await s.running.services.videos.accept(who, { kind: 'product', productId: product, request: productRequest(product), title: 't', outputS: 15, webhookUrl: bad }).then(() => null, (e: unknown) => e);
      assert.ok(err instanceof AppError && err.code === 40000 && /webhook_url/.test(err.message) && rule.test(err.message), String(err));
    }
    // An event that names a public-looking URL (as a job would emit it).
    const { work, signals, clock } = s.running.services;
    const url = `https://hooks.example.com:${receiver.port}/sneaky`;
    const events = videoSucceededEvents({ projectId: 'p'.repeat(32), accountId: who.accountId, kinds: ['generated_product_video_success'], webhookUrl: url, videoUrl: 'u', coverUrl: 'c', durationS: 1 }, clock.nowMs());
    await work((r) => r.outbox.emit(events));
    signals.deliveriesCommitted();
    const deadline = Date.now() + 10_000;
    let d: any;
    do {
      await sleep(50);
      d = (await s.call('GET', '/v2/webhook_url/deliveries', { key: apiKey })).body.data.deliveries[0];
    } while (!d?.attempt_log.length && Date.now() < deadline);
    assert.equal(d.attempt_log[0].error_class, 'address_not_allowed', JSON.stringify(d));
    assert.equal(d.status, 'pending', 'retried on the schedule like any failure');
    assert.equal(receiver.received.length, 0, 'nothing reached the loopback receiver');
  });
});

describe('lip-sync routes (CONTRACT §13, built: test/videos.lip-sync.test.ts)', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  it('POST without audio_url or script, and with an unknown playback_type, answers 40000 naming the field; GET of an unknown task is 10104', async () => {
    const { apiKey } = await s.account();
    const noAudio = await s.call('POST', '/v2/create_lip_sync_video', { key: apiKey, body: { video_url: 'https://example.com/v.mp4' } });
    assert.match(businessError(noAudio, 40000), /^Parameter error: audio_url is required/);
    const badType = await s.call('POST', '/v2/create_lip_sync_video', { key: apiKey, body: { video_url: 'https://example.com/v.mp4', audio_url: 'https://example.com/a.mp3', playback_type: 'sideways' } });
    assert.match(businessError(badType, 40000), /^Parameter error: playback_type "sideways" is not a playback type/);
    businessError(await s.call('GET', '/v2/lip_sync_video/abc', { key: apiKey }), 10104);
  });

  it('still asks for an API key first', async () => {
    businessError(await s.call('POST', '/v2/video_translate/', { body: {} }), 10105);
  });
});
