/**
 * Timeline builder (pure): script cues + speech timings + product facts + template + style +
 * aspect ratio → scenes (media, Ken Burns, transitions), text overlays and captions, in output
 * pixels. Cuts fall on sentence starts, where the script's scene cues change the media.
 */
import type { ProductFacts, Script, Speech } from '../types.ts';
import { buildCaptions, MAX_LINE_UNITS } from '../captions/build.ts';
import { resolveTemplate, templateMotion } from '../templates/index.ts';
import { safeAreaPx } from '../templates/safe-area.ts';
import { textFirstLayout } from '../templates/text-first.ts';
import { SMALL_PRODUCT_GROWTH, uncaptionedLayout } from '../templates/uncaptioned.ts';
import { makeRoom, type PlacedShell, type RoomChoice } from './name-room.ts';
import { shortName } from '../script/text.ts';
import type { AspectRatio, Box, SceneKind, TemplateDef, TemplateLayout, TemplateMotion, VisualStyleDef } from '../templates/types.ts';
import { fitMove, hashString, kenBurnsFor, steadyZoom, STILL } from './motion.ts';
import { formatPrice } from './text.ts';
import { priceCountUp, productEntrance } from './entrances.ts';
import { isRtl } from '../captions/lang.ts';
import { frameImage, isWideImage, sceneFrame, type ImageFrame, type ImageInfo } from './media-frame.ts';
import { overlayMaker, overlaySpecs, placeText, slotFits, type NameForm } from './place-text.ts';
import { presenterLed, productShareTarget } from './product-share.ts';
import { clearOfInset, presenterOverProductViolations } from './presenter-clear.ts';
import { captionsBeside } from './caption-clear.ts';
import { productPlates } from './plates.ts';
import { productDetails } from './detail.ts';
import { groundBand, presenterDrawnBox } from './presenter.ts';
import { hasPictureHeader, pictureHeader } from './picture-header.ts';
import { ctaBesidePrice, type PriceRowContext } from './price-row.ts';
import { popUpShows } from './pop-up.ts';
import { layoutViolations } from './safety.ts';
import { stickerIds } from './text-product.ts';
import { clearTextOfProduct, roomForCards, GLIDE_MS, posed, withPoses, type PosedBuild, type Poses, type ScenePose } from './text-room.ts';
import { captionFitUnits, intersection, intersects, px } from './rules.ts';
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
  /** A custom template, compiled (templates/custom-scene.ts): used instead of templateId and visualStyle. */
  custom?: { def: TemplateDef; style: VisualStyleDef; logo: { box: Box } | null } | null;
  hasPresenter: boolean;
  /** The presenter's face box at rest as shares of its painter's box (presenterFaceShare), for a painter that is not a drawn figure. */
  presenterFace?: Box | null;
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
  /** Scene effects; absent: the template's transitions and a seeded move per scene. */
  effects?: SceneEffects;
  /** Internal: the layout's floorProduct variant refused (the name-room step moved the inset in it). */
  noFloor?: boolean;
}

/** What a template video's disable_* flags ask of the scenes (docs/templates.md "Effects"). */
export interface SceneEffects {
  /** false: every scene change is a cut (disable_trans). */
  transitions: boolean;
  /** random: each scene its own seeded Ken Burns move; steady: the same slow centred zoom every scene; none: still media. */
  motion: 'random' | 'steady' | 'none';
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


export interface Span {
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

function pickMedia(script: Script, product: ProductFacts, spans: readonly Span[], allowVideo: boolean, usable: readonly number[]): MediaSource[] {
  const images = usable.length;
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
      media = { kind: 'image', index: usable[((cue.imageIndex % images) + images) % images]! };
    } else if (videos > 0) {
      const index = prev?.kind === 'video' ? prev.index : nextVideo++ % videos;
      media = { kind: 'video', index, offsetMs: videoUse[index]! };
      videoUse[index]! += span.endMs - span.startMs;
    } else if (images > 0) {
      let index = usable[nextImage++ % images]!;
      if (images > 1 && prev?.kind === 'image' && prev.index === index) index = usable[nextImage++ % images]!;
      media = { kind: 'image', index };
    } else {
      media = { kind: 'art' };
    }
    out.push(media);
  });
  return out;
}

/** What mediaFraming needs: the request's choices and the product's images, no script or speech. */
export type FramingInput = Pick<TimelineInput, 'product' | 'templateId' | 'custom' | 'hasPresenter' | 'visualStyle' | 'aspectRatio' | 'caption' | 'scale' | 'imageInfo' | 'noFloor'>;

