/**
 * A video avatar's files in the blob store, under its avatars/a-<hex>/ prefix: loop.mp4 (the idle
 * loop, forward then back), track.json (its size, frame rate and 68 landmarks per loop frame),
 * cover.png, preview.mp4. The renderer gets the loop's frames as JPEGs (decoded one at a time
 * while drawing) and the landmarks. A cut-out presenter (green screen keyed, or a clip with alpha)
 * has loop.webm instead (VP9 with alpha) and `cutout` in track.json; its frames are WebPs with alpha.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CutoutKind } from '../pipeline/avatar/video/screen.ts';
import type { VideoPresenter } from '../pipeline/avatar/video/video.painter.ts';
import type { BlobStore } from '../storage/blob-store.ts';

const run = promisify(execFile);

export interface VideoLoopTrack {
  width: number;
  height: number;
  fps: number;
  /** Per loop frame, 68 [x, y] in loop pixels. */
  landmarks: Array<Array<[number, number]>>;
  /** A cut-out presenter: what it was cut from (absent: the person's own background kept). */
  cutout?: CutoutKind;
}

/** Whether a stored loop is a cut-out (a green-screen or transparent clip): its loop is the WebM with alpha. */
export const isCutoutLoop = (videoKey: string): boolean => videoKey.endsWith('.webm');

export const trackKeyFor = (videoKey: string): string => `${path.posix.dirname(videoKey)}/track.json`;

/** The loop's frames as JPEGs, read from a local MP4 (ffmpeg); a cut-out's as WebPs with alpha, from its WebM (libvpx decodes the alpha). */
export async function loopFramesOf(file: string, dir: string, cutout?: CutoutKind | null): Promise<Buffer[]> {
  const args = cutout
    ? ['-v', 'error', '-y', '-c:v', 'libvpx-vp9', '-i', file, '-an', '-c:v', 'libwebp', '-pix_fmt', 'yuva420p', '-quality', '85', '-compression_level', '1', path.join(dir, 'f%05d.webp')]
    : ['-v', 'error', '-y', '-i', file, '-an', '-q:v', '3', path.join(dir, 'f%05d.jpg')];
  await run('ffmpeg', args, { maxBuffer: 1 << 20 });
  const names = (await fs.readdir(dir)).filter((n) => /^f\d+\.(jpg|webp)$/.test(n)).sort();
  return Promise.all(names.map((n) => fs.readFile(path.join(dir, n))));
}

export async function loadVideoPresenter(store: BlobStore, videoKey: string): Promise<VideoPresenter> {
  const [bytes, track] = await Promise.all([
    store.get(videoKey),
    store.get(trackKeyFor(videoKey)).then((b) => JSON.parse(b.toString('utf8')) as VideoLoopTrack),
  ]);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-loop-'));
  try {
    const file = path.join(dir, path.posix.basename(videoKey));
    await fs.writeFile(file, bytes);
    const frames = await loopFramesOf(file, dir, track.cutout);
    const n = Math.min(frames.length, track.landmarks.length);
    if (n === 0) throw new Error(`video avatar ${videoKey}: the loop has no frames`);
    return { kind: 'video', width: track.width, height: track.height, fps: track.fps, frames: frames.slice(0, n), landmarks: track.landmarks.slice(0, n), ...(track.cutout ? { cutout: track.cutout } : {}) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
