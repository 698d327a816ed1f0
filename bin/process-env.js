// Environment that glibc reads only when a process starts, so it cannot be set from inside Node:
// the roles that render re-execute themselves once with it (execve: the same pid, nothing left
// behind), keeping any value the operator set. Plain JS: it runs before tsx is registered.
import { createRequire } from 'node:module';

/** Set for the rendering roles when unset: fewer glibc heaps, ~45-70 MB off a render's peak (docs/rendering.md "Peak memory"). */
export const RENDER_ENV = { MALLOC_ARENA_MAX: '2' };

/** The commands that render (in-process worker, worker, CLI render): the ones worth a re-exec. */
export const RENDER_COMMANDS = new Set(['serve', 'worker', 'render']);

/**
 * The environment to re-execute with, or null when nothing is missing (or the command does not
 * render). `args` are the CLI arguments after the script, `env` the current environment.
 * @param {readonly string[]} args
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string> | null}
 */
export function reexecEnv(args, env) {
  if (!RENDER_COMMANDS.has(args.find((a) => !a.startsWith('-')) ?? '')) return null;
  const missing = Object.entries(RENDER_ENV).filter(([k]) => env[k] === undefined);
  if (missing.length === 0) return null;
  /** @type {Record<string, string>} */
  const next = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) next[k] = v;
  for (const [k, v] of missing) next[k] = v;
  return next;
}

/**
 * Replaces this process with the same command under `reexecEnv`'s environment (execve through
 * koffi, which the renderer already loads for libyuv). Returns only when there is nothing to do or
 * execve is not available (not Linux/glibc, koffi missing): the process then simply carries on.
 */
export function reexecWithRenderEnv() {
  const env = reexecEnv(process.argv.slice(2), process.env);
  if (!env) return;
  try {
    const koffi = createRequire(import.meta.url)('koffi');
    const libc = koffi.load('libc.so.6');
    const execve = libc.func('int execve(const char *path, const char **argv, const char **envp)');
    const fcntl = libc.func('int fcntl(int fd, int cmd, ...)');
    // Node marks every inherited descriptor close-on-exec at start (for its children's sake): the
    // standard streams (and a parent's IPC channel) must survive the exec, or output is lost.
    const F_GETFD = 1;
    const F_SETFD = 2;
    const FD_CLOEXEC = 1;
    const channel = Number(process.env.NODE_CHANNEL_FD);
    for (const fd of [0, 1, 2, ...(Number.isInteger(channel) && channel > 2 ? [channel] : [])]) {
      const flags = fcntl(fd, F_GETFD);
      if (flags >= 0) fcntl(fd, F_SETFD, 'int', flags & ~FD_CLOEXEC);
    }
    const argv = [process.execPath, ...process.execArgv, ...process.argv.slice(1), null];
    const envp = [...Object.entries(env).map(([k, v]) => `${k}=${v}`), null];
    execve(process.execPath, argv, envp);
  } catch {
    // No libc.so.6 or no koffi: run without; MALLOC_ARENA_MAX is then the operator's to set.
  }
}
