/**
 * Timeline builder (pure): script cues + speech timings + product facts + template + style +
 * aspect ratio → scenes (media, Ken Burns, transitions), text overlays and captions, in output
 * pixels. Cuts fall on sentence starts, where the script's scene cues change the media.
 */
import type { ProductFacts, Script, Speech } from '../types.ts';
import { buildCaptions, MAX_LINE_UNITS } from '../captions/build.ts';
import { resolveTemplate } from '../templates/index.ts';
import { safeAreaPx } from '../templates/safe-area.ts';
import { textFirstLayout } from '../templates/text-first.ts';
import type { AspectRatio, Box, SceneKind, TemplateLayout, TextSlotName } from '../templates/types.ts';
import { hashString, kenBurnsFor } from './motion.ts';
import { formatPrice, shopNow } from './text.ts';
import { cutCleanly, fitText } from './fit-text.ts';
import { besideRegions, placeAll, type Obstacle } from './layout.ts';
import { frameImage, type ImageInfo } from './media-frame.ts';
import { boxHeight, padXEm, BADGE_EM, BADGE_GAP_EM, ARROW_EM } from './overlay-box.ts';
import { presenterFaceBox } from './presenter.ts';
import { contentHeart, faceZone, grow, minFontPx, OVERLAY_EXIT_MS } from './rules.ts';
import { sceneContent } from './safety.ts';
import type { MediaSource, Scene, TextOverlay, Timeline } from './types.ts';

export const OUTPUT_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  0: { width: 1080, height: 1920 },
  1: { width: 1920, height: 1080 },
  2: { width: 1080, height: 1080 },
};
export const DEFAULT_FPS = 30;

export interface TimelineInput {
  script: Script;
  speech: Speech;
  product: ProductFacts;
  templateId: number | null;
  hasPresenter: boolean;
  visualStyle: string | null;
  aspectRatio: AspectRatio;
  caption: boolean;
  fps?: number;
  /** Output scale factor (0 < scale <= 1); sizes are rounded to even numbers for yuv420p. */
  scale?: number;
  /** Video length; defaults to the speech's duration. */
  durationMs?: number;
  seed?: number;
  /** Pixel size and transparency of each product image (by index), for framing; null or absent when unknown. */
  imageInfo?: readonly (ImageInfo | null)[];
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export function outputSize(aspectRatio: AspectRatio, scale = 1): { width: number; height: number } {
  const s = OUTPUT_SIZES[aspectRatio];
  if (!(scale > 0 && scale <= 1)) throw new RangeError(`scale must be in (0, 1], got ${scale}`);
  return { width: even(s.width * scale), height: even(s.height * scale) };
}

export function frameCount(durationMs: number, fps: number): number {
  return Math.max(1, Math.round((durationMs * fps) / 1000));
}

export const frameTimeMs = (frame: number, fps: number): number => (frame * 1000) / fps;

const px = (b: Box, w: number, h: number): Box => ({ x: b.x * w, y: b.y * h, w: b.w * w, h: b.h * h });

interface Span {
  sentence: number;
  startMs: number;
  endMs: number;
  kind: SceneKind;
}

/** When each sentence is on screen: from its start to the next one's, the first from 0, the last to the end. */
export function sentenceSpans(script: Script, speech: Speech, durationMs: number): Span[] {
  const n = script.sentences.length;
  const starts: number[] = [];
  for (let i = 0; i < n; i++) {
    const fromSpeech = speech.sentences[i]?.startMs;
    const fromWords = speech.words.find((w) => w.sentence === i)?.startMs;
    starts.push(Math.max(starts[i - 1] ?? 0, fromSpeech ?? fromWords ?? starts[i - 1] ?? 0));
  }
  return script.sentences.map((s, i) => ({
    sentence: i,
    kind: s.cue.kind,
    startMs: i === 0 ? 0 : Math.min(starts[i]!, durationMs),
    endMs: i === n - 1 ? durationMs : Math.min(starts[i + 1]!, durationMs),
  }));
}

function sameMedia(a: MediaSource, b: MediaSource): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'art') return true;
  return a.index === (b as { index: number }).index;
}

