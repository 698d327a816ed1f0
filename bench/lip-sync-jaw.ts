/**
 * node --import tsx bench/lip-sync-jaw.ts OUTDIR [--aspect 0|1] — lip-sync's jaw and mouth, measured
 * and shown (docs/avatars.md "Lip-sync of a whole video"): bench:quality cell 114's clip (9:16,
 * 360 × 640; `--aspect 1` cell 115's 640 × 360) lip-synced by the stage itself
 * (test/support/lip-sync-jaw.ts; the clip, landmarks and speech cached in OUTDIR). Prints the jaw
 * edge (strength against the clip's frame, frames with a second edge), the mouth's dark pixels
 * (range, largest share of the mouth's width squared) and their r with the speech's openness.
 * Writes OUTDIR/strip-WxH.png: 16 consecutive frames (from JAW_FROM, default 20) cropped round the
 * mouth and jaw (1.1 face heights wide, shown 180 px wide), the clip's frame above, the lip-sync below.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { lipSyncJawRun } from '../test/support/lip-sync-jaw.ts';

const outDir = process.argv[2] ?? '/tmp/lip-sync-jaw';
const aspect = process.argv.includes('--aspect') ? Number(process.argv[process.argv.indexOf('--aspect') + 1]) : 0;
const [W, H] = aspect === 1 ? [640, 360] : [360, 640];
const SHOWN = 16, FROM = Number(process.env.JAW_FROM ?? 20);
const t0 = Date.now();
const bare = process.argv.includes('--sway');
const run = await lipSyncJawRun(W, H, path.join(outDir, `cache-${W}x${H}${bare ? '-sway' : ''}`), path.join(outDir, `render-${W}x${H}`), bare ? { cover: false, seconds: 4 } : {});
const sorted = [...run.jawRatio].sort((a, b) => a - b);
console.log(`${W}x${H}: ${run.frames} frames in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`jaw edge strength vs the clip: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)}, 10th pct ${sorted[Math.floor(sorted.length * 0.1)]!.toFixed(2)}; double edge in ${run.doubleEdges}/${run.jawRatio.length} frames`);
console.log(`mouth dark px: min ${Math.min(...run.dark)}, max ${Math.max(...run.dark)} (share ${run.darkShare.toFixed(3)}); r with the speech's openness ${run.r.toFixed(2)} (at the true landmarks ${run.rTruth.toFixed(2)})`);

const rgbOf = (file: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 1 << 30 });
const rgbOut = rgbOf(run.videoPath), rgbSrc = rgbOf(run.clipPath);
const N = run.landmarks.length;
const TW = 180, TH = 160, tiles: OverlayOptions[] = [];
for (let k = 0; k < SHOWN; k++) {
  const f = FROM + k;
  const lm = run.landmarks[f % N]!;
  const faceH = Math.hypot(lm[8]![0] - lm[27]![0], lm[8]![1] - lm[27]![1]);
  const CW = Math.min(W, Math.round(faceH * 1.1)), CH = Math.min(H, Math.round((CW * TH) / TW));
  const cx = (lm[48]![0] + lm[54]![0]) / 2, cy = (lm[51]![1] + lm[8]![1]) / 2;
  const left = Math.round(Math.min(W - CW, Math.max(0, cx - CW / 2))), top = Math.round(Math.min(H - CH, Math.max(0, cy - CH / 2)));
  for (const [row, rgb, i] of [[0, rgbSrc, f % N], [1, rgbOut, f]] as const) {
    const img = sharp(rgb.subarray(i * W * H * 3, (i + 1) * W * H * 3), { raw: { width: W, height: H, channels: 3 } }).extract({ left, top, width: CW, height: CH });
    tiles.push({ input: await img.resize(TW, TH).png().toBuffer(), left: k * TW, top: row * TH });
  }
}
const strip = path.join(outDir, `strip-${W}x${H}.png`);
await sharp({ create: { width: TW * SHOWN, height: TH * 2, channels: 3, background: '#000' } }).composite(tiles).png().toFile(strip);
console.log(`${strip}: frames ${FROM}-${FROM + SHOWN - 1}, clip above, lip-sync below`);
