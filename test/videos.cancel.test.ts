import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hexId } from '../src/lib/ids.ts';
import { apiClient, createTestDatabase, creditsAndLedger, type TestDatabase } from './support/cluster.ts';
import { freePort, runCli, spawnReelsmith, until, waitHttp, type Proc } from './support/child-process.ts';
import { startLlmServer, type LlmServer } from './support/llm-server.ts';
import { startFileServer } from './support/published-files.ts';
import { startServer, success as data, type TestServer } from './support/server.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

/**
 * Issue 28, loose end 3: a queued or running video is cancelled (DELETE /v1/project, or the v2
 * extension POST /v2/video/{id}/cancel): its job stops within 2 s, the credit comes back once, the
 * failed event says "cancelled", the attempt's scratch files are gone. In-process runner on SQLite;
 * a `reelsmith worker` process through BullMQ on PostgreSQL. The test generator runs a real ffmpeg
 * encoding at playback speed (realtime=1), so a 20 s video is still rendering when cancelled.
 */
const PRODUCT = { name: 'Cancel me', description: 'A product whose video is cancelled mid-render.' };
const videoBody = (productId: string) => ({ product_id: productId, aspect_ratio: 2, video_length: '15', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public' });

describe('cancel with the in-process runner (SQLite)', () => {
  let s: TestServer;
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
    s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=20,realtime=1', ALLOW_PRIVATE_URLS: '1', JOB_CONCURRENCY: '1' } });
    s.running.startBackground();
  });
  after(async () => {
    await s?.close();
    await receiver?.close();
  });

  it('DELETE /v1/project on a rendering video: stopped within 2 s, refunded once, failed event "cancelled", work dir removed; a queued one too (v2 route)', { timeout: 60_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 5 });
    const accountId = (await s.running.services.auth.authenticate(key))!.accountId;
    const credits = () => s.running.services.accounts.remainingCredits(accountId);
    data(await s.call('POST', '/v1/endpoint', { key, body: { url: receiver.url('/hook'), events: ['generated_video_failed'] } }));
    const product = data(await s.call('POST', '/v1/product', { key, body: PRODUCT }));
    const running = data(await s.call('POST', '/v1/create_video_from_url', { key, body: videoBody(product.product_id) })).project_id as string;
    const queued = data(await s.call('POST', '/v1/create_video_from_url', { key, body: videoBody(product.product_id) })).project_id as string;
    assert.equal(await credits(), 3);
    const workDir = path.join(s.config.dataDir, 'work', running);
    await until(async () => ((await s.running.services.jobs.get(running))?.stage === 'render' && fs.existsSync(workDir) ? true : undefined), 20_000, 'the first video rendering');
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(data(await s.call('GET', `/v1/project?project_id=${queued}`, { key })).status_code, 2, 'the second waits (JOB_CONCURRENCY 1)');

    const t0 = performance.now();
    const del = await s.call('DELETE', `/v1/project?project_id=${running}`, { key });
    assert.equal(del.body.code, 0, JSON.stringify(del.body));
    await until(() => (fs.existsSync(workDir) ? undefined : true), 5000, 'the attempt directory removed', 20);
    const stoppedS = (performance.now() - t0) / 1000;
    assert.ok(stoppedS < 2, `stopped in ${stoppedS.toFixed(2)} s`);
    const p = data(await s.call('GET', `/v1/project?project_id=${running}`, { key }));
    assert.equal(p.status_code, 5);
    assert.match(p.error.message, /^cancelled/);
    const job = await s.running.services.jobs.get(running);
    assert.equal(job?.status, 'failed');

    // The queued one, by the v2 route: failed at once, its job never runs.
    const v2 = data(await s.call('POST', `/v2/video/${queued}/cancel`, { key }));
    assert.deepEqual({ status: v2.status, code: v2.error.code }, { status: 'failed', code: 40000 });
    assert.match(v2.error.message, /^cancelled/);
    assert.equal(await credits(), 5, 'both credits back');

    // Once only: cancelling again is refused (finished), the ledger has one refund per video.
    const again = await s.call('POST', `/v2/video/${running}/cancel`, { key });
    assert.equal(again.body.code, 40000);
    assert.match(again.body.msg, /already finished \(status_code 5/);
    const refunds = await s.running.db.kysely.selectFrom('credit_ledger').select(['ref']).where('reason', '=', 'refund').where('account_id', '=', accountId).execute();
    assert.deepEqual(refunds.map((r) => r.ref).sort(), [running, queued].sort());
    assert.equal(await credits(), 5);

    await receiver.waitFor((rs) => new Set(rs.map((r) => r.json?.data?.project_id)).size === 2, 10_000, 'two failed events');
    for (const r of receiver.on('/hook')) {
      assert.equal(r.json.event, 'generated_video_failed');
      assert.equal(r.json.data.status, 'failed');
      assert.match(r.json.data.error.message, /^cancelled/);
    }
    assert.equal(receiver.on('/hook').length, 2, 'one event per video');
    // A finished (cancelled) video is then deleted by DELETE as before.
    assert.equal((await s.call('DELETE', `/v1/project?project_id=${running}`, { key })).body.code, 0);
    assert.equal(data(await s.call('GET', `/v1/project?project_id=${running}`, { key })).status_code, 99);
    // Another account's video: 10104, nothing changes.
    const other = await s.account();
    assert.equal((await s.call('POST', `/v2/video/${queued}/cancel`, { key: other.apiKey })).body.code, 10104);
  });
});

