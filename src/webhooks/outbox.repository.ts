import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, DeliveryStatus } from '../db/schema.ts';
import { sortableId } from './sortable-id.ts';
import type { NewEvent } from './event.ts';

/** A delivery a dispatcher holds the lease of, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  /** Null for a delivery to a request's own webhook_url (then `url` is that and `secret` the account's). */
  endpointId: string | null;
  kind: string;
  payload: string;
  url: string;
  secret: string;
  /** The number this attempt will have (1 for the first). */
  attempt: number;
}

export type AttemptOutcome = 'succeeded' | 'retry' | 'failed' | 'gone';

export interface AttemptResult {
  deliveryId: string;
  endpointId: string | null;
  attempt: number;
  startedAt: number;
  durationMs: number;
  statusCode: number | null;
  errorClass: string | null;
  errorMessage: string | null;
  excerpt: string;
  outcome: AttemptOutcome;
  /** For 'retry': when the next attempt is due. */
  nextAttemptAt?: number;
}

const TERMINAL: Record<Exclude<AttemptOutcome, 'retry'>, DeliveryStatus> = { succeeded: 'succeeded', failed: 'failed', gone: 'failed' };

/**
 * The transactional outbox: events and their delivery rows are written in the caller's
 * transaction (the one that records the state change), and dispatchers lease deliveries from here.
 */
