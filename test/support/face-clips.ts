/**
 * Talking-head clips made at test time (no footage can be downloaded here): the face-api sample
 * portrait animated by the photo presenter (blinks, mouth), then moved, tilted and scaled as a
 * whole per frame with a known affine motion, written with ffmpeg. The true landmarks of every
 * frame are the portrait's landmarks through the same motion.
 */
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { execFileSync, spawn } from 'node:child_process';
import { NEUTRAL_POSE, type AvatarPose } from '../../src/pipeline/avatar/index.ts';
import { createPhotoPainter, framePhoto, type PhotoRig } from '../../src/pipeline/avatar/photo/index.ts';

export type Pt = [number, number];

export interface ClipMotion {
  /**
   * Degrees of tilt, scale factor, shift in fractions of the frame, at time t (s). Where the
   * motion uncovers a frame corner, the backdrop (BACKDROP) shows.
   */
  at(t: number): { deg: number; scale: number; dx: number; dy: number };
}

export const STILL: ClipMotion = { at: () => ({ deg: 0, scale: 1, dx: 0, dy: 0 }) };

/** The flat backdrop behind the moved portrait (what an uncovered corner would show). */
export const BACKDROP: [number, number, number] = [0x8a, 0x8f, 0x96];

/**
 * The corners of a decoded frame (RGB24, W×H) that show the clip's backdrop: a corner's K×K block
 * (K = 3 % of the short side) over half of whose pixels are within ±12 of BACKDROP per channel.
 */
export function backdropCorners(rgb: Uint8Array, W: number, H: number): string[] {
  const K = Math.max(3, Math.round(0.03 * Math.min(W, H)));
  const out: string[] = [];
  for (const [name, x0, y0] of [['top-left', 0, 0], ['top-right', W - K, 0], ['bottom-left', 0, H - K], ['bottom-right', W - K, H - K]] as const) {
    let n = 0;
    for (let y = y0; y < y0 + K; y++) {
      for (let x = x0; x < x0 + K; x++) {
        const o = (y * W + x) * 3;
        if (Math.abs(rgb[o]! - BACKDROP[0]) <= 12 && Math.abs(rgb[o + 1]! - BACKDROP[1]) <= 12 && Math.abs(rgb[o + 2]! - BACKDROP[2]) <= 12) n++;
      }
    }
    if (n > (K * K) / 2) out.push(name);
  }
  return out;
}

/** The frames of a video (W×H) that show the backdrop at a corner, as "frame f (t s): corners". */
export function uncoveredFrames(file: string, W: number, H: number, fps: number): string[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 1 << 30 });
  const size = W * H * 3;
  const out: string[] = [];
  for (let f = 0; (f + 1) * size <= raw.length; f++) {
    const c = backdropCorners(raw.subarray(f * size, (f + 1) * size), W, H);
    if (c.length) out.push(`frame ${f} (${(f / fps).toFixed(2)} s): ${c.join(', ')}`);
  }
  return out;
}

/** A head that sways: tilt ±5°, scale ±6 %, shifts of a few % of the frame. */
export const SWAY: ClipMotion = {
  at: (t) => ({ deg: 5 * Math.sin((2 * Math.PI * t) / 4), scale: 1 + 0.06 * Math.sin((2 * Math.PI * t) / 5), dx: 0.035 * Math.sin((2 * Math.PI * t) / 3), dy: 0.02 * Math.sin((2 * Math.PI * t) / 6) }),
};

/**
 * `motion` with its scale raised by the least single factor that keeps the moved portrait over
 * every corner of a W×H frame in every frame of the clip (no backdrop wedges): a camera that frames
 * a swaying head a little closer, not a zoom that pumps (one factor for the whole clip).
 */
export function covering(motion: ClipMotion, W: number, H: number, seconds: number, fps: number): ClipMotion & { factor: number } {
  let factor = 1;
  const cx = W / 2, cy = H / 2;
  for (let f = 0; f < Math.round(seconds * fps); f++) {
    const m = motion.at(f / fps);
    const a = (m.deg * Math.PI) / 180;
    const tx = cx + m.dx * W, ty = cy + m.dy * H;
    for (const [qx, qy] of [[0, 0], [W, 0], [0, H], [W, H]] as const) {
      // The corner in the portrait's own frame (unscaled): covered when within its half sides once scaled.
      const vx = Math.cos(a) * (qx - tx) + Math.sin(a) * (qy - ty);
      const vy = -Math.sin(a) * (qx - tx) + Math.cos(a) * (qy - ty);
      factor = Math.max(factor, Math.max((2 * Math.abs(vx)) / W, (2 * Math.abs(vy)) / H) / m.scale);
    }
  }
  return { factor, at: (t) => ({ ...motion.at(t), scale: motion.at(t).scale * factor }) };
}

