/**
 * bench:quality's pixel contrast check (bench/quality/text-contrast.ts) on synthetic frames: dark
 * letters on a light ground read at their contrast, and what is left of a box beside the lit
 * word's pill (a sliver holding a letter's edge) is not judged (bench #20, a Thai caption line at a
 * quarter size read 1.5:1 from three columns beside the pill).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { boxContrast, luminance, ratio, textContrast, type Frame } from '../bench/quality/text-contrast.ts';

const W = 120;
const H = 24;
const GROUND = 235;
const INK = 40;
/** A light line with dark 2 px strokes every 5 px, a mid-grey antialiased edge in columns 1-2. */
function line(): Frame {
  const rgb = new Uint8Array(W * H * 3).fill(GROUND);
  const set = (x: number, y: number, v: number) => rgb.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
  for (let y = 6; y < 18; y++) {
    for (let x = 5; x < W; x += 5) {
      set(x, y, INK);
      set(x + 1, y, INK);
    }
    set(1, y, 170);
    set(2, y, 150);
  }
  return { width: W, height: H, rgb };
}
const truth = ratio(luminance(INK, INK, INK), luminance(GROUND, GROUND, GROUND));

describe('text contrast measured from pixels', () => {
  it('reads dark letters on a light ground at about their contrast', () => {
    const m = boxContrast(line(), { x: 0, y: 0, w: W, h: H });
    assert.equal(m.fill, 'darker');
    assert.ok(m.contrast! > truth * 0.8, `${m.contrast} against ${truth}`);
  });

  it('does not judge the sliver left beside a skipped pill', () => {
    const f = line();
    const pill = { x: 3, y: 0, w: 80, h: H };
    // The first piece keeps columns 0-2 only: the letter's grey edge, no letters on ground.
    const sliver = boxContrast(f, { x: 0, y: 0, w: 40, h: H }, [pill]);
    assert.equal(sliver.contrast, null, `a 3-column sliver judged at ${sliver.contrast}:1`);
    // The rest of the line (columns 83-119) is still measured, so the line reads at its contrast.
    const whole = textContrast(f, { x: 0, y: 0, w: W, h: H }, [pill]);
    assert.ok(whole.contrast! > truth * 0.8, `line read at ${whole.contrast} against ${truth}`);
  });

  it('bench #20 at 3.5 s (the rendered crop): a Thai line whose top rows graze the lavender field reads on its pale ground (fails before: 1.7:1)', async () => {
    const { data, info } = await sharp('test/fixtures/legibility/edge-20.png').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // The line's box and its lit word's box as legibility.ts textElementsAt gave them, less the crop's origin (30, 184).
    const m = textContrast({ width: info.width, height: info.height, rgb: new Uint8Array(data) }, { x: 10.96, y: 17.3, w: 188.08, h: 24 }, [{ x: 37.84, y: 6.6, w: 91.78, h: 45.38 }]);
    assert.equal(m.fill, 'darker', `the ${m.fill} group read as the letters`);
    assert.ok(m.contrast! >= 3 / 0.85, `${m.contrast}`);
  });
});
