import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Migrator, type Kysely } from 'kysely';
import sharp from 'sharp';
import type { Db } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { hexId } from '../src/lib/ids.ts';
import type { CrawledProduct, ProductCrawler } from '../src/products/product.crawler.ts';
import { ProductRepository } from '../src/products/product.repository.ts';
import type { BlobStore } from '../src/storage/blob-store.ts';
import { VideoRepository } from '../src/videos/video.repository.ts';
import { backends, onEveryBackendUnmigrated, type TestDb } from './support/db.ts';
import { startServer, success, type TestServer } from './support/server.ts';
import { exampleScene } from './support/template-scene.ts';

const A = 'https://a.example.test';
/** The second process answers under another host and a path prefix. */
const B = 'https://b.example.test/reelsmith';
const FOREIGN = 'https://cdn.example.net/lamp.jpg';

/** Stores one image under the product's id, as the media importer does, and lists it by key. */
class StoringCrawler implements ProductCrawler {
  store: BlobStore | null = null;
  async crawl(url: string, productId: string): Promise<CrawledProduct> {
    const key = `media/${productId}/image-1.png`;
    await this.store!.put(key, await png());
    return { name: 'Aurora Desk Lamp', description: 'Warm dimmable LED lamp.', media: [{ type: 1, name: 'image-1.png', key, description: url }], brand: null, price: null, currency: null, sellingPoints: [] };
  }
}

const png = () => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 140, b: 200 } } }).png().toBuffer();

