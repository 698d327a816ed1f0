import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { freePort, spawnReelsmith, type Proc } from './support/child-process.ts';

let proc: Proc | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-serve-'));
after(async () => {
  await proc?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('serve logs its URL and its docs URL at start, then one line per request (issue 11, item 17)', async () => {
  const port = await freePort();
  proc = spawnReelsmith(['serve'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', PUBLIC_BASE_URL: `http://localhost:${port}` });
  const deadline = Date.now() + 30_000;
  while (!proc.log().includes('API docs')) {
    if (proc.child.exitCode !== null) assert.fail(`serve exited: ${proc.log()}`);
    if (Date.now() > deadline) assert.fail(`no start line: ${proc.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const start = proc.log().split('\n').find((l) => l.includes('API docs'))!;
  const line = JSON.parse(start) as { level: number; msg: string };
  assert.equal(line.level, 30);
  assert.match(line.msg, new RegExp(`^Reelsmith \\S+ serving http://localhost:${port} \\(listening on http://127\\.0\\.0\\.1:${port}\\); API docs: http://localhost:${port}/docs$`));
  const docs = await fetch(`http://127.0.0.1:${port}/docs`);
  assert.equal(docs.status, 200);

  const res = await fetch(`http://127.0.0.1:${port}/v1/avatars`);
  const rid = res.headers.get('x-request-id');
  assert.equal(((await res.json()) as { code: number }).code, 10105);
  await new Promise((r) => setTimeout(r, 200));
  const lines = proc.log().split('\n').filter((l) => l.includes(`"${rid}"`));
  assert.equal(lines.length, 1, proc.log());
  assert.match(lines[0]!, /"level":30/);
  assert.match(lines[0]!, /"msg":"GET \/v1\/avatars 200 code 10105"/);
});
