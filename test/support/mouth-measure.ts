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

/** Bilinear grey at (x, y) of a frame `width` x `height`. */
function greyAt(frame: Buffer, width: number, height: number, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(width - 2, Math.floor(x))), y0 = Math.max(0, Math.min(height - 2, Math.floor(y)));
  const fx = Math.max(0, Math.min(1, x - x0)), fy = Math.max(0, Math.min(1, y - y0));
  const at = (u: number, v: number) => frame[v * width + u]!;
  return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
}

/** Edge strength along a line across the contour: |d grey / dt| per step of 1 px, t from -reach to +reach. */
function edgeProfile(frame: Buffer, width: number, height: number, p: Pt, n: Pt, reach: number): number[] {
  const g: number[] = [];
  for (let t = -reach; t <= reach; t++) {
    const a = greyAt(frame, width, height, p[0] + n[0] * (t - 1), p[1] + n[1] * (t - 1));
    const b = greyAt(frame, width, height, p[0] + n[0] * (t + 1), p[1] + n[1] * (t + 1));
    g.push(Math.abs(b - a) / 2);
  }
  return g;
}

/** Separate peaks of a profile at least half its highest, with a dip under a third of it between them. */
function strongPeaks(g: readonly number[]): number {
  const top = Math.max(...g);
  let peaks = 0, armed = true;
  for (const v of g) {
    if (armed && v >= top * 0.5) { peaks++; armed = false; }
    else if (!armed && v < top * 0.33) armed = true;
  }
  return peaks;
}

/**
 * The jaw's edge in a lip-synced grey frame against the clip's own frame, across the lower jaw
 * contour (landmarks 5-11, the clip frame's `lm`): at each point, the strongest grey step along
 * the contour's normal within ±20 % of the face's height (the tracked chin misses the filmed one by up to 15 %, the warp moves it by up to 13 %).
 * `ratio`: the mean of that step's strength in `out` over `src` (1 = as sharp as the clip; a smear
 * lowers it). `double`: two or more points where `out` shows two separate strong steps and `src` one.
 */
export function jawEdge(out: Buffer, src: Buffer, width: number, height: number, lm: readonly Pt[]): { ratio: number; double: boolean } {
  const faceH = Math.hypot(lm[8]![0] - lm[27]![0], lm[8]![1] - lm[27]![1]);
  const reach = Math.max(3, Math.round(faceH * 0.2));
  let so = 0, ss = 0, doubles = 0;
  for (let i = 5; i <= 11; i++) {
    const tx = lm[i + 1]![0] - lm[i - 1]![0], ty = lm[i + 1]![1] - lm[i - 1]![1];
    const l = Math.hypot(tx, ty) || 1;
    const n: Pt = [ty / l, -tx / l];
    const go = edgeProfile(out, width, height, lm[i]!, n, reach), gs = edgeProfile(src, width, height, lm[i]!, n, reach);
    so += Math.max(...go);
    ss += Math.max(...gs);
    if (strongPeaks(go) >= 2 && strongPeaks(gs) < 2) doubles++;
  }
  return { ratio: ss > 0 ? so / ss : 1, double: doubles >= 2 };
}
