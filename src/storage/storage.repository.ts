import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The SQL behind storage accounting and the janitor: who owns which stored files. */
export class StorageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Bytes stored for the account: its live products' media, its videos' files and its uploaded assets. */
  async usedBytes(accountId: string): Promise<number> {
    const products = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('storage_bytes'), eb.lit(0)).as('n'))
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const videos = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('storage_bytes'), eb.lit(0)).as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const assets = await this.db
      .selectFrom('assets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('storage_bytes'), eb.lit(0)).as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const avatars = await this.db
      .selectFrom('custom_avatars')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('storage_bytes'), eb.lit(0)).as('n'))
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    // PostgreSQL returns sum(bigint) as numeric (a string).
    return Number(products.n) + Number(videos.n) + Number(assets.n) + Number(avatars.n);
  }

  /** Of these ids, the products that exist and are not deleted. */
  async liveProductIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('products').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Of these ids, the videos whose files are meant to exist: not deleted, not failed, files not removed. */
  async videosKeepingFiles(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('videos')
      .select('id')
      .where('id', 'in', ids)
      .where('status', 'in', [1, 2, 3, 4])
      .where('files_removed_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Running jobs among these ids, with their current attempt number (whose work directory is in use). */
  async runningAttempts(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('jobs').select(['id', 'attempts']).where('id', 'in', ids).where('status', '=', 'running').execute();
    return new Map(rows.map((r) => [r.id, r.attempts]));
  }
}