/**
 * The kinds with stages of their own, in their real pipelines (no test generator): a translation
 * re-voicing an outside video (cancelled while its segments are spoken: dubVideo stops between
 * segments and kills its ffmpeg), and a lip-sync video (cancelled while its face is tracked).
 */
describe('cancel a translation and a lip-sync video in their own pipelines (in-process, SQLite)', () => {
  let s: TestServer;
  let receiver: Receiver;
  let llm: LlmServer;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-cancel-kinds-'));
  before(async () => {
    // 60 s of a plain picture with a tone (sound above the silence floor); what is "said" comes as a timed transcript.
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=160x90:r=10:d=60', '-f', 'lavfi', '-i', 'sine=frequency=220:d=60', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', path.join(dir, 'long.mp4')]);
    files = await startFileServer(dir, 'video/mp4');
    llm = await startLlmServer(() => ({ translation: 'Diese Lampe beleuchtet den ganzen Schreibtisch und alles, was darauf liegt, auch am späten Abend noch ganz warm und hell.' }));
    receiver = await startReceiver();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', JOB_CONCURRENCY: '1' } });
    s.running.startBackground();
  });
  after(async () => {
    await s?.close();
    await receiver?.close();
    await llm?.close();
    await files?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function cancelDuring(key: string, id: string, stage: string, event: string) {
    const accountId = (await s.running.services.auth.authenticate(key))!.accountId;
    const workDir = path.join(s.config.dataDir, 'work', id);
    await until(async () => ((await s.running.services.jobs.get(id))?.stage === stage && fs.existsSync(workDir) ? true : undefined), 60_000, `${id} at stage ${stage}`);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await s.running.services.jobs.get(id))?.status, 'running', `still at work in stage ${(await s.running.services.jobs.get(id))?.stage}`);
    const t0 = performance.now();
    const cancelled = data(await s.call('POST', `/v2/video/${id}/cancel`, { key }));
    assert.equal(cancelled.status, 'failed');
    await until(() => (fs.existsSync(workDir) ? undefined : true), 10_000, 'the attempt directory removed', 20);
    const stoppedS = (performance.now() - t0) / 1000;
    assert.ok(stoppedS < 2, `${stage}: stopped in ${stoppedS.toFixed(2)} s`);
    console.log(`cancel during ${stage} → stopped in ${stoppedS.toFixed(2)} s (load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`);
    // Nothing written after the cancel: still failed "cancelled", one refund, credits whole.
    await new Promise((r) => setTimeout(r, 1500));
    const p = data(await s.call('GET', `/v1/project?project_id=${id}`, { key }));
    assert.equal(p.status_code, 5);
    assert.match(p.error.message, /^cancelled/);
    assert.equal(p.video_url ?? '', '');
    const refunds = await s.running.db.kysely.selectFrom('credit_ledger').select(['ref']).where('reason', '=', 'refund').where('account_id', '=', accountId).where('ref', '=', id).execute();
    assert.equal(refunds.length, 1);
    assert.equal(await s.running.services.accounts.remainingCredits(accountId), 3);
    await receiver.waitFor((rs) => rs.some((r) => (r.json?.data?.video_id ?? r.json?.data?.project_id) === id), 10_000, event);
    const got = receiver.on('/hook').filter((r) => (r.json?.data?.video_id ?? r.json?.data?.project_id) === id);
    assert.deepEqual(got.map((r) => r.json.event), [event]);
    assert.match(JSON.stringify(got[0]!.json.data), /cancelled/);
  }

  it('a translation re-voicing an outside video, cancelled while its segments are spoken', { timeout: 120_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 3 });
    const transcript = Array.from({ length: 20 }, (_, i) => ({ start: i * 3, end: i * 3 + 2.5, text: `This lamp lights your whole desk, sentence number ${i + 1}.` }));
    const id = data(await s.call('POST', '/v2/video_translate/', { key, body: { video_url: files.url('long.mp4'), output_language: 'german', transcript, webhook_url: receiver.url('/hook') } })).video_translate_id as string;
    await cancelDuring(key, id, 'speech', 'generated_translate_video_failed');
  });

  it('a lip-sync video, cancelled while its face is tracked', { timeout: 120_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 3 });
    const id = data(await s.call('POST', '/v2/create_lip_sync_video', { key, body: { video_url: files.url('long.mp4'), script: 'Hello! This is me, speaking new words for a whole minute.', voice_id: 'en-us-f1', webhook_url: receiver.url('/hook') } })).task_id as string;
    await cancelDuring(key, id, 'track', 'generated_lip_sync_video_failed');
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe('cancel with a `reelsmith worker` process (PostgreSQL + BullMQ)', { timeout: 120_000 }, () => {
  let testDb: TestDatabase | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-cancel-'));
  const procs: Proc[] = [];
  let env: Record<string, string> = {};
  before(async () => {
    if (!DATABASE_URL || !REDIS_URL) return;
    testDb = await createTestDatabase(DATABASE_URL);
    env = { DATA_DIR: dataDir, DATABASE_URL: testDb.url, REDIS_URL, QUEUE_PREFIX: `cancel-${hexId().slice(0, 8)}`, ALLOW_PRIVATE_URLS: '1', RATE_LIMIT_POST_PER_MINUTE: '10000' };
  });
  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the worker in another process sees the cancelled row and stops within 2 s; refunded once', { timeout: 90_000 }, async (t) => {
    if (!testDb) return t.skip('needs DATABASE_URL and REDIS_URL');
    const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--username', 'canceller', '--credits', '3', '--json'], env)) as { api_key: string };
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const serve = spawnReelsmith(['serve', '--no-worker'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
    const worker = spawnReelsmith(['worker'], { ...env, REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=20,realtime=1', JOB_CONCURRENCY: '1' });
    procs.push(serve, worker);
    await waitHttp(baseUrl, serve, 60_000).catch((err) => assert.fail(`${(err as Error).message}\n${serve.log()}`));
    const api = apiClient(baseUrl, key);
    const product = await api('POST', '/v1/product', PRODUCT);
    const id = (await api('POST', '/v1/create_video_from_url', videoBody(product.product_id))).project_id as string;
    const workDir = path.join(dataDir, 'work', id);
    await until(
      async () => ((await testDb!.db.query(`SELECT stage FROM jobs WHERE id = $1 AND status = 'running' AND lease_owner LIKE $2`, [id, `%:${worker.pid}:%`])).rows[0]?.stage === 'render' && fs.existsSync(workDir) ? true : undefined),
      30_000,
      'the worker rendering the video',
    );
    await new Promise((r) => setTimeout(r, 1000));
    const t0 = performance.now();
    const cancelled = await api('POST', `/v2/video/${id}/cancel`);
    assert.equal(cancelled.status, 'failed');
    await until(() => (fs.existsSync(workDir) ? undefined : true), 5000, `the worker's attempt directory removed: ${worker.log()}`, 20);
    const stoppedS = (performance.now() - t0) / 1000;
    assert.ok(stoppedS < 2, `stopped in ${stoppedS.toFixed(2)} s`);
    console.log(`cancel → worker stopped (other process, BullMQ): ${stoppedS.toFixed(2)} s`);
    // The worker wrote nothing after: still cancelled, no files, one refund, credits whole.
    await new Promise((r) => setTimeout(r, 1500));
    const row = (await testDb.db.query(`SELECT status, error_message, video_url FROM videos WHERE id = $1`, [id])).rows[0];
    assert.equal(row.status, 5);
    assert.match(row.error_message, /^cancelled/);
    assert.equal(row.video_url, '');
    assert.equal((await testDb.db.query(`SELECT status FROM jobs WHERE id = $1`, [id])).rows[0].status, 'failed');
    assert.deepEqual(await creditsAndLedger(testDb.db, 'canceller'), { credits: 3, ledger: 3 });
    assert.equal((await testDb.db.query(`SELECT COUNT(*)::int AS n FROM credit_ledger WHERE reason = 'refund' AND ref = $1`, [id])).rows[0].n, 1);
    assert.ok(worker.child.exitCode === null, `the worker is still running: ${worker.log()}`);
  });
});
