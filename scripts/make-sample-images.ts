// Draws the bundled sample product photos (samples/shop/img/*.jpg) so the demo needs no download.
// Run once: node --import tsx scripts/make-sample-images.ts (the outputs are committed).
import fs from 'node:fs';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

function lamp(ctx: SKRSContext2D, cx: number, baseY: number, scale: number, glow: boolean) {
  ctx.save();
  ctx.translate(cx, baseY);
  ctx.scale(scale, scale);
  if (glow) {
    const g = ctx.createRadialGradient(120, -330, 10, 120, -330, 420);
    g.addColorStop(0, 'rgba(255,214,140,0.85)');
    g.addColorStop(1, 'rgba(255,214,140,0)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(120, -330, 420, 0, Math.PI * 2);
    ctx.fill();
  }
  // base
  const base = ctx.createLinearGradient(-110, 0, 110, 0);
  base.addColorStop(0, '#2b2f36');
  base.addColorStop(0.5, '#596273');
  base.addColorStop(1, '#23262c');
  ctx.fillStyle = base;
  ctx.beginPath();
  ctx.ellipse(0, -18, 120, 26, 0, 0, Math.PI * 2);
  ctx.fill();
  // arm
  ctx.strokeStyle = '#3a4050';
  ctx.lineWidth = 18;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(0, -30);
  ctx.lineTo(-30, -300);
  ctx.lineTo(110, -420);
  ctx.stroke();
  ctx.fillStyle = '#c9a25a';
  for (const [x, y] of [[0, -30], [-30, -300], [110, -420]] as const) {
    ctx.beginPath();
    ctx.arc(x, y, 16, 0, Math.PI * 2);
    ctx.fill();
  }
  // shade
  const shade = ctx.createLinearGradient(60, -470, 220, -330);
  shade.addColorStop(0, '#e9eef5');
  shade.addColorStop(1, '#9aa6b8');
  ctx.fillStyle = shade;
  ctx.beginPath();
  ctx.moveTo(80, -450);
  ctx.lineTo(150, -470);
  ctx.lineTo(250, -330);
  ctx.quadraticCurveTo(170, -290, 60, -330);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = glow ? '#fff3d6' : '#f4f6f8';
  ctx.beginPath();
  ctx.ellipse(155, -312, 92, 20, -0.35, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function photo(name: string, draw: (ctx: SKRSContext2D, w: number, h: number) => void) {
  const w = 1200;
  const h = 1200;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  draw(ctx, w, h);
  fs.writeFileSync(`samples/shop/img/${name}.jpg`, canvas.toBuffer('image/jpeg', 90));
}

photo('lamp-front', (ctx, w, h) => {
  const bg = ctx.createLinearGradient(0, 0, 0, h);
  bg.addColorStop(0, '#f7f4ef');
  bg.addColorStop(1, '#e4ded3');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = 'rgba(0,0,0,0.08)';
  ctx.beginPath();
  ctx.ellipse(w / 2, h * 0.86, 260, 40, 0, 0, Math.PI * 2);
  ctx.fill();
  lamp(ctx, w / 2 - 60, h * 0.86, 1.6, false);
});

photo('lamp-night', (ctx, w, h) => {
  const bg = ctx.createLinearGradient(0, 0, 0, h);
  bg.addColorStop(0, '#141a2a');
  bg.addColorStop(1, '#2a2233');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#3b2f2a';
  ctx.fillRect(0, h * 0.8, w, h * 0.2);
  lamp(ctx, w * 0.35, h * 0.8, 1.4, true);
  ctx.fillStyle = '#e8e0d0';
  ctx.fillRect(w * 0.55, h * 0.74, 300, 14);
  ctx.fillStyle = '#5a7bd8';
  ctx.fillRect(w * 0.58, h * 0.66, 220, 110);
});

photo('lamp-desk', (ctx, w, h) => {
  ctx.fillStyle = '#dfe9e4';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#b98b5e';
  ctx.fillRect(0, h * 0.72, w, h * 0.28);
  ctx.fillStyle = '#8fb9a8';
  ctx.beginPath();
  ctx.arc(w * 0.82, h * 0.5, 90, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#4f6d5f';
  ctx.fillRect(w * 0.8, h * 0.55, 20, 200);
  lamp(ctx, w * 0.4, h * 0.74, 1.3, true);
  ctx.fillStyle = '#fafafa';
  ctx.fillRect(w * 0.1, h * 0.69, 260, 20);
});
console.log('wrote samples/shop/img/*.jpg');
