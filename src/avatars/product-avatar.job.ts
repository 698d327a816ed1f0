/**
 * Paints the pictures of one product-avatar batch (POST /v2/product_avatar/generation): the
 * product image fetched (safe fetcher) or read from the account's upload and cut out from its
 * backdrop (once for the batch), the presenter resolved — a public or custom avatar, a photo
 * (fetched, its face found in the face worker), or a description — then each picture painted
 * (src/pipeline/avatar/product, pure) and stored, and recorded as it is done. In one final
 * transaction: the job, the batch's outcome and its generated_product_avatar_* event (with the
 * request's webhook_url). Painting is deterministic, so a failure is final (no retry).
 */
import { loadImage } from '@napi-rs/canvas';
import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { describePresenters } from '../pipeline/avatar/describe.ts';
import { presenterOf } from '../pipeline/avatar/index.ts';
import type { FacePool } from '../pipeline/avatar/photo/index.ts';
import { cutOutProduct, descriptionFromWords, holdFor, paintProductAvatar, type ProductPresenter } from '../pipeline/avatar/product/index.ts';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.ts';
import { productAvatarFailedEvent, productAvatarGeneratedEvent } from '../webhooks/event.ts';
import type { CustomAvatarService } from './custom-avatar.service.ts';
import { loadPhotoPresenter, rigKeyFor, sniffImageType } from './photo-avatar.files.ts';
import type { PicturePresenter, ProductAvatarBatch, ProductAvatarRepository, ProductAvatarRequest } from './product-avatar.repository.ts';

export const PRODUCT_AVATAR_JOB_KIND = 'product_avatar_generation';

export interface ProductAvatarJobDeps {
  uow: WorkUnitOfWork;
  repo: ProductAvatarRepository;
  jobs: JobRepository;
  store: BlobStore;
  fetcher: SafeFetcher;
  faces: Pick<FacePool, 'analyse'>;
  customAvatars: Pick<CustomAvatarService, 'ready'>;
  clock: Clock;
  signals: Signals;
  log: { warn(obj: object, msg: string): void };
}

const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const FETCH_DEADLINE_MS = 15_000;
const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Picture sizes in pixels by quality and aspect ratio (exact ratios). */
export const PICTURE_SIZES: Record<ProductAvatarRequest['quality'], Record<ProductAvatarRequest['aspect_ratio'], [number, number]>> = {
  low: { '3:2': [600, 400], '2:3': [400, 600], '1:1': [480, 480] },
  medium: { '3:2': [1200, 800], '2:3': [800, 1200], '1:1': [1024, 1024] },
  high: { '3:2': [1800, 1200], '2:3': [1200, 1800], '1:1': [1536, 1536] },
};

/** Where a batch's files go (served under /files/): the pictures, the product cut-out, a presenter photo. */
export const batchPrefix = (batchId: string) => `avatars/p-${batchId}`;

/** A failure whose message is for the client (the generations' error and the failed event). */
class PictureError extends Error {}

/** The batch's last picture, recorded with the batch's outcome (ProductAvatarJob.paint). */
interface LastPicture {
  id: string;
  made: Parameters<ProductAvatarRepository['finishGeneration']>[1];
}

export class ProductAvatarJob implements JobHandler {
  constructor(private readonly d: ProductAvatarJobDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { repo, jobs, clock } = this.d;
    const b = await repo.batch(job.id);
    if (!b) {
      await jobs.fail(job.id, ctx.owner, 'the batch row is missing', clock.nowMs());
      return;
    }
    if (b.status !== 'pending') {
      await jobs.complete(job.id, ctx.owner, clock.nowMs());
      return;
    }
    await repo.start(b.id, clock.nowMs());
    try {
      const last = await this.paint(b, ctx.signal);
      ctx.signal.throwIfAborted();
      await this.finish(job, ctx, b, null, last);
    } catch (err) {
      if (ctx.abortReason() === 'stopping') {
        if (await jobs.release(job.id, ctx.owner, clock.nowMs())) this.d.signals.jobEnqueued(job.id, job.attempts - 1, 0);
        return;
      }
      if (ctx.abortReason() === 'lease_lost') return;
      if (!(err instanceof PictureError)) this.d.log.warn({ jobId: job.id, err }, 'product avatar generation failed');
      const message = ctx.abortReason() === 'timeout'
        ? 'Product avatar generation timed out'
        : err instanceof PictureError ? err.message : 'Product avatar generation failed (server error); try again';
      await this.finish(job, ctx, b, message);
    }
  }

  /**
   * Paints the batch's pictures, recording each as it is made — but the last one, which is returned
   * for finish() to record in the batch's final transaction: a client that sees every picture done
   * (the CLI polls the summary) then also sees the batch finished and its event recorded.
   */
  private async paint(b: ProductAvatarBatch, signal: AbortSignal): Promise<LastPicture | null> {
    const { repo, store, clock } = this.d;
    const r = b.request;
    const prefix = batchPrefix(b.id);
    const productBytes = await this.read(r.product_image_url, r.product_asset_key, 'product_image_url');
    let product;
    try {
      product = await cutOutProduct(productBytes);
    } catch {
      throw new PictureError('product_image_url is not a picture this server can read (JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG)');
    }
    const productKey = `${prefix}/product.png`;
    await store.put(productKey, await product.image.encode('png'));
    const presenters = await this.presenters(b, prefix);
    const [width, height] = PICTURE_SIZES[r.quality][r.aspect_ratio];
    const todo = (await repo.generations(b.id)).filter((g) => g.status === 'processing');
    let last: LastPicture | null = null;
    for (const [n, g] of todo.entries()) {
      signal.throwIfAborted();
      const { paint, record } = presenters(g.index);
      const hold = holdFor(g.index, r.prompt);
      const imageKey = `${prefix}/generation-${g.index + 1}.png`;
      await store.put(imageKey, await paintProductAvatar({ presenter: paint, product: product.image, hold, width, height, index: g.index }));
      const made = { status: 'completed' as const, imageKey, presenter: record, productKey, hold };
      if (n === todo.length - 1) last = { id: g.id, made };
      else await repo.finishGeneration(g.id, made, clock.nowMs());
    }
    return last;
  }

