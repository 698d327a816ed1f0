import type { Kysely } from 'kysely';

/**
 * Custom templates (issue 12, item 3; docs/templates.md): one row per template an account made
 * with POST /v1/templates/custom. `id` is an integer like public template ids (create requests
 * send template_id as a number), drawn at random above the public range. `scene` is the
 * validated scene description (JSON). `file_token` is a random path segment of the cover and
 * preview URLs (image tags send no API key); `cover_key` / `preview_key` are the blob-store keys
 * of the cover and preview once the first request for them has rendered them (null before).
 * DELETE keeps the row (videos may name it) with `deleted_at` set, and removes the files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_templates')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('aspect_ratio', 'integer', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('file_token', 'text', (c) => c.notNull())
    .addColumn('cover_key', 'text')
    .addColumn('preview_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('custom_templates_account').on('custom_templates').columns(['account_id', 'deleted_at']).execute();
}
