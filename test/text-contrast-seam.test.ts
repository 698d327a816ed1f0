/**
 * bench:quality's legibility check on a caption line whose ground is two flat bands one above the
 * other (bench #17: Clean Minimal 16:9, the presenter's grey wall meeting the floor behind the line;
 * docs/rendering.md "Every text readable"): each band judged on its own ground.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { colord } from 'colord';
import { textContrast, type Frame } from '../bench/quality/text-contrast.ts';

/** Stems 2 px wide every 12 px (a bar across every other), a 1 px rim, over a wall (rows 0-5) and a floor. */
function twoTone(fill: string, rim: string): Frame {
  const w = 160;
  const h = 16;
  const rgb = new Uint8Array(w * h * 3);
  const put = (x: number, y: number, c: string) => {
    const { r, g, b } = colord(c).toRgb();
    rgb.set([r, g, b], (y * w + x) * 3);
  };
  const ink = new Uint8Array(w * h);
  for (let x0 = 4; x0 < w - 6; x0 += 12) {
    for (let y = 2; y <= 12; y++) ink[y * w + x0] = ink[y * w + x0 + 1] = 1;
    if (((x0 - 4) / 12) % 2 < 1) for (let dx = 0; dx < 5; dx++) ink[7 * w + x0 + dx] = 1;
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const near = [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => ink[(y + dy!) * w + x + dx!]);
      put(x, y, ink[y * w + x] ? fill : near ? rim : y < 6 ? '#d9dde2' : '#c0c2c7');
    }
  return { width: w, height: h, rgb };
}

describe('legibility: a caption line across a wall and a floor', () => {
  it('bench #17 at 1.5 s (the rendered crop): the dark words in their thin white rim read on both greys (fails before: the wall taken for the letters, 1.5:1)', async () => {
    const { data, info } = await sharp('test/fixtures/legibility/seam-17.png').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // The line's box and its lit word's box ("reasons.", left out) as legibility.ts textElementsAt gave them, in the crop's pixels.
    const m = textContrast({ width: info.width, height: info.height, rgb: new Uint8Array(data) }, { x: 7.17, y: 6.4, w: 155.37, h: 17 }, [{ x: 101.25, y: -1.08, w: 67.27, h: 31.97 }]);
    assert.equal(m.fill, 'darker');
    assert.ok(m.contrast! >= 3 / 0.85, `${m.contrast}`);
  });
  it('white words in a dark rim on the same two greys still fail (the check is not loosened), dark ones pass', () => {
    const white = textContrast(twoTone('#FFFFFF', '#111111'), { x: 0, y: 0, w: 160, h: 16 });
    assert.equal(white.fill, 'lighter');
    assert.ok(white.contrast! < 2, `${white.contrast}`);
    const dark = textContrast(twoTone('#111111', '#FFFFFF'), { x: 0, y: 0, w: 160, h: 16 });
    assert.ok(dark.contrast! >= 4.5, `${dark.contrast}`);
  });
});
