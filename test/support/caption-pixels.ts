/**
 * A caption layer drawn at `tMs` on a 900x400 canvas filled with `ground`, and the RGBA pixels of
 * one word run (rows 100-300, the caption box of the colour tests): what the letters really are.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { CaptionLayer } from '../../src/pipeline/render/caption-layer.ts';

export function captionRunPixels(layer: CaptionLayer, ground: string, tMs: number, box: { x: number }, run: { x: number; width: number }): Uint8ClampedArray {
  const c = createCanvas(900, 400);
  const ctx = c.getContext('2d');
  ctx.fillStyle = ground;
  ctx.fillRect(0, 0, 900, 400);
  layer.draw(ctx, tMs);
  return ctx.getImageData(Math.floor(box.x + run.x), 100, Math.ceil(run.width), 200).data;
}
