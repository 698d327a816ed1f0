/**
 * "No empty frames" (pure): from the boxes of what is on screen in each frame — product,
 * presenter, text cards, captions, designed shapes, logo — how much of the frame they cover and
 * whether a band of the frame stays empty. Used by the tests, bench:quality and the layouts'
 * own checks; every kind (product, preview, template, talking) hands its boxes in the same form.
 *
 * Rules (docs/rendering.md "Design rules" → "No empty frames"), after the first half second:
 * - `coverage`: the union of the boxes covers at least MIN_COVERAGE of the frame in every frame;
 * - `empty-band`: no band across the whole frame (a row band the full width, or a column band the
 *   full height) wider than EMPTY_BAND_SHARE of the frame's side stays free of boxes for longer
 *   than EMPTY_BAND_MS;
 * - `empty-band` in a tall frame (9:16), per scene that shows the product's media: no row band
 *   wider than TALL_SCENE_BAND_SHARE of the height stays free of boxes for a whole scene longer
 *   than EMPTY_BAND_MS (the README demo's floor under the captions, 20-29 % of the height empty
 *   for every product scene, passed the third).
 * A designed shape (colour field, band, panel) is not content by itself: it counts only while it
 * holds content (a text, the presenter, the product or captions on it, at least
 * SHAPE_HOLD_SHARE of its area), and then the part of it that nothing else covers counts at
 * SHAPE_WEIGHT; an empty field counts for nothing. In the tall frame's per-scene rule a shape
 * holding content closes rows only where something stands on it (its held part: the bounding box
 * of the content on it, SHAPE_MARGIN around): the bare colour field beyond — the demo's yellow plate
 * from the captions to the frame's bottom, 20 % of the height — is as empty to a designer as the
 * background. (The frame-wide third keeps the whole shape: the no-media designs' fields carry a
 * title in their upper part, and 60 of the 144 no-media cells would fail it — left for them.)
 */
import type { Box } from '../templates/types.ts';
import { drawnBox } from './overlay-box.ts';
import { presenterDrawnBox } from './presenter.ts';
import { intersection } from './rules.ts';
import { sceneContent } from './safety.ts';
import type { Timeline } from './types.ts';

export const MIN_COVERAGE = 0.45;
export const EMPTY_BAND_SHARE = 1 / 3;
export const EMPTY_BAND_MS = 2000;
/** A tall frame: no row band wider than this share of its height empty for a whole scene (the platform strip under the 9:16 safe area is 20 %). */
export const TALL_SCENE_BAND_SHARE = 0.18;
/** The opening the rules leave alone (entrances). */
export const COVERAGE_GRACE_MS = 500;
/** A shape holds content when other boxes cover at least this share of it. */
export const SHAPE_HOLD_SHARE = 0.1;
/** The weight of the bare part of a shape that holds content. */
export const SHAPE_WEIGHT = 0.5;
/** The tall frame's per-scene rule: a shape holding content closes rows this far (share of the frame's shorter side) around what stands on it — its margin. */
export const SHAPE_MARGIN = 0.02;

const isShape = (b: ScreenBox): boolean => b.what.startsWith('shape ');

/** The boxes on screen at tMs, and a key naming them (their indices): what is on screen changes only where a box starts or ends. */
function onScreen(boxes: readonly ScreenBox[], tMs: number): { on: ScreenBox[]; key: string } {
  const on: ScreenBox[] = [];
  let key = '';
  boxes.forEach((b, i) => {
    if (b.startMs <= tMs && tMs < b.endMs) {
      on.push(b);
      key += `${i},`;
    }
  });
  return { on, key };
}

/**
 * Coverage of one frame with shapes judged by what they hold: content boxes count fully, a shape
 * holding content adds its bare part at SHAPE_WEIGHT (and closes bands), an empty shape nothing.
 */
export function weightedCoverage(content: readonly Box[], shapes: readonly Box[], width: number, height: number): { share: number; emptyRows: number; emptyCols: number } {
  const holding = holdingShapes(content, shapes);
  const bare = frameCoverage(content, width, height);
  if (!holding.length) return bare;
  const all = frameCoverage([...content, ...holding], width, height);
  return { share: bare.share + SHAPE_WEIGHT * (all.share - bare.share), emptyRows: all.emptyRows, emptyCols: all.emptyCols };
}