function pickMedia(script: Script, product: ProductFacts, spans: readonly Span[], allowVideo: boolean): MediaSource[] {
  const images = product.imagePaths.length;
  const videos = allowVideo ? product.videoPaths.length : 0;
  const videoUse = new Array<number>(videos).fill(0);
  let nextVideo = 0;
  let nextImage = 0;
  const out: MediaSource[] = [];
  spans.forEach((span, i) => {
    const cue = script.sentences[i]!.cue;
    const prev = out[i - 1];
    let media: MediaSource;
    if (cue.imageIndex !== null && images > 0) {
      media = { kind: 'image', index: ((cue.imageIndex % images) + images) % images };
    } else if (videos > 0) {
      const index = prev?.kind === 'video' ? prev.index : nextVideo++ % videos;
      media = { kind: 'video', index, offsetMs: videoUse[index]! };
      videoUse[index]! += span.endMs - span.startMs;
    } else if (images > 0) {
      let index = nextImage++ % images;
      if (images > 1 && prev?.kind === 'image' && prev.index === index) index = nextImage++ % images;
      media = { kind: 'image', index };
    } else {
      media = { kind: 'art' };
    }
    out.push(media);
  });
  return out;
}

export function buildTimeline(input: TimelineInput): Timeline {
  const fps = input.fps ?? DEFAULT_FPS;
  const { width, height } = outputSize(input.aspectRatio, input.scale ?? 1);
  const durationMs = Math.max(1, Math.round(input.durationMs ?? input.speech.durationMs));
  const frames = frameCount(durationMs, fps);
  const seed = input.seed ?? hashString(`${input.product.name}|${input.script.text}|${input.templateId}`);
  const resolved = resolveTemplate(input.templateId, input.hasPresenter, input.aspectRatio, input.visualStyle);
  const { def, style } = resolved;
  const textFirst = input.product.imagePaths.length === 0 && input.product.videoPaths.length === 0;
  const layout = textFirst ? textFirstLayout(resolved.layout, input.aspectRatio) : resolved.layout;
  const language = input.script.language;
  const spans = sentenceSpans(input.script, input.speech, durationMs);
  const picked = pickMedia(input.script, input.product, spans, layout.media?.motion !== 'carousel');

  const scenes: Scene[] = [];
  spans.forEach((span, i) => {
    const prev = scenes[scenes.length - 1];
    const cue = input.script.sentences[i]!.cue;
    const showMedia = layout.media?.show === 'image-cues' ? cue.imageIndex !== null && input.product.imagePaths.length > 0 : true;
    if (prev && sameMedia(prev.media, picked[i]!) && prev.showMedia === showMedia && layout.media?.motion !== 'carousel') {
      prev.endMs = span.endMs;
      prev.sentences[1] = i;
      return;
    }
    scenes.push({
      index: scenes.length,
      sentences: [i, i],
      kind: span.kind,
      cue,
      startMs: span.startMs,
      endMs: span.endMs,
      media: picked[i]!,
      motion: kenBurnsFor(seed ^ hashString(`scene${scenes.length}`), span.endMs - span.startMs),
      transitionIn: { kind: 'cut', durationMs: 0 },
      showMedia,
    });
  });
  scenes.forEach((scene, i) => {
    scene.motion = kenBurnsFor(seed ^ hashString(`scene${i}`), scene.endMs - scene.startMs);
    if (i === 0) return;
    const prevLen = scene.startMs - scenes[i - 1]!.startMs;
    const len = scene.endMs - scene.startMs;
    const kind = layout.media?.motion === 'carousel' ? 'slide' : style.transition.kind;
    const d = Math.min(style.transition.ms, prevLen, len);
    scene.transitionIn = { kind: d >= 120 ? kind : 'cut', durationMs: d >= 120 ? d : 0 };
  });

  const mediaBox = layout.media ? px(layout.media.box, width, height) : null;
  const stage = layout.media ? px(layout.media.stage ?? layout.media.box, width, height) : null;
  const images = input.product.imagePaths.map((_, i) => {
    const info = input.imageInfo?.[i];
    return info && mediaBox && stage ? frameImage(info, mediaBox, stage) : null;
  });
  const presenter = layout.presenter ? { ...layout.presenter, box: px(layout.presenter.box, width, height), panel: px(layout.presenter.panel, width, height) } : null;
  const media = layout.media && mediaBox && stage ? { ...layout.media, box: mediaBox, stage, radius: layout.media.radius * Math.min(width, height) } : null;
  const safeArea = safeAreaPx(input.aspectRatio, width, height);
  const make = overlayMaker(layout, height, language, style.text.uppercase, spans[spans.length - 1]?.endMs ?? durationMs);
  const placed = placeText({ layout, presenter, media, scenes, images, width, height, durationMs, safeArea, caption: input.caption }, overlaySpecs(input, layout, spans, width, height, language), make);
  const captionsBox = placed.captionsBox;
  const captions = input.caption ? buildCaptions(input.speech.words, { language, maxUnits: captionUnits(captionsBox, input.aspectRatio) }) : null;
  const overlays = placed.overlays;

  return {
    width,
    height,
    fps,
    frames,
    durationMs,
    aspectRatio: input.aspectRatio,
    templateId: def.id,
    layout: def.layout,
    style,
    language,
    seed,
    background: layout.background,
    media,
    presenter,
    captionsBox,
    captions,
    images,
    textFirst,
    scenes,
    overlays,
    safeArea,
    product: {
      name: input.product.name,
      brand: input.product.brand,
      price: formatPrice(input.product.price, input.product.currency, language),
    },
  };
}

