/**
 * npm run bench:crawl-load — the server under hostile crawls, and crawl throughput.
 *
 *   1. /health latency while 10 hostile pages (500,000 nested <div>s, 2.5 MB each) are crawled at
 *      once, kept 10 in flight for BENCH_HOSTILE_S seconds (default 5); then the same with 10 pages
 *      that pass the element/depth budget but are heavy to parse (150,000 elements, 2 MB).
 *      Target: /health p99 ≤ 50 ms.
 *   2. Throughput: every page of the shared product-page set (../shared/bench/product-pages)
 *      crawled through POST /v1/product, BENCH_CONCURRENCY (default 4) at a time, in pages/s.
 *
 * Everything runs on loopback: the server runs in this process (a real HTTP server, the same
 * event loop the client's /health probes wait on), pages are served by a shop in a child process
 * (bench/support/crawl-shop.ts), and DNS answers nothing, so media on other hosts fail at once
 * and no request leaves the machine.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../test/support/server.ts';

const HOSTILE_S = Number(process.env.BENCH_HOSTILE_S ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = process.env.CRAWL_BENCH_DIR ?? path.resolve(repoRoot, '..', 'shared', 'bench', 'product-pages');

const pageCount = (JSON.parse(readFileSync(path.join(benchDir, 'manifest.json'), 'utf8')) as { pages: unknown[] }).pages.length;
const { base: shopBase, stop: stopShop } = await startShop();
/** The hostile site runs in its own process, as it would elsewhere: its sending costs the server nothing. */
async function startShop(): Promise<{ base: string; stop: () => void }> {
  const child = fork(fileURLToPath(new URL('./support/crawl-shop.ts', import.meta.url)), [benchDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the shop exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1' } });
const { apiKey: key } = await s.account();
const crawl = (url: string) => s.call('POST', '/v1/product', { key, body: { url } });

const pct = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 0.5).toFixed(1)} ms, p99 ${pct(xs, 0.99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} probes)`;

async function probeHealth(until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!until()) {
    const t0 = performance.now();
    const res = await fetch(`${s.baseUrl}/health`);
    await res.text();
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  return out;
}

/** Keeps 10 crawls of `kind` in flight for HOSTILE_S seconds while /health is probed. */
async function hostile(kind: 'deep' | 'wide') {
  const end = Date.now() + HOSTILE_S * 1000;
  let running = 0;
  const outcomes = new Map<string, number>();
  let crawled = 0;
  const lane = async (i: number) => {
    running++;
    while (Date.now() < end) {
      const res = await crawl(`${shopBase}/${kind}/${i}`);
      const what = `${res.body.code} ${res.body.msg}`;
      outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
      crawled++;
    }
    running--;
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const lanes = Array.from({ length: 10 }, (_, i) => lane(i));
  const latencies = await probeHealth(() => running === 0 && Date.now() >= end);
  await Promise.all(lanes);
  loop.disable();
  console.log(`${kind} pages (${kind === 'deep' ? '500,000 nested elements, 2.5 MB' : '150,000 elements, 2.4 MB'}), 10 at once for ${HOSTILE_S} s: ${crawled} crawls`);
  for (const [what, n] of outcomes) console.log(`  ${n} × ${what}`);
  console.log(`  /health ${fmt(latencies)}`);
  // The event loop's own delay tells a blocked loop from a process waiting for a CPU on a busy machine.
  console.log(`  event-loop delay p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
  return latencies;
}

try {
  console.log(`load average at start: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
  // Idle baseline, which also starts the extraction threads.
  await crawl(`${shopBase}/page/0`);
  let idleDone = false;
  setTimeout(() => (idleDone = true), 1000);
  console.log(`idle /health ${fmt(await probeHealth(() => idleDone))}`);

  const deep = await hostile('deep');
  const wide = await hostile('wide');
  const p99 = pct([...deep, ...wide], 0.99);
  console.log(`/health p99 under hostile crawls: ${p99.toFixed(1)} ms (target ≤ 50 ms) ${p99 <= 50 ? 'MET' : 'NOT MET'}`);

  let next = 0;
  const codes = new Map<number, number>();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < pageCount) {
        const i = next++;
        const res = await crawl(`${shopBase}/page/${i}`);
        codes.set(res.body.code, (codes.get(res.body.code) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `throughput: ${pageCount} product pages via POST /v1/product, ${CONCURRENCY} at a time: ${(pageCount / seconds).toFixed(1)} pages/s ` +
      `(${seconds.toFixed(1)} s; codes ${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')}; media on other hosts fail at once: no DNS)`,
  );
} finally {
  await s.close();
  stopShop();
}
