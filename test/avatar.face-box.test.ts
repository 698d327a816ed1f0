import assert from 'node:assert/strict';
import { test } from 'node:test';
import { faceBoxFromLandmarks, rectsOverlap, type LandmarkPt } from '../src/pipeline/avatar/face-box.ts';

/** 68 points: a jaw arc from (100,200) to (300,200) through the chin (200,400), brows at y 150-160, the rest inside. */
function face(): LandmarkPt[] {
  const pts: LandmarkPt[] = [];
  for (let i = 0; i <= 16; i++) {
    const a = Math.PI * (i / 16);
    pts.push([200 - 100 * Math.cos(a), 200 + 200 * Math.sin(a)]);
  }
  for (let i = 17; i <= 26; i++) pts.push([120 + (i - 17) * 18, i === 21 || i === 22 ? 150 : 160]);
  while (pts.length < 68) pts.push([200, 300]);
  return pts;
}

test('the face box runs from the brows to the chin across the jaw, padded by 10 % on each side', () => {
  const box = faceBoxFromLandmarks(face());
  // inner: x 100..300, y 150..400 → pad 20 px across, 25 px down
  assert.ok(Math.abs(box.x - 80) < 1e-9 && Math.abs(box.width - 240) < 1e-9, JSON.stringify(box));
  assert.ok(Math.abs(box.y - 125) < 1e-9 && Math.abs(box.height - 300) < 1e-9, JSON.stringify(box));
});

test('inner points (eyes, nose, mouth) do not widen the box; fewer than 68 points is an error', () => {
  const pts = face();
  pts[40] = [0, 0];
  assert.deepEqual(faceBoxFromLandmarks(pts), faceBoxFromLandmarks(face()));
  assert.throws(() => faceBoxFromLandmarks(face().slice(0, 60)), /68 landmarks/);
});

test('boxes overlap only when they share area', () => {
  const a = { x: 0, y: 0, width: 10, height: 10 };
  assert.equal(rectsOverlap(a, { x: 9, y: 9, width: 5, height: 5 }), true);
  assert.equal(rectsOverlap(a, { x: 10, y: 0, width: 5, height: 5 }), false);
  assert.equal(rectsOverlap(a, { x: 0, y: 10, width: 5, height: 5 }), false);
});
