// The bundled sample shop (samples/shop/) served on loopback: the demo, bench:e2e and the
// end-to-end test crawl its product page like any shop's.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'samples', 'shop');
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.jpg': 'image/jpeg', '.png': 'image/png', '.mp4': 'video/mp4' };

export interface SampleShop {
  /** The shop's root, e.g. http://127.0.0.1:<port> (its photos are under /img/). */
  baseUrl: string;
  /** The sample product page. */
  productUrl: string;
  close(): Promise<void>;
}

export async function startSampleShop(): Promise<SampleShop> {
  const server = http.createServer((req, res) => {
    let file: string;
    try {
      file = path.join(root, path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')));
    } catch {
      return void res.writeHead(400).end();
    }
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    productUrl: `http://127.0.0.1:${port}/aurora-desk-lamp.html`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
