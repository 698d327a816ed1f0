// npm run bench:api — requests/s and latency of two authenticated routes, server in its own process.
// Bounded: each run lasts DURATION_S seconds with a fixed number of connections, then stops.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-bench-'));
const port = await freePort();
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_POST_PER_MINUTE: '1000000',
  MAX_ENDPOINTS_PER_ACCOUNT: '10000',
};
const bin = path.resolve('bin/reelsmith.js');
const created = JSON.parse(execFileSync('node', [bin, 'account', 'create', '--username', 'bench', '--credits', '10', '--json'], { env }).toString());
const key: string = created.api_key;
const server = spawn('node', [bin, 'serve'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
const base = `http://127.0.0.1:${port}`;

try {
  for (let i = 0; i < 100 && !(await fetch(`${base}/health`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 20; i++) {
    await fetch(`${base}/v1/product`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Product ${i}`, description: 'A product with a description of moderate length. '.repeat(4) }),
    });
  }

  const run = (title: string, opts: Partial<autocannon.Options>) =>
    autocannon({ url: base, connections: CONNECTIONS, duration: DURATION_S, headers: { 'x-api-key': key, 'content-type': 'application/json' }, title, ...opts });

  const rows: string[][] = [];
  const scenarios: [string, Partial<autocannon.Options>][] = [
    ['GET /v1/products (20 products)', { url: `${base}/v1/products`, method: 'GET' }],
    [
      'POST /v1/endpoint (insert)',
      // Endpoint creation is capped per account; 10 000 leaves room for a 10 s run at this rate.
      { url: `${base}/v1/endpoint`, method: 'POST', body: JSON.stringify({ url: 'https://hooks.example.com/in', events: ['generated_video_success'] }), amount: 9_000 },
    ],
  ];
  for (const [title, opts] of scenarios) {
    const r = await run(title, opts);
    rows.push([title, r.requests.average.toFixed(0), String(r.latency.p50), String(r.latency.p99), String(r.non2xx), String(r.errors)]);
  }
  // Business errors are HTTP 200 too: count the rows to prove every POST really inserted.
  const list = await (await fetch(`${base}/v1/endpoints`, { headers: { 'x-api-key': key } })).json();
  const insertedNote = `endpoints in the database after the POST run: ${list.data.endpoints.length} (of 9000 requests)`;
  const db = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`\nbench:api — ${db}, ${CONNECTIONS} connections, ${DURATION_S} s per route, server in a separate process\n`);
  console.log(['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'].join('\t'));
  for (const row of rows) console.log(row.join('\t'));
  console.log(insertedNote);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
