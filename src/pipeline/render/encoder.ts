/**
 * The ffmpeg process the frames go into, behind a bounded queue (`maxQueued` frames, 3 by
 * default): `write` returns at once while there is room and waits otherwise, which is the
 * backpressure that bounds memory. ffmpeg converts and encodes on its own threads, so frame N is
 * being encoded while the renderer draws frame N+1.
 *
 * Two ways to hand frames over:
 * - 'direct' (default): ffmpeg's stdin (a socket pair) written from the main thread. The socket
 *   drains whenever the renderer awaits, so the copy into the kernel alternates with drawing.
 *   Cheapest in CPU, and on this 2-core machine the fastest.
 * - 'fifo': a named pipe written with fs.write on a libuv threadpool thread (blocking write(2)),
 *   so the transfer overlaps the next frame's drawing, with no extra copy. Measured equal or a
 *   little slower here (more kernel time for 64 KB pipe chunks); it may pay off with more cores.
 * A worker thread feeding stdin from shared memory was measured too and dropped: Node copies
 * SharedArrayBuffer-backed writes, which cost more than the overlap saved.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class EncoderError extends Error {
  constructor(message: string, readonly stderr: string) {
    super(message);
    this.name = 'EncoderError';
  }
}

export type SinkMode = 'direct' | 'fifo';

export interface FrameSink {
  /** Queues one frame; resolves once there is room for the next. */
  write(frame: Buffer): Promise<void>;
  /** Closes the input and waits for ffmpeg to finish the file. */
  finish(): Promise<void>;
  /** Stops ffmpeg (on error or cancel). */
  abort(): void;
  /** Time spent waiting for room in the queue (encoder-bound time), ms. */
  readonly waitMs: number;
}

/** Where the frames go in ffmpeg's arguments: this placeholder is replaced by the sink's input. */
export const FRAME_INPUT = 'pipe:0';

export function createFrameSink(args: readonly string[], opts: { mode?: SinkMode; maxQueued?: number; bin?: string } = {}): FrameSink {
  const maxQueued = Math.max(1, opts.maxQueued ?? 3);
  switch (opts.mode ?? 'direct') {
    case 'fifo':
      return new FifoSink(args, maxQueued, opts.bin);
    default:
      return new DirectSink(args, maxQueued, opts.bin);
  }
}

abstract class QueueSink implements FrameSink {
  waitMs = 0;
  protected failure: Error | null = null;
  protected stderr = '';
  private wake: (() => void) | null = null;

  protected notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  protected fail(err: Error): void {
    if (!this.failure) this.failure = err instanceof EncoderError ? err : new EncoderError(err.message, this.stderr);
    this.notify();
  }

  protected async waitUntil(ready: () => boolean): Promise<void> {
    if (ready() || this.failure) return;
    const t0 = performance.now();
    while (!ready() && !this.failure) await new Promise<void>((r) => (this.wake = r));
    this.waitMs += performance.now() - t0;
  }

  abstract write(frame: Buffer): Promise<void>;
  abstract finish(): Promise<void>;
  abstract abort(): void;
}

class DirectSink extends QueueSink {
  private readonly proc: ChildProcess;
  private queued = 0;
  private readonly exited: Promise<number | null>;

  constructor(args: readonly string[], private readonly maxQueued: number, bin = 'ffmpeg') {
    super();
    this.proc = spawn(bin, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    this.proc.stderr!.setEncoding('utf8');
    this.proc.stderr!.on('data', (d: string) => {
      if (this.stderr.length < 20_000) this.stderr += d;
    });
    this.proc.stdin!.on('error', (err) => this.fail(err));
    this.proc.on('error', (err) => this.fail(err));
    this.exited = new Promise((resolve) => {
      this.proc.on('close', (code) => {
        if (code !== 0) this.fail(new EncoderError(`ffmpeg exited with ${code}: ${this.stderr.trim()}`, this.stderr));
        this.notify();
        resolve(code);
      });
    });
  }

  async write(frame: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.queued++;
    this.proc.stdin!.write(frame, () => {
      this.queued--;
      this.notify();
    });
    await this.waitUntil(() => this.queued < this.maxQueued);
    if (this.failure) throw this.failure;
  }

  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    this.proc.stdin!.end();
    const code = await this.exited;
    if (this.failure) throw this.failure;
    if (code !== 0) throw new EncoderError(`ffmpeg exited with ${code}`, this.stderr);
  }

  abort(): void {
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}

/**
 * Frames written to a named pipe with fs.write, i.e. a blocking write(2) on a libuv threadpool
 * thread: the pipe drains into ffmpeg while the main thread draws, with no extra copy.
 */
class FifoSink extends QueueSink {
  private readonly proc: ChildProcess;
  private readonly fifo: string;
  private fd: Promise<number>;
  private queue: Buffer[] = [];
  private writing = false;
  private readonly exited: Promise<number | null>;

  constructor(args: readonly string[], private readonly maxQueued: number, bin = 'ffmpeg') {
    super();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frames-'));
    this.fifo = path.join(dir, 'frames.rgba');
    execFileSync('mkfifo', ['-m', '600', this.fifo]);
    const i = args.indexOf(FRAME_INPUT);
    const withFifo = args.map((a, k) => (k === i ? this.fifo : a));
    this.proc = spawn(bin, withFifo, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.proc.stderr!.setEncoding('utf8');
    this.proc.stderr!.on('data', (d: string) => {
      if (this.stderr.length < 20_000) this.stderr += d;
    });
    this.proc.on('error', (err) => this.fail(err));
    // Opening a FIFO for writing blocks until ffmpeg opens it: done on the threadpool.
    this.fd = new Promise((resolve, reject) => fs.open(this.fifo, 'w', (err, fd) => (err ? reject(err) : resolve(fd))));
    this.exited = new Promise((resolve) => {
      this.proc.on('close', (code) => {
        if (code !== 0) this.fail(new EncoderError(`ffmpeg exited with ${code}: ${this.stderr.trim()}`, this.stderr));
        // If ffmpeg died before opening the pipe, our open() would wait forever: open the read end once.
        try {
          fs.closeSync(fs.openSync(this.fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));
        } catch {
          /* already gone */
        }
        this.notify();
        resolve(code);
      });
    });
    this.fd.catch((err: Error) => this.fail(err));
  }

  private pump(): void {
    if (this.writing || this.queue.length === 0 || this.failure) return;
    this.writing = true;
    const buf = this.queue[0]!;
    void this.fd.then((fd) => {
      let off = 0;
      const step = (): void =>
        fs.write(fd, buf, off, buf.length - off, null, (err, n) => {
          if (err) return this.fail(err);
          off += n;
          if (off < buf.length) return step();
          this.queue.shift();
          this.writing = false;
          this.notify();
          this.pump();
        });
      step();
    }, () => undefined);
  }

  async write(frame: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.queue.push(frame);
    this.pump();
    await this.waitUntil(() => this.queue.length < this.maxQueued);
    if (this.failure) throw this.failure;
  }

  async finish(): Promise<void> {
    await this.waitUntil(() => this.queue.length === 0);
    if (this.failure) throw this.failure;
    fs.closeSync(await this.fd);
    const code = await this.exited;
    this.cleanup();
    if (this.failure) throw this.failure;
    if (code !== 0) throw new EncoderError(`ffmpeg exited with ${code}`, this.stderr);
  }

  private cleanup(): void {
    fs.rmSync(path.dirname(this.fifo), { recursive: true, force: true });
  }

  abort(): void {
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
    void this.exited.then(() => this.cleanup());
  }
}
