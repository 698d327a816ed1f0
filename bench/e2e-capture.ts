/**
 * Captures the render input of bench:e2e's video (the sample lamp page crawled, 15 s 9:16, the
 * same request body), so its render can be replayed and profiled without a server
 * (bench/e2e-replay.ts): one video made through a real server in this process, its narration
 * (script, speech timings, the mixed audio), product facts and stored images copied to OUT.
 *   node --import tsx bench/e2e-capture.ts /tmp/e2e-capture
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, resolveGenerator } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import type { Narration } from '../src/pipeline/types.ts';
import type { PipelineGenerator } from '../src/videos/pipeline-generator.ts';
import type { VideoGenerator } from '../src/videos/video-generator.ts';
import { startSampleShop } from '../scripts/sample-shop.ts';

const out = path.resolve(process.argv[2] ?? '/tmp/e2e-capture');
fs.mkdirSync(out, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-e2e-capture-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ALLOW_PRIVATE_URLS: '1', LOG_LEVEL: 'warn', WARM_UP: '0' });
const shop = await startSampleShop();

let inner: VideoGenerator | null = null;
let done: (v: unknown) => void = () => {};
const finished = new Promise((r) => (done = r));
const generator: VideoGenerator = {
  async generate(job, progress, signal) {
    const deps = (inner as unknown as { deps: { observe?: unknown } }).deps;
    const p = job.product!;
    deps.observe = {
      narration(n: Narration) {
        const stored = path.join(job.workDir, 'stored');
        const images = fs.readdirSync(stored).sort((a, b) => parseInt(a) - parseInt(b));
        fs.mkdirSync(path.join(out, 'stored'), { recursive: true });
        for (const f of images) fs.copyFileSync(path.join(stored, f), path.join(out, 'stored', f));
        fs.copyFileSync(n.mixedAudioPath, path.join(out, path.basename(n.mixedAudioPath)));
        const facts = {
          name: p.name, description: p.description, sellingPoints: p.sellingPoints, brand: p.brand, price: p.price, currency: p.currency,
          targetAudience: p.targetAudience, language: p.language ?? null, imagePaths: images.map((f) => `stored/${f}`), videoPaths: [],
        };
        const r = job.video.request as { avatar_id: number; template_id: number | null; visual_style: string | null; aspect_ratio: number; caption: boolean };
        fs.writeFileSync(path.join(out, 'input.json'), JSON.stringify({ narration: { ...n, mixedAudioPath: path.basename(n.mixedAudioPath) }, product: facts, request: r }));
      },
    };
    const res = await inner!.generate(job, progress, signal);
    done(null);
    return res;
  },
};
const running = await createApp(config, { generator, logger: { level: 'warn' } });
inner = (await resolveGenerator(config, {}, running.services, running.app.log as never)) as PipelineGenerator;
await running.app.listen({ port: 0, host: '127.0.0.1' });
running.startBackground();
const base = `http://127.0.0.1:${(running.app.server.address() as { port: number }).port}`;
const { api_key: key } = await running.services.accounts.createAccount({ username: 'cap', credits: 10 });
const api = async (p: string, body: unknown): Promise<any> => {
  const res = await fetch(base + p, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; data: unknown; msg: string };
  if (json.code !== 0) throw new Error(`${p}: ${json.code} ${json.msg}`);
  return json.data;
};
try {
  const product = await api('/v1/product', { url: shop.productUrl, target_audience: 'home office workers' });
  await api('/v1/create_video_from_url', {
    product_id: product.product_id, aspect_ratio: 0, video_length: '15', language: 'english',
    avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public', caption: true,
  });
  await finished;
  console.log(`captured into ${out}`);
} finally {
  await running.close();
  await shop.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
