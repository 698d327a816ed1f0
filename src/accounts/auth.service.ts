import type { AccountRow } from '../db/schema.ts';
import { errors } from '../lib/errors.ts';
import { hashApiKey } from '../lib/ids.ts';
import type { AccountRepository } from './account.repository.ts';

export interface Principal {
  accountId: string;
  username: string;
  email: string | null;
}

/** x-api-key → the calling account: 10105 for a missing or unknown key, 18025 for a revoked key or suspended account. */
export class AuthService {
  constructor(private readonly accounts: AccountRepository) {}

  async authenticate(apiKey: string | undefined): Promise<Principal> {
    if (!apiKey) throw errors.invalidKey();
    const owner = await this.accounts.findKeyOwner(hashApiKey(apiKey));
    if (!owner) throw errors.invalidKey();
    if (owner.key.revoked_at !== null || owner.account.status !== 'active') throw errors.noPermission();
    return principalOf(owner.account);
  }
}

export function principalOf(account: AccountRow): Principal {
  return { accountId: account.id, username: account.username, email: account.email };
}
