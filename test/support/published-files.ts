/**
 * Helpers for tests that make videos through the API: a loopback file server for media a
 * request links to, a wait for a project's final state, and the download of a published file
 * from the test server (PUBLIC_BASE_URL is not its address).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestServer } from './server.ts';

/** Serves the files of `root` by base name on 127.0.0.1. */
export function startFileServer(root: string, contentType = 'application/octet-stream'): Promise<{ url: (name: string) => string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(root, path.basename(req.url ?? ''));
    if (!fs.existsSync(file)) return void res.writeHead(404).end('no');
    res.writeHead(200, { 'content-type': contentType }).end(fs.readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: (name) => `http://127.0.0.1:${port}/${name}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

/** Polls GET /v1/project until the video succeeded (4) or failed (5). */
export async function waitDone(s: TestServer, key: string, id: string, ms = 240_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const p = (await s.call('GET', `/v1/project?project_id=${id}`, { key })).body.data;
    if (p.status_code === 4 || p.status_code === 5) return p;
    if (Date.now() > end) throw new Error(`project ${id} still at ${p.status_code} ${p.progress}%`);
    await sleep(250);
  }
}

/** A published file fetched from the test server into `dir/name`. */
export async function download(s: TestServer, dir: string, url: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  const res = await fetch(`${s.baseUrl}${new URL(url).pathname}`);
  assert.equal(res.status, 200, url);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}
