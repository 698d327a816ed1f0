/**
 * Timeline builder (pure): script cues + speech timings + product facts + template + style +
 * aspect ratio → scenes (media, Ken Burns, transitions), text overlays and captions, in output
 * pixels. Cuts fall on sentence starts, where the script's scene cues change the media.
 */
import type { ProductFacts, Script, Speech } from '../types.ts';
import { buildCaptions, MAX_LINE_UNITS } from '../captions/build.ts';
import { resolveTemplate } from '../templates/index.ts';
import { safeAreaPx } from '../templates/safe-area.ts';
import type { AspectRatio, Box, SceneKind, TextSlotName } from '../templates/types.ts';
import { hashString, kenBurnsFor } from './motion.ts';
import { formatPrice, shopNow, shorten } from './text.ts';
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
  const { def, layout, style } = resolveTemplate(input.templateId, input.hasPresenter, input.aspectRatio, input.visualStyle);
  const language = input.script.language;
  const spans = sentenceSpans(input.script, input.speech, durationMs);
  const media = pickMedia(input.script, input.product, spans, layout.media?.motion !== 'carousel');

  const scenes: Scene[] = [];
  spans.forEach((span, i) => {
    const prev = scenes[scenes.length - 1];
    const cue = input.script.sentences[i]!.cue;
    const showMedia = layout.media?.show === 'image-cues' ? cue.imageIndex !== null && input.product.imagePaths.length > 0 : true;
    if (prev && sameMedia(prev.media, media[i]!) && prev.showMedia === showMedia && layout.media?.motion !== 'carousel') {
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
      media: media[i]!,
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

  const overlays = buildOverlays(input, layout.slots, spans, width, height, language);
  const captionsBox = px(layout.captions, width, height);
  const captions = input.caption
    ? buildCaptions(input.speech.words, {
        language,
        maxUnits: captionUnits(captionsBox, input.aspectRatio),
        sentences: input.script.sentences,
        sentenceSpans: input.speech.sentences,
        protectedSpans: [input.product.name, input.product.brand, formatPrice(input.product.price, input.product.currency, language)],
      })
    : null;

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
    media: layout.media ? { ...layout.media, box: px(layout.media.box, width, height), radius: layout.media.radius * Math.min(width, height) } : null,
    presenter: layout.presenter ? { ...layout.presenter, box: px(layout.presenter.box, width, height), panel: px(layout.presenter.panel, width, height) } : null,
    captionsBox,
    captions,
    scenes,
    overlays,
    safeArea: safeAreaPx(input.aspectRatio, width, height),
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

function buildOverlays(input: TimelineInput, slots: ReturnType<typeof resolveTemplate>['layout']['slots'], spans: readonly Span[], width: number, height: number, language: string): TextOverlay[] {
  const out: TextOverlay[] = [];
  const last = spans[spans.length - 1];
  const add = (slot: TextSlotName, text: string, startMs: number, endMs: number, badge: string | null = null) => {
    const rule = slots[slot];
    const box = px(rule.box, width, height);
    // A rough character budget for the box at the smallest font the renderer shrinks to (half).
    const budget = Math.max(8, Math.floor(box.w / (box.h * rule.fill * 0.5 * 0.62)));
    out.push({ id: `${slot}${out.length}`, slot, text: shorten(text, budget), badge, box, align: rule.align, enter: rule.enter, fill: rule.fill, startMs, endMs });
  };
  const orLast = (r: ReturnType<typeof runs>) => (r.length || !last ? r : [{ startMs: last.startMs, endMs: last.endMs, first: last.sentence }]);

  const name = input.product.name.trim();
  if (name) {
    const r = runs(spans, slots.name.scenes);
    const shown = r.length ? r : spans.length ? [{ startMs: 0, endMs: spans[0]!.endMs, first: 0 }] : [];
    for (const x of shown) add('name', name, x.startMs, x.endMs);
  }
  const price = formatPrice(input.product.price, input.product.currency, language);
  if (price) for (const x of orLast(runs(spans, slots.price.scenes))) add('price', price, x.startMs, x.endMs);

  for (const x of orLast(runs(spans, slots.cta.scenes))) {
    const cue = input.script.sentences[x.first]?.cue.overlay?.trim();
    add('cta', cue && cue.length <= 28 ? cue : shopNow(language), x.startMs, x.endMs);
  }

  let pointNo = 0;
  for (const s of spans) {
    if (!slots.cue.scenes.includes(s.kind)) continue;
    const cue = input.script.sentences[s.sentence]!.cue;
    const point = cue.pointIndex !== null ? input.product.sellingPoints[cue.pointIndex] : undefined;
    const text = cue.overlay?.trim() || point?.trim();
    if (!text) continue;
    const badge = cue.kind === 'point' ? String(++pointNo) : null;
    add('cue', text, s.startMs, s.endMs, badge);
  }
  out.sort((a, b) => a.startMs - b.startMs);
  return out;
}
