import type { Kysely } from 'kysely';

/**
 * ai_script_tasks: v2's asynchronous AI scripts (POST /v2/ai_scripts, task_id = id). `request`
 * is the accepted request (JSON: language, length, styles, the product or its details);
 * `status` pending → processing → completed | failed; `result` the written scripts (JSON) once
 * completed, `err_msg` why it failed; `webhook_url` the request's own webhook (CONTRACT §9).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_script_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('err_msg', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_script_tasks_account').on('ai_script_tasks').columns(['account_id', 'created_at']).execute();
}
