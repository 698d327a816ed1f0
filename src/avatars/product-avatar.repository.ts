import type { Kysely } from 'kysely';
import type { Database, ProductAvatarBatchRow, ProductAvatarGenerationRow } from '../db/schema.ts';
import type { DrawnPresenter } from '../pipeline/avatar/index.ts';
import type { HoldSpec } from '../pipeline/avatar/product/index.ts';

/** The request of POST /v2/product_avatar/generation as accepted. */
export interface ProductAvatarRequest {
  /** As given (a URL, or an uploaded image's asset URL). */
  product_image_url: string;
  /** Set when product_image_url named an upload of the account: read in place. */
  product_asset_key: string | null;
  source:
    | { type: 'id'; avatar_id: number; avatar_type: 'public' | 'custom' }
    | { type: 'image'; value: string; asset_key: string | null }
    | { type: 'description'; value: string };
  prompt: string;
  quality: 'low' | 'medium' | 'high';
  aspect_ratio: '3:2' | '2:3' | '1:1';
  num_images: number;
}

export type BatchStatus = 'pending' | 'completed' | 'failed';
export type GenerationStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** What add_motion needs of the presenter in a picture. */
export type PicturePresenter = { kind: 'drawn'; presenter: DrawnPresenter } | { kind: 'photo'; photoKey: string };

export interface ProductAvatarBatch {
  id: string;
  accountId: string;
  request: ProductAvatarRequest;
  webhookUrl: string | null;
  status: BatchStatus;
  msg: string;
  createdAt: number;
  updatedAt: number;
}

export interface ProductAvatarGeneration {
  id: string;
  batchId: string;
  accountId: string;
  index: number;
  status: GenerationStatus;
  imageKey: string | null;
  presenter: PicturePresenter | null;
  productKey: string | null;
  hold: HoldSpec | null;
  error: string;
  createdAt: number;
  updatedAt: number;
}

const batchFromRow = (r: ProductAvatarBatchRow): ProductAvatarBatch => ({
  id: r.id,
  accountId: r.account_id,
  request: JSON.parse(r.request) as ProductAvatarRequest,
  webhookUrl: r.webhook_url,
  status: r.status === 'completed' || r.status === 'failed' ? r.status : 'pending',
  msg: r.msg,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const generationFromRow = (r: ProductAvatarGenerationRow): ProductAvatarGeneration => ({
  id: r.id,
  batchId: r.batch_id,
  accountId: r.account_id,
  index: Number(r.idx),
  status: (['pending', 'processing', 'completed', 'failed'] as const).find((s) => s === r.status) ?? 'pending',
  imageKey: r.image_key,
  presenter: r.presenter ? (JSON.parse(r.presenter) as PicturePresenter) : null,
  productKey: r.product_key,
  hold: r.hold ? (JSON.parse(r.hold) as HoldSpec) : null,
  error: r.error,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** What a finished picture records. */
export type GenerationOutcome =
  | { status: 'completed'; imageKey: string; presenter: PicturePresenter; productKey: string; hold: HoldSpec }
  | { status: 'failed'; error: string };

export class ProductAvatarRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(b: ProductAvatarBatch, generationIds: string[]): Promise<void> {
    await this.db
      .insertInto('product_avatar_batches')
      .values({ id: b.id, account_id: b.accountId, request: JSON.stringify(b.request), webhook_url: b.webhookUrl, status: b.status, msg: b.msg, created_at: b.createdAt, updated_at: b.updatedAt })
      .execute();
    await this.db
      .insertInto('product_avatar_generations')
      .values(generationIds.map((id, idx) => ({
        id, batch_id: b.id, account_id: b.accountId, idx, status: 'pending', image_key: null, presenter: null, product_key: null, hold: null, error: '', created_at: b.createdAt, updated_at: b.createdAt,
      })))
      .execute();
  }

  /** One account's batch; without accountId, any account's (the job). */
  async batch(id: string, accountId?: string): Promise<ProductAvatarBatch | undefined> {
    let q = this.db.selectFrom('product_avatar_batches').selectAll().where('id', '=', id);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const row = await q.executeTakeFirst();
    return row ? batchFromRow(row) : undefined;
  }

  async generations(batchId: string): Promise<ProductAvatarGeneration[]> {
    return (await this.db.selectFrom('product_avatar_generations').selectAll().where('batch_id', '=', batchId).orderBy('idx').execute()).map(generationFromRow);
  }

  async generation(id: string, accountId: string): Promise<ProductAvatarGeneration | undefined> {
    const row = await this.db.selectFrom('product_avatar_generations').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row ? generationFromRow(row) : undefined;
  }

  /** The batch's pictures that are still pending start (processing). */
  async start(batchId: string, nowMs: number): Promise<void> {
    await this.db.updateTable('product_avatar_generations').set({ status: 'processing', updated_at: nowMs }).where('batch_id', '=', batchId).where('status', '=', 'pending').execute();
  }

  /** Records one picture's outcome, if it is not finished yet; false otherwise. */
  async finishGeneration(id: string, o: GenerationOutcome, nowMs: number): Promise<boolean> {
    const set = o.status === 'completed'
      ? { status: 'completed', image_key: o.imageKey, presenter: JSON.stringify(o.presenter), product_key: o.productKey, hold: JSON.stringify(o.hold), error: '', updated_at: nowMs }
      : { status: 'failed', error: o.error, updated_at: nowMs };
    const r = await this.db.updateTable('product_avatar_generations').set(set).where('id', '=', id).where('status', 'in', ['pending', 'processing']).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The batch's outcome, if it is still pending; false otherwise. */
  async finishBatch(id: string, status: 'completed' | 'failed', msg: string, nowMs: number, storageBytes = 0): Promise<boolean> {
    const r = await this.db.updateTable('product_avatar_batches').set({ status, msg, storage_bytes: storageBytes, updated_at: nowMs }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
