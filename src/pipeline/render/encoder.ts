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
 *
 * With `timed` (the renderer), each frame goes with its frame number as timed Matroska
 * (mkv-frames.ts; the ffmpeg arguments must read it: encodeArgs `timed`), so a frame that did not
 * change need not be sent at all: `write` only the frames that changed, and the last one.
 *
 * With `yuv`, frames are written as RGBA and converted here to yuv420p (I420, yuv.ts: libyuv)
 * into a few reused buffers before they go down the pipe (3 MB instead of 8 MB at 1080x1920; the
 * ffmpeg arguments must read yuv420p: `pixFmt`). The RGBA buffer is not held after `write`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mkvFrameHeader, mkvHeader } from './mkv-frames.ts';
import { I420Pool, rgbaToI420, type FramePixFmt, type PixelRect, type RgbaToI420 } from './yuv.ts';

export class EncoderError extends Error {
  constructor(message: string, readonly stderr: string) {
    super(message);
    this.name = 'EncoderError';
  }
}

export type SinkMode = 'direct' | 'fifo';

export interface FrameSink {
  /**
   * Queues one frame (`index`: its frame number, needed when timed); resolves once there is room
   * for the next. `changed`: the parts of the frame that differ from the one written before it
   * (null or absent: any), so a converting sink converts only those.
   */
  write(frame: Buffer, index?: number, changed?: readonly PixelRect[] | null): Promise<void>;
  /** Closes the input and waits for ffmpeg to finish the file. */
  finish(): Promise<void>;
  /** Stops ffmpeg (on error or cancel). */
  abort(): void;
  /** Time spent waiting for room in the queue (encoder-bound time), ms. */
  readonly waitMs: number;
  /** Whether written buffers stay queued as they are until the pipe took them (RGBA sent as is); false when each is converted at `write` and not held after it (readback.ts may free it then). */
  readonly holdsFrames: boolean;
}

/** Where the frames go in ffmpeg's arguments: this placeholder is replaced by the sink's input. */
export const FRAME_INPUT = 'pipe:0';

/** Timed frames: the stream's picture size and rate (for the Matroska header). */
export interface TimedFrames {
  width: number;
  height: number;
  fps: number;
}

export interface FrameSinkOptions {
  mode?: SinkMode;
  maxQueued?: number;
  bin?: string;
  /** Frames sent with their frame numbers, only those that changed (see above). */
  timed?: TimedFrames;
  /** RGBA frames of this size are converted to yuv420p before they are sent (see above); absent: sent as written. */
  yuv?: { width: number; height: number };
}

/**
 * The frame format for a render of this size: yuv420p converted here when libyuv loads (yuv.ts),
 * else RGBA for ffmpeg to convert. `pixFmt` goes to the ffmpeg arguments, `yuv` to the sink.
 */
export function frameFormat(width: number, height: number): { pixFmt: FramePixFmt; yuv?: { width: number; height: number } } {
  return rgbaToI420() ? { pixFmt: 'yuv420p', yuv: { width, height } } : { pixFmt: 'rgba' };
}

export function createFrameSink(args: readonly string[], opts: FrameSinkOptions = {}): FrameSink {
  const maxQueued = Math.max(1, opts.maxQueued ?? 3);
  const timed = opts.timed ?? null;
  const yuv = opts.yuv ? new FrameConverter(opts.yuv.width, opts.yuv.height) : null;
  switch (opts.mode ?? 'direct') {
    case 'fifo':
      return new FifoSink(args, maxQueued, timed, yuv, opts.bin);
    default:
      return new DirectSink(args, maxQueued, timed, yuv, opts.bin);
  }
}

/** RGBA → I420 into pooled buffers (yuv.ts); a buffer goes back to the pool once the pipe is done with it. */
class FrameConverter {
  private readonly pool: I420Pool;
  private readonly convert: RgbaToI420;
  /** The I420 frame converted last (the base a partial frame is converted over). */
  private last: Buffer | null = null;

  constructor(readonly width: number, readonly height: number) {
    const convert = rgbaToI420();
    if (!convert) throw new EncoderError('yuv420p frames asked for, but libyuv is not loaded (use frameFormat())', '');
    this.convert = convert;
    this.pool = new I420Pool(width, height);
  }

