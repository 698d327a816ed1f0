import Fastify, { type FastifyServerOptions } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { AuthService } from '../accounts/auth.service.ts';
import { AppError, Codes, errors } from '../lib/errors.ts';
import { hashApiKey, hexId } from '../lib/ids.ts';
import { makeErrorHandler, notFoundError } from './error-handler.ts';
import { malformedRequest } from './malformed-request.ts';
import { noteOutcome, RequestLog } from './request-log.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';
import { swaggerOptions, swaggerUiOptions } from './openapi-options.ts';
import type { App } from './http-types.ts';
import { ENUM_MEANINGS } from './schema-helpers.ts';
import { coerceToSchema, dropEmptyValues, unknownFieldWarnings } from './validation.ts';

export interface ServerOptions {
  bodyLimitBytes: number;
  postRateLimitPerMinute: number;
  /** Requests with a missing or unknown API key, per client address (IPv6: per /64). */
  unauthenticatedRateLimitPerMinute: number;
  /** Fastify's trustProxy (TRUST_PROXY): whose X-Forwarded-For gives req.ip, which the rate limits and the request log use. */
  trustProxy: boolean | number | string[];
  /** Shares rate-limit counters between API processes; in-memory without it. */
  redis?: Redis | undefined;
  /** Prefix of the rate-limit keys in Redis (QUEUE_PREFIX), so deployments sharing a Redis keep their own counters. */
  rateLimitNameSpace: string;
  logger: FastifyServerOptions['logger'];
  version: string;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's own rule (the nearest `hops`
 * addresses are trusted): Fastify 5.12 turns a bare number into "trust nothing", since a hop count
 * cannot tell a proxy from a direct client — so it is only for an API reachable only through
 * its proxies (docs/deploy.md); addresses or CIDRs are the safer choice.
 */
export function trustProxyOption(t: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}

/** The HTTP shell: envelope, request ids, auth, rate limit, validation, docs. Routes plug in via `routes`. */
export async function buildServer(opts: ServerOptions, auth: AuthService, routes: (api: App) => void): Promise<App> {
  const errorHandler = makeErrorHandler(opts.bodyLimitBytes);
  const requestLog = new RequestLog();
  const app = Fastify({
    logger: opts.logger,
    // Behind a reverse proxy: req.ip is the client's address from the trusted hops' X-Forwarded-For.
    trustProxy: trustProxyOption(opts.trustProxy),
    // One line per request, at info unless the server failed (request-log.ts).
    logController: requestLog,
    // Undecodable percent-encoding, over-long path parameters: the envelope, like every error.
    // Fastify answers these outside the route lifecycle, so their log line is written here.
    frameworkErrors: (err, req, reply) => {
      reply.raw.once('finish', () => requestLog.requestCompleted(null, req, reply));
      return errorHandler(err, req, reply);
    },
    // Requests Node's HTTP parser refuses (bad method, header or URL characters) get the envelope too.
    clientErrorHandler: malformedRequest,
    bodyLimit: opts.bodyLimitBytes,
    genReqId: () => hexId(),
    requestIdHeader: false,
    ajv: {
      // Conversions are done by coerceToSchema: only the ones CONTRACT §1 allows. `verbose` puts
      // the failing schema on each issue, so messages can say what enum codes mean (ENUM_MEANINGS).
      customOptions: { coerceTypes: false, removeAdditional: true, useDefaults: true, allErrors: false, verbose: true, keywords: [ENUM_MEANINGS] },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorateRequest('principal', null as never);
  app.decorateRequest('warnings', null);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((req) => {
    throw notFoundError(req);
  });

  // An empty JSON body reads as {} (some clients send Content-Type on bodiless DELETEs).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(errors.badRequest(`body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`), undefined);
    }
    return defaultJson(req, text, done);
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  // CONTRACT §1: empty strings (and nulls) mean "absent"; numbers may come as numeric strings.
  app.addHook('preValidation', async (req) => {
    const schema = req.routeOptions.schema as { body?: object; querystring?: object } | undefined;
    if (req.body && typeof req.body === 'object') {
      req.body = coerceToSchema(dropEmptyValues(req.body), schema?.body);
      const warnings = unknownFieldWarnings(req.body, schema?.body);
      if (warnings.length > 0) req.warnings = warnings;
    }
    if (req.query && typeof req.query === 'object') req.query = coerceToSchema(dropEmptyValues(req.query), schema?.querystring) as typeof req.query;
  });
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (payload && typeof payload === 'object' && 'code' in payload) {
      noteOutcome(req, { code: Number((payload as { code: unknown }).code) });
      return { ...payload, rid: req.id };
    }
    return payload;
  });
  // The envelope's `warnings` (docs/api.md): unknown body fields, accepted but named, and notes a
  // route adds to req.warnings. Added after serialisation, success or error alike (error bodies
  // are sent pre-serialised); only requests that have warnings pay for the re-parse.
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!req.warnings || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    try {
      const envelope = JSON.parse(payload) as Record<string, unknown>;
      if (!('code' in envelope)) return payload;
      return JSON.stringify({ ...envelope, warnings: req.warnings });
    } catch {
      return payload;
    }
  });

  await app.register(rateLimit, {
    global: true,
    max: opts.postRateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (req) => req.method !== 'POST',
    keyGenerator: (req) => {
      const key = req.headers['x-api-key'];
      return typeof key === 'string' && key ? `k:${hashApiKey(key)}` : `ip:${normalizeIP(req.ip)}`;
    },
    errorResponseBuilder: (_req, ctx) => errors.rateLimited(Math.max(1, Math.ceil(ctx.ttl / 1000))),
    // Redis away: requests are not limited rather than refused (never a 500); /health says degraded.
    ...(opts.redis ? { redis: opts.redis, nameSpace: opts.rateLimitNameSpace, skipOnError: true } : {}),
  });

  await app.register(swagger, swaggerOptions(opts.version));
  await app.register(swaggerUi, swaggerUiOptions);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Guessing keys: every request refused with 10105 counts against its client address, whatever
  // the method and whichever keys it tries; over the limit the answer is 429 instead.
  const unauthenticatedLimit = app.createRateLimit({
    max: opts.unauthenticatedRateLimitPerMinute,
    timeWindow: 60_000,
    allowList: undefined,
    keyGenerator: (req) => `anon:${normalizeIP(req.ip)}`,
  });

  await app.register(async (api) => {
    api.addHook('onRequest', async (req, reply) => {
      const key = req.headers['x-api-key'];
      try {
        req.principal = await auth.authenticate(typeof key === 'string' ? key.trim() : undefined);
      } catch (err) {
        if (err instanceof AppError && err.code === Codes.invalidKey) {
          const limit = await unauthenticatedLimit(req);
          if (!limit.isAllowed && limit.isExceeded) {
            const retryAfter = Math.max(1, limit.ttlInSeconds);
            reply.header('retry-after', retryAfter);
            throw errors.rateLimited(retryAfter);
          }
        }
        throw err;
      }
    });
    routes(api.withTypeProvider<TypeBoxTypeProvider>());
  });

  return app;
}

/**
 * Stops the HTTP server gracefully: in-flight requests finish, and keep-alive connections are
 * closed as soon as they fall idle. Node closes idle connections once, when close starts; a
 * connection whose last response is still finishing then (a client that read the whole body a
 * moment earlier) would otherwise hold close() for the whole keep-alive timeout (72 s).
 */
export async function closeServer(app: App, sweepMs = 100): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections?.(), sweepMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