/** Every string in a JSON value, with the path that leads to it. */
function strings(v: unknown, at = ''): [string, string][] {
  if (typeof v === 'string') return [[at, v]];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${at}[${i}]`));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => strings(x, `${at}.${k}`));
  return [];
}

/** The URLs of our own files in an answer: every string holding "/files/". */
const fileUrls = (v: unknown) => strings(v).filter(([, s]) => s.includes('/files/'));

for (const backend of backends) {
  describe(`URLs are built when read, from the answering server's PUBLIC_BASE_URL (${backend.name})`, { skip: backend.name === 'postgres' && !process.env.DATABASE_URL && 'DATABASE_URL not set' }, () => {
    let testDb: TestDb;
    let dataDir: string;
    let a: TestServer;
    let b: TestServer;
    let key: string;
    const crawler = new StoringCrawler();
    const made: { crawled?: string; byHand?: string; video?: string; photoId?: string; avatarId?: number; motionId?: string; templateId?: number; assetId?: string } = {};
    const on = (s: TestServer) => async (method: string, p: string, body?: unknown) => success(await s.call(method, p, { key, ...(body === undefined ? {} : { body }) }));

    before(async () => {
      testDb = (await backend.open())!;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-urls-'));
      a = await startServer({ testDb, dataDir, crawler, env: { PUBLIC_BASE_URL: A, REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
      crawler.store = a.running.services.store;
      a.running.startBackground();
      b = await startServer({ testDb, dataDir, env: { PUBLIC_BASE_URL: B } });
      ({ apiKey: key } = await a.account({ credits: 20 }));

      // Everything is made through server A (its worker included).
      const callA = on(a);
      const up = await callA('POST', '/v1/upload/asset', { filename: 'lamp.png' });
      const signed = new URL(up.sign_url);
      const put = await fetch(`${a.baseUrl}${signed.pathname}${signed.search}`, { method: 'PUT', body: await png() });
      assert.equal(put.status, 200, await put.text());
      made.assetId = up.asset_id;
      made.crawled = (await callA('POST', '/v1/product', { url: 'https://shop.example.com/lamp' })).product_id;
      made.byHand = (await callA('POST', '/v1/product', { name: 'Lamp', description: 'A lamp.', media: [{ type: 1, url: up.asset_id }, { type: 1, url: FOREIGN }] })).product_id;
      made.video = (await callA('POST', '/v1/create_video_from_url', { product_id: made.crawled, aspect_ratio: 0, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public', caption: true })).project_id;
      made.photoId = (await callA('POST', '/v1/photo_avatar/photo/generate', { age: 'Adult', gender: 'Female', avatar_style: 'Social' })).photo_id;
      made.templateId = (await callA('POST', '/v1/templates/custom', { ...exampleScene(), logo: { url: up.asset_id, box: { x: 0.7, y: 0.06, w: 0.2, h: 0.08 } } })).id;
      const deadline = Date.now() + 60_000;
      let g;
      for (;;) {
        const p = await callA('GET', `/v1/project?project_id=${made.video}`);
        g = await callA('GET', `/v1/photo_avatar/generation?photo_id=${made.photoId}`);
        if ((p.status_code === 4 || p.status_code === 5) && g.status !== 'in_progress') {
          assert.equal(p.status_code, 4, JSON.stringify(p));
          break;
        }
        if (Date.now() > deadline) throw new Error('the video or the candidates did not finish');
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(g.status, 'success');
      const m = await callA('POST', '/v1/photo_avatar/add_motion', { image_url: g.image_url_list[0], name: 'Cand', photo_id: made.photoId });
      made.avatarId = m.avatar_id;
      made.motionId = m.motion_id;
      await a.running.services.photoMotions.idle();
    });

    after(async () => {
      await b?.close();
      await a?.close();
      await testDb?.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** Every read route that shows our files, asked of one server. */
    async function reads(s: TestServer): Promise<Record<string, unknown>> {
      const call = on(s);
      return {
        crawled: await call('GET', `/v1/product?product_id=${made.crawled}`),
        byHand: await call('GET', `/v1/product?product_id=${made.byHand}`),
        products: await call('GET', '/v1/products'),
        project: await call('GET', `/v1/project?project_id=${made.video}`),
        projects: await call('GET', '/v1/projects'),
        generation: await call('GET', `/v1/photo_avatar/generation?photo_id=${made.photoId}`),
        custom: await call('GET', '/v1/avatars/custom'),
        customV2: await call('GET', '/v2/avatars/custom'),
        motion: await call('GET', `/v1/photo_avatar?motion_id=${made.motionId}`),
        templates: await call('GET', '/v1/templates/custom'),
        upload: await call('POST', '/v1/upload/asset', { filename: 'another.png' }),
      };
    }

    it('server B answers every URL of our files under B, server A under A', async () => {
      for (const [server, base] of [[b, B], [a, A]] as const) {
        const got = await reads(server);
        const urls = fileUrls(got);
        // Video, cover and captions; crawled and uploaded product media (twice: get and list); four
        // candidates; the avatar's cover (v1 and v2), its photo and preview; the asset URL.
        assert.ok(urls.length >= 18, JSON.stringify(urls));
        for (const [at, url] of urls) assert.ok(url.startsWith(`${base}/files/`), `${at}: ${url} does not start with ${base}/files/`);
        const project = got.project as { video_url: string; cover_url: string; subtitles_url: string };
        for (const u of [project.video_url, project.cover_url, project.subtitles_url]) assert.match(u, new RegExp(`^${base}/files/videos/${made.video}/[0-9a-f]{32}/`));
        const t = (got.templates as { templates: { id: number; cover_url: string; preview_url: string }[] }).templates.find((x) => x.id === made.templateId)!;
        assert.ok(t.cover_url.startsWith(`${base}/v1/templates/custom/`) && t.preview_url.startsWith(`${base}/v1/templates/custom/`), JSON.stringify(t));
        // Another site's file given by hand stays as it was given.
        assert.deepEqual((got.byHand as { media: { url: string }[] }).media.map((m) => m.url.startsWith(`${base}/files/assets/${made.assetId}/`) || m.url === FOREIGN), [true, true]);
      }
    });

    it('a URL B built names the same stored file (served by B under its own /files/)', async () => {
      const p = await on(b)('GET', `/v1/project?project_id=${made.video}`);
      for (const u of [p.video_url, p.cover_url, p.subtitles_url, ...(await on(b)('GET', `/v1/product?product_id=${made.crawled}`)).media.map((m: { url: string }) => m.url)]) {
        const res = await fetch(`${b.baseUrl}${u.slice(B.length)}`);
        assert.equal(res.status, 200, u);
        assert.ok((await res.arrayBuffer()).byteLength > 0, u);
      }
    });

    it('the database keeps keys: no row holds a URL of our files', async () => {
      const k = testDb.db.kysely;
      const v = await k.selectFrom('videos').select(['video_url', 'cover_url', 'subtitles_url']).where('id', '=', made.video!).executeTakeFirstOrThrow();
      assert.match(v.video_url, /^videos\/[0-9a-f]{32}\/[0-9a-f]{32}\/video\.mp4$/);
      assert.match(v.subtitles_url, /\/subtitles\.vtt$/);
      const rows = [
        ...(await k.selectFrom('products').select('media as text').execute()),
        ...(await k.selectFrom('videos').select('request as text').execute()),
        ...(await k.selectFrom('custom_templates').select('scene as text').execute()),
        ...(await k.selectFrom('avatar_generations').select('candidates as text').execute()),
      ];
      for (const r of rows) assert.ok(!r.text.includes('/files/'), r.text);
      const byHand = await new ProductRepository(k).get((await k.selectFrom('products').select('account_id').where('id', '=', made.byHand!).executeTakeFirstOrThrow()).account_id, made.byHand!);
      assert.deepEqual(byHand?.media.map((m) => [m.key?.split('/')[0], m.url]), [['assets', undefined], [undefined, FOREIGN]]);
    });

    it("webhook bodies carry the worker's URLs (built when the video finished, sent as stored)", async () => {
      const ev = await testDb.db.kysely.selectFrom('events').select('payload').where('subject_id', '=', made.video!).where('kind', '=', 'generated_video_success').executeTakeFirstOrThrow();
      const data = JSON.parse(ev.payload).data;
      assert.ok(data.video_url.startsWith(`${A}/files/videos/${made.video}/`), data.video_url);
      assert.ok(data.cover_url.startsWith(`${A}/files/videos/${made.video}/`), data.cover_url);
    });

    it("our URLs sent back through B (PUT /v1/product) are kept as keys and read under A from A", async () => {
      const media = (await on(b)('GET', `/v1/product?product_id=${made.byHand}`)).media;
      await on(b)('PUT', '/v1/product', { product_id: made.byHand, media: [...media].reverse() });
      const again = await on(a)('GET', `/v1/product?product_id=${made.byHand}`);
      assert.deepEqual(again.media.map((m: { url: string }) => m.url === FOREIGN || m.url.startsWith(`${A}/files/assets/${made.assetId}/`)), [true, true]);
      assert.equal(again.media[0].url, FOREIGN);
      const row = await testDb.db.kysely.selectFrom('products').select('media').where('id', '=', made.byHand!).executeTakeFirstOrThrow();
      assert.ok(!row.media.includes('/files/') && row.media.includes(`"key":"assets/${made.assetId}/`), row.media);
    });
  });
}

/** Migrates a fresh database to 009, writes rows the old way (whole URLs), then migrates to the latest. */
async function migrationConvertsRows(db: Db): Promise<void> {
  const k = db.kysely as unknown as Kysely<any>;
  const migrator = new Migrator({ db: k, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true, ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}) });
  assert.equal((await migrator.migrateTo('009_custom_avatars')).error, undefined);
  const [account, product, video, talk, tv, asset, token] = [hexId(), hexId(), hexId(), hexId(), hexId(), hexId(), hexId()];
  const old = 'http://localhost:8080';
  const media = JSON.stringify([
    { type: 1, name: 'image-1.jpg', url: `${old}/files/media/${product}/image-1.jpg`, description: 'https://shop.example.com/lamp' },
    { type: 1, name: 'lamp.png', url: `https://old.example.com/reelsmith/files/assets/${asset}/${token}/lamp.png`, description: '' },
    { type: 1, name: 'x.jpg', url: 'https://cdn.shopify.com/s/files/1/0001/products/x.jpg', description: '' },
    { type: 1, name: 'gone.jpg', url: `${old}/files/media/gone/image-1.jpg`, description: '' },
  ]);
  await k.insertInto('accounts').values({ id: account, username: `u${account}`, credits: 3, status: 'active', created_at: 1, updated_at: 1 }).execute();
  await k.insertInto('products').values({ id: product, account_id: account, name: 'Old', description: 'd', media, created_at: 1, updated_at: 1 }).execute();
  const files = (id: string, name: string) => `${old}/files/videos/${id}/${token}/${name}`;
  await k.insertInto('videos').values({ id: video, account_id: account, product_id: product, request: JSON.stringify({ product_id: product }), title: 'Old video', status: 4, video_url: files(video, 'video.mp4'), cover_url: files(video, 'cover.jpg'), subtitles_url: files(video, 'subtitles.vtt'), file_token: token, created_at: 5, updated_at: 6 }).execute();
  await k.insertInto('videos').values({ id: talk, account_id: account, kind: 'avatar', product_id: null, request: JSON.stringify({ avatar_id: 1, audio_url: `${old}/files/assets/${asset}/${token}/talk.mp3` }), title: 'Talk', status: 2, created_at: 5, updated_at: 6 }).execute();
  const plan = { script: '', texts: {}, media: [{ name: 'photo', type: 'image', ref: `${old}/files/assets/${asset}/${token}/lamp.png` }, { name: 'clip', type: 'video', ref: 'https://cdn.example.net/clip.mp4' }] };
  await k.insertInto('videos').values({ id: tv, account_id: account, kind: 'template', product_id: null, request: JSON.stringify({ template_id: 1, plan, scene: { logo: { url: `${old}/files/assets/${asset}/${token}/logo.png`, box: {} } } }), title: 'T', status: 2, created_at: 5, updated_at: 6 }).execute();
  await k.insertInto('custom_templates').values({ id: 123456, account_id: account, name: 'S', aspect_ratio: 2, scene: JSON.stringify({ name: 'S', logo: { url: `${old}/files/assets/${asset}/${token}/logo.png`, box: {} } }), file_token: token, created_at: 1 }).execute();

  const done = await migrator.migrateTo('013_storage_keys'); // later migrations come and go on their own
  assert.equal(done.error, undefined);

  const p = await new ProductRepository(db.kysely).get(account, product);
  assert.deepEqual(p?.media, [
    { type: 1, name: 'image-1.jpg', key: `media/${product}/image-1.jpg`, description: 'https://shop.example.com/lamp' },
    { type: 1, name: 'lamp.png', key: `assets/${asset}/${token}/lamp.png`, description: '' },
    // Another site's /files/ and a path that names none of our files stay URLs.
    { type: 1, name: 'x.jpg', url: 'https://cdn.shopify.com/s/files/1/0001/products/x.jpg', description: '' },
    { type: 1, name: 'gone.jpg', url: `${old}/files/media/gone/image-1.jpg`, description: '' },
  ]);
  const videos = new VideoRepository(db.kysely);
  const v = await videos.get(account, video);
  assert.deepEqual([v?.videoKey, v?.coverKey, v?.subtitlesKey], ['video.mp4', 'cover.jpg', 'subtitles.vtt'].map((n) => `videos/${video}/${token}/${n}`));
  assert.equal((await videos.get(account, talk))?.request && ((await videos.get(account, talk))!.request as { audio_url: string }).audio_url, `assets/${asset}/${token}/talk.mp3`);
  const r = (await videos.get(account, tv))!.request as { plan: typeof plan; scene: { logo: { url: string } } };
  assert.deepEqual(r.plan.media.map((m) => m.ref), [`assets/${asset}/${token}/lamp.png`, 'https://cdn.example.net/clip.mp4']);
  assert.equal(r.scene.logo.url, `assets/${asset}/${token}/logo.png`);
  const scene = await k.selectFrom('custom_templates').select('scene').where('id', '=', 123456).executeTakeFirstOrThrow();
  assert.equal(JSON.parse(scene.scene).logo.url, `assets/${asset}/${token}/logo.png`);
  // One-way: going down is refused with the reason, and changes nothing.
  const down = await migrator.migrateDown();
  assert.match(String(down.error), /one-way/);
  assert.equal((await videos.get(account, video))?.videoKey, `videos/${video}/${token}/video.mp4`);
}

describe('migration 013_storage_keys converts rows written with whole URLs', () => {
  onEveryBackendUnmigrated(it, migrationConvertsRows);
});
