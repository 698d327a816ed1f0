/**
 * CPU of starting a worker thread (docs/rendering.md, issue 29 item 2): the cut-out pool's first
 * task (thread start, module load, one cut-out) against its second (another size: not memoised)
 * in the same thread, and the face pool's first photo against its second. Run it the way the
 * product's processes run (`node --import tsx`, or bin/reelsmith.js registering tsx):
 *   node --import tsx bench/worker-start.ts
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { cutOutImage, closeCutoutPool } from '../src/pipeline/render/cutout-pool.ts';
import { writeSampleProduct } from '../src/pipeline/render/sample.ts';

const cpuS = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-start-'));
try {
  const product = await writeSampleProduct(path.join(dir, 'product'));
  const img = product.imagePaths[0]!;
  const c0 = cpuS();
  const t0 = performance.now();
  await cutOutImage({ path: img, width: 400, height: 400 } as Parameters<typeof cutOutImage>[0]);
  const c1 = cpuS();
  const t1 = performance.now();
  await cutOutImage({ path: img, width: 401, height: 401 } as Parameters<typeof cutOutImage>[0]);
  const c2 = cpuS();
  const t2 = performance.now();
  await closeCutoutPool();
  console.log(JSON.stringify({ firstCpuS: +(c1 - c0).toFixed(3), secondCpuS: +(c2 - c1).toFixed(3), startCpuS: +((c1 - c0) - (c2 - c1)).toFixed(3), firstWallMs: Math.round(t1 - t0), secondWallMs: Math.round(t2 - t1), load: +os.loadavg()[0]!.toFixed(1) }));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