/**
 * The part of a shape something stands on: the shape within the bounding box of the content on it,
 * grown by `margin` (a field's own margin around what it holds), in pixels.
 */
export function heldPart(content: readonly Box[], shape: Box, margin = 0): Box {
  const on = content.map((c) => intersection(c, shape)).filter((v): v is Box => !!v);
  if (!on.length) return { ...shape, w: 0, h: 0 };
  const x0 = Math.max(shape.x, Math.min(...on.map((b) => b.x)) - margin);
  const y0 = Math.max(shape.y, Math.min(...on.map((b) => b.y)) - margin);
  const x1 = Math.min(shape.x + shape.w, Math.max(...on.map((b) => b.x + b.w)) + margin);
  const y1 = Math.min(shape.y + shape.h, Math.max(...on.map((b) => b.y + b.h)) + margin);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The shapes that hold content (other boxes cover at least SHAPE_HOLD_SHARE of them). */
function holdingShapes(content: readonly Box[], shapes: readonly Box[]): Box[] {
  return shapes.filter((s) => {
    const on = content.map((c) => intersection(c, s)).filter((v): v is Box => !!v).map((v) => ({ x: v.x - s.x, y: v.y - s.y, w: v.w, h: v.h }));
    return on.length > 0 && frameCoverage(on, s.w, s.h).share >= SHAPE_HOLD_SHARE - 1e-9;
  });
}

export interface ScreenBox {
  what: string;
  box: Box;
  startMs: number;
  endMs: number;
}

/** What a coverage check needs: the frame, its timing and the boxes on screen over time. */
export interface CoverageSource {
  width: number;
  height: number;
  fps: number;
  frames: number;
  boxes: ScreenBox[];
  /** The scenes that show the product's media, for the tall frame's per-scene band rule; none: not judged. */
  scenes?: readonly { startMs: number; endMs: number }[];
}

/**
 * The boxes a timeline puts on screen, clipped to the frame, with when each shows; a text
 * `drawn`: a text overlay's box is what it draws (`drawnBox`: a pill sized to its words), not its
 * slot — what `empty-field` judges; the frame's rules still take the slots (with the drawn
 * extents 22 of the 144 no-media cells' price and hook frames fall under 45 %: not yet).
 */
export function screenBoxes(t: Timeline, drawn = false): ScreenBox[] {
  const frame = { x: 0, y: 0, w: t.width, h: t.height };
  const whole = { startMs: 0, endMs: t.durationMs };
  const out: ScreenBox[] = [];
  const add = (what: string, b: Box | null, span: { startMs: number; endMs: number }) => {
    const v = b && intersection(b, frame);
    if (v && span.endMs > span.startMs) out.push({ what, box: v, startMs: span.startMs, endMs: span.endMs });
  };
  for (const c of sceneContent(t)) add(c.image !== null ? `image ${c.image}` : 'media', c.content, c);
  if (t.presenter) add('presenter', presenterDrawnBox(t.presenter), whole);
  for (const s of t.shapes ?? []) add(`shape ${s.role}`, s.box, s);
  for (const d of t.details ?? []) add(`detail ${d.image}`, d.box, d);
  for (const o of t.overlays) add(`${o.slot} "${o.text.slice(0, 24)}"`, drawn ? drawnBox(o, t.style.text.uppercase && o.slot !== 'price' && !o.ownCase) : o.box, o);
  if (t.logo) add('logo', t.logo, whole);
  if (t.captions) for (const p of t.captions.pages) add('captions', t.captionsBox, p);
  return out;
}

/** Area share of the frame the union of `boxes` covers, and the widest empty row and column bands (shares). */
export function frameCoverage(boxes: readonly Box[], width: number, height: number): { share: number; emptyRows: number; emptyCols: number } {
  const xs = new Set<number>([0, width]);
  const ys = new Set<number>([0, height]);
  const clipped: Box[] = [];
  for (const b of boxes) {
    const v = intersection(b, { x: 0, y: 0, w: width, h: height });
    if (!v) continue;
    clipped.push(v);
    xs.add(v.x).add(v.x + v.w);
    ys.add(v.y).add(v.y + v.h);
  }
  const X = [...xs].sort((a, b) => a - b);
  const Y = [...ys].sort((a, b) => a - b);
  let area = 0;
  for (let j = 0; j + 1 < Y.length; j++) {
    const y0 = Y[j]!;
    const y1 = Y[j + 1]!;
    for (let i = 0; i + 1 < X.length; i++) {
      const x0 = X[i]!;
      const x1 = X[i + 1]!;
      if (clipped.some((b) => b.x <= x0 && b.x + b.w >= x1 && b.y <= y0 && b.y + b.h >= y1)) area += (x1 - x0) * (y1 - y0);
    }
  }
  return { share: area / (width * height), emptyRows: widestGap(clipped.map((b) => [b.y, b.y + b.h]), height) / height, emptyCols: widestGap(clipped.map((b) => [b.x, b.x + b.w]), width) / width };
}

/** The longest stretch of [0, size] no interval covers. */
function widestGap(intervals: [number, number][], size: number): number {
  return widestGapAt(intervals, size).size;
}

/** The longest stretch of [0, size] no interval covers, and where it starts. */
function widestGapAt(intervals: [number, number][], size: number): { from: number; size: number } {
  const sorted = intervals.sort((a, b) => a[0] - b[0]);
  let reach = 0;
  let best = { from: 0, size: 0 };
  for (const [a, b] of sorted) {
    if (a - reach > best.size) best = { from: reach, size: a - reach };
    reach = Math.max(reach, b);
  }
  return size - reach > best.size ? { from: reach, size: size - reach } : best;
}

export interface CoverageReport {
  /** Lowest coverage share over the judged frames, and the time of that frame. */
  minShare: number;
  minAtMs: number;
  /** Longest time one band wider than a third stayed empty (ms). */
  longestEmptyBandMs: number;
  violations: string[];
}

/** Judges every frame after the grace time; one violation string per rule and run of failing frames. */
export function coverageReport(src: CoverageSource): CoverageReport {
  const violations: string[] = [];
  let minShare = 1;
  let minAtMs = 0;
  let lowRun: { from: number; share: number } | null = null;
  let bandFrom: number | null = null;
  let longest = 0;
  const flushLow = (tMs: number) => {
    if (lowRun) violations.push(`coverage: ${(lowRun.share * 100).toFixed(0)} % of the frame covered at ${(lowRun.from / 1000).toFixed(1)}–${(tMs / 1000).toFixed(1)} s (under ${MIN_COVERAGE * 100} %)`);
    lowRun = null;
  };
  const flushBand = (tMs: number) => {
    if (bandFrom !== null) {
      longest = Math.max(longest, tMs - bandFrom);
      if (tMs - bandFrom > EMPTY_BAND_MS) violations.push(`empty-band: a band over a third of the frame is empty at ${(bandFrom / 1000).toFixed(1)}–${(tMs / 1000).toFixed(1)} s`);
    }
    bandFrom = null;
  };
  const endMs = (src.frames * 1000) / src.fps;
  // What is on screen changes only where a box starts or ends: frames showing the same boxes share one measurement.
  const measured = new Map<string, ReturnType<typeof weightedCoverage>>();
  for (let f = 0; f < src.frames; f++) {
    const tMs = (f * 1000) / src.fps;
    if (tMs < COVERAGE_GRACE_MS) continue;
    const { on, key } = onScreen(src.boxes, tMs);
    let c = measured.get(key);
    if (!c) {
      c = weightedCoverage(on.filter((b) => !isShape(b)).map((b) => b.box), on.filter(isShape).map((b) => b.box), src.width, src.height);
      measured.set(key, c);
    }
    if (c.share < minShare) {
      minShare = c.share;
      minAtMs = tMs;
    }
    if (c.share < MIN_COVERAGE - 1e-9) lowRun = lowRun ? { from: lowRun.from, share: Math.min(lowRun.share, c.share) } : { from: tMs, share: c.share };
    else flushLow(tMs);
    if (c.emptyRows > EMPTY_BAND_SHARE + 1e-9 || c.emptyCols > EMPTY_BAND_SHARE + 1e-9) bandFrom ??= tMs;
    else flushBand(tMs);
  }
  flushLow(endMs);
  flushBand(endMs);
  violations.push(...tallSceneBands(src));
  return { minShare, minAtMs, longestEmptyBandMs: longest, violations };
}

/** The designed colour fields judged for empty bands of their own (a product's plate is judged with the frame). */
const FIELD_ROLES = ['shape field', 'shape panel', 'shape band'];

/**
 * `empty-field` (a measurement, not yet a rule of timelineCoverage): inside a designed field (a
 * brand-colour field, a split's panel) that holds content, a band across the field (rows its
 * full width, or columns its full height) wider than EMPTY_BAND_SHARE of its side free of
 * content for longer than EMPTY_BAND_MS — a field a third bare is an empty part of the frame in
 * colour. The frame's band rule cannot see it: a field holding content closes the frame's bands
 * (template 2's pink half in 9:16 with no image: its bottom 41 % held nothing for the whole
 * video). Held for the template kind's 9:16 videos (test/template-kind.layout.test.ts); the
 * no-media design's other cells it still finds: docs/rendering.md "No empty frames".
 */
export function fieldBands(src: CoverageSource): string[] {
  const out: string[] = [];
  /** Per field (or column beside the presenter): when its bare band began, and the first frame's band. */
  const runs = new Map<string, { from: number; where: string }>();
  const flush = (key: string, tMs: number) => {
    const run = runs.get(key);
    if (run && tMs - run.from > EMPTY_BAND_MS) out.push(`empty-field: a band over a third of the ${key.split('|')[0]!.slice(6)} is empty at ${(run.from / 1000).toFixed(1)}–${(tMs / 1000).toFixed(1)} s (${run.where})`);
    runs.delete(key);
  };
  const measured = new Map<string, Map<string, string>>();
  for (let f = 0; f < src.frames; f++) {
    const tMs = (f * 1000) / src.fps;
    if (tMs < COVERAGE_GRACE_MS) continue;
    // Frames showing the same boxes have the same bare bands.
    const { on, key } = onScreen(src.boxes, tMs);
    let empty = measured.get(key);
    if (!empty) {
      empty = new Map<string, string>();
      const content = on.filter((b) => !isShape(b)).map((b) => b.box);
      const presenters = on.filter((b) => b.what === 'presenter').map((b) => b.box);
      for (const s of on.filter((b) => FIELD_ROLES.includes(b.what))) {
        if (!holdingShapes(content, [s.box]).length) continue;
        for (const r of [{ what: s.what, box: s.box }, ...besidePresenter(s.box, presenters).map((box) => ({ what: `${s.what} beside the presenter`, box }))]) {
          const where = bareBand(content, r.box);
          if (where) empty.set(`${r.what}|${JSON.stringify(r.box)}`, where);
        }
      }
      measured.set(key, empty);
    }
    for (const key of [...runs.keys()]) if (!empty.has(key)) flush(key, tMs);
    for (const [key, where] of empty) if (!runs.has(key)) runs.set(key, { from: tMs, where });
  }
  for (const key of [...runs.keys()]) flush(key, (src.frames * 1000) / src.fps);
  return out;
}

/** The widest band across `region` (rows or columns) over EMPTY_BAND_SHARE of its side that no content reaches, described; null: none. */
function bareBand(content: readonly Box[], region: Box): string | null {
  const local = content.map((c) => intersection(c, region)).filter((v): v is Box => !!v);
  const rows = widestGapAt(local.map((b) => [b.y - region.y, b.y + b.h - region.y]), region.h);
  const cols = widestGapAt(local.map((b) => [b.x - region.x, b.x + b.w - region.x]), region.w);
  const pc = (v: number, side: number) => ((v / side) * 100).toFixed(0);
  if (rows.size > EMPTY_BAND_SHARE * region.h + 1e-9) return `rows ${pc(rows.from, region.h)}–${pc(rows.from + rows.size, region.h)} % of it`;
  if (cols.size > EMPTY_BAND_SHARE * region.w + 1e-9) return `columns ${pc(cols.from, region.w)}–${pc(cols.from + cols.size, region.w)} % of it`;
  return null;
}

/** A presenter standing across a field's rows (at least FIELD_STANDING of its height) splits it: the columns beside them wider than a third of the field are judged as fields of their own (the text column). */
const FIELD_STANDING = 2 / 3;

function besidePresenter(field: Box, presenters: readonly Box[]): Box[] {
  const out: Box[] = [];
  for (const p of presenters) {
    const v = intersection(p, field);
    if (!v || v.h < FIELD_STANDING * field.h) continue;
    const left = { x: field.x, y: field.y, w: v.x - field.x, h: field.h };
    const right = { x: v.x + v.w, y: field.y, w: field.x + field.w - (v.x + v.w), h: field.h };
    for (const c of [left, right]) if (c.w > EMPTY_BAND_SHARE * field.w) out.push(c);
  }
  return out;
}

/**
 * In a tall frame, the row bands wider than TALL_SCENE_BAND_SHARE of the height that no box
 * (content, or the held part of a shape holding content) reaches in any judged frame of a scene longer than
 * EMPTY_BAND_MS: empty for the whole scene.
 */
function tallSceneBands(src: CoverageSource): string[] {
  if (!src.scenes || src.height <= src.width) return [];
  const out: string[] = [];
  for (const scene of src.scenes) {
    const from = Math.max(scene.startMs, COVERAGE_GRACE_MS);
    if (scene.endMs - from <= EMPTY_BAND_MS) continue;
    const rows: [number, number][] = [];
    // What is on screen changes only where a box starts or ends: one judged frame per stretch.
    const frameAt = (ms: number) => Math.ceil((ms * src.fps) / 1000 - 1e-9);
    const cuts = [...new Set([from, scene.endMs, ...src.boxes.flatMap((b) => [b.startMs, b.endMs]).filter((ms) => ms > from && ms < scene.endMs)])].sort((a, b) => a - b);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const f = frameAt(cuts[i]!);
      const tMs = (f * 1000) / src.fps;
      if (f >= src.frames || tMs >= cuts[i + 1]!) continue;
      const on = src.boxes.filter((b) => b.startMs <= tMs && tMs < b.endMs);
      const content = on.filter((b) => !isShape(b)).map((b) => b.box);
      for (const b of [...content, ...holdingShapes(content, on.filter(isShape).map((b) => b.box)).map((s) => heldPart(content, s, SHAPE_MARGIN * Math.min(src.width, src.height)))]) rows.push([Math.max(0, b.y), Math.min(src.height, b.y + b.h)]);
    }
    const gap = widestGapAt(rows, src.height);
    if (gap.size > TALL_SCENE_BAND_SHARE * src.height + 1e-6)
      out.push(`empty-band: rows ${((gap.from / src.height) * 100).toFixed(0)}–${(((gap.from + gap.size) / src.height) * 100).toFixed(0)} % of the height are empty for the whole scene at ${(scene.startMs / 1000).toFixed(1)}–${(scene.endMs / 1000).toFixed(1)} s (over ${TALL_SCENE_BAND_SHARE * 100} %)`);
  }
  return out;
}

/** The `empty-field` findings of a built timeline (fieldBands). */
export function timelineFieldBands(t: Timeline): string[] {
  return fieldBands({ width: t.width, height: t.height, fps: t.fps, frames: t.frames, boxes: screenBoxes(t, true) });
}

/** The coverage rules on a built timeline. */
export function timelineCoverage(t: Timeline): CoverageReport {
  return coverageReport({ width: t.width, height: t.height, fps: t.fps, frames: t.frames, boxes: screenBoxes(t), scenes: t.scenes.filter((s) => s.showMedia && s.media.kind !== 'art') });
}
