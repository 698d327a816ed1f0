/**
 * The clip's frame with the most shut mouth (lip-sync's RestMouth, mouth-warp.ts): every tracked
 * frame's lip box (landmarks 48-67) read in grey, the one with the fewest dark pixels (an open
 * mouth's inside is dark) wins. Pixel-based on purpose: the 68-point net sees a filmed mouth's
 * opening only faintly.
 */
import { spawn } from 'node:child_process';
import type { Pt } from '../avatar/video/video.track.ts';

/** Luma under this counts as the inside of an open mouth. */
const DARK = 60;

export async function pickRestFrame(clipPath: string, width: number, height: number, landmarks: ReadonlyArray<Pt[] | null>): Promise<number> {
  const ff = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', clipPath, '-an', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const size = width * height;
  let best = -1;
  let bestScore = Infinity;
  let f = 0;
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of ff.stdout as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length < size) continue;
    let pending: Buffer = Buffer.concat(chunks);
    while (pending.length >= size) {
      const lm = landmarks[f];
      if (lm) {
        const score = darkShare(pending.subarray(0, size), width, height, lm);
        if (score < bestScore) {
          bestScore = score;
          best = f;
        }
      }
      pending = pending.subarray(size);
      f++;
    }
    chunks = pending.length ? [pending] : [];
    length = pending.length;
  }
  if (best >= 0) return best;
  return Math.max(0, landmarks.findIndex((l) => l !== null));
}

function darkShare(grey: Buffer, width: number, height: number, lm: readonly Pt[]): number {
  const pts = lm.slice(48, 68);
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs))), x1 = Math.min(width - 1, Math.ceil(Math.max(...xs)));
  const h = Math.max(...ys) - Math.min(...ys);
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - h * 0.25)), y1 = Math.min(height - 1, Math.ceil(Math.max(...ys) + h * 0.5));
  let dark = 0, n = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++, n++) if (grey[y * width + x]! < DARK) dark++;
  }
  return n ? dark / n : 1;
}
