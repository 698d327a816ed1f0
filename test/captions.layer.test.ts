import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { buildCaptions, type Captions } from '../src/pipeline/captions/index.ts';
import { CaptionLayer, captionPlacer } from '../src/pipeline/render/caption-layer.ts';
import { registerFonts } from '../src/pipeline/render/fonts.ts';
import { STYLE_DEFS } from '../src/pipeline/templates/styles.ts';
import type { Box } from '../src/pipeline/templates/types.ts';

registerFonts();

const W = 900;
const H = 400;
const box: Box = { x: 50, y: 100, w: 800, h: 200 };
const styleOf = (name: string) => ({ ...STYLE_DEFS.find((s) => s.name === name)!, text: { ...STYLE_DEFS.find((s) => s.name === name)!.text, uppercase: false } });

function captionsOf(language: string, text: string, words: string[]): Captions {
  const timed = words.map((w, i) => ({ text: w, startMs: 100 + i * 400, endMs: 100 + i * 400 + 350, sentence: 0 }));
  return buildCaptions(timed, { language, maxUnits: 40, sentences: [{ text }] });
}

/** Draws the layer at tMs on black; returns the RGBA pixels. */
function frame(caps: Captions, styleName: string, tMs: number): Uint8ClampedArray {
  const c = createCanvas(W, H);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, W, H);
  new CaptionLayer(caps, box, styleOf(styleName)).draw(ctx, tMs);
  return ctx.getImageData(0, 0, W, H).data;
}

/** Top and bottom ink rows (brightness > 128) within columns [x0, x1). */
function inkRows(px: Uint8ClampedArray, x0: number, x1: number): { top: number; bottom: number } {
  let top = H;
  let bottom = -1;
  for (let y = 0; y < H; y++)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(W, Math.ceil(x1)); x++) {
      const i = (y * W + x) * 4;
      if (px[i]! + px[i + 1]! + px[i + 2]! > 384) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  return { top, bottom };
}

