import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { probe } from '../../media/ffprobe.ts';
import { FetchError, type SafeFetcher } from '../../net/safe-fetch.ts';
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

/** A media URL that gave no usable file, and why, in words a client can act on. */
export interface MediaFailure {
  url: string;
  reason: string;
  /** True when the same URL may well work later (timeout, connection refused, HTTP 5xx/408/429). */
  transient: boolean;
}

export interface ImportReport {
  /** What was copied, in the page's order. */
  media: MediaItem[];
  /** Every URL tried that gave nothing (duplicates by content and URLs past the caps are neither). */
  failed: MediaFailure[];
}

type Attempt<T> = { ok: true; value: T } | { ok: false; failure: MediaFailure };

/**
 * Copies a product's media into our storage: each file downloaded through the safe fetcher,
 * verified (images fully decoded and re-encoded, videos probed), size-capped and deduplicated by
 * content. A file that fails any step is skipped; the rest are kept in the page's order.
 * importReport also says which URLs were skipped and why: a crawl keeps what it found, while a
 * video job fails when none of a product's media loads and warns when some did not.
 */
export class MediaImporter {
  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly store: BlobStore,
    private readonly limits: MediaLimits = defaultMediaLimits,
    private readonly log: Logger = { warn: () => {} },
  ) {}

  /** `deadlineAt` (epoch ms): downloads still running then are cut off and skipped like failed ones. */
  async importAll(productId: string, images: string[], videos: string[], deadlineAt?: number): Promise<MediaItem[]> {
    return (await this.importReport(productId, images, videos, deadlineAt)).media;
  }

  /** importAll, also saying which URLs gave nothing and why (a video's warnings, or its error when none loaded). */
  async importReport(productId: string, images: string[], videos: string[], deadlineAt = Infinity): Promise<ImportReport> {
    const seen = new Set<string>();
    const failed: MediaFailure[] = [];
    const imageResults = await mapLimit(images.slice(0, this.limits.maxImages * 2), 3, (url) => this.importImage(url, deadlineAt));
    const out: MediaItem[] = [];
    for (const a of imageResults) {
      if (!a.ok) {
        failed.push(a.failure);
        continue;
      }
      const r = a.value;
      if (seen.has(r.hash) || out.length >= this.limits.maxImages) continue;
      seen.add(r.hash);
      const key = `media/${productId}/image-${out.length + 1}.${r.ext}`;
      await this.store.put(key, r.data);
      out.push({ type: 1, name: path.basename(key), key, description: r.sourceUrl });
    }
    let videoCount = 0;
    for (const url of videos) {
      if (videoCount >= this.limits.maxVideos) break;
      const a = await this.importVideo(url, deadlineAt);
      if (!a.ok) {
        failed.push(a.failure);
        continue;
      }
      const r = a.value;
      if (seen.has(r.hash)) continue;
      seen.add(r.hash);
      const key = `media/${productId}/video-${++videoCount}.${r.ext}`;
      await this.store.put(key, r.data);
      out.push({ type: 2, name: path.basename(key), key, description: r.sourceUrl });
    }
    return { media: out, failed };
  }

  private async importImage(url: string, deadlineAt: number): Promise<Attempt<{ data: Buffer; ext: string; hash: string; sourceUrl: string }>> {
    const deadlineMs = timeLeft(this.limits.perFileDeadlineMs, deadlineAt);
    if (deadlineMs <= 0) return fail(url, DEADLINE_PASSED);
    let fetched = false;
    try {
      const res = await this.fetcher.fetch(url, { maxBytes: this.limits.imageMaxBytes, deadlineMs, accept: isImageType });
      fetched = true;
      const image = sharp(res.body, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
      const meta = await image.metadata();
      const [w, h] = [meta.width ?? 0, meta.height ?? 0];
      if (w < this.limits.minImageSide || h < this.limits.minImageSide) {
        return fail(url, `too small to show (${w}x${h} px; at least ${this.limits.minImageSide} px a side)`);
      }
      const resized = image.resize({ width: this.limits.maxImageSide, height: this.limits.maxImageSide, fit: 'inside', withoutEnlargement: true });
      // Re-encoding decodes every pixel (a truncated or fake file fails here) and gives the renderer one of two formats.
      const data = meta.hasAlpha ? await resized.png().toBuffer() : await resized.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
      return { ok: true, value: { data, ext: meta.hasAlpha ? 'png' : 'jpg', hash: sha256(res.body), sourceUrl: url } };
    } catch (err) {
      this.log.warn({ url, err: String(err) }, 'product image skipped');
      return { ok: false, failure: failureOf(url, err, fetched ? 'not a readable image' : null) };
    }
  }

  private async importVideo(url: string, deadlineAt: number): Promise<Attempt<{ data: Buffer; ext: string; hash: string; sourceUrl: string }>> {
    const deadlineMs = timeLeft(this.limits.perFileDeadlineMs * 2, deadlineAt);
    if (deadlineMs <= 0) return fail(url, DEADLINE_PASSED);
    let dir: string | undefined;
    let fetched = false;
    try {
      const res = await this.fetcher.fetch(url, { maxBytes: this.limits.videoMaxBytes, deadlineMs, accept: isVideoType });
      fetched = true;
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-video-'));
      const file = path.join(dir, 'input');
      await fs.writeFile(file, res.body);
      const info = await probe(file);
      if (!info?.video || info.durationS <= 0) return fail(url, 'not a playable video');
      const ext = res.contentType.includes('webm') ? 'webm' : res.contentType.includes('quicktime') ? 'mov' : 'mp4';
      return { ok: true, value: { data: res.body, ext, hash: sha256(res.body), sourceUrl: url } };
    } catch (err) {
      this.log.warn({ url, err: String(err) }, 'product video skipped');
      return { ok: false, failure: failureOf(url, err, fetched ? 'not a playable video' : null) };
    } finally {
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    }
  }
}

const DEADLINE_PASSED = "skipped: the crawl's deadline had passed";

/** A file's own deadline, cut to what is left of the whole crawl's. */
const timeLeft = (perFileMs: number, deadlineAt: number) => Math.min(perFileMs, deadlineAt - Date.now());

const fail = (url: string, reason: string): { ok: false; failure: MediaFailure } => ({ ok: false, failure: { url, reason, transient: false } });

/**
 * Why a URL gave nothing. Download failures keep the fetcher's own words ("the server answered
 * HTTP 404", "unexpected content type text/html", "the server could not be reached: ENOTFOUND …");
 * a file that arrived but did not decode is `afterFetch` with the decoder's reason.
 */
function failureOf(url: string, err: unknown, afterFetch: string | null): MediaFailure {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof FetchError && isUnknownHost(err)) return { url, reason: `the host name ${hostOf(url)} does not resolve`, transient: false };
  if (err instanceof FetchError) return { url, reason: message, transient: isTransient(err) };
  return { url, reason: afterFetch ? `${afterFetch}: ${message}` : message, transient: false };
}

/** A name that does not resolve stays so (the fetcher keeps the resolver's ENOTFOUND in its message). */
const isUnknownHost = (err: FetchError) => err.kind === 'unreachable' && /ENOTFOUND/.test(err.message);

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '(none)';
  }
}

/** Refused connections, timeouts and server errors may pass; the rest fail the same way again. */
function isTransient(err: FetchError): boolean {
  if (err.kind === 'timeout' || err.kind === 'unreachable') return true;
  if (err.kind === 'http_status') return err.status !== undefined && (err.status >= 500 || err.status === 408 || err.status === 429);
  return false;
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
