/**
 * Talking-head clips made at test time (no footage can be downloaded here): the face-api sample
 * portrait animated by the photo presenter (blinks, mouth), then moved, tilted and scaled as a
 * whole per frame with a known affine motion, written with ffmpeg. The true landmarks of every
 * frame are the portrait's landmarks through the same motion.
 */
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { spawn } from 'node:child_process';
import { NEUTRAL_POSE, type AvatarPose } from '../../src/pipeline/avatar/index.ts';
import { createPhotoPainter, framePhoto, type PhotoRig } from '../../src/pipeline/avatar/photo/index.ts';

export type Pt = [number, number];

export interface ClipMotion {
  /** Degrees of tilt, scale factor, shift in px at this clip's size, at time t (s). */
  at(t: number): { deg: number; scale: number; dx: number; dy: number };
}

export const STILL: ClipMotion = { at: () => ({ deg: 0, scale: 1, dx: 0, dy: 0 }) };

/** A head that sways: tilt ±5°, scale ±6 %, shifts of a few % of the frame. */
export const SWAY: ClipMotion = {
  at: (t) => ({ deg: 5 * Math.sin((2 * Math.PI * t) / 4), scale: 1 + 0.06 * Math.sin((2 * Math.PI * t) / 5), dx: 0.035 * Math.sin((2 * Math.PI * t) / 3), dy: 0.02 * Math.sin((2 * Math.PI * t) / 6) }),
};

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
  /** Also add a tone so the clip has an audio track. */
  audio?: boolean;
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
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', spec.out);
  const ff = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  ff.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<void>((resolve, reject) => ff.on('close', (c) => (c === 0 ? resolve() : reject(new Error(`ffmpeg ${c}: ${err}`)))));
  const truth: Pt[][] = [];
  const motion = spec.motion ?? STILL;
  for (let f = 0; f < frames; f++) {
    const m = motion.at(f / fps);
    painter.draw(lctx, spec.pose ? spec.pose(f) : NEUTRAL_POSE, 0, 0);
    ctx.fillStyle = '#8a8f96';
    ctx.fillRect(0, 0, W, H);
    ctx.save();
    if (spec.blurPx) ctx.filter = `blur(${spec.blurPx}px)`;
    const a = (m.deg * Math.PI) / 180;
    const cx = W / 2, cy = H / 2;
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
    const buf = out.data();
    if (!ff.stdin.write(buf)) await new Promise((r) => ff.stdin.once('drain', r));
  }
  ff.stdin.end();
  await done;
  return truth;
}
