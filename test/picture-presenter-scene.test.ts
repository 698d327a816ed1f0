/**
 * Issue 27, bench:quality #107 (template 5 in 9:16, a photo presenter): the photo framed to the
 * painter's box stood low-left in the frame, a blur of its edge strips above it (20 % of the
 * height) and seamed to its right edge (docs/rendering.md "A photo presenter's scene"). Now the
 * band above a picture presenter is a header field (picture-header.ts), and the panel beside the
 * box shows the photo itself continued (drawPhotoScene). The title stays on the header until the
 * price takes it (place-text.ts `cardless`, `titleField`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { paintAvatarScene } from '../src/pipeline/render/avatar-adapter.ts';
import { presenterPlacement } from '../src/pipeline/timeline/presenter.ts';
import { timelineCoverage } from '../src/pipeline/timeline/coverage.ts';
import { mediaFaceViolations } from '../src/pipeline/timeline/media-face.ts';
import type { PhotoRig } from '../src/pipeline/avatar/photo/photo.rig.ts';
import { framePhoto } from '../src/pipeline/avatar/photo/index.ts';
import { cell107 } from './support/cell107.ts';

describe('a photo presenter\'s scene', () => {
  it('#107: every band of the panel above or below the photo presenter\'s box (over 5 % of its height) is a field, full width, from the panel\'s edge to the photo\'s edge; a title starting on the header stays on it (fails before: no shape, the bands the photo\'s blurred edges)', async () => {
    const t = await cell107(1);
    const p = t.presenter!;
    const pl = presenterPlacement(p);
    const bands = [
      { y: p.panel.y, h: pl.y - p.panel.y },
      { y: pl.y + pl.height, h: p.panel.y + p.panel.h - (pl.y + pl.height) },
    ].filter((b) => b.h >= 0.05 * p.panel.h);
    assert.ok(bands.length > 0, 'a band above or below the photo (the case)');
    for (const b of bands) {
      const field = t.shapes.find((s) => s.role === 'field' && Math.abs(s.box.y - b.y) < 0.5 && Math.abs(s.box.h - b.h) < 0.5);
      assert.ok(field, `a field over rows ${Math.round(b.y)}-${Math.round(b.y + b.h)}`);
      assert.deepEqual([field.box.x, field.box.w], [p.panel.x, p.panel.w]);
    }
    const header = t.shapes.find((s) => s.role === 'field' && s.box.y === p.panel.y);
    const name = t.overlays.find((o) => o.slot === 'name')!;
    if (header && name.box.y < header.box.y + header.box.h) assert.ok(name.box.y + name.box.h <= header.box.y + header.box.h, 'the title on the header');
    assert.deepEqual(timelineCoverage(t).violations, []);
    assert.deepEqual(mediaFaceViolations(t), []);
    // A drawn presenter stands in its own drawn room: no field.
    const drawn = await cell107(0.25, null);
    assert.equal(drawn.shapes.some((s) => s.role === 'field'), false);
  });

  it('#107: the header holds a text in every frame after 0.5 s — the title stays on it through the sentences with no card, until the price and the call to action take it (fails before: bare from the title\'s exit, 3.3 s, to the price, 11.3 s)', async () => {
    const t = await cell107(1);
    const header = t.shapes.find((s) => s.role === 'field' && s.box.y === t.presenter!.panel.y)!;
    assert.ok(header, 'a header (the case)');
    const on = (b: { y: number; h: number }) => b.y < header.box.y + header.box.h && b.y + b.h > header.box.y;
    const bare: number[] = [];
    for (let ms = 500; ms < t.durationMs; ms += 100) if (!t.overlays.some((o) => o.startMs <= ms && ms < o.endMs && on(o.box))) bare.push(ms);
    assert.deepEqual(bare, [], `the header bare at ${bare.length ? `${bare[0]}-${bare[bare.length - 1]} ms` : ''}`);
    // The title leaves as the price comes in: never both on the header.
    const name = t.overlays.filter((o) => o.slot === 'name');
    const price = t.overlays.find((o) => o.slot === 'price')!;
    assert.ok(name.every((o) => o.endMs <= price.startMs), 'the title gone when the price comes');
  });

  it('the panel beside the painter\'s box shows the photo itself at the box\'s framing, not its edges blurred (fails before: a blur of the edge strips)', () => {
    // A 900 × 1200 photo of 30 px colour stripes, the face in its upper middle.
    const W = 900, H = 1200;
    const photo = createCanvas(W, H);
    const pc = photo.getContext('2d');
    for (let x = 0; x < W; x += 30) {
      pc.fillStyle = (x / 30) % 2 ? '#D03020' : '#2040C0';
      pc.fillRect(x, 0, 30, H);
    }
    const landmarks = Array.from({ length: 68 }, (_, i): [number, number] => [300 + ((i * 37) % 300), 250 + ((i * 53) % 380)]);
    const rig: PhotoRig = { width: W, height: H, landmarks, face: { x: 330, y: 300, width: 240, height: 300 } };
    const frame = { w: 1080, h: 1920 };
    const figure = { x: -178, y: 393, width: 888, height: 1480 };
    const scene = createCanvas(frame.w, frame.h);
    const ctx = scene.getContext('2d');
    paintAvatarScene(ctx, { kind: 'photo', photo: photo as never, rig }, frame.w, frame.h, figure);
    const px = ctx.getImageData(0, 0, frame.w, frame.h).data;
    // The painter's framing (framePhoto): the photo's pixel under a frame pixel.
    const crop = framePhoto(rig, figure.width, figure.height);
    const k = figure.width / crop.w;
    const photoX = (x: number) => (x - figure.x) / k + crop.x;
    const photoRight = figure.x + (W - crop.x) * k;
    assert.ok(photoRight > figure.x + figure.width + 100, 'the photo reaches past the box (the case)');
    const at = (x: number, y: number) => [px[(y * frame.w + x) * 4]!, px[(y * frame.w + x) * 4 + 1]!, px[(y * frame.w + x) * 4 + 2]!];
    // Right of the box, on a row through it: each pixel the photo's own stripe colour there (away
    // from a stripe's edge); the blur of the edge strips before mixed them into one flat colour.
    const y = 1100;
    let same = 0, all = 0;
    for (let x = Math.ceil(figure.x + figure.width) + 2; x < Math.min(frame.w, photoRight - 2); x++) {
      const u = photoX(x) % 30;
      if (u < 2 || u > 28) continue;
      const want = Math.floor(photoX(x) / 30) % 2 ? [0xd0, 0x30, 0x20] : [0x20, 0x40, 0xc0];
      const got = at(x, y);
      all++;
      if (got.every((c, i) => Math.abs(c - want[i]!) < 24)) same++;
    }
    assert.ok(all > 60, `${all} pixels checked`);
    assert.ok(same / all > 0.95, `${((100 * same) / all).toFixed(0)} % of the pixels right of the box are the photo's own`);
  });
});
