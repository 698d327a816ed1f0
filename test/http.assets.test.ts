import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { StorageJanitor } from '../src/storage/janitor.ts';
import { loadProductMedia } from '../src/videos/product-media.ts';
import { backends } from './support/db.ts';
import { businessError, startServer, type TestServer } from './support/server.ts';
import { localStore } from './support/local-store.ts';

const BASE = 'https://videos.example.com';
const HEX32 = /^[0-9a-f]{32}$/;

/** Real media made with sharp and ffmpeg, once for the file. */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-assets-'));
function ffmpeg(args: string[], out: string): Buffer {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, path.join(tmp, out)]);
  return fs.readFileSync(path.join(tmp, out));
}
const media = {
  png: () => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 140, b: 200 } } }).png().toBuffer(),
  mp3: () => ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame'], 'tone.mp3'),
  wav: () => ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=1'], 'tone.wav'),
  mp4: () => ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264'], 'clip.mp4'),
  /** PNG of random pixels: barely compressible, so its size is known ahead. */
  noisePng: (side: number) => sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer(),
};

async function put(s: TestServer, signUrl: string, body: Buffer | string, headers: Record<string, string> = { 'content-type': 'application/octet-stream' }) {
  // sign_url is on PUBLIC_BASE_URL; the test server listens on loopback.
  const u = new URL(signUrl);
  const res = await fetch(s.baseUrl + u.pathname + u.search, { method: 'PUT', headers, body: body as unknown as BodyInit });
  return { status: res.status, body: (await res.json()) as any };
}

async function ticket(s: TestServer, key: string, filename = 'photo.png') {
  const res = await s.call('POST', '/v1/upload/asset', { key, body: { filename } });
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  return res.body.data as { sign_url: string; asset_id: string; asset_url: string; expires_at: number };
}

