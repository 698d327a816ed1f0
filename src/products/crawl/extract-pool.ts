/**
 * Product extraction off the event loop: untrusted HTML is decoded, pre-scanned against the
 * element/depth budget, parsed and read in a small pool of worker threads (piscina), each page
 * with a time budget. A page over a budget, or still being read when its time is up, has its
 * worker thread terminated (piscina replaces it) and comes back as a verdict, never as a stuck
 * server: the main thread only posts the bytes and waits.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ExtractResult, ExtractTask } from './extract-task.ts';
import type { ParseBudget } from './page-budget.ts';
import { workerEntry } from '../../lib/worker-entry.ts';

export interface ExtractSettings extends ParseBudget {
  /** Worker threads (CRAWL_WORKERS). */
  workers: number;
  /** Time one page may take to decode, scan, parse and read, not counting its wait for a thread (CRAWL_PARSE_TIMEOUT_MS). */
  parseTimeoutMs: number;
  /**
   * A thread's heap: a page needing more ends that thread (ERR_WORKER_OUT_OF_MEMORY) instead of
   * the whole process. Default 512 MB; a 10 MB page at the element budget takes about 300 MB.
   */
  maxHeapMb?: number;
}

export const defaultExtractSettings: ExtractSettings = { workers: 2, parseTimeoutMs: 5_000, maxElements: 200_000, maxDepth: 1_000 };
const DEFAULT_HEAP_MB = 512;

export interface PageInput {
  /** Moved to the worker thread: empty after extract() returns. */
  body: Buffer;
  contentType: string | undefined;
  /** The page's final URL (after redirects). */
  url: string;
}

/** An extraction verdict, or why the page was not read to the end. */
export type ExtractOutcome = ExtractResult | { kind: 'too_slow'; reason: string } | { kind: 'deadline' };

export interface PageExtractor {
  /** Reads one page; `deadlineAt` (epoch ms) is the whole crawl's deadline, which also stops the read. */
  extract(page: PageInput, deadlineAt?: number): Promise<ExtractOutcome>;
  close(): Promise<void>;
}

const WORKER = new URL('./extract.worker.ts', import.meta.url);

export class ExtractPool implements PageExtractor {
  private pool: Piscina<ExtractTask, ExtractResult> | null = null;
  private closed = false;

  constructor(private readonly settings: ExtractSettings = defaultExtractSettings) {}

  /** Threads start on the first page, so processes that never crawl (tests, `reelsmith worker`) start none. */
  private async threads(): Promise<Piscina<ExtractTask, ExtractResult>> {
    if (this.closed) throw new Error('the extraction pool is closed');
    const entry = await workerEntry(WORKER);
    if (this.closed) throw new Error('the extraction pool is closed');
    this.pool ??= new Piscina<ExtractTask, ExtractResult>({
      ...entry,
      minThreads: 1,
      maxThreads: this.settings.workers,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: this.settings.maxHeapMb ?? DEFAULT_HEAP_MB },
    });
    return this.pool;
  }

  async extract(page: PageInput, deadlineAt?: number): Promise<ExtractOutcome> {
    const abort = new AbortController();
    let outcome: ExtractOutcome | null = null;
    const stop = (why: ExtractOutcome) => {
      outcome ??= why;
      abort.abort();
    };
    const { port1, port2 } = new MessageChannel();
    let parseTimer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      const ms = this.settings.parseTimeoutMs;
      parseTimer = setTimeout(() => stop({ kind: 'too_slow', reason: `took longer than ${ms} ms to read` }), ms);
      port1.close();
    });
    const deadlineTimer = deadlineAt === undefined ? undefined : setTimeout(() => stop({ kind: 'deadline' }), Math.max(0, deadlineAt - Date.now()));
    const { maxElements, maxDepth } = this.settings;
    const body = ownedBytes(page.body);
    const task: ExtractTask = { body, contentType: page.contentType, url: page.url, budget: { maxElements, maxDepth }, started: port2 };
    try {
      // The page's bytes move to the worker rather than being copied (the caller's buffer is emptied).
      return await (await this.threads()).run(task, { signal: abort.signal, transferList: [port2, body.buffer as ArrayBuffer] });
    } catch (err) {
      if (outcome) return outcome;
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        return { kind: 'over_budget', reason: `needs more than ${this.settings.maxHeapMb ?? DEFAULT_HEAP_MB} MB of memory to read` };
      }
      throw err;
    } finally {
      clearTimeout(parseTimer);
      clearTimeout(deadlineTimer);
      port1.close();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}

/** The bytes in an ArrayBuffer of their own, which can be transferred (a pooled Buffer shares one). */
function ownedBytes(b: Buffer): Uint8Array {
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer) return new Uint8Array(b.buffer, 0, b.byteLength);
  return new Uint8Array(b);
}