export interface FaceClipSpec {
  photo: Buffer;
  rig: PhotoRig;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  motion?: ClipMotion;
  /** The photo presenter's pose at frame f (mouth, blinks); rest by default. */
  pose?: (f: number) => AvatarPose;
  out: string;
  /** Darken (0..1 multiplier) or blur (px) the whole clip: refusal cases. */
  dim?: number;
  blurPx?: number;
  /**
   * Turn the head by this many degrees about a vertical axis (positive: to the viewer's right):
   * each frame is remapped column by column as if the head were a cylinder (the face's width) seen
   * from the front, so the near cheek narrows and the far one widens (refusal cases).
   */
  yawDeg?: number;
  /** Also add a tone so the clip has an audio track. */
  audio?: boolean;
  /**
   * The person cut out with the selfie mask (rig.mask) and put on a pure green (#00FF00) screen, or
   * on nothing: a VP9 WebM with alpha (`out` should end in .webm).
   */
  screen?: 'green' | 'alpha';
}

/** The rig's selfie mask as a canvas whose alpha is the mask (white elsewhere). */
function maskCanvas(mask: string) {
  const bytes = Buffer.from(mask, 'base64');
  const n = Math.round(Math.sqrt(bytes.length));
  const c = createCanvas(n, n);
  const m = c.getContext('2d');
  const img = m.createImageData(n, n);
  for (let i = 0; i < n * n; i++) {
    img.data[i * 4] = img.data[i * 4 + 1] = img.data[i * 4 + 2] = 255;
    img.data[i * 4 + 3] = bytes[i]!;
  }
  m.putImageData(img, 0, 0);
  return c;
}

/** Writes the clip; returns each frame's true 68 landmarks (clip pixels). */
export async function makeFaceClip(spec: FaceClipSpec): Promise<Pt[][]> {
  const { width: W, height: H, fps } = spec;
  const img: Image = await loadImage(spec.photo);
  const painter = createPhotoPainter(img, spec.rig, { width: W, height: H });
  const crop = framePhoto(spec.rig, W, H);
  const s = W / crop.w;
  const rest = spec.rig.landmarks.map((p): Pt => [(p[0] - crop.x) * s, (p[1] - crop.y) * s]);
  const layer = createCanvas(W, H);
  const lctx = layer.getContext('2d');
  const out = createCanvas(W, H);
  const ctx = out.getContext('2d');
  const frames = Math.round(spec.seconds * fps);
  const args = ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${W}x${H}`, '-r', String(fps), '-i', 'pipe:0'];
  if (spec.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=220:duration=${spec.seconds}`, '-c:a', 'aac', '-shortest');
  if (spec.screen === 'alpha') args.push('-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p', '-b:v', '0', '-crf', '20', '-deadline', 'realtime', '-cpu-used', '8', '-auto-alt-ref', '0', '-f', 'webm', spec.out);
  else args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', spec.out);
  if (spec.screen && !spec.rig.mask) throw new Error('a green or alpha screen clip needs the rig\'s selfie mask');
  const mask = spec.screen ? maskCanvas(spec.rig.mask!) : null;
  const ff = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  ff.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<void>((resolve, reject) => ff.on('close', (c) => (c === 0 ? resolve() : reject(new Error(`ffmpeg ${c}: ${err}`)))));
  const truth: Pt[][] = [];
  const motion = spec.motion ?? STILL;
  for (let f = 0; f < frames; f++) {
    const m = motion.at(f / fps);
    painter.draw(lctx, spec.pose ? spec.pose(f) : NEUTRAL_POSE, 0, 0);
    if (mask) {
      // The person only: the photo's mask, framed as the painter frames the photo.
      lctx.save();
      lctx.globalCompositeOperation = 'destination-in';
      lctx.drawImage(mask, 0, 0, mask.width, mask.height, -crop.x * s, -crop.y * s, spec.rig.width * s, spec.rig.height * s);
      lctx.restore();
    }
    if (spec.screen === 'alpha') ctx.clearRect(0, 0, W, H);
    else {
      ctx.fillStyle = spec.screen === 'green' ? '#00FF00' : `rgb(${BACKDROP.join(',')})`;
      ctx.fillRect(0, 0, W, H);
    }
    const a = (m.deg * Math.PI) / 180;
    const cx = W / 2, cy = H / 2;
    ctx.save();
    if (spec.blurPx) ctx.filter = `blur(${spec.blurPx}px)`;
    ctx.translate(cx + m.dx * W, cy + m.dy * H);
    ctx.rotate(a);
    ctx.scale(m.scale, m.scale);
    ctx.translate(-cx, -cy);
    ctx.drawImage(layer, 0, 0);
    ctx.restore();
    if (spec.dim !== undefined) {
      ctx.fillStyle = `rgba(0,0,0,${1 - spec.dim})`;
      ctx.fillRect(0, 0, W, H);
    }
    const cos = Math.cos(a) * m.scale, sin = Math.sin(a) * m.scale;
    truth.push(rest.map(([x, y]): Pt => [cx + m.dx * W + (x - cx) * cos - (y - cy) * sin, cy + m.dy * H + (x - cx) * sin + (y - cy) * cos]));
    // Straight RGBA for the alpha clip (what ffmpeg's rgba input means); the canvas's own bytes otherwise.
    const buf = spec.screen === 'alpha' ? Buffer.from(ctx.getImageData(0, 0, W, H).data.buffer) : out.data();
    if (spec.yawDeg) turnHead(buf, W, H, rest, spec.yawDeg);
    if (!ff.stdin.write(buf)) await new Promise((r) => ff.stdin.once('drain', r));
  }
  ff.stdin.end();
  await done;
  return truth;
}

