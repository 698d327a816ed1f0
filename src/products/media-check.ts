/**
 * Whether a media file given by hand can be shown in a video: an image must decode and show
 * something (not blank, not one flat colour, not fully transparent); a video must probe with a
 * video stream and a duration. Returns the reason it cannot, or null.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata, type Stats } from 'sharp';
import { probe } from '../media/ffprobe.ts';

/** A colour channel varying less than this (standard deviation, 0-255) is flat (JPEG noise on a flat fill stays under it). */
const FLAT_STDEV = 2;
/** Alpha at most this everywhere: nothing shows. */
const INVISIBLE_ALPHA = 2;

export const SHOWS_NOTHING = 'the image shows nothing (blank, a single flat colour or fully transparent)';

export async function imageProblem(body: Buffer): Promise<string | null> {
  let stats: Stats;
  let meta: Metadata;
  try {
    const img = sharp(body, { failOn: 'error', limitInputPixels: 100_000_000 });
    meta = await img.metadata();
    stats = await img.stats();
  } catch {
    return 'not a readable image';
  }
  const channels = stats.channels;
  const hasAlpha = meta.hasAlpha === true && channels.length >= 2;
  const colour = hasAlpha ? channels.slice(0, -1) : channels;
  const alpha = hasAlpha ? channels[channels.length - 1]! : null;
  if (alpha && alpha.max <= INVISIBLE_ALPHA) return SHOWS_NOTHING;
  // alpha varying means a shape over a transparent ground: something shows
  const flatAlpha = !alpha || alpha.stdev < FLAT_STDEV;
  if (flatAlpha && colour.every((c) => c.stdev < FLAT_STDEV)) return SHOWS_NOTHING;
  return null;
}

export async function videoProblem(body: Buffer): Promise<string | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-check-'));
  try {
    const file = path.join(dir, 'input');
    await fs.writeFile(file, body);
    const info = await probe(file);
    return info?.video && info.durationS > 0 ? null : 'not a playable video';
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
