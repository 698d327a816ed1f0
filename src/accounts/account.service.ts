import type { Clock } from '../lib/clock.ts';
import { hashApiKey, newApiKey, newWebhookSecret } from '../lib/ids.ts';
import type { UnitOfWork } from '../db/repos.ts';
import type { AccountStorage, StorageUsage } from '../storage/account-storage.ts';
import type { AccountRepository } from './account.repository.ts';

export class OperatorError extends Error {}

/** Operator use-cases behind the CLI: accounts, keys, credits. */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly storage: AccountStorage,
  ) {}

  async createAccount(input: { username: string; email?: string | undefined; credits?: number | undefined }) {
    const username = input.username.trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{1,63}$/.test(username)) {
      throw new OperatorError('username must be 2-64 characters: letters, digits, "_", "." or "-", starting with a letter or digit');
    }
    const email = input.email?.trim() || null;
    // One @, something on both sides, a dot in the domain, no spaces: enough to catch a typo or a swapped option.
    if (email !== null && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email))) {
      throw new OperatorError(`email must look like name@example.com, got "${email}"`);
    }
    const credits = input.credits ?? 0;
    if (!Number.isInteger(credits) || credits < 0) throw new OperatorError('credits must be a non-negative integer');
    if (await this.accounts.findByUsername(username)) throw new OperatorError(`account "${username}" already exists`);
    const apiKey = newApiKey();
    const nowMs = this.clock.nowMs();
    // Account, opening credit and first key commit together: no account is left without its key.
    await this.uow(async (r) => {
      const account = await r.accounts.create({ username, email, nowMs });
      if (credits > 0) await r.accounts.addCredits(account.id, credits, 'grant', null, nowMs);
      await r.accounts.insertKey(account.id, hashApiKey(apiKey), apiKey.slice(0, 8), nowMs);
    });
    return { username, api_key: apiKey, credits };
  }

  async createKey(username: string) {
    const account = await this.requireAccount(username);
    return { username: account.username, api_key: await this.issueKeyFor(account.id) };
  }

  async revokeKey(apiKey: string) {
    if (!(await this.accounts.revokeKey(hashApiKey(apiKey), this.clock.nowMs()))) throw new OperatorError('no active key matches');
    return { revoked: true };
  }

  async addCredits(username: string, amount: number) {
    if (!Number.isInteger(amount) || amount === 0) throw new OperatorError('amount must be a non-zero integer');
    const account = await this.requireAccount(username);
    const changed = await this.uow((r) => r.accounts.addCredits(account.id, amount, amount > 0 ? 'grant' : 'deduction', null, this.clock.nowMs()));
    if (!changed) {
      throw new OperatorError(`the balance (${account.credits}) cannot go below zero`);
    }
    const after = await this.requireAccount(username);
    return { username, credits: after.credits };
  }

  async listAccounts() {
    return (await this.accounts.listWithKeyCounts()).map((a) => ({
      username: a.username,
      email: a.email ?? '',
      credits: a.credits,
      status: a.status,
      active_keys: a.active_keys,
      /** The account's own storage quota in MB (0 = none); null follows STORAGE_QUOTA_MB. */
      quota_mb: a.storage_quota_mb,
      created_at: new Date(a.created_at).toISOString().slice(0, 19).replace('T', ' '),
    }));
  }

  async showCredits(username: string) {
    const account = await this.requireAccount(username);
    return { username: account.username, credits: account.credits, status: account.status };
  }

  /** A suspended account's keys get 18025 until it is activated again. */
  async setStatus(username: string, status: 'active' | 'suspended') {
    const account = await this.requireAccount(username);
    await this.accounts.setStatus(account.id, status, this.clock.nowMs());
    return { username, status };
  }

  /**
   * Operator: a new signing secret for deliveries to the account's requests' own webhook_url
   * (CONTRACT §9). Takes effect from the next attempt, retries of older events included; the old
   * secret stops working at once.
   */
  async rotateWebhookSecret(username: string) {
    const account = await this.requireAccount(username);
    const webhookSecret = newWebhookSecret();
    await this.accounts.setWebhookSecret(account.id, webhookSecret, this.clock.nowMs());
    return { username: account.username, webhook_secret: webhookSecret };
  }

  /** The account's signing secret for its requests' own webhook_url (GET /v1/whoami). */
  async webhookSecret(accountId: string): Promise<string> {
    return (await this.accounts.findById(accountId))?.webhook_secret ?? '';
  }

  /** Operator: the account's storage quota in MB (0 = no limit), or null to follow STORAGE_QUOTA_MB. */
  async setStorageQuota(username: string, quotaMb: number | null) {
    if (quotaMb !== null && (!Number.isInteger(quotaMb) || quotaMb < 0)) throw new OperatorError('quota must be a non-negative integer (MB; 0 = no limit) or "default"');
    const account = await this.requireAccount(username);
    await this.accounts.setStorageQuota(account.id, quotaMb, this.clock.nowMs());
    const usage = await this.storage.usage(account.id);
    return { username, storage_used_bytes: usage.usedBytes, storage_quota_bytes: usage.quotaBytes };
  }

  storageUsage(accountId: string): Promise<StorageUsage> {
    return this.storage.usage(accountId);
  }

  /** The caller's credit ledger, newest first (GET /v1/account/ledger). */
  async ledger(accountId: string, page: number, pageSize: number) {
    const { total, rows } = await this.accounts.ledgerPage(accountId, (page - 1) * pageSize, pageSize);
    return {
      total,
      page,
      page_size: pageSize,
      entries: rows.map((r) => ({ delta: r.delta, reason: r.reason, project_id: r.reason === 'video' || r.reason === 'refund' ? r.ref : null, created_at: Math.floor(r.created_at / 1000) })),
    };
  }

  /** The caller's keys as prefixes (the keys themselves are never stored), marking the one in use. */
  async keys(accountId: string, currentKey: string) {
    const current = hashApiKey(currentKey);
    const rows = await this.accounts.listKeys(accountId);
    return {
      keys: rows.map((k) => ({
        key_prefix: k.key_prefix,
        created_at: Math.floor(k.created_at / 1000),
        revoked_at: k.revoked_at === null ? null : Math.floor(k.revoked_at / 1000),
        current: k.key_hash === current,
      })),
    };
  }

  async remainingCredits(accountId: string): Promise<number> {
    return (await this.accounts.findById(accountId))?.credits ?? 0;
  }

  private async requireAccount(username: string) {
    const account = await this.accounts.findByUsername(username);
    if (!account) throw new OperatorError(`no account named "${username}"`);
    return account;
  }

  private async issueKeyFor(accountId: string): Promise<string> {
    const key = newApiKey();
    await this.accounts.insertKey(accountId, hashApiKey(key), key.slice(0, 8), this.clock.nowMs());
    return key;
  }
}
