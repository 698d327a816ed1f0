/**
 * bench:quality's `legibility` check (docs/rendering.md "Every text readable"): every half second
 * of a rendered video, each text the timeline shows whole — a card, the title, the price, the call
 * to action (its pill), each caption line (the spoken word's highlight left out), the spoken word — is measured on
 * the decoded frame (text-contrast.ts) against the contrast its size needs (4.5 small, 3 large).
 * The frames come from the MP4 (x264 at CRF 24, often at a quarter size), whose smearing lowers a
 * thin letter's measured contrast: a text is flagged under `TOLERANCE` of what it needs.
 */
import { spawn } from 'node:child_process';
import { pageAt, activeToken } from '../../src/pipeline/captions/build.ts';
import { CAPTION_SIZE } from '../../src/pipeline/captions/place.ts';
import { captionPlacer } from '../../src/pipeline/render/caption-layer.ts';
import { overlaySprite } from '../../src/pipeline/render/text-sprites.ts';
import { isRtl } from '../../src/pipeline/captions/lang.ts';
import { LARGE_TEXT_CONTRAST, neededContrast } from '../../src/pipeline/templates/legibility.ts';
import type { Box } from '../../src/pipeline/templates/types.ts';
import { frameTimeMs } from '../../src/pipeline/timeline/build.ts';
import { OVERLAY_ENTER_MS, OVERLAY_EXIT_MS } from '../../src/pipeline/timeline/rules.ts';
import type { Timeline } from '../../src/pipeline/timeline/types.ts';
import { textContrast, type Frame } from './text-contrast.ts';

/** Measured contrast under this share of the need is a defect (the codec's and the scale's smearing). */
export const TOLERANCE = 0.85;
const EVERY_MS = 500;

export interface TextElement {
  id: string;
  box: Box;
  skip: Box[];
  need: number;
}

/** The texts shown whole at a time, with the box their letters are read in. */
export function textElementsAt(t: Timeline, ms: number, pills: Map<string, Box>): TextElement[] {
  const out: TextElement[] = [];
  for (const o of t.overlays) {
    if (ms < o.startMs + OVERLAY_ENTER_MS + 100 || ms >= o.endMs - OVERLAY_EXIT_MS) continue;
    const pill = pills.get(o.id);
    if (pill) out.push({ id: `${o.id} (${o.slot})`, box: pill, skip: [], need: neededContrast(o.fontPx, t.height) });
  }
  const page = t.captions ? pageAt(t.captions, ms) : null;
  if (t.captions && page) {
    const placed = captionPlacer(t.captions, t.captionsBox, t.style)(page);
    const at = activeToken(page, ms);
    const need = neededContrast((t.captionsBox.h / 2) * CAPTION_SIZE, t.height);
    const s = placed.size;
    placed.lines.forEach((line, li) => {
      if (line.runs.length === 0) return;
      const x0 = Math.min(...line.runs.map((r) => r.x));
      const x1 = Math.max(...line.runs.map((r) => r.x + r.width));
      const skip = line.runs.filter((r) => at && at.line === li && r.token === at.token).map((r) => ({ x: r.x - s * 0.6, y: line.top - s * 0.6, w: r.width + s * 1.2, h: line.bottom - line.top + s * 1.2 }));
      out.push({ id: `captions line ${li + 1} "${line.runs.map((r) => r.text).join(' ').slice(0, 24)}"`, box: { x: x0 - s * 0.12, y: line.top, w: x1 - x0 + s * 0.24, h: line.bottom - line.top }, skip, need });
    });
    // The spoken word at rest (after its pop), in its own box: its colour, glow or pill against what is around it, at
    // the highlight's floor (3: a mark as well as text; templates/colours.ts captionHighlight).
    const tok = at ? page.lines[at.line]!.tokens[at.token] : null;
    const lit = at ? placed.lines[at.line]!.runs.filter((r) => r.token === at.token) : [];
    if (tok && lit.length && ms - tok.startMs >= 150) {
      const line = placed.lines[at!.line]!;
      const x0 = Math.min(...lit.map((r) => r.x));
      const x1 = Math.max(...lit.map((r) => r.x + r.width));
      out.push({ id: 'captions lit word', box: { x: x0 - s * 0.05, y: line.top, w: x1 - x0 + s * 0.1, h: line.bottom - line.top }, skip: [], need: LARGE_TEXT_CONTRAST });
    }
  }
  return out;
}

/** Each overlay's pill as drawn (the sprite's geometry), inset from its rounded corners. */
export function overlayPills(t: Timeline): Map<string, Box> {
  const rtl = isRtl(t.language);
  const out = new Map<string, Box>();
  for (const o of t.overlays) {
    const sp = overlaySprite(o, t.style, t.language, rtl);
    const pad = -sp.dy;
    const w = sp.canvas.width - pad * 2;
    const inset = o.box.h * 0.1;
    out.set(o.id, { x: o.box.x + sp.dx + pad + inset, y: o.box.y + inset, w: w - inset * 2, h: o.box.h - inset * 2 });
  }
  return out;
}

/** Every `every`-th frame of a video, decoded to RGB by ffmpeg, handed over one at a time. */
async function eachFrame(video: string, width: number, height: number, every: number, onFrame: (k: number, f: Frame) => void): Promise<void> {
  const size = width * height * 3;
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', video, '-vf', `select=not(mod(n\\,${every}))`, '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let buf = Buffer.alloc(0);
  let k = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    while (buf.length >= size) {
      onFrame(k++, { width, height, rgb: new Uint8Array(buf.subarray(0, size)) });
      buf = buf.subarray(size);
    }
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  await new Promise<void>((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg frames: ${err.slice(0, 200)}`)))));
}

export interface LegibilityResult {
  violations: string[];
  /** Text boxes measured, and those not judged (a busy ground: a photo under them). */
  judged: number;
  busy: number;
  /** The lowest measured contrast over need, with what it was. */
  worst: { id: string; atS: number; contrast: number; need: number } | null;
}

export async function legibilityViolations(video: string, t: Timeline): Promise<LegibilityResult> {
  const every = Math.max(1, Math.round((EVERY_MS * t.fps) / 1000));
  const pills = overlayPills(t);
  const fails = new Map<string, { n: number; firstS: number; low: number; need: number }>();
  let judged = 0;
  let busy = 0;
  let worst: LegibilityResult['worst'] = null;
  await eachFrame(video, t.width, t.height, every, (k, f) => {
    const ms = frameTimeMs(k * every, t.fps);
    for (const e of textElementsAt(t, ms, pills)) {
      const m = textContrast(f, e.box, e.skip);
      if (m.contrast === null) {
        busy++;
        continue;
      }
      judged++;
      if (!worst || m.contrast / e.need < worst.contrast / worst.need) worst = { id: e.id, atS: ms / 1000, contrast: m.contrast, need: e.need };
      if (m.contrast >= e.need * TOLERANCE) continue;
      const key = e.id.replace(/ ".*$/, '');
      const h = fails.get(key);
      if (h) {
        h.n++;
        h.low = Math.min(h.low, m.contrast);
      } else fails.set(key, { n: 1, firstS: ms / 1000, low: m.contrast, need: e.need });
    }
  });
  const violations = [...fails].map(([id, h]) => `legibility: ${id} reads at ${h.low.toFixed(1)}:1 (needs ${h.need}) in ${h.n} sampled frame(s) from ${h.firstS.toFixed(1)} s`);
  return { violations, judged, busy, worst };
}
