/**
 * The face in every frame of a clip, in the face worker thread (face.pool.ts → face.worker.ts):
 * ffmpeg decodes the clip at a reduced size (deblocking skipped, fast scaling), the SSD detector
 * runs about once a second (and every few frames while the face is lost). The first frame with a
 * face is a keyframe (the 68-point net in the detector's box); every later frame is registered to
 * it by image alignment (face-register.ts: a similarity transform, no landmark-net bias), the
 * keyframe's landmarks carried through it; on every 2nd frame the net reads the keyframe's box
 * taken through the transform, and its difference from the keyframe's reading moves the eyes,
 * mouth and lower jaw. A failed registration or a net that disagrees starts a new keyframe; without
 * one the net runs on every 2nd frame inside a box carried from the previous landmarks and the
 * frames between are interpolated (fillBetween). Per frame: the landmarks in the
 * clip's own pixels (or null), and on detection frames the number of faces, the face's light and
 * sharpness, and face-api's age/gender guess. Judging and smoothing happen on the main thread
 * (video.track.ts, pure).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ensureBackend } from '../photo/face.detect.ts';
import { affineScale, applyAffine, buildTemplate, greyPyramid, IDENTITY, register, registrationRegion, windowFor, type Affine, type FaceTemplate, type Registration } from './face-register.ts';

const require = createRequire(import.meta.url);

export interface VideoTrackInput {
  /** A local video file. */
  path: string;
  /** The clip's own size and frame rate (ffprobe). */
  width: number;
  height: number;
  fps: number;
  /** Longest side of the decoded frames. */
  decodeMaxSide: number;
  /** Frames to read at most. */
  maxFrames: number;
  /** Run the landmark net on every this many frames (default 2); the frames between are interpolated. */
  landmarkEvery?: number;
  /** Carry a keyframe's landmarks by image registration (default); false: the net in a carried box on every landmark frame (lip-sync: a talking clip's mouth). */
  register?: boolean;
}

export interface FrameSample {
  frame: number;
  faces: number;
  /** Mean luma 0..255 of the face box. */
  light: number;
  /** Variance of the Laplacian of the face box area-averaged to 64 px, over the patch's variance, ×1000 (higher is sharper; lightAndSharpness). */
  sharpness: number;
  /** Mean luma 0..255 and sharpness of the whole frame. */
  frameLight: number;
  frameSharpness: number;
  /** Largest side of the detected face, clip pixels. */
  faceSize: number;
  age?: number;
  gender?: string;
  genderProbability?: number;
}

export interface VideoTrackResult {
  frames: number;
  /** 68 points per frame (flattened x,y, clip pixels), null where no face was tracked. */
  landmarks: Array<number[] | null>;
  samples: FrameSample[];
  /** Decoded size. */
  decodeWidth: number;
  decodeHeight: number;
  error?: string;
}

/**
 * Run the SSD detector (≈ 0.37 s of CPU) every DETECT_EVERY_S seconds of clip (at least every
 * DETECT_EVERY frames apart), and every LOST_EVERY frames while the face is lost.
 */
const DETECT_EVERY = 12;
const DETECT_EVERY_S = 1;
/** The landmark net runs on every LANDMARK_EVERY-th frame; the frames between are interpolated. */
const LANDMARK_EVERY = 2;
const LOST_EVERY = 3;
/**
 * After MIN_DETECTIONS detector samples (enough for the refusals: faces, light, sharpness, the
 * age/gender guess), the detector runs only every SPARSE_DETECT-th time while the registration
 * holds the face: it then only confirms the face is still alone and where the registration says.
 */
const MIN_DETECTIONS = 20;
const SPARSE_DETECT = 3;
/** A registration whose robust grey residual is above this (of the face's contrast) has lost the face. */
const MAX_RESIDUAL = 0.6;
/** The net's rigid points (jaw, brows, nose) away from the registered ones by more than this share of the face: re-anchor. */
const MAX_DRIFT = 0.06;
/**
 * Points that follow the landmark net's residual on top of the registration: the lower jaw (4-12,
 * it drops with the mouth), the eyes (blinks) and the mouth (36-67). The rest (the jaw's upper
 * sides, brows, nose) are the keyframe's points through the transform alone.
 */
const NON_RIGID = new Set([...Array.from({ length: 9 }, (_, i) => 4 + i), ...Array.from({ length: 32 }, (_, i) => 36 + i)]);
/** Age/gender on at most this many detection frames. */
const AGE_GENDER_SAMPLES = 6;

