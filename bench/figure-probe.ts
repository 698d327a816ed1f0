/**
 * The drawn presenter's cost alone: the 30 s sample's figure (template 1, 9:16) posed on twos,
 * painted into the compositor's sprite and blitted into a frame-sized canvas, no media, no
 * readback of the frame. CPU ms by step: `paint` (the painter's JavaScript; Skia records),
 * `blit` (drawImage of the sprite: Skia rasterises what was recorded), `flush` (a 1x1
 * getImageData of the target, so every pose's drawing is done before the next is timed).
 * `FIGURE_CACHE=0` paints every pass every pose (the painting before the still pass was kept).
 *   node --import tsx bench/figure-probe.ts [poses]
 */
import { createCanvas } from '@napi-rs/canvas';
import { checkoutCompositor } from './support/checkout-compositor.ts';
import { FigureSprite } from '../src/pipeline/render/figure-sprite.ts';
import { poseFrame } from '../src/pipeline/render/compositor.ts';

const n = Number(process.argv[2] ?? 200);
const { t, c } = await checkoutCompositor(process.cwd(), { templateId: 1, seconds: 30, scale: Number(process.env.SCALE ?? 1), dir: process.env.PROBE_DIR ?? '/tmp/figure-probe' });
await c.prepare();
const target = createCanvas(t.width, t.height);
const tctx = target.getContext('2d');
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const step = { paint: 0, blit: 0, flush: 0 };
const rect = (c as any).figureRect();
const sprite = new FigureSprite((c as any).presenter, rect, t.presenter!.box, process.env.FIGURE_CACHE !== '0');
for (let i = 0; i < n; i++) {
  const frame = (i * 2) % t.frames;
  let a = cpu();
  const canvas = sprite.at(poseFrame(frame));
  let b = cpu();
  step.paint += b - a;
  tctx.drawImage(canvas, rect.x, rect.y);
  a = cpu();
  step.blit += a - b;
  tctx.getImageData(0, 0, 1, 1);
  b = cpu();
  step.flush += b - a;
}
const total = step.paint + step.blit + step.flush;
console.log(JSON.stringify({ poses: n, sprite: [rect.w, rect.h], ms: Object.fromEntries(Object.entries(step).map(([k, v]) => [k, Math.round(v)])), perPoseMs: +(total / n).toFixed(2), cache: sprite.stats }));
