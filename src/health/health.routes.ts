import type { FastifyInstance } from 'fastify';
import type { BackendHealth } from './backend-health.ts';

/**
 * GET /health (no API key): {status, backends: {database, redis, storage}}; HTTP 503 when the
 * database is down, 200 otherwise (status "degraded" when Redis or storage is). Cached briefly.
 */
export function healthRoutes(app: FastifyInstance, health: BackendHealth): void {
  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    const report = await health.report();
    return reply.code(report.httpStatus).send(report.body);
  });
}
