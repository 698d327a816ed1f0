import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { crawlFailure, type CrawledProduct, type ProductCrawler } from '../src/products/product.crawler.ts';
import type { BlobStore } from '../src/storage/blob-store.ts';
import { backends, type TestDb } from './support/db.ts';
import { businessError, startServer, type TestServer } from './support/server.ts';
import { localStore } from './support/local-store.ts';

const MB = 1024 * 1024;
const HEX32 = /^[0-9a-f]{32}$/;

/**
 * Stands in for the page crawler: stores `bytes` of media under the product's id in the real
 * blob store, as the media importer does, and returns the product.
 */
class StoringCrawler implements ProductCrawler {
  store: BlobStore | null = null;
  bytes = 600 * 1024;
  /** Fails after storing the image, as a crawl whose deadline passes during a video download. */
  failAfterStore = false;
  lastProductId = '';

  async crawl(url: string, productId: string): Promise<CrawledProduct> {
    this.lastProductId = productId;
    const key = `media/${productId}/image-1.jpg`;
    await this.store!.put(key, Buffer.alloc(this.bytes, 7));
    if (this.failAfterStore) throw crawlFailure('timed out');
    return {
      name: `Crawled ${url}`,
      description: 'A serum with vitamin C.',
      media: [{ type: 1, name: 'image-1.jpg', key, description: url }],
      brand: null,
      price: null,
      currency: null,
      sellingPoints: [],
    };
  }
}

class Fixture {
  s!: TestServer;
  key!: string;
  username!: string;
  crawler = new StoringCrawler();

  async start(env: Record<string, string>, testDb?: TestDb): Promise<void> {
    this.s = await startServer({
      env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1,stageDelayMs=100', JOB_BACKOFF_MS: '100', ...env },
      crawler: this.crawler,
      ...(testDb ? { testDb } : {}),
    });
    this.crawler.store = this.s.running.services.store;
    this.s.running.startBackground();
    ({ apiKey: this.key, username: this.username } = await this.s.account({ credits: 20 }));
  }

