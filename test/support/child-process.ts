import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Real `reelsmith` processes (bin/reelsmith.js) for crash and scale-out tests. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const bin = path.join(root, 'bin', 'reelsmith.js');

export interface Proc {
  child: ChildProcess;
  pid: number;
  /** stderr + stdout so far (last 20 kB). */
  log(): string;
  /** kill -9. Resolves when the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
}

export function spawnReelsmith(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    pid: child.pid!,
    log: () => out,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a CLI command to completion; returns stdout (throws with stderr on a non-zero exit). */
export function runCli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 30_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`reelsmith ${args.join(' ')}: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Waits until an HTTP server answers at baseUrl (any status). */
export async function waitHttp(baseUrl: string, proc: Proc, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`the process exited: ${proc.log()}`);
    try {
      await fetch(`${baseUrl}/v1/whoami`);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`no HTTP answer at ${baseUrl}: ${proc.log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Polls `check` every `everyMs` until it returns a value other than undefined. */
export async function until<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** User + system CPU time of a process in ms (Linux /proc). */
export async function cpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10; // CLK_TCK is 100 on Linux
}
