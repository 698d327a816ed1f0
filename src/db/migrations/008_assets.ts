import type { Kysely } from 'kysely';

/**
 * Uploaded assets (issue 12, item 6; docs/storage.md "Assets"):
 * - assets: one row per POST /v1/upload/asset. `status` 'pending' until the signed PUT stores the
 *   bytes, then 'uploaded' with `kind` (image|video|audio by the bytes), `content_type`,
 *   `storage_key` and `storage_bytes` (counted in the account's storage usage). A pending row
 *   past `upload_expires_at` can no longer be uploaded; the janitor deletes it and any partial
 *   file. `last_used_at`: the upload, or the last request that named the asset; an uploaded
 *   asset no live product lists is removed ASSET_RETENTION_DAYS after it.
 * - server_secrets: secrets the server makes itself when the operator sets none (the upload URL
 *   signing key), shared by every process through the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('content_type', 'text')
    .addColumn('declared_type', 'text')
    .addColumn('declared_size', 'bigint')
    .addColumn('storage_key', 'text')
    .addColumn('storage_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('upload_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_at', 'bigint')
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assets_account').on('assets').columns(['account_id', 'status']).execute();
  await db.schema.createIndex('assets_status_expiry').on('assets').columns(['status', 'upload_expires_at']).execute();
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
