import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { newWebhookSecret } from '../../lib/ids.ts';

/**
 * A request's own webhook_url (v2, CONTRACT §9; docs/jobs-and-webhooks.md "A request's own
 * webhook_url"):
 * - accounts.webhook_secret: the account's signing secret (`whsec_...`, the endpoints' generator),
 *   which signs deliveries to a request's webhook_url; every existing account gets its own now.
 * - videos.webhook_url: the URL a video's request named, or null.
 * - deliveries.target_url: a delivery to a request's webhook_url has it and no endpoint, so
 *   deliveries.endpoint_id becomes nullable. Exactly one of the two is set on every row.
 *
 * PostgreSQL drops the NOT NULL in place. SQLite cannot, so deliveries is rebuilt the way SQLite
 * documents it (foreign keys off, in one transaction: new table, copy, drop, rename, indexes, then
 * a foreign key check), keeping every row and the attempt log that refers to them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await addColumns(db);
    await db.schema.alterTable('deliveries').alterColumn('endpoint_id', (c) => c.dropNotNull()).execute();
    await createIndex(db);
    return;
  }
  // Not allowed inside a transaction; the migrator runs SQLite migrations outside one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await addColumns(db);
      await rebuildDeliveries(db);
      await createIndex(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`010_request_webhooks: foreign key check failed: ${JSON.stringify(broken.rows.slice(0, 3))}`);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function addColumns(db: Kysely<unknown>): Promise<void> {
  // NOT NULL needs a default to be added to a table with rows; every row is given its own secret next.
  await db.schema.alterTable('accounts').addColumn('webhook_secret', 'text', (c) => c.notNull().defaultTo('')).execute();
  const accounts = await sql<{ id: string }>`select id from accounts`.execute(db);
  for (const a of accounts.rows) await sql`update accounts set webhook_secret = ${newWebhookSecret()} where id = ${a.id}`.execute(db);
  await db.schema.alterTable('videos').addColumn('webhook_url', 'text').execute();
  await db.schema.alterTable('deliveries').addColumn('target_url', 'text').execute();
}

/** A request's deliveries are listed per account (GET /v2/webhook_url/deliveries). */
async function createIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('deliveries_account').on('deliveries').columns(['account_id', 'created_at']).execute();
}

async function rebuildDeliveries(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'deliveries'`.execute(db);
  const indexes = await sql<{ sql: string | null }>`select sql from sqlite_master where type = 'index' and tbl_name = 'deliveries'`.execute(db);
  const columns = await sql<{ name: string }>`select name from pragma_table_info('deliveries')`.execute(db);
  const ddl = table.rows[0]!.sql;
  const endpointId = /("endpoint_id"\s+text)\s+not\s+null/i;
  if (!endpointId.test(ddl)) throw new Error(`010_request_webhooks: unexpected deliveries definition: ${ddl}`);
  const rebuilt = ddl.replace(endpointId, '$1').replace(/^create\s+table\s+"?deliveries"?/i, 'create table "deliveries_010"');
  await sql.raw(rebuilt).execute(db);
  const cols = sql.join(columns.rows.map((c) => sql.ref(c.name)));
  await sql`insert into deliveries_010 (${cols}) select ${cols} from deliveries`.execute(db);
  await sql`drop table deliveries`.execute(db);
  await sql`alter table deliveries_010 rename to deliveries`.execute(db);
  for (const index of indexes.rows) if (index.sql) await sql.raw(index.sql).execute(db);
}
