import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { BlobNotFoundError, LocalBlobStore, type BlobStore } from '../src/storage/blob-store.ts';
import { S3BlobStore } from '../src/storage/s3-blob-store.ts';
import { startS3, type TestS3 } from './support/s3.ts';

/** The same cases against every BlobStore: local disk and S3 (s3rver on loopback). */
interface Backend {
  name: string;
  /** Why the atomic-overwrite case cannot be checked against this server, if it cannot. */
  notAtomic?: string;
  open(): Promise<{ store: BlobStore; badStores: BlobStore[]; close(): Promise<void> }>;
}

const BASE = 'http://files.test';

const backends: Backend[] = [
  {
    name: 'local disk',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-blob-'));
      const blocker = path.join(dir, 'not-a-dir');
      fs.writeFileSync(blocker, 'x');
      return {
        store: new LocalBlobStore(path.join(dir, 'files'), BASE),
        // A "root" that is a file: nothing can be written under it.
        badStores: [new LocalBlobStore(path.join(blocker, 'files'), BASE)],
        close: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    // S3 itself (and MinIO) make a PUT visible at once, whole; s3rver's file store
    // (lib/stores/filesystem.js putObject) writes the object file in place, so a reader can
    // catch it half-written. The store adds nothing here: atomicity is the server's.
    notAtomic: 's3rver writes objects in place; S3 and MinIO PUTs are atomic by the protocol',
    async open() {
      const s3: TestS3 = await startS3();
      const store = new S3BlobStore(s3.settings, BASE);
      const noBucket = new S3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' }, BASE);
      // A port nothing listens on: the server was started and stopped for it.
      const gone = await startS3();
      await gone.stop();
      const noServer = new S3BlobStore(gone.settings, BASE);
      return {
        store,
        badStores: [noBucket, noServer],
        close: async () => {
          for (const s of [store, noBucket, noServer]) s.close();
          await s3.stop();
        },
      };
    },
  },
];

async function text(r: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

async function keysUnder(store: BlobStore, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of store.list(prefix)) out.push(e.key);
  return out.sort();
}

for (const backend of backends) {
  describe(`BlobStore conformance: ${backend.name}`, () => {
    let store: BlobStore;
    let badStores: BlobStore[];
    let close: () => Promise<void>;
    let scratch: string;

    before(async () => {
      ({ store, badStores, close } = await backend.open());
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-blob-scratch-'));
    });
    after(async () => {
      await close?.();
      fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('put returns the public URL; get and stat give the bytes, size, time, validator and content type', async () => {
      const before = Date.now() - 2000;
      const url = await store.put('media/0123/image-1.jpg', Buffer.from('jpeg bytes'));
      assert.equal(url, `${BASE}/files/media/0123/image-1.jpg`);
      assert.equal(store.publicUrl('media/0123/image-1.jpg'), url);
      assert.equal((await store.get('media/0123/image-1.jpg')).toString(), 'jpeg bytes');
      const st = await store.stat('media/0123/image-1.jpg');
      assert.ok(st);
      assert.equal(st.size, 10);
      assert.equal(st.contentType, 'image/jpeg');
      assert.match(st.etag, /^"[^"]+"$/);
      assert.ok(st.modifiedMs >= before && st.modifiedMs <= Date.now() + 2000, `modified ${st.modifiedMs}`);
      await store.put('videos/0123/tok/subtitles.vtt', Buffer.from('WEBVTT\n'));
      assert.equal((await store.stat('videos/0123/tok/subtitles.vtt'))?.contentType, 'text/vtt; charset=utf-8');
    });

    it('overwriting replaces the bytes and changes the validator', async () => {
      await store.put('media/over/a.png', Buffer.from('first version'));
      const first = await store.stat('media/over/a.png');
      await store.put('media/over/a.png', Buffer.from('second'));
      assert.equal((await store.get('media/over/a.png')).toString(), 'second');
      const second = await store.stat('media/over/a.png');
      assert.equal(second?.size, 6);
      assert.notEqual(second?.etag, first?.etag);
    });

    it('a reader sees the old file or the new one while it is overwritten, never part of one', async (t) => {
      if (backend.notAtomic) return t.skip(backend.notAtomic);
      const old = Buffer.alloc(512 * 1024, 'a');
      const next = Buffer.alloc(3 * 1024 * 1024, 'b');
      await store.put('media/atomic/v.mp4', old);
      let writing = true;
      const write = store.put('media/atomic/v.mp4', next).finally(() => (writing = false));
      const seen = new Set<string>();
      let reads = 0;
      while (writing) {
        const got = await store.get('media/atomic/v.mp4');
        reads++;
        if (got.equals(old)) seen.add('old');
        else if (got.equals(next)) seen.add('new');
        else assert.fail(`read ${got.length} bytes that are neither version`);
      }
      await write;
      assert.ok(reads > 0 && seen.size > 0, 'read while the write ran');
      assert.ok((await store.get('media/atomic/v.mp4')).equals(next));
    });

    it('streams the whole file or an inclusive byte range', async () => {
      await store.put('videos/range/tok/video.mp4', Buffer.from('0123456789abcdef'));
      assert.equal(await text(await store.stream('videos/range/tok/video.mp4')), '0123456789abcdef');
      assert.equal(await text(await store.stream('videos/range/tok/video.mp4', { start: 2, end: 5 })), '2345');
      assert.equal(await text(await store.stream('videos/range/tok/video.mp4', { start: 15, end: 15 })), 'f');
      assert.equal(await text(await store.stream('videos/range/tok/video.mp4', { start: 10, end: 15 })), 'abcdef');
    });

    it('putFile stores a local file; toFile copies a stored one to a scratch path', async () => {
      const src = path.join(scratch, 'in.webm');
      fs.writeFileSync(src, Buffer.alloc(200_000, 7));
      const url = await store.putFile('assets/f1/tok/clip.webm', src);
      assert.equal(url, `${BASE}/files/assets/f1/tok/clip.webm`);
      assert.equal((await store.stat('assets/f1/tok/clip.webm'))?.contentType, 'video/webm');
      const dest = path.join(scratch, 'deep', 'out.webm');
      await store.toFile('assets/f1/tok/clip.webm', dest);
      assert.ok(fs.readFileSync(dest).equals(fs.readFileSync(src)));
    });

    it('lists, sums and removes what is under a prefix, and only that', async () => {
      await store.put('media/p1/image-1.jpg', Buffer.alloc(100));
      await store.put('media/p1/sub/video-1.mp4', Buffer.alloc(250));
      await store.put('media/p10/image-1.jpg', Buffer.alloc(7));
      assert.deepEqual(await keysUnder(store, 'media/p1'), ['media/p1/image-1.jpg', 'media/p1/sub/video-1.mp4']);
      const entries: { key: string; size: number }[] = [];
      for await (const e of store.list('media/p1')) entries.push({ key: e.key, size: e.size });
      assert.deepEqual(entries.sort((a, b) => a.key.localeCompare(b.key)).map((e) => e.size), [100, 250]);
      assert.equal(await store.bytesUnder('media/p1'), 350);
      assert.equal(await store.bytesUnder('media/nothing'), 0);
      assert.deepEqual(await keysUnder(store, 'media/nothing'), []);
      await store.removeUnder('media/p1');
      assert.deepEqual(await keysUnder(store, 'media/p1'), []);
      assert.equal(await store.stat('media/p1/image-1.jpg'), null);
      assert.equal(await store.bytesUnder('media/p10'), 7, 'a sibling with a longer name is kept');
      await store.removeUnder('media/p1'); // nothing there: not an error
      assert.deepEqual(await keysUnder(store, 'media/p10/image-1.jpg'), [], 'a prefix names a directory, not a file');
      await store.removeUnder('media/p10/image-1.jpg'); // one file
      assert.equal(await store.stat('media/p10/image-1.jpg'), null);
    });

    it('a missing key: stat is null; get, stream and toFile throw BlobNotFoundError', async () => {
      assert.equal(await store.stat('media/none/x.jpg'), null);
      await assert.rejects(store.get('media/none/x.jpg'), BlobNotFoundError);
      await assert.rejects(store.stream('media/none/x.jpg'), BlobNotFoundError);
      await assert.rejects(store.stream('media/none/x.jpg', { start: 0, end: 1 }), BlobNotFoundError);
      await assert.rejects(store.toFile('media/none/x.jpg', path.join(scratch, 'none')), BlobNotFoundError);
      assert.equal(fs.existsSync(path.join(scratch, 'none')), false);
      // A "directory" is not a file either.
      await store.put('media/dir/inner.jpg', Buffer.from('x'));
      assert.equal(await store.stat('media/dir'), null);
      await assert.rejects(store.get('media/dir'), BlobNotFoundError);
    });

    it('refuses unsafe keys in every method', async () => {
      for (const key of ['../etc/passwd', 'media/../../x', '/abs', 'media//x', 'media/./x', 'media/x y', 'media/%2e%2e/x', '.hidden', '', `media/${'a'.repeat(1100)}`]) {
        await assert.rejects(store.put(key, Buffer.from('x')), /unsafe storage key/, `put ${key}`);
        await assert.rejects(store.putFile(key, import.meta.filename), /unsafe storage key/, `putFile ${key}`);
        await assert.rejects(store.get(key), /unsafe storage key/, `get ${key}`);
        await assert.rejects(store.stat(key), /unsafe storage key/, `stat ${key}`);
        await assert.rejects(store.stream(key), /unsafe storage key/, `stream ${key}`);
        await assert.rejects(store.toFile(key, path.join(scratch, 'u')), /unsafe storage key/, `toFile ${key}`);
        await assert.rejects(store.removeUnder(key), /unsafe storage key/, `removeUnder ${key}`);
        await assert.rejects(store.bytesUnder(key), /unsafe storage key/, `bytesUnder ${key}`);
      }
    });

    it('check() passes on a working store and fails with one clear line on a bad one', async () => {
      await store.check();
      for (const bad of badStores) {
        await assert.rejects(bad.check(), (err: Error) => {
          assert.doesNotMatch(err.message, /\n/);
          assert.match(err.message, /not writable|cannot be used/);
          return true;
        });
      }
    });
  });
}
