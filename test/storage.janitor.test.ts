import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { reposFor } from '../src/db/repos.ts';
import { JobRepository } from '../src/jobs/job.repository.ts';
import { hexId } from '../src/lib/ids.ts';
import { AssetRepository } from '../src/assets/asset.repository.ts';
import { LocalBlobStore } from '../src/storage/blob-store.ts';
import { StorageJanitor } from '../src/storage/janitor.ts';
import { StorageRepository } from '../src/storage/storage.repository.ts';
import { VIDEO_JOB_KIND } from '../src/videos/video-generator.ts';
import { VideoStatus } from '../src/videos/video.repository.ts';
import { backends, type TestDb } from './support/db.ts';
import { localStore } from './support/local-store.ts';
import { productRequest } from './support/video-request.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;


const quietLog = { info() {}, warn() {} };

/** Writes a real file and dates it (and its directories up to `root`) `ageMs` ago. */
function writeAged(root: string, rel: string, ageMs: number, bytes = 1000): string {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(bytes, 1));
  const when = new Date(Date.now() - ageMs);
  for (let p = file; p.startsWith(root) && p !== root; p = path.dirname(p)) fs.utimesSync(p, when, when);
  return file;
}

for (const backend of backends) {
  describe(`storage janitor (${backend.name})`, () => {
    let testDb: TestDb | undefined;
    let dataDir: string;

    before(async () => {
      testDb = await backend.open();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-janitor-'));
    });
    after(async () => {
      await testDb?.dispose();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('removes what a killed crawl or attempt left and deleted or failed videos’ files; keeps live and young ones', async (t) => {
      if (!testDb) return t.skip('postgres is not configured');
      const db = testDb.db;
      const repos = reposFor(db.kysely);
      const jobs = new JobRepository(db.kysely, db.dialect);
      const now = Date.now();
      const files = path.join(dataDir, 'files');
      const work = path.join(dataDir, 'work');

      const account = await repos.accounts.create({ username: `jan${hexId().slice(0, 8)}`, email: null, nowMs: now });
      const product = { id: hexId(), accountId: account.id, sourceUrl: null, name: 'P', description: 'd', targetAudience: '', media: [], brand: null, price: null, currency: null, sellingPoints: [], createdAt: now, updatedAt: now };
      await repos.products.insert(product);
      const deletedProduct = { ...product, id: hexId() };
      await repos.products.insert(deletedProduct);
      await repos.products.markDeleted(account.id, deletedProduct.id, now);

      const video = async (status: number): Promise<string> => {
        const id = hexId();
        await repos.videos.insert({ id, accountId: account.id, productId: product.id, request: productRequest(product.id), title: 't', nowMs: now });
        await db.kysely.updateTable('videos').set({ status }).where('id', '=', id).execute();
        return id;
      };
      const succeeded = await video(VideoStatus.success);
      const processing = await video(VideoStatus.processing);
      const failed = await video(VideoStatus.failed);
      const deleted = await video(VideoStatus.deleted);

      // A job running its attempt 2: attempt 2's directory is in use, attempt 1's was left by a killed worker.
      const runningJob = hexId();
      await jobs.insert({ id: runningJob, kind: VIDEO_JOB_KIND, accountId: account.id, maxAttempts: 3, runAt: now, nowMs: now });
      await db.kysely.updateTable('jobs').set({ status: 'running', attempts: 2, lease_owner: 'w', lease_expires_at: now + HOUR }).where('id', '=', runningJob).execute();
      const queuedJob = hexId();
      await jobs.insert({ id: queuedJob, kind: VIDEO_JOB_KIND, accountId: account.id, maxAttempts: 3, runAt: now, nowMs: now });

      const old = 2 * HOUR;
      const crawlOrphan = hexId();
      const youngOrphan = hexId();
      const keep = [
        writeAged(files, `media/${product.id}/image-1.jpg`, old),
        writeAged(files, `media/${youngOrphan}/image-1.jpg`, 60_000), // a crawl still running
        writeAged(files, `videos/${succeeded}/tok/video.mp4`, old),
        writeAged(files, `videos/${processing}/tok/video.mp4`, old),
        writeAged(files, `music/track-1.m4a`, old), // not an id-named directory: never touched
        writeAged(work, `${runningJob}/2/render/frame.png`, old),
        writeAged(work, `${queuedJob}/1/young.txt`, 60_000),
      ];
      const remove = [
        writeAged(files, `media/${crawlOrphan}/image-1.jpg`, old),
        writeAged(files, `media/${deletedProduct.id}/image-1.jpg`, old),
        writeAged(files, `videos/${hexId()}/tok/video.mp4`, old),
        writeAged(files, `videos/${failed}/tok/video.mp4`, old),
        writeAged(files, `videos/${deleted}/tok/video.mp4`, old),
        writeAged(work, `${runningJob}/1/render/frame.png`, old),
        writeAged(work, `${queuedJob}/3/speech.wav`, old),
        writeAged(work, `${hexId()}/1/speech.wav`, old),
      ];

      const janitor = new StorageJanitor({
        store: new LocalBlobStore(files, ''),
        workRoot: work,
        repo: new StorageRepository(db.kysely),
        videos: repos.videos,
        clock: { nowMs: () => Date.now() },
        orphanAgeMs: HOUR,
        intervalMs: 60_000,
        videoRetentionDays: 0,
        assets: new AssetRepository(db.kysely),
        assetRetentionDays: 30,
        generations: repos.avatarGenerations,
        candidateRetentionDays: 7,
        log: quietLog,
      });
      const report = await janitor.runOnce();
      assert.deepEqual(report, { expiredVideos: 0, productMedia: 2, videoFiles: 3, workDirs: 3, assets: 0, assetFiles: 0, candidates: 0 });
      for (const f of keep) assert.ok(fs.existsSync(f), `kept: ${path.relative(dataDir, f)}`);
      for (const f of remove) assert.ok(!fs.existsSync(f), `removed: ${path.relative(dataDir, f)}`);
      assert.equal(fs.existsSync(path.join(files, 'media', crawlOrphan)), false);
      assert.equal(fs.existsSync(path.join(work, runningJob, '2')), true);
      assert.equal(fs.existsSync(path.join(work, runningJob, '1')), false);
      // A second pass finds nothing more.
      assert.deepEqual(await janitor.runOnce(), { expiredVideos: 0, productMedia: 0, videoFiles: 0, workDirs: 0, assets: 0, assetFiles: 0, candidates: 0 });
    });

    it('with a retention period, removes the files of successful videos older than it: URLs empty, status 4, a warning, bytes released', async (t) => {
      if (!testDb) return t.skip('postgres is not configured');
      const db = testDb.db;
      const repos = reposFor(db.kysely);
      const storage = new StorageRepository(db.kysely);
      const now = Date.now();
      const files = path.join(dataDir, 'files2');
      const account = await repos.accounts.create({ username: `ret${hexId().slice(0, 8)}`, email: null, nowMs: now });
      const product = { id: hexId(), accountId: account.id, sourceUrl: null, name: 'P', description: 'd', targetAudience: '', media: [], brand: null, price: null, currency: null, sellingPoints: [], createdAt: now, updatedAt: now };
      await repos.products.insert(product);
      const made = async (ageMs: number): Promise<string> => {
        const id = hexId();
        await repos.videos.insert({ id, accountId: account.id, productId: product.id, request: productRequest(product.id), title: 't', fileToken: hexId(), nowMs: now - ageMs });
        const key = `videos/${id}/tok/video.mp4`;
        assert.ok(await repos.videos.markSucceeded(id, { videoKey: key, coverKey: key, subtitlesKey: '', durationS: 1, script: 's', storageBytes: 5000 }, now - ageMs));
        writeAged(files, `videos/${id}/tok/video.mp4`, ageMs, 5000);
        return id;
      };
      const oldVideo = await made(8 * DAY);
      const newVideo = await made(6 * DAY);
      assert.equal(await storage.usedBytes(account.id), 10_000);

      const janitor = new StorageJanitor({
        store: new LocalBlobStore(files, ''),
        workRoot: path.join(dataDir, 'work2'),
        repo: storage,
        videos: repos.videos,
        clock: { nowMs: () => now },
        orphanAgeMs: HOUR,
        intervalMs: 60_000,
        videoRetentionDays: 7,
        assets: new AssetRepository(db.kysely),
        assetRetentionDays: 30,
        generations: repos.avatarGenerations,
        candidateRetentionDays: 7,
        log: quietLog,
      });
      assert.deepEqual(await janitor.runOnce(), { expiredVideos: 1, productMedia: 0, videoFiles: 0, workDirs: 0, assets: 0, assetFiles: 0, candidates: 0 });
      assert.equal(fs.existsSync(path.join(files, 'videos', oldVideo)), false);
      assert.equal(fs.existsSync(path.join(files, 'videos', newVideo, 'tok', 'video.mp4')), true);
      const expired = await repos.videos.getById(oldVideo);
      assert.equal(expired?.status, VideoStatus.success);
      assert.equal(expired?.videoKey, '');
      assert.equal(expired?.coverKey, '');
      assert.equal(expired?.filesRemovedAt, now);
      assert.match(expired?.warnings.at(-1) ?? '', /removed 7 days after the video was made \(retention period, VIDEO_RETENTION_DAYS\)/);
      assert.equal((await repos.videos.getById(newVideo))?.videoKey.endsWith('video.mp4'), true);
      assert.equal(await storage.usedBytes(account.id), 5000);
      assert.deepEqual(await janitor.runOnce(), { expiredVideos: 0, productMedia: 0, videoFiles: 0, workDirs: 0, assets: 0, assetFiles: 0, candidates: 0 });
    });

    it('removes candidate portraits AVATAR_CANDIDATE_RETENTION_DAYS after their generation finished; they count in the quota until then', async (t) => {
      if (!testDb) return t.skip('postgres is not configured');
      const db = testDb.db;
      const repos = reposFor(db.kysely);
      const storage = new StorageRepository(db.kysely);
      const now = Date.now();
      const files = path.join(dataDir, 'files3');
      const account = await repos.accounts.create({ username: `cand${hexId().slice(0, 8)}`, email: null, nowMs: now });
      const generation = async (ageMs: number, status: 'success' | 'in_progress'): Promise<string> => {
        const id = hexId();
        const request = { age: 'Adult', gender: 'Female', avatar_style: 'Professional', aspect_ratio: 0, model: '', ethnicity: '', appearance: '', background: '', image_url: '' };
        await repos.avatarGenerations.insert({ id, accountId: account.id, request, status: 'in_progress', msg: '', candidates: [], createdAt: now - ageMs, updatedAt: now - ageMs });
        const key = `avatars/g-${id}/candidate-1.png`;
        writeAged(files, key, ageMs, 3000);
        if (status === 'success') {
          assert.ok(await repos.avatarGenerations.finish(id, { status: 'success', msg: '', candidates: [{ key, presenter: {} as never }], storageBytes: 3000 }, now - ageMs));
        }
        return id;
      };
      const old = await generation(8 * DAY, 'success');
      const young = await generation(6 * DAY, 'success');
      const running = await generation(9 * DAY, 'in_progress');
      assert.equal(await storage.usedBytes(account.id), 6000);
      const janitor = new StorageJanitor({
        store: new LocalBlobStore(files, ''),
        workRoot: path.join(dataDir, 'work3'),
        repo: storage,
        videos: repos.videos,
        clock: { nowMs: () => now },
        orphanAgeMs: HOUR,
        intervalMs: 60_000,
        videoRetentionDays: 0,
        assets: new AssetRepository(db.kysely),
        assetRetentionDays: 30,
        generations: repos.avatarGenerations,
        candidateRetentionDays: 7,
        log: quietLog,
      });
      assert.equal((await janitor.runOnce()).candidates, 1);
      assert.equal(fs.existsSync(path.join(files, 'avatars', `g-${old}`)), false);
      assert.equal(fs.existsSync(path.join(files, 'avatars', `g-${young}`, 'candidate-1.png')), true);
      assert.equal(fs.existsSync(path.join(files, 'avatars', `g-${running}`, 'candidate-1.png')), true, 'a generation in progress is never touched');
      const dropped = await repos.avatarGenerations.get(old);
      assert.deepEqual(dropped?.candidates, []);
      assert.match(dropped?.msg ?? '', /removed 7 days after .*AVATAR_CANDIDATE_RETENTION_DAYS/);
      assert.equal(await storage.usedBytes(account.id), 3000);
      assert.equal((await janitor.runOnce()).candidates, 0);
    });
  });
}

describe('storage janitor in the server', () => {
  it('runs at start: a crawl orphan left before the start is gone once the background work starts', async () => {
    const { startServer } = await import('./support/server.ts');
    const s = await startServer({ env: { STORAGE_ORPHAN_AGE_S: '0' } });
    try {
      const orphan = writeAged(localStore(s.running.services.store).root, `media/${hexId()}/image-1.jpg`, HOUR);
      s.running.startBackground();
      const deadline = Date.now() + 5000;
      while (fs.existsSync(orphan) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(fs.existsSync(orphan), false);
    } finally {
      await s.close();
    }
  });
});
