// npm run bench:scaleout — videos per minute with 1 and then 2 `reelsmith worker` PROCESSES, in
// one run: PostgreSQL (DATABASE_URL; the bench makes its own database and drops it) + Redis
// (REDIS_URL; its own QUEUE_PREFIX, its keys removed at the end), one `reelsmith serve
// --no-worker` API process, the real media pipeline (script, espeak-ng speech, avatar, render,
// publish). Local storage: one shared DATA_DIR for every process (as on one machine); with
// STORAGE=s3 and the S3_* settings each worker gets its own DATA_DIR (as on separate machines).
//
// Settings (environment): BENCH_VIDEOS (per phase, default 6), BENCH_LENGTH (s, default 15),
// BENCH_RENDER_SCALE (default 0.5 → 540 × 960 for 9:16; the documented draft setting of this bench,
// RENDER_SCALE), BENCH_ASPECT (default 0 = 9:16). Each worker runs JOB_CONCURRENCY=1.
//
// Printed per phase: wall time from the first POST to the last video final, videos per minute,
// CPU seconds per video (the worker processes and their children: ffmpeg, espeak-ng), and renders
// per hour per core (3600 / CPU seconds per video) — the sizing figure docs/deploy.md uses.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { hexId } from '../src/lib/ids.ts';
import { freePort, root, runCli, spawnReelsmith, until, waitHttp, type Proc } from '../test/support/child-process.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
if (!DATABASE_URL || !REDIS_URL) {
  console.error('bench:scaleout needs DATABASE_URL (PostgreSQL) and REDIS_URL');
  process.exit(2);
}
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 6);
const LENGTH = Number(process.env.BENCH_LENGTH ?? 15);
const SCALE = process.env.BENCH_RENDER_SCALE ?? '0.5';
const ASPECT = Number(process.env.BENCH_ASPECT ?? 0);
const S3 = process.env.STORAGE === 's3' && Boolean(process.env.S3_BUCKET);

const tag = hexId().slice(0, 10);
const dbName = `reelsmith_bench_${tag}`;
const prefix = `bench-${tag}`;
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-scaleout-'));
  dirs.push(d);
  return d;
};
const sharedDataDir = tempDir();
const procs: Proc[] = [];

const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const benchDbUrl = new URL(DATABASE_URL);
benchDbUrl.pathname = `/${dbName}`;
const db = new pg.Client({ connectionString: benchDbUrl.toString() });

/** User + system CPU of a process and of its reaped children (ffmpeg), in ms; live children are counted in their own right. */
function cpuTreeMs(pid: number): number {
  const read = (p: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
    } catch {
      return 0;
    }
  };
  let total = read(pid);
  let children: string[] = [];
  try {
    children = fs.readdirSync(`/proc/${pid}/task`).flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
  } catch {
    // gone
  }
  for (const c of children) total += cpuTreeMs(Number(c));
  return total;
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env: Record<string, string> = {
  DATABASE_URL: benchDbUrl.toString(),
  REDIS_URL,
  QUEUE_PREFIX: prefix,
  DATA_DIR: sharedDataDir,
  PUBLIC_BASE_URL: baseUrl,
  RENDER_SCALE: SCALE,
  RATE_LIMIT_POST_PER_MINUTE: '10000',
  REELSMITH_TEST_GENERATOR: '',
  JOB_CONCURRENCY: '1',
  JOB_SWEEP_MS: '2000',
};

