// npm run bench:webhooks — webhook delivery throughput and latency (SQLite by default).
// A loopback receiver in its own process verifies both signatures of every request and reports
// when each event arrived. Phases, each bounded: offered load of 500/s and 1000/s for
// BENCH_DURATION_S seconds (latency = receipt − commit of the event's transaction), then a
// backlog of BENCH_BACKLOG deliveries committed while the dispatcher is stopped and drained.
// The ledger is exact: committed = delivered + pending + failed (+ cancelled, always 0 here).
// BENCH_KEEP_ALIVE=0 measures the per-fetch-connection fetcher for comparison.
import { fork } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';

if (process.argv.includes('--receiver')) await receiver();
else await main();

function cpuUs(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** Child process: answers 200 to every delivery after verifying both signatures; reports receipts in batches. */
async function receiver(): Promise<void> {
  const secret = process.env.BENCH_SECRET!;
  const wh = new Webhook(secret);
  let batch: [string, number][] = [];
  let bad = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const body = Buffer.concat(chunks);
      const hex = createHmac('sha256', secret).update(body).digest('hex');
      const sig = String(req.headers['x-webhook-signature'] ?? '');
      let ok = sig.length === hex.length && timingSafeEqual(Buffer.from(sig), Buffer.from(hex));
      try {
        wh.verify(body.toString('utf8'), req.headers as Record<string, string>);
      } catch {
        ok = false;
      }
      if (!ok) bad++;
      batch.push([String(req.headers['webhook-id']), at]);
      res.writeHead(ok ? 200 : 400, { 'content-type': 'text/plain' });
      res.end(ok ? 'ok' : 'bad signature');
    });
  });
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  setInterval(() => {
    if (batch.length || bad) process.send!({ receipts: batch, bad, cpuUs: cpuUs() });
    batch = [];
    bad = 0;
  }, 50);
  process.on('disconnect', () => process.exit(0));
}