/**
 * Characters a caption line may hold: what fits the band at the caption size the renderer uses
 * (two lines to the band, cap ~0.66 of the line, ~0.58 em an average character), at most the
 * aspect ratio's readability limit.
 */
export function captionUnits(box: Box, aspectRatio: AspectRatio): number {
  const fontPx = (box.h / 2) * 0.66;
  const fit = Math.floor((box.w * 0.96) / (fontPx * 0.58));
  return Math.max(10, Math.min(MAX_LINE_UNITS[aspectRatio], fit));
}

/** Contiguous runs of sentences whose kind is in `kinds`, as time ranges. */
function runs(spans: readonly Span[], kinds: readonly SceneKind[]): { startMs: number; endMs: number; first: number }[] {
  const out: { startMs: number; endMs: number; first: number }[] = [];
  for (const s of spans) {
    if (!kinds.includes(s.kind)) continue;
    const last = out[out.length - 1];
    if (last && last.endMs === s.startMs) last.endMs = s.endMs;
    else out.push({ startMs: s.startMs, endMs: s.endMs, first: s.sentence });
  }
  return out;
}

interface PlaceInput {
  layout: TemplateLayout;
  presenter: Timeline['presenter'];
  media: Timeline['media'];
  scenes: Scene[];
  images: Timeline['images'];
  width: number;
  height: number;
  durationMs: number;
  safeArea: Box;
  caption: boolean;
}

/**
 * The layout step's inputs from the timeline: what text keeps clear of (the presenter's face
 * zone and inset, the middle of each scene's product), then the placement itself (layout.ts):
 * the captions band first, then the overlays.
 */
