/**
 * A `reelsmith worker` cut down to what split renders need, as its own process (so a test can
 * SIGKILL it mid-segment): a BullMQ worker on PostgreSQL whose only job kind is the segment job.
 * Settings from the environment: DATABASE_URL, SEG_SCHEMA, REDIS_URL, SEG_PREFIX, SEG_WORK_ROOT,
 * SEG_LEASE_MS, SEG_WARM (1: the render warm-up before taking jobs). Log lines go to stdout as JSON.
 */
import '../../src/pipeline/render/alloc-env.ts';
import { openDb } from '../../src/db/database.ts';
import { BullJobWorker } from '../../src/jobs/bullmq.ts';
import { JobRepository } from '../../src/jobs/job.repository.ts';
import { Signals } from '../../src/jobs/wakeup.ts';
import { warmUp } from '../../src/jobs/warm-up.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { SEGMENT_JOB_KIND } from '../../src/videos/segment-dispatch.ts';
import { SegmentJob } from '../../src/videos/segment.job.ts';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const line = (level: string) => (obj: object, msg: string) => process.stdout.write(`${JSON.stringify({ level, msg, ...obj, err: undefined })}\n`);
const log = { info: line('info'), warn: line('warn'), error: line('error') };

const db = openDb({ databaseUrl: env('DATABASE_URL'), pgSchema: env('SEG_SCHEMA'), poolSize: 2 });
const jobs = new JobRepository(db.kysely, db.dialect);
const leaseMs = Number(env('SEG_LEASE_MS'));
const owner = `segment-worker:${process.pid}`;
const handler = new SegmentJob({ jobs, signals: new Signals(), clock: systemClock, workRoot: env('SEG_WORK_ROOT'), log });
const worker = new BullJobWorker({ redisUrl: env('REDIS_URL'), prefix: env('SEG_PREFIX') }, jobs, { [SEGMENT_JOB_KIND]: handler }, { leaseMs, timeoutMs: 600_000, owner, concurrency: 1, clock: systemClock, log });
// SEG_WARM=1: warmed like `reelsmith worker` is at start (src/jobs/warm-up.ts: a short render) before taking jobs.
if (process.env.SEG_WARM === '1') log.info({ ...(await warmUp({ steps: ['render'] })) }, 'segment worker warmed up');
worker.start();
log.info({ owner }, 'segment worker started');
process.on('SIGTERM', () => {
  void worker.stop().then(() => db.close()).then(() => process.exit(0));
});
