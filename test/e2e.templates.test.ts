import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { startServer, type TestServer } from './support/server.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { localStore } from './support/local-store.ts';

/**
 * Template videos through the real pipeline (speech, timeline, renderer, job system), small and
 * short (RENDER_SCALE 0.25, two sentences): a public template with an image variable served on
 * loopback, and a custom template with a logo; the decoded frames must show the pictures.
 * Frames are kept in $TEMPLATE_FRAMES_DIR when set (to look at them).
 */
const MAGENTA = { r: 230, g: 20, b: 200 };
const GREEN = { r: 20, g: 200, b: 60 };

async function startCdn(): Promise<{ url(p: string): string; close(): Promise<void> }> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: MAGENTA } }).composite([{ input: { create: { width: 48, height: 48, channels: 3, background: '#ffffff' } }, left: 0, top: 0 }]).jpeg({ quality: 95 }).toBuffer();
  const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: GREEN } }).png().toBuffer();
  const server = http.createServer((req, res) => {
    if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(logo);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: (p) => base + p,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Frame {
  width: number;
  height: number;
  rgb: Buffer;
}

function decodeFrame(file: string, atS: number, keepAs?: string): Frame {
  const probe = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file]).toString().trim();
  const [width, height] = probe.split(',').map(Number) as [number, number];
  const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(atS), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 64 << 20 });
  const dir = process.env.TEMPLATE_FRAMES_DIR;
  if (dir && keepAs) execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(atS), '-i', file, '-frames:v', '1', path.join(dir, keepAs)]);
  return { width, height, rgb };
}

const near = (p: { r: number; g: number; b: number }, c: { r: number; g: number; b: number }, tol = 45) => Math.abs(p.r - c.r) <= tol && Math.abs(p.g - c.g) <= tol && Math.abs(p.b - c.b) <= tol;

/** Share of pixels within a box (frame fractions) near colour c. */
function share(f: Frame, c: { r: number; g: number; b: number }, box = { x: 0, y: 0, w: 1, h: 1 }): number {
  let hit = 0;
  let all = 0;
  const x0 = Math.floor(box.x * f.width);
  const x1 = Math.ceil((box.x + box.w) * f.width);
  const y0 = Math.floor(box.y * f.height);
  const y1 = Math.ceil((box.y + box.h) * f.height);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * f.width + x) * 3;
      all++;
      if (near({ r: f.rgb[i]!, g: f.rgb[i + 1]!, b: f.rgb[i + 2]! }, c)) hit++;
    }
  return hit / all;
}

