import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Resolver } from '../src/net/safe-fetch.ts';
import { exampleScene } from './support/template-scene.ts';
import { startServer, success as data, type TestServer } from './support/server.ts';

/**
 * Probe class of issue 28: every URL-taking field of the API refuses private and special
 * addresses (ALLOW_PRIVATE_URLS=0). Table-driven: each field × each hostile form is a 40000
 * naming the field (never a 500, never accepted); a host name that resolves to loopback may be
 * accepted (names are resolved when fetched) but no connection ever reaches the sentinel server
 * listening there. Add a row to FIELDS for every new URL-taking field.
 */
const NAME_TO_LOOPBACK = 'shop.internal-probe.example';

describe('probe: every URL-taking field refuses private and special addresses', () => {
  let s: TestServer;
  let key: string;
  let sentinel: http.Server;
  let port: number;
  let hits = 0;
  let productId: string;

  before(async () => {
    sentinel = http.createServer((req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'image/png' }).end('x');
    });
    await new Promise<void>((r) => sentinel.listen(0, '127.0.0.1', r));
    port = (sentinel.address() as AddressInfo).port;
    const resolver: Resolver = async (host) => {
      if (host === NAME_TO_LOOPBACK) return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };
    s = await startServer({ resolver, env: { ALLOW_PRIVATE_URLS: '0', REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 1000 }));
    productId = data(await s.call('POST', '/v1/product', { key, body: { name: 'Probe lamp', description: 'A lamp.' } })).product_id;
  });
  after(async () => {
    await s?.close();
    sentinel?.close();
  });

  /** Literal private, loopback, link-local, CGNAT, unspecified and mapped addresses, other schemes. */
  const hostile = () => [
    `http://127.0.0.1:${port}/a.png`,
    `https://127.0.0.1:${port}/a.png`,
    'https://10.0.0.7/a.png',
    'https://172.16.3.4/a.png',
    'https://192.168.1.20/a.png',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/a.png',
    'https://0.0.0.0/a.png',
    'https://[::1]/a.png',
    'https://[::ffff:127.0.0.1]/a.png',
    'https://[fe80::1]/a.png',
    'https://[fd00::1]/a.png',
    'https://2130706433/a.png',
    'https://0x7f000001/a.png',
    'https://0177.0.0.1/a.png',
    'https://127.1/a.png',
    `https://localhost:${port}/a.png`,
    'file:///etc/passwd',
    'ftp://example.com/a.png',
    'gopher://example.com/',
  ];

  /** Every URL-taking input: its name in messages, and a request carrying the URL there. */
  const FIELDS: { field: RegExp; route: string; body: (url: string) => object }[] = [
    { field: /\burl\b/, route: '/v1/product', body: (url) => ({ url }) },
    { field: /media\[0\]\.url/, route: '/v1/product', body: (url) => ({ name: 'N', description: 'D', media: [{ type: 1, url }] }) },
    { field: /\burl\b/, route: '/v1/endpoint', body: (url) => ({ url, events: ['generated_video_success'] }) },
    { field: /\burl\b/, route: '/v2/endpoint', body: (url) => ({ url, events: ['generated_video_success'], status: 'enabled' }) },
    { field: /audio_url/, route: '/v1/create_video_from_talking_avatar', body: (url) => ({ avatar_id: 1, avatar_type: 0, script: 'Hi there.', audio_url: url }) },
    {
      field: /variables\[0\]\.properties\.url|image/,
      route: '/v1/create_video_with_template',
      body: (url) => ({ template_id: 1, template_type: 'common', lang: 'english', variables: [{ type: 'image', name: 'image', properties: { url } }, { type: 'script', name: 'script', properties: { content: 'Hello.' } }, { type: 'text', name: 'title', properties: { content: 'T' } }] }),
    },
    { field: /logo\.url|logo\/url/, route: '/v1/templates/custom', body: (url) => ({ ...exampleScene(), logo: { url, box: { x: 0.05, y: 0.05, w: 0.2, h: 0.1 } } }) },
    { field: /image_url/, route: '/v1/photo_avatar/photo/generate', body: (url) => ({ age: 'Adult', gender: 'Female', avatar_style: 'Social', image_url: url }) },
    { field: /image_url/, route: '/v1/photo_avatar/add_motion', body: (url) => ({ image_url: url, name: 'Probe' }) },
    { field: /product_image_url/, route: '/v2/product_avatar/generation', body: (url) => ({ product_image_url: url, avatar_source: { type: 'id', avatar_id: 5, avatar_type: 'public' }, num_images: 1 }) },
    { field: /avatar_source\.value/, route: '/v2/product_avatar/generation', body: (url) => ({ product_image_url: 'https://images.example.com/p.png', avatar_source: { type: 'image', value: url }, num_images: 1 }) },
    { field: /webhook_url/, route: '/v2/product_avatar/generation', body: (url) => ({ product_image_url: 'https://images.example.com/p.png', avatar_source: { type: 'id', avatar_id: 5, avatar_type: 'public' }, num_images: 1, webhook_url: url }) },
    {
      field: /webhook_url/,
      route: '/v2/create_video_from_product',
      body: (url) => ({ product_id: productId, video_spec: { aspect_ratio: 'landscape', length: '15', name: 'P' }, avatar: { id: 2, type: 0 }, script: { style: 'Storytime', language: 'english' }, webhook_url: url }),
    },
  ];

  /**
   * Every URL-taking field the OpenAPI document lists (a request body property named `url` or
   * `*_url`, or `avatar_source.value`, at any depth), each sent in its route's own example with the
   * URL swapped in: no field can be added to the API without being probed here.
   */
  interface DocField { method: 'POST' | 'PUT'; route: string; path: string[] }
  type Doc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any> } };
  let docCache: Doc | undefined;
  const openapi = async () => (docCache ??= (await s.call('GET', '/openapi.json')).body as Doc);
  async function documentedFields(): Promise<DocField[]> {
    const doc = await openapi();
    const deref = (x: any): any => (x && x.$ref ? deref(doc.components!.schemas![String(x.$ref).split('/').pop()!]) : x);
    const out: DocField[] = [];
    const walk = (schema: any, at: string[], emit: (path: string[]) => void, depth = 0) => {
      const sch = deref(schema);
      if (!sch || typeof sch !== 'object' || depth > 8) return;
      for (const k of ['anyOf', 'oneOf', 'allOf']) for (const x of sch[k] ?? []) walk(x, at, emit, depth + 1);
      if (sch.items) walk(sch.items, [...at, '[]'], emit, depth + 1);
      for (const [name, prop] of Object.entries<any>(sch.properties ?? {})) {
        const path = [...at, name];
        if (/(^|_)url$/.test(name) || path.join('.') === 'avatar_source.value') emit(path);
        walk(prop, path, emit, depth + 1);
      }
    };
    for (const [route, ops] of Object.entries(doc.paths)) {
      for (const method of ['post', 'put'] as const) {
        const schema = ops[method]?.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        const seen = new Set<string>();
        walk(schema, [], (path) => {
          if (seen.has(path.join('.'))) return;
          seen.add(path.join('.'));
          out.push({ method: method.toUpperCase() as 'POST' | 'PUT', route, path });
        });
      }
    }
    return out;
  }

  /** The route's documented example (the first), with this account's ids, and `url` at `path`. */
  async function exampleWith(f: DocField, url: string, ids: Record<string, string>): Promise<object> {
    const doc = await openapi();
    const content = doc.paths[f.route]![f.method.toLowerCase()].requestBody.content['application/json'];
    const example = structuredClone(content.example ?? content.schema?.examples?.[0] ?? content.schema?.example ?? {});
    const body = JSON.parse(JSON.stringify(example).replace(/"(product_id|preview_id)":"[^"]*"/g, (_m, k: string) => `"${k}":"${ids[k]}"`));
    // A translation's example names a video by id: one of this account's.
    if (f.route.startsWith('/v2/video_translate')) {
      body.video_url = ids.preview_id;
      delete body.video_id;
    }
    if (f.path.join('.') === 'avatar_source.value') body.avatar_source = { type: 'image', value: url };
    else if (f.path[0] === 'variables') body.variables = [{ type: 'image', name: 'image', properties: { url } }, { type: 'script', name: 'script', properties: { content: 'Hello.' } }, { type: 'text', name: 'title', properties: { content: 'T' } }];
    else if (f.path[0] === 'media') body.media = [{ type: 1, url }];
    else if (f.path.join('.') === 'voice.audio_url') body.voice = { type: 'audio', audio_url: url };
    else {
      let at = body;
      for (const k of f.path.slice(0, -1)) at = at[k] ??= {};
      at[f.path.at(-1)!] = url;
      if (f.path.join('.') === 'callback_url') delete body.webhook_url;
    }
    return body;
  }

  /** What the refusal must name. */
  const named = (f: DocField) => {
    const leaf = f.path.at(-1)!;
    if (f.path[0] === 'variables') return /variables\[0\]\.properties\.url|image/;
    if (f.path[0] === 'media') return /media\[0\]\.url/;
    if (leaf === 'callback_url') return /callback_url|webhook_url/;
    return new RegExp(`\\b${f.path.join('\\.')}\\b|\\b${leaf}\\b`);
  };

  it('every URL-taking field of the OpenAPI document × each hostile form, in its route\'s own example: 40000 naming the field, no 500', { timeout: 300_000 }, async () => {
    const previews = data(await s.call('POST', '/v2/create_video_from_product/preview_list', { key, body: { product_id: productId, video_spec: { aspect_ratio: 'square', length: '15' }, avatar: { id: 2 }, voice: {}, script: { style: 'Top 3 reasons', language: 'english' }, visual_styles: ['Clean Minimal'] } })).previews as { preview_id: string }[];
    const ids: Record<string, string> = { product_id: productId, preview_id: previews[0]!.preview_id };
    const endpoint = async (v: 'v1' | 'v2', p: string) => data(await s.call('POST', `/${v}/${p}`, { key, body: { url: 'https://hooks.example.com/h', events: ['generated_video_success'], status: 'enabled' } }));
    const endpointIds: Record<string, string> = {};
    const fields = await documentedFields();
    assert.ok(fields.length >= 40, `${fields.length} URL fields found in the OpenAPI document`);
    const failures: string[] = [];
    let checked = 0;
    for (const f of fields) {
      let route = f.route;
      if (route.includes('{endpoint_id}')) {
        const base = route.split('/{')[0]!.slice(1);
        endpointIds[base] ??= (await endpoint(base.slice(0, 2) as 'v1' | 'v2', base.slice(3))).endpoint_id as string;
        route = route.replace('{endpoint_id}', endpointIds[base]!);
      }
      for (const url of hostile()) {
        const res = await s.call(f.method, route, { key, body: await exampleWith(f, url, ids) });
        checked++;
        const b = res.body as { code: number; msg: string };
        if (res.status !== 200 || b.code !== 40000 || !named(f).test(b.msg)) failures.push(`${f.method} ${route} ${f.path.join('.')} ${url}: HTTP ${res.status} ${JSON.stringify(b)}`);
      }
    }
    console.log(`${fields.length} documented URL fields × ${hostile().length} forms = ${checked} requests, ${failures.length} not refused as expected`);
    for (const line of failures) console.log(`NOT REFUSED ${line}`);
    assert.deepEqual(failures.slice(0, 20), []);
    assert.equal(hits, 0, 'the sentinel on loopback was never connected to');
  });

  it('each field × each hostile form: 40000 naming the field, nothing accepted, no 500', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const f of FIELDS) {
      for (const url of hostile()) {
        const res = await s.call('POST', f.route, { key, body: f.body(url) });
        checked++;
        const b = res.body as { code: number; msg: string };
        if (res.status !== 200 || b.code !== 40000 || !f.field.test(b.msg)) failures.push(`${f.route} ${f.field} ${url}: HTTP ${res.status} ${JSON.stringify(b)}`);
      }
    }
    console.log(`${FIELDS.length} fields × ${hostile().length} forms = ${checked} requests, ${failures.length} not refused as expected`);
    assert.deepEqual(failures, []);
    assert.equal(hits, 0, 'the sentinel on loopback was never connected to');
  });

  it('a host name resolving to loopback: no 500, and no connection reaches loopback once the work is done', { timeout: 120_000 }, async () => {
    const url = `https://${NAME_TO_LOOPBACK}:${port}/a.png`;
    const answers: string[] = [];
    for (const f of FIELDS) {
      const res = await s.call('POST', f.route, { key, body: f.body(url) });
      const b = res.body as { code: number; msg: string };
      assert.equal(res.status, 200, `${f.route}: ${JSON.stringify(b)}`);
      assert.notEqual(b.code, 50000, `${f.route}: ${JSON.stringify(b)}`);
      answers.push(`${f.route} ${f.field.source}: ${b.code}`);
    }
    // Let the accepted work run (fetches, jobs, deliveries): motions, then the job table empty of queued/running work.
    await s.running.services.photoMotions.idle();
    for (let i = 0; i < 600; i++) {
      const busy = await s.running.db.kysely.selectFrom('jobs').select('id').where('status', 'in', ['queued', 'running']).execute();
      if (busy.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(answers.join('; '));
    assert.equal(hits, 0, 'the sentinel on loopback was never connected to');
  });
});
