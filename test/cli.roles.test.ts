import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { bin, freePort, root, runCli, spawnReelsmith, until, waitHttp, type Proc } from './support/child-process.ts';

/** Runs the CLI to its end: exit status and stderr, whatever the status. */
function runCliResult(args: string[], env: Record<string, string>): Promise<{ status: number; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 30_000 }, (err, _stdout, stderr) => {
      resolve({ status: err ? Number((err as { code?: number }).code ?? 1) : 0, stderr, ms: Date.now() - started });
    });
  });
}

const dirs: string[] = [];
const procs: Proc[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-roles-'));
  dirs.push(d);
  return d;
};
after(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('roles: serve --no-worker and worker (issue 15, item 4)', () => {
  it('serve --no-worker takes requests and runs no job; a `reelsmith worker` on the same database runs it and logs start and end', { timeout: 90_000 }, async () => {
    const env = { DATA_DIR: tempDir(), DATABASE_URL: '', REDIS_URL: '', REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1', JOB_MAX_SLEEP_MS: '300' };
    const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--username', 'roles', '--credits', '5', '--json'], env)) as { api_key: string };
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const api = spawnReelsmith(['serve', '--no-worker'], { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    procs.push(api);
    await waitHttp(baseUrl, api);
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(baseUrl + p, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
      const json = (await res.json()) as { code: number; data: any };
      assert.equal(json.code, 0, JSON.stringify(json));
      return json.data;
    };
    const product = await call('POST', '/v1/product', { name: 'Kettle', description: 'A quiet kettle.' });
    const { project_id: id } = await call('POST', '/v1/create_video_from_url', { product_id: product.product_id, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public' });
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal((await call('GET', `/v1/project?project_id=${id}`)).status_code, 2, 'still waiting: the API runs no job');
    assert.match(api.log(), /"generation":false/, 'the API says it runs no jobs');
    assert.doesNotMatch(api.log(), /job started/);

    const worker = spawnReelsmith(['worker'], { ...env, LOG_LEVEL: 'info' });
    procs.push(worker);
    await until(async () => ((await call('GET', `/v1/project?project_id=${id}`)).status_code === 4 ? true : undefined), 60_000, 'the worker finishing the video', 200);
    await until(() => (/job finished/.test(worker.log()) ? true : undefined), 5000, 'the end line');
    const lines = worker.log().split('\n').filter((l) => l.includes(id)).map((l) => JSON.parse(l) as Record<string, unknown>);
    const started = lines.find((l) => String(l.msg).startsWith('job started'));
    const finished = lines.find((l) => String(l.msg).startsWith('job finished'));
    assert.ok(started && finished, worker.log());
    assert.equal(started.jobId, id);
    assert.equal(started.attempt, 1);
    assert.equal(finished.outcome, 'succeeded');
    assert.ok(typeof finished.ms === 'number' && finished.ms > 0);
  });

  it('a failing job is logged as a failure with its reason', { timeout: 60_000 }, async () => {
    const env = { DATA_DIR: tempDir(), DATABASE_URL: '', REDIS_URL: '', REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1', LOG_LEVEL: 'info' };
    const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--username', 'fails', '--credits', '5', '--json'], env)) as { api_key: string };
    const port = await freePort();
    const serve = spawnReelsmith(['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
    procs.push(serve);
    await waitHttp(`http://127.0.0.1:${port}`, serve);
    const post = async (p: string, body: unknown) =>
      ((await (await fetch(`http://127.0.0.1:${port}${p}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { data: any }).data;
    // The test generator refuses a product named "[fail-permanent]" (test/support/ffmpeg-generator.ts).
    const product = await post('/v1/product', { name: 'Kettle [fail-permanent]', description: 'A quiet kettle.' });
    const { project_id: id } = await post('/v1/create_video_from_url', { product_id: product.product_id, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public' });
    const line = await until(() => serve.log().split('\n').find((l) => l.includes(id) && l.includes('job failed')), 30_000, 'the failure line');
    const parsed = JSON.parse(line) as Record<string, unknown>;
    assert.equal(parsed.level, 40);
    assert.equal(parsed.outcome, 'failed');
    assert.ok(typeof parsed.error === 'string' && parsed.error.length > 0, line);
  });
});

describe('fail fast at start: one line, exit status 2 (issue 15, item 4)', () => {
  const closedPort = async () => freePort();

  for (const role of ['serve', 'worker']) {
    it(`${role}: DATABASE_URL on a closed port`, async () => {
      const r = await runCliResult([role], { DATA_DIR: tempDir(), DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/x`, REDIS_URL: '', PORT: '0' });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /^reelsmith: cannot reach the database at postgres:\/\/postgres@127\.0\.0\.1:\d+\/x \(ECONNREFUSED\); is it running, and is DATABASE_URL right\?\n$/);
    });

    it(`${role}: S3 storage on a closed port`, async () => {
      const port = await closedPort();
      const r = await runCliResult([role], {
        DATA_DIR: tempDir(), DATABASE_URL: '', REDIS_URL: '', PORT: '0',
        STORAGE: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'reelsmith', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's',
      });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /^reelsmith: cannot use the file storage: the S3 bucket reelsmith at http:\/\/127\.0\.0\.1:\d+ cannot be used: ECONNREFUSED.*\(check STORAGE \/ DATA_DIR and the S3_\* settings\)\n$/);
      assert.equal(r.stderr.split('\n').length, 2, r.stderr);
    });

    it(`${role}: REDIS_URL on a closed port`, async () => {
      const port = await closedPort();
      const r = await runCliResult([role], { DATA_DIR: tempDir(), DATABASE_URL: '', REDIS_URL: `redis://127.0.0.1:${port}`, PORT: '0' });
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stderr, `reelsmith: cannot reach Redis at redis://127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port}); is it running, and is REDIS_URL right?\n`);
    });
  }

  it('worker: file storage that cannot be written', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'files'), 'not a directory');
    const r = await runCliResult(['worker'], { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^reelsmith: cannot use the file storage: .+\n$/);
    assert.equal(r.stderr.split('\n').length, 2, r.stderr);
  });
});
