// npm run demo: the main job end to end through the public API. Serves the bundled sample shop and
// a webhook receiver on loopback, starts `reelsmith serve` (ALLOW_PRIVATE_URLS=1, so loopback
// addresses may be crawled and called), creates a product from the sample page, asks for a video
// and waits for it. The API, the shop and the receiver keep running afterwards (Ctrl-C stops
// them); the demo account's key and the shop's and receiver's addresses are printed and saved
// (data/demo-api-key, data/demo-shop-url, data/demo-webhook-url) for the README walk-through.
// `--serve` starts the same three with the data kept from an earlier run, making no video.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseDemoArgs, type DemoArgs } from './demo-args.ts';
import { startDemoReceiver } from './demo-receiver.ts';
import { startSampleShop } from './sample-shop.ts';
import { formatTimings, timingsFromLogLine, type VideoTimings } from '../src/videos/video-timings.ts';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
const port = Number(process.env.PORT ?? 8080);
const base = `http://127.0.0.1:${port}`;
const bin = path.join(root, 'bin', 'reelsmith.js');
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), ALLOW_PRIVATE_URLS: '1', PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}` };

// `--length 30` and `--length=30` both work; an unknown option is one line and exit 2.
let values: DemoArgs;
try {
  values = parseDemoArgs(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`demo: ${(err as Error).message}\n`);
  process.exit(2);
}

const shop = await startSampleShop();
// When each project's webhook arrived, for the time breakdown (outbox → delivery).
const hookAt = new Map<string, number>();
const receiver = await startDemoReceiver((line) => {
  const id = /project (\w+)/.exec(line)?.[1];
  if (id && !hookAt.has(id)) hookAt.set(id, Date.now());
  console.log(line);
});

fs.mkdirSync(dataDir, { recursive: true });
const run = (...a: string[]) => JSON.parse(execFileSync('node', [bin, ...a, '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
let key: string;
try {
  key = run('account', 'create', '--username', 'demo', '--credits', '100').api_key;
} catch {
  key = run('key', 'create', '--username', 'demo').api_key;
}
fs.writeFileSync(path.join(dataDir, 'demo-api-key'), key);
// The README walk-through gives a product photo from this shop and registers this receiver by
// hand; their ports change per run.
fs.writeFileSync(path.join(dataDir, 'demo-shop-url'), shop.baseUrl);
fs.writeFileSync(path.join(dataDir, 'demo-webhook-url'), receiver.url);

const server = spawn('node', [bin, 'serve'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
// The server's log (stdout): only its `video timings` lines are kept, for the breakdown.
const timings = new Map<string, VideoTimings>();
readline.createInterface({ input: server.stdout! }).on('line', (line) => {
  const t = timingsFromLogLine(line);
  if (t) timings.set(t.projectId, t);
});
let stopping = false;
const stop = () => {
  stopping = true;
  server.kill('SIGTERM');
  void shop.close();
  void receiver.close();
};
server.once('exit', (code) => {
  if (stopping) return;
  // serve has said why on stderr (e.g. the port is taken).
  console.error(`demo: reelsmith serve exited (status ${code})`);
  void shop.close();
  void receiver.close();
  process.exitCode = code ?? 1;
});
process.once('SIGINT', () => {
  stop();
  process.exit(0);
});
for (let i = 0; i < 150 && server.exitCode === null && !(await fetch(`${base}/health`).then((r) => r.ok).catch(() => false)); i++) {
  await new Promise((r) => setTimeout(r, 200));
}
if (server.exitCode !== null) process.exit(server.exitCode || 1);

async function api(method: string, p: string, body?: unknown) {
  const res = await fetch(base + p, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json()) as { code: number; msg: string; data: any };
  if (json.code !== 0) throw new Error(`${method} ${p}: ${json.code} ${json.msg}`);
  return json.data;
}

async function makeVideo(): Promise<void> {
  console.log(`crawling the sample product page ${shop.productUrl} ...`);
  const product = await api('POST', '/v1/product', { url: shop.productUrl });
  console.log(`product ${product.product_id}: ${product.name} (${product.brand}, ${product.price} ${product.currency}), ${product.media.length} media copied`);
  // The demo video's own endpoint at the receiver, so the time to the signed webhook is measured;
  // deleted once the video is done (the README walk-through registers its own).
  const endpoint = await api('POST', '/v2/endpoint', { url: receiver.url, status: 'enabled', events: ['generated_video_success', 'generated_video_failed'] });
  try {
    await createAndWait(product.product_id);
  } finally {
    await api('DELETE', `/v2/endpoint/${endpoint.endpoint_id}`).catch(() => undefined);
  }
}

async function createAndWait(productId: string): Promise<void> {
  const started = Date.now();
  const { project_id } = await api('POST', '/v1/create_video_from_url', {
    product_id: productId,
    aspect_ratio: Number(values['aspect-ratio'] ?? 0),
    video_length: values.length ?? '15',
    language: values.language ?? 'english',
    avatar_id: Number(values.avatar ?? 1),
    avatar_type: 0,
    script_style: values.style ?? 'Problem/Solution',
    template_type: 'public',
    template_id: Number(values.template ?? 1),
    caption: true,
    music_id: Number(values.music ?? 0),
  });
  let last = '';
  for (;;) {
    const p = await api('GET', `/v1/project?project_id=${project_id}`);
    const line = `status ${p.status_code} ${p.status_desc} ${p.progress}%`;
    if (line !== last) console.log(line);
    last = line;
    if (p.status_code === 4) {
      console.log(`video ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${p.video_url}`);
      // Where the time went (the server's `video timings` line; the webhook's arrival here).
      for (let i = 0; i < 30 && !(timings.has(project_id) && hookAt.has(project_id)); i++) await new Promise((r) => setTimeout(r, 100));
      const t = timings.get(project_id);
      const hook = hookAt.get(project_id);
      if (t) console.log(`time: ${hook ? `${((hook - started) / 1000).toFixed(1)} s to the signed webhook; ` : ''}${formatTimings(t, hook ? hook - t.committedAtMs : undefined)}`);
      console.log(`cover: ${p.cover_url}${p.subtitles_url ? `\nsubtitles: ${p.subtitles_url}` : ''}`);
      // The file behind the URL: the path after /files/ is its storage key (videos/<id>/<token>/video.mp4).
      console.log(`file: ${path.join(dataDir, 'files', ...new URL(p.video_url).pathname.replace(/^\/files\//, '').split('/'))}`);
      return;
    }
    if (p.status_code === 5) throw new Error(`video failed: ${JSON.stringify(p.error)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

try {
  console.log(`API on ${base} (docs: ${base}/docs; dashboard: ${base}/, sign in with the key); demo API key: ${key} (saved in ${path.join(dataDir, 'demo-api-key')})`);
  console.log(`sample shop on ${shop.baseUrl} (saved in ${path.join(dataDir, 'demo-shop-url')})`);
  console.log(`webhook receiver on ${receiver.url} (saved in ${path.join(dataDir, 'demo-webhook-url')})`);
  if (!values.serve) await makeVideo();
  if (values.exit) {
    stop();
    console.log('stopped. To keep using this data for the README walk-through: npm run demo -- --serve');
  } else console.log('the API, the shop and the receiver keep running; Ctrl-C stops them');
} catch (err) {
  console.error(String(err));
  stop();
  process.exitCode = 1;
}
