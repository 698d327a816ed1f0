import { sql, type Kysely } from 'kysely';
import type { AssetRow, Database } from '../db/schema.ts';

export type AssetKind = 'image' | 'video' | 'audio';

export interface NewAsset {
  id: string;
  accountId: string;
  filename: string;
  storageKey: string;
  declaredType: string | null;
  declaredSize: number | null;
  uploadExpiresAt: number;
  createdAt: number;
}

export interface UploadedFile {
  kind: AssetKind;
  contentType: string;
  bytes: number;
}

/** The SQL of uploaded assets (migration 008). */
export class AssetRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(a: NewAsset): Promise<void> {
    await this.db
      .insertInto('assets')
      .values({
        id: a.id,
        account_id: a.accountId,
        filename: a.filename,
        status: 'pending',
        kind: null,
        content_type: null,
        declared_type: a.declaredType,
        declared_size: a.declaredSize,
        storage_key: a.storageKey,
        storage_bytes: 0,
        upload_expires_at: a.uploadExpiresAt,
        created_at: a.createdAt,
        uploaded_at: null,
        last_used_at: a.createdAt,
      })
      .execute();
  }

  async get(id: string): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The single use of an upload URL: pending → uploading, only while it has not expired. False
   * when another request holds or has used it, or it expired.
   */
  async claimUpload(id: string, nowMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable('assets')
      .set({ status: 'uploading' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('upload_expires_at', '>', nowMs)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A refused upload gives the URL back (nothing was stored): it may be used again until it expires. */
  async releaseUpload(id: string): Promise<void> {
    await this.db.updateTable('assets').set({ status: 'pending' }).where('id', '=', id).where('status', '=', 'uploading').execute();
  }

  async markUploaded(id: string, file: UploadedFile, nowMs: number): Promise<void> {
    await this.db
      .updateTable('assets')
      .set({ status: 'uploaded', kind: file.kind, content_type: file.contentType, storage_bytes: file.bytes, uploaded_at: nowMs, last_used_at: nowMs })
      .where('id', '=', id)
      .where('status', '=', 'uploading')
      .execute();
  }

  /** A request named the asset: its retention period starts again. */
  async touch(id: string, nowMs: number): Promise<void> {
    await this.db.updateTable('assets').set({ last_used_at: nowMs }).where('id', '=', id).execute();
  }

  /** Of these ids, the assets whose directory is meant to exist: uploaded, or an upload URL still valid. */
  async keepingFiles(ids: string[], nowMs: number): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('assets')
      .select('id')
      .where('id', 'in', ids)
      .where((eb) => eb.or([eb('status', '=', 'uploaded'), eb('upload_expires_at', '>', nowMs)]))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Upload URLs that expired without a stored file (an upload still running past its expiry is given an hour). */
  async expiredUnuploaded(nowMs: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('assets')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('upload_expires_at', '<=', nowMs)]), eb.and([eb('status', '=', 'uploading'), eb('upload_expires_at', '<=', nowMs - 3_600_000)])]))
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Uploaded assets last used before `cutoff` that no live product lists among its media (a
   * product lists an asset by its storage key "assets/<id>/…"; rows written before migration 013
   * by its file URL, which holds it too).
   */
  async unusedSince(cutoff: number, limit: number): Promise<{ id: string; storageKey: string | null }[]> {
    return this.db
      .selectFrom('assets as a')
      .select(['a.id', 'a.storage_key as storageKey'])
      .where('a.status', '=', 'uploaded')
      .where('a.last_used_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('products as p')
              .select(sql.lit(1).as('one'))
              .whereRef('p.account_id', '=', 'a.account_id')
              .where('p.deleted_at', 'is', null)
              .where('p.media', 'like', sql<string>`'%assets/' || a.id || '/%'`),
          ),
        ),
      )
      // A live custom template's logo (its scene keeps the asset's key) is in use too.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('custom_templates as t')
              .select(sql.lit(1).as('one'))
              .whereRef('t.account_id', '=', 'a.account_id')
              .where('t.deleted_at', 'is', null)
              .where('t.scene', 'like', sql<string>`'%assets/' || a.id || '/%'`),
          ),
        ),
      )
      .limit(limit)
      .execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('assets').where('id', '=', id).execute();
  }
}
