import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { cutoutTask } from '../src/pipeline/render/cutout.task.ts';

/**
 * The product video's cut-out treatment (render/cutout.task.ts, the flood of
 * avatar/product/backdrop.ts): a packshot photo loses its whole backdrop, so nothing of it is left
 * standing on the plate (bench:quality cell 10's grey column).
 */
describe('product cut-out: no backdrop left over', () => {
  const dirs: string[] = [];
  after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  /** A JPEG drawn now: a 1:3 shop photo, a small bottle (about 7 % of the picture) on a backdrop graded top to bottom. */
  async function tallPackshot(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'cutout-'));
    dirs.push(dir);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="1200">
      <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(210,30%,88%)"/><stop offset="1" stop-color="hsl(210,25%,70%)"/></linearGradient></defs>
      <rect width="400" height="1200" fill="url(#bg)"/>
      <rect x="136" y="470" width="128" height="250" rx="30" fill="#8a1c2b"/>
      <rect x="172" y="430" width="56" height="48" fill="#3a2a30"/>
    </svg>`;
    const file = join(dir, 'bottle.jpg');
    await writeFile(file, await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
    return file;
  }

  it('clears a graded backdrop around a small tall packshot, beside it at every height, and keeps the bottle', async () => {
    const r = await cutoutTask({ path: await tallPackshot(), width: 200, height: 600 });
    assert.equal(r.removed, true);
    const alpha = (x: number, y: number) => r.data[(y * r.width + x) * 4 + 3]!;
    // The columns beside the bottle (where the leftover column stood), top to bottom.
    for (let y = 0; y < r.height; y += 10) for (const x of [2, 40, 60, 140, 160, 197]) assert.equal(alpha(x, y), 0, `backdrop left at ${x},${y}`);
    let left = 0;
    for (let i = 3; i < r.data.length; i += 4) if (r.data[i]! > 0) left++;
    const share = left / (r.width * r.height);
    assert.ok(share > 0.05 && share < 0.1, `kept ${(share * 100).toFixed(1)} % of the picture`);
    assert.equal(alpha(100, 300), 255);
  });
});
