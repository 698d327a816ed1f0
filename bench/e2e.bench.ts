// npm run bench:e2e — time from POST /v1/create_video_from_url to the signed success webhook of
// BENCH_E2E_COUNT (10) 15 s 9:16 1080p videos made one after the other on a fresh server (fresh
// DATA_DIR, so nothing made on first use is cached yet), each with its parts (the server's
// `video timings` log line, src/videos/video-timings.ts: queue wait, prepare, media, script, speech,
// render, encode, publish, commit; and outbox→delivery, commit to the webhook's arrival), and the
// first against the last; also how long the server took to be ready (createApp + listen) and to
// finish its start-up warm-up. Through a real server (in this process): HTTP API, the accepting
// transaction, the in-process job runner, the media pipeline (script, espeak-ng speech, avatar,
// render), publishing, the outbox and the dispatcher. The product is crawled from the bundled
// sample page, served on loopback. BENCH_E2E_TEST_GENERATOR=1 swaps in the ffmpeg test generator
// (a test pattern) to time the harness alone. BENCH_E2E_PREVIEW=1 also makes a preview
// (POST /v1/preview, the draft render profile) of each video from the same body and prints its
// time to status_code 4 (polled every 100 ms) against the full video's time to its webhook, and
// the CPU seconds each took (this process, its reaped children such as ffmpeg, and its live
// children such as the espeak worker): on a machine shared with other work the CPU figure is the
// steadier comparison.
// BENCH_E2E_LENGTHS=15,30 picks lengths (each made COUNT times).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { startSampleShop } from '../scripts/sample-shop.ts';
import { formatTimings, timingsFromLogLine, type VideoTimings } from '../src/videos/video-timings.ts';
import { cpuS } from './support/cpu.ts';

const LENGTHS = (process.env.BENCH_E2E_LENGTHS ?? '15').split(',').map(Number);
const COUNT = Number(process.env.BENCH_E2E_COUNT ?? 10);
const PREVIEW = process.env.BENCH_E2E_PREVIEW === '1';
const TIMEOUT_MS = Number(process.env.BENCH_E2E_TIMEOUT_MS ?? 600_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-e2e-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  REDIS_URL: '',
  ALLOW_PRIVATE_URLS: '1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_POST_PER_MINUTE: '1000',
  ...(process.env.BENCH_E2E_TEST_GENERATOR === '1' ? { REELSMITH_TEST_GENERATOR: 'ffmpeg' } : {}),
});
if (config.testGenerator) console.log('NOTE: ffmpeg TEST generator (test pattern); these figures are for the harness, not the pipeline');

const shop = await startSampleShop();
const shopUrl = shop.productUrl;

// A receiver that resolves a waiter per project id when its success (or failure) webhook arrives.
const waiters = new Map<string, (event: { event: string; at: number }) => void>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event: string; data: { project_id: string } };
    waiters.get(body.data.project_id)?.({ event: body.event, at: performance.now() });
    res.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverPort = (receiver.address() as { port: number }).port;

// The server's log: its `video timings` lines are kept per project, its warnings and errors shown.
const timings = new Map<string, VideoTimings>();
const logStream = {
  write(line: string) {
    const t = timingsFromLogLine(line);
    if (t) timings.set(t.projectId, t);
    else if (/"level":(40|50|60)/.test(line)) process.stderr.write(line);
  },
};
const s0 = performance.now();
const running = await createApp(config, { logger: { level: 'info', stream: logStream } });
await running.app.listen({ port: 0, host: '127.0.0.1' });
running.startBackground();
const readyS = (performance.now() - s0) / 1000;
console.log(`load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; server ready after ${readyS.toFixed(2)} s`);
// As `serve` does after listening (WARM_UP=1, the default); BENCH_E2E_WARM=0 measures without it.
// BENCH_E2E_WAIT_WARM=1 creates the first video only once the warm-up has finished.
const WARM = process.env.BENCH_E2E_WARM !== '0';
const warming = WARM
  ? running.warmUp().then((r) => {
      console.log(`warm-up done ${((performance.now() - s0) / 1000).toFixed(2)} s after start: ${JSON.stringify(r)}`);
    })
  : Promise.resolve(console.log('warm-up: off (BENCH_E2E_WARM=0)'));
if (process.env.BENCH_E2E_WAIT_WARM === '1') await warming;
const base = `http://127.0.0.1:${(running.app.server.address() as { port: number }).port}`;
const { api_key: key } = await running.services.accounts.createAccount({ username: 'e2e', credits: 10 });
const api = async (method: string, p: string, body?: unknown): Promise<any> => {
  const res = await fetch(base + p, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json()) as { code: number; data: unknown; msg: string };
  if (json.code !== 0) throw new Error(`${method} ${p}: ${json.code} ${json.msg}`);
  return json.data;
};

try {
  await api('POST', '/v1/endpoint', { url: `http://127.0.0.1:${receiverPort}/hook`, events: ['generated_video_success', 'generated_video_failed'] });
  const product = await api('POST', '/v1/product', { url: shopUrl, target_audience: 'home office workers' });
  for (const length of LENGTHS) for (let n = 1; n <= COUNT; n++) {
    const t0 = performance.now();
    const created = Date.now();
    const c0 = cpuS();
    const body = {
      product_id: product.product_id, aspect_ratio: 0, video_length: String(length), language: 'english',
      avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public', caption: true,
    };
    const { project_id } = await api('POST', '/v1/create_video_from_url', body);
    const hook = await new Promise<{ event: string; at: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no webhook within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      waiters.set(project_id, (e) => {
        clearTimeout(timer);
        resolve(e);
      });
    });
    const arrived = Date.now();
    const fullCpuS = cpuS() - c0;
    const project = await api('GET', `/v1/project?project_id=${project_id}`);
    const t = timings.get(project_id);
    // create → due (the HTTP call and the accepting transaction) is the part before the queue.
    const parts = t ? `accept ${Math.max(0, t.committedAtMs - t.runMs - t.queueMs - created)} ms · ${formatTimings(t, arrived - t.committedAtMs)}` : 'no timings';
    console.log(
      `#${n} ${length} s 9:16: ${hook.event} after ${((hook.at - t0) / 1000).toFixed(2)} s (video ${project.video_duration} s, status ${project.status_code}${project.error ? `, ${project.error.message}` : ''}), ${fullCpuS.toFixed(1)} CPU s, load ${os.loadavg()[0]!.toFixed(2)}\n    ${parts}`,
    );
    if (PREVIEW) {
      const fullS = (hook.at - t0) / 1000;
      const p0 = performance.now();
      const pc0 = cpuS();
      const { project_id: previewId } = await api('POST', '/v1/preview', body);
      let preview: any;
      for (;;) {
        preview = await api('GET', `/v1/project?project_id=${previewId}`);
        if (preview.status_code === 4 || preview.status_code === 5) break;
        if (performance.now() - p0 > TIMEOUT_MS) throw new Error('preview did not finish');
        await new Promise((r) => setTimeout(r, 100));
      }
      const previewS = (performance.now() - p0) / 1000;
      const previewCpuS = cpuS() - pc0;
      console.log(
        `${length} s 9:16 preview: status ${preview.status_code} after ${previewS.toFixed(2)} s (video ${preview.video_duration} s), ${(previewS / fullS).toFixed(2)} of the full video's wall time (target <= 0.33: ${previewS * 3 <= fullS ? 'met' : 'missed'}); ${previewCpuS.toFixed(1)} CPU s, ${(previewCpuS / fullCpuS).toFixed(2)} of the full video's CPU`,
      );
    }
  }
} finally {
  await running.close();
  receiver.close();
  await shop.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
