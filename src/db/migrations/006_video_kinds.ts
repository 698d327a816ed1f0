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
  // SQLite: the new columns first, then a rebuild that keeps the table's own definition (and any
  // column another migration added) with only product_id's NOT NULL dropped.
  await db.schema.alterTable('videos').addColumn('kind', 'text', (c) => c.notNull().defaultTo('product')).execute();
  await db.schema.alterTable('videos').addColumn('credits', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'videos'`.execute(db);
  const indexes = await sql<{ sql: string | null }>`select sql from sqlite_master where type = 'index' and tbl_name = 'videos'`.execute(db);
  const columns = await sql<{ name: string }>`select name from pragma_table_info('videos')`.execute(db);
  const ddl = table.rows[0]!.sql;
  const productId = /("product_id"\s+text)\s+not\s+null/i;
  if (!productId.test(ddl)) throw new Error(`006_video_kinds: unexpected videos definition: ${ddl}`);
  const rebuilt = ddl.replace(productId, '$1').replace(/^create\s+table\s+"?videos"?/i, 'create table "videos_006"');
  await sql.raw(rebuilt).execute(db);
  const cols = sql.join(columns.rows.map((c) => sql.ref(c.name)));
  await sql`insert into videos_006 (${cols}) select ${cols} from videos`.execute(db);
  await db.schema.dropTable('videos').execute();
  await db.schema.alterTable('videos_006').renameTo('videos').execute();
  for (const index of indexes.rows) if (index.sql) await sql.raw(index.sql).execute(db);
  await db.schema.createIndex('videos_kind').on('videos').columns(['kind', 'created_at']).execute();
}
