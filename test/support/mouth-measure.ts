/**
 * What a lip-synced video's mouth does, measured from its pixels (lip-sync and translation's
 * lip_sync tests): each frame as grey bytes, the dark pixels (an open mouth's inside) in the
 * mouth box of known landmarks, and Pearson's r between two series.
 */
import { execFileSync } from 'node:child_process';

export type Pt = [number, number];

export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let ma = 0, mb = 0;
  for (let i = 0; i < n; i++) { ma += a[i]!; mb += b[i]!; }
  ma /= n; mb /= n;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]! - ma, y = b[i]! - mb;
    sab += x * y; saa += x * x; sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** Every frame of an MP4 as grey bytes at its size `width` x `height`. */
export function greyFrames(file: string, width: number, height: number): Buffer[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { maxBuffer: 1 << 30 });
  const out: Buffer[] = [];
  for (let o = 0; o + width * height <= raw.length; o += width * height) out.push(raw.subarray(o, o + width * height));
  return out;
}

/** Dark pixels (luma under 50: the open mouth's inside) in the mouth box of landmarks `lm`, in a grey frame `width` wide. */
export function mouthDark(frame: Buffer, width: number, lm: readonly Pt[]): number {
  const xs = lm.slice(48, 68).map((p) => p[0]), ys = lm.slice(48, 68).map((p) => p[1]);
  const x0 = Math.floor(Math.min(...xs)), x1 = Math.ceil(Math.max(...xs));
  const my = (Math.min(...ys) + Math.max(...ys)) / 2;
  const h = Math.max(...ys) - Math.min(...ys);
  let n = 0;
  for (let y = Math.floor(my - h); y <= Math.ceil(my + h * 1.5); y++) for (let x = x0; x <= x1; x++) if (frame[y * width + x]! < 50) n++;
  return n;
}
