import { sql, type Kysely } from 'kysely';

/**
 * Durable jobs and the webhook outbox (events, deliveries, the attempt log).
 * Schema builder only, so the same migration runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    // queued | running | succeeded | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_queued_due').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_lease_expiry').on('jobs').columns(['status', 'lease_expires_at']).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // What the event is about (the project id for video events).
    .addColumn('subject_id', 'text')
    // The exact JSON body every delivery of this event sends.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_account_created').on('events').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('events_subject').on('events').columns(['subject_id']).execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    // pending | succeeded | failed | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When pending: the next attempt's due time; while leased, the lease's expiry.
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('resent_from', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  // Partial: only pending deliveries are ever looked up by due time, and finished ones (almost all
  // rows) leave the index instead of moving within it.
  await db.schema.createIndex('deliveries_due').on('deliveries').column('next_attempt_at').where(sql.ref('status'), '=', sql.lit('pending')).execute();
  await db.schema.createIndex('deliveries_endpoint').on('deliveries').columns(['endpoint_id', 'created_at']).execute();
  await db.schema.createIndex('deliveries_event').on('deliveries').columns(['event_id']).execute();

  await db.schema
    .createTable('delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('deliveries.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error_class', 'text')
    .addColumn('error_message', 'text')
    .addColumn('response_excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').columns(['delivery_id', 'attempt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['delivery_attempts', 'deliveries', 'events', 'jobs']) {
    await db.schema.dropTable(table).execute();
  }
}