  /** The presenter of picture i: what paints it and what add_motion keeps of it. */
  private async presenters(b: ProductAvatarBatch, prefix: string): Promise<(i: number) => { paint: ProductPresenter; record: PicturePresenter }> {
    const s = b.request.source;
    if (s.type === 'id' && s.avatar_type === 'public') {
      const presenter = presenterOf(s.avatar_id);
      return () => ({ paint: presenter, record: { kind: 'drawn', presenter } });
    }
    if (s.type === 'id') {
      const custom = await this.d.customAvatars.ready(b.accountId, s.avatar_id);
      if (!custom) throw new PictureError(`avatar_source.avatar_id ${s.avatar_id} is no longer a ready custom avatar of this account`);
      if (custom.kind === 'drawn') return () => ({ paint: custom.presenter, record: { kind: 'drawn', presenter: custom.presenter } });
      if (custom.kind === 'video') throw new PictureError(`avatar_source.avatar_id ${s.avatar_id} is a video presenter; a product is held by a drawn or photo presenter`);
      const photo = await loadPhotoPresenter(this.d.store, custom.photoKey);
      return () => ({ paint: photo, record: { kind: 'photo', photoKey: custom.photoKey } });
    }
    if (s.type === 'description') {
      const { candidates } = describePresenters(descriptionFromWords(`${s.value} ${b.request.prompt}`.trim()));
      return (i) => ({ paint: candidates[i % candidates.length]!, record: { kind: 'drawn', presenter: candidates[i % candidates.length]! } });
    }
    const bytes = await this.read(s.value, s.asset_key, 'avatar_source.value');
    const verdict = await this.d.faces.analyse(bytes);
    if (!verdict.ok) throw new PictureError(`avatar_source.value: ${verdict.reason}`);
    const type = sniffImageType(bytes);
    const photoKey = `${prefix}/photo.${EXT[type] ?? 'img'}`;
    await this.d.store.put(photoKey, bytes);
    await this.d.store.put(rigKeyFor(photoKey), Buffer.from(JSON.stringify(verdict.rig)));
    const photo = { kind: 'photo' as const, photo: await loadImage(bytes), rig: verdict.rig };
    return () => ({ paint: photo, record: { kind: 'photo', photoKey } });
  }

  /** An image given by URL (safe fetcher), or a file of ours (an upload, a candidate: read in place). */
  private async read(url: string, assetKey: string | null, field: string): Promise<Buffer> {
    if (assetKey) {
      try {
        return await this.d.store.get(assetKey);
      } catch (err) {
        if (err instanceof BlobNotFoundError) throw new PictureError(`${field} names no stored file of this server (${url})`);
        throw err;
      }
    }
    try {
      const res = await this.d.fetcher.fetch(url, { maxBytes: MAX_IMAGE_BYTES, deadlineMs: FETCH_DEADLINE_MS, accept: (t) => t.startsWith('image/') || t === 'application/octet-stream' });
      return res.body;
    } catch (err) {
      throw new PictureError(`${field} could not be fetched: ${(err as Error).message}`);
    }
  }

  /** Records the outcome: the pictures not made fail with `error` (or "not made"), the batch, its event. */
  private async finish(job: Job, ctx: JobContext, b: ProductAvatarBatch, error: string | null, last: LastPicture | null = null): Promise<void> {
    const now = this.d.clock.nowMs();
    // the batch's files (pictures, cut-out, a presenter photo) count in the account's quota
    const bytes = await this.d.store.bytesUnder(batchPrefix(b.id)).catch(() => 0);
    const emitted = await this.d.uow(async (r) => {
      if (last) await r.productAvatars.finishGeneration(last.id, last.made, now);
      for (const g of await r.productAvatars.generations(b.id)) {
        if (g.status === 'pending' || g.status === 'processing') await r.productAvatars.finishGeneration(g.id, { status: 'failed', error: error ?? 'not made' }, now);
      }
      const gens = await r.productAvatars.generations(b.id);
      const made = gens.some((g) => g.status === 'completed');
      const msg = made ? '' : (error ?? 'no picture could be made');
      const done = made ? await r.jobs.complete(job.id, ctx.owner, now) : await r.jobs.fail(job.id, ctx.owner, msg, now);
      if (!done) return false;
      if (!(await r.productAvatars.finishBatch(b.id, made ? 'completed' : 'failed', msg, now, bytes))) return false;
      const pictures = {
        batchId: b.id,
        accountId: b.accountId,
        webhookUrl: b.webhookUrl,
        generations: gens.map((g) => ({ generation_id: g.id, status: g.status, url: g.imageKey ? this.d.store.publicUrl(g.imageKey) : '', error: g.error })),
      };
      await r.outbox.emit([made ? productAvatarGeneratedEvent(pictures, now) : productAvatarFailedEvent({ ...pictures, error: msg }, now)]);
      return true;
    });
    if (emitted) this.d.signals.deliveriesCommitted();
  }
}

