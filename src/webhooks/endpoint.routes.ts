import { Type } from 'typebox';
import { BareEnvelope, Envelope, ok, okBare, RESPONSE_TEXT } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../http/examples.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import type { EndpointService, EndpointView } from './endpoint.service.ts';
import { V1_EVENTS, V2_EVENTS } from './event-kinds.ts';

const Status = StringEnum(['enabled', 'disabled'] as const, { description: 'enabled: events are sent; disabled: nothing is sent and pending deliveries are cancelled' });
const UrlField = Type.String({ maxLength: 2048, description: 'https:// receiver address on a public host' });
const eventsOf = (kinds: readonly string[]) =>
  Type.Array(StringEnum(kinds, { description: 'An event kind' }), { minItems: 1, maxItems: kinds.length * 2, description: 'Event kinds to receive (duplicates are dropped)' });

const EndpointObject = Type.Object({
  endpoint_id: Type.String({ description: 'Endpoint id (32 hex)' }),
  url: Type.String({ description: 'Receiver address' }),
  secret: Type.String({ description: 'whsec_ + base64 of 32 random bytes; signs every delivery (see the webhooks section)' }),
  status: Type.String({ description: 'enabled or disabled' }),
  events: Type.Array(Type.String({ description: 'An event kind' }), { description: 'Event kinds it receives' }),
  username: Type.String({ description: 'The owning account' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
});
const exampleEndpoint = {
  endpoint_id: EXAMPLE_IDS.endpoint,
  url: 'https://hooks.example.com/reelsmith',
  secret: 'whsec_/Kn0Yl1BOwSFK9Mas+1T7HukjVPucgfZzYYVav7Mxlw=',
  status: 'enabled',
  events: ['generated_video_success', 'generated_video_failed'],
  username: 'demo',
  created_at: EXAMPLE_TIME,
};
const exampleV1Body = { url: 'https://hooks.example.com/reelsmith', events: ['generated_video_success', 'generated_video_failed'] };
const exampleV2Body = { url: 'https://hooks.example.com/reelsmith', status: 'enabled', events: ['generated_video_success', 'generated_product_video_success'] };
const notFound = { 10104: 'endpoint_id is not a live endpoint of this account' };

/**
 * v1 create/update: the seed returns the bare endpoint object, the vendor's own clients read
 * code and data.endpoint_id; the fields are at the top level and in data (CONTRACT §6).
 */
const V1EndpointResponse = Type.Object(
  { ...EndpointObject.properties, ...Envelope(EndpointObject).properties },
  { description: RESPONSE_TEXT, examples: [{ ...exampleEndpoint, code: 0, msg: 'success', data: exampleEndpoint, rid: '7f1937d05df97229b03de4812d2203ab' }] },
);
const v1Body = (e: EndpointView) => ({ ...e, ...ok(e) });

const IdParams = Type.Object({
  endpoint_id: Type.String({ minLength: 1, maxLength: 64, description: 'From the create call or the list', examples: [EXAMPLE_IDS.endpoint] }),
});
const ListResponse = Envelope(Type.Object({ endpoints: Type.Array(EndpointObject, { description: 'Live endpoints, newest first' }) }), { endpoints: [exampleEndpoint] });
const eventsResponse = (kinds: readonly string[]) =>
  Envelope(Type.Object({ events: Type.Array(Type.String({ description: 'An event kind' }), { description: 'Every kind this version takes' }) }), { events: [...kinds] });

const tags = ['Webhook endpoints'];

export function endpointRoutes(app: App, endpoints: EndpointService): void {
  for (const root of ['/v1', '/v1/webhook']) {
    app.post(`${root}/endpoint`, {
      schema: {
        tags,
        summary: 'Add a webhook endpoint (v1 event kinds; status defaults to enabled)',
        body: Type.Object({ url: UrlField, events: eventsOf(V1_EVENTS), status: Opt(Status) }, { examples: [exampleV1Body] }),
        response: { 200: V1EndpointResponse },
        'x-error-codes': { 40000: 'a field breaks its rule, the url is not an allowed address, or the account has its maximum of endpoints' },
      },
      handler: async (req) => v1Body(await endpoints.create(req.principal, req.body)),
    });
    app.put(`${root}/endpoint/:endpoint_id`, {
      schema: {
        tags,
        summary: 'Change an endpoint: only the fields given; the secret stays',
        params: IdParams,
        body: Type.Object({ url: Opt(UrlField), events: Opt(eventsOf(V1_EVENTS)), status: Opt(Status) }, { examples: [{ status: 'disabled' }] }),
        response: { 200: V1EndpointResponse },
        'x-error-codes': notFound,
      },
      handler: async (req) => v1Body(await endpoints.update(req.principal, req.params.endpoint_id, req.body)),
    });
  }

  for (const root of ['/v2', '/v2/webhook']) {
    const v2Body = Type.Object({ url: UrlField, status: Status, events: eventsOf(V2_EVENTS) }, { examples: [exampleV2Body] });
    const v2Response = Envelope(EndpointObject, { ...exampleEndpoint, events: exampleV2Body.events });
    app.post(`${root}/endpoint`, {
      schema: {
        tags,
        summary: 'Add a webhook endpoint (v2 event kinds)',
        body: v2Body,
        response: { 200: v2Response },
        'x-error-codes': { 40000: 'a field breaks its rule, the url is not an allowed address, or the account has its maximum of endpoints' },
      },
      handler: async (req) => ok(await endpoints.create(req.principal, req.body)),
    });
    app.put(`${root}/endpoint/:endpoint_id`, {
      schema: { tags, summary: 'Replace url, status and events of an endpoint', params: IdParams, body: v2Body, response: { 200: v2Response }, 'x-error-codes': notFound },
      handler: async (req) => ok(await endpoints.update(req.principal, req.params.endpoint_id, req.body)),
    });
  }

  for (const [root, kinds] of [
    ['/v1', V1_EVENTS],
    ['/v1/webhook', V1_EVENTS],
    ['/v2', V2_EVENTS],
    ['/v2/webhook', V2_EVENTS],
  ] as const) {
    app.get(`${root}/endpoints`, {
      schema: { tags, summary: "The account's endpoints, newest first", response: { 200: ListResponse } },
      handler: async (req) => ok({ endpoints: await endpoints.list(req.principal) }),
    });
    app.delete(`${root}/endpoint/:endpoint_id`, {
      schema: { tags, summary: 'Delete an endpoint; pending deliveries to it are dropped', params: IdParams, response: { 200: BareEnvelope }, 'x-error-codes': notFound },
      handler: async (req) => {
        await endpoints.remove(req.principal, req.params.endpoint_id);
        return okBare();
      },
    });
    app.get(`${root}/events`, {
      schema: { tags, summary: `Event kinds a ${root.slice(1, 3)} endpoint can subscribe to`, response: { 200: eventsResponse(kinds) } },
      handler: async () => ok({ events: [...kinds] }),
    });
  }
}
