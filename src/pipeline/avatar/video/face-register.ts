/**
 * Direct image registration of a face (pure): the similarity transform (rotation, scale, shift)
 * that carries a keyframe's face region onto a later frame, found by inverse-compositional
 * Lucas-Kanade (Gauss-Newton on the grey levels, Baker & Matthews 2004) on a two-level pyramid,
 * with Huber weights (blinks and the mouth do not pull the fit) and a per-iteration gain and bias
 * (exposure changes). The keyframe's landmarks mapped through it are tracked without the
 * landmark net's crop-dependent bias (docs/avatars.md "Video presenters", tracking).
 */

/** A 2 × 3 affine matrix [a, b, c, d, e, f]: x' = a x + b y + c, y' = d x + e y + f. */
export type Affine = [number, number, number, number, number, number];

export const IDENTITY: Affine = [1, 0, 0, 0, 1, 0];

export const applyAffine = (m: Affine, x: number, y: number): [number, number] => [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]];

export function composeAffine(m: Affine, n: Affine): Affine {
  // (m ∘ n)(p) = m(n(p))
  return [
    m[0] * n[0] + m[1] * n[3], m[0] * n[1] + m[1] * n[4], m[0] * n[2] + m[1] * n[5] + m[2],
    m[3] * n[0] + m[4] * n[3], m[3] * n[1] + m[4] * n[4], m[3] * n[2] + m[4] * n[5] + m[5],
  ];
}

export function invertAffine(m: Affine): Affine {
  const det = m[0] * m[4] - m[1] * m[3];
  const a = m[4] / det, b = -m[1] / det, d = -m[3] / det, e = m[0] / det;
  return [a, b, -(a * m[2] + b * m[5]), d, e, -(d * m[2] + e * m[5])];
}

/** Scale of a similarity (or mean scale of an affine). */
export const affineScale = (m: Affine) => Math.sqrt(Math.abs(m[0] * m[4] - m[1] * m[3]));

/** A grey window of a frame: `data` holds w × h values whose top-left pixel is (x0, y0) of the frame, in units of `step` frame pixels. */
export interface Grey {
  x0: number;
  y0: number;
  w: number;
  h: number;
  step: number;
  data: Float32Array;
}

export interface Rect { x: number; y: number; w: number; h: number }

/** The grey levels of a window of an RGB frame (clipped to the frame), and its half-resolution copy (2 × 2 means). */
export function greyPyramid(rgb: Uint8Array, W: number, H: number, r: Rect): [Grey, Grey] {
  const x0 = Math.max(0, Math.floor(r.x)), y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(W, Math.ceil(r.x + r.w)), y1 = Math.min(H, Math.ceil(r.y + r.h));
  const w = Math.max(2, x1 - x0), h = Math.max(2, y1 - y0);
  const data = new Float32Array(w * h);
  for (let j = 0; j < h; j++) {
    let o = (Math.min(H - 1, y0 + j) * W + x0) * 3;
    const row = j * w;
    for (let i = 0; i < w; i++, o += 3) data[row + i] = 0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!;
  }
  const hw = w >> 1, hh = h >> 1;
  const half = new Float32Array(Math.max(1, hw * hh));
  for (let j = 0; j < hh; j++) {
    for (let i = 0; i < hw; i++) {
      const o = 2 * j * w + 2 * i;
      half[j * hw + i] = (data[o]! + data[o + 1]! + data[o + w]! + data[o + w + 1]!) / 4;
    }
  }
  // A half-resolution pixel i covers frame pixels 2i, 2i+1 (centre 2i + 0.5).
  return [{ x0, y0, w, h, step: 1, data }, { x0: x0 + 0.5, y0: y0 + 0.5, w: Math.max(1, hw), h: Math.max(1, hh), step: 2, data: half }];
}

/** Bilinear sample of a grey window at frame coordinates (clamped at its edges). */
export function sampleGrey(g: Grey, x: number, y: number): number {
  let u = (x - g.x0) / g.step, v = (y - g.y0) / g.step;
  if (u < 0) u = 0; else if (u > g.w - 1.001) u = g.w - 1.001;
  if (v < 0) v = 0; else if (v > g.h - 1.001) v = g.h - 1.001;
  const i = u | 0, j = v | 0, fu = u - i, fv = v - j;
  const o = j * g.w + i;
  const d = g.data;
  const top = d[o]! + (d[o + 1]! - d[o]!) * fu;
  const bot = d[o + g.w]! + (d[o + g.w + 1]! - d[o + g.w]!) * fu;
  return top + (bot - top) * fv;
}

