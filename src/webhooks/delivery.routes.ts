import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../http/examples.ts';
import { Opt } from '../http/schema-helpers.ts';
import { WEBHOOK_EXAMPLES } from './webhook.openapi.ts';
import type { DeliveryService } from './delivery.service.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()], { description: (t as { description?: string }).description });

const Attempt = Type.Object({
  attempt: Type.Integer({ description: '1 for the first attempt of this delivery' }),
  started_at: Type.Integer({ description: 'Unix seconds' }),
  started_at_ms: Type.Integer({ description: 'Unix milliseconds' }),
  duration_ms: Type.Integer({ description: 'How long the attempt took' }),
  status_code: Nullable(Type.Integer({ description: 'HTTP status the receiver answered; null when there was no answer' })),
  error_class: Nullable(Type.String({ description: 'null on success; else http_status, redirect, gone, timeout, unreachable, address_not_allowed, bad_url, ...' })),
  error: Nullable(Type.String({ description: 'What went wrong, in words; null on success' })),
  response_excerpt: Type.String({ description: 'First 512 bytes of the answer' }),
});

const Delivery = Type.Object({
  delivery_id: Type.String({ description: 'Delivery id (32 hex); resend takes it' }),
  event_id: Type.String({ description: 'Same on every attempt and resend of the event (also the webhook-id header)' }),
  event: Type.String({ description: 'Event kind' }),
  status: Type.String({ description: 'pending, succeeded, failed or cancelled (endpoint disabled or deleted)' }),
  attempts: Type.Integer({ description: 'Attempts so far' }),
  next_attempt_at: Nullable(Type.Integer({ description: 'Unix seconds, while pending' })),
  last_status_code: Nullable(Type.Integer({ description: 'HTTP status of the last answer; null before the first or without an answer' })),
  last_error: Nullable(Type.String({ description: 'What went wrong in the last attempt; null when it succeeded or none was made' })),
  resent_from: Nullable(Type.String({ description: 'The delivery this one resends' })),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  completed_at: Nullable(Type.Integer({ description: 'Unix seconds' })),
  payload: Type.Unknown({ description: 'The JSON body as sent' }),
  attempt_log: Type.Array(Attempt, { description: 'Every attempt, first to last' }),
});
const exampleDelivery = {
  delivery_id: EXAMPLE_IDS.delivery,
  event_id: EXAMPLE_IDS.event,
  event: 'generated_video_success',
  status: 'succeeded',
  attempts: 1,
  next_attempt_at: null,
  last_status_code: 200,
  last_error: null,
  resent_from: null,
  created_at: EXAMPLE_TIME,
  completed_at: EXAMPLE_TIME,
  payload: WEBHOOK_EXAMPLES.success('generated_video_success'),
  attempt_log: [
    { attempt: 1, started_at: EXAMPLE_TIME, started_at_ms: EXAMPLE_TIME * 1000 + 125, duration_ms: 42, status_code: 200, error_class: null, error: null, response_excerpt: 'ok' },
  ],
};

const endpointId = Type.String({ minLength: 1, maxLength: 64, description: 'The endpoint (from the endpoint list)', examples: [EXAMPLE_IDS.endpoint] });
const EndpointParams = Type.Object({ endpoint_id: endpointId });
const DeliveryParams = Type.Object({
  endpoint_id: endpointId,
  delivery_id: Type.String({ minLength: 1, maxLength: 64, description: 'A delivery of that endpoint (from its deliveries)', examples: [EXAMPLE_IDS.delivery] }),
});

const tags = ['Webhook deliveries (extension)'];

/** A delivery to a request's own webhook_url: the URL it goes to as well. */
const RequestDelivery = Type.Object({
  ...Delivery.properties,
  url: Type.String({ description: "The request's webhook_url this delivery goes to (signed with the account's webhook_secret, GET /v1/whoami)" }),
});
const exampleRequestDelivery = {
  ...exampleDelivery,
  delivery_id: EXAMPLE_IDS.requestDelivery,
  event: 'generated_product_video_success',
  payload: WEBHOOK_EXAMPLES.success('generated_product_video_success'),
  url: 'https://hooks.example.com/request',
};

