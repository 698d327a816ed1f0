import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';
import type { EngineEvent } from './timings.ts';

/**
 * The server's side of the espeak-ng worker: one child process (GPL code stays out of ours), one
 * request at a time (the engine is a single-threaded library), started on first use, started
 * again after a crash or a timeout. The child is unref'd while idle so it never keeps a CLI or a
 * test process alive; `close()` ends it.
 */

export interface EspeakOptions {
  /** dlopen name or path of libespeak-ng (default "libespeak-ng.so.1"). */
  libraryPath?: string;
  /** espeak-ng-data directory; absent → the library's compiled-in default. */
  dataPath?: string;
  /** A request that takes longer kills the worker (default 60 s). */
  requestTimeoutMs?: number;
}

export interface SynthRequest {
  voice: string;
  rate: number;
  pitch: number;
  range: number;
  text: string;
  ssml: boolean;
  /** Where the worker writes the samples (s16le mono). */
  pcmPath: string;
}

export interface SynthAnswer {
  sampleRate: number;
  samples: number;
  events: EngineEvent[];
}

export interface EngineVoice {
  name: string;
  identifier: string;
  languages: string[];
}

/** What the speech stage needs from an engine (the worker client, or a stand-in). */
export interface SpeechEngine {
  synth(req: SynthRequest): Promise<SynthAnswer>;
}

const WORKER = fileURLToPath(new URL('./espeak-worker.mjs', import.meta.url));

interface Pending {
  resolve(v: any): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

export class EspeakProcess implements SpeechEngine {
  private child: ChildProcessWithoutNullStreams | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private stderr = '';
  /** CPU time the worker reported after its last request (µs), per worker process started. */
  private lastCpuUs = 0;
  private cpuBeforeRestartsUs = 0;

  constructor(private readonly opts: EspeakOptions = {}) {}

  synth(req: SynthRequest): Promise<SynthAnswer> {
    return this.serial(() => this.call<SynthAnswer & { cpuUs: number }>({ op: 'synth', ...req }).then((a) => this.noteCpu(a)));
  }

  voices(): Promise<EngineVoice[]> {
    return this.serial(() => this.call<{ voices: EngineVoice[] }>({ op: 'voices' }).then((a) => a.voices));
  }

  /** CPU time spent by worker processes so far (ms), as they measured it themselves. */
  workerCpuMs(): number {
    return (this.cpuBeforeRestartsUs + this.lastCpuUs) / 1000;
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }

  private noteCpu<T extends { cpuUs: number }>(a: T): T {
    this.lastCpuUs = a.cpuUs;
    return a;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    this.cpuBeforeRestartsUs += this.lastCpuUs;
    this.lastCpuUs = 0;
    const child = spawn(process.execPath, [WORKER, this.opts.libraryPath ?? '', this.opts.dataPath ?? ''], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    this.stderr = '';
    // A dead worker's stdin fails with EPIPE; the exit handler reports the failure.
    child.stdin.on('error', () => undefined);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-4000);
    });
    readline.createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      this.failAll(new Error(`espeak worker exited (${signal ?? code})${this.stderr ? `: ${this.stderr.trim()}` : ''}`));
    });
    child.on('error', (err) => this.failAll(err));
    this.child = child;
    this.idle(true);
    return child;
  }

  private onLine(line: string): void {
    let msg: { id: number; ok: boolean; error?: string };
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    clearTimeout(p.timer);
    if (this.pending.size === 0) this.idle(true);
    if (msg.ok) p.resolve(msg);
    else p.reject(new Error(`espeak: ${msg.error}`));
  }

  private call<T>(req: Record<string, unknown>): Promise<T> {
    const child = this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`espeak worker timed out after ${this.opts.requestTimeoutMs ?? 60_000} ms`));
        child.kill('SIGKILL');
      }, this.opts.requestTimeoutMs ?? 60_000);
      this.pending.set(id, { resolve, reject, timer });
      this.idle(false);
      child.stdin.write(`${JSON.stringify({ id, ...req })}\n`);
    });
  }

  private failAll(err: Error): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(id);
    }
  }

  /** An idle worker must not keep the parent's event loop alive. */
  private idle(yes: boolean): void {
    const c = this.child;
    if (!c) return;
    for (const h of [c, c.stdin, c.stdout, c.stderr] as unknown as { ref(): void; unref(): void }[]) {
      if (yes) h.unref?.();
      else h.ref?.();
    }
  }
}
