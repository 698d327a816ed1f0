import fs from 'node:fs/promises';
import path from 'node:path';
import type { AssetRepository } from '../assets/asset.repository.ts';
import type { AvatarGenerationRepository } from '../avatars/avatar-generation.repository.ts';
import type { Clock } from '../lib/clock.ts';
import type { VideoRepository } from '../videos/video.repository.ts';
import type { BlobStore } from './blob-store.ts';
import { HEX_ID } from './storage-keys.ts';
import type { StorageRepository } from './storage.repository.ts';

export interface JanitorDeps {
  /** The blob store (local disk or S3): media/<product id>/, videos/<project id>/, assets/<asset id>/. */
  store: BlobStore;
  /** Attempt directories of video jobs (DATA_DIR/work/<job id>/<attempt>). */
  workRoot: string;
  repo: StorageRepository;
  videos: VideoRepository;
  clock: Clock;
  /** Nothing younger than this is removed, so work in progress is never touched. */
  orphanAgeMs: number;
  intervalMs: number;
  /** Video files are removed this many days after the video was made; 0 = kept. */
  videoRetentionDays: number;
  /** Uploaded assets (assets/<id>/): expired upload URLs and unused assets are removed. */
  assets: AssetRepository;
  /** An uploaded asset no live product lists is removed this many days after its last use. */
  assetRetentionDays: number;
  /** Photo generations (avatars/g-<id>/): candidate portraits removed this many days after the generation finished. */
  generations: Pick<AvatarGenerationRepository, 'withOldCandidates' | 'dropCandidates'>;
  candidateRetentionDays: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface JanitorReport {
  /** Photo generations whose candidate portraits the retention period removed. */
  candidates: number;
  /** media/<id> directories of products that never were (a crawl killed mid-way) or were deleted. */
  productMedia: number;
  /** videos/<id> directories of videos that are gone, deleted or failed. */
  videoFiles: number;
  /** work/<job>/<attempt> directories of attempts that are no longer running. */
  workDirs: number;
  /** Successful videos whose files the retention period removed. */
  expiredVideos: number;
  /** Assets removed: upload URLs that expired unused (with any partial upload), and assets unused for assetRetentionDays. */
  assets: number;
  /** assets/<id> directories of assets that are gone. */
  assetFiles: number;
}

const BATCH = 500;
const DAY_MS = 86_400_000;

/**
 * Removes stored files nobody owns, at start and every intervalMs:
 * - media/<id>/ whose product does not exist (the process died during the crawl that stored
 *   them) or was deleted;
 * - videos/<id>/ whose video does not exist, failed, was deleted or had its files expired;
 * - work/<job>/<n>/ unless job <job> is running attempt n (attempts killed with their process);
 * - with VIDEO_RETENTION_DAYS, the files of successful videos older than that (the video keeps
 *   status 4, its URLs become empty and a warning says why);
 * - assets whose upload URL expired unused (and their partial upload), assets unused for
 *   ASSET_RETENTION_DAYS that no live product lists, and assets/<id>/ of assets that are gone.
 * Only directories named by a 32-hex id are looked at, and only once their last change is older
 * than orphanAgeMs. Several processes may run it at once: removals are idempotent.
 */
export class StorageJanitor {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;

  constructor(private readonly d: JanitorDeps) {}

