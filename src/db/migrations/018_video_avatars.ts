import type { Kysely } from 'kysely';

/**
 * Video presenters (POST /v1/avatar/create, issue 24): a custom avatar of kind `video` keeps its
 * files under one prefix; `video_key` is the stored idle loop (loop.mp4), beside it track.json
 * (68 landmarks per loop frame), cover.png and preview.mp4. Null for the other kinds.
 * `video_origin`: JSON {url, assetKey} of the clip given, read by the job.  (The avatar's
 * `storage_bytes` column comes from migration 016.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('custom_avatars').addColumn('video_key', 'text').execute();
  await db.schema.alterTable('custom_avatars').addColumn('video_origin', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('custom_avatars').dropColumn('video_origin').execute();
  await db.schema.alterTable('custom_avatars').dropColumn('video_key').execute();
}
