/**
 * The shop bench/crawl-load.bench.ts crawls, in its own process: /deep/<n> (500,000 nested
 * <div>s), /wide/<n> (150,000 elements, within the budgets) and /page/<i> (the i-th page of the
 * product-page set in argv[2]). Tells its parent the port it listens on.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const benchDir = process.argv[2]!;
const manifest = JSON.parse(readFileSync(path.join(benchDir, 'manifest.json'), 'utf8')) as { pages: Array<{ file: string; compressed: string | null }> };
const normal = manifest.pages.map((p) => {
  const raw = readFileSync(path.join(benchDir, p.file));
  return p.compressed === 'gzip' ? gunzipSync(raw) : raw;
});
const deepPage = Buffer.from(`<!doctype html><html><head><title>Deep</title></head><body>${'<div>'.repeat(500_000)}</body></html>`);
const widePage = Buffer.from(`<!doctype html><html><head><title>Wide</title></head><body>${'<p class=a>x</p>'.repeat(150_000)}</body></html>`);

const server = http.createServer((req, res) => {
  const [, kind, n] = (req.url ?? '').split('/');
  const body = kind === 'deep' ? deepPage : kind === 'wide' ? widePage : kind === 'page' ? normal[Number(n)] : undefined;
  if (body) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  else res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
process.on('disconnect', () => process.exit(0));
