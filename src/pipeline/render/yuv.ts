/**
 * RGBA → yuv420p (I420) on the Node side, with libyuv through koffi (FFI), so frames cross the
 * pipe to ffmpeg as 3 MB instead of 8 MB at 1080x1920 and ffmpeg holds and converts no RGBA
 * frames (docs/rendering.md "Peak memory").
 *
 * libyuv's `ABGRToI420` reads RGBA bytes in memory order (libyuv names formats by the 32-bit word,
 * little-endian: "ABGR" is R,G,B,A in memory) and writes BT.601 limited-range I420; ~0.5 CPU ms a
 * 1080x1920 frame with its AVX2 kernels, against ~4 ms for ffmpeg's swscale. This libyuv (Debian's
 * libyuv0, 2023) has no BT.709 RGB → YUV function, so every H.264 the renderer makes is BT.601,
 * tagged so (ffmpeg-args.ts: `-colorspace smpte170m`), also when libyuv is missing and ffmpeg
 * converts (the fallback): one colour matrix whichever process made a segment.
 *
 * Colours are opaque frames' (canvas.data() is premultiplied; with alpha 255 that is straight RGBA).
 */
import koffi from 'koffi';

/** What the frames are when they reach ffmpeg's input. */
export type FramePixFmt = 'rgba' | 'yuv420p';

/** A rectangle of a frame in whole pixels. */
export interface PixelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Converts the frame `rgba` (width x height) into the I420 frame `out`; with `rect`, only that
 * part of it (grown to whole 2x2 chroma blocks), leaving the rest of `out` as it was.
 */
export type RgbaToI420 = (rgba: Buffer, width: number, height: number, out: Buffer, rect?: PixelRect) => void;

/** Bytes of one I420 frame: a full-size Y plane, then U and V at half size (rounded up). */
export function i420Bytes(width: number, height: number): number {
  const cw = Math.ceil(width / 2);
  const ch = Math.ceil(height / 2);
  return width * height + 2 * cw * ch;
}

const LIBYUV = 'libyuv.so.0';
let loaded: { path: string; convert: RgbaToI420 | null } | null = null;

function load(libPath: string): RgbaToI420 {
  const lib = koffi.load(libPath);
  // Plain pointers: koffi passes a Buffer's memory as it is (no copy; `_Out_` arrays would copy back).
  const abgrToI420 = lib.func('ABGRToI420', 'int', ['void *', 'int', 'void *', 'int', 'void *', 'int', 'void *', 'int', 'int', 'int']);
  return (rgba, width, height, out, rect) => {
    const cw = Math.ceil(width / 2);
    const ySize = width * height;
    const cSize = cw * Math.ceil(height / 2);
    if (rgba.length < ySize * 4 || out.length < ySize + 2 * cSize) throw new RangeError(`rgbaToI420: buffers too small for ${width}x${height}`);
    // The part converted, on even coordinates: each 2x2 block's chroma is then the whole frame's.
    const x0 = rect ? Math.max(0, Math.floor(rect.x / 2) * 2) : 0;
    const y0 = rect ? Math.max(0, Math.floor(rect.y / 2) * 2) : 0;
    const x1 = rect ? Math.min(width, Math.ceil((rect.x + rect.w) / 2) * 2) : width;
    const y1 = rect ? Math.min(height, Math.ceil((rect.y + rect.h) / 2) * 2) : height;
    if (x1 <= x0 || y1 <= y0) return;
    const c0 = (y0 / 2) * cw + x0 / 2;
    const y = out.subarray(y0 * width + x0, ySize);
    const u = out.subarray(ySize + c0, ySize + cSize);
    const v = out.subarray(ySize + cSize + c0, ySize + 2 * cSize);
    const src = rect ? rgba.subarray((y0 * width + x0) * 4) : rgba;
    const rc = abgrToI420(src, width * 4, y, width, u, cw, v, cw, x1 - x0, y1 - y0) as number;
    if (rc !== 0) throw new Error(`libyuv ABGRToI420 failed (${rc}) for ${width}x${height}`);
  };
}

/**
 * The converter, or null when libyuv cannot be loaded (then frames go to ffmpeg as RGBA and it
 * converts, with the same BT.601 matrix; one warning line per process). `LIBYUV_PATH` overrides
 * the library (tests use a missing one for the fallback).
 */
export function rgbaToI420(): RgbaToI420 | null {
  const libPath = process.env.LIBYUV_PATH || LIBYUV;
  if (loaded?.path === libPath) return loaded.convert;
  let convert: RgbaToI420 | null = null;
  try {
    convert = load(libPath);
  } catch (err) {
    process.emitWarning(`libyuv not loaded (${libPath}: ${(err as Error).message.split('\n')[0]}); frames go to ffmpeg as RGBA and it converts them (slower, more memory). Install libyuv0.`, { code: 'REELSMITH_NO_LIBYUV' });
  }
  loaded = { path: libPath, convert };
  return convert;
}

/** The pixel format frames reach ffmpeg in: yuv420p when this process can convert them, else rgba. */
export function framePixFmt(): FramePixFmt {
  return rgbaToI420() ? 'yuv420p' : 'rgba';
}

/**
 * I420 frame buffers reused while ffmpeg's pipe holds them: `take` one, `give` it back once the
 * write finished. Sized to the sink's queue, so a render allocates a few 3 MB buffers, not one per frame.
 */
export class I420Pool {
  private readonly free: Buffer[] = [];
  readonly bytes: number;

  constructor(width: number, height: number) {
    this.bytes = i420Bytes(width, height);
  }

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(this.bytes);
  }

  give(b: Buffer): void {
    this.free.push(b);
  }
}
