/**
 * Phoneme timings → one mouth shape a frame, with the rules that make lip sync read as speech
 * (after Rhubarb Lip Sync):
 * - lips close on p b m even when the phoneme is shorter than a frame;
 * - no shape is held for less than ~60 ms (2 frames at 30 fps), so the mouth never flickers;
 * - shapes lead the sound by one frame (we see lips move before we hear the sound);
 * - pauses longer than ~150 ms relax to the rest shape X, shorter ones only ease to B;
 * - the opening is tweened between neighbouring open shapes (mouthOpenAt), never across a closure.
 */
import type { PhonemeTiming } from '../types.ts';
import type { Viseme } from './avatar.types.ts';
import { phonemeShapes } from './phoneme.shapes.ts';

export const RELAX_PAUSE_MS = 150;
export const MIN_HOLD_MS = 60;

/** How open each shape is, 0..1; the painter scales the lips' gap by this. */
export const VISEME_OPENNESS: Readonly<Record<Viseme, number>> = {
  X: 0, A: 0, B: 0.2, C: 0.55, D: 0.85, E: 0.55, F: 0.3, G: 0.12, H: 0.4,
};

interface Segment {
  shape: Viseme | 'pause';
  startMs: number;
  endMs: number;
  closure: boolean;
}

export function frameCountFor(durationMs: number, fps: number): number {
  return Math.max(1, Math.round((durationMs * fps) / 1000));
}

export function minHoldFrames(fps: number): number {
  return Math.max(2, Math.ceil((MIN_HOLD_MS * fps) / 1000 - 1e-6));
}

function toSegments(phonemes: readonly PhonemeTiming[]): Segment[] {
  const sorted = phonemes.filter((p) => p.endMs > p.startMs).sort((a, b) => a.startMs - b.startMs);
  const mapped = sorted.map((p) => ({ p, s: phonemeShapes(p.phoneme, p.endMs - p.startMs) }));
  const segments: Segment[] = [];
  let cursor = 0;
  for (let i = 0; i < mapped.length; i++) {
    const { p, s } = mapped[i]!;
    if (p.startMs > cursor) segments.push({ shape: 'pause', startMs: cursor, endMs: p.startMs, closure: false });
    // Overlapping timings (not expected from an engine): the later phoneme wins the overlap.
    while (p.startMs < cursor && segments.length > 0) {
      const last = segments[segments.length - 1]!;
      if (last.startMs >= p.startMs) segments.pop();
      else last.endMs = p.startMs;
      cursor = segments[segments.length - 1]?.endMs ?? 0;
    }
    const start = Math.max(p.startMs, cursor);
    if (p.endMs <= start) continue;
    cursor = p.endMs;
    if (s.pause) {
      segments.push({ shape: 'pause', startMs: start, endMs: p.endMs, closure: false });
      continue;
    }
    let shapes = s.shapes;
    if (s.takesNext) {
      const next = mapped.slice(i + 1).find((m) => !m.s.pause);
      const first = next?.s.shapes[0];
      shapes = [first !== undefined && first !== 'A' && first !== 'G' && first !== 'H' ? first : 'B'];
    }
    const part = (p.endMs - start) / shapes.length;
    shapes.forEach((shape, k) => {
      segments.push({ shape, startMs: start + k * part, endMs: start + (k + 1) * part, closure: shape === 'A' && s.closure });
    });
  }
  return segments;
}

/** Pauses become X when long, else ease to B (or stay closed after a closure). */
function resolvePauses(segments: Segment[], durationMs: number): Array<Segment & { shape: Viseme }> {
  const out: Array<Segment & { shape: Viseme }> = [];
  let i = 0;
  while (i < segments.length) {
    const seg = segments[i]!;
    if (seg.shape !== 'pause') {
      out.push(seg as Segment & { shape: Viseme });
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < segments.length && segments[j + 1]!.shape === 'pause') j++;
    const startMs = seg.startMs;
    const endMs = segments[j]!.endMs;
    const prev = out[out.length - 1];
    const atEdge = prev === undefined || j === segments.length - 1;
    const shape: Viseme = atEdge || endMs - startMs >= RELAX_PAUSE_MS ? 'X' : prev.shape === 'A' ? 'A' : 'B';
    out.push({ shape, startMs, endMs, closure: false });
    i = j + 1;
  }
  const last = out[out.length - 1];
  if (last === undefined || last.endMs < durationMs) {
    out.push({ shape: 'X', startMs: last?.endMs ?? 0, endMs: Math.max(durationMs, (last?.endMs ?? 0) + 1), closure: false });
  }
  return out;
}

interface Run {
  shape: Viseme;
  start: number;
  len: number;
}

function runsOf(frames: Viseme[]): Run[] {
  const runs: Run[] = [];
  frames.forEach((shape, f) => {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.shape === shape) last.len++;
    else runs.push({ shape, start: f, len: 1 });
  });
  return runs;
}