for (const backend of backends) {
  describe(`uploads and assets (${backend.name})`, () => {
    let s: TestServer;
    let key: string;
    let other: string;
    let skip = false;
    before(async () => {
      const testDb = await backend.open();
      if (!testDb) {
        skip = true;
        return;
      }
      s = await startServer({ env: { PUBLIC_BASE_URL: BASE, ASSET_MAX_MB: '1' }, testDb });
      ({ apiKey: key } = await s.account());
      ({ apiKey: other } = await s.account());
    });
    after(async () => {
      if (!skip) await s.close();
    });

    it('POST /v1/upload/asset gives a signed, expiring URL on this server and an asset id', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const before = Math.floor(Date.now() / 1000);
      const d = await ticket(s, key, 'Summer Photo (1).PNG');
      assert.match(d.asset_id, HEX32);
      const u = new URL(d.sign_url);
      assert.equal(u.origin, BASE);
      assert.equal(u.pathname, `/v1/upload/asset/${d.asset_id}`);
      assert.match(u.searchParams.get('signature') ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.ok(d.expires_at >= before + 899 && d.expires_at <= before + 901, `15 minutes: ${d.expires_at - before}`);
      assert.equal(Number(u.searchParams.get('expires')), d.expires_at);
      assert.match(d.asset_url, new RegExp(`^${BASE}/files/assets/${d.asset_id}/[0-9a-f]{32}/Summer_Photo_1_.PNG$`));
    });

    it('validation: filename is required, a string, at most 255 characters; the key is checked first', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      assert.match(businessError(await s.call('POST', '/v1/upload/asset', { key, body: {} }), 40000), /filename/);
      assert.match(businessError(await s.call('POST', '/v1/upload/asset', { key, body: { filename: '' } }), 40000), /filename/);
      assert.match(businessError(await s.call('POST', '/v1/upload/asset', { key, body: { filename: ['a.png'] } }), 40000), /filename/);
      assert.match(businessError(await s.call('POST', '/v1/upload/asset', { key, body: { filename: 'x'.repeat(256) } }), 40000), /filename/);
      businessError(await s.call('POST', '/v1/upload/asset', { key: 'rs_nope', body: { filename: 'a.png' } }), 10105);
    });

    for (const [name, make, type, contentType] of [
      ['a PNG image', media.png, 'image', 'image/png'],
      ['an MP3', media.mp3, 'audio', 'audio/mpeg'],
      ['a WAV', media.wav, 'audio', 'audio/wav'],
      ['an MP4 video', media.mp4, 'video', 'video/mp4'],
    ] as const) {
      it(`round trip: ${name} is PUT, identified by its bytes (${type}) and served at asset_url`, async (t) => {
        if (skip) return t.skip('postgres is not configured');
        const bytes = await make();
        // The name says nothing true: the type comes from the bytes.
        const d = await ticket(s, key, 'upload.bin');
        const res = await put(s, d.sign_url, bytes);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.code, 0);
        assert.deepEqual(res.body.data, { asset_id: d.asset_id, asset_url: d.asset_url, type, content_type: contentType, size: bytes.length });
        const served = await fetch(s.baseUrl + new URL(d.asset_url).pathname);
        assert.equal(served.status, 200);
        assert.deepEqual(Buffer.from(await served.arrayBuffer()), bytes);
      });
    }

    it('accepts the PUT with the real Content-Type, with or without an x-api-key (Pipedream sends one), and without any Content-Type', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const png = await media.png();
      const a = await ticket(s, key);
      assert.equal((await put(s, a.sign_url, png, { 'content-type': 'image/png', 'x-api-key': key })).body.code, 0);
      const b = await ticket(s, key);
      assert.equal((await put(s, b.sign_url, png, { 'x-api-key': 'rs_not_a_key' })).body.code, 0);
      const c = await ticket(s, key);
      assert.equal((await put(s, c.sign_url, new Uint8Array(png) as Buffer, {})).body.code, 0);
    });

    it('a second PUT to the same URL is refused (409, 40000) and the first file stays', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const png = await media.png();
      const d = await ticket(s, key);
      assert.equal((await put(s, d.sign_url, png)).status, 200);
      const again = await put(s, d.sign_url, await media.mp3());
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 40000);
      assert.match(again.body.msg, /already used/);
      const served = await fetch(s.baseUrl + new URL(d.asset_url).pathname);
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), png);
    });

    it('two PUTs to one URL at once: one stores, the other is refused as in use (409)', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const png = await media.png();
      const d = await ticket(s, key);
      const u = new URL(d.sign_url);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const slow = fetch(s.baseUrl + u.pathname + u.search, {
        method: 'PUT',
        body: new ReadableStream({
          async start(c) {
            c.enqueue(png.subarray(0, 100));
            await held;
            c.enqueue(png.subarray(100));
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      await new Promise((r) => setTimeout(r, 300));
      const second = await put(s, d.sign_url, png);
      release();
      assert.equal(second.status, 409, JSON.stringify(second.body));
      assert.match(second.body.msg, /in use/);
      const first = await slow;
      assert.equal(first.status, 200);
      assert.equal(((await first.json()) as any).data.size, png.length);
    });

    it('a tampered URL (signature, expiry or asset id changed) is refused with 10105 (403) and stores nothing', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const png = await media.png();
      const d = await ticket(s, key);
      const u = new URL(d.sign_url);
      const sig = u.searchParams.get('signature')!;
      const variants = [
        (x: URL) => x.searchParams.set('signature', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)),
        (x: URL) => x.searchParams.set('expires', String(Number(x.searchParams.get('expires')) + 3600)),
        (x: URL) => (x.pathname = `/v1/upload/asset/${(await0(d.asset_id))}`),
        (x: URL) => x.searchParams.delete('signature'),
      ];
      for (const change of variants) {
        const x = new URL(u);
        change(x);
        const res = await put(s, x.toString(), png);
        assert.equal(res.status, 403, JSON.stringify(res.body));
        assert.equal(res.body.code, 10105);
        assert.match(res.body.msg, /signature does not match/);
      }
      // The untouched URL still works.
      assert.equal((await put(s, d.sign_url, png)).body.code, 0);
    });

    it('every refusal has a 4xx status: expires or signature repeated in the query is 400, stores nothing', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const png = await media.png();
      const d = await ticket(s, key);
      const u = new URL(d.sign_url);
      const e = u.searchParams.get('expires')!;
      const sig = u.searchParams.get('signature')!;
      const path = u.pathname;
      for (const query of [`expires=${e}&expires=${e}&signature=${sig}`, `expires=${e}&signature=${sig}&signature=${sig}`, `expires=${e}&expires=1&signature=${sig}&signature=x`]) {
        const res = await put(s, `${BASE}${path}?${query}`, png);
        assert.equal(res.status, 400, `${query}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 40000);
        assert.match(res.body.msg, /^Parameter error: (expires|signature)/);
      }
      assert.equal(await s.running.services.store.bytesUnder(`assets/${d.asset_id}`), 0, 'nothing of the refused uploads is stored');
      assert.equal((await put(s, d.sign_url, png)).body.code, 0, 'the URL is still usable');
    });

    it('content that is not image, video or audio is refused (415, 40000) and the URL stays usable', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const d = await ticket(s, key, 'photo.jpg');
      for (const bad of [Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), Buffer.from('just some text, named photo.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)])]) {
        const res = await put(s, d.sign_url, bad, { 'content-type': 'image/jpeg' });
        assert.equal(res.status, 415, JSON.stringify(res.body));
        assert.equal(res.body.code, 40000);
        assert.match(res.body.msg, /^Parameter error: the uploaded file (is|looks like)/);
      }
      businessError(await s.call('POST', '/v1/product', { key, body: { name: 'N', description: 'D', media: [{ type: 1, url: d.asset_id }] } }), 40000);
      assert.equal((await put(s, d.sign_url, await media.png())).body.code, 0);
    });

    it('a file over ASSET_MAX_MB is refused (413, 40000), by Content-Length or while streaming', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const big = await media.noisePng(700); // ~1.4 MB
      assert.ok(big.length > 1024 * 1024);
      const d = await ticket(s, key);
      const res = await put(s, d.sign_url, big);
      assert.equal(res.status, 413);
      assert.equal(res.body.code, 40000);
      assert.match(res.body.msg, /over the 1 MB limit/);
      // Without a Content-Length (chunked), the limit is found while counting.
      const u = new URL(d.sign_url);
      const chunked = await fetch(s.baseUrl + u.pathname + u.search, {
        method: 'PUT',
        body: new ReadableStream({
          start(c) {
            for (let i = 0; i < big.length; i += 64 * 1024) c.enqueue(big.subarray(i, i + 64 * 1024));
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      assert.equal(chunked.status, 413);
      assert.equal(((await chunked.json()) as any).code, 40000);
      assert.equal(await s.running.services.store.bytesUnder(`assets/${d.asset_id}`), 0, 'nothing of the refused upload is stored');
    });

    it('an asset id or asset URL is a product media url (Pipedream sends the id); the product-media loader reads the stored file', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const png = await media.png();
      const img = await ticket(s, key, 'lamp.png');
      await put(s, img.sign_url, png);
      const clip = await ticket(s, key, 'clip.mp4');
      await put(s, clip.sign_url, await media.mp4());
      const created = await s.call('POST', '/v1/product', {
        key,
        body: { name: 'Lamp', description: 'A lamp.', media: [{ type: 1, url: img.asset_id }, { type: 2, url: clip.asset_url, name: 'demo' }] },
      });
      assert.equal(created.body.code, 0, JSON.stringify(created.body));
      assert.deepEqual(
        created.body.data.media.map((m: any) => [m.type, m.name, m.url]),
        [
          [1, 'lamp.png', img.asset_url],
          [2, 'demo', clip.asset_url],
        ],
      );
      // PUT /v1/product takes them too.
      const updated = await s.call('PUT', '/v1/product', { key, body: { product_id: created.body.data.product_id, media: [{ type: 1, url: ` ${img.asset_id} ` }] } });
      assert.equal(updated.body.code, 0, JSON.stringify(updated.body));

      const product = await s.running.services.products.get({ accountId: (await s.running.services.auth.authenticate(key)).accountId } as any, created.body.data.product_id);
      const work = fs.mkdtempSync(path.join(tmp, 'work-'));
      const loaded = await loadProductMedia(product, work, { store: s.running.services.store, publicBaseUrl: BASE, fetcher: s.running.services.fetcher });
      assert.equal(loaded.imagePaths.length, 1);
      assert.deepEqual(fs.readFileSync(loaded.imagePaths[0]!), png);
      assert.deepEqual(loaded.warnings, []);
    });

    it('media references that are refused name the field: unknown, another account’s, not uploaded, wrong kind, neither URL nor id', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const mine = await ticket(s, key);
      const theirs = await ticket(s, other);
      await put(s, theirs.sign_url, await media.png());
      const audio = await ticket(s, key, 'voice.mp3');
      await put(s, audio.sign_url, await media.mp3());
      const create = (url: string, type = 1) => s.call('POST', '/v1/product', { key, body: { name: 'N', description: 'D', media: [{ type: 1, url: 'https://cdn.example.net/a.jpg' }, { type, url }] } });
      assert.match(businessError(await create('0123456789abcdef0123456789abcdef'), 40000), /^Parameter error: media\[1\]\.url names no asset of this account/);
      assert.match(businessError(await create(theirs.asset_id), 40000), /media\[1\]\.url names no asset of this account/);
      assert.match(businessError(await create(theirs.asset_url), 40000), /media\[1\]\.url names no asset of this account/);
      assert.match(businessError(await create(mine.asset_id), 40000), /media\[1\]\.url names asset [0-9a-f]{32}, whose file has not been uploaded yet/);
      assert.match(businessError(await create(audio.asset_id), 40000), /media\[1\]\.url names asset [0-9a-f]{32}, an audio file \(audio\/mpeg\); this field takes an image/);
      assert.match(businessError(await create(audio.asset_id, 2), 40000), /this field takes a video/);
      assert.match(businessError(await create('lamp.jpg'), 40000), /media\[1\]\.url must be an absolute URL or an asset_id from POST \/v1\/upload\/asset/);
    });

    it('assets count in the storage usage (whoami)', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const fresh = await s.account();
      const usage = async () => (await s.call('GET', '/v1/whoami', { key: fresh.apiKey })).body.data.storage_used_bytes as number;
      assert.equal(await usage(), 0);
      const png = await media.png();
      const d = await ticket(s, fresh.apiKey);
      await put(s, d.sign_url, png);
      assert.equal(await usage(), png.length);
    });
  });
}

/** Another asset id of the same shape (the URL signed for one asset is not valid for another). */
function await0(id: string): string {
  return (id[0] === 'a' ? 'b' : 'a') + id.slice(1);
}

for (const backend of backends) {
describe(`uploads: expiry, quota, janitor (${backend.name})`, () => {
  let s: TestServer;
  let key: string;
  let q: TestServer;
  let qKey: string;
  let skip = false;
  before(async () => {
    const testDb = await backend.open();
    if (!testDb) {
      skip = true;
      return;
    }
    s = await startServer({ env: { PUBLIC_BASE_URL: BASE, ASSET_UPLOAD_URL_TTL_S: '1', STORAGE_QUOTA_MB: '1' }, testDb });
    ({ apiKey: key } = await s.account());
    // The quota case on a server of its own with the usual URL lifetime: a 1 s URL may expire
    // before a 0.5 MB upload arrives on a loaded machine.
    q = await startServer({ env: { PUBLIC_BASE_URL: BASE, STORAGE_QUOTA_MB: '1' }, testDb });
    ({ apiKey: qKey } = await q.account());
  });
  after(async () => {
    if (!skip) await Promise.all([s.close(), q.close()]);
  });

  it('an expired URL is refused (403, 40000) naming when it expired', async (t) => {
    if (skip) return t.skip('postgres is not configured');
    const d = await ticket(s, key);
    await new Promise((r) => setTimeout(r, (d.expires_at + 1) * 1000 - Date.now()));
    const res = await put(s, d.sign_url, await media.png());
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 40000);
    assert.match(res.body.msg, /^Parameter error: the upload URL expired at \d{4}-\d\d-\d\dT/);
  });

  it('an expired URL with expires repeated in the query is refused with a 4xx too', async (t) => {
    if (skip) return t.skip('postgres is not configured');
    const d = await ticket(s, key);
    await new Promise((r) => setTimeout(r, (d.expires_at + 1) * 1000 - Date.now()));
    const u = new URL(d.sign_url);
    const e = u.searchParams.get('expires')!;
    const res = await put(s, `${BASE}${u.pathname}?expires=${e}&expires=${e}&signature=${u.searchParams.get('signature')}`, await media.png());
    assert.ok(res.status >= 400 && res.status < 500, `status ${res.status}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.code, 40000);
  });

  it('an upload that does not fit in the quota is refused (403, 40000) naming usage and limit', async (t) => {
    if (skip) return t.skip('postgres is not configured');
    const first = await media.noisePng(420); // ~0.5 MB
    const a = await ticket(q, qKey);
    assert.equal((await put(q, a.sign_url, first)).body.code, 0);
    const b = await ticket(q, qKey);
    const res = await put(q, b.sign_url, await media.noisePng(420));
    assert.equal(res.status, 403, JSON.stringify(res.body));
    assert.equal(res.body.code, 40000);
    assert.match(res.body.msg, /^Storage quota exceeded: the account stores 0\.5 MB of its 1\.0 MB quota, and this file of 0\.5 MB does not fit/);
  });

  it('the janitor removes expired never-uploaded assets with their partial file, and unused assets no product lists', async (t) => {
    if (skip) return t.skip('postgres is not configured');
    const svc = s.running.services;
    const pending = await ticket(s, key);
    // A partial upload left by a killed process.
    const part = path.join(localStore(svc.store).root, 'assets', pending.asset_id, 'upload.part');
    fs.mkdirSync(path.dirname(part), { recursive: true });
    fs.writeFileSync(part, 'partial');
    const { accountId } = await svc.auth.authenticate(key);
    // Two uploaded assets, both last used long ago; one is listed by a product.
    const kept = await ticket(s, key, 'kept.png');
    const unused = await ticket(s, key, 'unused.png');
    await svc.store.put(new URL(kept.asset_url).pathname.slice('/files/'.length), Buffer.from('x'));
    await svc.store.put(new URL(unused.asset_url).pathname.slice('/files/'.length), Buffer.from('x'));
    const longAgo = Date.now() - 40 * 86_400_000;
    for (const id of [kept.asset_id, unused.asset_id]) {
      assert.ok(await svc.assetRepo.claimUpload(id, Date.now()));
    }
    await s.running.db.kysely.updateTable('assets').set({ status: 'uploaded', kind: 'image', content_type: 'image/png', storage_bytes: 1, last_used_at: longAgo }).where('id', 'in', [kept.asset_id, unused.asset_id]).execute();
    await svc.products.create({ accountId } as any, { name: 'P', description: 'D', media: [{ type: 1, url: kept.asset_id }] });
    // resolve() touched it; make it old again so only the product keeps it.
    await s.running.db.kysely.updateTable('assets').set({ last_used_at: longAgo }).where('id', '=', kept.asset_id).execute();
    await new Promise((r) => setTimeout(r, (pending.expires_at + 1) * 1000 - Date.now()));

    const janitor = new StorageJanitor({
      store: svc.store,
      workRoot: path.join(s.config.dataDir, 'work'),
      repo: svc.storageRepo,
      videos: svc.videoRepo,
      clock: svc.clock,
      orphanAgeMs: 0,
      intervalMs: 60_000,
      videoRetentionDays: 0,
      assets: svc.assetRepo,
      assetRetentionDays: 30,
      generations: svc.avatarGenerationRepo,
      candidateRetentionDays: 7,
      log: { info: () => {}, warn: () => {} },
    });
    const report = await janitor.runOnce();
    assert.ok(report.assets >= 2, JSON.stringify(report));
    assert.equal(fs.existsSync(part), false);
    assert.equal(await svc.assetRepo.get(pending.asset_id), undefined);
    assert.equal(await svc.assetRepo.get(unused.asset_id), undefined);
    assert.equal(fs.existsSync(path.join(localStore(svc.store).root, 'assets', unused.asset_id)), false);
    assert.equal((await svc.assetRepo.get(kept.asset_id))?.status, 'uploaded');
    assert.equal(fs.existsSync(localStore(svc.store).localPath(new URL(kept.asset_url).pathname.slice('/files/'.length))), true);
  });
});
}

describe('an asset URL on a development PUBLIC_BASE_URL (http://localhost) is still accepted as media', () => {
  let s: TestServer;
  let key: string;
  before(async () => {
    s = await startServer({ env: { PUBLIC_BASE_URL: 'http://localhost:8080' } });
    ({ apiKey: key } = await s.account());
  });
  after(() => s.close());

  it('the URL policy refuses http://localhost for other URLs, but the asset URL is our own file', async () => {
    const d = await ticket(s, key);
    assert.equal((await put(s, d.sign_url, await media.png())).body.code, 0);
    const created = await s.call('POST', '/v1/product', { key, body: { name: 'N', description: 'D', media: [{ type: 1, url: d.asset_url }] } });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    assert.equal(created.body.data.media[0].url, d.asset_url);
    const other = await s.call('POST', '/v1/product', { key, body: { name: 'N', description: 'D', media: [{ type: 1, url: 'http://localhost:8080/catalog/x.jpg' }] } });
    assert.match(businessError(other, 40000), /media\[0\]\.url must be an https:\/\/ URL/);
  });
});
