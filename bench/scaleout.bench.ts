// npm run bench:scaleout — videos per minute with 1 and then 2 `reelsmith worker` PROCESSES, in
// one run: PostgreSQL (DATABASE_URL; the bench makes its own database and drops it) + Redis
// (REDIS_URL; its own QUEUE_PREFIX, its keys removed at the end), one `reelsmith serve
// --no-worker` API process, the real media pipeline (script, espeak-ng speech, avatar, render,
// publish). It runs on local storage — one shared DATA_DIR for every process (as on one
// machine) — and then on S3, each process with a DATA_DIR of its own (as on separate machines):
// s3rver started on loopback by the bench, or the bucket of STORAGE=s3 + S3_* when those are set.
// From the same runs it prints what S3 adds: the publish step of a video (the worker's "video
// files stored" log line) and a GET of each MP4 through the API, medians local vs S3.
//
// Settings (environment): BENCH_STORAGE (default "local,s3"; "local" or "s3" for one),
// BENCH_VIDEOS (per phase, default 6), BENCH_LENGTH (s, default 15),
// BENCH_RENDER_SCALE (default 0.5 → 540 × 960 for 9:16; the documented draft setting of this bench,
// RENDER_SCALE), BENCH_ASPECT (default 0 = 9:16). Each worker runs JOB_CONCURRENCY=1.
//
// Printed per phase: wall time from the first POST to the last video final, videos per minute,
// CPU seconds per video (the worker processes and their children: ffmpeg, espeak-ng), and renders
// per hour per core (3600 / CPU seconds per video) — the sizing figure docs/deploy.md uses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { hexId } from '../src/lib/ids.ts';
import { freePort, runCli, spawnReelsmith, until, waitHttp, type Proc } from '../test/support/child-process.ts';
import { startS3, type TestS3 } from '../test/support/s3.ts';

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

/** Settings every process shares; storage, PUBLIC_BASE_URL and DATA_DIR are set per run. */
const env: Record<string, string> = {
  DATABASE_URL: benchDbUrl.toString(),
  REDIS_URL,
  QUEUE_PREFIX: prefix,
  DATA_DIR: sharedDataDir,
  RENDER_SCALE: SCALE,
  RATE_LIMIT_POST_PER_MINUTE: '10000',
  REELSMITH_TEST_GENERATOR: '',
  JOB_CONCURRENCY: '1',
  JOB_SWEEP_MS: '2000',
};

/** Collects the "video files stored" lines (ms, bytes) a worker logs when it publishes a video. */
function watchPublishes(w: Proc, into: { ms: number; bytes: number }[]): void {
  let rest = '';
  const onData = (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('video files stored')) continue;
      try {
        const j = JSON.parse(line) as { ms: number; bytes: number };
        into.push({ ms: j.ms, bytes: j.bytes });
      } catch {
        // not a JSON line
      }
    }
  };
  w.child.stdout!.on('data', onData);
  w.child.stderr!.on('data', onData);
}

const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)]! : NaN;
};

interface PhaseResult {
  workers: number;
  wallS: number;
  cpuS: number;
  failed: number;
}
interface StorageResult {
  storage: Storage;
  phases: PhaseResult[];
  /** Per published video: the publish step (all its files to the store). */
  publishes: { ms: number; bytes: number }[];
  /** GET of each video's MP4 through the API, whole file, ms. */
  serveMs: number[];
}

