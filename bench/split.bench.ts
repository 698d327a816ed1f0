// bench:split (issue 29, item 3): one long video rendered by one worker, then by two workers each
// pinned to one core (taskset -c 0 renders the video and segment 0, taskset -c 1 a segment
// worker), in alternating runs. Prints each run's wall time, the frame count decoded from each
// file, whether the joined file's audio equals the one-worker render's sample for sample, the
// wall-time speed-up (target >= 1.6 for a 60 s 1080 p video), each pinned process's CPU seconds
// and the CPU-bound estimate, and the machine's load (uptime) before each run: other work on the
// machine skews both sides. Ends with one verdict line per requirement; exits 1 when a joined file
// has a wrong frame count or audio that differs (a wrong result, whatever the speed).
//
// Each pinned process is started in a session of its own (setsid, via spawn's `detached`): with
// the kernel's autogroup scheduling (/proc/sys/kernel/sched_autogroup_enabled = 1) every session
// is one scheduling group sharing the CPU fairly with the other sessions, so two workers in one
// session (the bench's) would share one session's worth of CPU on a busy machine; in their own
// sessions each pinned worker competes for its core like a worker process started on its own
// (systemd starts each `reelsmith worker` in a service of its own). The autogroup of each process
// is printed.
//
// Needs DATABASE_URL (PostgreSQL) and REDIS_URL, like the scale-out tests; taskset (util-linux).
// Settings (environment): BENCH_LENGTH (s, default 60), BENCH_RENDER_SCALE (default 1 → 1080 × 1920),
// BENCH_RUNS (pairs, default 2), BENCH_WARM (default 1: every pinned process, the one-worker
// render, the video job's and the segment worker, runs the render warm-up before it is timed,
// like `reelsmith worker` at start; 0: cold).
//
// Internally the same file runs as the pinned render process (BENCH_SPLIT_ROLE=single|parent).
import '../src/pipeline/render/alloc-env.ts';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { openDb } from '../src/db/database.ts';
import { reposFor } from '../src/db/repos.ts';
import { BullJobQueue } from '../src/jobs/bullmq.ts';
import { JobRepository } from '../src/jobs/job.repository.ts';
import { systemClock } from '../src/lib/clock.ts';
import { hexId } from '../src/lib/ids.ts';
import { renderVideo, type RenderVideoInput } from '../src/pipeline/render/render-video.ts';
import { renderVideoSplit, type SegmentDispatch } from '../src/pipeline/render/render-segments.ts';
import { sampleNarration, sampleSentences, writeSampleProduct } from '../src/pipeline/render/sample.ts';
import { warmUp } from '../src/jobs/warm-up.ts';
import { SplitRender } from '../src/videos/segment-dispatch.ts';
import { postgresTestDb } from '../test/support/db.ts';
import { countedFrames, pcmDigest } from '../test/support/media-probe.ts';

