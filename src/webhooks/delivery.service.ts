import type { Principal } from '../accounts/auth.service.ts';
import type { Clock } from '../lib/clock.ts';
import { unixSeconds } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { sortableId } from './sortable-id.ts';
import { testEvent } from './event.ts';
import type { DeliveryAttemptRow } from '../db/schema.ts';
import type { DeliveryRecord, DeliveryRepository } from './delivery.repository.ts';
import type { EndpointRepository } from './endpoint.repository.ts';

export interface AttemptView {
  attempt: number;
  /** Unix seconds, and milliseconds for precision. */
  started_at: number;
  started_at_ms: number;
  duration_ms: number;
  status_code: number | null;
  error_class: string | null;
  error: string | null;
  response_excerpt: string;
}

export interface DeliveryView {
  delivery_id: string;
  event_id: string;
  event: string;
  status: string;
  attempts: number;
  /** Unix seconds of the next attempt while pending, else null. */
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  resent_from: string | null;
  created_at: number;
  completed_at: number | null;
  /** The body as sent. */
  payload: unknown;
  attempt_log: AttemptView[];
}

/** The delivery log of an endpoint and manual resends (extension routes under /v2/endpoint/...). */
export class DeliveryService {
  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly endpoints: EndpointRepository,
    private readonly clock: Clock,
    private readonly onCommitted: () => void,
  ) {}

  async list(who: Principal, endpointId: string, page: number, pageSize: number): Promise<{ total: number; deliveries: DeliveryView[] }> {
    await this.requireEndpoint(who, endpointId);
    const [total, records] = await Promise.all([
      this.deliveries.countByEndpoint(endpointId),
      this.deliveries.listByEndpoint(endpointId, pageSize, (page - 1) * pageSize),
    ]);
    const attempts = await this.deliveries.attemptsFor(records.map((r) => r.id));
    return { total, deliveries: records.map((r) => view(r, attempts.filter((a) => a.delivery_id === r.id))) };
  }

  /** A new delivery of the same event (same event_id and body), due now. The endpoint must be enabled. */
  async resend(who: Principal, endpointId: string, deliveryId: string): Promise<DeliveryView> {
    const endpoint = await this.requireEndpoint(who, endpointId);
    const original = await this.deliveries.get(endpointId, deliveryId);
    if (!original) throw errors.notFound(`delivery_id ${deliveryId}`);
    if (endpoint.status !== 'enabled') throw errors.parameter('endpoint_id', 'is disabled; enable it before resending');
    const nowMs = this.clock.nowMs();
    const id = sortableId(nowMs);
    await this.deliveries.insertResend(original, who.accountId, id, nowMs);
    this.onCommitted();
    const created = await this.deliveries.get(endpointId, id);
    return view(created!, []);
  }

  /**
   * A test event to one endpoint, now: the first event kind it subscribes to, with a marked body
   * (`data.test: true`, an all-zero project id), delivered, signed and logged like any other.
   */
  async sendTest(who: Principal, endpointId: string): Promise<DeliveryView> {
    const endpoint = await this.requireEndpoint(who, endpointId);
    if (endpoint.status !== 'enabled') throw errors.parameter('endpoint_id', 'is disabled; enable it before sending a test event');
    const nowMs = this.clock.nowMs();
    const event = testEvent(endpoint.events[0] ?? 'generated_video_success', who.accountId, nowMs);
    const id = sortableId(nowMs);
    await this.deliveries.insertTestEvent(event, endpointId, id);
    this.onCommitted();
    return view((await this.deliveries.get(endpointId, id))!, []);
  }

  private async requireEndpoint(who: Principal, endpointId: string) {
    const endpoint = await this.endpoints.get(who.accountId, endpointId);
    if (!endpoint) throw errors.notFound(`endpoint_id ${endpointId}`);
    return endpoint;
  }
}

function view(r: DeliveryRecord, attempts: DeliveryAttemptRow[]): DeliveryView {
  return {
    delivery_id: r.id,
    event_id: r.eventId,
    event: r.kind,
    status: r.status,
    attempts: r.attempts,
    next_attempt_at: r.status === 'pending' ? unixSeconds(r.nextAttemptAt) : null,
    last_status_code: r.lastStatus,
    last_error: r.lastError,
    resent_from: r.resentFrom,
    created_at: unixSeconds(r.createdAt),
    completed_at: r.completedAt === null ? null : unixSeconds(r.completedAt),
    payload: JSON.parse(r.payload) as unknown,
    attempt_log: attempts.map((a) => ({
      attempt: Number(a.attempt),
      started_at: unixSeconds(Number(a.started_at)),
      started_at_ms: Number(a.started_at),
      duration_ms: Number(a.duration_ms),
      status_code: a.status_code,
      error_class: a.error_class,
      error: a.error_message,
      response_excerpt: a.response_excerpt,
    })),
  };
}
