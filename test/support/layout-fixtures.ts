/**
 * Product images of awkward shapes for the layout tests and checks, drawn here and encoded by
 * sharp: a 3:1 wide photo, a 1:3 tall one, a small 300 px one and a transparent PNG cut-out.
 * `node --import tsx test/support/layout-fixtures.ts` rewrites test/fixtures/layout/.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';

export const LAYOUT_FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'layout');

/** A lamp-like product on a backdrop (or on nothing, for the cut-out), w x h. */
async function product(w: number, h: number, backdrop: boolean): Promise<Buffer> {
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  if (backdrop) {
    const g = ctx.createLinearGradient(0, 0, 0, h);
    g.addColorStop(0, '#DDE7F0');
    g.addColorStop(1, '#9FB3C8');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  }
  const s = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  ctx.fillStyle = '#2F3B52';
  ctx.fillRect(cx - s * 0.04, cy - s * 0.3, s * 0.08, s * 0.6);
  ctx.fillStyle = '#F2B134';
  ctx.beginPath();
  ctx.ellipse(cx, cy - s * 0.3, s * 0.28, s * 0.14, 0, Math.PI, 0);
  ctx.fill();
  ctx.fillStyle = '#2F3B52';
  ctx.beginPath();
  ctx.ellipse(cx, cy + s * 0.32, s * 0.22, s * 0.06, 0, 0, Math.PI * 2);
  ctx.fill();
  // A stripe across the long side, so a crop or a squash shows.
  ctx.fillStyle = '#D1495B';
  if (w > h) ctx.fillRect(w * 0.05, cy + s * 0.42, w * 0.9, s * 0.05);
  else ctx.fillRect(cx + s * 0.36, h * 0.05, s * 0.05, h * 0.9);
  return c.encode('png');
}

export const LAYOUT_FIXTURES = {
  wide: { file: 'wide-3x1.jpg', width: 1800, height: 600, alpha: false },
  tall: { file: 'tall-1x3.jpg', width: 600, height: 1800, alpha: false },
  small: { file: 'small-300.jpg', width: 300, height: 300, alpha: false },
  cutout: { file: 'cutout.png', width: 1000, height: 1000, alpha: true },
} as const;

export async function writeLayoutFixtures(dir = LAYOUT_FIXTURES_DIR): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const f of Object.values(LAYOUT_FIXTURES)) {
    const raw = sharp(await product(f.width, f.height, !f.alpha));
    await (f.alpha ? raw.png() : raw.jpeg({ quality: 85 })).toFile(path.join(dir, f.file));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) void writeLayoutFixtures();
