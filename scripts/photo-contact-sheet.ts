// Renders a contact sheet of the photo presenter talking (docs/avatars.md): the test portrait cut
// from face-api's sample1, rest / open vowels / rounded / closure / blink. Run:
// node --import tsx scripts/photo-contact-sheet.ts docs/images/photo-presenter.png
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { writeFileSync } from 'node:fs';
import { NEUTRAL_POSE, type AvatarPose } from '../src/pipeline/avatar/index.ts';
import { faceTask } from '../src/pipeline/avatar/photo/face.task.ts';
import { createPhotoPainter } from '../src/pipeline/avatar/photo/photo.painter.ts';
import { portraitPhoto } from '../test/support/face-photos.ts';

const out = process.argv[2] ?? 'photo-presenter.png';
const bytes = await portraitPhoto();
const verdict = await faceTask({ image: bytes });
if (!verdict.ok) throw new Error(verdict.reason);
const painter = createPhotoPainter(await loadImage(bytes), verdict.rig, { width: 360, height: 480 });
const poses: Array<[string, Partial<AvatarPose>]> = [
  ['rest', {}],
  ['B', { viseme: 'B', mouthOpen: 0.2 }],
  ['C', { viseme: 'C', mouthOpen: 0.55 }],
  ['D', { viseme: 'D', mouthOpen: 0.85 }],
  ['E', { viseme: 'E', mouthOpen: 0.55 }],
  ['F', { viseme: 'F', mouthOpen: 0.3 }],
  ['blink', { blink: 1 }],
  ['tilt', { headTiltDeg: 3, headOffsetX: 0.02, viseme: 'C', mouthOpen: 0.5 }],
];
const cell = { w: 180, h: 200 };
const sheet = createCanvas(cell.w * 5, cell.h * 2);
const sctx = sheet.getContext('2d');
const frame = createCanvas(painter.width, painter.height);
const fctx = frame.getContext('2d');
const m = painter.warpBounds;
poses.forEach(([label, pose], k) => {
  painter.draw(fctx, { ...NEUTRAL_POSE, ...pose }, 0, 0);
  const cx = (k % 4) * cell.w + cell.w;
  const cy = Math.floor(k / 4) * cell.h;
  // The face, cropped to the warp's bounds' middle.
  const side = Math.min(m.width, m.height) * 0.62;
  const fx = m.x + m.width / 2 - side / 2;
  const fy = m.y + m.height / 2 - side / 2;
  sctx.drawImage(frame, fx, fy, side, side * (cell.h - 20) / cell.w, cx, cy, cell.w, cell.h - 20);
  sctx.fillStyle = '#111';
  sctx.fillRect(cx, cy + cell.h - 20, cell.w, 20);
  sctx.fillStyle = '#fff';
  sctx.font = '13px sans-serif';
  sctx.fillText(label, cx + 6, cy + cell.h - 6);
});
// First column: the whole box at rest (the person cut out over the backdrop), and the photo.
painter.draw(fctx, NEUTRAL_POSE, 0, 0);
sctx.drawImage(frame, 0, 0, painter.width, painter.height, 0, 0, cell.w, cell.w * painter.height / painter.width);
const original = await loadImage(bytes);
sctx.drawImage(original, 0, cell.h + 0, cell.w, Math.min(cell.h, cell.w * original.height / original.width));
writeFileSync(out, sheet.toBuffer('image/png'));
console.log(`wrote ${out}`);