/** One API process and 1, then 2 worker processes on one storage backend. */
async function runOn(storage: Storage, storageEnv: Record<string, string>, key: string): Promise<StorageResult> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nodeEnv = { ...env, ...storageEnv, PUBLIC_BASE_URL: baseUrl };
  const api = spawnReelsmith(['serve', '--no-worker'], { ...nodeEnv, PORT: String(port), HOST: '127.0.0.1', ...(storage === 's3' ? { DATA_DIR: tempDir() } : {}) });
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
  const publishes: { ms: number; bytes: number }[] = [];
  const startWorker = async (): Promise<Proc> => {
    // Local storage: the shared DATA_DIR (one machine). S3: a DATA_DIR of its own (another machine).
    const w = spawnReelsmith(['worker'], { ...nodeEnv, LOG_LEVEL: 'info', ...(storage === 's3' ? { DATA_DIR: tempDir() } : {}) });
    procs.push(w);
    watchPublishes(w, publishes);
    await until(() => (w.child.exitCode !== null ? Promise.reject(new Error(w.log())) : /background work started/.test(w.log()) ? true : undefined), 60_000, 'the worker started', 100);
    return w;
  };
  const allIds: string[] = [];
  /** Posts n videos at once and waits until every one is final; wall time and the workers' CPU. */
  const batch = async (n: number, workers: Proc[]) => {
    const cpu0 = workers.map((w) => cpuTreeMs(w.pid));
    const t0 = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await call('POST', '/v1/create_video_from_url', body)).project_id as string);
    allIds.push(...ids);
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

  console.log(`storage ${storage === 's3' ? `s3 (${storageEnv.S3_ENDPOINT ?? 'AWS'}; a DATA_DIR per process)` : 'local (shared DATA_DIR)'}:`);
  const phases: PhaseResult[] = [];
  const workers: Proc[] = [];
  for (const count of [1, 2]) {
    while (workers.length < count) workers.push(await startWorker());
    await batch(count, workers); // warm-up: one video per worker (first-use costs: fonts, voices)
    const r = await batch(VIDEOS, workers);
    phases.push({ workers: count, ...r });
    console.log(
      `  ${count} worker process${count > 1 ? 'es' : ''}: ${VIDEOS} videos in ${r.wallS.toFixed(1)} s → ${((VIDEOS / r.wallS) * 60).toFixed(2)} videos/min; ` +
        `${(r.cpuS / VIDEOS).toFixed(1)} CPU s per video → ${(3600 / (r.cpuS / VIDEOS)).toFixed(0)} renders/hour/core; failed ${r.failed}; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
  // Serving: each finished video's MP4 fetched whole through the API (the workers are idle now).
  const serveMs: number[] = [];
  for (const id of allIds) {
    const p = await call('GET', `/v1/project?project_id=${id}`);
    if (p.status_code !== 4) continue;
    const t0 = performance.now();
    const res = await fetch(p.video_url);
    await res.arrayBuffer();
    if (res.status === 200) serveMs.push(performance.now() - t0);
  }
  await Promise.all([api, ...workers].map((p) => p.stop()));
  return { storage, phases, publishes, serveMs };
}

type Storage = 'local' | 's3';
const STORAGES = (process.env.BENCH_STORAGE ?? 'local,s3').split(',').filter((x): x is Storage => x === 'local' || x === 's3');
/** STORAGE=s3 with S3_BUCKET in the environment: that bucket; otherwise s3rver on loopback, started here. */
const externalS3 = process.env.STORAGE === 's3' && Boolean(process.env.S3_BUCKET);

let exitCode = 0;
let s3: TestS3 | undefined;
try {
  await db.connect();
  const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--username', 'bench', '--credits', '1000', '--json'], env)) as { api_key: string };
  console.log(`bench:scaleout: ${VIDEOS} videos of ${LENGTH} s per phase, aspect ${ASPECT}, RENDER_SCALE ${SCALE}, JOB_CONCURRENCY 1 per worker, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, storage ${STORAGES.join(' then ')}`);
  const results: StorageResult[] = [];
  for (const storage of STORAGES) {
    let storageEnv: Record<string, string> = { STORAGE: 'local' };
    if (storage === 's3') {
      if (!externalS3) s3 ??= await startS3('bench-scaleout');
      storageEnv = externalS3 ? { STORAGE: 's3' } : s3!.env;
    }
    results.push(await runOn(storage, storageEnv, key));
  }
  for (const r of results) {
    const [one, two] = r.phases;
    if (one && two) console.log(`${r.storage}: speed-up 1 → 2 workers ${(one.wallS / two.wallS).toFixed(2)}× (on ${os.cpus().length} cores shared with whatever else runs)`);
  }

  // ---- S3 -------------------------------------------------------------------------------------
  // What S3 adds, from the same runs: the publish step of every video (the worker's "video files
  // stored" line: MP4 + cover uploaded) and a GET of each MP4 through the API, local vs S3.
  // (bench:storage measures the same on synthetic files, without the pipeline.)
  const local = results.find((r) => r.storage === 'local');
  const remote = results.find((r) => r.storage === 's3');
  if (local && remote) {
    const pubL = median(local.publishes.map((p) => p.ms));
    const pubS = median(remote.publishes.map((p) => p.ms));
    const mb = median(remote.publishes.map((p) => p.bytes)) / 1024 / 1024;
    const getL = median(local.serveMs);
    const getS = median(remote.serveMs);
    console.log(
      `S3 adds ${(pubS - pubL).toFixed(0)} ms to a video (upload of the MP4 and cover, ${mb.toFixed(1)} MB: publish median ${pubL.toFixed(0)} ms local vs ${pubS.toFixed(0)} ms S3, ${local.publishes.length}/${remote.publishes.length} videos) ` +
        `and ${(getS - getL).toFixed(0)} ms to serving a file (GET of the MP4 through the API, median ${getL.toFixed(0)} ms local vs ${getS.toFixed(0)} ms S3, ${local.serveMs.length}/${remote.serveMs.length} files)`,
    );
    for (const r of results) {
      const [one, two] = r.phases;
      console.log(`  ${r.storage.padEnd(5)} 1 worker ${((VIDEOS / one!.wallS) * 60).toFixed(2)} videos/min, 2 workers ${((VIDEOS / two!.wallS) * 60).toFixed(2)} videos/min`);
    }
  } else {
    console.log('S3: not measured (BENCH_STORAGE=local,s3 runs both and prints what S3 adds)');
  }
  // ----------------------------------------------------------------------------------------------
  if (results.some((r) => r.phases.some((p) => p.failed > 0))) exitCode = 1;
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
  await s3?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
process.exit(exitCode);
