import type { Command } from 'commander';
import { createWorker } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { explained } from './user-errors.ts';

/**
 * `reelsmith worker`: only background work — video jobs (through BullMQ when REDIS_URL is set,
 * else straight from the database) and webhook deliveries. Any number can run, on any machine
 * that reaches the database (and Redis).
 */
export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('run video jobs and webhook deliveries only (DATABASE_URL, REDIS_URL, QUEUE_PREFIX, JOB_CONCURRENCY, DATA_DIR, PUBLIC_BASE_URL)')
    .action(async () => {
      const config = loadConfig();
      const worker = await explained({ databaseUrl: config.databaseUrl ?? '' }, () => createWorker(config));
      if (config.warmUp) void worker.warmUp();
      let stopping = false;
      const stop = async () => {
        if (stopping) return;
        stopping = true;
        await worker.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