  async ok(method: string, p: string, body?: unknown): Promise<any> {
    const res = await this.s.call(method, p, { key: this.key, ...(body === undefined ? {} : { body }) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body?.code, 0, JSON.stringify(res.body));
    return res.body.data;
  }

  async err(method: string, p: string, code: number): Promise<string> {
    return businessError(await this.s.call(method, p, { key: this.key }), code);
  }

  whoami(): Promise<{ storage_used_bytes: number; storage_quota_bytes: number | null }> {
    return this.ok('GET', '/v1/whoami');
  }

  async crawl(): Promise<string> {
    return (await this.ok('POST', '/v1/product', { url: `https://shop.example.com/p/${Math.random()}` })).product_id;
  }

  async handMade(name = 'Glow Serum'): Promise<string> {
    return (await this.ok('POST', '/v1/product', { name, description: 'Vitamin C serum for a brighter skin.' })).product_id;
  }

  videoBody(productId: string, name?: string): Record<string, unknown> {
    return { product_id: productId, aspect_ratio: 0, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public', ...(name ? { video_name: name } : {}) };
  }

  async video(productId: string, name?: string): Promise<string> {
    return (await this.ok('POST', '/v1/create_video_from_url', this.videoBody(productId, name))).project_id;
  }

  async settle(id: string, timeoutMs = 30_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const p = await this.ok('GET', `/v1/project?project_id=${id}`);
      if (p.status_code === 4 || p.status_code === 5) return p;
      if (Date.now() > deadline) throw new Error(`video ${id} did not finish`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async waitForStatus(id: string, status: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    while ((await this.ok('GET', `/v1/project?project_id=${id}`)).status_code !== status) {
      if (Date.now() > deadline) throw new Error(`video ${id} never reached status ${status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  filesRoot(): string {
    return localStore(this.s.running.services.store).root;
  }

  /** The local file behind one of our /files/ URLs. */
  fileOf(url: string): string {
    return path.join(this.filesRoot(), new URL(url).pathname.slice('/files/'.length));
  }

  async close(): Promise<void> {
    await this.s.close();
  }
}

function treeBytes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += fs.statSync(path.join(e.parentPath, e.name)).size;
  }
  return total;
}

for (const backend of backends) {
  describe(`storage quota and usage (${backend.name})`, () => {
    const f = new Fixture();
    let skip = false;

    before(async () => {
      const db = await backend.open();
      if (!db) {
        skip = true;
        return;
      }
      await f.start({ STORAGE_QUOTA_MB: '1' }, db);
    });
    after(async () => {
      if (!skip) await f.close();
    });

    it('whoami shows usage and quota; over the quota crawls and videos are refused with 40000 naming both', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const start = await f.whoami();
      assert.deepEqual(start, { ...start, storage_used_bytes: 0, storage_quota_bytes: 1 * MB });

      const p1 = await f.crawl();
      assert.equal((await f.whoami()).storage_used_bytes, treeBytes(path.join(f.filesRoot(), 'media')));
      assert.equal((await f.whoami()).storage_used_bytes, 600 * 1024);
      // Under the quota when asked: accepted, and may end over it.
      const p2 = await f.crawl();
      assert.equal((await f.whoami()).storage_used_bytes, 1200 * 1024);

      const credits = (await f.ok('GET', '/v2/user/remaining_quota')).remaining_quota;
      const msg = businessError(await f.s.call('POST', '/v1/product', { key: f.key, body: { url: 'https://shop.example.com/p/3' } }), 40000);
      assert.match(msg, /Storage quota exceeded: the account stores 1\.2 MB of its 1\.0 MB quota/);
      assert.match(msg, /DELETE \/v1\/project/);
      const hand = await f.handMade();
      const videoMsg = businessError(await f.s.call('POST', '/v1/create_video_from_url', { key: f.key, body: f.videoBody(hand) }), 40000);
      assert.match(videoMsg, /Storage quota exceeded/);
      assert.equal((await f.ok('GET', '/v2/user/remaining_quota')).remaining_quota, credits, 'a refused video takes no credit');

      // Deleting a product frees its bytes and removes its files.
      await f.ok('DELETE', `/v1/product?product_id=${p1}`);
      assert.equal((await f.whoami()).storage_used_bytes, 600 * 1024);
      assert.equal(fs.existsSync(path.join(f.filesRoot(), 'media', p1)), false);
      assert.equal(fs.existsSync(path.join(f.filesRoot(), 'media', p2)), true);
      await f.crawl();
      assert.equal((await f.whoami()).storage_used_bytes, 1200 * 1024);
    });

    it('a crawl that fails after copying media leaves no files and no usage behind', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      await f.s.running.services.accounts.setStorageQuota(f.username, 0);
      const before = (await f.whoami()).storage_used_bytes;
      f.crawler.failAfterStore = true;
      try {
        const msg = businessError(await f.s.call('POST', '/v1/product', { key: f.key, body: { url: 'https://shop.example.com/p/slow' } }), 40000);
        assert.match(msg, /^Failed to extract product information: timed out/);
      } finally {
        f.crawler.failAfterStore = false;
        await f.s.running.services.accounts.setStorageQuota(f.username, null);
      }
      assert.match(f.crawler.lastProductId, HEX32);
      assert.equal(fs.existsSync(path.join(f.filesRoot(), 'media', f.crawler.lastProductId)), false);
      assert.equal((await f.whoami()).storage_used_bytes, before);
    });

    it('the operator sets a per-account quota (0 = no limit) and can return to the default', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const accounts = f.s.running.services.accounts;
      const set = await accounts.setStorageQuota(f.username, 0);
      assert.equal(set.storage_quota_bytes, null);
      assert.equal((await f.whoami()).storage_quota_bytes, null);
      await f.crawl();
      await accounts.setStorageQuota(f.username, 3);
      assert.equal((await f.whoami()).storage_quota_bytes, 3 * MB);
      await accounts.setStorageQuota(f.username, null);
      assert.equal((await f.whoami()).storage_quota_bytes, 1 * MB);
      await assert.rejects(accounts.setStorageQuota(f.username, -1), /non-negative/);
      // Another account's usage is its own.
      const other = await f.s.account();
      const theirs = (await f.s.call('GET', '/v2/user/whoami', { key: other.apiKey })).body.data;
      assert.equal(theirs.storage_used_bytes, 0);
    });
  });

  describe(`listing and deleting videos and products (${backend.name})`, () => {
    const f = new Fixture();
    let skip = false;

    before(async () => {
      const db = await backend.open();
      if (!db) {
        skip = true;
        return;
      }
      await f.start({}, db);
    });
    after(async () => {
      if (!skip) await f.close();
    });

    it('a finished video has unguessable file URLs, counts its bytes, and DELETE /v1/project makes it 99 and removes the files', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const product = await f.handMade();
      const id = await f.video(product);
      const done = await f.settle(id);
      assert.equal(done.status_code, 4, JSON.stringify(done));
      assert.equal(done.files_removed_at, null);
      // videos/<project id>/<random token>/video.mp4: the project id alone does not give the URL.
      const m = /\/files\/videos\/([0-9a-f]{32})\/([0-9a-f]{32})\/video\.mp4$/.exec(done.video_url);
      assert.ok(m, done.video_url);
      assert.equal(m[1], id);
      assert.notEqual(m[2], id);
      assert.equal((await fetch(`${f.s.baseUrl}/files/videos/${id}/video.mp4`)).status, 404);
      assert.equal((await fetch(`${f.s.baseUrl}${new URL(done.video_url).pathname}`)).status, 200);
      const onDisk = treeBytes(path.join(f.filesRoot(), 'videos', id));
      assert.ok(onDisk > 1000);
      assert.equal((await f.whoami()).storage_used_bytes, onDisk);

      await f.ok('DELETE', `/v1/project?project_id=${id}`);
      const gone = await f.ok('GET', `/v1/project?project_id=${id}`);
      assert.equal(gone.status_code, 99);
      assert.equal(gone.status_desc, 'deleted');
      assert.equal(gone.video_url, '');
      assert.equal(gone.cover_url, '');
      assert.equal(typeof gone.files_removed_at, 'number');
      assert.equal(fs.existsSync(path.join(f.filesRoot(), 'videos', id)), false);
      assert.equal((await fetch(`${f.s.baseUrl}${new URL(done.video_url).pathname}`)).status, 404);
      assert.equal((await f.whoami()).storage_used_bytes, 0);
      // Again: still a success; unknown ids and another account's video: 10104.
      await f.ok('DELETE', `/v1/project?project_id=${id}`);
      assert.match(await f.err('DELETE', `/v1/project?project_id=${'0'.repeat(32)}`, 10104), /project_id/);
      const other = await f.s.account();
      assert.match(businessError(await f.s.call('DELETE', `/v1/project?project_id=${id}`, { key: other.apiKey }), 10104), /project_id/);
      assert.match(await f.err('DELETE', '/v1/project', 40000), /project_id/);
    });

    // DELETE /v1/project on a video being made cancels it (test/videos.cancel.test.ts).
    it('the product of a video being made is not deleted (40000 naming the video); once the video finished it is', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const product = await f.handMade('Busy product');
      const id = await f.video(product);
      const msg = await f.err('DELETE', `/v1/product?product_id=${product}`, 40000);
      assert.match(msg, new RegExp(`product_id ${product} has a video being made \\(project_id ${id}, status_code [123] `));
      assert.equal((await f.ok('GET', `/v1/product?product_id=${product}`)).product_id, product);
      assert.equal((await f.settle(id)).status_code, 4);

      await f.ok('DELETE', `/v1/product?product_id=${product}`);
      assert.match(await f.err('GET', `/v1/product?product_id=${product}`, 10104), /product_id/);
      assert.ok(!(await f.ok('GET', '/v1/products')).some((p: any) => p.product_id === product));
      assert.match(await f.err('DELETE', `/v1/product?product_id=${product}`, 10104), /product_id/);
      const credits = (await f.ok('GET', '/v2/user/remaining_quota')).remaining_quota;
      assert.match(businessError(await f.s.call('POST', '/v1/create_video_from_url', { key: f.key, body: f.videoBody(product) }), 10104), /product_id/);
      assert.equal((await f.ok('GET', '/v2/user/remaining_quota')).remaining_quota, credits);
      assert.match(businessError(await f.s.call('PUT', '/v1/product', { key: f.key, body: { product_id: product, name: 'x' } }), 10104), /product_id/);
      // The video of a deleted product stays, files and all.
      const kept = await f.ok('GET', `/v1/project?project_id=${id}`);
      assert.equal(kept.status_code, 4);
      assert.ok(fs.existsSync(f.fileOf(kept.video_url)));
    });

    it('GET /v1/projects pages newest first, filters by status and leaves deleted videos out unless asked', async (t) => {
      if (skip) return t.skip('postgres is not configured');
      const { apiKey } = await f.s.account({ credits: 10 });
      const own = new Fixture();
      own.s = f.s;
      own.key = apiKey;
      const product = await own.handMade();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        ids.push(await own.video(product, `v${i}`));
        await new Promise((r) => setTimeout(r, 5));
      }
      for (const id of ids) await own.settle(id);
      await own.ok('DELETE', `/v1/project?project_id=${ids[1]}`);

      const all = await own.ok('GET', '/v1/projects');
      assert.deepEqual(Object.keys(all).sort(), ['page', 'page_size', 'projects', 'total']);
      assert.equal(all.total, 3);
      assert.equal(all.page, 1);
      assert.equal(all.page_size, 20);
      assert.deepEqual(all.projects.map((p: any) => p.id), [ids[3], ids[2], ids[0]]);
      for (const p of all.projects) assert.match(p.id, HEX32);

      const page2 = await own.ok('GET', '/v1/projects?page=2&page_size=2');
      assert.deepEqual({ ...page2, projects: page2.projects.map((p: any) => p.title) }, { total: 3, page: 2, page_size: 2, projects: ['v0'] });
      assert.deepEqual((await own.ok('GET', '/v1/projects?status=99')).projects.map((p: any) => p.id), [ids[1]]);
      assert.equal((await own.ok('GET', '/v1/projects?status=4')).total, 3);
      assert.equal((await own.ok('GET', '/v1/projects?status=5')).total, 0);
      // n8n-style empty filters mean absent.
      assert.equal((await own.ok('GET', '/v1/projects?status=&page=&page_size=')).total, 3);
      assert.match(businessError(await f.s.call('GET', '/v1/projects?status=7', { key: apiKey }), 40000), /status/);
      assert.match(businessError(await f.s.call('GET', '/v1/projects?page_size=101', { key: apiKey }), 40000), /page_size/);
      // Another account sees none of them.
      assert.ok(!(await f.ok('GET', '/v1/projects')).projects.some((p: any) => ids.includes(p.id)));
    });
  });
}
