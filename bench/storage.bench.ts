/**
 * What the S3 store (s3rver on loopback) adds over local disk: put of a ~5 MB file, and serving
 * a file through GET /files/<key> (whole 5 MB, a 1 MB range, a 50 KB cover). Medians of N runs.
 *
 *   npm run bench:storage            (N=15)
 *   BENCH_RUNS=30 npm run bench:storage
 *
 * benchStore() is exported for other benches (bench:scaleout) to measure a store they built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { LocalBlobStore, type BlobStore } from '../src/storage/blob-store.ts';
import { fileRoutes } from '../src/storage/files.routes.ts';
import { S3BlobStore } from '../src/storage/s3-blob-store.ts';
import { startS3 } from '../test/support/s3.ts';

export interface StoreBenchResult {
  putMs: number;
  getWholeMs: number;
  getRangeMs: number;
  getSmallMs: number;
}

const MB = 1024 * 1024;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Medians over `runs` of put(5 MB) and of GET /files/<key> through a real HTTP server on loopback. */
export async function benchStore(store: BlobStore, runs = 15): Promise<StoreBenchResult> {
  const big = Buffer.alloc(5 * MB, 7);
  const small = Buffer.alloc(50 * 1024, 3);
  const app = Fastify({ logger: false });
  fileRoutes(app, store);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${addr.port}`;
  const read = async (key: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/files/${key}`, { headers });
    if (res.status !== 200 && res.status !== 206) throw new Error(`GET ${key}: ${res.status}`);
    await res.arrayBuffer();
  };
  try {
    await store.put('bench/small/cover.jpg', small);
    const put: number[] = [];
    const whole: number[] = [];
    const range: number[] = [];
    const smallGets: number[] = [];
    for (let i = 0; i < runs + 2; i++) {
      const key = `bench/big/${i}/video.mp4`;
      const p = await timed(() => store.put(key, big));
      const w = await timed(() => read(key));
      const r = await timed(() => read(key, { range: `bytes=${2 * MB}-${3 * MB - 1}` }));
      const s = await timed(() => read('bench/small/cover.jpg'));
      // The first two runs warm connections and caches.
      if (i >= 2) {
        put.push(p);
        whole.push(w);
        range.push(r);
        smallGets.push(s);
      }
    }
    await store.removeUnder('bench');
    return { putMs: median(put), getWholeMs: median(whole), getRangeMs: median(range), getSmallMs: median(smallGets) };
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 15);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-storage-bench-'));
  const s3 = await startS3('bench');
  const s3store = new S3BlobStore(s3.settings, 'http://bench');
  try {
    const local = await benchStore(new LocalBlobStore(dir, 'http://bench'), runs);
    const remote = await benchStore(s3store, runs);
    const row = (name: string, k: keyof StoreBenchResult) =>
      `${name.padEnd(28)} ${local[k].toFixed(1).padStart(8)} ${remote[k].toFixed(1).padStart(8)} ${(remote[k] - local[k]).toFixed(1).padStart(8)}`;
    console.log(`storage bench: medians of ${runs} runs, ms (local disk vs S3 on s3rver, loopback)`);
    console.log(`${'operation'.padEnd(28)} ${'local'.padStart(8)} ${'s3'.padStart(8)} ${'added'.padStart(8)}`);
    console.log(row('put 5 MB', 'putMs'));
    console.log(row('GET /files 5 MB', 'getWholeMs'));
    console.log(row('GET /files 1 MB range', 'getRangeMs'));
    console.log(row('GET /files 50 KB', 'getSmallMs'));
  } finally {
    s3store.close();
    await s3.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
