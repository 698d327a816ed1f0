/**
 * Contact sheets for a person to look at: 12 frames evenly spaced plus the very last frame of a
 * video, tiled with their times and the video's matrix cell as a title. ffmpeg pulls the frames
 * (exact seek), sharp tiles and labels them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp, { type OverlayOptions } from 'sharp';

const run = promisify(execFile);

/** The times to show: 12 evenly spaced from 0, then the last frame. */
export function sheetTimes(durationS: number, fps: number, count = 12): number[] {
  const last = Math.max(0, durationS - 1 / fps);
  return [...Array.from({ length: count }, (_, i) => (i * durationS) / count), last];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function writeContactSheet(video: string, out: string, title: string, durationS: number, fps = 30): Promise<void> {
  const tmp = await fs.mkdtemp(`${out}.frames-`);
  try {
    const times = sheetTimes(durationS, fps);
    const frames: string[] = [];
    for (const [i, t] of times.entries()) {
      const f = path.join(tmp, `f${i}.png`);
      // The last frame: decode the final half second and keep overwriting one file (-update 1).
      const last = i === times.length - 1;
      const seek = last ? ['-sseof', '-0.5'] : ['-ss', t.toFixed(3)];
      await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...seek, '-i', video, ...(last ? ['-update', '1'] : ['-frames:v', '1']), f]);
      frames.push(f);
    }
    const meta = await sharp(frames[0]!).metadata();
    const portrait = meta.height! > meta.width!;
    const cols = portrait ? 7 : 5;
    const tileW = Math.min(meta.width!, portrait ? 300 : 420);
    const tileH = Math.round((tileW * meta.height!) / meta.width!);
    const gap = 6;
    const head = 34;
    const label = 20;
    const rows = Math.ceil(frames.length / cols);
    const W = cols * (tileW + gap) + gap;
    const H = head + rows * (tileH + label + gap) + gap;
    const parts: OverlayOptions[] = [];
    for (const [i, f] of frames.entries()) {
      const x = gap + (i % cols) * (tileW + gap);
      const y = head + Math.floor(i / cols) * (tileH + label + gap);
      parts.push({ input: await sharp(f).resize(tileW, tileH).png().toBuffer(), left: x, top: y + label });
      const tag = i === frames.length - 1 ? `last ${times[i]!.toFixed(2)} s` : `${times[i]!.toFixed(1)} s`;
      parts.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${tileW}" height="${label}"><text x="2" y="15" font-family="DejaVu Sans" font-size="14" fill="#ddd">${esc(tag)}</text></svg>`), left: x, top: y });
    }
    parts.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${head}"><text x="${gap}" y="24" font-family="DejaVu Sans" font-size="20" fill="#fff">${esc(title)}</text></svg>`), left: 0, top: 0 });
    await sharp({ create: { width: W, height: H, channels: 3, background: '#222' } }).composite(parts).png().toFile(out);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
