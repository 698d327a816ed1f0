import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postgresTestDb } from './support/db.ts';
import { businessError, startServer, type CallResult, type TestServer } from './support/server.ts';

const V1_KINDS = ['generated_video_success', 'generated_video_failed'];
const SEED_V2_KINDS = [
  'generated_video_success',
  'generated_video_failed',
  'generated_avatar_video_success',
  'generated_avatar_video_failed',
  'generated_photo_avatar_success',
];
const ENDPOINT_KEYS = ['created_at', 'endpoint_id', 'events', 'secret', 'status', 'url', 'username'];
const HYBRID_KEYS = [...ENDPOINT_KEYS, 'code', 'data', 'msg', 'rid'].sort();
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

const V1_ROOTS = ['/v1', '/v1/webhook'];
const V2_ROOTS = ['/v2', '/v2/webhook'];
const ALL_ROOTS = [...V1_ROOTS, ...V2_ROOTS];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Asserts a successful v1 create/update body: endpoint fields at the top level and the same object in data. */
function assertHybrid(res: CallResult): Record<string, any> {
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  // `warnings` is there only when the body had fields the route does not know (docs/api.md).
  assert.deepEqual(Object.keys(res.body).filter((k) => k !== 'warnings').sort(), HYBRID_KEYS);
  assert.equal(typeof res.body.msg, 'string');
  assert.match(res.body.rid, /^[0-9a-f]{32}$/);
  assert.deepEqual(Object.keys(res.body.data).sort(), ENDPOINT_KEYS);
  for (const k of ENDPOINT_KEYS) assert.deepEqual(res.body[k], res.body.data[k], `top-level ${k} equals data.${k}`);
  return res.body.data;
}

/** Asserts a successful v2 envelope whose data is the endpoint object. */
function assertV2(res: CallResult): Record<string, any> {
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'msg', 'rid']);
  assert.match(res.body.rid, /^[0-9a-f]{32}$/);
  assert.deepEqual(Object.keys(res.body.data).sort(), ENDPOINT_KEYS);
  return res.body.data;
}

function assertParamError(res: CallResult, ...mentions: (string | RegExp)[]): string {
  const msg = businessError(res, 40000);
  for (const m of mentions) {
    if (typeof m === 'string') assert.ok(msg.includes(m), `"${msg}" should mention "${m}"`);
    else assert.match(msg, m);
  }
  return msg;
}

function assertBareOk(res: CallResult): void {
  assert.equal(res.status, 200);
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body).sort(), ['code', 'msg', 'rid']);
  assert.match(res.body.rid, /^[0-9a-f]{32}$/);
}

