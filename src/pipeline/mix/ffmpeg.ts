import { spawn } from 'node:child_process';

/** The thin runner every media step shares: arguments are built elsewhere, as data. */

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface RunOptions {
  timeoutMs?: number;
  /** Bytes written to ffmpeg's stdin (e.g. raw PCM for `-i pipe:0`). */
  stdin?: Buffer;
  binary?: string;
  /** Kills ffmpeg when it fires (a cancelled job); the run then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface RunResult {
  stderr: string;
}

export function runFfmpeg(args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  const binary = opts.binary ?? 'ffmpeg';
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason);
    const child = spawn(binary, ['-hide_banner', ...(opts.stdin ? [] : ['-nostdin']), ...args], {
      stdio: [opts.stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      // Keep the head (stream info) and the tail (the summaries we parse).
      stderr = stderr.length > 200_000 ? stderr.slice(0, 20_000) + stderr.slice(-100_000) + d : stderr + d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err) => {
      done();
      reject(new FfmpegError(`${binary} could not start: ${err.message}`, ''));
    });
    child.on('exit', (code, signal) => {
      done();
      if (opts.signal?.aborted) reject(opts.signal.reason);
      else if (code === 0) resolve({ stderr });
      else reject(new FfmpegError(`${binary} failed (${signal ?? code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`, stderr));
    });
    if (opts.stdin) {
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(opts.stdin);
    }
  });
}