let exitCode = 0;
try {
  await db.connect();
  const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--username', 'bench', '--credits', '1000', '--json'], env)) as { api_key: string };
  const api = spawnReelsmith(['serve', '--no-worker'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  procs.push(api);
  await waitHttp(baseUrl, api, 60_000);
  const call = async (method: string, p: string, body?: unknown): Promise<any> => {
    const res = await fetch(baseUrl + p, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    if (json.code !== 0) throw new Error(`${method} ${p}: ${json.code} ${json.msg}`);
    return json.data;
  };
  const product = await call('POST', '/v1/product', {
    name: 'Aero Dock 3-in-1 Wireless Charger',
    description: 'The Aero Dock charges your phone, earbuds and watch at the same time. It folds flat and fits in any bag. Fast 15 W charging fills a phone in under two hours.',
  });
  const body = { product_id: product.product_id, aspect_ratio: ASPECT, video_length: String(LENGTH), avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public', language: 'english' };

  const startWorker = async (): Promise<Proc> => {
    const w = spawnReelsmith(['worker'], { ...env, LOG_LEVEL: 'info', ...(S3 ? { DATA_DIR: tempDir() } : {}) });
    procs.push(w);
    await until(() => (w.child.exitCode !== null ? Promise.reject(new Error(w.log())) : /background work started/.test(w.log()) ? true : undefined), 60_000, 'the worker started', 100);
    return w;
  };
  /** Posts n videos at once and waits until every one is final; wall time and the workers' CPU. */
  const batch = async (n: number, workers: Proc[]) => {
    const cpu0 = workers.map((w) => cpuTreeMs(w.pid));
    const t0 = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await call('POST', '/v1/create_video_from_url', body)).project_id as string);
    const statuses = await until(
      async () => {
        const rows = (await db.query(`SELECT id, status FROM videos WHERE id = ANY($1)`, [ids])).rows as { status: number }[];
        return rows.every((r) => r.status === 4 || r.status === 5) ? rows.map((r) => r.status) : undefined;
      },
      30 * 60_000,
      `${n} videos final`,
      200,
    );
    const wallS = (performance.now() - t0) / 1000;
    const cpuS = workers.reduce((sum, w, i) => sum + cpuTreeMs(w.pid) - cpu0[i]!, 0) / 1000;
    return { wallS, cpuS, failed: statuses.filter((s) => s === 5).length };
  };

  console.log(`bench:scaleout: ${VIDEOS} videos of ${LENGTH} s per phase, aspect ${ASPECT}, RENDER_SCALE ${SCALE}, JOB_CONCURRENCY 1 per worker, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, storage ${S3 ? 's3' : 'local (shared DATA_DIR)'}`);
  const results: { workers: number; wallS: number; cpuS: number; failed: number }[] = [];
  const workers: Proc[] = [];
  for (const count of [1, 2]) {
    while (workers.length < count) workers.push(await startWorker());
    await batch(count, workers); // warm-up: one video per worker (first-use costs: fonts, voices)
    const r = await batch(VIDEOS, workers);
    results.push({ workers: count, ...r });
    console.log(
      `${count} worker process${count > 1 ? 'es' : ''}: ${VIDEOS} videos in ${r.wallS.toFixed(1)} s → ${((VIDEOS / r.wallS) * 60).toFixed(2)} videos/min; ` +
        `${(r.cpuS / VIDEOS).toFixed(1)} CPU s per video → ${(3600 / (r.cpuS / VIDEOS)).toFixed(0)} renders/hour/core; failed ${r.failed}; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
  const [one, two] = results;
  if (one && two) console.log(`speed-up 1 → 2 workers: ${(one.wallS / two.wallS).toFixed(2)}× (on ${os.cpus().length} cores shared with whatever else runs)`);

  // ---- S3 HOOK ------------------------------------------------------------------------------
  // "S3 adds X ms to a video (upload of the MP4) and to serving a file": measured by
  // bench/storage.bench.ts (another part of the project). With STORAGE=s3 and the S3_* settings
  // present, and that bench in place, it is run here and its figures printed after ours.
  await s3Figures();
  // --------------------------------------------------------------------------------------------
  if (results.some((r) => r.failed > 0)) exitCode = 1;
} catch (err) {
  console.error(err);
  for (const p of procs) console.error(`--- process ${p.pid} log tail:\n${p.log().slice(-3000)}`);
  exitCode = 1;
} finally {
  await Promise.all(procs.map((p) => p.stop()));
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
process.exit(exitCode);

async function s3Figures(): Promise<void> {
  const storageBench = path.join(root, 'bench', 'storage.bench.ts');
  if (!S3) return void console.log('S3: not measured (set STORAGE=s3 and the S3_* settings to add the upload/serving overhead)');
  if (!fs.existsSync(storageBench)) return void console.log('S3: bench/storage.bench.ts is not present; upload/serving overhead not measured');
  const out = await new Promise<string>((resolve) =>
    execFile(process.execPath, ['--import', 'tsx', storageBench], { cwd: root, env: process.env, timeout: 10 * 60_000 }, (err, stdout, stderr) => resolve(err ? `failed: ${err.message}\n${stderr}` : stdout)),
  );
  console.log(`S3 (bench/storage.bench.ts):\n${out.trimEnd()}`);
}