type FaceApi = typeof import('@vladmandic/face-api');
type Tf = typeof import('@tensorflow/tfjs');
let loaded: Promise<{ tf: Tf; faceapi: FaceApi }> | null = null;

function load(): Promise<{ tf: Tf; faceapi: FaceApi }> {
  loaded ??= (async () => {
    const tf = await ensureBackend();
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    if (!faceapi.nets.ssdMobilenetv1.isLoaded) await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    if (!faceapi.nets.faceLandmark68Net.isLoaded) await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    if (!faceapi.nets.ageGenderNet.isLoaded) await faceapi.nets.ageGenderNet.loadFromDisk(models);
    return { tf, faceapi };
  })();
  return loaded;
}

interface Box { x: number; y: number; w: number; h: number }

/** The last detector box and the landmarks found in it: later boxes follow the landmarks' centre and scale. */
interface BoxFit { box: Box; cx: number; cy: number; size: number }

function lmBounds(p: number[]): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < p.length; i += 2) {
    x0 = Math.min(x0, p[i]!); x1 = Math.max(x1, p[i]!);
    y0 = Math.min(y0, p[i + 1]!); y1 = Math.max(y1, p[i + 1]!);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A roll under this (radians, 8°) is read as it is. */
const UPRIGHT_MIN_ROLL = (8 * Math.PI) / 180;

/** The face's roll in the image (radians): the angle of the line from the image-left eye's centre (points 36-41) to the other's (42-47). */
export function faceRoll(lm: readonly number[]): number {
  let lx = 0, ly = 0, rx = 0, ry = 0;
  for (let k = 0; k < 6; k++) {
    lx += lm[(36 + k) * 2]!; ly += lm[(36 + k) * 2 + 1]!;
    rx += lm[(42 + k) * 2]!; ry += lm[(42 + k) * 2 + 1]!;
  }
  return Math.atan2(ry - ly, rx - lx);
}

/**
 * The face of `prev` seen upright: `m` takes upright coordinates to the frame's (a rotation by
 * the face's roll about its centre), `box` the landmark net's box in upright coordinates. Null for
 * a face that is near upright.
 */
function uprightView(prev: number[], fit: BoxFit): { m: Affine; box: Box } | null {
  const a = faceRoll(prev);
  if (Math.abs(a) < UPRIGHT_MIN_ROLL) return null;
  const { cx, cy } = anchor(prev);
  const c = Math.cos(a), s = Math.sin(a);
  const m: Affine = [c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy];
  const back: Affine = [c, s, cx - c * cx - s * cy, -s, c, cy + s * cx - c * cy];
  return { m, box: boxFrom(mapPoints(back, prev), fit) };
}

/** Centre (mean of the 68 points) and scale (outer eye corners to chin) of landmarks. */
function anchor(lm: number[]): { cx: number; cy: number; size: number } {
  let cx = 0, cy = 0;
  for (let i = 0; i < lm.length; i += 2) { cx += lm[i]!; cy += lm[i + 1]!; }
  cx /= lm.length / 2; cy /= lm.length / 2;
  const ex = (lm[72]! + lm[90]!) / 2, ey = (lm[73]! + lm[91]!) / 2;
  return { cx, cy, size: Math.hypot(lm[16]! - ex, lm[17]! - ey) + Math.hypot(lm[90]! - lm[72]!, lm[91]! - lm[73]!) };
}

function fitOf(det: Box, lm: number[]): BoxFit {
  return { box: det, ...anchor(lm) };
}

function boxFrom(lm: number[], fit: BoxFit): Box {
  const a = anchor(lm);
  const k = a.size / fit.size;
  const b = fit.box;
  const w = b.w * k, h = b.h * k;
  const bcx = fit.cx + (b.x + b.w / 2 - fit.cx) * k + (a.cx - fit.cx);
  const bcy = fit.cy + (b.y + b.h / 2 - fit.cy) * k + (a.cy - fit.cy);
  return { x: bcx - w / 2, y: bcy - h / 2, w, h };
}

/** Side of the grey patch a box is resampled to for its sharpness: a fixed size, so the score does not depend on the face's size in pixels. */
export const SHARPNESS_PATCH = 64;

/**
 * Light and sharpness of a box of an RGB frame. The box is area-averaged (every pixel counts, no
 * aliasing) to a SHARPNESS_PATCH-px grey patch; sharpness is the variance of its Laplacian over
 * the variance of the patch, ×1000: normalised by the face's size (the patch is fixed) and by its
 * contrast (a dim face is not "blurred"). Measured figures: docs/avatars.md "Video presenters".
 */
export function lightAndSharpness(rgb: Buffer, W: number, H: number, box: Box): { light: number; sharpness: number } {
  const n = SHARPNESS_PATCH;
  const x0 = Math.max(0, Math.floor(box.x)), y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(W, Math.ceil(box.x + box.w)), y1 = Math.min(H, Math.ceil(box.y + box.h));
  const bw = Math.max(1, x1 - x0), bh = Math.max(1, y1 - y0);
  const g = new Float64Array(n * n);
  const c = new Float64Array(n * n);
  for (let y = y0; y < y0 + bh && y < H; y++) {
    const j = Math.min(n - 1, Math.floor(((y - y0) * n) / bh));
    for (let x = x0; x < x0 + bw && x < W; x++) {
      const i = Math.min(n - 1, Math.floor(((x - x0) * n) / bw));
      const o = (y * W + x) * 3;
      g[j * n + i] = g[j * n + i]! + 0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!;
      c[j * n + i] = c[j * n + i]! + 1;
    }
  }
  let sum = 0, sum2 = 0, cells = 0;
  for (let k = 0; k < n * n; k++) {
    if (c[k]) g[k] = g[k]! / c[k]!;
    else g[k] = k > 0 ? g[k - 1]! : 0;
    sum += g[k]!;
    sum2 += g[k]! * g[k]!;
    cells++;
  }
  const mean = sum / cells;
  const variance = sum2 / cells - mean * mean;
  let m = 0, m2 = 0, k2 = 0;
  for (let j = 1; j < n - 1; j++) {
    for (let i = 1; i < n - 1; i++) {
      const k = j * n + i;
      const lap = g[k - 1]! + g[k + 1]! + g[k - n]! + g[k + n]! - 4 * g[k]!;
      m += lap; m2 += lap * lap; k2++;
    }
  }
  m /= k2;
  return { light: mean, sharpness: variance > 1 ? ((m2 / k2 - m * m) / variance) * 1000 : 0 };
}

export async function trackVideoTask(input: VideoTrackInput): Promise<VideoTrackResult> {
  const { tf, faceapi } = await load();
  const k = Math.min(1, input.decodeMaxSide / Math.max(input.width, input.height));
  const W = Math.max(2, Math.round((input.width * k) / 2) * 2);
  const H = Math.max(2, Math.round((input.height * k) / 2) * 2);
  const sx = input.width / W;
  const sy = input.height / H;
  const frameBytes = W * H * 3;
  const ff = spawn('ffmpeg', ['-v', 'error', '-skip_loop_filter', 'all', '-i', input.path, '-an', '-vf', `scale=${W}:${H}:flags=fast_bilinear`, '-frames:v', String(input.maxFrames), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  ff.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const exited = new Promise<number>((resolve) => ff.on('close', (code) => resolve(code ?? 1)));

  const landmarks: Array<number[] | null> = [];
  const samples: FrameSample[] = [];
  let prev: number[] | null = null;
  let fit: BoxFit | null = null;
  let ageGender = 0;
  let pending: Buffer[] = [];
  let pendingLen = 0;

  const detectEvery = Math.max(DETECT_EVERY, Math.round(input.fps * DETECT_EVERY_S));
  const landmarkEvery = Math.max(1, Math.round(input.landmarkEvery ?? LANDMARK_EVERY));
  /** Frames whose landmarks are interpolated from their tracked neighbours (after the clip is read). */
  const between: number[] = [];
  /** The registered frames: their anchor, transform and (on landmark-net frames) the net's non-rigid residual. */
  const registered = new Map<number, { anchor: Anchor; m: Affine; d: number[] | null }>();
  let anchor: Anchor | null = null;
  let anchors = 0;
  const stats = { registered: 0, reanchored: 0, regMs: 0, netMs: 0 };

  const processFrame = async (rgb: Buffer, f: number): Promise<void> => {
    // Registration first: the keyframe's face carried onto this frame by a similarity transform.
    let reg: Registration | null = null;
    if (anchor) {
      const t0 = performance.now();
      reg = register(anchor.tpl, greyPyramid(rgb, W, H, windowFor(anchor.tpl, anchor.m)), anchor.m);
      stats.regMs += performance.now() - t0;
      const ds = affineScale(reg.m) / affineScale(anchor.m);
      if (reg.residual > MAX_RESIDUAL || ds < 0.8 || ds > 1.25) {
        anchor = null;
        reg = null;
        stats.reanchored++;
      } else anchor.m = reg.m;
    }
    if ((prev === null || fit === null) && !anchor && f % LOST_EVERY !== 0 && f % detectEvery !== 0) {
      landmarks.push(null);
      return;
    }
    const detected = prev === null || fit === null || (f % detectEvery === 0 && (samples.length < MIN_DETECTIONS || !anchor || f % (detectEvery * SPARSE_DETECT) === 0));
    const netFrame = detected || f % landmarkEvery === 0;
    if (!detected && !netFrame && !anchor) {
      between.push(f);
      landmarks.push(null);
      return;
    }
    let box: Box | null = null;
    if (detected) {
      const t = tf.tensor3d(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), [H, W, 3], 'int32');
      try {
        const found = await faceapi.detectAllFaces(t as never, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5, maxResults: 10 }));
        const faces = found.map((d) => ({ x: d.box.x, y: d.box.y, w: d.box.width, h: d.box.height })).sort((a, b) => b.w * b.h - a.w * a.h);
        // A second face counts when it is at least half the size of the first (not a poster far behind).
        const big = faces.filter((b) => b.w >= faces[0]!.w * 0.5);
        box = faces[0] ?? null;
        const whole = lightAndSharpness(rgb, W, H, { x: 0, y: 0, w: W, h: H });
        const s: FrameSample = { frame: f, faces: big.length, light: 0, sharpness: 0, frameLight: whole.light, frameSharpness: whole.sharpness, faceSize: box ? Math.max(box.w * sx, box.h * sy) : 0 };
        if (box) Object.assign(s, lightAndSharpness(rgb, W, H, box));
        samples.push(s);
        if (!box) {
          prev = null;
          anchor = null;
          landmarks.push(null);
          return;
        }
        if (ageGender < AGE_GENDER_SAMPLES && big.length === 1) {
          ageGender++;
          const crop = cropTensor(tf, rgb, box, W, H);
          try {
            const r = (await faceapi.nets.ageGenderNet.predictAgeAndGender(crop as never)) as { age: number; gender: string; genderProbability: number };
            Object.assign(s, { age: r.age, gender: r.gender, genderProbability: r.genderProbability });
          } finally {
            crop.dispose();
          }
        }
      } finally {
        t.dispose();
      }
      // The registered face has left the detector's box: start again from the detector.
      if (anchor && prev) {
        const a = anchor.m, c = anchorCentre(anchor);
        const [ux, uy] = applyAffine(a, c[0], c[1]);
        if (Math.hypot(ux - (box.x + box.w / 2), uy - (box.y + box.h / 2)) > box.w * 0.25) {
          anchor = null;
          reg = null;
          stats.reanchored++;
        }
      }
    }
    if (anchor && reg) {
      stats.registered++;
      let d: number[] | null = null;
      if (netFrame) {
        // The net on the keyframe's box carried by the transform: it sees the face as in the keyframe.
        const t1 = performance.now();
        const q = await landmarksIn(tf, faceapi, rgb, anchor.box, W, H, reg.m);
        stats.netMs += performance.now() - t1;
        d = q.map((v, i) => v - anchor!.ref[i]!);
        if (meanDrift(d, anchor.size) > MAX_DRIFT) {
          // The net disagrees with the registration: trust the net and take a new keyframe here.
          stats.reanchored++;
          const pts = q.map((_, i) => (i % 2 === 0 ? applyAffine(reg!.m, q[i]!, q[i + 1]!)[0] : applyAffine(reg!.m, q[i - 1]!, q[i]!)[1]));
          anchor = makeAnchor(rgb, W, H, boxFrom(pts, fit ?? fitOf(anchor.box, anchor.ref)), pts, ++anchors);
          prev = pts;
          landmarks.push(pts.map((v, i) => (i % 2 === 0 ? v * sx : v * sy)));
          return;
        }
      }
      registered.set(f, { anchor, m: reg.m, d });
      prev = mapPoints(reg.m, anchor.ref);
      landmarks.push(null);
      return;
    }
    // Without registration (lip-sync), a tilted face is shown to the net upright: the net reads a
    // face turned 20-35° in its plane badly (the mouth found on the cheek), an upright one well.
    const upright = input.register === false && prev && fit ? uprightView(prev, fit) : null;
    let pts: number[];
    if (upright) pts = mapPoints(upright.m, await landmarksIn(tf, faceapi, rgb, upright.box, W, H, upright.m));
    else {
      if (!box) box = boxFrom(prev!, fit!);
      pts = await landmarksIn(tf, faceapi, rgb, box, W, H);
      if (detected) fit = fitOf(box, pts);
    }
    prev = pts;
    landmarks.push(pts.map((v, i) => (i % 2 === 0 ? v * sx : v * sy)));
    // A keyframe: this frame's face becomes the template the next frames are registered to.
    if (input.register !== false && box) anchor = makeAnchor(rgb, W, H, box, pts, ++anchors);
  };

  let f = 0;
  for await (const chunk of ff.stdout as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingLen += chunk.length;
    while (pendingLen >= frameBytes) {
      const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
      const frame = all.subarray(0, frameBytes);
      const rest = all.subarray(frameBytes);
      pending = rest.length ? [Buffer.from(rest)] : [];
      pendingLen = rest.length;
      await processFrame(frame, f++);
    }
  }
  fillRegistered(landmarks, registered, sx, sy);
  fillBetween(landmarks, between);
  if (process.env.TRACK_DEBUG) console.error(`track: ${stats.registered} frames registered, ${stats.reanchored} re-anchored, ${anchors} keyframes; registration ${stats.regMs.toFixed(0)} ms, net on stabilised crops ${stats.netMs.toFixed(0)} ms`);
  const code = await exited;
  if (code !== 0 && f === 0) return { frames: 0, landmarks: [], samples: [], decodeWidth: W, decodeHeight: H, error: stderr.trim() || `ffmpeg exited ${code}` };
  return { frames: f, landmarks, samples, decodeWidth: W, decodeHeight: H };
}

