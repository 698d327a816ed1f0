// npm run demo: the main job end to end through the public API. Serves the bundled sample shop on
// loopback, starts `reelsmith serve` (ALLOW_PRIVATE_URLS=1, so the loopback shop may be crawled),
// creates a product from the sample page, asks for a video and waits for it. The API and the shop
// keep running afterwards (Ctrl-C stops them); the demo account's key and the shop's address are
// printed and saved (data/demo-api-key, data/demo-shop-url) for the README walk-through.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startSampleShop } from './sample-shop.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
const port = Number(process.env.PORT ?? 8080);
const base = `http://127.0.0.1:${port}`;
const bin = path.join(root, 'bin', 'reelsmith.js');
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), ALLOW_PRIVATE_URLS: '1', PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}` };
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));

const shop = await startSampleShop();
const shopUrl = shop.productUrl;

fs.mkdirSync(dataDir, { recursive: true });
const run = (...a: string[]) => JSON.parse(execFileSync('node', [bin, ...a, '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
let key: string;
try {
  key = run('account', 'create', '--username', 'demo', '--credits', '100').api_key;
} catch {
  key = run('key', 'create', '--username', 'demo').api_key;
}
fs.writeFileSync(path.join(dataDir, 'demo-api-key'), key);
// The README walk-through gives a product photo from this shop by hand; its port changes per run.
fs.writeFileSync(path.join(dataDir, 'demo-shop-url'), shop.baseUrl);

const server = spawn('node', [bin, 'serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const stop = () => {
  server.kill('SIGTERM');
  void shop.close();
};
process.once('SIGINT', () => {
  stop();
  process.exit(0);
});
for (let i = 0; i < 150 && !(await fetch(`${base}/health`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 200));

async function api(method: string, p: string, body?: unknown) {
  const res = await fetch(base + p, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json()) as { code: number; msg: string; data: any };
  if (json.code !== 0) throw new Error(`${method} ${p}: ${json.code} ${json.msg}`);
  return json.data;
}

try {
  console.log(`API on ${base} (docs: ${base}/docs); demo API key: ${key} (saved in ${path.join(dataDir, 'demo-api-key')})`);
  console.log(`sample shop on ${shop.baseUrl} (saved in ${path.join(dataDir, 'demo-shop-url')})`);
  console.log(`crawling the sample product page ${shopUrl} ...`);
  const product = await api('POST', '/v1/product', { url: shopUrl });
  console.log(`product ${product.product_id}: ${product.name} (${product.brand}, ${product.price} ${product.currency}), ${product.media.length} media copied`);
  const started = Date.now();
  const { project_id } = await api('POST', '/v1/create_video_from_url', {
    product_id: product.product_id,
    aspect_ratio: Number(args.get('aspect-ratio') ?? 0),
    video_length: args.get('length') ?? '15',
    language: args.get('language') ?? 'english',
    avatar_id: Number(args.get('avatar') ?? 1),
    avatar_type: 0,
    script_style: args.get('style') ?? 'Problem/Solution',
    template_type: 'public',
    template_id: Number(args.get('template') ?? 1),
    caption: true,
    music_id: Number(args.get('music') ?? 0),
  });
  let last = '';
  for (;;) {
    const p = await api('GET', `/v1/project?project_id=${project_id}`);
    const line = `status ${p.status_code} ${p.status_desc} ${p.progress}%`;
    if (line !== last) console.log(line);
    last = line;
    if (p.status_code === 4) {
      console.log(`video ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${p.video_url}`);
      console.log(`cover: ${p.cover_url}${p.subtitles_url ? `\nsubtitles: ${p.subtitles_url}` : ''}`);
      console.log(`file: ${path.join(dataDir, 'files', 'videos', project_id, 'video.mp4')}`);
      break;
    }
    if (p.status_code === 5) throw new Error(`video failed: ${JSON.stringify(p.error)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (args.has('exit')) stop();
  else console.log('the API keeps running; Ctrl-C stops it');
} catch (err) {
  console.error(String(err));
  stop();
  process.exitCode = 1;
}
