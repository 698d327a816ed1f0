import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Video kinds (issue 12, docs/architecture.md "Video kinds"):
 * - videos.kind: which kind of video the row is ('product', 'avatar', 'template', 'preview');
 *   every existing row is a product video.
 * - videos.product_id becomes nullable: avatar and template videos have no product.
 * - videos.credits: the credits taken at acceptance (what a failure refunds, v2 deducted_credit);
 *   every existing row took 1.
 *
 * PostgreSQL drops the NOT NULL in place. SQLite cannot, so the table is rebuilt the way SQLite
 * documents it (create the new table, copy the rows, drop the old one, rename, recreate the
 * indexes), keeping every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('videos').alterColumn('product_id', (c) => c.dropNotNull()).execute();
    await db.schema.alterTable('videos').addColumn('kind', 'text', (c) => c.notNull().defaultTo('product')).execute();
    await db.schema.alterTable('videos').addColumn('credits', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.createIndex('videos_kind').on('videos').columns(['kind', 'created_at']).execute();
    return;
  }
  await db.schema
    .createTable('videos_006')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('product'))
    .addColumn('product_id', 'text', (c) => c.references('products.id'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subtitles_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('script', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error_code', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('storage_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('file_token', 'text')
    .addColumn('files_removed_at', 'bigint')
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  const kept = [
    'id', 'account_id', 'product_id', 'request', 'title', 'status', 'progress', 'video_url', 'cover_url', 'subtitles_url', 'duration', 'script',
    'error_code', 'error_message', 'created_at', 'updated_at', 'warnings', 'storage_bytes', 'file_token', 'files_removed_at',
  ];
  const cols = sql.join(kept.map((c) => sql.ref(c)));
  await sql`insert into videos_006 (${cols}) select ${cols} from videos`.execute(db);
  await db.schema.dropTable('videos').execute();
  await db.schema.alterTable('videos_006').renameTo('videos').execute();
  await db.schema.createIndex('videos_account_created').on('videos').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('videos_status').on('videos').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('videos_product_status').on('videos').columns(['product_id', 'status']).execute();
  await db.schema.createIndex('videos_kind').on('videos').columns(['kind', 'created_at']).execute();
}