/**
 * A keyframe: its landmarks (decoded pixels), the box the net read them in, the face's size and
 * the grey template of its region; `m` carries it onto the current frame.
 */
interface Anchor { id: number; ref: number[]; box: Box; size: number; tpl: FaceTemplate; m: Affine }

function makeAnchor(rgb: Buffer, W: number, H: number, box: Box, lm: number[], id: number): Anchor {
  const region = registrationRegion(lm);
  const pad = { x: region.x - region.w * 0.2, y: region.y - region.h * 0.2, w: region.w * 1.4, h: region.h * 1.4 };
  return { id, ref: lm, box, size: anchor(lm).size, tpl: buildTemplate(greyPyramid(rgb, W, H, pad), region), m: IDENTITY.slice() as Affine };
}

const anchorCentre = (a: Anchor): [number, number] => [a.box.x + a.box.w / 2, a.box.y + a.box.h / 2];

const mapPoints = (m: Affine, lm: readonly number[]): number[] => {
  const out = new Array<number>(lm.length);
  for (let i = 0; i < lm.length; i += 2) [out[i], out[i + 1]] = applyAffine(m, lm[i]!, lm[i + 1]!);
  return out;
};

/** Mean displacement of the rigid points (jaw, brows, nose: 0-35) over the face's size. */
function meanDrift(d: readonly number[], size: number): number {
  let s = 0;
  for (let i = 0; i < 36; i++) s += Math.hypot(d[i * 2]!, d[i * 2 + 1]!);
  return s / 36 / size;
}