interface Level {
  n: number;
  xs: Float32Array;
  ys: Float32Array;
  t: Float32Array;
  /** Steepest-descent images: 4 per sample (rotation-scale a, b, shift x, y). */
  sd: Float32Array;
  tMean: number;
  tStd: number;
}

/** A keyframe's face region ready to be registered: the region, its centre, and its samples per pyramid level. */
export interface FaceTemplate {
  region: Rect;
  cx: number;
  cy: number;
  levels: [Level, Level];
}

/**
 * The region of a face to register, from its 68 landmarks: between the jaw's sides (pulled in by
 * 10 %, off the background), from a little above the brows to the nose's base (no mouth, no chin:
 * they move when talking).
 */
export function registrationRegion(lm: readonly number[]): Rect {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity;
  for (let i = 0; i <= 16; i++) { x0 = Math.min(x0, lm[i * 2]!); x1 = Math.max(x1, lm[i * 2]!); }
  for (let i = 17; i <= 26; i++) y0 = Math.min(y0, lm[i * 2 + 1]!);
  const y1 = lm[33 * 2 + 1]!;
  const w = x1 - x0;
  const top = y0 - (y1 - y0) * 0.25;
  return { x: x0 + w * 0.1, y: top, w: w * 0.8, h: y1 + (y1 - y0) * 0.08 - top };
}

/** Samples of the region on grids of about `spacing` and 2 × `spacing` frame pixels. */
export function buildTemplate(pyr: [Grey, Grey], region: Rect, spacing = 1.5): FaceTemplate {
  const cx = region.x + region.w / 2, cy = region.y + region.h / 2;
  const level = (g: Grey, sp: number): Level => {
    const nx = Math.max(4, Math.floor(region.w / sp)), ny = Math.max(4, Math.floor(region.h / sp));
    const n = nx * ny;
    const xs = new Float32Array(n), ys = new Float32Array(n), t = new Float32Array(n), sd = new Float32Array(n * 4);
    const hd = g.step;
    let sum = 0, sum2 = 0;
    for (let j = 0, k = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++, k++) {
        const x = region.x + (i + 0.5) * (region.w / nx), y = region.y + (j + 0.5) * (region.h / ny);
        xs[k] = x; ys[k] = y;
        const v = sampleGrey(g, x, y);
        t[k] = v; sum += v; sum2 += v * v;
        const gx = (sampleGrey(g, x + hd, y) - sampleGrey(g, x - hd, y)) / (2 * hd);
        const gy = (sampleGrey(g, x, y + hd) - sampleGrey(g, x, y - hd)) / (2 * hd);
        const dx = x - cx, dy = y - cy;
        // W(u; a, b, tx, ty) = c + [[1 + a, -b], [b, 1 + a]] (u - c) + t
        sd[k * 4] = gx * dx + gy * dy;
        sd[k * 4 + 1] = -gx * dy + gy * dx;
        sd[k * 4 + 2] = gx;
        sd[k * 4 + 3] = gy;
      }
    }
    const mean = sum / n;
    return { n, xs, ys, t, sd, tMean: mean, tStd: Math.sqrt(Math.max(1e-6, sum2 / n - mean * mean)) };
  };
  return { region, cx, cy, levels: [level(pyr[0], spacing), level(pyr[1], spacing * 2)] };
}

/** The frame window a registration needs: the region through `m`, widened by `margin` of its size. */
export function windowFor(tpl: FaceTemplate, m: Affine, margin = 0.35): Rect {
  const r = tpl.region;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of [[r.x, r.y], [r.x + r.w, r.y], [r.x, r.y + r.h], [r.x + r.w, r.y + r.h]] as const) {
    const [u, v] = applyAffine(m, x, y);
    x0 = Math.min(x0, u); x1 = Math.max(x1, u); y0 = Math.min(y0, v); y1 = Math.max(y1, v);
  }
  const mx = (x1 - x0) * margin + 4, my = (y1 - y0) * margin + 4;
  return { x: x0 - mx, y: y0 - my, w: x1 - x0 + 2 * mx, h: y1 - y0 + 2 * my };
}

export interface Registration {
  /** Keyframe coordinates → this frame's coordinates. */
  m: Affine;
  /** Robust RMS of the remaining grey difference over the template's contrast (0 perfect; ~1 unrelated). */
  residual: number;
}

/** The median of about 512 of the values, evenly spaced (the Huber scale needs no more). */
function medianOfSome(xs: Float32Array): number {
  const stride = Math.max(1, Math.floor(xs.length / 512));
  const some = new Float32Array(Math.ceil(xs.length / stride));
  for (let i = 0, k = 0; i < xs.length; i += stride, k++) some[k] = xs[i]!;
  some.sort();
  return some[some.length >> 1]!;
}

