import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { hashApiKey } from '../src/lib/ids.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { freePort } from './support/child-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'reelsmith.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with its own DATA_DIR and SQLite (DATABASE_URL and REDIS_URL blanked). */
function cliEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', ...extra };
}

function run(dataDir: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: root, env: cliEnv(dataDir), timeout: 30_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

function json(r: Run): Record<string, unknown> {
  assert.equal(r.code, 0, `exit ${r.code}: ${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `one JSON line on stdout, got ${JSON.stringify(r.stdout)}`);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

describe('reelsmith CLI', () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  let serverLog = '';
  let baseUrl = '';
  const username = `cli_user${process.pid}`;
  let firstKey = '';
  let secondKey = '';

  const api = async (apiKey: string, p: string) => {
    const res = await fetch(baseUrl + p, { headers: { 'x-api-key': apiKey } });
    return (await res.json()) as { code: number; msg: string; data?: any };
  };

  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-cli-'));
  });
  after(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrate --json applies the migrations to a fresh DATA_DIR and creates reelsmith.db there', async () => {
    assert.deepEqual(json(await run(dataDir, ['migrate', '--json'])), { applied: Object.keys(migrations).join(',') });
    assert.ok(fs.existsSync(path.join(dataDir, 'reelsmith.db')));
  });

  it('account create --json prints exactly {username, api_key, credits}', async () => {
    const out = json(await run(dataDir, ['account', 'create', '--username', username, '--email', 'cli@example.com', '--credits', '3', '--json']));
    assert.deepEqual(Object.keys(out).sort(), ['api_key', 'credits', 'username']);
    assert.equal(out.username, username);
    assert.equal(out.credits, 3);
    assert.equal(typeof out.api_key, 'string');
    assert.ok((out.api_key as string).length >= 32);
    firstKey = out.api_key as string;
  });

  it('account create with a taken username exits non-zero with a clear message', async () => {
    const r = await run(dataDir, ['account', 'create', '--username', username, '--json']);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /already exists/);
    assert.ok(r.stderr.includes(username), r.stderr);
    assert.equal(r.stdout, '');
    assert.ok(!/\n\s+at /.test(r.stderr), 'no stack trace');
  });

  it('key create --json issues a second, different key for the account', async () => {
    const out = json(await run(dataDir, ['key', 'create', '--username', username, '--json']));
    assert.deepEqual(Object.keys(out).sort(), ['api_key', 'username']);
    assert.equal(out.username, username);
    secondKey = out.api_key as string;
    assert.notEqual(secondKey, firstKey);
  });

  it('keys are stored only as hashes', () => {
    const sqlite = new SQLite(path.join(dataDir, 'reelsmith.db'), { readonly: true });
    try {
      const rows = sqlite.prepare('SELECT * FROM api_keys').all() as { key_hash: string }[];
      assert.equal(rows.length, 2);
      const dump = JSON.stringify(rows);
      for (const k of [firstKey, secondKey]) {
        assert.ok(k);
        assert.ok(!dump.includes(k), 'the raw key is not in api_keys');
        assert.ok(rows.some((r) => r.key_hash === hashApiKey(k)), 'the sha256 of the key is');
      }
    } finally {
      sqlite.close();
    }
    // Nowhere in the database files either (main file and WAL).
    for (const f of fs.readdirSync(dataDir).filter((n) => n.startsWith('reelsmith.db'))) {
      const bytes = fs.readFileSync(path.join(dataDir, f));
      for (const k of [firstKey, secondKey]) assert.equal(bytes.indexOf(k), -1, `raw key found in ${f}`);
    }
  });

  it('serve answers on the configured port with both keys working', async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [bin, 'serve'], {
      cwd: root,
      env: cliEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (b: Buffer) => (serverLog += b.toString()));
    server.stderr!.on('data', (b: Buffer) => (serverLog += b.toString()));
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (server.exitCode !== null) assert.fail(`serve exited with ${server.exitCode}: ${serverLog}`);
      try {
        const res = await fetch(`${baseUrl}/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) assert.fail(`serve did not answer /health: ${serverLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const k of [firstKey, secondKey]) {
      const who = await api(k, '/v1/whoami');
      assert.equal(who.code, 0, who.msg);
      assert.deepEqual({ username: who.data.username, email: who.data.email }, { username, email: 'cli@example.com' });
    }
    assert.deepEqual((await api(firstKey, '/v2/user/remaining_quota')).data, { remaining_quota: 3 });
  });

  it('key revoke makes that key 18025 on the running server; the other key keeps working', async () => {
    const r = await run(dataDir, ['key', 'revoke', '--key', secondKey]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((await api(secondKey, '/v1/whoami')).code, 18025);
    assert.equal((await api(firstKey, '/v1/whoami')).code, 0);
  });

  it('credits add changes the remaining quota seen by the server', async () => {
    const r = await run(dataDir, ['credits', 'add', '--username', username, '--amount', '5']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /credits: 8/);
    const quota = await api(firstKey, '/v2/user/remaining_quota');
    assert.equal(quota.code, 0);
    assert.deepEqual(quota.data, { remaining_quota: 8 });
  });

  it('account quota sets the storage quota whoami shows; "default" returns to STORAGE_QUOTA_MB; a bad value is one line and exit 2', async () => {
    const r = await run(dataDir, ['account', 'quota', '--username', username, '--mb', '7', '--json']);
    assert.equal(json(r).storage_quota_bytes, 7 * 1024 * 1024);
    assert.equal((await api(firstKey, '/v1/whoami')).data.storage_quota_bytes, 7 * 1024 * 1024);
    json(await run(dataDir, ['account', 'quota', '--username', username, '--mb', 'default', '--json']));
    assert.equal((await api(firstKey, '/v1/whoami')).data.storage_quota_bytes, 5120 * 1024 * 1024);
    const bad = await run(dataDir, ['account', 'quota', '--username', username, '--mb', '-3']);
    assert.equal(bad.code, 2);
    assert.equal(bad.stderr.trim().split('\n').length, 1, bad.stderr);
    assert.match(bad.stderr, /mb must be a non-negative integer or "default"/);
  });
});