/**
 * Landmarks of the registered frames: the keyframe's points through the frame's transform, the
 * eyes and mouth moved by the net's residual (read on landmark-net frames, interpolated between
 * them within the same keyframe), scaled to clip pixels.
 */
function fillRegistered(landmarks: Array<number[] | null>, reg: Map<number, { anchor: Anchor; m: Affine; d: number[] | null }>, sx: number, sy: number): void {
  for (const [f, r] of reg) {
    let d = r.d;
    if (!d) {
      let a = f - 1, b = f + 1;
      while (a >= 0 && reg.get(a)?.anchor === r.anchor && !reg.get(a)!.d) a--;
      while (reg.get(b)?.anchor === r.anchor && !reg.get(b)!.d) b++;
      const da = reg.get(a)?.anchor === r.anchor ? reg.get(a)!.d : null;
      const db = reg.get(b)?.anchor === r.anchor ? reg.get(b)!.d : null;
      d = da && db ? da.map((v, i) => v + (db[i]! - v) * ((f - a) / (b - a))) : (da ?? db);
    }
    const out = new Array<number>(136);
    for (let i = 0; i < 68; i++) {
      const use = d !== null && NON_RIGID.has(i);
      const [x, y] = applyAffine(r.m, r.anchor.ref[i * 2]! + (use ? d![i * 2]! : 0), r.anchor.ref[i * 2 + 1]! + (use ? d![i * 2 + 1]! : 0));
      out[i * 2] = x * sx;
      out[i * 2 + 1] = y * sy;
    }
    landmarks[f] = out;
  }
}

