import type { Kysely } from 'kysely';
import type { Database, ProductRow } from '../db/schema.ts';
import { isKeyRef } from '../storage/stored-refs.ts';

/**
 * One product image or video as the database keeps it (products.media, JSON): `key` for a file in
 * our storage (crawled copies, uploads), `url` for another site's file given by hand and not
 * copied — exactly one of them. Our files' URLs are built when read (src/storage/stored-refs.ts).
 */
export interface MediaItem {
  type: 1 | 2;
  name: string;
  key?: string;
  url?: string;
  description: string;
  /**
   * Media given by hand are checked in the background when the product is saved
   * (product-media-check.job.ts): pending until then, then ok or failed with `reason`. Crawled
   * media were checked as they were copied, and items saved before the check have no state: ok.
   */
  state?: MediaState;
  reason?: string;
}

export type MediaState = 'ok' | 'pending' | 'failed';

/** An item's check state (no state: ok). */
export const mediaState = (m: MediaItem): MediaState => m.state ?? 'ok';

/** The item's storage key or foreign URL (a "stored ref", src/storage/stored-refs.ts). */
export function mediaRef(m: MediaItem): string {
  return m.key ?? m.url ?? '';
}

/** The item for a stored ref: a key becomes `key`, anything else `url`. */
export function mediaItem(type: 1 | 2, name: string, ref: string, description: string): MediaItem {
  return isKeyRef(ref) ? { type, name, key: ref, description } : { type, name, url: ref, description };
}

export interface Product {
  id: string;
  accountId: string;
  sourceUrl: string | null;
  name: string;
  description: string;
  targetAudience: string;
  media: MediaItem[];
  brand: string | null;
  price: string | null;
  currency: string | null;
  sellingPoints: string[];
  /** Catalog language the product's own text is written in (detected on create and update); null when unknown or made before detection. */
  language?: string | null;
  /** Bytes of the crawled media stored for the product (counted against the account's quota). */
  storageBytes?: number;
  createdAt: number;
  updatedAt: number;
}

export type ProductChanges = Partial<Pick<Product, 'name' | 'description' | 'targetAudience' | 'media' | 'language' | 'brand' | 'price' | 'currency' | 'sellingPoints'>>;

function fromRow(row: ProductRow): Product {
  return {
    id: row.id,
    accountId: row.account_id,
    sourceUrl: row.source_url,
    name: row.name,
    description: row.description,
    targetAudience: row.target_audience,
    media: JSON.parse(row.media) as MediaItem[],
    brand: row.brand,
    price: row.price,
    currency: row.currency,
    sellingPoints: JSON.parse(row.selling_points) as string[],
    language: row.language ?? null,
    storageBytes: Number(row.storage_bytes),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class ProductRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(p: Product): Promise<void> {
    await this.db
      .insertInto('products')
      .values({
        id: p.id,
        account_id: p.accountId,
        source_url: p.sourceUrl,
        name: p.name,
        description: p.description,
        target_audience: p.targetAudience,
        media: JSON.stringify(p.media),
        brand: p.brand,
        price: p.price,
        currency: p.currency,
        selling_points: JSON.stringify(p.sellingPoints),
        language: p.language ?? null,
        storage_bytes: p.storageBytes ?? 0,
        created_at: p.createdAt,
        updated_at: p.updatedAt,
      })
      .execute();
  }

  /** Any account's live product (the media check job). */
  async byId(id: string): Promise<Product | undefined> {
    const row = await this.db.selectFrom('products').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /**
   * Records check results on the items still pending whose ref was checked (an item replaced
   * meanwhile keeps its own state); false when the product is gone.
   */
  async setMediaStates(id: string, results: Map<string, { state: 'ok' | 'failed'; reason?: string }>, nowMs: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('products').select('media').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      if (!row) return false;
      const media = (JSON.parse(row.media) as MediaItem[]).map((m) => {
        const r = m.state === 'pending' ? results.get(mediaRef(m)) : undefined;
        if (!r) return m;
        const { reason: _old, ...rest } = m;
        return r.state === 'failed' ? { ...rest, state: r.state, reason: r.reason ?? 'failed' } : { ...rest, state: r.state };
      });
      await tx.updateTable('products').set({ media: JSON.stringify(media), updated_at: nowMs }).where('id', '=', id).execute();
      return true;
    });
  }

  /** Only the account's own products are visible: another account's id, or a deleted product, reads as absent. */
  async get(accountId: string, id: string): Promise<Product | undefined> {
    const row = await this.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Newest first; ties broken by id so pages are stable. */
  async list(accountId: string, limit: number, offset: number): Promise<Product[]> {
    const rows = await this.db
      .selectFrom('products')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(fromRow);
  }

  /** Returns false when the product does not exist for this account. */
  async update(accountId: string, id: string, changes: ProductChanges, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('products')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.targetAudience !== undefined ? { target_audience: changes.targetAudience } : {}),
        ...(changes.media !== undefined ? { media: JSON.stringify(changes.media) } : {}),
        ...(changes.language !== undefined ? { language: changes.language } : {}),
        ...(changes.brand !== undefined ? { brand: changes.brand } : {}),
        ...(changes.price !== undefined ? { price: changes.price } : {}),
        ...(changes.currency !== undefined ? { currency: changes.currency } : {}),
        ...(changes.sellingPoints !== undefined ? { selling_points: JSON.stringify(changes.sellingPoints) } : {}),
        updated_at: nowMs,
      })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** DELETE /v1/product: the row stays for the videos that refer to it, without media or stored bytes. */
  async markDeleted(accountId: string, id: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('products')
      .set({ deleted_at: nowMs, media: '[]', storage_bytes: 0, updated_at: nowMs })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
