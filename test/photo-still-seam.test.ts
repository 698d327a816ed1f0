/**
 * bench:quality #105 (a talking photo presenter in 16:9): the portrait is narrower than the frame,
 * and its sides met the blurred extension of its edge strips in a visible vertical seam (a linear
 * fade over 3 % of the box). Now the photo stands on a blurred, darkened cover copy of itself and
 * its sides fade into it over 10 % of the box, eased (photo.painter.ts renderPhotoStill,
 * docs/rendering.md "A photo presenter's still in a wider box").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { framePhoto, renderPhotoStill } from '../src/pipeline/avatar/photo/index.ts';
import type { PhotoRig } from '../src/pipeline/avatar/photo/photo.rig.ts';

/** A 900 × 1200 portrait on a busy background: 16 px horizontal bands of contrasting colours (a shelf), a face in its upper middle. */
function busyPortrait() {
  const W = 900, H = 1200;
  const photo = createCanvas(W, H);
  const c = photo.getContext('2d');
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let y = 0; y < H; y += 16) {
    const light = (y / 16) % 2 === 0;
    c.fillStyle = `rgb(${Math.round((light ? 170 : 30) + rnd() * 80)},${Math.round((light ? 160 : 25) + rnd() * 80)},${Math.round((light ? 140 : 20) + rnd() * 80)})`;
    c.fillRect(0, y, W, 16);
  }
  c.fillStyle = '#E0B090';
  c.beginPath();
  c.ellipse(450, 450, 130, 170, 0, 0, Math.PI * 2);
  c.fill();
  const landmarks = Array.from({ length: 68 }, (_, i): [number, number] => [330 + ((i * 37) % 240), 300 + ((i * 53) % 300)]);
  const rig: PhotoRig = { width: W, height: H, landmarks, face: { x: 320, y: 280, width: 260, height: 340 } };
  return { photo, rig };
}

const luma = (d: Uint8ClampedArray, i: number) => 0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!;

describe('a photo presenter\'s still in a box wider than the photo', () => {
  it('#105: no seam where the photo\'s sides meet their ground — the still opaque, and no column-to-column step near the photo\'s edges over a third of the photo\'s own band contrast per 10 px (fails before: 117 720 pixels not opaque, a step of 30 per px)', () => {
    const { photo, rig } = busyPortrait();
    const width = 1920, height = 1080;
    const crop = framePhoto(rig, width, height);
    const s = width / crop.w;
    const left = -crop.x * s;
    const right = left + rig.width * s;
    assert.ok(left > 200 && right < width - 200, `the photo (${left.toFixed(0)}-${right.toFixed(0)}) narrower than the box (the case)`);
    const still = renderPhotoStill(photo as never, rig, width, height);
    const d = still.getContext('2d').getImageData(0, 0, width, height).data;
    let transparent = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i]! < 250) transparent++;
    assert.equal(transparent, 0, `${transparent} pixels of the still not opaque`);
    // The photo's bands change only from row to row: inside it no column differs from the next, so
    // a column step near its edges is the seam. Per column pair, the mean over rows of the step.
    const step = (x: number) => {
      let sum = 0;
      for (let y = 0; y < height; y++) sum += Math.abs(luma(d, (y * width + x + 1) * 4) - luma(d, (y * width + x) * 4));
      return sum / height;
    };
    // The photo's own contrast: the mean step between neighbouring bands, in the photo's rows.
    const pd = photo.getContext('2d').getImageData(0, 0, rig.width, rig.height).data;
    let contrast = 0;
    for (let y = 8; y + 16 < rig.height; y += 16) contrast += Math.abs(luma(pd, ((y + 16) * rig.width + 5) * 4) - luma(pd, (y * rig.width + 5) * 4));
    contrast /= Math.floor((rig.height - 24) / 16);
    const band = Math.round(width * 0.15);
    let worst = 0;
    for (const edge of [left, right]) for (let x = Math.round(edge) - band; x < Math.round(edge) + band; x++) worst = Math.max(worst, step(x));
    const bound = contrast / 30;
    assert.ok(worst <= bound, `the largest step near the photo's edges ${worst.toFixed(2)} per px (bound ${bound.toFixed(2)}: a third of the band contrast ${contrast.toFixed(0)} over 10 px)`);
  });
});