function placeText(p: PlaceInput, specs: OverlaySpec[], make: (spec: OverlaySpec, region: Box, how: { whole: boolean; lines: number }) => TextOverlay | null): { captionsBox: Box; overlays: TextOverlay[] } {
  const whole = { startMs: 0, endMs: p.durationMs };
  const obstacles: Obstacle[] = [];
  const around: Box[] = [];
  if (p.presenter) {
    const zone = faceZone(presenterFaceBox(p.presenter));
    obstacles.push({ box: zone, ...whole });
    around.push(zone);
    if (p.presenter.frame !== 'none') {
      const m = Math.min(p.width, p.height) * 0.02;
      const inset = grow(p.presenter.box, m, m, m, m);
      obstacles.push({ box: inset, ...whole });
      around.push(inset);
    }
  }
  const shell = { media: p.media, scenes: p.scenes, images: p.images, width: p.width, height: p.height } as Timeline;
  const avoid: Obstacle[] = [];
  for (const c of sceneContent(shell)) {
    obstacles.push({ box: contentHeart(c.content), startMs: c.startMs, endMs: c.endMs });
    const framed = c.image !== null && p.images[c.image]?.mode === 'contain';
    if (framed || p.media?.frame === 'card') avoid.push({ box: c.content, startMs: c.startMs, endMs: c.endMs });
  }
  const step = p.height * 0.01;
  const gap = p.height * 0.01;
  const minW = p.safeArea.w * 0.34;
  const band = px(p.layout.captions, p.width, p.height);
  let captionsBox = band;
  if (p.caption) {
    const [c] = placeAll([{ ...whole, regions: [band], levels: 1, make: (r: Box) => ({ box: r }) }], obstacles, p.safeArea, step);
    captionsBox = c?.box ?? band;
    obstacles.push({ box: captionsBox, ...whole });
  }
  const order: TextSlotName[] = ['name', 'brand', 'price', 'cta', 'cue'];
  const sorted = [...specs].sort((a, b) => order.indexOf(a.slot) - order.indexOf(b.slot) || a.startMs - b.startMs);
  // Levels: the whole text in up to the slot's lines, then one line fewer each; then shortened the same way.
  const items = sorted.map((spec) => {
    const max = maxLinesOf(p.layout, spec.slot);
    const levels = [true, false].flatMap((whole) => Array.from({ length: max }, (_, i) => ({ whole, lines: max - i })));
    return { startMs: spec.startMs, endMs: spec.endMs, regions: [spec.box, { ...spec.box, x: p.safeArea.x, w: p.safeArea.w }, ...besideRegions(spec.box, around, p.safeArea, gap, minW)], levels: levels.length, tier: (l: number) => (levels[l]!.whole ? 0 : 1), make: (r: Box, level: number) => make(spec, r, levels[level]!) };
  });
  const overlays = placeAll(items, obstacles, p.safeArea, step, avoid).sort((a, b) => a.startMs - b.startMs);
  overlays.forEach((o, i) => (o.id = `${o.slot}${i}`));
  return { captionsBox, overlays };
}

/** Lines a slot's text may wrap to: one for brand, price and call to action, else the slot's (3). */
function maxLinesOf(layout: TemplateLayout, slot: TextSlotName): number {
  return layout.slots[slot]?.lines ?? (slot === 'price' || slot === 'cta' || slot === 'brand' ? 1 : 3);
}

/** One text overlay before it is placed: its slot, the texts it may show (best first) and when. */
interface OverlaySpec {
  slot: TextSlotName;
  box: Box;
  candidates: string[];
  startMs: number;
  endMs: number;
  badge: string | null;
  claim?: string;
}