describe('caption layer', () => {
  it('sets every word of a line on one baseline: x-height letters of "ox" and "gy" top out on the same row', () => {
    // Lit word first, so the two compared words are drawn from the page sprite the same way.
    const caps = captionsOf('english', 'Now ox gy', ['Now', 'ox', 'gy']);
    const style = styleOf('Clean Minimal');
    const placed = captionPlacer(caps, box, style)(caps.pages[0]!);
    const runs = placed.lines[0]!.runs;
    assert.equal(new Set(runs.map((r) => r.y)).size, 1, 'one baseline in the placement');
    const px = frame(caps, 'Clean Minimal', 150);
    const ox = inkRows(px, runs[1]!.x + 2, runs[1]!.x + runs[1]!.width - 2);
    const gy = inkRows(px, runs[2]!.x + 2, runs[2]!.x + runs[2]!.width - 2);
    assert.ok(Math.abs(ox.top - gy.top) <= 1, `ox top ${ox.top}, gy top ${gy.top}`);
    assert.ok(gy.bottom > ox.bottom + 5, 'the descender of gy goes below the baseline');
  });

  it('draws the lit word once: during the pop no plain copy shows around it (Luxury Dark)', () => {
    const caps = captionsOf('english', 'Meet the glowing lamp', ['Meet', 'the', 'glowing', 'lamp']);
    const tok = caps.pages[0]!.lines[0]!.tokens[2]!;
    const run = captionPlacer(caps, box, styleOf('Luxury Dark'))(caps.pages[0]!).lines[0]!.runs.find((r) => r.token === 2)!;
    const style = styleOf('Luxury Dark');
    const plain = [0xf4, 0xeb, 0xd6];
    const countPlain = (px: Uint8ClampedArray) => {
      let n = 0;
      for (let y = box.y; y < box.y + box.h; y++)
        for (let x = Math.floor(run.x) - 4; x < run.x + run.width + 4; x++) {
          const i = (y * W + x) * 4;
          if (Math.abs(px[i]! - plain[0]!) + Math.abs(px[i + 1]! - plain[1]!) + Math.abs(px[i + 2]! - plain[2]!) < 40) n++;
        }
      return n;
    };
    assert.equal(style.palette.captionText.toLowerCase(), '#f4ebd6');
    const before = countPlain(frame(caps, 'Luxury Dark', tok.startMs - 5));
    assert.ok(before > 100, `the word is drawn plain before it is spoken (${before} px)`);
    for (const dt of [0, 15, 40, 80, 200]) assert.equal(countPlain(frame(caps, 'Luxury Dark', tok.startMs + dt)), 0, `+${dt} ms`);
  });

  it('lights each piece of a word the bidi order set apart, not the words between (pill)', () => {
    const text = 'مصباح Aurora Desk Lamp، الجديد';
    const caps = buildCaptions(text.split(' ').map((w, i) => ({ text: w, startMs: 100 + i * 400, endMs: 100 + i * 400 + 350, sentence: 0 })), { language: 'arabic', maxUnits: 40, sentences: [{ text }], protectedSpans: ['Aurora Desk Lamp'] });
    const style = styleOf('Bold Pop');
    const line = captionPlacer(caps, box, style)(caps.pages[0]!).lines[0]!;
    const lamp = line.runs.filter((r) => r.token === 3);
    assert.equal(lamp.length, 2, 'Lamp and its Arabic comma are two runs');
    const desk = line.runs.find((r) => r.text === 'Desk')!;
    assert.ok(lamp.some((r) => r.x > desk.x) && lamp.some((r) => r.x < desk.x), 'the two pieces lie on both sides of Desk');
    const px = frame(caps, 'Bold Pop', caps.pages[0]!.lines[0]!.tokens[3]!.startMs + 300);
    const hi = [1, 3, 5].map((k) => parseInt(style.palette.highlight.slice(k, k + 2), 16));
    let n = 0;
    for (let y = Math.floor(line.top); y < line.bottom; y++)
      for (let x = Math.ceil(desk.x) + 2; x < desk.x + desk.width - 2; x++) {
        const i = (y * W + x) * 4;
        if (Math.abs(px[i]! - hi[0]!) + Math.abs(px[i + 1]! - hi[1]!) + Math.abs(px[i + 2]! - hi[2]!) < 30) n++;
      }
    assert.equal(n, 0, 'no highlight colour over Desk');
  });

  it('keeps a Latin name left to right inside an Arabic line (bidi-js order, not reversed)', () => {
    const caps = captionsOf('arabic', 'مصباح Aurora Desk Lamp الجديد', ['مصباح', 'Aurora', 'Desk', 'Lamp', 'الجديد']);
    const runs = captionPlacer(caps, box, styleOf('Clean Minimal'))(caps.pages[0]!).lines[0]!.runs;
    const x = (t: string) => runs.find((r) => r.text === t)!.x;
    assert.ok(x('Aurora') < x('Desk') && x('Desk') < x('Lamp'), 'Latin words left to right');
    assert.ok(x('مصباح') > x('Lamp') && x('الجديد') < x('Aurora'), 'the Arabic words right to left around them');
    // A price after an Arabic word is inserted data: isolated, it reads "49.90 US$", not "$US 49.90".
    const price = buildCaptions([{ text: 'بسعر', startMs: 0, endMs: 300, sentence: 0 }], { language: 'arabic', maxUnits: 40, sentences: [{ text: 'بسعر 49.90 US$.' }], protectedSpans: ['49.90 US$'] });
    const pr = captionPlacer(price, box, styleOf('Clean Minimal'))(price.pages[0]!).lines[0]!.runs;
    assert.deepEqual(pr.map((r) => r.text), ['.', '49.90', 'US$', 'بسعر']);
    // Pixels agree: the first Arabic word is drawn at the right end of the line.
    const px = frame(caps, 'Clean Minimal', 150);
    assert.ok(inkRows(px, x('مصباح'), x('مصباح') + 20).bottom > 0);
  });

  it('keeps a visible gap between outlined words: the outline does not eat the space ("just discovered", not "justdiscovered")', () => {
    const words = ['Look', 'what', 'I', 'just', 'discovered!'];
    const caps = captionsOf('english', words.join(' '), words);
    for (const name of ['Clean Minimal', 'Bold Pop', 'Tech Neon']) {
      const style = styleOf(name);
      const placed = captionPlacer(caps, box, style)(caps.pages[0]!);
      const c = createCanvas(W, H);
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#00FF00';
      ctx.fillRect(0, 0, W, H);
      new CaptionLayer(caps, box, style).draw(ctx, 150);
      const px = ctx.getImageData(0, 0, W, H).data;
      const line = placed.lines.find((l) => l.runs.some((r) => r.text === 'just'))!;
      const a = line.runs.find((r) => r.text === 'just')!;
      const b = line.runs[line.runs.indexOf(a) + 1]!;
      let clear = 0;
      for (let x = Math.floor(a.x + a.width / 2); x < Math.ceil(b.x + b.width / 2); x++) {
        let ink = false;
        for (let y = Math.floor(line.top); y < Math.ceil(line.bottom) && !ink; y++) {
          const i = (y * W + x) * 4;
          ink = !(px[i]! < 40 && px[i + 1]! > 215 && px[i + 2]! < 40);
        }
        if (!ink) clear++;
      }
      // A word space is about a quarter of the size; 0.17 of it is all the outline used to leave.
      assert.ok(clear >= placed.size * 0.25, `${name}: ${clear} clear columns between "just" and "${b.text}" at size ${placed.size.toFixed(0)}`);
    }
  });
});