  start(): void {
    if (this.#timer) return;
    const tick = () => {
      this.#running ??= this.runOnce()
        .catch((err: unknown) => this.d.log.warn({ err }, 'storage janitor pass failed'))
        .finally(() => (this.#running = null));
    };
    tick();
    this.#timer = setInterval(tick, this.d.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  async runOnce(): Promise<JanitorReport> {
    const report: JanitorReport = {
      expiredVideos: await this.expireVideos(),
      productMedia: await this.sweep('media', (ids) => this.d.repo.liveProductIds(ids)),
      videoFiles: await this.sweep('videos', (ids) => this.d.repo.videosKeepingFiles(ids)),
      workDirs: await this.sweepWork(),
      assets: await this.expireAssets(),
      assetFiles: await this.sweep('assets', (ids) => this.d.assets.keepingFiles(ids, this.d.clock.nowMs())),
      candidates: await this.expireCandidates(),
    };
    if (report.candidates + report.productMedia + report.videoFiles + report.workDirs + report.expiredVideos + report.assets + report.assetFiles > 0) this.d.log.info({ ...report }, 'storage janitor removed files');
    return report;
  }

  /** Removes the old id-named groups under `prefix` (prefix/<id>/…) whose id `keep` does not return. */
  private async sweep(prefix: string, keep: (ids: string[]) => Promise<Set<string>>): Promise<number> {
    let removed = 0;
    const old = await this.oldIds(prefix);
    for (let i = 0; i < old.length; i += BATCH) {
      const ids = old.slice(i, i + BATCH);
      const kept = await keep(ids);
      for (const id of ids) {
        if (kept.has(id)) continue;
        await this.d.store.removeUnder(`${prefix}/${id}`);
        removed++;
      }
    }
    return removed;
  }

  private async sweepWork(): Promise<number> {
    let removed = 0;
    const jobs = (await this.entries(this.d.workRoot)).filter((n) => HEX_ID.test(n));
    for (let i = 0; i < jobs.length; i += BATCH) {
      const ids = jobs.slice(i, i + BATCH);
      const running = await this.d.repo.runningAttempts(ids);
      for (const id of ids) {
        const jobDir = path.join(this.d.workRoot, id);
        for (const attempt of await this.oldEntries(jobDir, /^\d+$/)) {
          if (running.get(id) === Number(attempt)) continue;
          await fs.rm(path.join(jobDir, attempt), { recursive: true, force: true });
          removed++;
        }
        // Gone only when empty (a running attempt's directory keeps it).
        if (!running.has(id)) await fs.rmdir(jobDir).catch(() => undefined);
      }
    }
    return removed;
  }

  /** Rows first (the candidates are no longer listed nor chosen), then files; an avatar made from one has its own files. */
  private async expireCandidates(): Promise<number> {
    const days = this.d.candidateRetentionDays;
    const now = this.d.clock.nowMs();
    const note = `the candidates were removed ${days} days after they were made (AVATAR_CANDIDATE_RETENTION_DAYS); generate again`;
    let removed = 0;
    for (;;) {
      const ids = await this.d.generations.withOldCandidates(now - days * DAY_MS, BATCH);
      for (const id of ids) {
        if (await this.d.generations.dropCandidates(id, note, now)) removed++;
        await this.d.store.removeUnder(`avatars/g-${id}`);
      }
      if (ids.length < BATCH) return removed;
    }
  }

  private async expireVideos(): Promise<number> {
    const days = this.d.videoRetentionDays;
    if (days <= 0) return 0;
    const now = this.d.clock.nowMs();
    const warning = `the video files were removed ${days} days after the video was made (retention period, VIDEO_RETENTION_DAYS)`;
    let expired = 0;
    for (;;) {
      const ids = await this.d.videos.withExpiredFiles(now - days * DAY_MS, BATCH);
      for (const id of ids) {
        // The row first: from then on nothing points at the files, and a removal cut short is
        // finished by the next pass (the video no longer keeps files).
        if (await this.d.videos.markFilesExpired(id, warning, now)) expired++;
        await this.d.store.removeUnder(`videos/${id}`);
      }
      if (ids.length < BATCH) return expired;
    }
  }

  /**
   * Rows first, then files (a removal cut short is finished by the next pass's sweep): upload
   * URLs that expired without a stored file, then uploaded assets unused for assetRetentionDays
   * that no live product lists.
   */
  private async expireAssets(): Promise<number> {
    const now = this.d.clock.nowMs();
    let removed = 0;
    for (;;) {
      const ids = await this.d.assets.expiredUnuploaded(now, BATCH);
      for (const id of ids) {
        await this.d.assets.remove(id);
        await this.d.store.removeUnder(`assets/${id}`);
        removed++;
      }
      if (ids.length < BATCH) break;
    }
    for (;;) {
      const rows = await this.d.assets.unusedSince(now - this.d.assetRetentionDays * DAY_MS, BATCH);
      for (const { id } of rows) {
        await this.d.assets.remove(id);
        await this.d.store.removeUnder(`assets/${id}`);
        removed++;
      }
      if (rows.length < BATCH) return removed;
    }
  }

  /**
   * The 32-hex ids of prefix/<id>/ groups in the store whose newest file is older than
   * orphanAgeMs (a group still being written has a young file).
   */
  private async oldIds(prefix: string): Promise<string[]> {
    const newest = new Map<string, number>();
    for await (const e of this.d.store.list(prefix)) {
      const id = e.key.slice(prefix.length + 1).split('/')[0] ?? '';
      if (!HEX_ID.test(id)) continue;
      newest.set(id, Math.max(newest.get(id) ?? 0, e.modifiedMs));
    }
    const cutoff = this.d.clock.nowMs() - this.d.orphanAgeMs;
    return [...newest].filter(([, ms]) => ms <= cutoff).map(([id]) => id);
  }

  private async entries(dir: string): Promise<string[]> {
    return fs.readdir(dir).catch(() => [] as string[]);
  }

  /** Names in `dir` matching `pattern` whose last change is older than orphanAgeMs. */
  private async oldEntries(dir: string, pattern: RegExp = HEX_ID): Promise<string[]> {
    const cutoff = this.d.clock.nowMs() - this.d.orphanAgeMs;
    const out: string[] = [];
    for (const name of await this.entries(dir)) {
      if (!pattern.test(name)) continue;
      const st = await fs.stat(path.join(dir, name)).catch(() => null);
      if (st?.isDirectory() && st.mtimeMs <= cutoff) out.push(name);
    }
    return out;
  }
}
