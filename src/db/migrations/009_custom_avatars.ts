import type { Kysely } from 'kysely';

/**
 * custom_avatars: an account's own presenters (avatar_type 1, CONTRACT §10), listed by
 * GET /v1/avatars/custom. `kind` drawn: painted by the presenter painter from `look` (JSON
 * painter parameters: traits and look); photo: animated from the stored portrait `photo_key`.
 * `id` is the integer avatar_id the video routes take. Deleted avatars keep their row
 * (deleted_at) so that ids are never reused.
 *
 * avatar_generations: POST /v1/photo_avatar/photo/generate requests (photo_id); `candidates` is
 * JSON [{key, look}] once painted: the stored PNG of each candidate and its painter parameters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_avatars')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('fail_msg', 'text')
    .addColumn('look', 'text')
    .addColumn('photo_key', 'text')
    .addColumn('cover_key', 'text')
    .addColumn('preview_key', 'text')
    .addColumn('voice_id', 'text')
    .addColumn('aspect_ratio', 'integer', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('age', 'text', (c) => c.notNull())
    .addColumn('photo_id', 'text')
    .addColumn('motion_id', 'text')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_avatars_account').on('custom_avatars').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('custom_avatars_motion').on('custom_avatars').columns(['motion_id']).execute();

  await db.schema
    .createTable('avatar_generations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('msg', 'text', (c) => c.notNull())
    .addColumn('candidates', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('avatar_generations_account').on('avatar_generations').columns(['account_id', 'created_at']).execute();
}