describe('webhook endpoints', () => {
  let s: TestServer;
  let key: string;
  let username: string;
  let url = 0;
  const nextUrl = () => `https://hooks.example.com/receiver/${++url}`;

  before(async () => {
    s = await startServer();
    ({ apiKey: key, username } = await s.account());
  });
  after(() => s.close());

  const listIds = async (k: string, root = '/v1'): Promise<string[]> => {
    const res = await s.call('GET', `${root}/endpoints`, { key: k });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    return (res.body.data.endpoints as { endpoint_id: string }[]).map((e) => e.endpoint_id);
  };

  describe('v1 create', () => {
    for (const root of V1_ROOTS) {
      it(`POST ${root}/endpoint returns the endpoint object at the top level and in data, with code 0`, async () => {
        const before = nowSeconds();
        const target = nextUrl();
        const e = assertHybrid(await s.call('POST', `${root}/endpoint`, { key, body: { url: target, events: ['generated_video_success'] } }));
        const afterS = nowSeconds();
        assert.match(e.endpoint_id, /^\S+$/);
        assert.equal(e.url, target);
        assert.equal(e.status, 'enabled', 'status defaults to enabled');
        assert.deepEqual(e.events, ['generated_video_success']);
        assert.equal(e.username, username);
        assert.ok(Number.isInteger(e.created_at));
        assert.ok(e.created_at >= before && e.created_at <= afterS, `created_at ${e.created_at} is Unix seconds now`);
        assert.match(e.secret, SECRET);
        assert.equal(Buffer.from(e.secret.slice('whsec_'.length), 'base64').length, 32);
      });
    }

    it('each endpoint gets its own secret and id', async () => {
      const a = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: V1_KINDS } }));
      const b = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: V1_KINDS } }));
      assert.notEqual(a.secret, b.secret);
      assert.notEqual(a.endpoint_id, b.endpoint_id);
    });

    it('respects status disabled and subscribes to both v1 kinds', async () => {
      const e = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: V1_KINDS, status: 'disabled' } }));
      assert.equal(e.status, 'disabled');
      assert.deepEqual([...e.events].sort(), [...V1_KINDS].sort());
    });

    it('an empty status string means absent and defaults to enabled', async () => {
      const e = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: V1_KINDS, status: '' } }));
      assert.equal(e.status, 'enabled');
    });

    it('repeated event kinds are stored once', async () => {
      const e = assertHybrid(
        await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: ['generated_video_failed', 'generated_video_failed'] } }),
      );
      assert.deepEqual(e.events, ['generated_video_failed']);
    });

    it('a client-supplied secret or endpoint_id is ignored', async () => {
      const e = assertHybrid(
        await s.call('POST', '/v1/endpoint', {
          key,
          body: { url: nextUrl(), events: V1_KINDS, secret: 'whsec_mine', endpoint_id: 'chosen-by-client' },
        }),
      );
      assert.notEqual(e.secret, 'whsec_mine');
      assert.match(e.secret, SECRET);
      assert.notEqual(e.endpoint_id, 'chosen-by-client');
    });

    it('the ignored secret and endpoint_id are named in the envelope warnings', async () => {
      // Its own account: the others here count their endpoints against the per-account limit.
      const { apiKey } = await s.account();
      const res = await s.call('POST', '/v1/endpoint', { key: apiKey, body: { url: nextUrl(), events: V1_KINDS, secret: 'whsec_mine', endpoint_id: 'x' } });
      assert.deepEqual(res.body.warnings, ['unknown field secret (ignored)', 'unknown field endpoint_id (ignored)']);
    });
  });

  describe('v1 create validation', () => {
    const post = (body: unknown, root = '/v1') => s.call('POST', `${root}/endpoint`, { key, body });

    it('a missing url is 40000 naming url', async () => {
      for (const root of V1_ROOTS) assertParamError(await post({ events: V1_KINDS }, root), 'url');
    });

    it('missing or empty events is 40000 naming events', async () => {
      assertParamError(await post({ url: nextUrl() }), 'events');
      assertParamError(await post({ url: nextUrl(), events: [] }), 'events');
      assertParamError(await post({ url: nextUrl(), events: [] }, '/v1/webhook'), 'events');
    });

    it('an unknown kind or a v2-only kind is 40000 "must be one of"', async () => {
      for (const kind of ['no_such_event', 'generated_avatar_video_success', 'generated_product_video_success']) {
        assertParamError(await post({ url: nextUrl(), events: [kind] }), 'events', 'must be one of');
        assertParamError(await post({ url: nextUrl(), events: ['generated_video_success', kind] }), 'must be one of');
      }
    });

    it('an http:// url is 40000 naming url and https', async () => {
      assertParamError(await post({ url: 'http://hooks.example.com/x', events: V1_KINDS }), 'url', 'https');
    });

    it('a url that is not an absolute URL is 40000 naming url', async () => {
      assertParamError(await post({ url: 'not a url', events: V1_KINDS }), 'url');
      assertParamError(await post({ url: '/relative/path', events: V1_KINDS }), 'url');
    });

    it('private, loopback, link-local/metadata addresses and localhost are 40000 naming url', async () => {
      for (const target of ['https://127.0.0.1/x', 'https://10.0.0.1/', 'https://[::1]/', 'https://169.254.169.254/', 'https://localhost/', 'https://192.168.1.10/hook']) {
        assertParamError(await post({ url: target, events: V1_KINDS }), 'url');
      }
    });

    it('disguised private targets are 40000 too: mapped IPv6, ULA, numeric hosts, trailing-dot names', async () => {
      for (const target of [
        'https://[::ffff:127.0.0.1]/',
        'https://[fd00::1]/',
        'https://0x7f000001/',
        'https://2130706433/',
        'https://127.1/',
        'https://localhost./',
        'https://hooks.localhost./',
        'https://metadata.google.internal./',
        'https://printer.local./',
      ]) {
        assertParamError(await post({ url: target, events: V1_KINDS }), 'url');
      }
    });

    it('a public host name written with a trailing dot is accepted', async () => {
      const e = assertHybrid(await post({ url: 'https://hooks.example.com./r', events: V1_KINDS }));
      assert.equal(e.url, 'https://hooks.example.com./r');
    });

    it('a url with credentials is 40000 naming url', async () => {
      assertParamError(await post({ url: 'https://user:pw@hooks.example.com/', events: V1_KINDS }), 'url', 'credentials');
    });

    it('a status other than enabled or disabled is 40000', async () => {
      assertParamError(await post({ url: nextUrl(), events: V1_KINDS, status: 'paused' }), 'status', 'must be one of');
    });

    it('a rejected create stores nothing', async () => {
      const before = await listIds(key);
      await post({ url: 'https://127.0.0.1/x', events: V1_KINDS });
      await post({ url: nextUrl(), events: ['nope'] });
      assert.deepEqual(await listIds(key), before);
    });
  });

  describe('v1 update', () => {
    for (const root of V1_ROOTS) {
      it(`PUT ${root}/endpoint/:id changes only the given fields and keeps the secret`, async () => {
        const created = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: ['generated_video_success'] } }));
        const id = created.endpoint_id;

        const s1 = assertHybrid(await s.call('PUT', `${root}/endpoint/${id}`, { key, body: { status: 'disabled' } }));
        assert.deepEqual(s1, { ...created, status: 'disabled' });

        const newUrl = nextUrl();
        const s2 = assertHybrid(await s.call('PUT', `${root}/endpoint/${id}`, { key, body: { url: newUrl } }));
        assert.deepEqual(s2, { ...created, status: 'disabled', url: newUrl });

        const s3 = assertHybrid(await s.call('PUT', `${root}/endpoint/${id}`, { key, body: { events: ['generated_video_failed'], secret: 'whsec_x' } }));
        assert.deepEqual(s3, { ...created, status: 'disabled', url: newUrl, events: ['generated_video_failed'] });

        const s4 = assertHybrid(await s.call('PUT', `${root}/endpoint/${id}`, { key, body: { status: 'enabled' } }));
        assert.equal(s4.status, 'enabled');
        assert.equal(s4.secret, created.secret);
        assert.equal(s4.created_at, created.created_at);

        const listed = (await s.call('GET', '/v1/endpoints', { key })).body.data.endpoints.find((e: any) => e.endpoint_id === id);
        assert.deepEqual(listed, s4, 'the list shows the updated endpoint');
      });
    }

    it('an unknown endpoint id is 10104', async () => {
      for (const root of V1_ROOTS) businessError(await s.call('PUT', `${root}/endpoint/0123456789abcdef0123456789abcdef`, { key, body: { status: 'disabled' } }), 10104);
    });

    it('an update with a bad url, kind or status is 40000 and changes nothing', async () => {
      const created = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: V1_KINDS } }));
      const id = created.endpoint_id;
      assertParamError(await s.call('PUT', `/v1/endpoint/${id}`, { key, body: { url: 'http://hooks.example.com/' } }), 'url', 'https');
      assertParamError(await s.call('PUT', `/v1/endpoint/${id}`, { key, body: { url: 'https://169.254.169.254/' } }), 'url');
      assertParamError(await s.call('PUT', `/v1/endpoint/${id}`, { key, body: { events: ['generated_avatar_video_success'] } }), 'must be one of');
      assertParamError(await s.call('PUT', `/v1/endpoint/${id}`, { key, body: { events: [] } }), 'events');
      assertParamError(await s.call('PUT', `/v1/endpoint/${id}`, { key, body: { status: 'paused' } }), 'status');
      const listed = (await s.call('GET', '/v1/endpoints', { key })).body.data.endpoints.find((e: any) => e.endpoint_id === id);
      assert.deepEqual(listed, created);
    });
  });

  describe('v2 create and update', () => {
    const full = () => ({ url: nextUrl(), status: 'enabled', events: ['generated_avatar_video_success'] });

    for (const root of V2_ROOTS) {
      it(`POST ${root}/endpoint returns the envelope with the endpoint object in data`, async () => {
        const before = nowSeconds();
        const body = full();
        const e = assertV2(await s.call('POST', `${root}/endpoint`, { key, body }));
        assert.equal(e.url, body.url);
        assert.equal(e.status, 'enabled');
        assert.deepEqual(e.events, body.events);
        assert.equal(e.username, username);
        assert.match(e.secret, SECRET);
        assert.equal(Buffer.from(e.secret.slice(6), 'base64').length, 32);
        assert.ok(e.created_at >= before && e.created_at <= nowSeconds());
      });

      it(`PUT ${root}/endpoint/:id replaces url, status and events and keeps the secret`, async () => {
        const created = assertV2(await s.call('POST', `${root}/endpoint`, { key, body: full() }));
        const change = { url: nextUrl(), status: 'disabled', events: ['generated_photo_avatar_success', 'generated_video_failed'] };
        const e = assertV2(await s.call('PUT', `${root}/endpoint/${created.endpoint_id}`, { key, body: change }));
        assert.deepEqual(e, { ...created, ...change });
      });
    }

    it('v2 accepts the seed kinds and the documented v2 catalogue', async () => {
      const kinds = [
        ...SEED_V2_KINDS,
        'generated_photo_avatar_failed',
        'generated_product_video_success',
        'generated_product_video_failed',
        'generated_template_video_success',
        'generated_translate_video_failed',
        'generated_lip_sync_video_success',
        'create_avatar_success',
        'generated_product_avatar_success',
        'generated_script_success',
        'generated_image_failed',
        'generated_motion_success',
      ];
      const e = assertV2(await s.call('POST', '/v2/endpoint', { key, body: { url: nextUrl(), status: 'enabled', events: kinds } }));
      assert.deepEqual([...e.events].sort(), [...kinds].sort());
    });

    it('v2 create: url, status and events are each required (40000 naming it)', async () => {
      for (const field of ['url', 'status', 'events'] as const) {
        const body: Record<string, unknown> = full();
        delete body[field];
        for (const root of V2_ROOTS) assertParamError(await s.call('POST', `${root}/endpoint`, { key, body }), field);
      }
    });

    it('v2 update: url, status and events are each required (40000 naming it)', async () => {
      const created = assertV2(await s.call('POST', '/v2/endpoint', { key, body: full() }));
      for (const field of ['url', 'status', 'events'] as const) {
        const body: Record<string, unknown> = full();
        delete body[field];
        assertParamError(await s.call('PUT', `/v2/endpoint/${created.endpoint_id}`, { key, body }), field);
      }
      const listed = (await s.call('GET', '/v2/endpoints', { key })).body.data.endpoints.find((e: any) => e.endpoint_id === created.endpoint_id);
      assert.deepEqual(listed, created, 'rejected updates change nothing');
    });

    it('v2 rejects unknown kinds, empty events, http:// and private urls', async () => {
      assertParamError(await s.call('POST', '/v2/endpoint', { key, body: { ...full(), events: ['generated_everything'] } }), 'must be one of');
      assertParamError(await s.call('POST', '/v2/endpoint', { key, body: { ...full(), events: [] } }), 'events');
      assertParamError(await s.call('POST', '/v2/endpoint', { key, body: { ...full(), url: 'http://hooks.example.com/' } }), 'url', 'https');
      assertParamError(await s.call('POST', '/v2/endpoint', { key, body: { ...full(), url: 'https://10.0.0.1/' } }), 'url');
      assertParamError(await s.call('POST', '/v2/endpoint', { key, body: { ...full(), status: 'paused' } }), 'status');
      const created = assertV2(await s.call('POST', '/v2/endpoint', { key, body: full() }));
      assertParamError(await s.call('PUT', `/v2/endpoint/${created.endpoint_id}`, { key, body: { ...full(), events: ['nope'] } }), 'must be one of');
    });

    it('v2 update of an unknown endpoint id is 10104', async () => {
      for (const root of V2_ROOTS) businessError(await s.call('PUT', `${root}/endpoint/0123456789abcdef0123456789abcdef`, { key, body: full() }), 10104);
    });
  });

  describe('lists, delete and events', () => {
    it('every list spelling returns data.endpoints newest first, the same for all four paths', async () => {
      const { apiKey } = await s.account();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push(assertHybrid(await s.call('POST', '/v1/endpoint', { key: apiKey, body: { url: nextUrl(), events: V1_KINDS } })).endpoint_id);
        // Creation times have millisecond resolution; keep them apart so "newest first" is defined.
        await sleep(5);
      }
      ids.push(assertV2(await s.call('POST', '/v2/endpoint', { key: apiKey, body: { url: nextUrl(), status: 'enabled', events: ['generated_avatar_video_failed'] } })).endpoint_id);
      for (const root of ALL_ROOTS) {
        const res = await s.call('GET', `${root}/endpoints`, { key: apiKey });
        assert.equal(res.status, 200);
        assert.equal(res.body.code, 0);
        assert.deepEqual(Object.keys(res.body.data), ['endpoints']);
        for (const e of res.body.data.endpoints) {
          assert.deepEqual(Object.keys(e).sort(), ENDPOINT_KEYS);
          assert.match(e.secret, SECRET);
        }
        assert.deepEqual(res.body.data.endpoints.map((e: any) => e.endpoint_id), [...ids].reverse(), `${root}/endpoints`);
      }
    });

    it('a new account has an empty list', async () => {
      const { apiKey } = await s.account();
      for (const root of ALL_ROOTS) {
        const res = await s.call('GET', `${root}/endpoints`, { key: apiKey });
        assert.deepEqual(res.body.data, { endpoints: [] });
      }
    });

    for (const root of ALL_ROOTS) {
      it(`DELETE ${root}/endpoint/:id answers {code:0,msg,rid}; the endpoint is then gone and further update/delete is 10104`, async () => {
        const e = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: V1_KINDS } }));
        assertBareOk(await s.call('DELETE', `${root}/endpoint/${e.endpoint_id}`, { key }));
        for (const r of ALL_ROOTS) assert.ok(!(await listIds(key, r)).includes(e.endpoint_id), `gone from ${r}/endpoints`);
        businessError(await s.call('PUT', `/v1/endpoint/${e.endpoint_id}`, { key, body: { status: 'disabled' } }), 10104);
        businessError(
          await s.call('PUT', `/v2/endpoint/${e.endpoint_id}`, { key, body: { url: nextUrl(), status: 'enabled', events: V1_KINDS } }),
          10104,
        );
        businessError(await s.call('DELETE', `${root}/endpoint/${e.endpoint_id}`, { key }), 10104);
      });
    }

    it('DELETE of an unknown id is 10104', async () => {
      for (const root of ALL_ROOTS) businessError(await s.call('DELETE', `${root}/endpoint/0123456789abcdef0123456789abcdef`, { key }), 10104);
    });

    it('DELETE with a JSON content type and an empty body works', async () => {
      const e = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: nextUrl(), events: V1_KINDS } }));
      assertBareOk(await s.call('DELETE', `/v1/endpoint/${e.endpoint_id}`, { key, rawBody: '', headers: { 'content-type': 'application/json' } }));
    });

    for (const root of V1_ROOTS) {
      it(`GET ${root}/events lists exactly the v1 kinds: the two video kinds and the n8n trigger's avatar kinds (CONTRACT §6)`, async () => {
        const res = await s.call('GET', `${root}/events`, { key });
        assert.equal(res.body.code, 0);
        assert.deepEqual([...res.body.data.events].sort(), [...V1_KINDS, 'create_avatar_success', 'create_avatar_failed'].sort());
      });
    }

    for (const root of V2_ROOTS) {
      it(`GET ${root}/events includes the seed's five kinds and the product video kinds`, async () => {
        const res = await s.call('GET', `${root}/events`, { key });
        assert.equal(res.body.code, 0);
        const events: string[] = res.body.data.events;
        for (const kind of [...SEED_V2_KINDS, 'generated_product_video_success', 'generated_product_video_failed']) {
          assert.ok(events.includes(kind), `${kind} listed`);
        }
        assert.equal(new Set(events).size, events.length, 'no duplicates');
      });
    }

    it('every kind /v2/events lists is accepted by v2 create', async () => {
      const events: string[] = (await s.call('GET', '/v2/events', { key })).body.data.events;
      const e = assertV2(await s.call('POST', '/v2/endpoint', { key, body: { url: nextUrl(), status: 'enabled', events } }));
      assert.deepEqual([...e.events].sort(), [...events].sort());
      assertBareOk(await s.call('DELETE', `/v2/endpoint/${e.endpoint_id}`, { key }));
    });

    it('endpoint routes need an API key', async () => {
      businessError(await s.call('GET', '/v1/endpoints'), 10105);
      businessError(await s.call('GET', '/v2/events'), 10105);
      businessError(await s.call('DELETE', '/v2/endpoint/0123456789abcdef0123456789abcdef'), 10105);
    });
  });

  describe('limit', () => {
    it('an account may have 20 live endpoints; the 21st is 40000; after a delete a new one is accepted', async () => {
      const { apiKey } = await s.account();
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res =
          i % 2 === 0
            ? assertHybrid(await s.call('POST', '/v1/endpoint', { key: apiKey, body: { url: nextUrl(), events: V1_KINDS } }))
            : assertV2(await s.call('POST', '/v2/endpoint', { key: apiKey, body: { url: nextUrl(), status: 'disabled', events: V1_KINDS } }));
        ids.push(res.endpoint_id);
      }
      assertParamError(await s.call('POST', '/v1/endpoint', { key: apiKey, body: { url: nextUrl(), events: V1_KINDS } }), '20');
      assertParamError(await s.call('POST', '/v2/endpoint', { key: apiKey, body: { url: nextUrl(), status: 'enabled', events: V1_KINDS } }), '20');
      assert.equal((await listIds(apiKey)).length, 20, 'refused creates stored nothing');

      // The limit is per account: another account is not affected.
      const other = await s.account();
      assertHybrid(await s.call('POST', '/v1/endpoint', { key: other.apiKey, body: { url: nextUrl(), events: V1_KINDS } }));

      assertBareOk(await s.call('DELETE', `/v1/endpoint/${ids[3]}`, { key: apiKey }));
      assertHybrid(await s.call('POST', '/v1/endpoint', { key: apiKey, body: { url: nextUrl(), events: V1_KINDS } }));
      assertParamError(await s.call('POST', '/v1/endpoint', { key: apiKey, body: { url: nextUrl(), events: V1_KINDS } }), '20');
      assert.equal((await listIds(apiKey)).length, 20);
    });

    it('concurrent creates never exceed the limit', async () => {
      const { apiKey } = await s.account();
      const results = await Promise.all(
        Array.from({ length: 25 }, () => s.call('POST', '/v1/endpoint', { key: apiKey, body: { url: nextUrl(), events: V1_KINDS } })),
      );
      assert.equal(results.filter((r) => r.body.code === 0).length, 20);
      assert.equal(results.filter((r) => r.body.code === 40000).length, 5);
      assert.equal((await listIds(apiKey)).length, 20);
    });
  });

  describe('account isolation', () => {
    it("another account's endpoint is 10104 on update and delete and never appears in its list", async () => {
      const owner = await s.account();
      const intruder = await s.account();
      const e = assertHybrid(await s.call('POST', '/v1/endpoint', { key: owner.apiKey, body: { url: nextUrl(), events: V1_KINDS } }));
      const mine = assertHybrid(await s.call('POST', '/v1/endpoint', { key: intruder.apiKey, body: { url: nextUrl(), events: V1_KINDS } }));

      for (const root of V1_ROOTS) businessError(await s.call('PUT', `${root}/endpoint/${e.endpoint_id}`, { key: intruder.apiKey, body: { status: 'disabled' } }), 10104);
      for (const root of V2_ROOTS) {
        businessError(
          await s.call('PUT', `${root}/endpoint/${e.endpoint_id}`, { key: intruder.apiKey, body: { url: nextUrl(), status: 'disabled', events: V1_KINDS } }),
          10104,
        );
      }
      for (const root of ALL_ROOTS) businessError(await s.call('DELETE', `${root}/endpoint/${e.endpoint_id}`, { key: intruder.apiKey }), 10104);
      for (const root of ALL_ROOTS) assert.deepEqual(await listIds(intruder.apiKey, root), [mine.endpoint_id]);

      const ownerView = (await s.call('GET', '/v1/endpoints', { key: owner.apiKey })).body.data.endpoints;
      assert.deepEqual(ownerView, [e], "the owner's endpoint is unchanged");
    });
  });
});

