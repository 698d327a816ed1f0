/**
 * The product picture made ready to hold: decoded (EXIF-rotated, at most 640 px), then
 * - a picture with real transparency keeps it (a PNG cut-out);
 * - a picture on a plain backdrop (its border mostly one colour: a packshot on white) loses the
 *   backdrop by the edge-aware flood from the border (backdrop.ts), so a white label inside a
 *   white-backed bottle stays; a backdrop that fades into the picture (a vignette) or a product
 *   that would split into large pieces is refused, and the picture is kept whole;
 * - anything else (a photo with a scene) is kept whole, as a card with a thin white edge.
 * Trimmed to what is left. Pure: bytes in, a canvas out.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { removePlainBackdrop } from './backdrop.ts';

export type ProductBackground = 'transparent' | 'removed' | 'kept';

export interface ProductCutout {
  image: Canvas;
  background: ProductBackground;
}

const MAX_PX = 640;
export async function cutOutProduct(bytes: Buffer): Promise<ProductCutout> {
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize(MAX_PX, MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  let seeThrough = 0;
  for (let i = 3; i < px.length; i += 4) if (px[i]! < 200) seeThrough++;
  let background: ProductBackground;
  if (seeThrough > w * h * 0.02) background = 'transparent';
  else if (removePlainBackdrop(px, w, h)) background = 'removed';
  else background = 'kept';
  const box = background === 'kept' ? { x: 0, y: 0, w, h } : opaqueBox(px, w, h);
  const image = createCanvas(box.w + (background === 'kept' ? 8 : 0), box.h + (background === 'kept' ? 8 : 0));
  const ctx = image.getContext('2d');
  const full = createCanvas(w, h);
  const fctx = full.getContext('2d');
  const img = fctx.createImageData(w, h);
  img.data.set(px);
  fctx.putImageData(img, 0, 0);
  if (background === 'kept') {
    ctx.fillStyle = '#FFFFFF';
    roundRect(ctx, 0, 0, image.width, image.height, 10);
    ctx.fill();
    ctx.save();
    roundRect(ctx, 4, 4, w, h, 7);
    ctx.clip();
    ctx.drawImage(full, 4, 4);
    ctx.restore();
  } else ctx.drawImage(full, box.x, box.y, box.w, box.h, 0, 0, box.w, box.h);
  return { image, background };
}

function roundRect(ctx: ReturnType<Canvas['getContext']>, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function opaqueBox(px: Uint8ClampedArray, w: number, h: number): { x: number; y: number; w: number; h: number } {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (px[(y * w + x) * 4 + 3]! > 24) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) return { x: 0, y: 0, w, h };
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}