/**
 * The template, its layout and each product image's framing in it (by index; null when not
 * framed): everything the media layer prepares depends on, known before the narration is
 * spoken, so the renderer can prepare the images meanwhile (render/early-media.ts).
 */
export function mediaFraming(input: FramingInput) {
  const { width, height } = outputSize(input.aspectRatio, input.scale ?? 1);
  const resolved = input.custom
    ? resolveTemplate(input.custom.def, input.hasPresenter, input.aspectRatio, null, input.custom.style)
    : resolveTemplate(input.templateId, input.hasPresenter, input.aspectRatio, input.visualStyle);
  const { def } = resolved;
  // A blank (single-colour) image is not used (the video's warnings say so).
  const blankImages = input.product.imagePaths.map((_, i) => i).filter((i) => input.imageInfo?.[i]?.blank);
  const usable = input.product.imagePaths.map((_, i) => i).filter((i) => !blankImages.includes(i));
  const textFirst = usable.length === 0 && input.product.videoPaths.length === 0;
  // Side by Side keeps its own rule (its columns and rows): the captions never cross its product.
  const sharesFirst = !resolved.layout.tallProduct;
  /** `how`: 'clear' keeps clear of the band whatever the share; 'loose' ignores the band; else the share first. */
  const frameAll = (l: TemplateLayout, band?: Box, how?: 'clear' | 'loose'): (ImageFrame | null)[] => {
    if (!l.media) return input.product.imagePaths.map(() => null);
    const mediaBox = px(l.media.box, width, height);
    const stage = px(l.media.stage ?? l.media.box, width, height);
    const keepClear = l.media.clearOfCaptions && input.caption && how !== 'loose';
    const clear = keepClear ? { clear: band ?? px(l.captions, width, height), safe: safeAreaPx(input.aspectRatio, width, height) } : {};
    // A cover photo's subject keeps clear of the inset presenter's card and the name card's spot.
    const avoid = [...(l.presenter && l.presenter.frame !== 'none' && !presenterLed(def.layout, true) ? [px(l.presenter.box, width, height)] : []), px(l.slots.name.box, width, height)];
    const ctx = { frame: { width, height }, target: productShareTarget(def.layout, input.aspectRatio, !!l.presenter), card: l.media.frame === 'card' && l.media.motion !== 'carousel', carousel: l.media.motion === 'carousel', avoid, ...clear };
    const frames = input.product.imagePaths.map((_, i) => { const info = input.imageInfo?.[i]; return info ? frameImage(info, mediaBox, stage, ctx) : null; });
    if (!keepClear || how === 'clear' || !sharesFirst) return frames;
    // The share first: a product that cannot stand clear of the captions at its share target
    // keeps its share where it stood before, and the captions cross it (known misses: docs/rendering.md).
    const loose = frameAll(l, band, 'loose');
    return frames.map((f, i) => (f && loose[i] && f.mode === 'contain' && !f.limited && f.content.w * f.content.h < ctx.target * width * height - 1e-6 && loose[i]!.content.w * loose[i]!.content.h > f.content.w * f.content.h * 1.001 ? loose[i]! : f));
  };
  // The layout's tall-product variant (Side by Side 9:16's columns), where it has one, when it
  // shows the least-shown image larger than the rows do: a bottle, also beside a square or wide
  // photo (that pans in the column).
  const tall = !textFirst && !!resolved.layout.tallProduct && usable.length > 0 && leastShare(frameAll(resolved.layout.tallProduct), usable, resolved.layout.tallProduct, width, height) > leastShare(frameAll(resolved.layout), usable, resolved.layout, width, height);
  // The floor variant (the product on the lower half under the captions) when no usable image's
  // frame meets its captions band there (a cover photo, a tall photo panning the whole frame, a
  // frame-high cut-out: its middle third alone let a tall alpha product stand under the band).
  const floorLayout = resolved.layout.floorProduct;
  const floorBand = floorLayout ? px(floorLayout.captions, width, height) : null;
  // The wide variant (Side by Side 1:1 and 16:9: the product in a row the frame's width; the
  // card templates' wide card) when every usable image is wide and the variant shows each
  // without panning: in the layout's column or card it would pan a third of itself at a time.
  const wideLayout = resolved.layout.wideProduct;
  const wide = !textFirst && !tall && !!wideLayout && usable.length > 0 && usable.every((i) => isWideImage(input.imageInfo?.[i])) && frameAll(wideLayout).every((f, i) => !usable.includes(i) || f?.treatment !== 'pan');
  const floor = !input.noFloor && !textFirst && !tall && !wide && !!floorLayout && !!floorBand && usable.length > 0 && frameAll(floorLayout).every((f, i) => !usable.includes(i) || !f || (f.treatment !== 'cover' && !intersects(f.content, floorBand)));
  const shaped = textFirst ? textFirstLayout(resolved.layout, input.aspectRatio, input.caption) : tall ? resolved.layout.tallProduct! : wide ? wideLayout! : floor ? floorLayout! : resolved.layout;
  const unnarrowed = input.caption || textFirst ? shaped : uncaptionedLayout(shaped);
  // A product that cannot stand clear of the captions at its share: the captions narrow beside it
  // (caption-clear.ts; Side by Side has its own columns for that).
  const target = productShareTarget(def.layout, input.aspectRatio, !!unnarrowed.presenter);
  const inset = unnarrowed.presenter && unnarrowed.presenter.frame !== 'none' && !presenterLed(def.layout, true) ? px(unnarrowed.presenter.box, width, height) : null;
  const layout = input.caption && !textFirst && !resolved.layout.tallProduct ? captionsBeside(unnarrowed, (l) => frameAll(l, undefined, 'clear'), usable, width, height, target, inset) : unnarrowed;
  const framed = frameAll(layout);
  // The presenter never covers the product: a product that meets an inset's card moves to a side
  // of it (presenter-clear.ts), wherever the layout step puts the inset (name-room.ts moves it).
  const safeArea = safeAreaPx(input.aspectRatio, width, height);
  const insetClears = !!layout.presenter && layout.presenter.frame !== 'none' && !presenterLed(resolved.def.layout, true);
  const clear = { width, height, safeArea, captions: input.caption ? px(layout.captions, width, height) : null, target: productShareTarget(resolved.def.layout, input.aspectRatio, !!layout.presenter) };
  // Where no side of the inset clear of the captions holds the product at its share, it stands
  // beside the inset as it did before the captions rule (the captions cross it: a known miss).
  const band = clear.captions;
  const loose = insetClears && band && sharesFirst ? frameAll(layout, undefined, 'loose') : null;
  const besideInset = (f: ImageFrame | null, i: number, inset: Box): ImageFrame | null => {
    const c = clearOfInset(f, inset, clear);
    const stuck = !!c && c.mode === 'contain' && !!band && (intersects(c.content, inset) || intersects(c.content, band));
    return stuck && loose?.[i] ? clearOfInset(loose[i], inset, clear) : c;
  };
  const imagesFor = (who: { box: Box } | null, base: (ImageFrame | null)[] = framed) => (insetClears && who ? base.map((f, i) => besideInset(f, i, who.box)) : base);
  // The images as framed beside the layout's own presenter slot (what the render prepares unless a long name moves it).
  const images = imagesFor(layout.presenter ? { box: px(layout.presenter.box, width, height) } : null);
  // Framed again around a captions band that moved off its slot (Side by Side: the product keeps clear of it).
  const frameAround = (band: Box) => frameAll(layout, band);
  return { resolved, blankImages, usable, textFirst, layout, images, imagesFor, frameAround, floor, mediaBox: layout.media ? px(layout.media.box, width, height) : null };
}

