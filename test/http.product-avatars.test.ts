import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it as test } from 'node:test';
import sharp from 'sharp';
import { describePresenters } from '../src/pipeline/avatar/describe.ts';
import { backends, type TestDb } from './support/db.ts';
import { noFacePhoto, portraitPhoto } from './support/face-photos.ts';
import { businessError, startServer, success as data, type TestServer } from './support/server.ts';

/** The product's colour: a magenta no scene, outfit or skin of the presenters uses. */
const PRODUCT = [230, 20, 200] as const;

/** A packshot: a magenta bottle with a white label and a dark cap, on a white backdrop. */
const bottlePng = () =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="500"><rect width="300" height="500" fill="#ffffff"/><rect x="95" y="40" width="110" height="60" rx="10" fill="#222222"/><rect x="60" y="100" width="180" height="370" rx="40" fill="rgb(${PRODUCT.join(',')})"/><rect x="80" y="220" width="140" height="110" fill="#ffffff"/></svg>`)).png().toBuffer();
/** A cut-out: a magenta jar on a transparent background. */
const jarPng = () =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="80" y="60" width="240" height="300" rx="30" fill="rgb(${PRODUCT.join(',')})"/></svg>`)).png().toBuffer();

/** Pixels of the product's colour in a region of a decoded image (fractions of its size). */
async function productPixels(png: Buffer, region = { x0: 0, y0: 0, x1: 1, y1: 1 }): Promise<number> {
  const { data: px, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let y = Math.floor(region.y0 * info.height); y < Math.floor(region.y1 * info.height); y++) {
    for (let x = Math.floor(region.x0 * info.width); x < Math.floor(region.x1 * info.width); x++) {
      const i = (y * info.width + x) * 3;
      if (Math.abs(px[i]! - PRODUCT[0]) < 30 && Math.abs(px[i + 1]! - PRODUCT[1]) < 35 && Math.abs(px[i + 2]! - PRODUCT[2]) < 35) n++;
    }
  }
  return n;
}

