import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { Opt } from '../http/schema-helpers.ts';
import type { DeliveryService } from './delivery.service.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const Attempt = Type.Object({
  attempt: Type.Integer({ description: '1 for the first attempt of this delivery' }),
  started_at: Type.Integer({ description: 'Unix seconds' }),
  started_at_ms: Type.Integer({ description: 'Unix milliseconds' }),
  duration_ms: Type.Integer(),
  status_code: Nullable(Type.Integer({ description: 'HTTP status the receiver answered; null when there was no answer' })),
  error_class: Nullable(Type.String({ description: 'null on success; else http_status, redirect, gone, timeout, unreachable, address_not_allowed, bad_url, ...' })),
  error: Nullable(Type.String()),
  response_excerpt: Type.String({ description: 'First 512 bytes of the answer' }),
});

const Delivery = Type.Object({
  delivery_id: Type.String(),
  event_id: Type.String({ description: 'Same on every attempt and resend of the event (also the webhook-id header)' }),
  event: Type.String({ description: 'Event kind' }),
  status: Type.String({ description: 'pending, succeeded, failed or cancelled (endpoint disabled or deleted)' }),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Type.Integer({ description: 'Unix seconds, while pending' })),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  resent_from: Nullable(Type.String({ description: 'The delivery this one resends' })),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  completed_at: Nullable(Type.Integer({ description: 'Unix seconds' })),
  payload: Type.Unknown({ description: 'The JSON body as sent' }),
  attempt_log: Type.Array(Attempt),
});

const EndpointParams = Type.Object({ endpoint_id: Type.String({ minLength: 1, maxLength: 64 }) });
const DeliveryParams = Type.Object({
  endpoint_id: Type.String({ minLength: 1, maxLength: 64 }),
  delivery_id: Type.String({ minLength: 1, maxLength: 64 }),
});

const tags = ['Webhook deliveries (extension)'];

/** Extension routes (CONTRACT §7): an endpoint's delivery log and manual resend. */
export function deliveryRoutes(app: App, deliveries: DeliveryService): void {
  for (const root of ['/v2/endpoint', '/v2/webhook/endpoint']) {
    app.get(`${root}/:endpoint_id/deliveries`, {
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first, each with its attempt log",
        params: EndpointParams,
        querystring: Type.Object({
          page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
          page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        }),
        response: { 200: Envelope(Type.Object({ total: Type.Integer(), deliveries: Type.Array(Delivery) })) },
      },
      handler: async (req) => ok(await deliveries.list(req.principal, req.params.endpoint_id, req.query.page ?? 1, req.query.page_size ?? 20)),
    });
    app.post(`${root}/:endpoint_id/deliveries/:delivery_id/resend`, {
      schema: {
        tags,
        summary: 'Send an event to the endpoint again, now: a new delivery with the same event_id and body',
        params: DeliveryParams,
        response: { 200: Envelope(Delivery) },
      },
      handler: async (req) => ok(await deliveries.resend(req.principal, req.params.endpoint_id, req.params.delivery_id)),
    });
  }
}
