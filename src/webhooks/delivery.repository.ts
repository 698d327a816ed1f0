import type { NewEvent } from './event.ts';
import type { Kysely } from 'kysely';
import type { Database, DeliveryAttemptRow, DeliveryStatus } from '../db/schema.ts';

export interface DeliveryRecord {
  id: string;
  eventId: string;
  /** Null for a delivery to a request's own webhook_url. */
  endpointId: string | null;
  /** The request's own webhook_url; null for an endpoint's delivery. */
  targetUrl: string | null;
  kind: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  resentFrom: string | null;
  createdAt: number;
  completedAt: number | null;
}

/**
 * Whose deliveries a log shows: one endpoint's, or the account's deliveries to its requests' own
 * webhook_url (optionally those of one request: the events' subject, e.g. the video id).
 */
export type DeliveryTarget = { endpointId: string } | { requestsOf: string; subjectId?: string | undefined };

/** Reading the delivery log of an endpoint or of an account's request URLs, and resending (the extension routes). */
export class DeliveryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('deliveries as d')
      .innerJoin('events as ev', 'ev.id', 'd.event_id')
      .select([
        'd.id', 'd.event_id', 'd.endpoint_id', 'd.target_url', 'ev.kind', 'ev.payload', 'd.status', 'd.attempts', 'd.next_attempt_at',
        'd.last_status', 'd.last_error', 'd.resent_from', 'd.created_at', 'd.completed_at',
      ]);
  }

  private of(target: DeliveryTarget) {
    if ('endpointId' in target) return this.base().where('d.endpoint_id', '=', target.endpointId);
    let q = this.base().where('d.account_id', '=', target.requestsOf).where('d.endpoint_id', 'is', null);
    if (target.subjectId !== undefined) q = q.where('ev.subject_id', '=', target.subjectId);
    return q;
  }

  /** Newest first. */
  async list(target: DeliveryTarget, limit: number, offset: number): Promise<DeliveryRecord[]> {
    const rows = await this.of(target).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit).offset(offset).execute();
    return rows.map(toRecord);
  }

  async count(target: DeliveryTarget): Promise<number> {
    const row = await this.of(target)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async get(target: DeliveryTarget, deliveryId: string): Promise<DeliveryRecord | undefined> {
    const row = await this.of(target).where('d.id', '=', deliveryId).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async attemptsFor(deliveryIds: string[]): Promise<DeliveryAttemptRow[]> {
    if (!deliveryIds.length) return [];
    return this.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('attempt').execute();
  }

  /** A new pending delivery of the same event (same event_id, same body) to the same endpoint or URL, due now. */
  async insertResend(from: DeliveryRecord, accountId: string, id: string, nowMs: number): Promise<void> {
    await this.db
      .insertInto('deliveries')
      .values({
        id,
        event_id: from.eventId,
        endpoint_id: from.endpointId,
        target_url: from.targetUrl,
        account_id: accountId,
        status: 'pending',
        attempts: 0,
        next_attempt_at: nowMs,
        lease_owner: null,
        last_status: null,
        last_error: null,
        resent_from: from.id,
        created_at: nowMs,
        updated_at: nowMs,
        completed_at: null,
      })
      .execute();
  }

  /** A test event (docs/jobs-and-webhooks.md "Test events") and its one delivery, to one endpoint, in one transaction. */
  async insertTestEvent(event: NewEvent, endpointId: string, deliveryId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('events').values({ id: event.id, account_id: event.accountId, kind: event.kind, subject_id: event.subjectId, payload: event.payload, created_at: event.createdAt }).execute();
      await trx
        .insertInto('deliveries')
        .values({
          id: deliveryId,
          event_id: event.id,
          endpoint_id: endpointId,
          account_id: event.accountId,
          status: 'pending',
          attempts: 0,
          next_attempt_at: event.createdAt,
          lease_owner: null,
          last_status: null,
          last_error: null,
          resent_from: null,
          created_at: event.createdAt,
          updated_at: event.createdAt,
          completed_at: null,
        })
        .execute();
    });
  }
}

function toRecord(r: {
  id: string; event_id: string; endpoint_id: string | null; target_url: string | null; kind: string; payload: string; status: DeliveryStatus; attempts: number;
  next_attempt_at: number; last_status: number | null; last_error: string | null; resent_from: string | null; created_at: number; completed_at: number | null;
}): DeliveryRecord {
  return {
    id: r.id,
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    targetUrl: r.target_url,
    kind: r.kind,
    payload: r.payload,
    status: r.status,
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.next_attempt_at),
    lastStatus: r.last_status,
    lastError: r.last_error,
    resentFrom: r.resent_from,
    createdAt: Number(r.created_at),
    completedAt: r.completed_at === null ? null : Number(r.completed_at),
  };
}