/** Fits an overlay's text into a region (wrap, shrink to the minimum size, shorter candidate, ellipsis). */
function overlayMaker(layout: TemplateLayout, height: number, language: string, uppercase: boolean, lastEndMs: number) {
  const minFont = minFontPx(height);
  return (spec: OverlaySpec, region: Box, { whole, lines }: { whole: boolean; lines: number }): TextOverlay | null => {
    const rule = layout.slots[spec.slot]!;
    const { slot, badge } = spec;
    const pref = Math.max(spec.box.h * rule.fill, minFont);
    const upper = uppercase && slot !== 'price';
    // Room for the text at the preferred size (the padding only shrinks with the font).
    const room = region.w - 2 * padXEm(slot) * pref - (badge ? (BADGE_EM + BADGE_GAP_EM) * pref : 0) - (slot === 'cta' ? ARROW_EM * pref : 0);
    if (room < pref * 3) return null;
    const fit = fitText(spec.candidates, { language, uppercase: upper, width: room, fontPx: pref, minFontPx: minFont, maxLines: lines });
    if (!fit || (whole && fit.shortened) || !cutCleanly(fit.lines, fit.source, language)) return null;
    const spaced = /\s/.test(fit.source);
    // Price and call to action hold to the last frame (the loop frame shows them whole).
    const exitMs = (slot === 'price' || slot === 'cta') && spec.endMs >= lastEndMs ? 0 : OVERLAY_EXIT_MS;
    return {
      id: slot,
      slot,
      text: fit.lines.join(spaced ? ' ' : ''),
      lines: fit.lines,
      source: fit.source,
      ...(spec.claim ? { claim: spec.claim } : {}),
      fontPx: fit.fontPx,
      badge,
      box: { ...region, h: boxHeight(fit.lines.length, fit.fontPx) },
      align: rule.align,
      enter: rule.enter,
      fill: rule.fill,
      startMs: spec.startMs,
      endMs: spec.endMs,
      exitMs,
    };
  };
}

function overlaySpecs(input: TimelineInput, layout: TemplateLayout, spans: readonly Span[], width: number, height: number, language: string): OverlaySpec[] {
  const slots = layout.slots;
  const out: OverlaySpec[] = [];
  const last = spans[spans.length - 1];
  const add = (slot: TextSlotName, candidates: string[], startMs: number, endMs: number, badge: string | null = null, claim?: string) => {
    const rule = slots[slot];
    if (rule) out.push({ slot, box: px(rule.box, width, height), candidates, startMs, endMs, badge, ...(claim ? { claim } : {}) });
  };
  const orLast = (r: ReturnType<typeof runs>) => (r.length || !last ? r : [{ startMs: last.startMs, endMs: last.endMs, first: last.sentence }]);

  const name = input.product.name.trim();
  if (name) {
    const r = runs(spans, slots.name.scenes);
    const shown = r.length ? r : spans.length ? [{ startMs: 0, endMs: spans[0]!.endMs, first: 0 }] : [];
    for (const x of shown) add('name', [name], x.startMs, x.endMs);
  }
  const brand = input.product.brand?.trim();
  if (brand && slots.brand && !name.toLowerCase().includes(brand.toLowerCase())) for (const x of runs(spans, slots.brand.scenes)) add('brand', [brand], x.startMs, x.endMs);
  const price = formatPrice(input.product.price, input.product.currency, language);
  if (price) for (const x of orLast(runs(spans, slots.price.scenes))) add('price', [price], x.startMs, x.endMs);

  for (const x of orLast(runs(spans, slots.cta.scenes))) {
    const cue = input.script.sentences[x.first]?.cue.overlay?.trim();
    add('cta', cue && cue.length <= 28 ? [cue, shopNow(language)] : [shopNow(language)], x.startMs, x.endMs);
  }

  let pointNo = 0;
  for (const s of spans) {
    if (!slots.cue.scenes.includes(s.kind)) continue;
    const cue = input.script.sentences[s.sentence]!.cue;
    const point = cue.pointIndex !== null ? input.product.sellingPoints[cue.pointIndex]?.replace(/\s+/g, ' ').trim() : undefined;
    const overlay = cue.overlay?.replace(/\s+/g, ' ').trim();
    // An overlay that is only the first words of its selling point is a cut claim: show the claim.
    const cut = !!overlay && !!point && point.length > overlay.length && point.startsWith(overlay);
    const candidates = [cut ? point! : overlay ?? point, overlay && point && !cut ? point : undefined].filter((c): c is string => !!c);
    if (!candidates.length) continue;
    const badge = cue.kind === 'point' ? String(++pointNo) : null;
    add('cue', candidates, s.startMs, s.endMs, badge, point);
  }
  return out;
}
