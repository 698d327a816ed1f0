import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Redis } from 'ioredis';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.ts';
import { openDb, migrate, type Db } from './db/database.ts';
import { reposFor, unitOfWork } from './db/repos.ts';
import { AccountService } from './accounts/account.service.ts';
import { AuthService } from './accounts/auth.service.ts';
import { accountRoutes } from './accounts/account.routes.ts';
import { CatalogService, emptyMediaLibrary } from './catalog/catalog.service.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { buildServer } from './http/server.ts';
import type { App } from './http/http-types.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { ProductCrawler } from './products/product.crawler.ts';
import { MediaImporter } from './products/crawl/media-importer.ts';
import { PageCrawler } from './products/crawl/page-crawler.ts';
import { createSafeFetcher, type Resolver } from './net/safe-fetch.ts';
import { LocalBlobStore } from './storage/blob-store.ts';
import { ProductService } from './products/product.service.ts';
import { productRoutes } from './products/product.routes.ts';
import { VideoService } from './videos/video.service.ts';
import { videoRoutes } from './videos/video.routes.ts';
import { EndpointService } from './webhooks/endpoint.service.ts';
import { endpointRoutes } from './webhooks/endpoint.routes.ts';

export const VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

export interface AppOverrides {
  clock?: Clock;
  crawler?: ProductCrawler;
  /** Tests open their own database (e.g. a private PostgreSQL schema). */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Tests answer DNS themselves, to point public-looking names at loopback servers. */
  resolver?: Resolver;
}

/** The composition root: config → database → services. Nothing else wires dependencies. */
export function openDatabase(config: Config): Db {
  return openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'reelsmith.db') });
}

export function buildServices(config: Config, db: Db, overrides: AppOverrides = {}) {
  const clock = overrides.clock ?? systemClock;
  const repos = reposFor(db.kysely);
  const uow = unitOfWork(db.kysely);
  const urlPolicy = { allowPrivate: config.allowPrivateUrls };
  const catalog = new CatalogService(emptyMediaLibrary);
  const fetcher = createSafeFetcher({
    allowPrivate: config.allowPrivateUrls,
    userAgent: `Mozilla/5.0 (compatible; Reelsmith/${VERSION}; +${config.publicBaseUrl})`,
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
  });
  const store = new LocalBlobStore(path.join(config.dataDir, 'files'), config.publicBaseUrl);
  const crawler = overrides.crawler ?? new PageCrawler(fetcher, new MediaImporter(fetcher, store));
  return {
    fetcher,
    store,
    accounts: new AccountService(repos.accounts, uow, clock),
    auth: new AuthService(repos.accounts),
    catalog,
    products: new ProductService(repos.products, crawler, urlPolicy, clock),
    videos: new VideoService(repos.videos, repos.products, catalog, uow, clock),
    endpoints: new EndpointService(repos.endpoints, uow, urlPolicy, config.maxEndpointsPerAccount, clock),
  };
}

export type Services = ReturnType<typeof buildServices>;

export interface Running {
  app: App;
  services: Services;
  db: Db;
  close(): Promise<void>;
}

/** Everything `reelsmith serve` runs, ready to listen. Migrations are applied first. */
export async function createApp(config: Config, overrides: AppOverrides = {}): Promise<Running> {
  const db = overrides.db ?? openDatabase(config);
  await migrate(db);
  const services = buildServices(config, db, overrides);
  fs.mkdirSync(services.store.root, { recursive: true });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false }) : undefined;
  const app = await buildServer(
    {
      bodyLimitBytes: config.bodyLimitBytes,
      postRateLimitPerMinute: config.postRateLimitPerMinute,
      redis,
      logger: overrides.logger ?? { level: config.logLevel },
      version: VERSION,
      filesRoot: services.store.root,
    },
    services.auth,
    (api) => {
      accountRoutes(api, services.accounts);
      productRoutes(api, services.products);
      videoRoutes(api, services.videos);
      catalogRoutes(api, services.catalog);
      endpointRoutes(api, services.endpoints);
    },
  );
  return {
    app,
    services,
    db,
    close: async () => {
      await app.close();
      await services.fetcher.close();
      redis?.disconnect();
      if (!overrides.db) await db.close();
    },
  };
}
