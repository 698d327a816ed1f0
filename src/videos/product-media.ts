import path from 'node:path';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { MediaImporter, type MediaFailure } from '../products/crawl/media-importer.ts';
import type { Product } from '../products/product.repository.ts';
import { BlobNotFoundError, LocalBlobStore, type BlobStore } from '../storage/blob-store.ts';
import { ownFileRef, type OwnFileRef } from '../storage/own-files.ts';
import { GenerationError } from './video-generator.ts';

export interface ProductMediaDeps {
  /** Where crawled media were copied (files under PUBLIC_BASE_URL/files/). */
  store: BlobStore;
  publicBaseUrl: string;
  /** For media given by hand, which still point at other sites. */
  fetcher: SafeFetcher;
}

export interface LoadedMedia {
  imagePaths: string[];
  videoPaths: string[];
  /** One line per media URL that did not load, naming it and why (the video's `warnings`). */
  warnings: string[];
}

/** Error code of a video whose product media all failed: the product's input is what needs fixing. */
export const MEDIA_FAILED_CODE = 40000;

/** Keeps an error message readable (and the column small) when a product lists many media. */
const MAX_URL_CHARS = 300;
const MAX_LISTED = 12;

/**
 * A product's media as local files for one video attempt, in its work dir: our stored copies are
 * copied from the blob store (local disk or S3), media given by hand are downloaded and verified
 * like crawled ones.
 * Throws a GenerationError when the product has media and none of it loads (see judgeMedia).
 */
export async function loadProductMedia(product: Pick<Product, 'id' | 'media'>, workDir: string, deps: ProductMediaDeps): Promise<LoadedMedia> {
  const images: string[] = [];
  const videos: string[] = [];
  const failed: MediaFailure[] = [];
  const foreign: { images: string[]; videos: string[] } = { images: [], videos: [] };
  for (const [i, m] of product.media.entries()) {
    const list = m.type === 2 ? videos : images;
    // Our files are kept by key; a URL of ours (a row written before keys were kept) is read in place too.
    const ref: OwnFileRef = m.key !== undefined ? { kind: 'stored', key: m.key } : ownFileRef(m.url ?? '', deps.publicBaseUrl);
    const shown = m.key !== undefined ? deps.store.publicUrl(m.key) : (m.url ?? '');
    if (ref.kind === 'foreign') {
      (m.type === 2 ? foreign.videos : foreign.images).push(shown);
      continue;
    }
    // A copy removed from storage (by an operator, or a lost volume), or a URL under our files that
    // names no storage key (stored before the API refused them), is reported like a failed
    // download rather than failing as a system error.
    if (ref.kind !== 'stored') {
      failed.push({ url: shown, reason: 'not a file of this server', transient: false });
      continue;
    }
    const file = path.join(workDir, 'stored', `${i}-${path.posix.basename(ref.key)}`);
    if (await copyStored(deps.store, ref.key, file)) list.push(file);
    else failed.push({ url: shown, reason: 'the stored copy is missing', transient: false });
  }
  if (foreign.images.length + foreign.videos.length > 0) {
    const scratch = new LocalBlobStore(path.join(workDir, 'media'), '');
    const report = await new MediaImporter(deps.fetcher, scratch).importReport(product.id, foreign.images, foreign.videos);
    for (const m of report.media) (m.type === 1 ? images : videos).push(scratch.localPath(m.key!));
    failed.push(...report.failed);
  }
  const { warnings } = judgeMedia(product.media.length, images.length + videos.length, failed);
  return { imagePaths: images, videoPaths: videos, warnings };
}

/**
 * The rule, pure: no media is fine (a text-first design); some loaded → a warning per failed URL;
 * media listed but none loaded → the video fails, naming every URL and why. The failure is
 * retried (with the job's backoff and attempt cap) only when some URL failed in a way that may
 * pass — a timeout, a refused connection, HTTP 5xx; a 404, a non-image or a name that does not
 * resolve fails the video at once.
 */
export function judgeMedia(listed: number, loaded: number, failed: MediaFailure[]): { warnings: string[] } {
  if (listed === 0 || loaded > 0) return { warnings: failed.map((f) => `media not loaded, the video was made without it: ${describeFailure(f)}`) };
  const shown = failed.slice(0, MAX_LISTED).map(describeFailure);
  const more = failed.length > MAX_LISTED ? `; and ${failed.length - MAX_LISTED} more` : '';
  const list = shown.length > 0 ? `: ${shown.join('; ')}${more}` : '';
  throw new GenerationError(`None of the product's media could be loaded${list}`, { code: MEDIA_FAILED_CODE, retryable: failed.some((f) => f.transient) });
}

function describeFailure(f: MediaFailure): string {
  const url = f.url.length > MAX_URL_CHARS ? `${f.url.slice(0, MAX_URL_CHARS)}…` : f.url;
  return `${url} (${f.reason.slice(0, 300)})`;
}

/** False when the store no longer has the key; other failures (the store unreachable) are the attempt's error. */
async function copyStored(store: BlobStore, key: string, dest: string): Promise<boolean> {
  try {
    await store.toFile(key, dest);
    return true;
  } catch (err) {
    if (err instanceof BlobNotFoundError) return false;
    throw err;
  }
}