  /**
   * `changed`: the only parts of `rgba` that differ from the frame converted before it (null or
   * absent: any part may). Those alone are converted, over a copy of the last I420 frame: a
   * frame where a small part moved costs a 3 MB copy instead of a whole conversion. The last
   * frame's buffer may be back in the pool (written out) or still in the pipe: either way it is
   * unchanged until `take` hands it out again, which only this does.
   */
  frame(rgba: Buffer, changed?: readonly PixelRect[] | null): Buffer {
    if (rgba.length !== this.width * this.height * 4) throw new EncoderError(`a ${this.width}x${this.height} RGBA frame is ${this.width * this.height * 4} bytes, got ${rgba.length}`, '');
    const out = this.pool.take();
    const last = this.last;
    if (changed && last) {
      if (last !== out) last.copy(out);
      for (const r of changed) this.convert(rgba, this.width, this.height, out, r);
    } else this.convert(rgba, this.width, this.height, out);
    this.last = out;
    return out;
  }

  release(b: Buffer): void {
    this.pool.give(b);
  }
}

/** What goes into the pipe for one frame: its Matroska header first when timed, then the pixels (not copied). */
function framePieces(frame: Buffer, index: number | undefined, timed: TimedFrames | null): Buffer[] {
  if (!timed) return [frame];
  if (index === undefined || !Number.isInteger(index) || index < 0) throw new EncoderError('a timed frame sink needs each frame\'s number', '');
  return [mkvFrameHeader(index, timed.fps, frame.length), frame];
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

  abstract readonly holdsFrames: boolean;
  abstract write(frame: Buffer, index?: number, changed?: readonly PixelRect[] | null): Promise<void>;
  abstract finish(): Promise<void>;
  abstract abort(): void;
}

class DirectSink extends QueueSink {
  readonly holdsFrames: boolean;
  private readonly proc: ChildProcess;
  private queued = 0;
  private readonly exited: Promise<number | null>;

  constructor(args: readonly string[], private readonly maxQueued: number, private readonly timed: TimedFrames | null, private readonly yuv: FrameConverter | null, bin = 'ffmpeg') {
    super();
    this.holdsFrames = yuv === null;
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
    if (timed) this.proc.stdin!.write(mkvHeader(timed.width, timed.height, timed.fps, yuv ? 'yuv420p' : 'rgba'));
  }

  async write(rgba: Buffer, index?: number, changed?: readonly PixelRect[] | null): Promise<void> {
    if (this.failure) throw this.failure;
    const frame = this.yuv ? this.yuv.frame(rgba, changed) : rgba;
    const pieces = framePieces(frame, index, this.timed);
    for (let i = 0; i < pieces.length - 1; i++) this.proc.stdin!.write(pieces[i]!);
    this.queued++;
    this.proc.stdin!.write(frame, () => {
      this.queued--;
      this.yuv?.release(frame);
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
  readonly holdsFrames: boolean;
  private readonly proc: ChildProcess;
  private readonly fifo: string;
  private fd: Promise<number>;
  /** Frames waiting, each as the pieces written in turn (framePieces), and its pooled I420 buffer if any. */
  private queue: { pieces: Buffer[]; pooled: Buffer | null }[] = [];
  private writing = false;
  private readonly exited: Promise<number | null>;

  constructor(args: readonly string[], private readonly maxQueued: number, private readonly timed: TimedFrames | null, private readonly yuv: FrameConverter | null, bin = 'ffmpeg') {
    super();
    this.holdsFrames = yuv === null;
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
    if (timed) this.queue.push({ pieces: [mkvHeader(timed.width, timed.height, timed.fps, yuv ? 'yuv420p' : 'rgba')], pooled: null });
  }

  private pump(): void {
    if (this.writing || this.queue.length === 0 || this.failure) return;
    this.writing = true;
    const { pieces, pooled } = this.queue[0]!;
    void this.fd.then((fd) => {
      let part = 0;
      let off = 0;
      const step = (): void =>
        fs.write(fd, pieces[part]!, off, pieces[part]!.length - off, null, (err, n) => {
          if (err) return this.fail(err);
          off += n;
          if (off < pieces[part]!.length) return step();
          off = 0;
          if (++part < pieces.length) return step();
          this.queue.shift();
          if (pooled) this.yuv?.release(pooled);
          this.writing = false;
          this.notify();
          this.pump();
        });
      step();
    }, () => undefined);
  }

  async write(rgba: Buffer, index?: number, changed?: readonly PixelRect[] | null): Promise<void> {
    if (this.failure) throw this.failure;
    const frame = this.yuv ? this.yuv.frame(rgba, changed) : rgba;
    this.queue.push({ pieces: framePieces(frame, index, this.timed), pooled: this.yuv ? frame : null });
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