/** The product images a script's scenes show (indices), as buildTimeline picks them. */
export function imagesPicked(script: Script, product: ProductFacts, usable: readonly number[], carousel: boolean): number[] {
  const spans: Span[] = script.sentences.map((s, i) => ({ sentence: i, kind: s.cue.kind, startMs: 0, endMs: 0 }));
  return [...new Set(pickMedia(script, product, spans, !carousel, usable).flatMap((m) => (m.kind === 'image' ? [m.index] : [])))];
}

/**
 * The timeline; where text would lie on a product shown whole, the product steps aside for it
 * (text-room.ts: built again in each pose, the first that clears the text kept).
 */
export function buildTimeline(input: TimelineInput): Timeline {
  return withStickers(chooseTimeline(input));
}

/** The overlays that sit on a product's edge as allowed stickers (sticker.ts) marked: their pill is drawn opaque. */
function withStickers(t: Timeline): Timeline {
  const ids = stickerIds(t);
  return ids.size ? { ...t, overlays: t.overlays.map((o) => (ids.has(o.id) ? { ...o, sticker: true as const } : o)) } : t;
}

function chooseTimeline(input: TimelineInput): Timeline {
  const durationMs = Math.max(1, Math.round(input.durationMs ?? input.speech.durationMs));
  const spans = sentenceSpans(input.script, input.speech, durationMs);
  // Then a card still in a sliver gets its room from a cover photo lowered for its scene (roomForCards).
  const build = roomKeepingBuild();
  const t = roomForCards(input, build, spans, clearTextOfProduct(input, build, spans));
  // The floor variant (Spotlight / Voice Over 9:16) is refused where it breaks a layout rule the
  // layout before keeps (seen: Voice Over's third card on the captions band, raised above the product).
  if (input.noFloor || !mediaFraming(input).floor) return ctaInPriceRow(t);
  const broken = layoutViolations(t).length;
  if (broken === 0) return ctaInPriceRow(t);
  // The layout before, unposed first (one build): its text-room search only when it does better.
  if (layoutViolations(buildPosed({ ...input, noFloor: true }, null)).length >= broken) return ctaInPriceRow(t);
  const before = clearTextOfProduct({ ...input, noFloor: true }, roomKeepingBuild(), spans);
  return ctaInPriceRow(layoutViolations(before).length < broken ? before : t);
}

