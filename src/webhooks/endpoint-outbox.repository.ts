import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { EndpointRepository, type EndpointChanges } from './endpoint.repository.ts';
import { OutboxRepository } from './outbox.repository.ts';

/**
 * The endpoint repository the endpoint service is given: disabling or deleting an endpoint
 * cancels its pending deliveries in the same transaction, so from the moment the change commits
 * nothing more is sent to it, retries included, and re-enabling it does not revive them
 * (CONTRACT §7). The dispatcher's claim also checks the endpoint, so this is belt and braces.
 */
export class EndpointOutboxRepository extends EndpointRepository {
  constructor(
    private readonly root: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    super(root);
  }

  override async update(accountId: string, id: string, changes: EndpointChanges, nowMs: number): Promise<boolean> {
    if (changes.status !== 'disabled') return super.update(accountId, id, changes, nowMs);
    return this.root.transaction().execute(async (trx) => {
      const updated = await new EndpointRepository(trx).update(accountId, id, changes, nowMs);
      if (updated) await new OutboxRepository(trx, this.dialect).cancelPending(id, nowMs);
      return updated;
    });
  }

  override async softDelete(accountId: string, id: string, nowMs: number): Promise<boolean> {
    return this.root.transaction().execute(async (trx) => {
      const deleted = await new EndpointRepository(trx).softDelete(accountId, id, nowMs);
      if (deleted) await new OutboxRepository(trx, this.dialect).cancelPending(id, nowMs);
      return deleted;
    });
  }
}
