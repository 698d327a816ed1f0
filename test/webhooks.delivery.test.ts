import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { videoFailedEvents, videoSucceededEvents } from '../src/webhooks/event.ts';
import { businessError, startServer, type TestServer } from './support/server.ts';
import { startReceiver, verifyBoth, type Answer, type Received, type Receiver } from './support/webhook-receiver.ts';

const SCHEDULE = [200, 400, 800];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server with a fast retry schedule, a receiver whose answers each test sets per path, and an account. */
class Fixture {
  s!: TestServer;
  key!: string;
  accountId!: string;
  receiver!: Receiver;
  answers = new Map<string, (r: Received, n: number) => Answer>();

  async start(): Promise<void> {
    this.s = await startServer({
      env: {
        ALLOW_PRIVATE_URLS: '1',
        WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE.join(','),
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_AFTER_MAX_MS: '1500',
      },
    });
    this.s.running.startBackground();
    const { apiKey, username } = await this.s.account();
    this.key = apiKey;
    this.accountId = (await this.s.running.db.kysely.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    this.receiver = await startReceiver((r, n) => (this.answers.get(r.path) ?? (() => ({ status: 200, body: 'ok' })))(r, n));
  }

  async close(): Promise<void> {
    await this.s.close();
    await this.receiver.close();
  }

  async ok(method: string, path: string, body?: unknown, key = this.key): Promise<any> {
    const res = await this.s.call(method, path, { key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.body?.code, 0, JSON.stringify(res.body));
    return res.body.data;
  }

  /** A v2 endpoint at `path` subscribed to the success kinds; returns its id and secret. */
  async endpoint(path: string, answer?: (r: Received, n: number) => Answer): Promise<{ id: string; secret: string }> {
    if (answer) this.answers.set(path, answer);
    const data = await this.ok('POST', '/v2/endpoint', { url: this.receiver.url(path), status: 'enabled', events: ['generated_video_success'] });
    return { id: data.endpoint_id, secret: data.secret };
  }

  /** Commits a video-success event the way a finishing job does, then wakes the dispatcher. Returns the event id. */
  async emit(kind: 'success' | 'failed' = 'success'): Promise<string> {
    const { work, signals, clock } = this.s.running.services;
    const events =
      kind === 'success'
        ? videoSucceededEvents({ projectId: 'p'.repeat(32), accountId: this.accountId, kinds: ['generated_video_success', 'generated_product_video_success'], videoUrl: 'https://x/v.mp4', coverUrl: 'https://x/c.jpg', durationS: 15 }, clock.nowMs())
        : videoFailedEvents({ projectId: 'p'.repeat(32), accountId: this.accountId, kinds: ['generated_video_failed', 'generated_product_video_failed'], error: { code: 50000, message: 'x' } }, clock.nowMs());
    await work((r) => r.outbox.emit(events));
    signals.deliveriesCommitted();
    return events[0]!.id;
  }

  deliveries(endpointId: string, query = ''): Promise<{ total: number; deliveries: any[] }> {
    return this.ok('GET', `/v2/endpoint/${endpointId}/deliveries${query}`);
  }
}

describe('webhook deliveries', () => {
  const f = new Fixture();
  before(() => f.start());
  after(() => f.close());

  it('retries on the schedule, never early, with the same event_id and body; each attempt is signed anew and logged', async () => {
    const ep = await f.endpoint('/flaky', (_r, n) => (n <= 3 ? { status: 500, body: `fail ${n}` } : { status: 200, body: 'thanks' }));
    const eventId = await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/flaky').length >= 4, 10_000, 'four attempts');
    const got = f.receiver.on('/flaky');
    for (let i = 1; i < 4; i++) {
      const gap = got[i]!.at - got[i - 1]!.at;
      assert.ok(gap >= SCHEDULE[i - 1]!, `attempt ${i + 1} came ${gap} ms after the previous one, before the scheduled ${SCHEDULE[i - 1]} ms`);
      assert.ok(gap < SCHEDULE[i - 1]! * 1.1 + 400, `attempt ${i + 1} came ${gap} ms later, far past the schedule`);
    }
    for (const r of got) {
      verifyBoth(r, ep.secret);
      assert.equal(r.json.event_id, eventId);
      assert.equal(r.headers['webhook-id'], eventId);
      assert.equal(r.body, got[0]!.body, 'the same bytes on every retry');
    }
    await sleep(100);
    const { total, deliveries } = await f.deliveries(ep.id);
    assert.equal(total, 1);
    const d = deliveries[0];
    assert.equal(d.status, 'succeeded');
    assert.equal(d.event_id, eventId);
    assert.equal(d.event, 'generated_video_success');
    assert.equal(d.attempts, 4);
    assert.equal(d.next_attempt_at, null);
    assert.deepEqual(d.payload, got[0]!.json);
    assert.deepEqual(
      d.attempt_log.map((a: any) => [a.attempt, a.status_code, a.error_class, a.response_excerpt]),
      [
        [1, 500, 'http_status', 'fail 1'],
        [2, 500, 'http_status', 'fail 2'],
        [3, 500, 'http_status', 'fail 3'],
        [4, 200, null, 'thanks'],
      ],
    );
    assert.ok(d.attempt_log.every((a: any) => a.duration_ms >= 0 && a.started_at_ms > 0));
  });

  it('honours Retry-After (within WEBHOOK_RETRY_AFTER_MAX_MS) beyond the scheduled wait', async () => {
    await f.endpoint('/busy', (_r, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : n === 2 ? { status: 503, headers: { 'retry-after': '3600' } } : { status: 200 }));
    await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/busy').length >= 3, 10_000, 'three attempts');
    const [a, b, c] = f.receiver.on('/busy') as [Received, Received, Received];
    assert.ok(b.at - a.at >= 1000, `Retry-After: 1 was honoured (${b.at - a.at} ms)`);
    assert.ok(c.at - b.at >= 1500 && c.at - b.at < 2500, `Retry-After: 3600 was capped at 1500 ms (${c.at - b.at} ms)`);
  });

  it('fails the delivery when the schedule is spent', async () => {
    const ep = await f.endpoint('/down', () => ({ status: 500 }));
    await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/down').length >= 4, 10_000, 'four attempts');
    await sleep(1200);
    assert.equal(f.receiver.on('/down').length, 4, '1 + one per scheduled retry, no more');
    const [d] = (await f.deliveries(ep.id)).deliveries;
    assert.equal(d.status, 'failed');
    assert.equal(d.attempts, 4);
    assert.equal(d.last_status_code, 500);
  });

  it('a 3xx is a failure and is not followed', async () => {
    const ep = await f.endpoint('/moved', () => ({ status: 302, headers: { location: f.receiver.url('/target') } }));
    await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/moved').length >= 2, 10_000, 'a retry');
    assert.equal(f.receiver.on('/target').length, 0, 'the redirect was not followed');
    const [d] = (await f.deliveries(ep.id)).deliveries;
    assert.equal(d.attempt_log[0].status_code, 302);
    assert.equal(d.attempt_log[0].error_class, 'redirect');
    await f.ok('DELETE', `/v2/endpoint/${ep.id}`);
  });

  it('a receiver slower than WEBHOOK_TIMEOUT_MS is a timeout failure', async () => {
    const ep = await f.endpoint('/slow', (_r, n) => (n === 1 ? { status: 200, delayMs: 1500 } : { status: 200 }));
    await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/slow').length >= 2, 10_000, 'a retry');
    await sleep(100);
    const [d] = (await f.deliveries(ep.id)).deliveries;
    assert.equal(d.attempt_log[0].error_class, 'timeout');
    assert.equal(d.attempt_log[0].status_code, null);
    assert.equal(d.status, 'succeeded');
  });

  it('410 disables the endpoint: nothing more is sent to it', async () => {
    const ep = await f.endpoint('/gone', () => ({ status: 410 }));
    await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/gone').length >= 1, 10_000, 'one attempt');
    await sleep(100);
    const listed = (await f.ok('GET', '/v2/endpoints')).endpoints.find((e: any) => e.endpoint_id === ep.id);
    assert.equal(listed.status, 'disabled');
    await f.emit();
    await sleep(SCHEDULE[0]! + 400);
    assert.equal(f.receiver.on('/gone').length, 1);
    const { deliveries } = await f.deliveries(ep.id);
    assert.deepEqual(deliveries.map((d: any) => d.status), ['failed'], 'no delivery row is made for a disabled endpoint');
  });

  for (const change of ['disabled', 'deleted'] as const) {
    it(`a ${change} endpoint gets nothing more, pending retries included`, async () => {
      const path = `/then-${change}`;
      const ep = await f.endpoint(path, () => ({ status: 500 }));
      await f.emit();
      await f.receiver.waitFor(() => f.receiver.on(path).length >= 1, 10_000, 'the first attempt');
      await sleep(30);
      if (change === 'disabled') await f.ok('PUT', `/v2/endpoint/${ep.id}`, { url: f.receiver.url(path), status: 'disabled', events: ['generated_video_success'] });
      else await f.ok('DELETE', `/v2/endpoint/${ep.id}`);
      await sleep(SCHEDULE[0]! + SCHEDULE[1]! + 500);
      assert.equal(f.receiver.on(path).length, 1, 'no retry after the change');
      const row = await f.s.running.db.kysely.selectFrom('deliveries').select('status').where('endpoint_id', '=', ep.id).executeTakeFirstOrThrow();
      assert.equal(row.status, 'cancelled');
    });
  }

  it('resend makes a new delivery of the same event; the log keeps both', async () => {
    const ep = await f.endpoint('/resend');
    const eventId = await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/resend').length >= 1, 10_000, 'the delivery');
    await sleep(100);
    const [original] = (await f.deliveries(ep.id)).deliveries;
    const resent = await f.ok('POST', `/v2/endpoint/${ep.id}/deliveries/${original.delivery_id}/resend`);
    assert.equal(resent.event_id, eventId);
    assert.equal(resent.resent_from, original.delivery_id);
    assert.equal(resent.status, 'pending');
    await f.receiver.waitFor(() => f.receiver.on('/resend').length >= 2, 10_000, 'the resend');
    const [first, second] = f.receiver.on('/resend') as [Received, Received];
    assert.equal(second.body, first.body);
    verifyBoth(second, ep.secret);
    await sleep(100);
    const page = await f.deliveries(ep.id, '?page=1&page_size=1');
    assert.equal(page.total, 2);
    assert.equal(page.deliveries.length, 1);
    assert.equal(page.deliveries[0].delivery_id, resent.delivery_id, 'newest first');
    assert.equal(page.deliveries[0].status, 'succeeded');
    assert.equal((await f.deliveries(ep.id, '?page=2&page_size=1')).deliveries[0].delivery_id, original.delivery_id);
  });

  it('a test event goes to that endpoint only, signed, marked data.test, and is in its log', async () => {
    const ep = await f.endpoint('/test-event');
    const bystander = await f.endpoint('/bystander');
    const sent = await f.ok('POST', `/v2/endpoint/${ep.id}/test`);
    assert.equal(sent.status, 'pending');
    await f.receiver.waitFor(() => f.receiver.on('/test-event').length >= 1, 10_000, 'the test event');
    const [got] = f.receiver.on('/test-event') as [Received];
    verifyBoth(got, ep.secret);
    const body = JSON.parse(got.body);
    assert.equal(body.event, sent.event);
    assert.equal(body.data.test, true);
    assert.equal(body.data.project_id, '0'.repeat(32));
    await sleep(200);
    assert.equal(f.receiver.on('/bystander').length, 0, 'no other endpoint gets it');
    assert.equal((await f.deliveries(bystander.id)).total, 0);
    const log = await f.deliveries(ep.id);
    assert.equal(log.deliveries[0].delivery_id, sent.delivery_id);
    assert.equal(log.deliveries[0].status, 'succeeded');
    const { apiKey: other } = await f.s.account();
    businessError(await f.s.call('POST', `/v2/endpoint/${ep.id}/test`, { key: other }), 10104);
    await f.ok('PUT', `/v2/endpoint/${ep.id}`, { url: f.receiver.url('/test-event'), status: 'disabled', events: ['generated_video_success'] });
    assert.match(businessError(await f.s.call('POST', `/v2/endpoint/${ep.id}/test`, { key: f.key }), 40000), /endpoint_id is disabled/);
  });

  it("another account's endpoint or delivery is 10104; a disabled endpoint cannot resend (40000)", async () => {
    const ep = await f.endpoint('/private');
    await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/private').length >= 1, 10_000, 'the delivery');
    await sleep(100);
    const [d] = (await f.deliveries(ep.id)).deliveries;
    const { apiKey: other } = await f.s.account();
    businessError(await f.s.call('GET', `/v2/endpoint/${ep.id}/deliveries`, { key: other }), 10104);
    businessError(await f.s.call('POST', `/v2/endpoint/${ep.id}/deliveries/${d.delivery_id}/resend`, { key: other }), 10104);
    const otherEp = (await f.ok('POST', '/v2/endpoint', { url: f.receiver.url('/o'), status: 'enabled', events: ['generated_video_success'] }, other)).endpoint_id;
    businessError(await f.s.call('POST', `/v2/endpoint/${otherEp}/deliveries/${d.delivery_id}/resend`, { key: other }), 10104);
    businessError(await f.s.call('POST', `/v2/endpoint/${ep.id}/deliveries/0123456789abcdef0123456789abcdef/resend`, { key: f.key }), 10104);
    businessError(await f.s.call('GET', `/v2/webhook/endpoint/0123456789abcdef0123456789abcdef/deliveries`, { key: f.key }), 10104);
    await f.ok('PUT', `/v2/endpoint/${ep.id}`, { url: f.receiver.url('/private'), status: 'disabled', events: ['generated_video_success'] });
    assert.match(businessError(await f.s.call('POST', `/v2/endpoint/${ep.id}/deliveries/${d.delivery_id}/resend`, { key: f.key }), 40000), /endpoint_id is disabled/);
  });

  it('keeps the first 512 bytes of a long answer', async () => {
    const ep = await f.endpoint('/chatty', () => ({ status: 200, body: 'x'.repeat(100_000) }));
    await f.emit();
    await f.receiver.waitFor(() => f.receiver.on('/chatty').length >= 1, 10_000, 'the delivery');
    await sleep(150);
    const [d] = (await f.deliveries(ep.id)).deliveries;
    assert.equal(d.status, 'succeeded');
    assert.equal(d.attempt_log[0].response_excerpt, 'x'.repeat(512));
  });
});