/**
 * The landmark net in a box of an RGB frame: 68 points flattened (x,y), frame pixels. With `m`,
 * the box is in keyframe coordinates and its pixels are taken through `m` (the face as the
 * keyframe shows it); the points come back in keyframe coordinates.
 */
async function landmarksIn(tf: Tf, faceapi: FaceApi, rgb: Buffer, box: Box, W: number, H: number, m?: Affine): Promise<number[]> {
  const crop = m ? warpedCropTensor(tf, rgb, box, W, H, m) : cropTensor(tf, rgb, box, W, H);
  const bx = Math.max(0, Math.min(W - 2, Math.round(box.x)));
  const by = Math.max(0, Math.min(H - 2, Math.round(box.y)));
  try {
    const lm = (await faceapi.nets.faceLandmark68Net.detectLandmarks(crop as never)) as { positions: Array<{ x: number; y: number }> };
    return lm.positions.flatMap((p) => [p.x + bx, p.y + by]);
  } finally {
    crop.dispose();
  }
}

/** A box rounded to whole pixels and held inside a W × H frame (at least 2 × 2). */
function pixelBox(box: Box, W: number, H: number): Box {
  const x = Math.max(0, Math.min(W - 2, Math.round(box.x)));
  const y = Math.max(0, Math.min(H - 2, Math.round(box.y)));
  return { x, y, w: Math.max(2, Math.min(W - x, Math.round(box.w))), h: Math.max(2, Math.min(H - y, Math.round(box.h))) };
}

