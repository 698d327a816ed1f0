import type { Kysely } from 'kysely';

/**
 * Storage accounting and the life of stored files (issue 11, items 6 and 13):
 * - accounts.storage_quota_mb: the operator's per-account quota; null → STORAGE_QUOTA_MB.
 * - products.storage_bytes / videos.storage_bytes: bytes of the files stored for the row (crawled
 *   media; video, cover, captions). An account's usage is their sum, so it changes in the same
 *   statement that records or removes the files' row.
 * - products.deleted_at: DELETE /v1/product keeps the row (its videos reference it) but hides it.
 * - videos.file_token: a random path segment of the video's file URLs, so knowing a project id
 *   is not enough to fetch its files; null for videos made before (they keep videos/<id>/...).
 * - videos.files_removed_at: when DELETE /v1/project or the retention period removed the files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('storage_quota_mb', 'integer').execute();
  await db.schema.alterTable('products').addColumn('storage_bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('products').addColumn('deleted_at', 'bigint').execute();
  await db.schema.alterTable('videos').addColumn('storage_bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('videos').addColumn('file_token', 'text').execute();
  await db.schema.alterTable('videos').addColumn('files_removed_at', 'bigint').execute();
  await db.schema.createIndex('videos_product_status').on('videos').columns(['product_id', 'status']).execute();
}