describe('webhook endpoints with ALLOW_PRIVATE_URLS=1', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1' } });
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  it('accepts http:// loopback receivers on v1 and v2 create and update', async () => {
    const v1 = assertHybrid(await s.call('POST', '/v1/endpoint', { key, body: { url: 'http://127.0.0.1:9/hook', events: V1_KINDS } }));
    assert.equal(v1.url, 'http://127.0.0.1:9/hook');
    const up = assertHybrid(await s.call('PUT', `/v1/endpoint/${v1.endpoint_id}`, { key, body: { url: 'http://127.0.0.1:10/other' } }));
    assert.equal(up.url, 'http://127.0.0.1:10/other');
    const v2 = assertV2(await s.call('POST', '/v2/endpoint', { key, body: { url: 'http://127.0.0.1:11/v2', status: 'enabled', events: SEED_V2_KINDS } }));
    assert.equal(v2.url, 'http://127.0.0.1:11/v2');
    const v2up = assertV2(await s.call('PUT', `/v2/endpoint/${v2.endpoint_id}`, { key, body: { url: 'http://[::1]:12/', status: 'enabled', events: SEED_V2_KINDS } }));
    assert.equal(v2up.url, 'http://[::1]:12/');
  });

  it('still refuses schemes other than http and https', async () => {
    assertParamError(await s.call('POST', '/v1/endpoint', { key, body: { url: 'ftp://127.0.0.1/hook', events: V1_KINDS } }), 'url');
  });
});

describe('webhook endpoint limit on PostgreSQL', () => {
  it('concurrent creates never exceed the limit (PostgreSQL row lock)', async (t) => {
    const testDb = await postgresTestDb();
    if (!testDb) {
      t.skip('DATABASE_URL is not set; PostgreSQL backend not tested');
      return;
    }
    const s = await startServer({ testDb });
    try {
      const { apiKey } = await s.account();
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          s.call('POST', '/v1/endpoint', { key: apiKey, body: { url: `https://hooks.example.com/pg/${i}`, events: V1_KINDS } }),
        ),
      );
      assert.equal(results.filter((r) => r.body.code === 0).length, 20, JSON.stringify(results.map((r) => r.body.code)));
      assert.equal(results.filter((r) => r.body.code === 40000).length, 5);
      const listed = await s.call('GET', '/v2/endpoints', { key: apiKey });
      assert.equal(listed.body.data.endpoints.length, 20);
    } finally {
      await s.close();
      await testDb.dispose();
    }
  });
});
