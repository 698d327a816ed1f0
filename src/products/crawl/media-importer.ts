import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { probe } from '../../media/ffprobe.ts';
import type { SafeFetcher } from '../../net/safe-fetch.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { MediaItem } from '../product.repository.ts';

export interface MediaLimits {
  maxImages: number;
  maxVideos: number;
  imageMaxBytes: number;
  videoMaxBytes: number;
  perFileDeadlineMs: number;
  /** Images smaller than this on either side are icons or thumbnails, not product shots. */
  minImageSide: number;
  /** Longest side of a stored image; larger ones are scaled down. */
  maxImageSide: number;
}

export const defaultMediaLimits: MediaLimits = {
  maxImages: 12,
  maxVideos: 2,
  imageMaxBytes: 15 * 1024 * 1024,
  videoMaxBytes: 100 * 1024 * 1024,
  perFileDeadlineMs: 30_000,
  minImageSide: 120,
  maxImageSide: 2048,
};

const isImageType = (t: string) => t.startsWith('image/') || t === 'application/octet-stream' || t === 'binary/octet-stream';
const isVideoType = (t: string) => t.startsWith('video/') || t === 'application/octet-stream' || t === 'binary/octet-stream' || t === 'application/mp4';

type Logger = { warn(obj: object, msg: string): void };

/**
 * Copies a product's media into our storage: each file downloaded through the safe fetcher,
 * verified (images fully decoded and re-encoded, videos probed), size-capped and deduplicated by
 * content. A file that fails any step is skipped; the rest are kept in the page's order.
 */
export class MediaImporter {
  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly store: BlobStore,
    private readonly limits: MediaLimits = defaultMediaLimits,
    private readonly log: Logger = { warn: () => {} },
  ) {}

  async importAll(productId: string, images: string[], videos: string[]): Promise<MediaItem[]> {
    const seen = new Set<string>();
    const imageResults = await mapLimit(images.slice(0, this.limits.maxImages * 2), 3, (url) => this.importImage(url));
    const out: MediaItem[] = [];
    for (const r of imageResults) {
      if (!r || seen.has(r.hash) || out.length >= this.limits.maxImages) continue;
      seen.add(r.hash);
      const key = `media/${productId}/image-${out.length + 1}.${r.ext}`;
      out.push({ type: 1, name: path.basename(key), url: await this.store.put(key, r.data), description: r.sourceUrl });
    }
    let videoCount = 0;
    for (const url of videos) {
      if (videoCount >= this.limits.maxVideos) break;
      const r = await this.importVideo(url);
      if (!r || seen.has(r.hash)) continue;
      seen.add(r.hash);
      const key = `media/${productId}/video-${++videoCount}.${r.ext}`;
      out.push({ type: 2, name: path.basename(key), url: await this.store.put(key, r.data), description: r.sourceUrl });
    }
    return out;
  }

  private async importImage(url: string) {
    try {
      const res = await this.fetcher.fetch(url, { maxBytes: this.limits.imageMaxBytes, deadlineMs: this.limits.perFileDeadlineMs, accept: isImageType });
      const image = sharp(res.body, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
      const meta = await image.metadata();
      if ((meta.width ?? 0) < this.limits.minImageSide || (meta.height ?? 0) < this.limits.minImageSide) return null;
      const resized = image.resize({ width: this.limits.maxImageSide, height: this.limits.maxImageSide, fit: 'inside', withoutEnlargement: true });
      // Re-encoding decodes every pixel (a truncated or fake file fails here) and gives the renderer one of two formats.
      const data = meta.hasAlpha ? await resized.png().toBuffer() : await resized.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
      return { data, ext: meta.hasAlpha ? 'png' : 'jpg', hash: sha256(res.body), sourceUrl: url };
    } catch (err) {
      this.log.warn({ url, err: String(err) }, 'product image skipped');
      return null;
    }
  }

  private async importVideo(url: string) {
    let dir: string | undefined;
    try {
      const res = await this.fetcher.fetch(url, { maxBytes: this.limits.videoMaxBytes, deadlineMs: this.limits.perFileDeadlineMs * 2, accept: isVideoType });
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-video-'));
      const file = path.join(dir, 'input');
      await fs.writeFile(file, res.body);
      const info = await probe(file);
      if (!info?.video || info.durationS <= 0) throw new Error('not a playable video');
      const ext = res.contentType.includes('webm') ? 'webm' : res.contentType.includes('quicktime') ? 'mov' : 'mp4';
      return { data: res.body, ext, hash: sha256(res.body), sourceUrl: url };
    } catch (err) {
      this.log.warn({ url, err: String(err) }, 'product video skipped');
      return null;
    } finally {
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    }
  }
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  });
  await Promise.all(workers);
  return results;
}
