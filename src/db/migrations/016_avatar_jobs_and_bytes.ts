import type { Kysely } from 'kysely';

/**
 * Photo-avatar motions run as queued jobs (issue 28): custom_avatars.motion_request keeps what the
 * job needs (JSON: the image reference, the greeting) until the motion is finished, so any worker
 * can run it and a restart resumes it. Avatar files count in the storage quota: custom_avatars,
 * avatar_generations (the candidates) and product_avatar_batches (the pictures) gain
 * storage_bytes, the bytes of their own stored files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('custom_avatars').addColumn('motion_request', 'text').execute();
  for (const table of ['custom_avatars', 'avatar_generations', 'product_avatar_batches']) {
    await db.schema.alterTable(table).addColumn('storage_bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['custom_avatars', 'avatar_generations', 'product_avatar_batches']) {
    await db.schema.alterTable(table).dropColumn('storage_bytes').execute();
  }
  await db.schema.alterTable('custom_avatars').dropColumn('motion_request').execute();
}
