import fs from 'node:fs';
import { greyFrames, jawEdge } from '../test/support/mouth-measure.ts';
const W = 360, H = 640;
const { landmarks } = JSON.parse(fs.readFileSync('/tmp/lipsync-before/cache-360x640/landmarks.json', 'utf8'));
const src = greyFrames('/tmp/lipsync-before/cache-360x640/clip.mp4', W, H);
for (const d of process.argv.slice(2)) {
  const out = greyFrames(`/tmp/${d}/render/video.mp4`, W, H);
  const r: number[] = []; let dbl = 0;
  out.forEach((o, f) => { const e = jawEdge(o, src[f % src.length]!, W, H, landmarks[f % src.length]); r.push(e.ratio); if (e.double) dbl++; });
  r.sort((a, b) => a - b);
  console.log(d, 'median', r[r.length >> 1]!.toFixed(2), 'p10', r[Math.floor(r.length * 0.1)]!.toFixed(2), 'min', r[0]!.toFixed(2), 'double', dbl);
}
