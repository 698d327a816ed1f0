import type { Kysely } from 'kysely';
import type { Database, EndpointRow } from '../db/schema.ts';

export type EndpointStatus = 'enabled' | 'disabled';

export interface Endpoint {
  id: string;
  accountId: string;
  url: string;
  secret: string;
  status: EndpointStatus;
  events: string[];
  createdAt: number;
  updatedAt: number;
}

export type EndpointChanges = Partial<Pick<Endpoint, 'url' | 'status' | 'events'>>;

function fromRow(row: EndpointRow): Endpoint {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    secret: row.secret,
    status: row.status,
    events: JSON.parse(row.events) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Deleted endpoints keep their row (deliveries refer to them) but are invisible here. */
export class EndpointRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(e: Endpoint): Promise<void> {
    await this.db
      .insertInto('webhook_endpoints')
      .values({
        id: e.id,
        account_id: e.accountId,
        url: e.url,
        secret: e.secret,
        status: e.status,
        events: JSON.stringify(e.events),
        created_at: e.createdAt,
        updated_at: e.updatedAt,
        deleted_at: null,
      })
      .execute();
  }

  async countLive(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async get(accountId: string, id: string): Promise<Endpoint | undefined> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  async list(accountId: string): Promise<Endpoint[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(fromRow);
  }

  async update(accountId: string, id: string, changes: EndpointChanges, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.events !== undefined ? { events: JSON.stringify(changes.events) } : {}),
        updated_at: nowMs,
      })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async softDelete(accountId: string, id: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({ deleted_at: nowMs, updated_at: nowMs })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
