import type { Kysely } from 'kysely';

/**
 * Product avatars (POST /v2/product_avatar/generation; docs/avatars.md "Product avatars").
 *
 * product_avatar_batches: one generation request (batch_id): the request as accepted (JSON), its
 * own webhook_url, status (pending, completed, failed) and msg (why it failed).
 *
 * product_avatar_generations: one picture of a batch (generation_id): its place in the batch,
 * status (pending, processing, completed, failed), the stored PNG, what add_motion needs to make
 * an avatar of it — the presenter (JSON: {kind:'drawn', presenter} or {kind:'photo', photoKey}),
 * the stored product cut-out and the hold (JSON) — and error.
 *
 * custom_avatars gains product_key and product_hold: an avatar of kind `product` is a drawn or
 * photo presenter (look / photo_key as before) holding that product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_avatar_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('msg', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_avatar_batches_account').on('product_avatar_batches').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('product_avatar_generations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => c.notNull().references('product_avatar_batches.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('presenter', 'text')
    .addColumn('product_key', 'text')
    .addColumn('hold', 'text')
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_avatar_generations_batch').on('product_avatar_generations').columns(['batch_id', 'idx']).execute();

  await db.schema.alterTable('custom_avatars').addColumn('product_key', 'text').execute();
  await db.schema.alterTable('custom_avatars').addColumn('product_hold', 'text').execute();
}