/** The box (keyframe coordinates) taken from a frame through `m`, bilinear, as a tensor. */
function warpedCropTensor(tf: Tf, rgb: Buffer, box: Box, W: number, H: number, m: Affine): import('@tensorflow/tfjs').Tensor3D {
  const { x, y, w, h } = pixelBox(box, W, H);
  const out = new Int32Array(w * h * 3);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      let u = m[0] * (x + i) + m[1] * (y + j) + m[2];
      let v = m[3] * (x + i) + m[4] * (y + j) + m[5];
      u = Math.max(0, Math.min(W - 1.001, u));
      v = Math.max(0, Math.min(H - 1.001, v));
      const iu = u | 0, iv = v | 0, fu = u - iu, fv = v - iv;
      const o = (iv * W + iu) * 3, q = (j * w + i) * 3;
      for (let c = 0; c < 3; c++) {
        const top = rgb[o + c]! + (rgb[o + 3 + c]! - rgb[o + c]!) * fu;
        const bot = rgb[o + W * 3 + c]! + (rgb[o + W * 3 + 3 + c]! - rgb[o + W * 3 + c]!) * fu;
        out[q + c] = Math.round(top + (bot - top) * fv);
      }
    }
  }
  return tf.tensor3d(out, [h, w, 3], 'int32');
}

/** The box of an RGB frame as a tensor (only the box is copied: no tensor of the whole frame). */
function cropTensor(tf: Tf, rgb: Buffer, box: Box, W: number, H: number): import('@tensorflow/tfjs').Tensor3D {
  const { x, y, w, h } = pixelBox(box, W, H);
  const out = new Int32Array(w * h * 3);
  for (let j = 0; j < h; j++) {
    const o = ((y + j) * W + x) * 3;
    for (let i = 0; i < w * 3; i++) out[j * w * 3 + i] = rgb[o + i]!;
  }
  return tf.tensor3d(out, [h, w, 3], 'int32');
}

/**
 * Frames tracked by neither the detector nor the landmark net (every other frame): their
 * landmarks interpolated linearly between the nearest tracked frames on each side, or the
 * previous one's where the next is lost (a face at 25 fps moves little in 40 ms).
 */
export function fillBetween(landmarks: Array<number[] | null>, between: readonly number[]): void {
  for (const f of between) {
    let a = f - 1;
    while (a >= 0 && landmarks[a] === null) a--;
    let b = f + 1;
    while (b < landmarks.length && landmarks[b] === null && b - f < 4) b++;
    const pa = a >= 0 ? landmarks[a] : null;
    const pb = b < landmarks.length ? landmarks[b] : null;
    if (!pa) landmarks[f] = pb ? pb.slice() : null;
    else if (!pb) landmarks[f] = pa.slice();
    else {
      const k = (f - a) / (b - a);
      landmarks[f] = pa.map((v, i) => v + (pb[i]! - v) * k);
    }
  }
}
