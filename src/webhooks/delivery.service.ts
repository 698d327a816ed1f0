import type { Principal } from '../accounts/auth.service.ts';
import type { Clock } from '../lib/clock.ts';
import { unixSeconds } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { sortableId } from './sortable-id.ts';
import { testEvent } from './event.ts';
import type { DeliveryAttemptRow } from '../db/schema.ts';
import type { DeliveryRecord, DeliveryRepository, DeliveryTarget } from './delivery.repository.ts';
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

/** A delivery to a request's own webhook_url: the same view plus the URL it goes to. */
export interface RequestDeliveryView extends DeliveryView {
  url: string;
}

/**
 * The delivery log of an endpoint, or of the account's requests' own webhook_url, and manual
 * resends (extension routes under /v2/endpoint/... and /v2/webhook_url/...).
 */
export class DeliveryService {
  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly endpoints: EndpointRepository,
    private readonly clock: Clock,
    private readonly onCommitted: () => void,
  ) {}

  async list(who: Principal, endpointId: string, page: number, pageSize: number): Promise<{ total: number; deliveries: DeliveryView[] }> {
    await this.requireEndpoint(who, endpointId);
    return this.page({ endpointId }, page, pageSize, view);
  }

  /** A new delivery of the same event (same event_id and body), due now. The endpoint must be enabled. */
  async resend(who: Principal, endpointId: string, deliveryId: string): Promise<DeliveryView> {
    const endpoint = await this.requireEndpoint(who, endpointId);
    const original = await this.deliveries.get({ endpointId }, deliveryId);
    if (!original) throw errors.notFound(`delivery_id ${deliveryId}`);
    if (endpoint.status !== 'enabled') throw errors.parameter('endpoint_id', 'is disabled; enable it before resending');
    return view(await this.resendOf({ endpointId }, original, who.accountId), []);
  }

  /**
   * The account's deliveries to its requests' own webhook_url (GET /v2/webhook_url/deliveries),
   * newest first; `subjectId` narrows them to one request's events (a video id, a task id).
   */
  async listRequestDeliveries(who: Principal, subjectId: string | undefined, page: number, pageSize: number): Promise<{ total: number; deliveries: RequestDeliveryView[] }> {
    return this.page({ requestsOf: who.accountId, subjectId }, page, pageSize, requestView);
  }

  /** The same event to the same request URL again, now, signed with the account's current secret. */
  async resendRequestDelivery(who: Principal, deliveryId: string): Promise<RequestDeliveryView> {
    const target = { requestsOf: who.accountId };
    const original = await this.deliveries.get(target, deliveryId);
    if (!original) throw errors.notFound(`delivery_id ${deliveryId}`);
    return requestView(await this.resendOf(target, original, who.accountId), []);
  }

  private async page<V>(target: DeliveryTarget, page: number, pageSize: number, as: (r: DeliveryRecord, a: DeliveryAttemptRow[]) => V): Promise<{ total: number; deliveries: V[] }> {
    const [total, records] = await Promise.all([this.deliveries.count(target), this.deliveries.list(target, pageSize, (page - 1) * pageSize)]);
    const attempts = await this.deliveries.attemptsFor(records.map((r) => r.id));
    return { total, deliveries: records.map((r) => as(r, attempts.filter((a) => a.delivery_id === r.id))) };
  }

  private async resendOf(target: DeliveryTarget, original: DeliveryRecord, accountId: string): Promise<DeliveryRecord> {
    const nowMs = this.clock.nowMs();
    const id = sortableId(nowMs);
    await this.deliveries.insertResend(original, accountId, id, nowMs);
    this.onCommitted();
    return (await this.deliveries.get(target, id))!;
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
    return view((await this.deliveries.get({ endpointId }, id))!, []);
  }

  private async requireEndpoint(who: Principal, endpointId: string) {
    const endpoint = await this.endpoints.get(who.accountId, endpointId);
    if (!endpoint) throw errors.notFound(`endpoint_id ${endpointId}`);
    return endpoint;
  }
}

function requestView(r: DeliveryRecord, attempts: DeliveryAttemptRow[]): RequestDeliveryView {
  return { ...view(r, attempts), url: r.targetUrl ?? '' };
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