const LENGTH = Number(process.env.BENCH_LENGTH ?? 60);
const SCALE = Number(process.env.BENCH_RENDER_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const WARM = (process.env.BENCH_WARM ?? '1') === '1';
const quiet = { info: () => undefined, warn: (o: object, m: string) => console.error(m, o), error: (o: object, m: string) => console.error(m, o) };

/**
 * CPU seconds of a process and its reaped children (ffmpeg): utime + stime + cutime + cstime from
 * /proc/<pid>/stat, at 100 ticks a second. On a pinned, otherwise idle core, wall time ≈ this.
 */
function cpuSeconds(pid: number | 'self'): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of stat; after the ")" the first is field 3.
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

async function inputIn(dir: string): Promise<RenderVideoInput> {
  const product = await writeSampleProduct(path.join(dir, 'product'));
  const narration = await sampleNarration(path.join(dir, 'narration'), sampleSentences(LENGTH));
  return { narration, product, avatarId: 1, templateId: 1, visualStyle: 'Bold Pop', aspectRatio: 0, caption: true, scale: SCALE, outDir: path.join(dir, 'out') };
}

/** The pinned render process: prints {"ms":…, "frames":…} on its last line. */
async function renderRole(role: string): Promise<void> {
  const dir = process.env.BENCH_DIR!;
  const input = await inputIn(dir);
  if (WARM) await warmUp({ steps: ['render'] });
  const t0 = performance.now();
  const cpu0 = cpuSeconds('self');
  if (role === 'single') {
    const r = await renderVideo({ ...input, outDir: path.join(dir, `single-${hexId().slice(0, 6)}`) });
    console.log(JSON.stringify({ ms: performance.now() - t0, frames: r.frames, video: r.videoPath, cpuS: cpuSeconds('self') - cpu0 }));
    return;
  }
  const db = openDb({ databaseUrl: process.env.DATABASE_URL!, pgSchema: process.env.SEG_SCHEMA!, poolSize: 2 });
  const jobs = new JobRepository(db.kysely, db.dialect);
  const queue = new BullJobQueue({ redisUrl: process.env.REDIS_URL!, prefix: process.env.SEG_PREFIX! }, quiet);
  try {
    const id = hexId();
    await jobs.insert({ id, kind: 'video.generate', accountId: process.env.BENCH_ACCOUNT!, maxAttempts: 3, runAt: Date.now(), nowMs: Date.now() });
    const job = (await jobs.claimOne(id, 'bench-parent', Date.now(), 600_000))!;
    const split = new SplitRender({ jobs, queue: () => queue, workRoot: process.env.SEG_WORK_ROOT!, concurrency: 1, maxAttempts: 3, leaseMs: 60_000, clock: systemClock, log: quiet });
    const t1 = performance.now();
    const d = split.forAttempt(job, 'bench-parent');
    // Where the parent's time goes: its own segment (offer → collect), then waiting for and joining the others.
    let collectAt = 0;
    let collectedAt = 0;
    let segments = 1;
    const timedDispatch: SegmentDispatch = {
      dir: d.dir,
      idleHelpers: () => d.idleHelpers(),
      offer: (n) => ((segments = n), d.offer(n)),
      collect: async (n, here, signal) => {
        collectAt = performance.now();
        await d.collect(n, here, signal);
        collectedAt = performance.now();
      },
      withdraw: (n) => d.withdraw(n),
    };
    const r = await renderVideoSplit({ ...input, outDir: path.join(dir, `split-${id.slice(0, 6)}`) }, {}, timedDispatch);
    const end = performance.now();
    console.log(JSON.stringify({ ms: end - t1, frames: r.frames, video: r.videoPath, segments, ownMs: collectAt - t1, waitMs: collectedAt - collectAt, joinMs: end - collectedAt, cpuS: cpuSeconds('self') - cpu0 }));
  } finally {
    await queue.close();
    await db.close();
  }
}

/** Processes started and not yet exited: killed (their whole session) if the bench is stopped. */
const running = new Set<ReturnType<typeof spawn>>();

/** A process pinned to one core, in a session (so an autogroup) of its own; taskset execs node, so the pid is the worker's. */
function pinned(core: number, args: string[], env: NodeJS.ProcessEnv) {
  const p = spawn('taskset', ['-c', String(core), process.execPath, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  running.add(p);
  p.once('exit', () => running.delete(p));
  return p;
}

/** The scheduling group a process is in ("/autogroup-<n> nice <k>"), or why it cannot be told. */
function autogroup(pid: number | 'self'): string {
  try {
    return fs.readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim().split(' ')[0]!;
  } catch {
    return 'no autogroup';
  }
}

/** The bench's scratch directory (renders, plans, segments), once made. */
let scratch: string | null = null;

/**
 * Stopped (Ctrl-C, SIGTERM): the pinned processes are in sessions of their own, so they are ended
 * here (each one's process group, with its ffmpeg children) and the scratch directory removed.
 * The run's Redis keys (prefix bench-split-*) and PostgreSQL test schema are left.
 */
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    for (const p of running) if (p.pid) try { process.kill(-p.pid, 'SIGKILL'); } catch { /* gone already */ }
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    process.exit(130);
  });

type Timed = { cpuS: number; ms: number; frames: number; video: string; segments?: number; ownMs?: number; waitMs?: number; joinMs?: number };

async function timed(core: number, env: NodeJS.ProcessEnv, seen: Set<string>): Promise<Timed> {
  const p = pinned(core, ['bench/split.bench.ts'], env);
  // Read while it runs (the file goes with the process).
  setTimeout(() => seen.add(autogroup(p.pid!)), 500).unref();
  let out = '';
  p.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  const code = await new Promise<number | null>((res) => p.once('exit', res));
  if (code !== 0) throw new Error(`render process exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as Timed;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('bench:split needs DATABASE_URL and REDIS_URL');
  execFileSync('taskset', ['-c', '0', 'true']);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-split-'));
  scratch = dir;
  const testDb = (await postgresTestDb())!;
  const prefix = `bench-split-${hexId().slice(0, 8)}`;
  const account = await reposFor(testDb.db.kysely).accounts.create({ username: `bench${hexId().slice(0, 6)}`, email: null, nowMs: Date.now() });
  // The segment worker warms up before taking jobs, as `reelsmith worker` does (BENCH_WARM=0: cold, as before 2026-11-29).
  const env = { BENCH_DIR: dir, SEG_SCHEMA: testDb.db.pgSchema ?? '', SEG_PREFIX: prefix, SEG_WORK_ROOT: path.join(dir, 'work'), SEG_LEASE_MS: '60000', BENCH_ACCOUNT: account.id, SEG_WARM: WARM ? '1' : '0' };
  // The segment worker on core 1, waiting in BullMQ's blocking read.
  const helper = pinned(1, ['test/support/segment-worker.ts'], env);
  // The segment worker's "job finished" lines: which segments it rendered, and how long each took.
  helper.stdout!.setEncoding('utf8').on('data', (d: string) => {
    for (const l of d.split('\n')) if (l.includes('job finished') || l.includes('job failed') || l.includes('given back')) console.log(`    segment worker: ${(JSON.parse(l) as { msg: string }).msg}`);
  });
  const queue = new BullJobQueue({ redisUrl: process.env.REDIS_URL, prefix }, quiet);
  const results: { single: number[]; split: number[] } = { single: [], split: [] };
  const cpu: { single: number[]; split: number[] } = { single: [], split: [] };
  /** Files whose decoded frame count is not the expected one; joined files whose audio differs from the one-worker render's. */
  const wrongFrames: string[] = [];
  const audioDiffers: string[] = [];
  let audioCompared = 0;
  const groups = new Set<string>();
  let failed = false;
  try {
    while ((await queue.idleSlots(1)) < 1) await sleep(100);
    const helperGroup = autogroup(helper.pid!);
    console.log(`bench:split: ${LENGTH} s video, render scale ${SCALE}, ${RUNS} alternating pair(s); one worker on core 0 vs two workers on cores 0 and 1; ${WARM ? 'every worker warmed up before it is timed' : 'cold workers'}`);
    for (let i = 0; i < RUNS; i++) {
      let singleAudio: { bytes: number; sha: string } | null = null;
      for (const role of ['single', 'parent'] as const) {
        const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
        const helperCpu0 = cpuSeconds(helper.pid!);
        const r = await timed(0, { ...env, BENCH_SPLIT_ROLE: role }, groups);
        const helperCpu = cpuSeconds(helper.pid!) - helperCpu0;
        // What the slower of the two pinned processes used: the wall time of this run on a quiet machine.
        (role === 'single' ? cpu.single : cpu.split).push(role === 'single' ? r.cpuS : Math.max(r.cpuS, helperCpu));
        const frames = await countedFrames(r.video);
        if (frames !== r.frames) wrongFrames.push(`run ${i + 1} ${role}: ${frames} of ${r.frames}`);
        // The joined file's audio against the one-worker render of the same pair, decoded to PCM.
        const pcm = await pcmDigest(r.video);
        let audio = '';
        if (role === 'single') singleAudio = pcm;
        else if (singleAudio) {
          audioCompared++;
          const same = pcm.bytes === singleAudio.bytes && pcm.sha === singleAudio.sha;
          if (!same) audioDiffers.push(`run ${i + 1}: ${pcm.bytes} bytes ${pcm.sha.slice(0, 12)} against ${singleAudio.bytes} bytes ${singleAudio.sha.slice(0, 12)}`);
          audio = `; audio ${same ? 'equal to' : 'DIFFERS from'} the one-worker render's (${pcm.bytes / 4} PCM sample frames)`;
        }
        (role === 'single' ? results.single : results.split).push(r.ms);
        const parts = r.segments ? `; ${r.segments} segments, own segment ${(r.ownMs! / 1000).toFixed(1)} s, then waiting ${(r.waitMs! / 1000).toFixed(1)} s, join ${(r.joinMs! / 1000).toFixed(1)} s` : '';
        console.log(`  run ${i + 1} ${role === 'single' ? 'one worker ' : 'two workers'}: ${(r.ms / 1000).toFixed(1)} s, ${frames} frames decoded (${r.frames} expected)${parts}${audio}; CPU ${r.cpuS.toFixed(1)} s${role === 'single' ? `, segment worker idle meanwhile ${helperCpu.toFixed(1)} s` : ` + segment worker ${helperCpu.toFixed(1)} s`}; load before ${load}`);
      }
    }
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    const speedup = median(results.single) / median(results.split);
    console.log(`scheduling groups: bench ${autogroup('self')}, segment worker ${helperGroup}, render processes ${[...groups].join(', ')} (autogroup ${fs.readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1' ? 'on' : 'off'})`);
    console.log(`load now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
    // On a loaded machine the wall times say more about the neighbours than about the split: the
    // CPU seconds of the busier pinned process are what its core needs, i.e. the wall time on a quiet machine.
    console.log(`CPU-bound estimate (one worker's CPU s / the busier of the two workers' CPU s): ${(median(cpu.single) / median(cpu.split)).toFixed(2)}`);
    // What issue 29 item 3 asks, one line each.
    console.log(`speed-up, wall (median one worker / median two workers): ${speedup.toFixed(2)} (target >= 1.6: ${speedup >= 1.6 ? 'met' : 'NOT met'})`);
    console.log(`frame count: ${wrongFrames.length ? `WRONG in ${wrongFrames.join('; ')}` : `every file (${2 * RUNS}) decodes to exactly the expected frames`}`);
    console.log(`audio: ${audioDiffers.length ? `DIFFERS in ${audioDiffers.join('; ')}` : `every joined file (${audioCompared}) equals the one-worker render's sample for sample (decoded PCM)`}`);
    failed = wrongFrames.length > 0 || audioDiffers.length > 0 || audioCompared < RUNS;
  } finally {
    helper.kill('SIGTERM');
    await new Promise((res) => helper.once('exit', res));
    await queue.close();
    const redis = new Redis(process.env.REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await testDb.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

const role = process.env.BENCH_SPLIT_ROLE;
if (role) await renderRole(role);
else await main();
