import type { Kysely } from 'kysely';
import type { AccountRow, ApiKeyRow, Database } from '../db/schema.ts';
import { hexId, newWebhookSecret } from '../lib/ids.ts';

export interface KeyOwner {
  account: AccountRow;
  key: ApiKeyRow;
}

/** All SQL about accounts, API keys and the credit ledger. */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: { username: string; email: string | null; nowMs: number }): Promise<AccountRow> {
    const row: AccountRow = {
      id: hexId(),
      username: input.username,
      email: input.email,
      credits: 0,
      status: 'active',
      storage_quota_mb: null,
      webhook_secret: newWebhookSecret(),
      created_at: input.nowMs,
      updated_at: input.nowMs,
    };
    await this.db.insertInto('accounts').values(row).execute();
    return row;
  }

  async setStatus(accountId: string, status: AccountRow['status'], nowMs: number): Promise<void> {
    await this.db.updateTable('accounts').set({ status, updated_at: nowMs }).where('id', '=', accountId).execute();
  }

  /** The operator's storage quota for the account in MB; null → the STORAGE_QUOTA_MB default. */
  async setStorageQuota(accountId: string, quotaMb: number | null, nowMs: number): Promise<void> {
    await this.db.updateTable('accounts').set({ storage_quota_mb: quotaMb, updated_at: nowMs }).where('id', '=', accountId).execute();
  }

  /** A new signing secret for deliveries to the account's requests' own webhook_url (migration 010). */
  async setWebhookSecret(accountId: string, secret: string, nowMs: number): Promise<void> {
    await this.db.updateTable('accounts').set({ webhook_secret: secret, updated_at: nowMs }).where('id', '=', accountId).execute();
  }

  async findByUsername(username: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** Every account, oldest first, with its number of active keys. */
  async listWithKeyCounts(): Promise<(AccountRow & { active_keys: number })[]> {
    const rows = await this.db
      .selectFrom('accounts')
      .selectAll('accounts')
      .select((eb) =>
        eb
          .selectFrom('api_keys')
          .select((k) => k.fn.countAll<number>().as('n'))
          .whereRef('api_keys.account_id', '=', 'accounts.id')
          .where('api_keys.revoked_at', 'is', null)
          .as('active_keys'),
      )
      .orderBy('created_at')
      .orderBy('username')
      .execute();
    return rows.map((r) => ({ ...r, active_keys: Number(r.active_keys ?? 0) }));
  }

  async findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertKey(accountId: string, keyHash: string, keyPrefix: string, nowMs: number): Promise<ApiKeyRow> {
    const row: ApiKeyRow = { id: hexId(), account_id: accountId, key_hash: keyHash, key_prefix: keyPrefix, created_at: nowMs, revoked_at: null };
    await this.db.insertInto('api_keys').values(row).execute();
    return row;
  }

  /** Returns false when no unrevoked key has this hash. */
  async revokeKey(keyHash: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: nowMs })
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async findKeyOwner(keyHash: string): Promise<KeyOwner | undefined> {
    const row = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .select([
        'k.id as key_id', 'k.account_id', 'k.key_hash', 'k.key_prefix', 'k.created_at as key_created_at', 'k.revoked_at',
        'a.id', 'a.username', 'a.email', 'a.credits', 'a.status', 'a.storage_quota_mb', 'a.webhook_secret', 'a.created_at', 'a.updated_at',
      ])
      .where('k.key_hash', '=', keyHash)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      account: {
        id: row.id, username: row.username, email: row.email, credits: row.credits, status: row.status,
        storage_quota_mb: row.storage_quota_mb, webhook_secret: row.webhook_secret, created_at: row.created_at, updated_at: row.updated_at,
      },
      key: { id: row.key_id, account_id: row.account_id, key_hash: row.key_hash, key_prefix: row.key_prefix, created_at: row.key_created_at, revoked_at: row.revoked_at },
    };
  }

  /**
   * Adds (or with a negative delta takes) credit and writes the ledger row in the caller's
   * transaction. A taking that would go below zero changes nothing and returns false.
   * (reason, ref) is unique, so a second refund for the same video fails loudly.
   */
  async addCredits(accountId: string, delta: number, reason: string, ref: string | null, nowMs: number): Promise<boolean> {
    let query = this.db
      .updateTable('accounts')
      .set((eb) => ({ credits: eb('credits', '+', delta), updated_at: nowMs }))
      .where('id', '=', accountId);
    if (delta < 0) query = query.where('credits', '>=', -delta);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await this.db
      .insertInto('credit_ledger')
      .values({ id: hexId(), account_id: accountId, delta, reason, ref, created_at: nowMs })
      .execute();
    return true;
  }

  /** The account's ledger rows, newest first, and how many there are. */
  async ledgerPage(accountId: string, offset: number, limit: number): Promise<{ total: number; rows: Array<{ delta: number; reason: string; ref: string | null; created_at: number }> }> {
    const [count, rows] = await Promise.all([
      this.db.selectFrom('credit_ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirst(),
      this.db
        .selectFrom('credit_ledger')
        .select(['delta', 'reason', 'ref', 'created_at'])
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(count?.n ?? 0), rows: rows.map((r) => ({ ...r, delta: Number(r.delta), created_at: Number(r.created_at) })) };
  }

  /** The account's keys (hashes and prefixes only), newest first. */
  async listKeys(accountId: string): Promise<Array<{ key_hash: string; key_prefix: string; created_at: number; revoked_at: number | null }>> {
    const rows = await this.db
      .selectFrom('api_keys')
      .select(['key_hash', 'key_prefix', 'created_at', 'revoked_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at), revoked_at: r.revoked_at === null ? null : Number(r.revoked_at) }));
  }

  async ledgerSum(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Takes the account's row lock for the rest of the transaction (PostgreSQL row lock, SQLite
   * write lock), so check-then-insert sequences such as the endpoint limit cannot race.
   */
  async lockAccount(accountId: string, nowMs: number): Promise<void> {
    await this.db.updateTable('accounts').set({ updated_at: nowMs }).where('id', '=', accountId).execute();
  }
}
