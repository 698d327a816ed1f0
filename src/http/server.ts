import Fastify, { type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { AuthService } from '../accounts/auth.service.ts';
import { errors } from '../lib/errors.ts';
import { hashApiKey, hexId } from '../lib/ids.ts';
import { makeErrorHandler } from './error-handler.ts';
import { swaggerOptions, swaggerUiOptions } from './openapi-options.ts';
import type { App } from './http-types.ts';
import { coerceToSchema, dropEmptyValues } from './validation.ts';

export interface ServerOptions {
  bodyLimitBytes: number;
  postRateLimitPerMinute: number;
  /** Shares rate-limit counters between API processes; in-memory without it. */
  redis?: Redis | undefined;
  logger: FastifyServerOptions['logger'];
  version: string;
  /** Stored files (product media, videos) served read-only at /files/; names carry random ids. */
  filesRoot: string;
}

/** The HTTP shell: envelope, request ids, auth, rate limit, validation, docs. Routes plug in via `routes`. */
export async function buildServer(opts: ServerOptions, auth: AuthService, routes: (api: App) => void): Promise<App> {
  const app = Fastify({
    logger: opts.logger,
    bodyLimit: opts.bodyLimitBytes,
    genReqId: () => hexId(),
    requestIdHeader: false,
    ajv: {
      // Conversions are done by coerceToSchema: only the ones CONTRACT §1 allows.
      customOptions: { coerceTypes: false, removeAdditional: true, useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorateRequest('principal', null as never);
  app.setErrorHandler(makeErrorHandler(opts.bodyLimitBytes));
  app.setNotFoundHandler((req) => {
    throw errors.routeNotFound(req.method, req.url.split('?')[0] ?? '');
  });

  // An empty JSON body reads as {} (some clients send Content-Type on bodiless DELETEs).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') return done(null, {});
    return defaultJson(req, String(body), done);
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  // CONTRACT §1: empty strings (and nulls) mean "absent"; numbers may come as numeric strings.
  app.addHook('preValidation', async (req) => {
    const schema = req.routeOptions.schema as { body?: object; querystring?: object } | undefined;
    if (req.body && typeof req.body === 'object') req.body = coerceToSchema(dropEmptyValues(req.body), schema?.body);
    if (req.query && typeof req.query === 'object') req.query = coerceToSchema(dropEmptyValues(req.query), schema?.querystring) as typeof req.query;
  });
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (payload && typeof payload === 'object' && 'code' in payload) return { ...payload, rid: req.id };
    return payload;
  });

  await app.register(rateLimit, {
    global: true,
    max: opts.postRateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (req) => req.method !== 'POST',
    keyGenerator: (req) => {
      const key = req.headers['x-api-key'];
      return typeof key === 'string' && key ? `k:${hashApiKey(key)}` : `ip:${req.ip}`;
    },
    errorResponseBuilder: (_req, ctx) => errors.rateLimited(Math.max(1, Math.ceil(ctx.ttl / 1000))),
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'reelsmith-rl-' } : {}),
  });

  await app.register(swagger, swaggerOptions(opts.version));
  await app.register(swaggerUi, swaggerUiOptions);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(fastifyStatic, {
    root: opts.filesRoot,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '7d',
    setHeaders: (res) => res.header('X-Content-Type-Options', 'nosniff'),
  });

  await app.register(async (api) => {
    api.addHook('onRequest', async (req) => {
      const key = req.headers['x-api-key'];
      req.principal = await auth.authenticate(typeof key === 'string' ? key.trim() : undefined);
    });
    routes(api.withTypeProvider<TypeBoxTypeProvider>());
  });

  return app;
}
