import type { Kysely } from 'kysely';

/**
 * custom_voices: an account's own voices (GET/POST/DELETE /v1/voices/custom). Either a catalog
 * voice (base_voice_id) with its own speed, pitch and, for espeak voices, timbre (a variant
 * key), or a voice of the external engine by its name there (external_voice), with the
 * language and gender it speaks. Deleted voices are removed; videos keep their voice_id text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_voices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_voice_id', 'text')
    .addColumn('external_voice', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('speed', 'real', (c) => c.notNull())
    .addColumn('pitch', 'real', (c) => c.notNull())
    .addColumn('timbre', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_voices_account').on('custom_voices').columns(['account_id', 'created_at']).execute();
}
