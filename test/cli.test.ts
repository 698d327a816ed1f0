import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { hashApiKey } from '../src/lib/ids.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { freePort } from './support/child-process.ts';
import { createProgress } from '../src/cli/progress.ts';
import { parseDemoArgs } from '../scripts/demo-args.ts';

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

function run(dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: root, env: cliEnv(dataDir, extraEnv), timeout: 30_000 }, (err, stdout, stderr) => {
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

  it('account rotate-webhook-secret prints a new signing secret, the one whoami shows from then on', async () => {
    const before = (await api(firstKey, '/v1/whoami')).data.webhook_secret as string;
    assert.match(before, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const r = json(await run(dataDir, ['account', 'rotate-webhook-secret', '--username', username, '--json'])) as { webhook_secret: string };
    assert.deepEqual(Object.keys(r).sort(), ['username', 'webhook_secret']);
    assert.match(r.webhook_secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.notEqual(r.webhook_secret, before);
    assert.equal((await api(firstKey, '/v1/whoami')).data.webhook_secret, r.webhook_secret);
    const bad = await run(dataDir, ['account', 'rotate-webhook-secret', '--username', 'nobody-here']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /no account named "nobody-here"/);
  });
});

/** A user mistake: exit status 2, exactly one line on stderr (no stack trace), nothing on stdout. */
function userMistake(r: Run, pattern: RegExp): void {
  assert.equal(r.code, 2, `exit ${r.code}: ${r.stderr}`);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got ${JSON.stringify(r.stderr)}`);
  assert.match(lines[0]!, pattern);
  assert.ok(!/\n\s+at /.test(r.stderr), 'no stack trace');
}

describe('reelsmith CLI: user mistakes are one line and exit status 2', () => {
  let dataDir: string;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-cli-mistakes-'));
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('render with a --product file that does not exist', async () => {
    userMistake(await run(dataDir, ['render', '--product', path.join(dataDir, 'missing.json'), '--out', path.join(dataDir, 'v.mp4')]), /^reelsmith: cannot read --product .*missing\.json: no such file$/);
  });

  it('render --music 42 is refused before any work: no product read, no speech, no output', async () => {
    const out = path.join(dataDir, 'music42', 'v.mp4');
    const r = await run(dataDir, ['render', '--product', path.join(root, 'samples', 'product.json'), '--music', '42', '--out', out]);
    // Work would have printed its progress ("0% product") and the product line first.
    userMistake(r, /^reelsmith: unknown --music 42 \(ids: 1, 2, .*\)/);
    assert.ok(!fs.existsSync(path.dirname(out)));
  });

  it('render with an unknown voice', async () => {
    userMistake(await run(dataDir, ['render', '--product', path.join(root, 'samples', 'product.json'), '--voice', 'xx-q9', '--out', path.join(dataDir, 'v.mp4')]), /unknown --voice "xx-q9"/);
  });

  it('an unknown option, a missing required option and an unknown command', async () => {
    userMistake(await run(dataDir, ['render', '--product', 'x.json', '--out', 'x.mp4', '--colour', 'red']), /unknown option '--colour'/);
    userMistake(await run(dataDir, ['render', '--product', 'x.json']), /required option '--out <file>' not specified/);
    userMistake(await run(dataDir, ['avatars', 'lst']), /^reelsmith: unknown command 'lst' \(Did you mean list\?\)$/);
  });

  it('account create with an --email that is not an address', async () => {
    userMistake(await run(dataDir, ['account', 'create', '--username', 'mail_user', '--email', 'mail_user.example.com']), /^reelsmith: email must look like name@example\.com, got "mail_user\.example\.com"$/);
    assert.equal(json(await run(dataDir, ['account', 'create', '--username', 'mail_user', '--email', 'mail.user+x@example.co.uk', '--json'])).username, 'mail_user');
  });

  it('a database that cannot be reached', async () => {
    const unreachable = { DATABASE_URL: 'postgres://reelsmith:s3cret@127.0.0.1:1/reelsmith' };
    const r = await run(dataDir, ['account', 'list'], unreachable);
    userMistake(r, /^reelsmith: cannot reach the database at postgres:\/\/reelsmith:\*\*\*@127\.0\.0\.1:1\/reelsmith \(ECONNREFUSED\)/);
    assert.ok(!r.stderr.includes('s3cret'), 'the password is not printed');
    userMistake(await run(dataDir, ['serve'], { ...unreachable, PORT: String(await freePort()), HOST: '127.0.0.1' }), /cannot reach the database/);
  });

  it('serve on a port that is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      userMistake(await run(dataDir, ['serve'], { PORT: String(port), HOST: '127.0.0.1' }), new RegExp(`^reelsmith: port ${port} is already in use`));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('reelsmith CLI: list commands', () => {
  let dataDir: string;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-cli-lists-'));
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** A text table: header in capitals, columns aligned; returns the rows split on runs of 2+ spaces. */
  function table(r: Run, header: string[]): string[][] {
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.deepEqual(lines[0]!.split(/\s{2,}/), header);
    return lines.slice(1).map((l) => l.split(/\s{2,}/));
  }

  it('avatars list: a table of the 12 presenters, or JSON; --gender filters', async () => {
    const rows = table(await run(dataDir, ['avatars', 'list']), ['AVATAR_ID', 'NAME', 'GENDER', 'AGE', 'STYLE', 'SCENE']);
    assert.equal(rows.length, 12);
    assert.deepEqual(rows[0]!.slice(0, 3), ['1', 'Maya', 'female']);
    const female = JSON.parse((await run(dataDir, ['avatars', 'list', '--gender', 'female', '--json'])).stdout) as { gender: string }[];
    assert.equal(female.length, 6);
    assert.ok(female.every((a) => a.gender === 'female'));
  });

  it('voices list --language german, templates list, music list, styles list', async () => {
    const voices = table(await run(dataDir, ['voices', 'list', '--language', 'german']), ['VOICE_ID', 'ENGINE', 'LANGUAGE', 'GENDER', 'AGE', 'NAME']);
    assert.ok(voices.length >= 2 && voices.every((v) => v[2] === 'german' && v[1] === 'espeak'), JSON.stringify(voices));
    const templates = table(await run(dataDir, ['templates', 'list']), ['ID', 'NAME', 'PREVIEW_URL']);
    assert.equal(templates.length, 6);
    const music = JSON.parse((await run(dataDir, ['music', 'list', '--json'])).stdout) as { id: number; duration: number }[];
    assert.ok(music.length >= 6 && music.every((m) => Number.isInteger(m.id) && m.duration > 0));
    const styles = await run(dataDir, ['styles', 'list']);
    assert.match(styles.stdout, /Script styles[\s\S]*Problem\/Solution[\s\S]*Visual styles[\s\S]*Clean Minimal/);
    const stylesJson = JSON.parse((await run(dataDir, ['styles', 'list', '--json'])).stdout);
    assert.equal(stylesJson.script_styles.length, 16);
    assert.equal(stylesJson.visual_styles.length, 6);
  });

  it('account list and credits show read the database', async () => {
    json(await run(dataDir, ['account', 'create', '--username', 'list_a', '--email', 'a@example.com', '--credits', '7', '--json']));
    json(await run(dataDir, ['account', 'create', '--username', 'list_b', '--json']));
    json(await run(dataDir, ['key', 'create', '--username', 'list_b', '--json']));
    const rows = table(await run(dataDir, ['account', 'list']), ['USERNAME', 'EMAIL', 'CREDITS', 'STATUS', 'ACTIVE_KEYS', 'CREATED_AT']);
    assert.deepEqual(rows.map((r) => r[0]), ['list_a', 'list_b']);
    assert.deepEqual(rows[0]!.slice(0, 5), ['list_a', 'a@example.com', '7', 'active', '1']);
    const listed = JSON.parse((await run(dataDir, ['account', 'list', '--json'])).stdout) as { username: string; credits: number; active_keys: number }[];
    assert.deepEqual(listed.map((a) => [a.username, a.credits, a.active_keys]), [['list_a', 7, 1], ['list_b', 0, 2]]);
    assert.deepEqual(json(await run(dataDir, ['credits', 'show', '--username', 'list_a', '--json'])), { username: 'list_a', credits: 7, status: 'active' });
    assert.match((await run(dataDir, ['credits', 'show', '--username', 'list_a'])).stdout, /^username: list_a\ncredits: 7\n/);
    userMistake(await run(dataDir, ['credits', 'show', '--username', 'nobody']), /no account named "nobody"/);
  });
});

describe('render progress and demo options', () => {
  const stream = (isTTY: boolean) => {
    let text = '';
    return { isTTY, write: (s: string) => (text += s), text: () => text };
  };
  const stages: [string, number][] = [['product', 0], ['media', 2], ['script', 8], ['speech', 12], ['render', 25], ['render', 31], ['render', 36], ['render', 47], ['render', 98], ['done', 100]];

  it('off a terminal: one plain line per stage and per 10 % within one', () => {
    const s = stream(false);
    const p = createProgress(s, 0, () => 1500);
    for (const [stage, pct] of stages) p.update(stage, pct);
    p.end();
    assert.deepEqual(s.text().trimEnd().split('\n'), [
      '  0% product (1.5 s)', '  2% media (1.5 s)', '  8% script (1.5 s)', ' 12% speech (1.5 s)', ' 25% render (1.5 s)',
      ' 36% render (1.5 s)', ' 47% render (1.5 s)', ' 98% render (1.5 s)', '100% done (1.5 s)',
    ]);
  });

  it('on a terminal: one bar redrawn in place through every stage, its line ended at the end', () => {
    const s = stream(true);
    const p = createProgress(s, 0, () => 0);
    for (const [stage, pct] of stages) p.update(stage, pct);
    p.end();
    const frames = s.text().split('\r').filter(Boolean);
    assert.equal(frames.length, stages.length);
    assert.match(frames[0]!, /^\[\.{30}\]   0% product/);
    assert.match(frames[4]!, /^\[#{8}\.{22}\]  25% render/);
    assert.match(frames.at(-1)!, /^\[#{30}\] 100% done .*\n$/);
    assert.equal(s.text().split('\n').length, 2, 'no line breaks before the end');
  });

  it('npm run demo -- --length 30 reads like --length=30; unknown options are refused', () => {
    assert.deepEqual(parseDemoArgs(['--length', '30', '--aspect-ratio', '1', '--exit']), parseDemoArgs(['--length=30', '--aspect-ratio=1', '--exit']));
    assert.deepEqual(parseDemoArgs(['--length', '30', '--style', 'Data']), { length: '30', style: 'Data' });
    assert.throws(() => parseDemoArgs(['--lenght', '30']), /Unknown option '--lenght'; options: --length VALUE/);
    assert.throws(() => parseDemoArgs(['--length']), /argument missing/);
  });
});
