import { Type } from 'typebox';
import { BareEnvelope, Envelope, ok, okBare } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import type { EndpointService, EndpointView } from './endpoint.service.ts';
import { V1_EVENTS, V2_EVENTS } from './event-kinds.ts';

const Status = StringEnum(['enabled', 'disabled'] as const);
const UrlField = Type.String({ maxLength: 2048, description: 'https:// receiver address' });
const eventsOf = (kinds: readonly string[]) => Type.Array(StringEnum(kinds), { minItems: 1, maxItems: kinds.length * 2 });

const EndpointObject = Type.Object({
  endpoint_id: Type.String(),
  url: Type.String(),
  secret: Type.String({ description: 'whsec_ + base64 of 32 random bytes' }),
  status: Type.String({ description: 'enabled or disabled' }),
  events: Type.Array(Type.String()),
  username: Type.String(),
  created_at: Type.Integer({ description: 'Unix seconds' }),
});

/**
 * v1 create/update: the seed returns the bare endpoint object, the vendor's own clients read
 * code and data.endpoint_id; the fields are at the top level and in data (CONTRACT §6).
 */
const V1EndpointResponse = Type.Object({ ...EndpointObject.properties, ...Envelope(EndpointObject).properties });
const v1Body = (e: EndpointView) => ({ ...e, ...ok(e) });

const IdParams = Type.Object({ endpoint_id: Type.String({ minLength: 1, maxLength: 64 }) });
const ListResponse = Envelope(Type.Object({ endpoints: Type.Array(EndpointObject) }));
const EventsResponse = Envelope(Type.Object({ events: Type.Array(Type.String()) }));

const tags = ['Webhook endpoints'];

export function endpointRoutes(app: App, endpoints: EndpointService): void {
  for (const root of ['/v1', '/v1/webhook']) {
    app.post(`${root}/endpoint`, {
      schema: {
        tags,
        summary: 'Add a webhook endpoint (v1 event kinds; status defaults to enabled)',
        body: Type.Object({ url: UrlField, events: eventsOf(V1_EVENTS), status: Opt(Status) }),
        response: { 200: V1EndpointResponse },
      },
      handler: async (req) => v1Body(await endpoints.create(req.principal, req.body)),
    });
    app.put(`${root}/endpoint/:endpoint_id`, {
      schema: {
        tags,
        summary: 'Change an endpoint: only the fields given; the secret stays',
        params: IdParams,
        body: Type.Object({ url: Opt(UrlField), events: Opt(eventsOf(V1_EVENTS)), status: Opt(Status) }),
        response: { 200: V1EndpointResponse },
      },
      handler: async (req) => v1Body(await endpoints.update(req.principal, req.params.endpoint_id, req.body)),
    });
  }

  for (const root of ['/v2', '/v2/webhook']) {
    const v2Body = Type.Object({ url: UrlField, status: Status, events: eventsOf(V2_EVENTS) });
    app.post(`${root}/endpoint`, {
      schema: { tags, summary: 'Add a webhook endpoint (v2 event kinds)', body: v2Body, response: { 200: Envelope(EndpointObject) } },
      handler: async (req) => ok(await endpoints.create(req.principal, req.body)),
    });
    app.put(`${root}/endpoint/:endpoint_id`, {
      schema: { tags, summary: 'Replace url, status and events of an endpoint', params: IdParams, body: v2Body, response: { 200: Envelope(EndpointObject) } },
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
      schema: { tags, summary: 'Delete an endpoint; pending deliveries to it are dropped', params: IdParams, response: { 200: BareEnvelope } },
      handler: async (req) => {
        await endpoints.remove(req.principal, req.params.endpoint_id);
        return okBare();
      },
    });
    app.get(`${root}/events`, {
      schema: { tags, summary: `Event kinds a ${root.slice(1, 3)} endpoint can subscribe to`, response: { 200: EventsResponse } },
      handler: async () => ok({ events: [...kinds] }),
    });
  }
}