/** What each build's texts kept clear of, for a call to action moved beside the price at the end (price-row.ts). */
const priceRows = new WeakMap<Timeline, PriceRowContext>();

/**
 * The timeline kept: where every search left the call to action over a product shown whole, it
 * goes beside the price's pill in its row when that is clear (price-row.ts). Last, so it never
 * stands in for a better layout the searches find (a product posed aside, a calm captions band).
 */
function ctaInPriceRow(t: Timeline): Timeline {
  const row = priceRows.get(t);
  if (!row) return t;
  const overlays = ctaBesidePrice(t.overlays, row);
  return overlays.every((o, i) => o === t.overlays[i]) ? t : { ...t, overlays };
}

/** The room each build chose for its texts (makeRoom), and whether it was the floor variant's. */
const roomChoices = new WeakMap<Timeline, { choice: RoomChoice; floor: boolean }>();

/**
 * buildPosed for the text-room search: where the unposed build's room search (makeRoom) found no
 * placement with every text clear, the posed builds take its choice (where the presenter stands,
 * the name's case and form) instead of searching again: a pose moves the product, not the
 * presenter or the name, and that search is the costly part of a build (~100 text placements for
 * a long German name; every pose tried paid it again). Where it found one, they search as before.
 */
function roomKeepingBuild(): PosedBuild<TimelineInput> {
  let keep: { choice: RoomChoice; floor: boolean } | null = null;
  return (input, poses, sentencePoses) => {
    const t = buildPosed(input, poses, sentencePoses, keep);
    keep ??= roomChoices.get(t) ?? null;
    return t;
  };
}

/**
 * The timeline with the products posed: `poses` per image (the whole video), `sentencePoses` per
 * sentence (its scene only: a sentence posed unlike its neighbour starts a scene of its own, the
 * product gliding between the two).
 */
