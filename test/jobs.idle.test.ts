import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cpuMs, freePort, spawnReelsmith, waitHttp } from './support/child-process.ts';

describe('idle server', () => {
  it('an idle `reelsmith serve` with the job runner and dispatcher started uses under 1% CPU (no busy polling)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-idle-'));
    const port = await freePort();
    const proc = spawnReelsmith(['serve'], {
      DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', REELSMITH_TEST_GENERATOR: 'ffmpeg',
    });
    try {
      await waitHttp(`http://127.0.0.1:${port}`, proc);
      await new Promise((r) => setTimeout(r, 1500)); // start-up work (module compilation, migrations) settles
      const windowMs = 5000;
      const before = await cpuMs(proc.pid);
      await new Promise((r) => setTimeout(r, windowMs));
      const used = (await cpuMs(proc.pid)) - before;
      const share = used / windowMs;
      process.stdout.write(`# idle serve: ${used} ms CPU in ${windowMs} ms (${(share * 100).toFixed(2)}%)\n`);
      assert.ok(share < 0.01, `idle CPU ${(share * 100).toFixed(2)}% (${used} ms in ${windowMs} ms)`);
      assert.match(proc.log(), /^(?![\s\S]*"level":50)/, `no errors logged: ${proc.log()}`);
    } finally {
      await proc.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
