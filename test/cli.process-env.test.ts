import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { reexecEnv } from '../bin/process-env.js';
import { bin, freePort, root } from './support/child-process.ts';

describe('the rendering roles start with MALLOC_ARENA_MAX (glibc reads it only at start)', () => {
  it('serve, worker and render get MALLOC_ARENA_MAX=2 when it is unset; an operator\'s own value stays; other commands are left alone', () => {
    for (const args of [['serve'], ['worker'], ['render', '--product', 'p.json'], ['serve', '--no-worker']]) {
      assert.equal(reexecEnv(args, { PATH: '/bin' })?.MALLOC_ARENA_MAX, '2', args.join(' '));
      assert.equal(reexecEnv(args, { PATH: '/bin' })?.PATH, '/bin');
      assert.equal(reexecEnv(args, { MALLOC_ARENA_MAX: '4' }), null, 'the operator\'s value is kept');
    }
    for (const args of [['account', 'create'], ['migrate'], ['avatars', 'list'], ['--version'], []]) assert.equal(reexecEnv(args, {}), null, args.join(' '));
  });

  it('the re-executed process keeps its standard streams: `render --help` prints, a bad option gives its message and exit status 2', { timeout: 120_000 }, async () => {
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir() };
    const cli = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(process.execPath, [bin, ...args], { cwd: root, env, timeout: 110_000 }, (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
      });
    const help = await cli(['render', '--help']);
    assert.match(help.stdout, /Usage: reelsmith render/);
    assert.equal(help.code, 0);
    const bad = await cli(['render', '--bogus']);
    assert.match(bad.stderr, /^reelsmith: /);
    assert.equal(bad.code, 2);
  });

  const dirs: string[] = [];
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  /** Starts `reelsmith serve` with exactly this environment (plus the basics) and returns what its process runs with, read from /proc. */
  async function servedEnv(extra: Record<string, string>): Promise<{ env: Map<string, string>; samePid: boolean }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-env-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra };
    const child = spawn(process.execPath, [bin, 'serve', '--no-worker'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    try {
      const deadline = Date.now() + 120_000; // start-up takes seconds, a minute on a loaded machine
      for (;;) {
        if (child.exitCode !== null) assert.fail(`serve exited: ${log}`);
        const ok = await fetch(`http://127.0.0.1:${port}/health`).then(() => true, () => false);
        if (ok) break;
        if (Date.now() > deadline) assert.fail(`serve did not answer: ${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const pairs = fs.readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as [string, string]);
      // The spawned pid itself answers: re-executed in place, no parent process left waiting.
      const samePid = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').includes('reelsmith.js');
      return { env: new Map(pairs), samePid };
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }

  it('a real `reelsmith serve` runs with MALLOC_ARENA_MAX=2 in its own process (same pid), and with the operator\'s value when set', { timeout: 300_000 }, async () => {
    const unset = await servedEnv({});
    assert.equal(unset.env.get('MALLOC_ARENA_MAX'), '2');
    assert.equal(unset.env.get('DATA_DIR') !== undefined, true, 'the rest of the environment is kept');
    assert.equal(unset.samePid, true);
    const own = await servedEnv({ MALLOC_ARENA_MAX: '4' });
    assert.equal(own.env.get('MALLOC_ARENA_MAX'), '4');
  });
});