export class OutboxRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Records the events and one pending delivery per enabled endpoint of the account subscribed
   * to the event's kind, as the endpoints stand in this transaction; an event with a webhookUrl
   * (a request's own, CONTRACT §9) also gets one delivery to that URL, whatever the endpoints.
   * Returns the deliveries made.
   */
  async emit(events: NewEvent[]): Promise<number> {
    if (!events.length) return 0;
    const accounts = [...new Set(events.map((e) => e.accountId))];
    const endpoints = await this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'account_id', 'events'])
      .where('account_id', 'in', accounts)
      .where('status', '=', 'enabled')
      .where('deleted_at', 'is', null)
      .execute();
    const subscribed = endpoints.map((e) => ({ id: e.id, accountId: e.account_id, kinds: new Set(JSON.parse(e.events) as string[]) }));
    await this.db
      .insertInto('events')
      .values(events.map((e) => ({ id: e.id, account_id: e.accountId, kind: e.kind, subject_id: e.subjectId, payload: e.payload, created_at: e.createdAt })))
      .execute();
    const targets = (e: NewEvent) => [
      ...subscribed.filter((s) => s.accountId === e.accountId && s.kinds.has(e.kind)).map((s) => ({ endpoint_id: s.id, target_url: null })),
      ...(e.webhookUrl ? [{ endpoint_id: null, target_url: e.webhookUrl }] : []),
    ];
    const deliveries = events.flatMap((e) =>
      targets(e).map((target) => ({
        id: sortableId(e.createdAt),
        event_id: e.id,
        ...target,
        account_id: e.accountId,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: e.createdAt,
        lease_owner: null,
        last_status: null,
        last_error: null,
        resent_from: null,
        created_at: e.createdAt,
        updated_at: e.createdAt,
        completed_at: null,
      })),
    );
    if (deliveries.length) await this.db.insertInto('deliveries').values(deliveries).execute();
    return deliveries.length;
  }

  /**
   * Leases up to `limit` due deliveries whose endpoint is enabled and not deleted (or that go to a
   * request's own webhook_url), checked in the claiming statement itself. While leased, next_attempt_at is the lease expiry: if the
   * dispatcher dies, the delivery simply becomes due again then.
   */
  async claimDue(owner: string, nowMs: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    const lock = this.dialect === 'postgres' ? sql`FOR UPDATE OF d SKIP LOCKED` : sql``;
    // One statement: the URL and secret are read as the endpoint (or, for a request's own
    // webhook_url, the account's signing secret) stands at the claim.
    const claimed = await sql<{ id: string; event_id: string; endpoint_id: string | null; attempts: number; url: string; secret: string; kind: string; payload: string }>`
      UPDATE deliveries SET lease_owner = ${owner}, next_attempt_at = ${nowMs + leaseMs}, updated_at = ${nowMs}
      WHERE id IN (
        SELECT d.id FROM deliveries d LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${nowMs}
          AND (d.endpoint_id IS NULL OR (e.status = 'enabled' AND e.deleted_at IS NULL))
        ORDER BY d.next_attempt_at
        LIMIT ${limit}
        ${lock}
      )
      RETURNING id, event_id, endpoint_id, attempts,
        COALESCE(target_url, (SELECT url FROM webhook_endpoints WHERE webhook_endpoints.id = deliveries.endpoint_id)) AS url,
        CASE WHEN endpoint_id IS NULL
          THEN (SELECT webhook_secret FROM accounts WHERE accounts.id = deliveries.account_id)
          ELSE (SELECT secret FROM webhook_endpoints WHERE webhook_endpoints.id = deliveries.endpoint_id) END AS secret,
        (SELECT kind FROM events WHERE events.id = deliveries.event_id) AS kind,
        (SELECT payload FROM events WHERE events.id = deliveries.event_id) AS payload`.execute(this.db);
    return claimed.rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      endpointId: r.endpoint_id,
      kind: r.kind,
      payload: r.payload,
      url: r.url,
      secret: r.secret,
      attempt: Number(r.attempts) + 1,
    }));
  }

  /**
   * Writes attempt results (call inside one transaction for a batch). The delivery changes only
   * if `owner` still holds its lease and it is still pending (not cancelled meanwhile); the
   * attempt is logged either way, because it happened.
   */
  async recordResults(owner: string, results: AttemptResult[], nowMs: number): Promise<void> {
    if (!results.length) return;
    await this.db
      .insertInto('delivery_attempts')
      .values(
        results.map((r) => ({
          id: sortableId(r.startedAt),
          delivery_id: r.deliveryId,
          attempt: r.attempt,
          started_at: r.startedAt,
          duration_ms: Math.round(r.durationMs),
          status_code: r.statusCode,
          error_class: r.errorClass,
          error_message: r.errorMessage,
          response_excerpt: r.excerpt,
        })),
      )
      .execute();
    // Plain successes with the same status code are finished with one statement.
    const successes = new Map<number, string[]>();
    for (const r of results) {
      if (r.outcome === 'succeeded' && r.statusCode !== null) {
        const ids = successes.get(r.statusCode) ?? [];
        ids.push(r.deliveryId);
        successes.set(r.statusCode, ids);
        continue;
      }
      const terminal = r.outcome === 'retry' ? null : TERMINAL[r.outcome];
      await this.db
        .updateTable('deliveries')
        .set((eb) => ({
          status: terminal ?? 'pending',
          attempts: eb('attempts', '+', 1),
          next_attempt_at: r.outcome === 'retry' ? (r.nextAttemptAt ?? nowMs) : nowMs,
          lease_owner: null,
          last_status: r.statusCode,
          last_error: r.errorMessage,
          updated_at: nowMs,
          completed_at: terminal ? nowMs : null,
        }))
        .where('id', '=', r.deliveryId)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'pending')
        .execute();
      // A request's own webhook_url has no endpoint to disable: its 410 only ends that delivery.
      if (r.outcome === 'gone' && r.endpointId !== null) await this.disableEndpoint(r.endpointId, nowMs);
    }
    for (const [statusCode, ids] of successes) {
      await this.db
        .updateTable('deliveries')
        .set((eb) => ({
          status: 'succeeded',
          attempts: eb('attempts', '+', 1),
          lease_owner: null,
          last_status: statusCode,
          last_error: null,
          updated_at: nowMs,
          completed_at: nowMs,
        }))
        .where('id', 'in', ids)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'pending')
        .execute();
    }
  }

  /** A 410 answer: the endpoint is disabled and nothing more is sent to it. */
  async disableEndpoint(endpointId: string, nowMs: number): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({ status: 'disabled', updated_at: nowMs })
      .where('id', '=', endpointId)
      .where('deleted_at', 'is', null)
      .execute();
    await this.cancelPending(endpointId, nowMs);
  }

  /** Pending deliveries of a disabled or deleted endpoint are never sent. */
  async cancelPending(endpointId: string, nowMs: number): Promise<number> {
    const result = await this.db
      .updateTable('deliveries')
      .set({ status: 'cancelled', lease_owner: null, updated_at: nowMs, completed_at: nowMs })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Gives leases back without recording an attempt (a dispatcher stopping mid-send). */
  async releaseLeases(owner: string, ids: string[], nowMs: number): Promise<void> {
    if (!ids.length) return;
    await this.db
      .updateTable('deliveries')
      .set({ lease_owner: null, next_attempt_at: nowMs, updated_at: nowMs })
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'pending')
      .execute();
  }

  /** The earliest due time of a sendable delivery (including lease expiries), or null. */
  async nextDueAt(): Promise<number | null> {
    // 'pending' is a literal, not a parameter, so the partial index deliveries_due can serve it.
    const result = await sql<{ next_attempt_at: number | string }>`
      SELECT d.next_attempt_at FROM deliveries d LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.status = 'pending' AND (d.endpoint_id IS NULL OR (e.status = 'enabled' AND e.deleted_at IS NULL))
      ORDER BY d.next_attempt_at LIMIT 1`.execute(this.db);
    const row = result.rows[0];
    return row ? Number(row.next_attempt_at) : null;
  }
}
