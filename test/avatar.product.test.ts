import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { NEUTRAL_POSE } from '../src/pipeline/avatar/index.ts';
import { createHoldingPainter, cutOutProduct, descriptionFromWords, holdFor } from '../src/pipeline/avatar/product/index.ts';

const svgPng = (body: string, w = 200, h = 300) => sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`)).png().toBuffer();
const alphaAt = (c: { getContext(t: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } }, x: number, y: number) => c.getContext('2d').getImageData(x, y, 1, 1).data[3]!;

/** The product stage (src/pipeline/avatar/product): backdrops, holds, the holding painter. */
describe('product avatars: the product made ready and held', () => {
  it('removes a plain backdrop (keeping a white label inside the product), keeps transparency, keeps a busy photo whole as a card', async () => {
    const packshot = await cutOutProduct(await svgPng('<rect width="200" height="300" fill="#fff"/><rect x="50" y="40" width="100" height="220" fill="#1a8f3c"/><rect x="70" y="120" width="60" height="40" fill="#fff"/>'));
    assert.equal(packshot.background, 'removed');
    // Trimmed to the product (100 x 220), the label inside it still opaque.
    assert.deepEqual([packshot.image.width, packshot.image.height], [100, 220]);
    assert.equal(alphaAt(packshot.image, 50, 100), 255);
    const cutout = await cutOutProduct(await svgPng('<circle cx="100" cy="150" r="60" fill="#d01c8b"/>'));
    assert.equal(cutout.background, 'transparent');
    assert.deepEqual([cutout.image.width, cutout.image.height], [120, 120]);
    assert.equal(alphaAt(cutout.image, 2, 2), 0);
    const busy = await cutOutProduct(await svgPng('<rect width="100" height="300" fill="#345"/><rect x="100" width="100" height="300" fill="#c84"/><circle cx="100" cy="150" r="40" fill="#fff"/>'));
    assert.equal(busy.background, 'kept');
    assert.equal(alphaAt(busy.image, 100, 150), 255);
    // A plain swatch is the product itself, not a backdrop.
    assert.equal((await cutOutProduct(await svgPng('<rect width="200" height="300" fill="#d01c8b"/>'))).background, 'kept');
  });

  it('varies the hold per picture; prompt words pin the side and size', () => {
    assert.deepEqual([0, 1, 2, 3].map((i) => holdFor(i).side), ['right', 'left', 'right', 'left']);
    assert.equal(new Set([0, 1, 2, 3].map((i) => holdFor(i).scale)).size, 4);
    assert.ok([0, 1, 2, 3].every((i) => holdFor(i, 'in her LEFT hand').side === 'left'));
    assert.ok(holdFor(0, 'a big close-up').scale > holdFor(0).scale);
    assert.ok(holdFor(0, 'small').scale < holdFor(0).scale);
  });

  it('the holding painter draws the product in the hand on its side, in front of the body, inside the box', async () => {
    const product = (await cutOutProduct(await svgPng('<rect x="20" y="20" width="160" height="260" fill="rgb(230,20,200)"/>'))).image;
    for (const side of ['left', 'right'] as const) {
      const painter = createHoldingPainter(3, { width: 300, height: 500 }, { image: product, hold: { side, scale: 1, tiltDeg: 0, lift: 0 } });
      const canvas = createCanvas(300, 500);
      painter.draw(canvas.getContext('2d'), NEUTRAL_POSE, 0, 0);
      const px = canvas.getContext('2d').getImageData(0, 0, 300, 500).data;
      let left = 0, right = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i]! - 230) < 20 && px[i + 1]! < 40 && Math.abs(px[i + 2]! - 200) < 20) ((i / 4) % 300 < 150 ? left++ : right++);
      }
      const [near, far] = side === 'left' ? [left, right] : [right, left];
      assert.ok(near > 3000 && far < near / 4, `${side}: ${left} left, ${right} right`);
    }
  });

  it('reads gender, age group and outfit style from a description (defaults Female, Adult, Social)', () => {
    const d = (t: string) => { const r = descriptionFromWords(t); return [r.gender, r.age, r.avatarStyle]; };
    assert.deepEqual(d('an elderly man with a beard in a navy suit'), ['Male', 'Elderly', 'Professional']);
    assert.deepEqual(d('a young woman in a red hoodie'), ['Female', 'Young adult', 'Social']);
    assert.deepEqual(d('someone friendly'), ['Female', 'Adult', 'Social']);
    assert.equal(descriptionFromWords('curly red hair').appearance, 'curly red hair');
  });
});
