/**
 * Product cut-outs off the event loop: one small pool of worker threads (piscina) per process,
 * started on the first cut-out and idle-closed after a minute. Each image is cut out once per
 * video (media.ts prepareImage), never per frame. Once a video's media is prepared the thread is
 * let go (releaseCutoutThread): idle, it holds ~70 MB (its isolate and the task's garbage)
 * through the whole render, the renderer's memory peak; starting one again costs ~0.2 CPU s (its code bundled, lib/worker-entry.ts).
 *
 * A cut-out made once is kept for the process's next videos (cutout-memo.ts: keyed by the image
 * file's bytes and the size asked for, held deflated): the same product made again (another video,
 * aspect or language) finds it and starts no thread.
 */
import { Piscina } from 'piscina';
import type { CutoutResult, CutoutTask } from './cutout.task.ts';
import { CutoutMemo } from './cutout-memo.ts';
import { workerEntry } from '../../lib/worker-entry.ts';

const WORKER = new URL('./cutout.worker.ts', import.meta.url);
let pool: Piscina<CutoutTask, CutoutResult> | null = null;
const memo = new CutoutMemo();
let tasksRun = 0;

export function cutOutImage(task: CutoutTask): Promise<CutoutResult> {
  return memo.get(task, async () => {
    tasksRun++;
    const entry = await workerEntry(WORKER);
    pool ??= new Piscina<CutoutTask, CutoutResult>({ ...entry, minThreads: 0, maxThreads: 1, idleTimeout: 60_000 });
    return pool.run(task);
  });
}

/** Worker threads the pool has alive now (tests, benches). */
export function cutoutThreads(): number {
  return pool?.threads.length ?? 0;
}

/** Cut-outs run in the thread since the process started (tests, benches: the others came from the memo). */
export function cutoutTasksRun(): number {
  return tasksRun;
}

/**
 * Lets the pool's thread go once the cut-outs asked for so far are done (a graceful close: tasks
 * already queued, another video's too, still run); a later cut-out starts a new pool.
 */
export async function releaseCutoutThread(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}

/** Ends the pool's threads (tests and shutdown; a later cut-out starts a new pool). The memo stays. */
export async function closeCutoutPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