function buildPosed(input: TimelineInput, poses: Poses | null, sentencePoses: ReadonlyMap<number, ScenePose> | null = null, keep: { choice: RoomChoice; floor: boolean } | null = null): Timeline {
  const fps = input.fps ?? DEFAULT_FPS;
  const { width, height } = outputSize(input.aspectRatio, input.scale ?? 1);
  const durationMs = Math.max(1, Math.round(input.durationMs ?? input.speech.durationMs));
  const frames = frameCount(durationMs, fps);
  const seed = input.seed ?? hashString(`${input.product.name}|${input.script.text}|${input.templateId}`);
  const framing = mediaFraming(input);
  const { resolved, blankImages, usable, textFirst } = framing;
  const { def, style } = resolved;
  let layout = framing.layout;
  const language = input.script.language;
  const spans = sentenceSpans(input.script, input.speech, durationMs);
  const picked = pickMedia(input.script, input.product, spans, layout.media?.motion !== 'carousel', usable);
  // Pop-up media (image cues): a short run of sentences naming no image between two that do keeps the product up, the same image.
  const named = input.script.sentences.map((s) => s.cue.imageIndex !== null && usable.length > 0);
  const shows = popUpShows(spans, named, layout.media?.show === 'image-cues');
  shows.forEach((show, i) => { if (show && !named[i] && layout.media?.show === 'image-cues' && i > 0) picked[i] = picked[i - 1]!; });

  const scenes: Scene[] = [];
  spans.forEach((span, i) => {
    const prev = scenes[scenes.length - 1];
    const cue = input.script.sentences[i]!.cue;
    const showMedia = shows[i]!;
    const samePose = sentencePoses?.get(prev?.sentences[0] ?? -1) === sentencePoses?.get(i);
    if (prev && sameMedia(prev.media, picked[i]!) && prev.showMedia === showMedia && samePose && layout.media?.motion !== 'carousel') {
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
      entrance: null,
    });
  });
  const motion = input.effects?.motion ?? 'random';
  const moves = templateMotion(def.layout);
  scenes.forEach((scene, i) => {
    const len = scene.endMs - scene.startMs;
    scene.motion = motion === 'none' ? STILL : motion === 'steady' ? steadyZoom(len) : kenBurnsFor(seed ^ hashString(`scene${i}`), len);
    if (i === 0 || input.effects?.transitions === false) return;
    const prevLen = scene.startMs - scenes[i - 1]!.startMs;
    // The template's transitions in turn, one per cut.
    const kind = moves.transitions[(i - 1) % moves.transitions.length]!;
    const d = Math.min(moves.ms, prevLen, len);
    scene.transitionIn = { kind: d >= 120 ? kind : 'cut', durationMs: d >= 120 ? d : 0 };
    // The same image in another pose: the product glides there (no cut).
    if (layout.media?.motion !== 'carousel' && sameMedia(scenes[i - 1]!.media, scene.media) && scenes[i - 1]!.showMedia && scene.showMedia) scene.transitionIn = { kind: 'glide', durationMs: Math.min(GLIDE_MS, prevLen, len) };
  });

  const mediaBox = layout.media ? px(layout.media.box, width, height) : null;
  const stage = layout.media ? px(layout.media.stage ?? layout.media.box, width, height) : null;
  const safeArea = safeAreaPx(input.aspectRatio, width, height);
  let reframed: (ImageFrame | null)[] | undefined;
  const poseContext = { width, height, safeArea, captions: input.caption ? px(layout.captions, width, height) : null, target: productShareTarget(def.layout, input.aspectRatio, !!layout.presenter), ...(layout.media?.motion === 'carousel' && mediaBox ? { within: mediaBox } : {}) };
  const imagesFor = (who: { box: Box } | null) => withPoses(framing.imagesFor(who, reframed), poses, poseContext);
  // A trimmed cut-out's edges are the product's, and a product moved clear of an inset keeps to its side: its scene's move stays in its room.
  const untamed = scenes.map((s) => s.motion);
  // A scene's own pose (a sentence posed for its text): the image's frame moved, held still.
  const scenePose = scenes.map((s) => sentencePoses?.get(s.sentences[0]) ?? null);
  const tame = (imgs: readonly (ImageFrame | null)[]) =>
    scenes.forEach((scene, i) => {
      const own = scene.media.kind === 'image' ? (imgs[scene.media.index] ?? null) : null;
      const p = scenePose[i] ? posed(own, scenePose[i]!, poseContext, false) : own;
      if (p && p !== own) scene.frame = p;
      else delete scene.frame;
      const f = sceneFrame(imgs, scene);
      // A cover photo's subject (ImageFrame.product) stays in its room clear of the cards.
      const cover = f?.treatment === 'cover' && !!f.product;
      scene.motion = f?.room && mediaBox ? fitMove(untamed[i]!, cover ? f.product! : f.content, f.room, mediaBox, cover) : untamed[i]!;
      // A cover photo lowered for a card (text-room.ts lowerCover): held still, zoomed, its top edge at its box's top.
      if (f?.topZoom) scene.motion = { kind: 'zoom', fromScale: f.topZoom, toScale: f.topZoom, fromX: 0, toX: 0, fromY: -1, toY: -1 };
    });
  let presenter = layout.presenter
    ? { ...layout.presenter, box: px(layout.presenter.box, width, height), panel: px(layout.presenter.panel, width, height), ...(input.presenterFace ? { face: input.presenterFace } : {}) }
    : null;
  const media = layout.media && mediaBox && stage ? { ...layout.media, box: mediaBox, stage, radius: layout.media.radius * Math.min(width, height) } : null;
  let images = imagesFor(presenter);
  tame(images);
  // The product's entrance per scene (still media, a template video's disable_moving: none).
  if (media && motion !== 'none')
    for (const scene of scenes) if (scene.showMedia && scene.transitionIn.kind !== 'glide') scene.entrance = productEntrance(moves.product, sceneFrame(images, scene), isRtl(language));
  const logo = input.custom?.logo ? px(input.custom.logo.box, width, height) : null;
  // Sentences with no card of their own show their key phrase when nothing else fills the frame:
  // no captions, or a product held small by its sharpness (a 300 px photo).
  const small = images.some((f) => f?.limited === 'sharpness');
  const phraseCards = !input.caption || small;
  // A small product with captions and no presenter (Voice Over): the price grows as without captions (its
  // slot only; the media box is unchanged). Beside a presenter it met the call to action (Presenter 9:16).
  if (small && input.caption && !textFirst && !layout.presenter) layout = uncaptionedLayout(layout, SMALL_PRODUCT_GROWTH);
  const fits = slotFits(layout, safeArea, height, language, style.text.uppercase);
  const colours = input.product.imagePaths.map((_, i) => input.imageInfo?.[i]?.colour);
  const platesFor = (imgs: readonly (ImageFrame | null)[], band: Box) => productPlates(media, scenes, imgs, width, height, input.caption ? band : null, style, colours);
  // Close-ups beside a thin product (detail.ts), on its plate; text keeps off them.
  const detailsFor = (imgs: readonly (ImageFrame | null)[], who: typeof presenter, band: Box) =>
    productDetails({ media, scenes, images: imgs, width, height, safeArea, captions: input.caption ? band : null, plates: platesFor(imgs, band), presenter: who && who.frame !== 'none' ? presenterDrawnBox(who) : null });
  const place = (who: typeof presenter, ownCaseName: boolean, nameForm: NameForm = 'auto', stop?: (s: PlacedShell) => boolean) => {
    const images = imagesFor(who);
    tame(images);
    const details = detailsFor(images, who, px(layout.captions, width, height));
    const specs = overlaySpecs(input, layout, spans, width, height, language, fits, phraseCards, nameForm, hasPictureHeader(who));
    const make = overlayMaker(layout, height, language, style.text.uppercase, spans[spans.length - 1]?.endMs ?? durationMs, ownCaseName);
    const shellOf = (overlays: readonly TextOverlay[], captionsBox: Box): PlacedShell => ({ presenter: who, media, scenes, images, width, height, safeArea, overlays, captionsBox: input.caption ? captionsBox : null, text: { language, uppercase: style.text.uppercase } });
    const result = placeText({ layout, presenter: who, media, scenes, images, width, height, durationMs, safeArea, caption: input.caption, logo, details, language, uppercase: style.text.uppercase }, specs, make, stop && ((placed, captionsBox) => stop(shellOf(placed, captionsBox))));
    return { ...result, shell: shellOf(result.overlays, result.captionsBox) };
  };
  // A text with no free spot (a long name, a long card): its own case, the presenter moved or smaller, then the short name with the full name elsewhere (name-room.ts).
  // A move of the presenter the product cannot step clear of is not tried (when it stands clear at the slot).
  const overProduct = (who: NonNullable<typeof presenter>) => {
    const imgs = imagesFor(who);
    tame(imgs);
    return presenterOverProductViolations({ presenter: who, media, layout: def.layout, scenes, images: imgs, width, height } as Timeline).length;
  };
  const clearOfProduct = presenter && overProduct(presenter) === 0 ? (who: NonNullable<typeof presenter>) => overProduct(who) === 0 : undefined;
  const roomFor = () => makeRoom(place, presenter, { uppercase: style.text.uppercase, safeArea, height, nameSlot: px(layout.slots.name.box, width, height), name: input.product.name, ...(clearOfProduct ? { clearOfProduct } : {}), keep: keep?.floor === framing.floor ? keep.choice : null, presenterStays: framing.floor });
  let room = roomFor();
  // The floor variant keeps the header for the texts and the inset: where the name-room step has to
  // move the inset (a long name: down onto the product's half), the layout before is used.
  if (framing.floor && presenter && !sameBox(room.presenter?.box ?? presenter.box, presenter.box)) return buildPosed({ ...input, noFloor: true }, poses, sentencePoses, keep);
  // The captions band moved off its slot (a face lower than the layout's, a presenter moved for a
  // long name): a product that keeps clear of it is framed again around where it went, and the text placed again.
  const band = room.placed.captionsBox;
  // (Not a band set beside the presenter on a calm ground: it was placed clear of the products as framed.)
  if (layout.media?.clearOfCaptions && input.caption && !room.placed.calmCaptions && !sameBox(band, px(layout.captions, width, height))) {
    reframed = framing.frameAround(band);
    room = roomFor();
  }
  presenter = room.presenter;
  // A figure left floating stands on a band under it (presenter.ts groundBand).
  const grounded = groundBand({ presenter, media, height, scenes });
  if (grounded) presenter = grounded.presenter;
  images = imagesFor(presenter);
  tame(images);
  const placed = room.placed;
  const captionsBox = placed.captionsBox;
  const captions = input.caption
    ? buildCaptions(input.speech.words, {
        language,
        maxUnits: captionUnits(captionsBox, input.aspectRatio),
        sentences: input.script.sentences,
        sentenceSpans: input.speech.sentences,
        protectedSpans: [input.product.name, shortName(input.product.name), input.product.brand, formatPrice(input.product.price, input.product.currency, language)],
      })
    : null;
  const overlays = placed.overlays.map((o) => withEntrance(o, moves, input.product, language));

  const timeline: Timeline = {
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
    // Across a full presenter's figure (no calm column beside it), the lines get a ground of their own.
    captionsGround: !!captions && presenter?.frame === 'none' && ((b) => !!b && intersects(captionsBox, b))(presenterDrawnBox(presenter)),
    captions,
    images,
    textFirst,
    blankImages,
    scenes,
    overlays,
    shapes: [
      ...(layout.shapes ?? []).map((r) => ({ role: r.role, box: px(r.box, width, height), fill: r.fill, alpha: r.alpha, radius: r.radius * Math.min(width, height), startMs: 0, endMs: durationMs })),
      ...platesFor(images, captionsBox),
      ...pictureHeader(presenter, durationMs),
      ...(grounded ? [{ role: 'band' as const, box: grounded.band, fill: 'surface' as const, alpha: 0.92, radius: 0, startMs: 0, endMs: durationMs }] : []),
    ],
    details: detailsFor(images, presenter, captionsBox),
    safeArea,
    logo,
    product: {
      name: input.product.name,
      brand: input.product.brand,
      price: formatPrice(input.product.price, input.product.currency, language),
    },
  };
  roomChoices.set(timeline, { choice: room.choice, floor: framing.floor });
  priceRows.set(timeline, placed.priceRow);
  return timeline;
}

