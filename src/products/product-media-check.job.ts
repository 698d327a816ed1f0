/**
 * Checks the media a client gave by hand (kind `product_media_check`, id `<product id>.<token>`),
 * queued when a product is saved with such media: each pending item is read — an upload or other
 * file of ours from storage, another site's file through the safe fetcher — and judged
 * (media-check.ts); the results are recorded on the items still pending (an item replaced
 * meanwhile keeps its own state). create_video_from_url refuses a product whose media all failed.
 */
import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Clock } from '../lib/clock.ts';
import { FetchError, type SafeFetcher } from '../net/safe-fetch.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { isKeyRef } from '../storage/stored-refs.ts';
import { imageProblem, videoProblem } from './media-check.ts';
import { mediaRef, type MediaItem, type ProductRepository } from './product.repository.ts';

export const PRODUCT_MEDIA_CHECK_JOB_KIND = 'product_media_check';

/** The job id names its product. */
export const mediaCheckJobId = (productId: string, token: string) => `${productId}.${token}`;
const productOf = (jobId: string) => jobId.split('.')[0] ?? '';

export interface ProductMediaCheckDeps {
  products: Pick<ProductRepository, 'byId' | 'setMediaStates'>;
  jobs: JobRepository;
  store: BlobStore;
  fetcher: SafeFetcher;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

const IMAGE_MAX_BYTES = 25 * 1024 * 1024;
const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
const FETCH_DEADLINE_MS = 30_000;

export class ProductMediaCheckJob implements JobHandler {
  constructor(private readonly d: ProductMediaCheckDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { jobs, clock } = this.d;
    const product = await this.d.products.byId(productOf(job.id));
    if (!product) {
      await jobs.complete(job.id, ctx.owner, clock.nowMs());
      return;
    }
    const results = new Map<string, { state: 'ok' | 'failed'; reason?: string }>();
    try {
      for (const m of product.media) {
        if (m.state !== 'pending' || results.has(mediaRef(m))) continue;
        ctx.signal.throwIfAborted();
        const problem = await this.check(m);
        results.set(mediaRef(m), problem ? { state: 'failed', reason: problem } : { state: 'ok' });
      }
      ctx.signal.throwIfAborted();
    } catch (err) {
      if (ctx.abortReason() === 'stopping') {
        await jobs.release(job.id, ctx.owner, clock.nowMs());
        return;
      }
      if (ctx.abortReason() === 'lease_lost') return;
      this.d.log.warn({ err, jobId: job.id }, 'product media check failed');
      await jobs.fail(job.id, ctx.owner, String(err), clock.nowMs());
      return;
    }
    await this.d.products.setMediaStates(product.id, results, clock.nowMs());
    await jobs.complete(job.id, ctx.owner, clock.nowMs());
  }

  /** Why the item cannot be shown, or null. */
  private async check(m: MediaItem): Promise<string | null> {
    const ref = mediaRef(m);
    let body: Buffer;
    try {
      body = isKeyRef(ref)
        ? await this.d.store.get(ref)
        : (await this.d.fetcher.fetch(ref, { maxBytes: m.type === 2 ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES, deadlineMs: FETCH_DEADLINE_MS })).body;
    } catch (err) {
      return `could not be downloaded (${err instanceof FetchError ? err.message : 'the stored file is missing'})`;
    }
    return m.type === 2 ? videoProblem(body) : imageProblem(body);
  }
}
