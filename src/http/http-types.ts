import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Principal } from '../accounts/auth.service.ts';
import type { BusinessCode } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API key hook on every /v1 and /v2 route. */
    principal: Principal;
    /** The envelope's `warnings`: body fields the route does not know, notes a route adds; null when none. */
    warnings: string[] | null;
  }
  interface FastifySchema {
    /**
     * The codes this route returns beyond the ones every route of its kind can (key, validation,
     * rate limit, system: added by src/http/openapi-options.ts), each with when it happens.
     */
    'x-error-codes'?: Partial<Record<BusinessCode, string>>;
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
