/**
 * The README demo's timeline (test/support/demo-timeline.ts: Spotlight 9:16, the drawn presenter,
 * the sample lamp and its photos, 15 s) drawn at a few times, side by side, with the text-product
 * hits printed (docs/rendering.md "A text over the product's edge"):
 *   node --import tsx scripts/demo-frames.ts OUT.jpg [scale] [ms,ms,…]
 */
import '../src/pipeline/render/alloc-env.ts';
import fs from 'node:fs';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { createPresenter } from '../src/pipeline/render/avatar-adapter.ts';
import { Compositor } from '../src/pipeline/render/compositor.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { sampleSpeech } from '../src/pipeline/render/sample.ts';
import * as tp from '../src/pipeline/timeline/text-product.ts';
import path from 'node:path';
import { demoTimeline, DEMO_PRODUCT_TEXT } from '../test/support/demo-timeline.ts';
import { writeBuiltin } from '../src/pipeline/script/builtin.ts';

registerFonts();
const [out, scaleArg, timesArg] = process.argv.slice(2);
const scale = Number(scaleArg ?? 0.25);
const t = await demoTimeline(scale);
// (textProductHits before the sticker rule: every overlap a hit.)
const overlaps = (tp as Record<string, unknown>).textProductOverlaps ?? tp.textProductHits;
for (const h of (overlaps as (t: unknown) => { allowed?: boolean; overlay: { id: string; text: string; startMs: number; endMs: number } }[])(t)) console.log(`${h.allowed ? 'sticker' : 'HIT'} ${h.overlay.id} "${h.overlay.text}" ${h.overlay.startMs}-${h.overlay.endMs} ms`);
const times = timesArg ? timesArg.split(',').map(Number) : t.overlays.map((o) => Math.min(o.endMs - 100, o.startMs + 600));
// The demo's product and speech as demoTimeline makes them (the presenter speaks them).
const imagePaths = ['lamp-front.jpg', 'lamp-night.jpg', 'lamp-desk.jpg'].map((f) => path.join(import.meta.dirname, '..', 'samples', 'shop', 'img', f));
const product = { ...DEMO_PRODUCT_TEXT, imagePaths };
const script = writeBuiltin({ product, style: 'Feature Explainer', lengthS: 15, language: 'english', seed: 'x' });
const sp = sampleSpeech(script.sentences, 'english');
const c = new Compositor(t, product, createPresenter(1, t, sp.speech, { ...script, sentences: sp.script.sentences }), 1, false);
await c.prepare();
const W = t.width, H = t.height;
const frame = createCanvas(W, H);
const sheet = createCanvas(W * times.length, H);
const ctx = sheet.getContext('2d');
for (const [k, ms] of times.entries()) {
  const px = await c.pixels(Math.round((ms * t.fps) / 1000));
  frame.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(px), W, H), 0, 0);
  ctx.drawImage(frame, k * W, 0);
}
c.close();
fs.writeFileSync(out!, out!.endsWith('.png') ? sheet.toBuffer('image/png') : sheet.toBuffer('image/jpeg', 85));
console.log(out, times);