function solve4(h: Float64Array, b: Float64Array): Float64Array | null {
  // Gaussian elimination with partial pivoting on a 4 × 4 system.
  const a = [0, 1, 2, 3].map((r) => [h[r * 4]!, h[r * 4 + 1]!, h[r * 4 + 2]!, h[r * 4 + 3]!, b[r]!]);
  for (let c = 0; c < 4; c++) {
    let p = c;
    for (let r = c + 1; r < 4; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    if (Math.abs(a[p]![c]!) < 1e-12) return null;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = c + 1; r < 4; r++) {
      const k = a[r]![c]! / a[c]![c]!;
      for (let q = c; q < 5; q++) a[r]![q]! -= k * a[c]![q]!;
    }
  }
  const x = new Float64Array(4);
  for (let r = 3; r >= 0; r--) {
    let s = a[r]![4]!;
    for (let q = r + 1; q < 4; q++) s -= a[r]![q]! * x[q]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/**
 * Registers the template onto a frame (its grey pyramid), starting from `init` (the previous
 * frame's transform). Coarse level first, then the fine one.
 */
export function register(tpl: FaceTemplate, pyr: [Grey, Grey], init: Affine, maxIter = 10): Registration {
  let m = init.slice() as Affine;
  let residual = 1;
  for (let li = 1; li >= 0; li--) {
    const L = tpl.levels[li as 0 | 1];
    const g = pyr[li as 0 | 1];
    const vals = new Float32Array(L.n);
    const err = new Float32Array(L.n);
    const abs = new Float32Array(L.n);
    for (let it = 0; it < maxIter; it++) {
      let s = 0, s2 = 0;
      for (let k = 0; k < L.n; k++) {
        const x = L.xs[k]!, y = L.ys[k]!;
        const v = sampleGrey(g, m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]);
        vals[k] = v; s += v; s2 += v * v;
      }
      const mean = s / L.n;
      const std = Math.sqrt(Math.max(1e-6, s2 / L.n - mean * mean));
      const gain = L.tStd / std;
      for (let k = 0; k < L.n; k++) {
        const e = (vals[k]! - mean) * gain - (L.t[k]! - L.tMean);
        err[k] = e;
        abs[k] = Math.abs(e);
      }
      // Huber weights at 1.345 robust sigmas (median absolute error / 0.6745).
      const sigma = Math.max(0.5, medianOfSome(abs) / 0.6745);
      const kH = 1.345 * sigma;
      let b0 = 0, b1 = 0, b2 = 0, b3 = 0;
      let h00 = 0, h01 = 0, h02 = 0, h03 = 0, h11 = 0, h12 = 0, h13 = 0, h22 = 0, h23 = 0, h33 = 0;
      let wr = 0, ws = 0;
      for (let k = 0; k < L.n; k++) {
        const e = err[k]!;
        const w = abs[k]! <= kH ? 1 : kH / abs[k]!;
        const o = k * 4;
        const s0 = L.sd[o]!, s1 = L.sd[o + 1]!, s2 = L.sd[o + 2]!, s3 = L.sd[o + 3]!;
        const we = w * e;
        b0 += s0 * we; b1 += s1 * we; b2 += s2 * we; b3 += s3 * we;
        h00 += w * s0 * s0; h01 += w * s0 * s1; h02 += w * s0 * s2; h03 += w * s0 * s3;
        h11 += w * s1 * s1; h12 += w * s1 * s2; h13 += w * s1 * s3;
        h22 += w * s2 * s2; h23 += w * s2 * s3;
        h33 += w * s3 * s3;
        wr += we * e; ws += w;
      }
      const H = Float64Array.of(h00, h01, h02, h03, h01, h11, h12, h13, h02, h12, h22, h23, h03, h13, h23, h33);
      const b = Float64Array.of(b0, b1, b2, b3);
      residual = Math.sqrt(wr / Math.max(1e-9, ws)) / L.tStd;
      const dp = solve4(H, b);
      if (!dp) break;
      // Inverse composition: m ← m ∘ W(dp)⁻¹, W about the region's centre.
      const a = 1 + dp[0]!, bb = dp[1]!;
      const wM: Affine = [a, -bb, tpl.cx + dp[2]! - a * tpl.cx + bb * tpl.cy, bb, a, tpl.cy + dp[3]! - bb * tpl.cx - a * tpl.cy];
      m = composeAffine(m, invertAffine(wM));
      const step = Math.abs(dp[2]!) + Math.abs(dp[3]!) + (Math.abs(dp[0]!) + Math.abs(dp[1]!)) * Math.max(tpl.region.w, tpl.region.h);
      if (step < 0.02 * (li + 1)) break;
    }
  }
  return { m, residual };
}