/**
 * A head turned by `deg` about the face's own vertical axis, from a frontal picture: the head is a
 * cylinder of radius 1.15 × half the jaw's width, its axis through the middle of the jaw's ends
 * along the face's tilt; a line on the cylinder at angle φ' shows what was at φ' − deg (the side
 * turning away is pushed out of sight, the near side's edge is stretched). Fades out over the
 * cylinder's last 15 % above and below the head. In place, RGBA.
 */
export function turnHead(rgba: Uint8Array | Uint8ClampedArray, W: number, H: number, lm: readonly Pt[], deg: number): void {
  const l = lm[0]!, r = lm[16]!;
  const cx = (l[0] + r[0]) / 2, cy = (l[1] + r[1]) / 2;
  const len = Math.hypot(r[0] - l[0], r[1] - l[1]);
  const ex = (r[0] - l[0]) / len, ey = (r[1] - l[1]) / len; // across the face
  const R = len * 0.575;
  const top = 1.6 * R, bottom = 1.4 * R; // the head's extent along its axis, from the jaw's line
  const t = (deg * Math.PI) / 180;
  const copy = Uint8Array.from(rgba);
  const ext = Math.ceil(R + top);
  const x0 = Math.max(0, Math.floor(cx - ext)), x1 = Math.min(W - 2, Math.ceil(cx + ext));
  const y0 = Math.max(0, Math.floor(cy - ext)), y1 = Math.min(H - 2, Math.ceil(cy + ext));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const u = (x - cx) * ex + (y - cy) * ey;
      const v = -(x - cx) * ey + (y - cy) * ex; // positive downward (toward the chin)
      if (Math.abs(u) >= R || v < -top || v > bottom) continue;
      const edge = v < 0 ? -v / top : v / bottom;
      const k = Math.min(1, Math.max(0, (1 - edge) / 0.15));
      const phi = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, Math.asin(u / R) - t));
      const us = u + (R * Math.sin(phi) - u) * k;
      const sx = Math.max(0, Math.min(W - 1.001, cx + us * ex - v * ey));
      const sy = Math.max(0, Math.min(H - 1.001, cy + us * ey + v * ex));
      const i = sx | 0, j = sy | 0, fx = sx - i, fy = sy - j;
      const o = (j * W + i) * 4, d = (y * W + x) * 4;
      for (let c = 0; c < 4; c++) {
        const a = copy[o + c]! + (copy[o + 4 + c]! - copy[o + c]!) * fx;
        const b = copy[o + W * 4 + c]! + (copy[o + W * 4 + 4 + c]! - copy[o + W * 4 + c]!) * fx;
        rgba[d + c] = Math.round(a + (b - a) * fy);
      }
    }
  }
}
