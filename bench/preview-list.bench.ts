// npm run bench:preview-list — time of POST /v2/create_video_from_product/preview_list for 1, 3
// and 5 visual styles (BENCH_PREVIEW_COUNTS) through a real server in this process and the real
// pipeline (script, espeak-ng speech, presenter, draft render profile), from the POST to the
// last preview at status completed (polled every 100 ms), with the CPU seconds it took (this
// process and its children: the steadier figure on a shared machine). The previews are jobs:
// JOB_CONCURRENCY (default 1) of them run at once in this one process. The product is crawled
// from the bundled sample page on loopback. BENCH_PREVIEW_LENGTH (default 15) is the length asked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.ts';
import { VISUAL_STYLES } from '../src/catalog/catalog.data.ts';
import { loadConfig } from '../src/config/config.ts';
import { startSampleShop } from '../scripts/sample-shop.ts';
import { cpuS } from './support/cpu.ts';

const COUNTS = (process.env.BENCH_PREVIEW_COUNTS ?? '1,3,5').split(',').map(Number);
const LENGTH = process.env.BENCH_PREVIEW_LENGTH ?? '15';
const TIMEOUT_MS = 900_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-preview-list-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  ALLOW_PRIVATE_URLS: '1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_POST_PER_MINUTE: '1000',
});
const shop = await startSampleShop();
const running = await createApp(config, { logger: false });
await running.app.listen({ port: 0, host: '127.0.0.1' });
running.startBackground();
const base = `http://127.0.0.1:${(running.app.server.address() as { port: number }).port}`;
const { api_key: key } = await running.services.accounts.createAccount({ username: 'bench', credits: 1 });
const api = async (method: string, p: string, body?: unknown): Promise<any> => {
  const res = await fetch(base + p, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json()) as { code: number; data: unknown; msg: string };
  if (json.code !== 0) throw new Error(`${method} ${p}: ${json.code} ${json.msg}`);
  return json.data;
};

console.log(`JOB_CONCURRENCY ${config.jobs.concurrency}, ${LENGTH} s 9:16 previews, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
try {
  const product = await api('POST', '/v2/product', { url: shop.productUrl });
  for (const n of COUNTS) {
    const styles = Array.from({ length: n }, (_, i) => VISUAL_STYLES[i % VISUAL_STYLES.length]!.name);
    const t0 = performance.now();
    const c0 = cpuS();
    const { previews } = await api('POST', '/v2/create_video_from_product/preview_list', {
      product_id: product.product_id,
      video_spec: { aspect_ratio: 'portrait', length: LENGTH, caption: true },
      avatar: { id: 1 },
      script: { style: 'Storytime', language: 'english' },
      visual_styles: styles,
    });
    const acceptedMs = performance.now() - t0;
    const doneS: number[] = [];
    const pending = new Set<string>(previews.map((p: any) => p.preview_id));
    while (pending.size > 0) {
      for (const id of [...pending]) {
        const v = await api('GET', `/v2/product_video/${id}`);
        if (v.status === 'failed') throw new Error(`preview ${id} failed: ${v.error?.message}`);
        if (v.status === 'completed') {
          pending.delete(id);
          doneS.push((performance.now() - t0) / 1000);
        }
      }
      if (performance.now() - t0 > TIMEOUT_MS) throw new Error('previews did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
    const wallS = (performance.now() - t0) / 1000;
    const cpu = cpuS() - c0;
    console.log(
      `N=${n}: accepted in ${acceptedMs.toFixed(0)} ms; all ${n} completed after ${wallS.toFixed(1)} s (each at ${doneS.map((s) => s.toFixed(1)).join(', ')} s), ` +
        `${(wallS / n).toFixed(1)} s a preview; ${cpu.toFixed(1)} CPU s (${(cpu / n).toFixed(1)} a preview); load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
} finally {
  await running.close();
  await shop.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
