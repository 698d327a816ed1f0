import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../http/http-types.ts';

/**
 * The page runs only its own script and stylesheet and talks only to this server; pictures and
 * media may come from PUBLIC_BASE_URL's host (which a proxy may name differently) or a shop.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src * data: blob:',
  'media-src * blob:',
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Where `npm run build:dashboard` (scripts/build-dashboard.ts) writes the built dashboard. */
export const DASHBOARD_DIST = path.resolve(import.meta.dirname, '..', '..', 'dist', 'dashboard');

/**
 * The web dashboard (docs/dashboard.md): `GET /` is its page, always revalidated (`no-cache`);
 * its scripts and styles live under /assets/ with content hashes in their names, cached for a
 * year as immutable. It is a client of the public API only: no route here reads or writes data.
 */
export async function dashboardRoutes(app: App, distDir = DASHBOARD_DIST): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  app.get('/', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').header('content-security-policy', CSP).header('referrer-policy', 'same-origin');
    if (!built) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Reelsmith</title><p>The dashboard is not built: run <code>npm run build:dashboard</code> (scripts/setup.sh does) and restart. The API is served as usual; docs at <a href="/docs">/docs</a>.</p>');
    }
    // Read per request (a few kB): a rebuild is picked up without a restart.
    return reply.type('text/html; charset=utf-8').send(await fs.promises.readFile(indexFile));
  });
  if (!built) return;
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => res.header('X-Content-Type-Options', 'nosniff'),
  });
}
