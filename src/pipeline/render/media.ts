/**
 * Product media made ready to draw, once per video: images decoded and scaled by sharp (libvips)
 * into canvases of the exact size they are drawn at, so per frame the renderer only samples a
 * pre-sized bitmap; product clips decoded by an ffmpeg child into raw RGBA frames at the box
 * size and the output frame rate, read in order as the frames are drawn.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';
import sharp, { type Sharp } from 'sharp';
import { decodeClipArgs } from './ffmpeg-args.ts';
import { opaqueBox, removePlainBackdrop } from '../avatar/product/backdrop.ts';
import { typicalColour } from '../templates/colours.ts';
import { cutOutImage } from './cutout-pool.ts';

import type { ImageFrame, ImageInfo } from '../timeline/media-frame.ts';
import { subjectBox } from './subject.ts';
import { fitsByCover } from '../timeline/media-frame.ts';

export { fitsByCover };

export function canvasFromRaw(data: Buffer, width: number, height: number): Canvas {
  const c = createCanvas(width, height);
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, width * height * 4);
  c.getContext('2d').putImageData(new ImageData(px, width, height), 0, 0);
  return c;
}

async function rawCanvas(img: Sharp): Promise<Canvas> {
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return canvasFromRaw(data, info.width, info.height);
}

export interface CoverImage {
  mode: 'cover';
  /** The image cropped to the box's aspect, at box size x maxScale. */
  image: Canvas;
}

export interface ContainImage {
  mode: 'contain';
  /** Box-sized blurred fill behind the product, or null for transparent cut-outs (the style shows). */
  backdrop: Canvas | null;
  /** The whole product at its fitted size x maxScale, with a soft shadow baked in (pad on each side). */
  image: Canvas;
  pad: number;
}

export interface PanImage {
  mode: 'pan';
  /** The whole image at its pan size (ImageFrame.pan), drawn at whole-pixel offsets. */
  image: Canvas;
  /** Box-sized blurred fill for the part of the box the window leaves, or null when it fills the box. */
  backdrop: Canvas | null;
}

export type PreparedImage = CoverImage | ContainImage | PanImage;

/** A blank image: every channel's spread under this (8-bit levels) is one colour. */
const BLANK_STDEV = 3;
/** Thumbnail side for the plain-border test. */
const THUMB = 96;

/**
 * Size, transparency, plain backdrop, blankness, colour and trimmed product box of an image
 * file, for the timeline's framing (media-frame.ts); null when unreadable. libvips does the
 * work (stats and a 96 px thumbnail); the trim is the thumbnail's opaque part after the same
 * flood the cut-out uses (or its own alpha).
 */
