import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createApp, type Running } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/config.ts';
import type { ProductCrawler } from '../../src/products/product.crawler.ts';
import type { Resolver } from '../../src/net/safe-fetch.ts';
import { sqliteTestDb, type TestDb } from './db.ts';

export interface TestServer {
  baseUrl: string;
  running: Running;
  config: Config;
  /** Creates an account through the operator service and returns its API key. */
  account(opts?: { credits?: number; username?: string; email?: string }): Promise<{ username: string; apiKey: string }>;
  call(method: string, path: string, opts?: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
}

let counter = 0;

/** A real server on 127.0.0.1 with a real database (SQLite unless a TestDb is given). */
/** Tests never ask real DNS: every name is unknown unless a test maps it (to loopback). */
export const noDns: Resolver = async (host) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

export async function startServer(
  opts: {
    env?: Record<string, string>;
    testDb?: TestDb;
    crawler?: ProductCrawler;
    resolver?: Resolver;
    /** Receives the server's JSON log lines (level info); without it the server does not log. */
    logStream?: Writable;
    /**
     * Listen on a free port chosen first and set PUBLIC_BASE_URL to this server, so the URLs it
     * hands out (files, covers, auditions) work from a browser (the dashboard's test).
     */
    selfBaseUrl?: boolean;
    /** A data directory to use (and keep on close), e.g. shared by two app instances; default a fresh one. */
    dataDir?: string;
  } = {},
): Promise<TestServer> {
  const testDb = opts.testDb ?? (await sqliteTestDb());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-data-'));
  const port = opts.selfBaseUrl ? await freePort() : 0;
  const config = loadConfig({
    RATE_LIMIT_POST_PER_MINUTE: '100000',
    RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '100000',
    ALLOW_PRIVATE_URLS: '0',
    ...opts.env,
    ...(opts.selfBaseUrl ? { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` } : {}),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
  });
  const running = await createApp(config, {
    db: testDb.db,
    logger: opts.logStream ? { level: 'info', stream: opts.logStream } : false,
    resolver: opts.resolver ?? noDns,
    ...(opts.crawler ? { crawler: opts.crawler } : {}),
  });
  await running.app.listen({ port, host: '127.0.0.1' });
  const address = running.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    baseUrl,
    running,
    config,
    async account(a = {}) {
      const username = a.username ?? `user${process.pid}x${++counter}`;
      const created = await running.services.accounts.createAccount({ username, email: a.email, credits: a.credits ?? 10 });
      return { username, apiKey: created.api_key };
    },
    async call(method, path, c = {}) {
      const headers: Record<string, string> = { ...c.headers };
      if (c.key !== undefined) headers['x-api-key'] = c.key;
      let body: string | undefined = c.rawBody;
      if (c.body !== undefined) {
        body = JSON.stringify(c.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(baseUrl + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // non-JSON bodies (docs page) stay text
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async close() {
      await running.close();
      if (!opts.testDb) await testDb.dispose();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port free on 127.0.0.1 a moment ago. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Asserts a success envelope (HTTP 200, code 0) and returns its data. */
export function success(res: CallResult): any {
  if (res.status !== 200 || res.body?.code !== 0) throw new Error(`expected success, got HTTP ${res.status} ${JSON.stringify(res.body)}`);
  if (typeof res.body.msg !== 'string' || !/^[0-9a-f]{32}$/.test(res.body.rid)) throw new Error(`msg or rid missing in ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Asserts the envelope of a business error and returns its msg. */
export function businessError(res: CallResult, code: number): string {
  if (res.status !== (code === 429 ? 429 : 200) || res.body?.code !== code) {
    throw new Error(`expected business code ${code}, got HTTP ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (!/^[0-9a-f]{32}$/.test(res.body.rid)) throw new Error(`missing rid in ${JSON.stringify(res.body)}`);
  return res.body.msg as string;
}