/** POST /v2/product_avatar/generation, GET .../{batch_id}, add_motion, the lists; a product avatar in a real video. */
for (const backend of backends) describe(`product avatars over HTTP (${backend.name})`, () => {
  let testDb: TestDb | undefined;
  let s: TestServer;
  let key: string;
  let files: http.Server;
  let base: string;
  before(async () => {
    testDb = await backend.open();
    if (!testDb) return;
    const bodies: Record<string, [string, Buffer]> = {
      '/bottle.png': ['image/png', await bottlePng()],
      '/jar.png': ['image/png', await jarPng()],
      '/portrait.jpg': ['image/jpeg', await portraitPhoto()],
      '/wall.jpg': ['image/jpeg', await noFacePhoto()],
    };
    files = http.createServer((req, res) => {
      const hit = bodies[req.url ?? ''];
      if (hit) res.writeHead(200, { 'content-type': hit[0] }).end(hit[1]);
      else res.writeHead(404).end('no such file');
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    s = await startServer({ testDb, env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.25' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 5 }));
  });
  after(async () => {
    await s?.close();
    files?.close();
    await testDb?.dispose();
  });
  const it = (name: string, fn: () => Promise<void>, timeout = 60_000) =>
    test(name, { timeout }, async (t) => {
      if (!testDb) return t.skip(`${backend.name} is not configured (set DATABASE_URL to a postgres:// URL to run it)`);
      await fn();
    });

  /** Generates and polls as the v2 CLI does (until pending + processing is 0). */
  const generate = async (body: object) => {
    const t0 = Date.now();
    const made = data(await s.call('POST', '/v2/product_avatar/generation', { key, body }));
    assert.match(made.batch_id, /^[0-9a-f]{32}$/);
    assert.ok(made.generations.every((g: { status: string }) => g.status === 'pending'));
    for (;;) {
      const b = data(await s.call('GET', `/v2/product_avatar/generation/${made.batch_id}`, { key }));
      if (b.summary.pending + b.summary.processing === 0) return { made, b, seconds: (Date.now() - t0) / 1000 };
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** A file the server hands out, fetched from this test server (PUBLIC_BASE_URL is not it). */
  const picture = async (url: string) => {
    const res = await fetch(s.baseUrl + new URL(url).pathname);
    assert.equal(res.status, 200, url);
    return Buffer.from(await res.arrayBuffer());
  };

  it('a public avatar holds a packshot (backdrop removed): two 2:3 pictures, the product in the right then the left hand; the event is recorded', async () => {
    const { made, b, seconds } = await generate({
      product_image_url: `${base}/bottle.png`, avatar_source: { type: 'id', avatar_id: 5, avatar_type: 'public' }, quality: 'medium', aspect_ratio: '2:3', num_images: '2', webhook_url: 'https://hooks.example.com/product-avatars',
    });
    console.log(`2 pictures at 800 x 1200: ${seconds.toFixed(2)} s from POST to done`);
    assert.deepEqual(b.summary, { pending: 0, processing: 0, completed: 2, failed: 0 });
    assert.equal(b.status, 'completed');
    assert.deepEqual(b.generations.map((g: { generation_id: string }) => g.generation_id), made.generations.map((g: { generation_id: string }) => g.generation_id));
    const [right, left] = await Promise.all(b.generations.map((g: { url: string }) => picture(g.url)));
    fs.writeFileSync(path.join(os.tmpdir(), 'product-avatar-public-1.png'), right!);
    for (const png of [right!, left!]) {
      const meta = await sharp(png).metadata();
      assert.deepEqual([meta.width, meta.height], [800, 1200]);
    }
    // The product is in the hand: in the lower half, on its side; hardly any on the other side.
    const lowerRight = { x0: 0.5, y0: 0.45, x1: 1, y1: 1 };
    const lowerLeft = { x0: 0, y0: 0.45, x1: 0.5, y1: 1 };
    assert.ok(await productPixels(right!, lowerRight) > 5000, 'product in the right hand');
    assert.ok(await productPixels(right!, lowerLeft) < (await productPixels(right!, lowerRight)) / 5);
    assert.ok(await productPixels(left!, lowerLeft) > 5000, 'product in the left hand');
    // The white backdrop was removed: the bottle's white corners do not cover the presenter.
    assert.equal(await productPixels(right!, { x0: 0, y0: 0, x1: 1, y1: 0.4 }), 0, 'nothing of the product above the chest');
    const batch = await s.running.services.productAvatarRepo.batch(made.batch_id);
    assert.equal(batch?.webhookUrl, 'https://hooks.example.com/product-avatars');
    const events = (await s.running.db.kysely.selectFrom('events').selectAll().where('kind', '=', 'generated_product_avatar_success').execute()).map((e) => JSON.parse(e.payload));
    const ev = events.find((e) => e.data.batch_id === made.batch_id);
    assert.ok(ev, 'generated_product_avatar_success recorded');
    assert.deepEqual(ev.data.generations.map((g: { url: string }) => g.url), b.generations.map((g: { url: string }) => g.url));
  });

  it('a described presenter: four different people, 1:1 at low quality, holding a transparent cut-out', async () => {
    const { b } = await generate({ product_image_url: `${base}/jar.png`, avatar_source: { type: 'description', value: 'an elderly man with glasses and a beard in a navy suit' }, quality: 'low', aspect_ratio: '1:1', num_images: 4 });
    assert.equal(b.summary.completed, 4, JSON.stringify(b));
    const pngs = await Promise.all(b.generations.map((g: { url: string }) => picture(g.url)));
    fs.writeFileSync(path.join(os.tmpdir(), 'product-avatar-described-3.png'), pngs[2]!);
    for (const png of pngs) {
      const meta = await sharp(png).metadata();
      assert.deepEqual([meta.width, meta.height], [480, 480]);
      assert.ok(await productPixels(png, { x0: 0, y0: 0.4, x1: 1, y1: 1 }) > 1500);
    }
    assert.equal(new Set(pngs.map((p) => p.toString('base64'))).size, 4);
  });

  it('a photo presenter (avatar_source image) holds the product, 3:2; a photo without a face fails with the reason', async () => {
    const { b } = await generate({ product_image_url: `${base}/bottle.png`, avatar_source: { type: 'image', value: `${base}/portrait.jpg` }, quality: 'low', aspect_ratio: '3:2', num_images: 1 });
    assert.equal(b.summary.completed, 1, JSON.stringify(b));
    const png = await picture(b.generations[0].url);
    fs.writeFileSync(path.join(os.tmpdir(), 'product-avatar-photo.png'), png);
    const meta = await sharp(png).metadata();
    assert.deepEqual([meta.width, meta.height], [600, 400]);
    assert.ok(await productPixels(png, { x0: 0.5, y0: 0.3, x1: 1, y1: 1 }) > 1500);
    // Its avatar is a photo presenter holding the product (ready at once: the face was found already).
    const made = data(await s.call('POST', '/v2/product_avatar/add_motion', { key, body: { generation_id: b.generations[0].generation_id, name: 'Ruby with the bottle', voice_id: '', description: '' } }));
    const principal = await s.running.services.auth.authenticate(key);
    const ready = await s.running.services.customAvatars.ready(principal!.accountId, made.avatar_id);
    assert.equal(ready?.kind, 'photo');
    assert.equal(ready?.held?.hold.side, 'right');

    const bad = await generate({ product_image_url: `${base}/bottle.png`, avatar_source: { type: 'image', value: `${base}/wall.jpg` }, quality: 'low', aspect_ratio: '3:2', num_images: 2 });
    assert.deepEqual(bad.b.summary, { pending: 0, processing: 0, completed: 0, failed: 2 });
    assert.equal(bad.b.status, 'failed');
    assert.match(bad.b.generations[0].error, /avatar_source\.value: .*face/i);
  });

  it("an account's own drawn avatar (avatar_type custom) holds the product", async () => {
    const principal = await s.running.services.auth.authenticate(key);
    const look = describePresenters({ age: 'Adult', gender: 'Male', avatarStyle: 'Social', model: 'modern' }).candidates[1]!;
    const own = await s.running.services.customAvatars.create(principal!.accountId, { name: 'Theo', kind: 'drawn', look, style: 'Social', gender: 'Male', age: 'Adult' });
    const { b } = await generate({ product_image_url: `${base}/bottle.png`, avatar_source: { type: 'id', avatar_id: own.id, avatar_type: 'custom' }, quality: 'low', aspect_ratio: '2:3', num_images: 1, prompt: 'in the left hand' });
    assert.equal(b.summary.completed, 1, JSON.stringify(b));
    const png = await picture(b.generations[0].url);
    assert.ok(await productPixels(png, { x0: 0, y0: 0.45, x1: 0.5, y1: 1 }) > 1500, 'the prompt put it in the left hand');
  });

  it('bad requests are 40000 naming the field; unknown avatars are 10104; an unreachable product image fails every picture with a message', async () => {
    const body = { product_image_url: `${base}/bottle.png`, avatar_source: { type: 'id', avatar_id: 5 }, quality: 'low', aspect_ratio: '1:1', num_images: 1 };
    for (const n of [0, 5, 'two']) assert.match(businessError(await s.call('POST', '/v2/product_avatar/generation', { key, body: { ...body, num_images: n } }), 40000), /num_images/);
    assert.match(businessError(await s.call('POST', '/v2/product_avatar/generation', { key, body: { ...body, aspect_ratio: '16:9' } }), 40000), /aspect_ratio/);
    assert.match(businessError(await s.call('POST', '/v2/product_avatar/generation', { key, body: { ...body, avatar_source: { type: 'description', value: '' } } }), 40000), /avatar_source\.value/);
    assert.match(businessError(await s.call('POST', '/v2/product_avatar/generation', { key, body: { ...body, avatar_source: { type: 'id' } } }), 40000), /avatar_source\.avatar_id/);
    assert.match(businessError(await s.call('POST', '/v2/product_avatar/generation', { key, body: { ...body, webhook_url: 'ftp://x' } }), 40000), /webhook_url/);
    assert.match(businessError(await s.call('POST', '/v2/product_avatar/generation', { key, body: { ...body, product_image_url: 'not a url' } }), 40000), /product_image_url/);
    assert.match(businessError(await s.call('POST', '/v2/product_avatar/generation', { key, body: { ...body, avatar_source: { type: 'id', avatar_id: 99, avatar_type: 'public' } } }), 10104), /99/);
    assert.match(businessError(await s.call('POST', '/v2/product_avatar/generation', { key, body: { ...body, avatar_source: { type: 'id', avatar_id: 123456, avatar_type: 'custom' } } }), 10104), /123456/);
    businessError(await s.call('GET', `/v2/product_avatar/generation/${'0'.repeat(32)}`, { key }), 10104);

    const { b } = await generate({ ...body, product_image_url: `${base}/missing.png`, num_images: 2 });
    assert.deepEqual(b.summary, { pending: 0, processing: 0, completed: 0, failed: 2 });
    assert.match(b.msg, /product_image_url could not be fetched/);
    for (const g of b.generations) assert.match(g.error, /product_image_url could not be fetched/);
    assert.match(businessError(await s.call('POST', '/v2/product_avatar/add_motion', { key, body: { generation_id: b.generations[0].generation_id, name: 'X', voice_id: 'en-us-f1', description: '' } }), 40000), /generation_id is failed/);
    const failedEvents = await s.running.db.kysely.selectFrom('events').select('payload').where('kind', '=', 'generated_product_avatar_failed').execute();
    assert.ok(failedEvents.some((e) => JSON.parse(e.payload).data.batch_id === b.batch_id));
  });

  it('add_motion makes a ready product avatar, listed; in a rendered video its presenter holds the product', async () => {
    const { b } = await generate({ product_image_url: `${base}/bottle.png`, avatar_source: { type: 'id', avatar_id: 2 }, quality: 'low', aspect_ratio: '2:3', num_images: 1 });
    const generation = b.generations[0].generation_id;
    businessError(await s.call('POST', '/v2/product_avatar/add_motion', { key, body: { generation_id: generation, name: 'Dan', voice_id: 'no-such-voice', description: 'x' } }), 10104);
    const made = data(await s.call('POST', '/v2/product_avatar/add_motion', { key, body: { generation_id: generation, name: 'Dan with the bottle', voice_id: 'en-us-m1', description: 'shows the bottle' } }));
    const m = data(await s.call('GET', `/v2/product_avatar?motion_id=${made.motion_id}`, { key }));
    assert.equal(m.status, 'completed');
    assert.equal(m.image_url, b.generations[0].url);
    const listed = data(await s.call('GET', '/v2/avatars/product_avatars', { key })).product_avatars;
    // Newest first: this one, then the photo presenter's of the earlier test.
    assert.equal(listed[0].avatar_id, made.avatar_id);
    assert.ok(listed.every((a: { kind: string }) => a.kind === 'product'));
    assert.equal(listed[0].avatar_status, 1);
    assert.equal(listed[0].kind, 'product');
    // Another kind's motion is not a product avatar.
    businessError(await s.call('GET', `/v2/product_avatar?motion_id=${'1'.repeat(32)}`, { key }), 10104);
    if (backend.name !== 'sqlite') return; // one real render is enough

    const t0 = Date.now();
    const created = data(await s.call('POST', '/v1/create_video_from_talking_avatar', {
      key, body: { avatar_id: made.avatar_id, avatar_type: 1, screen_style: 1, script: 'Look at this bottle. It keeps water cold all day.', aspect_ratio: 0 },
    }));
    let project;
    for (;;) {
      project = data(await s.call('GET', `/v1/project?project_id=${created.project_id}`, { key }));
      if (project.status_code >= 4) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`talking video with the product avatar: ${((Date.now() - t0) / 1000).toFixed(1)} s from POST to done`);
    assert.equal(project.status_code, 4, JSON.stringify(project));
    const mp4 = path.join(os.tmpdir(), `product-avatar-${created.project_id}.mp4`);
    fs.writeFileSync(mp4, await picture(project.video_url));
    const frame = path.join(os.tmpdir(), 'product-avatar-video-frame.png');
    const ff = spawnSync('ffmpeg', ['-v', 'error', '-y', '-ss', '1.5', '-i', mp4, '-frames:v', '1', frame]);
    assert.equal(ff.status, 0, ff.stderr.toString());
    const png = fs.readFileSync(frame);
    const total = await productPixels(png);
    const meta = await sharp(png).metadata();
    console.log(`video frame ${meta.width}x${meta.height}: ${total} product pixels`);
    assert.ok(total > (meta.width! * meta.height!) / 200, `the product shows in the frame (${total} px)`);
    // The talking preview (the avatar with the product in hand) follows add_motion.
    await s.running.services.productAvatars.idle();
    const preview = data(await s.call('GET', `/v2/product_avatar?motion_id=${made.motion_id}`, { key })).motion_preview_url;
    assert.match(preview, /\/preview\.mp4$/);
    const clip = path.join(os.tmpdir(), 'product-avatar-preview.mp4');
    fs.writeFileSync(clip, await picture(preview));
    const still = spawnSync('ffmpeg', ['-v', 'error', '-y', '-ss', '1', '-i', clip, '-frames:v', '1', path.join(os.tmpdir(), 'product-avatar-preview.png')]);
    assert.equal(still.status, 0, still.stderr.toString());
    assert.ok(await productPixels(fs.readFileSync(path.join(os.tmpdir(), 'product-avatar-preview.png'))) > 2000, 'the preview shows the product');
  }, 120_000);
});