export async function imageInfo(path: string): Promise<(ImageInfo & { plain: boolean; blank: boolean; colour: string | null }) | null> {
  try {
    const base = sharp(path, { failOn: 'none', limitInputPixels: 100_000_000 });
    const meta = await base.metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const width = (swap ? meta.height : meta.width) ?? 0;
    const height = (swap ? meta.width : meta.height) ?? 0;
    if (!width || !height) return null;
    const stats = await base.stats();
    const alpha = !!meta.hasAlpha && !stats.isOpaque;
    const colour = stats.channels.slice(0, Math.min(3, stats.channels.length));
    const blank = colour.every((c) => c.stdev < BLANK_STDEV) && (!alpha || stats.channels[stats.channels.length - 1]!.stdev < BLANK_STDEV);
    const thumb = await base.clone().rotate().resize(THUMB, THUMB, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const px = new Uint8ClampedArray(thumb.data.buffer, thumb.data.byteOffset, thumb.data.length);
    // Plain: the cut-out worker would clear its backdrop (the same flood and the same refusals: a
    // vignette, a product in large pieces, a swatch — then it is framed as a photo). The product's
    // own colour: its pixels once the backdrop is gone (the thumbnail is ours to change).
    // A photo's subject (render/subject.ts), read before the flood changes the thumbnail.
    const subject = !alpha && !blank ? subjectBox(px, thumb.info.width, thumb.info.height) : null;
    const plain = !alpha && !blank && removePlainBackdrop(px, thumb.info.width, thumb.info.height);
    const trim = plain || alpha ? opaqueBox(px, thumb.info.width, thumb.info.height) : null;
    return { width, height, alpha, plain, blank, colour: typicalColour(px), ...(trim ? { trim } : {}), ...(subject && !plain ? { subject } : {}) };
  } catch {
    return null;
  }
}

/**
 * The parts of a frame that prepareImage reads (its treatment and sizes, not where it stands):
 * two frames with equal keys give the same prepared image (EarlyMedia keys on it, so a product
 * that only stepped aside for its text, text-room.ts, is not prepared again).
 */
export function preparedKey(frame: ImageFrame | null): unknown {
  if (!frame) return null;
  const f = frame as ImageFrame & { crop?: unknown };
  return [f.mode, f.treatment, f.cutout, f.trim ?? null, f.pan ? [f.pan.width, f.pan.height] : null, f.content.w, f.content.h, f.crop ?? null];
}

/**
 * Decodes and sizes one product image for a box of w x h drawn with moves up to maxScale: as the
 * timeline framed it (cover the box, or the whole product at its content size), or, with no
 * frame, by its shape.
 */
export async function prepareImage(path: string, w: number, h: number, maxScale: number, opts: { cover?: boolean; frame?: ImageFrame | null } = {}): Promise<PreparedImage> {
  const base = sharp(path, { failOn: 'none', limitInputPixels: 100_000_000 }).rotate();
  const meta = await base.metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const iw = (swap ? meta.height : meta.width) ?? w;
  const ih = (swap ? meta.width : meta.height) ?? h;
  const W = Math.max(2, Math.round(w * maxScale));
  const H = Math.max(2, Math.round(h * maxScale));
  const frame = opts.frame;
  if (!opts.cover && frame?.treatment === 'pan' && frame.pan) {
    // The whole image at its pan size; the layer slides it (no zoom, so no extra scale).
    const image = await rawCanvas(base.clone().resize(Math.max(2, Math.round(frame.pan.width)), Math.max(2, Math.round(frame.pan.height)), { fit: 'fill', kernel: 'lanczos3' }));
    const fills = frame.content.w >= w - 1 && frame.content.h >= h - 1;
    return { mode: 'pan', image, backdrop: fills ? null : await blurredFill(base, w, h) };
  }
  if (!opts.cover && frame?.mode === 'cover' && frame.crop) {
    // Cropped where the timeline keeps the photo's subject clear of the cards (media-frame.ts coverCrop).
    const k = Math.max(W / iw, H / ih);
    const [rw, rh] = [Math.max(W, Math.ceil(iw * k)), Math.max(H, Math.ceil(ih * k))];
    const left = Math.round(frame.crop.x * (rw - W));
    const top = Math.round(frame.crop.y * (rh - H));
    const image = await rawCanvas(base.clone().resize(rw, rh, { fit: 'fill', kernel: 'lanczos3' }).extract({ left, top, width: W, height: H }));
    return { mode: 'cover', image };
  }
  if (opts.cover || (frame ? frame.mode === 'cover' : fitsByCover(iw / ih, w / h))) {
    const image = await rawCanvas(base.clone().resize(W, H, { fit: 'cover', position: sharp.strategy.attention }));
    return { mode: 'cover', image };
  }
  const stats = frame ? null : meta.hasAlpha ? await base.clone().stats() : null;
  const cutout = frame ? frame.cutout : !!stats && !stats.isOpaque;
  // The content size the timeline decided (never past MAX_UPSCALE), or 80% of the box.
  const fw = Math.max(2, Math.round((frame ? frame.content.w : w * 0.8) * maxScale));
  const fh = Math.max(2, Math.round((frame ? frame.content.h : h * 0.8) * maxScale));
  // A cut-out framed by its trimmed product box: the whole image is sized so that box is the
  // content size, then cropped to it (the cleared backdrop around it is not drawn).
  const trim = frame?.trim;
  const aw = trim ? Math.max(2, Math.round(fw / trim.w)) : fw;
  const ah = trim ? Math.max(2, Math.round(fh / trim.h)) : fh;
  // A packshot on a plain backdrop loses it in a worker thread (once per video, not per frame).
  const whole = frame?.treatment === 'cutout'
    ? await cutOutImage({ path, width: aw, height: ah }).then((r) => ({ data: Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength), info: { width: r.width, height: r.height } }))
    : await base.clone().resize(aw, ah, { fit: 'inside', kernel: 'lanczos3' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const fg = trim ? cropRaw(whole, trim) : whole;
  const pad = Math.round(Math.min(w, h) * 0.06);
  const image = createCanvas(fg.info.width + pad * 2, fg.info.height + pad * 2);
  const ctx = image.getContext('2d');
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = pad * 0.8;
  ctx.shadowOffsetY = pad * 0.3;
  ctx.drawImage(canvasFromRaw(fg.data, fg.info.width, fg.info.height), pad, pad);
  const backdrop = cutout ? null : await blurredFill(base, w, h);
  return { mode: 'contain', backdrop, image, pad };
}

/**
 * A detail view (timeline/detail.ts): the part `crop` (fractions of the image) of the product's
 * own pixels, scaled to `side` square, on a white card with rounded corners and a soft shadow
 * (pad on each side), once per video.
 */
export async function prepareDetail(path: string, crop: { x: number; y: number; w: number; h: number }, side: number): Promise<{ image: Canvas; pad: number }> {
  const base = sharp(path, { failOn: 'none', limitInputPixels: 100_000_000 }).rotate();
  const meta = await base.metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const iw = ((swap ? meta.height : meta.width) ?? 1) as number;
  const ih = ((swap ? meta.width : meta.height) ?? 1) as number;
  const left = Math.min(iw - 1, Math.max(0, Math.round(crop.x * iw)));
  const top = Math.min(ih - 1, Math.max(0, Math.round(crop.y * ih)));
  const width = Math.max(1, Math.min(iw - left, Math.round(crop.w * iw)));
  const height = Math.max(1, Math.min(ih - top, Math.round(crop.h * ih)));
  const s = Math.max(2, Math.round(side));
  // The window cut from the upright pixels (.rotate() before .extract()), scaled to the card.
  const zoomed = await rawCanvas(base.clone().extract({ left, top, width, height }).resize(s, s, { fit: 'fill', kernel: 'lanczos3' }));
  const pad = Math.round(s * 0.08);
  const ring = Math.max(1, Math.round(s * 0.02));
  const r = s * 0.07;
  const image = createCanvas(s + pad * 2, s + pad * 2);
  const ctx = image.getContext('2d');
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.3)';
  ctx.shadowBlur = pad * 0.8;
  ctx.shadowOffsetY = pad * 0.3;
  ctx.fillStyle = '#FFFFFF';
  ctx.beginPath();
  ctx.roundRect(pad, pad, s, s, r);
  ctx.fill();
  ctx.restore();
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(pad + ring, pad + ring, s - 2 * ring, s - 2 * ring, Math.max(0, r - ring));
  ctx.clip();
  ctx.drawImage(zoomed, pad + ring, pad + ring, s - 2 * ring, s - 2 * ring);
  ctx.restore();
  return { image, pad };
}

/** The part `trim` (fractions 0..1) of RGBA pixels. */
function cropRaw(img: { data: Buffer; info: { width: number; height: number } }, trim: { x: number; y: number; w: number; h: number }): { data: Buffer; info: { width: number; height: number } } {
  const { width: W, height: H } = img.info;
  const x = Math.min(W - 1, Math.max(0, Math.round(trim.x * W)));
  const y = Math.min(H - 1, Math.max(0, Math.round(trim.y * H)));
  const w = Math.max(1, Math.min(W - x, Math.round(trim.w * W)));
  const h = Math.max(1, Math.min(H - y, Math.round(trim.h * H)));
  const out = Buffer.alloc(w * h * 4);
  for (let r = 0; r < h; r++) img.data.copy(out, r * w * 4, ((y + r) * W + x) * 4, ((y + r) * W + x + w) * 4);
  return { data: out, info: { width: w, height: h } };
}

/** A w x h blurred, darkened fill of the image (the extension behind a photo shown whole). */
async function blurredFill(base: Sharp, w: number, h: number): Promise<Canvas> {
  const small = await base
    .clone()
    .resize(Math.max(8, Math.round(w / 8)), Math.max(8, Math.round(h / 8)), { fit: 'cover' })
    .blur(6)
    .modulate({ brightness: 0.82, saturation: 1.1 })
    .png()
    .toBuffer();
  return rawCanvas(sharp(small).resize(Math.round(w), Math.round(h), { kernel: 'cubic' }));
}

/**
 * Reads a clip's frames in order from an ffmpeg child. The pipe is paused when a few frames are
 * buffered, so decoding runs just ahead of drawing. After the last frame the last one is held.
 */
export class ClipReader {
  private readonly proc: ChildProcess;
  private chunks: Buffer[] = [];
  private bytes = 0;
  private ended = false;
  private waiting: (() => void) | null = null;
  private next = 0;
  private last: Buffer | null = null;
  readonly canvas: Canvas;
  private readonly frameBytes: number;

  constructor(path: string, offsetS: number, durationS: number, readonly width: number, readonly height: number, fps: number, fit: 'cover' | 'contain') {
    this.frameBytes = width * height * 4;
    this.canvas = createCanvas(width, height);
    this.proc = spawn('ffmpeg', decodeClipArgs({ path, offsetS, durationS, width, height, fps, fit }), { stdio: ['ignore', 'pipe', 'ignore'] });
    const out = this.proc.stdout!;
    out.on('data', (d: Buffer) => {
      this.chunks.push(d);
      this.bytes += d.length;
      if (this.bytes >= this.frameBytes * 3) out.pause();
      this.wake();
    });
    out.on('end', () => {
      this.ended = true;
      this.wake();
    });
    this.proc.on('error', () => {
      this.ended = true;
      this.wake();
    });
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  private async readFrame(): Promise<Buffer | null> {
    while (this.bytes < this.frameBytes && !this.ended) {
      this.proc.stdout!.resume();
      await new Promise<void>((r) => (this.waiting = r));
    }
    if (this.bytes < this.frameBytes) return null;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const frame = all.subarray(0, this.frameBytes);
    const rest = all.subarray(this.frameBytes);
    this.chunks = rest.length ? [rest] : [];
    this.bytes = rest.length;
    if (this.bytes < this.frameBytes * 3) this.proc.stdout!.resume();
    return frame;
  }

  /** Puts clip frame k (0-based, in output frames) into `canvas`; holds the last frame past the end. */
  async frameAt(k: number): Promise<Canvas | null> {
    let changed = false;
    while (this.next <= k) {
      const f = await this.readFrame();
      if (!f) break;
      this.last = f;
      this.next++;
      changed = true;
    }
    if (!this.last) return null;
    if (changed) {
      const px = new Uint8ClampedArray(this.last.buffer, this.last.byteOffset, this.frameBytes);
      this.canvas.getContext('2d').putImageData(new ImageData(px, this.width, this.height), 0, 0);
    }
    return this.canvas;
  }

  close(): void {
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}