/** Grow every run to minHold frames: borrow from a neighbour that can spare, else merge. */
function enforceMinHold(frames: Viseme[], minHold: number): void {
  for (let guard = 0; guard < frames.length * 4; guard++) {
    const runs = runsOf(frames);
    if (runs.length < 2) return;
    // Open-shape runs are settled first; closures last so they can borrow from settled neighbours.
    let pick = -1;
    for (let i = 0; i < runs.length; i++) {
      const r = runs[i]!;
      if (r.len >= minHold) continue;
      const best = runs[pick];
      const rank = (x: Run) => (x.shape === 'A' ? 1000 : 0) + x.len;
      if (best === undefined || rank(r) < rank(best)) pick = i;
    }
    if (pick < 0) return;
    const run = runs[pick]!;
    const prev = runs[pick - 1];
    const next = runs[pick + 1];
    const need = minHold - run.len;
    const spare = (r: Run | undefined) => (r === undefined ? -Infinity : r.len - minHold);
    const donor = spare(prev) >= spare(next) ? prev : next;
    const fill = (from: number, count: number, shape: Viseme) => {
      for (let f = from; f < from + count; f++) frames[f] = shape;
    };
    const borrow = (d: Run, count: number) => {
      if (d === prev) fill(run.start - count, count, run.shape);
      else fill(run.start + run.len, count, run.shape);
    };
    if (donor !== undefined && spare(donor) >= need) {
      borrow(donor, need);
    } else if (run.shape === 'A' && donor !== undefined && donor.len >= 2) {
      // A closure is never dropped: take what is needed, the donor settles next round.
      borrow(donor, Math.min(need, donor.len - 1));
    } else if (run.shape === 'A') {
      // Nothing to borrow from (tiny track): the closure swallows its neighbour.
      const d = donor ?? prev ?? next;
      if (d !== undefined) fill(d.start, d.len, 'A');
    } else {
      const open = VISEME_OPENNESS[run.shape];
      const score = (r: Run) => (r.shape === 'A' ? 10 : 0) + Math.abs(VISEME_OPENNESS[r.shape] - open) - r.len * 1e-3;
      const into = [prev, next].filter((r): r is Run => r !== undefined).sort((a, b) => score(a) - score(b))[0]!;
      fill(run.start, run.len, into.shape);
    }
  }
}

/** One mouth shape per frame for `durationMs` of narration at `fps`. Pure. */
export function buildMouthTrack(phonemes: PhonemeTiming[], durationMs: number, fps: number): Viseme[] {
  const n = frameCountFor(durationMs, fps);
  const frameMs = 1000 / fps;
  const segments = resolvePauses(toSegments(phonemes), durationMs);
  const frames: Viseme[] = new Array<Viseme>(n).fill('X');

  // Frame f shows what is heard during [f, f+1) frames plus one frame of anticipation.
  let k = 0;
  for (let f = 0; f < n; f++) {
    const a = (f + 1) * frameMs;
    const b = a + frameMs;
    while (k < segments.length - 1 && segments[k]!.endMs <= a) k++;
    let best: Viseme = 'X';
    let bestOverlap = 0;
    for (let j = k; j < segments.length && segments[j]!.startMs < b; j++) {
      const s = segments[j]!;
      const overlap = Math.min(b, s.endMs) - Math.max(a, s.startMs);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        best = s.shape;
      }
    }
    frames[f] = best;
  }

  // Closures shorter than a frame still show: the frame nearest their middle closes.
  for (const s of segments) {
    if (!s.closure) continue;
    const first = Math.max(0, Math.floor(s.startMs / frameMs) - 2);
    const last = Math.min(n - 1, Math.ceil(s.endMs / frameMs) - 1);
    let shown = false;
    for (let f = first; f <= last; f++) if (frames[f] === 'A') shown = true;
    if (!shown) {
      const mid = (s.startMs + s.endMs) / 2;
      const f = Math.min(n - 1, Math.max(0, Math.round(mid / frameMs - 1.5)));
      frames[f] = 'A';
    }
  }

  enforceMinHold(frames, minHoldFrames(fps));
  return frames;
}

const openCache = new WeakMap<readonly Viseme[], Float32Array>();

/**
 * Per-frame opening 0..1: each shape's openness softened with its neighbours (a 1-2-1 blend),
 * so a D next to a C eases rather than jumps, while closures and rests stay exactly shut.
 */
export function mouthOpenFrames(track: readonly Viseme[]): Float32Array {
  const cached = openCache.get(track);
  if (cached !== undefined) return cached;
  const raw = track.map((v) => VISEME_OPENNESS[v]);
  const out = new Float32Array(track.length);
  for (let f = 0; f < track.length; f++) {
    const v = track[f]!;
    if (v === 'A' || v === 'X') continue;
    const self = raw[f]!;
    const prev = raw[f - 1] ?? self;
    const next = raw[f + 1] ?? self;
    out[f] = 0.25 * prev + 0.5 * self + 0.25 * next;
  }
  openCache.set(track, out);
  return out;
}

/** Continuous mouth opening at any time (ms), for renderers whose frame rate differs from the track's. */
export function mouthOpenAt(track: readonly Viseme[], fps: number, timeMs: number): number {
  if (track.length === 0) return 0;
  const open = mouthOpenFrames(track);
  const p = Math.max(0, Math.min(track.length - 1, (timeMs * fps) / 1000));
  const f0 = Math.floor(p);
  const v0 = open[f0]!;
  const v1 = open[Math.min(track.length - 1, f0 + 1)]!;
  return v0 + (v1 - v0) * (p - f0);
}