async function main(): Promise<void> {
  const { loadConfig } = await import('../src/config/config.ts');
  const { openDb, migrate } = await import('../src/db/database.ts');
  const { workReposFor, workUnitOfWork } = await import('../src/jobs/work-unit.ts');
  const { createSafeFetcher } = await import('../src/net/safe-fetch.ts');
  const { Dispatcher } = await import('../src/webhooks/dispatcher.ts');
  const { OutboxRepository } = await import('../src/webhooks/outbox.repository.ts');
  const { videoSucceededEvents } = await import('../src/webhooks/event.ts');
  const { hexId, newWebhookSecret } = await import('../src/lib/ids.ts');
  const { systemClock } = await import('../src/lib/clock.ts');

  const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
  const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 25_000);
  const keepAlive = process.env.BENCH_KEEP_ALIVE !== '0';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-whbench-'));
  const db = openDb({ databaseUrl: process.env.BENCH_DATABASE_URL, sqliteFile: path.join(dataDir, 'bench.db') });
  await migrate(db);
  const config = loadConfig({ ...process.env, ALLOW_PRIVATE_URLS: '1', DATA_DIR: dataDir });
  const repos = workReposFor(db.kysely, db.dialect);
  const uow = workUnitOfWork(db);
  const secret = newWebhookSecret();

  // Receiver process.
  const child = fork(new URL(import.meta.url).pathname, ['--receiver'], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_SECRET: secret } });
  const committedAt = new Map<string, number>();
  const latencies: number[] = [];
  const seen = new Set<string>();
  let received = 0;
  let duplicates = 0;
  let badSignatures = 0;
  let receiverCpuUs = 0;
  const port = await new Promise<number>((resolve) => {
    child.on('message', (m: { port?: number; receipts?: [string, number][]; bad?: number; cpuUs?: number }) => {
      if (m.port) resolve(m.port);
      if (m.cpuUs) receiverCpuUs = m.cpuUs;
      for (const [id, at] of m.receipts ?? []) {
        received++;
        if (seen.has(id)) duplicates++;
        seen.add(id);
        const c = committedAt.get(id);
        if (c !== undefined) latencies.push(at - c);
      }
      badSignatures += m.bad ?? 0;
    });
  });

  const account = await repos.accounts.create({ username: 'bench', email: null, nowMs: Date.now() });
  await repos.endpoints.insert({
    id: hexId(), accountId: account.id, url: `http://127.0.0.1:${port}/hook`, secret, status: 'enabled',
    events: ['generated_video_success', 'generated_product_video_success'], createdAt: Date.now(), updatedAt: Date.now(),
  });
  const fetcher = createSafeFetcher({ allowPrivate: true, userAgent: 'Reelsmith-Webhook/bench', ...(keepAlive ? { keepAlive: { connectionsPerOrigin: config.webhooks.concurrency } } : {}) });
  const log = { warn: (o: object, m: string) => console.warn(m, o), error: (o: object, m: string) => console.error(m, o) };
  const newDispatcher = () =>
    new Dispatcher(new OutboxRepository(db.kysely, db.dialect), uow, fetcher, { owner: `bench-${hexId().slice(0, 6)}`, settings: config.webhooks, version: 'bench', clock: systemClock, log });
  let dispatcher = newDispatcher();
  dispatcher.start();

  /** Commits `pairs` video-success events (2 events → 2 deliveries each) in one transaction; records the commit time. */
  async function commit(pairs: number, track: boolean): Promise<void> {
    const events: ReturnType<typeof videoSucceededEvents> = [];
    for (let i = 0; i < pairs; i++) {
      events.push(...videoSucceededEvents({ projectId: hexId(), accountId: account.id, kinds: ['generated_video_success', 'generated_product_video_success'], videoUrl: 'https://cdn.example.com/v.mp4', coverUrl: 'https://cdn.example.com/c.jpg', durationS: 15 }, Date.now()));
    }
    await uow((r) => r.outbox.emit(events));
    const at = performance.timeOrigin + performance.now();
    if (track) for (const e of events) committedAt.set(e.id, at);
    dispatcher.notify();
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
  };
  const waitDelivered = async (target: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (seen.size < target && Date.now() < deadline) await sleep(10);
  };

  async function offered(perSecond: number): Promise<void> {
    latencies.length = 0;
    const tickMs = 10;
    const perTick = (perSecond * tickMs) / 1000 / 2; // pairs per tick
    const startSeen = seen.size;
    const cpu0 = cpuUs();
    const rcpu0 = receiverCpuUs;
    const start = performance.now();
    let sent = 0;
    let owed = 0;
    let tick = 0;
    while (performance.now() - start < DURATION_S * 1000) {
      owed += perTick;
      const n = Math.floor(owed);
      owed -= n;
      if (n > 0) {
        await commit(n, true);
        sent += n * 2;
      }
      tick++;
      const next = start + tick * tickMs;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
    }
    const offeredEnd = performance.now();
    const deliveredInWindow = seen.size - startSeen;
    await waitDelivered(startSeen + sent, 30_000);
    const elapsed = (offeredEnd - start) / 1000;
    console.log(
      `offered ${perSecond}/s for ${elapsed.toFixed(1)} s: committed ${sent}, delivered in window ${deliveredInWindow} (${(deliveredInWindow / elapsed).toFixed(0)}/s), ` +
        `all delivered ${seen.size - startSeen === sent}; commit→receipt p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${pct(latencies, 100).toFixed(1)} ms; ` +
        `CPU per delivery: service ${((cpuUs() - cpu0) / sent).toFixed(0)} µs (commits included), receiver ${((receiverCpuUs - rcpu0) / sent).toFixed(0)} µs`,
    );
  }

  async function backlog(): Promise<void> {
    await dispatcher.stop();
    const startSeen = seen.size;
    const pairs = Math.ceil(BACKLOG / 2);
    for (let done = 0; done < pairs; done += 500) await commit(Math.min(500, pairs - done), false);
    dispatcher = newDispatcher();
    const cpu0 = cpuUs();
    const rcpu0 = receiverCpuUs;
    const t0 = performance.now();
    dispatcher.start();
    await waitDelivered(startSeen + pairs * 2, 120_000);
    const s = (performance.now() - t0) / 1000;
    await sleep(100);
    const n = seen.size - startSeen;
    console.log(
      `backlog of ${pairs * 2} drained in ${s.toFixed(2)} s: ${(n / s).toFixed(0)} deliveries/s; ` +
        `CPU per delivery: dispatcher ${((cpuUs() - cpu0) / n).toFixed(0)} µs, receiver ${((receiverCpuUs - rcpu0) / n).toFixed(0)} µs`,
    );
  }

  console.log(`webhook bench: ${db.dialect}, dispatcher concurrency ${config.webhooks.concurrency}, keep-alive ${keepAlive ? 'on' : 'off'}, ${DURATION_S} s per load phase`);
  // Warm-up (JIT, connection pool, SQLite cache); not reported.
  for (let i = 0; i < 100; i++) {
    await commit(5, false);
    await sleep(10);
  }
  await waitDelivered(1000, 30_000);
  await offered(500);
  await offered(1000);
  await backlog();
  await sleep(300);
  await dispatcher.stop();

  const counts = Object.fromEntries(
    (await db.kysely.selectFrom('deliveries').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute()).map((r) => [r.status, Number(r.n)]),
  );
  const committed = Object.values(counts).reduce((a, b) => a + b, 0);
  const [delivered, pending, failed, cancelled] = [counts.succeeded ?? 0, counts.pending ?? 0, counts.failed ?? 0, counts.cancelled ?? 0];
  console.log(
    `ledger: committed ${committed} = delivered ${delivered} + pending ${pending} + failed ${failed} + cancelled ${cancelled}: ${committed === delivered + pending + failed + cancelled ? 'exact' : 'MISMATCH'}; ` +
      `receiver: ${seen.size} distinct events, ${received} requests, ${duplicates} duplicates, ${badSignatures} bad signatures`,
  );
  if (seen.size !== delivered || badSignatures > 0) process.exitCode = 1;
  child.disconnect();
  await fetcher.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