const sameBox = (a: Box, b: Box): boolean => Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.w - b.w) < 0.5 && Math.abs(a.h - b.h) < 0.5;

/** The smallest share of the frame any of these images takes in a layout's media box (a cut-out counted whole; 0 when not framed). */
function leastShare(frames: readonly (ImageFrame | null)[], usable: readonly number[], l: TemplateLayout, width: number, height: number): number {
  const box = l.media ? px(l.media.box, width, height) : null;
  return Math.min(...usable.map((i) => {
    const f = frames[i];
    const seen = f && box ? (f.cutout ? f.content : intersection(f.content, box)) : null;
    return seen ? (seen.w * seen.h) / (width * height) : 0;
  }));
}

/**
 * The template's price and call-to-action entrances; a price counts up only when it is shown
 * as the formatter writes it (whole, one line), else it pops.
 */
function withEntrance(o: TextOverlay, moves: TemplateMotion, product: ProductFacts, language: string): TextOverlay {
  if (o.slot === 'cta') return { ...o, enter: moves.cta };
  if (o.slot !== 'price') return o;
  if (moves.price !== 'count') return { ...o, enter: moves.price };
  const count = o.lines.length === 1 && o.lines[0] === o.source ? priceCountUp(o.source, product.price, product.currency, language) : null;
  return count ? { ...o, enter: 'count', count } : { ...o, enter: 'pop' };
}

/**
 * Characters a caption line may hold: what fits the band at the caption size the renderer uses
 * (two lines to the band, cap ~0.66 of the line, ~0.58 em an average character), at most the
 * aspect ratio's readability limit.
 */
export function captionUnits(box: Box, aspectRatio: AspectRatio): number {
  return Math.max(10, Math.min(MAX_LINE_UNITS[aspectRatio], captionFitUnits(box)));
}

