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