/** Extension routes (CONTRACT §7): an endpoint's (or the request URLs') delivery log and manual resend. */
export function deliveryRoutes(app: App, deliveries: DeliveryService): void {
  for (const root of ['/v2/endpoint', '/v2/webhook/endpoint']) {
    app.get(`${root}/:endpoint_id/deliveries`, {
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first, each with its attempt log",
        params: EndpointParams,
        querystring: Type.Object({
          page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' })),
          page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Deliveries per page (at most 100)', examples: [20] })),
        }),
        response: {
          200: Envelope(
            Type.Object({ total: Type.Integer({ description: 'Deliveries of this endpoint on all pages' }), deliveries: Type.Array(Delivery, { description: 'This page, newest first' }) }),
            { total: 1, deliveries: [exampleDelivery] },
          ),
        },
        'x-error-codes': { 10104: 'endpoint_id is not a live endpoint of this account' },
      },
      handler: async (req) => ok(await deliveries.list(req.principal, req.params.endpoint_id, req.query.page ?? 1, req.query.page_size ?? 20)),
    });
    app.post(`${root}/:endpoint_id/test`, {
      schema: {
        tags,
        summary: 'Send a test event to the endpoint now: its first subscribed event kind, body marked data.test = true (all-zero project id, empty URLs)',
        params: EndpointParams,
        response: {
          200: Envelope(Delivery, {
            ...exampleDelivery,
            status: 'pending',
            attempts: 0,
            next_attempt_at: EXAMPLE_TIME,
            last_status_code: null,
            resent_from: null,
            completed_at: null,
            attempt_log: [],
            payload: { ...exampleDelivery.payload, data: { project_id: '0'.repeat(32), video_id: '0'.repeat(32), status: 'success', video_url: '', cover_url: '', duration: 0, test: true } },
          }),
        },
        'x-error-codes': {
          10104: 'endpoint_id is not a live endpoint of this account',
          40000: 'the endpoint is disabled (enable it first), or a parameter breaks its rule',
        },
      },
      handler: async (req) => ok(await deliveries.sendTest(req.principal, req.params.endpoint_id)),
    });
    app.post(`${root}/:endpoint_id/deliveries/:delivery_id/resend`, {
      schema: {
        tags,
        summary: 'Send an event to the endpoint again, now: a new delivery with the same event_id and body',
        params: DeliveryParams,
        response: {
          200: Envelope(Delivery, {
            ...exampleDelivery,
            delivery_id: '019ab3f1a0b1c2d3e4f5a6b7c8d9e0f1',
            status: 'pending',
            attempts: 0,
            next_attempt_at: EXAMPLE_TIME + 60,
            last_status_code: null,
            resent_from: EXAMPLE_IDS.delivery,
            created_at: EXAMPLE_TIME + 60,
            completed_at: null,
            attempt_log: [],
          }),
        },
        'x-error-codes': {
          10104: 'endpoint_id is not a live endpoint of this account, or delivery_id not one of its deliveries',
          40000: 'the endpoint is disabled (enable it first), or a parameter breaks its rule',
        },
      },
      handler: async (req) => ok(await deliveries.resend(req.principal, req.params.endpoint_id, req.params.delivery_id)),
    });
  }

  // A request's own webhook_url (v2, CONTRACT §9) is no endpoint: its deliveries have a log of their own.
  app.get('/v2/webhook_url/deliveries', {
    schema: {
      tags,
      summary: "The account's deliveries to the webhook_url its v2 requests named, newest first, each with its attempt log",
      querystring: Type.Object({
        request_id: Opt(Type.String({ minLength: 1, maxLength: 64, description: "Only the deliveries of one request's events: its video_id (project_id), or the id another v2 request returned (task_id, batch_id)", examples: [EXAMPLE_IDS.project] })),
        page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' })),
        page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Deliveries per page (at most 100)', examples: [20] })),
      }),
      response: {
        200: Envelope(
          Type.Object({ total: Type.Integer({ description: 'Deliveries on all pages' }), deliveries: Type.Array(RequestDelivery, { description: 'This page, newest first' }) }),
          { total: 1, deliveries: [exampleRequestDelivery] },
        ),
      },
      'x-error-codes': { 40000: 'a parameter breaks its rule' },
    },
    handler: async (req) => ok(await deliveries.listRequestDeliveries(req.principal, req.query.request_id, req.query.page ?? 1, req.query.page_size ?? 20)),
  });
  app.post('/v2/webhook_url/deliveries/:delivery_id/resend', {
    schema: {
      tags,
      summary: "Send an event to a request's webhook_url again, now: a new delivery with the same event_id and body, signed with the account's current webhook_secret",
      params: Type.Object({
        delivery_id: Type.String({ minLength: 1, maxLength: 64, description: 'A delivery to a request URL (from GET /v2/webhook_url/deliveries)', examples: [EXAMPLE_IDS.requestDelivery] }),
      }),
      response: {
        200: Envelope(RequestDelivery, {
          ...exampleRequestDelivery,
          delivery_id: '019ab3f1a0b1c2d3e4f5a6b7c8d9e0f2',
          status: 'pending',
          attempts: 0,
          next_attempt_at: EXAMPLE_TIME + 60,
          last_status_code: null,
          resent_from: EXAMPLE_IDS.requestDelivery,
          created_at: EXAMPLE_TIME + 60,
          completed_at: null,
          attempt_log: [],
        }),
      },
      'x-error-codes': { 10104: "delivery_id is not one of this account's deliveries to a request URL" },
    },
    handler: async (req) => ok(await deliveries.resendRequestDelivery(req.principal, req.params.delivery_id)),
  });
}