describe('template videos, end to end', () => {
  let s: TestServer;
  let key: string;
  let cdn: Awaited<ReturnType<typeof startCdn>>;
  let tmp: string;
  let receiver: Receiver;
  before(async () => {
    cdn = await startCdn();
    receiver = await startReceiver();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-tpl-'));
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.25', JOB_BACKOFF_MS: '100', JOB_MAX_ATTEMPTS: '1' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 10 }));
  });
  after(async () => {
    await s.close();
    await cdn.close();
    await receiver.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const ok = async (method: string, p: string, body?: unknown) => {
    const res = await s.call(method, p, { key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.body?.code, 0, JSON.stringify(res.body));
    return res.body.data;
  };
  const settle = async (id: string) => {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const p = await ok('GET', `/v1/project?project_id=${id}`);
      if (p.status_code === 4 || p.status_code === 5) return p;
      if (Date.now() > deadline) throw new Error(`video ${id} did not finish: ${JSON.stringify(p)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  /** Our URLs name PUBLIC_BASE_URL; the test server listens elsewhere. */
  const local = (url: string) => url.replace(s.config.publicBaseUrl, s.baseUrl);
  const download = async (url: string, name: string) => {
    const res = await fetch(local(url));
    assert.equal(res.status, 200, url);
    const file = path.join(tmp, name);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return file;
  };

  it('public template 4 with an image variable on loopback: the frames show the image; v1 and template events fire', { timeout: 240_000 }, async () => {
    await ok('POST', '/v1/endpoint', { url: receiver.url('/hook'), events: ['generated_video_success'] });
    const { project_id } = await ok('POST', '/v1/create_video_with_template', {
      template_id: 4,
      template_type: 'common',
      lang: 'english',
      aspect_ratio: 2,
      avatar_id: 0,
      avatar_type: 0,
      voice_id: '',
      caption: false,
      music_id: 0,
      variables: [
        { type: 'script', name: 'script', properties: { content: 'Meet the Aurora lamp. Order yours today.', url: '', asset_id: 0 } },
        { type: 'text', name: 'title', properties: { content: 'Aurora Lamp', url: '', asset_id: 0 } },
        { type: 'image', name: 'image', properties: { content: '', url: cdn.url('/photo.jpg'), asset_id: 0 } },
      ],
    });
    const p = await settle(project_id);
    assert.equal(p.status_code, 4, JSON.stringify(p));
    assert.deepEqual(p.warnings, []);
    assert.match(p.script, /Meet the Aurora lamp\. Order yours today\./);
    const file = await download(p.video_url, 'public.mp4');
    const f = decodeFrame(file, 1.0, 'template-public.png');
    assert.equal(f.width, 270);
    const magenta = share(f, MAGENTA);
    assert.ok(magenta > 0.3, `the image fills most of the frame (magenta share ${magenta.toFixed(3)})`);
    // Both families are recorded in the outbox; a v1 endpoint receives the v1 one.
    const events = await s.running.db.kysely.selectFrom('events').select(['kind', 'payload']).where('subject_id', '=', project_id).orderBy('kind').execute();
    assert.deepEqual(events.map((e) => e.kind), ['generated_template_video_success', 'generated_video_success']);
    await receiver.waitFor((all) => all.some((r) => r.json?.data?.project_id === project_id), 15_000, 'the v1 success webhook');
    assert.equal(receiver.received.find((r) => r.json?.data?.project_id === project_id)!.json.event, 'generated_video_success');
  });

  it('an image variable that does not load: status 5 naming the URL, the credit back, the failed events', { timeout: 60_000 }, async () => {
    const before = (await ok('GET', '/v2/user/remaining_quota')).remaining_quota as number;
    const { project_id } = await ok('POST', '/v1/create_video_with_template', {
      template_id: 1, template_type: 'common', lang: 'english',
      variables: [
        { type: 'script', name: 'script', properties: { content: 'Meet the Aurora lamp.' } },
        { type: 'text', name: 'title', properties: { content: 'Aurora' } },
        { type: 'image', name: 'image', properties: { url: cdn.url('/gone.jpg') } },
      ],
    });
    assert.equal((await ok('GET', '/v2/user/remaining_quota')).remaining_quota, before - 1);
    const p = await settle(project_id);
    assert.equal(p.status_code, 5, JSON.stringify(p));
    assert.equal(p.error.code, 40000);
    assert.ok(p.error.message.includes(cdn.url('/gone.jpg')), p.error.message);
    assert.equal((await ok('GET', '/v2/user/remaining_quota')).remaining_quota, before, 'refunded');
    const events = await s.running.db.kysely.selectFrom('events').select('kind').where('subject_id', '=', project_id).orderBy('kind').execute();
    assert.deepEqual(events.map((e) => e.kind), ['generated_template_video_failed', 'generated_video_failed']);
  });

  it('a custom template with a logo and a card, the photo an uploaded asset: logo, photo and background colour in the frames; cover and preview made on first request', { timeout: 300_000 }, async () => {
    const scene = {
      name: 'Spring Sale',
      aspect_ratio: 2,
      base_template_id: 4,
      colors: { background: '#102040', background2: '#102040', decor: '#10204000', text: '#FFFFFF', accent: '#FF5500' },
      // Dots in a transparent colour: a flat background, so its colour can be measured.
      background: 'dots',
      logo: { url: cdn.url('/logo.png'), box: { x: 0.7, y: 0.06, w: 0.22, h: 0.09 } },
      layout: {
        media: { box: { x: 0.25, y: 0.3, w: 0.5, h: 0.4 }, frame: 'card', radius: 0.02 },
        captions: { box: { x: 0.05, y: 0.76, w: 0.9, h: 0.16 } },
        text: { title: { box: { x: 0.05, y: 0.06, w: 0.6, h: 0.1 } } },
      },
      variables: [
        { type: 'script', name: 'script' },
        { type: 'text', name: 'title', required: true },
        { type: 'image', name: 'photo', required: true },
      ],
    };
    const t = await ok('POST', '/v1/templates/custom', scene);
    // The photo is uploaded (POST /v1/upload/asset, then the signed PUT) and given by asset_id.
    const upload = await ok('POST', '/v1/upload/asset', { filename: 'photo.jpg' });
    const signed = new URL(upload.sign_url);
    const photo = await (await fetch(cdn.url('/photo.jpg'))).arrayBuffer();
    const put = await fetch(s.baseUrl + signed.pathname + signed.search, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: photo });
    assert.equal(put.status, 200, await put.clone().text());
    const { project_id } = await ok('POST', '/v1/create_video_with_template', {
      template_id: t.id,
      template_type: 'user',
      lang: 'en',
      variables: [
        { type: 'script', name: 'script', properties: { content: 'Spring is here. Everything is on sale.' } },
        { type: 'text', name: 'title', properties: { content: 'Spring Sale' } },
        { type: 'image', name: 'photo', properties: { url: '', asset_id: upload.asset_id } },
      ],
    });
    const p = await settle(project_id);
    assert.equal(p.status_code, 4, JSON.stringify(p));
    assert.deepEqual(p.warnings, []);
    const file = await download(p.video_url, 'custom.mp4');
    const f = decodeFrame(file, 1.5, 'template-custom.png');
    const inCard = share(f, MAGENTA, { x: 0.32, y: 0.38, w: 0.36, h: 0.24 });
    assert.ok(inCard > 0.6, `the photo in the card box (magenta share ${inCard.toFixed(3)})`);
    const outside = share(f, MAGENTA, { x: 0, y: 0.3, w: 0.15, h: 0.4 });
    assert.ok(outside < 0.05, `no photo left of the card (magenta share ${outside.toFixed(3)})`);
    const logo = share(f, GREEN, { x: 0.72, y: 0.08, w: 0.18, h: 0.05 });
    assert.ok(logo > 0.6, `the logo in its box (green share ${logo.toFixed(3)})`);
    const bg = share(f, { r: 0x10, g: 0x20, b: 0x40 }, { x: 0.02, y: 0.4, w: 0.15, h: 0.2 });
    assert.ok(bg > 0.6, `the scene's background colour beside the card (share ${bg.toFixed(3)})`);

    // Cover and preview: rendered by the pipeline on the first request, then served from the blob store.
    const started = Date.now();
    const cover = await fetch(local(t.cover_url));
    assert.equal(cover.status, 200);
    assert.equal(cover.headers.get('content-type'), 'image/jpeg');
    const firstMs = Date.now() - started;
    const coverBytes = Buffer.from(await cover.arrayBuffer());
    if (process.env.TEMPLATE_FRAMES_DIR) fs.writeFileSync(path.join(process.env.TEMPLATE_FRAMES_DIR, 'template-custom-cover.jpg'), coverBytes);
    const img = await sharp(coverBytes).raw().toBuffer({ resolveWithObject: true });
    assert.equal(img.info.width, img.info.height, 'square, like the template');
    const preview = await fetch(local(t.preview_url));
    assert.equal(preview.status, 200);
    assert.equal(preview.headers.get('content-type'), 'video/mp4');
    assert.ok((await preview.arrayBuffer()).byteLength > 1000);
    const row = await s.running.db.kysely.selectFrom('custom_templates').select(['cover_key', 'preview_key']).where('id', '=', t.id).executeTakeFirstOrThrow();
    const coverPath = row.cover_key ? localStore(s.running.services.store).localPath(row.cover_key) : '';
    assert.ok(coverPath && fs.existsSync(coverPath), 'stored in the blob store');
    // The second request is served from the stored file, not drawn again: the same bytes, the file untouched.
    const storedAt = fs.statSync(coverPath).mtimeMs;
    const again = await fetch(local(t.cover_url));
    assert.equal(again.status, 200);
    assert.ok(Buffer.from(await again.arrayBuffer()).equals(coverBytes), 'the same cover bytes');
    assert.equal(fs.statSync(coverPath).mtimeMs, storedAt, 'the stored cover was not written again');
    console.log(`custom template cover: first request ${firstMs} ms`);

    // The same custom template in create_video_from_url (template_type custom): a product video in its scene.
    const product = await ok('POST', '/v1/product', { name: 'Aurora Lamp', description: 'A warm lamp for late reading. It dims smoothly.', media: [{ type: 1, url: cdn.url('/photo.jpg') }] });
    const made = await ok('POST', '/v1/create_video_from_url', {
      product_id: product.product_id, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Discovery',
      template_type: 'custom', template_id: t.id, override_script: 'Meet the Aurora lamp. Order yours today.',
    });
    const pv = await settle(made.project_id);
    assert.equal(pv.status_code, 4, JSON.stringify(pv));
    const pf = decodeFrame(await download(pv.video_url, 'product-custom.mp4'), 1.5, 'template-product-custom.png');
    const cardShare = share(pf, MAGENTA, { x: 0.32, y: 0.38, w: 0.36, h: 0.24 });
    assert.ok(cardShare > 0.6, `the product photo in the custom card (magenta share ${cardShare.toFixed(3)})`);
    assert.ok(share(pf, GREEN, { x: 0.72, y: 0.08, w: 0.18, h: 0.05 }) > 0.6, 'the custom logo');
    assert.ok(share(pf, { r: 0x10, g: 0x20, b: 0x40 }, { x: 0.02, y: 0.4, w: 0.15, h: 0.2 }) > 0.6, "the custom scene's background");
    await ok('DELETE', `/v1/templates/custom?template_id=${t.id}`);
    assert.equal(fs.existsSync(coverPath), false, 'delete removes the stored cover');
  });
});
