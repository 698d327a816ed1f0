/**
 * How each product image is framed (pure), decided once from its pixel size, transparency and
 * backdrop: the treatment by shape (docs/rendering.md "The product leads") and where the product
 * lies at rest. The renderer (render/media.ts, media-layer.ts) makes the pixels.
 * - cover: an image of about the box's shape (and big enough) fills the box; in a tall full frame
 *   a photo up to square fills it too (TALL_FRAME_COVER), cropped around its subject;
 * - pan: a photo much wider (or taller) than its box covers a window of the box at a size it
 *   keeps sharp and slides across it along its long side for the scene;
 * - blur-extend: a wide photo in a wide box sits full width over a blurred fill of itself;
 * - cutout: a packshot on a plain backdrop (tall packshots above all) loses the backdrop and
 *   stands large on the template's background with a soft shadow;
 * - alpha: an image with real transparency is used as it is, placed like a cut-out;
 * - contain: any other image whole, as large as the share target asks, over a blurred fill.
 * Sizes grow until the product covers the share of the frame its template asks (productShareTarget)
 * when the box and MAX_UPSCALE allow.
 */
import type { Box } from '../templates/types.ts';
import type { MediaSource } from './types.ts';
import { intersection, intersects, MAX_UPSCALE, PRODUCT_HEADROOM, PRODUCT_SIDE_MARGIN } from './rules.ts';

/** What the renderer learns about an image before the timeline is built (sharp metadata and a small thumbnail). */
export interface ImageInfo {
  width: number;
  height: number;
  /** Has transparent pixels (a cut-out). */
  alpha: boolean;
  /** Its border is mostly one colour (a packshot on white): the backdrop can be removed. */
  plain?: boolean;
  /** Blank: one colour all over (a placeholder or a failed export); not used. */
  blank?: boolean;
  /** The product's typical colour (#rrggbb; without its backdrop when that is plain), for its plate's colour. */
  colour?: string | null;
  /**
   * The trimmed product box (fractions of the image, 0..1): the bounding box of its opaque
   * pixels once a plain backdrop is flooded away, or of an alpha image's own. A cut-out is
   * framed and counted by it (absent: the whole image).
   */
  trim?: Box;
  /**
   * A photo's subject (fractions of the image, 0..1): the largest object that stands out from
   * its border's colours (render/subject.ts). A cover photo is cropped to keep it clear of the
   * frame's cards (FrameContext.avoid).
   */
  subject?: Box;
}

export type ImageTreatment = 'cover' | 'pan' | 'blur-extend' | 'cutout' | 'alpha' | 'contain';

export interface ImageFrame {
  mode: 'cover' | 'contain';
  /** The treatment chosen by shape (the renderer prepares the pixels for it). */
  treatment: ImageTreatment;
  /**
   * Where the product lies at rest, in frame pixels: the box for cover, the visible window for
   * pan, the trimmed product box for a cut-out or alpha image (ImageInfo.trim; the whole image
   * when unknown), the whole image for the others.
   */
  content: Box;
  /** cutout/alpha: the part of the image `content` shows (ImageInfo.trim); the renderer crops to it. */
  trim?: Box;
  /**
   * With `trim`, a cut-out, or a band to keep clear (FrameContext.clear): the room the product
   * stands in (its box, or the frame when it floats past a card; the part of it beside the band),
   * a cut-out's less PRODUCT_HEADROOM of the frame's height at the frame's top and bottom. Its
   * scene's Ken Burns move is tamed to stay in it (motion.ts fitMove): never cut, never touching
   * the edge, and no product grows into the captions. A cover photo cropped for its subject
   * (coverCrop): the room its subject (`product`) keeps to, clear of the cards.
   */
  room?: Box;
  /**
   * cover: the product's own box in frame pixels, when known — the image's trimmed product box
   * (ImageInfo.trim) on a photo drawn uncropped (of its box's shape). A cut-out's is `content`
   * (productBox). contain: an alpha image (or cut-out) drawn whole in a carousel's card, untrimmed
   * (the card is its frame): its trimmed product box (ImageInfo.trim) within `content`, what text
   * keeps clear of (text-product.ts); its transparent margin is the card's white.
   */
  product?: Box;
  /** Show over the template's background (cut-out or alpha) rather than a blurred fill of the image. */
  cutout: boolean;
  source: { width: number; height: number };
  /**
   * pan: the image's drawn size (covers `content`, longer along the pan axis); `from`/`to`: where
   * the pan starts and ends, as shares (0..1) of the drawn image's spare length along the axis
   * (absent: end to end); `product`: the image's product (its trimmed box or subject, fractions of
   * the image) the travel keeps whole in the window (panTravel).
   */
  pan?: { axis: 'x' | 'y'; width: number; height: number; from?: number; to?: number; product?: Box };
  /**
   * Why the product stays under its share target, when it does for a reason no slot can change:
   * `sharpness` (already at MAX_UPSCALE: a small image), `shape` (as large as the whole frame
   * allows for an image this long, e.g. a 1:3 bottle in 16:9), `inset` (as large as the room
   * beside an inset presenter allows, which it never stands under: presenter-clear.ts).
   */
  limited?: 'sharpness' | 'shape' | 'inset';
  /**
   * cover: where the photo is cropped, as the share (0..1, each axis) of its spare width and
   * height left of and above the box (absent: around sharp's attention point). Chosen so its
   * subject stands clear of FrameContext.avoid and the frame's edges (coverCrop).
   */
  crop?: { x: number; y: number };
  /**
   * cover, a scene's pose (text-room.ts lowerCover): the photo held still at this zoom, its top edge at
   * its box's top (its middle third lower, for a card's room); `content` is the picture so drawn.
   */
  topZoom?: number;
}

/** Boxes whose aspect differs from the image's by more than this show the image whole. */
export const COVER_TOLERANCE = 1.3;
/** A contained product fills this share of its stage's limiting side (room for its shadow). */
export const CONTAIN_FILL = 0.9;
/** Wide: at least this many times wider than high (tall: the inverse). */
export const WIDE_ASPECT = 2;

/**
 * Whether an image's product is wide (at least WIDE_ASPECT: a sofa, a panorama); unknown images
 * are not. A packshot on a plain backdrop or an alpha image is judged by its trimmed product (a
 * thin bottle in the middle of a 3:1 white photo is not a wide product).
 */
export function isWideImage(info: ImageInfo | null | undefined): boolean {
  if (!info) return false;
  const t = (info.plain || info.alpha) && info.trim ? info.trim : null;
  return info.width * (t?.w ?? 1) >= info.height * (t?.h ?? 1) * WIDE_ASPECT;
}

export const TALL_ASPECT = 0.6;
/** A panning image is at most this many windows long, so the pan reads as a move, not a blur. */
export const PAN_MAX_WINDOWS = 2.2;
/** Share targets are met with this margin (the boxes are in whole pixels after scaling). */
const SHARE_MARGIN = 1.08;

export function fitsByCover(a: number, b: number): boolean {
  const r = a / b;
  return r <= COVER_TOLERANCE && r >= 1 / COVER_TOLERANCE;
}

export interface FrameContext {
  /** The output frame (0,0,w,h). */
  frame: { width: number; height: number };
  /** Share of the frame the product should cover (productShareTarget); 0: the stage fit only. */
  target: number;
  /** The box is a card (a framed slot) rather than a full-bleed layer; a cut-out may stand past it. */
  card?: boolean;
  /** Carousel cards hold their picture: a packshot on a plain backdrop covers the card as it is. */
  carousel?: boolean;
  /**
   * A band a product shown whole stands clear of (the captions band, in layouts that ask for it:
   * MediaRule.clearOfCaptions): it takes the largest part of its room above, below or beside it.
   */
  clear?: Box;
  /** The platform safe area (with `clear`): a product kept clear of the band keeps its middle third in it. */
  safe?: Box;
  /**
   * Boxes a cover photo's subject (ImageInfo.subject) stays clear of: the inset presenter's card
   * and the name card's spot. A photo cropped to cover a tall frame where no crop keeps it clear
   * is shown whole on its stage instead (the treatment before TALL_FRAME_COVER).
   */
  avoid?: Box[];
  /** No TALL_FRAME_COVER (the fallback of a photo no crop keeps clear of `avoid`). */
  noTallCover?: boolean;
}

/** A photo at least this much longer than its window (aspect over aspect) may pan in a part of it. */
const PAN_PARTIAL_RATIO = 2;

/**
 * A photo in a tall full frame (9:16) may be cropped this much at its sides to cover it: a square
 * photo (1.78× the frame's aspect) fills a 9:16 frame, a 4:3 one does not (it pans or sits on the stage).
 */
export const TALL_FRAME_COVER = 1.8;

/** A photo in a window (a card or a part of the frame) may be cropped this much to cover it. */
export const WINDOW_COVER_TOLERANCE = 1.5;

/**
 * The treatment for an image of this shape in this box (pure). `windowed`: the box is a card or
 * a part of the frame (a photo covers it, panning when much longer than it); else the box is the
 * whole frame and a photo far from its shape sits on the stage.
 */
export function chooseTreatment(info: ImageInfo, box: Box, windowed = false, tallCover = true): ImageTreatment {
  const a = Math.max(1, info.width) / Math.max(1, info.height);
  const boxA = box.w / box.h;
  const coverScale = Math.max(box.w / Math.max(1, info.width), box.h / Math.max(1, info.height));
  if (info.alpha) return 'alpha';
  // A wide image pans across a tall or square box even on a plain backdrop: cut out, it would be a thin strip.
  const panWide = a >= WIDE_ASPECT && boxA <= COVER_TOLERANCE;
  if (info.plain && !panWide && (a <= TALL_ASPECT || !fitsByCover(a, boxA))) return 'cutout';
  if (fitsByCover(a, boxA) && coverScale <= MAX_UPSCALE) return 'cover';
  // A photo up to square in a tall full frame fills it, cropped at its sides around its subject:
  // contained, it was a card in the middle between blurred empty fields (a letterboxed photo).
  if (tallCover && !windowed && boxA < 1 && a >= boxA && a / boxA <= TALL_FRAME_COVER && coverScale <= MAX_UPSCALE) return 'cover';
  if (windowed) {
    // A wide product on a plain backdrop stands in its middle: a window crops to it rather than panning over bare backdrop.
    if (panWide && info.plain && coverScale <= MAX_UPSCALE) return 'cover';
    const r = a / boxA;
    if (r <= WINDOW_COVER_TOLERANCE && r >= 1 / WINDOW_COVER_TOLERANCE && coverScale <= MAX_UPSCALE) return 'cover';
    // Longer than the window: covers its cross side at a sharp size and slides along the long one.
    const cross = r > 1 ? box.h / Math.max(1, info.height) : box.w / Math.max(1, info.width);
    if (cross <= MAX_UPSCALE) return 'pan';
    // Much wider than a tall window (a square or 3:1 photo in Side by Side's product column): it
    // pans in a window as tall as stays sharp, when that is at least half the box (the rest the
    // blurred copy), rather than a small contained strip.
    return r >= PAN_PARTIAL_RATIO && cross <= MAX_UPSCALE * 2 ? 'pan' : 'contain';
  }
  if (a >= WIDE_ASPECT) return boxA <= COVER_TOLERANCE ? 'pan' : 'blur-extend';
  if (a <= TALL_ASPECT && boxA >= a * COVER_TOLERANCE) return 'pan';
  return 'contain';
}

/**
 * The frame of one image for a media box and the stage a contained product sits on (the stage
 * is the box itself for cards, a text-free band for full-bleed layouts).
 */
export function frameImage(info: ImageInfo, box: Box, stage: Box, ctx?: FrameContext): ImageFrame {
  const source = { width: Math.max(1, info.width), height: Math.max(1, info.height) };
  const fw = ctx?.frame.width ?? box.x + box.w;
  const fh = ctx?.frame.height ?? box.y + box.h;
  const view = intersection(box, { x: 0, y: 0, w: fw, h: fh }) ?? box;
  const windowed = !!ctx && (box.w < fw - 1 || box.h < fh - 1);
  const treatment = ctx ? chooseTreatment(ctx.carousel ? { ...info, plain: false } : info, box, windowed, !ctx.noTallCover) : legacyTreatment(info, box);
  if (treatment === 'cover' && ctx?.avoid && info.subject) {
    // Cropped where its subject stands clear of the cards and the frame's edges; a photo cropped
    // only to fill a tall frame where no crop can is shown whole on its stage instead.
    const placed = coverCrop(info.subject, source, box, ctx.avoid, fw, fh);
    if (placed) return { mode: 'cover', treatment, content: { ...box }, cutout: false, source, ...placed };
    if (!fitsByCover(source.width / source.height, box.w / box.h)) return frameImage(info, box, stage, { ...ctx, noTallCover: true });
  }
  if (treatment === 'cover') {
    // Uncropped (of the box's shape), a plain-backed photo's trimmed product box is where its product lies.
    const t = usableTrim(info.trim);
    const uncropped = Math.abs(source.width / source.height / (box.w / box.h) - 1) < 0.01;
    const product = t && uncropped ? { x: box.x + t.x * box.w, y: box.y + t.y * box.h, w: t.w * box.w, h: t.h * box.h } : null;
    return { mode: 'cover', treatment, content: { ...box }, cutout: false, source, ...(product ? { product } : {}) };
  }
  if (treatment === 'pan') return panFrame(source, windowed ? box : view, stage, ctx ? ctx.target * SHARE_MARGIN * fw * fh : 0, usableTrim(info.trim) ?? info.subject);
  if (treatment === 'blur-extend') {
    const w = Math.min(view.w, source.width * MAX_UPSCALE);
    const h = (w * source.height) / source.width;
    const cy = clampCentre(stage.y + stage.h / 2, h, view.y, view.h);
    const content = { x: view.x + (view.w - w) / 2, y: cy - h / 2, w, h };
    if (!ctx?.clear || !intersects(content, ctx.clear)) return { mode: 'contain', treatment, content, cutout: false, source };
    // Clear of a band (the captions): in the part of the frame around it that holds it largest, with room for its move.
    const fits = roomsAround(view, ctx.clear).map((room) => ({ room, w: Math.min(w, room.w, (room.h * heightFill(false) * source.width) / source.height) }));
    const { room, w: cw } = fits.reduce((a, b) => (b.w > a.w + 1e-9 ? b : a));
    const ch = (cw * source.height) / source.width;
    const x = clampCentre(stage.x + stage.w / 2, cw, room.x, room.w);
    const y = clampCentre(stage.y + stage.h / 2, ch, room.y, room.h);
    return { mode: 'contain', treatment, content: { x: x - cw / 2, y: y - ch / 2, w: cw, h: ch }, cutout: false, source, room };
  }
  // contain, cutout, alpha: the product on the stage, grown towards the share target; a cut-out
  // or alpha image by its trimmed product box (the backdrop around it is gone: it takes no room).
  const cutout = treatment === 'cutout' || treatment === 'alpha';
  // Not in a carousel card: the card is the picture's frame (it holds it on its own white).
  const trim = cutout && !ctx?.carousel ? usableTrim(info.trim) : undefined;
  const prod = trim ? { width: source.width * trim.w, height: source.height * trim.h } : source;
  // A cut-out may stand past its card (it floats on the background); a photo stays in its box.
  const whole = roomOf(cutout, ctx?.card, view, fw, fh);
  // Clear of a band (the captions): the part of the room around it that holds the product largest.
  const rooms = ctx?.clear ? roomsAround(whole, ctx.clear) : [whole];
  // A cut-out never outgrows its room (the stage may reach into the headroom), nor a product kept clear of a band.
  const sized = rooms.map((room) => ({ room, k: productScale(prod, stage, room, cutout, ctx, fw, fh, cutout || !!ctx?.clear) }));
  // Beside a band, a room where the product's middle third would leave the safe area is no place
  // for it (a bottle in the sliver left of a wide band); of rooms holding it alike, the nearer its stage.
  const placeable = sized.filter(({ room, k }) => rooms.length === 1 || !ctx?.safe || heartInside(prod.width * k, prod.height * k, stage, room, ctx.safe));
  const near = (r: Box) => Math.hypot(r.x + r.w / 2 - (stage.x + stage.w / 2), r.y + r.h / 2 - (stage.y + stage.h / 2));
  const { room, k } = (placeable.length ? placeable : sized).reduce((a, b) => (b.k > a.k * 1.001 || (b.k > a.k * 0.999 && near(b.room) < near(a.room)) ? b : a));
  const w = prod.width * k;
  const h = prod.height * k;
  const cx = clampCentre(stage.x + stage.w / 2, w, room.x, room.w);
  const cy = clampCentre(stage.y + stage.h / 2, h, room.y, room.h);
  // The room goes with the frame when the move must keep the product in it (a cut-out's edges and headroom, a band to keep clear).
  const content = { x: cx - w / 2, y: cy - h / 2, w, h };
  // Whole in a carousel's card: where in it the product itself stands (its trim), for the text beside it.
  const cardTrim = cutout && ctx?.carousel ? usableTrim(info.trim) : undefined;
  const product = cardTrim ? { x: content.x + cardTrim.x * w, y: content.y + cardTrim.y * h, w: cardTrim.w * w, h: cardTrim.h * h } : null;
  const frame: ImageFrame = { mode: 'contain', treatment, content, cutout, source, ...(trim ? { trim } : {}), ...(product ? { product } : {}), ...(cutout || ctx?.clear ? { room } : {}) };
  if (ctx && ctx.target > 0 && w * h < ctx.target * fw * fh - 1e-6) {
    if (k >= MAX_UPSCALE - 1e-9 || prod.width * prod.height * MAX_UPSCALE ** 2 < ctx.target * fw * fh) frame.limited = 'sharpness';
    // As large as the frame allows for its shape: the side that stops it spans the whole frame
    // (a 1:3 bottle the full height of a 16:9 frame less its headroom, in the whole frame or a full-height half).
    else if (tallBound(prod, room, cutout) ? room.h >= fh * (1 - (cutout ? 2 * PRODUCT_HEADROOM : 0)) - 1 : room.w >= fw - (cutout ? 2 * PRODUCT_SIDE_MARGIN * Math.min(fw, fh) : 0) - 1) frame.limited = 'shape';
  }
  return frame;
}

/**
 * The scale of a product shown whole: its stage fit, grown towards the share target within its
 * room and MAX_UPSCALE; `bounded`: never past the room (a band to keep clear lies beyond it).
 */
function productScale(prod: { width: number; height: number }, stage: Box, room: Box, cutout: boolean, ctx: FrameContext | undefined, fw: number, fh: number, bounded: boolean): number {
  const fit = Math.min((room.w * 0.96) / prod.width, (room.h * heightFill(cutout)) / prod.height, MAX_UPSCALE);
  let k = Math.min((stage.w * CONTAIN_FILL) / prod.width, (stage.h * CONTAIN_FILL) / prod.height, MAX_UPSCALE);
  if (bounded) k = Math.min(k, fit);
  if (ctx && ctx.target > 0 && prod.width * prod.height * k * k < ctx.target * SHARE_MARGIN * fw * fh) {
    const want = Math.sqrt((ctx.target * SHARE_MARGIN * fw * fh) / (prod.width * prod.height));
    k = Math.max(k, Math.min(want, fit));
  }
  return k;
}

/** Whether a product w × h placed in `room` as frameImage places it keeps its middle third in `safe`. */
function heartInside(w: number, h: number, stage: Box, room: Box, safe: Box): boolean {
  const cx = clampCentre(stage.x + stage.w / 2, w, room.x, room.w);
  const cy = clampCentre(stage.y + stage.h / 2, h, room.y, room.h);
  const [hx, hy] = [cx - w / 6, cy - h / 6];
  const E = 1e-6;
  return hx >= safe.x - E && hy >= safe.y - E && hx + w / 3 <= safe.x + safe.w + E && hy + h / 3 <= safe.y + safe.h + E;
}

/** The parts of `room` above, below, left and right of `band` (the whole room when they do not meet). */
export function roomsAround(room: Box, band: Box): Box[] {
  const hit = intersection(room, band);
  if (!hit) return [room];
  const [x1, y1, bx1, by1] = [room.x + room.w, room.y + room.h, band.x + band.w, band.y + band.h];
  const parts: Box[] = [
    { x: room.x, y: room.y, w: room.w, h: band.y - room.y },
    { x: room.x, y: by1, w: room.w, h: y1 - by1 },
    { x: room.x, y: room.y, w: band.x - room.x, h: room.h },
    { x: bx1, y: room.y, w: x1 - bx1, h: room.h },
  ];
  return parts.filter((b) => b.w > 1 && b.h > 1);
}

/** The gap a cover photo's subject keeps from a card (share of the frame's shorter side; presenter-clear.ts PRESENTER_GAP). */
const CARD_GAP = 0.02;
/** Crop positions tried per axis (0..1 of the spare width or height). */
const CROP_STEPS = 40;

/**
 * Where to crop a photo covering `box` so its subject (fractions of the image) stands in a room
 * clear of every `avoid` box (CARD_GAP from it) and PRODUCT_SIDE_MARGIN in from the frame's edges: the
 * crop whose subject has the most room to spare (its move is then tamed to that room, motion.ts
 * fitMove), the subject most in the middle of its room among equals; null when no crop holds it in any room.
 */
export function coverCrop(subject: Box, source: { width: number; height: number }, box: Box, avoid: readonly Box[], fw: number, fh: number): { crop: { x: number; y: number }; product: Box; room: Box } | null {
  const k = Math.max(box.w / source.width, box.h / source.height);
  const [dw, dh] = [source.width * k, source.height * k];
  const [sx, sy] = [Math.max(0, dw - box.w), Math.max(0, dh - box.h)];
  const m = PRODUCT_SIDE_MARGIN * Math.min(fw, fh);
  const gap = CARD_GAP * Math.min(fw, fh);
  const inner = intersection(box, { x: m, y: m, w: fw - 2 * m, h: fh - 2 * m });
  if (!inner) return null;
  // The rooms clear of every avoid box: one side of each (above, below, left, right), together.
  let rooms: Box[] = [inner];
  for (const a of avoid) {
    const g = { x: a.x - gap, y: a.y - gap, w: a.w + 2 * gap, h: a.h + 2 * gap };
    rooms = rooms.flatMap((r) => roomsAround(r, g));
  }
  const steps = (spare: number) => (spare > 1 ? Array.from({ length: CROP_STEPS + 1 }, (_, i) => i / CROP_STEPS) : [0.5]);
  let best: { crop: { x: number; y: number }; product: Box; room: Box; slack: number; off: number } | null = null;
  for (const cx of steps(sx))
    for (const cy of steps(sy)) {
      const product = { x: box.x - cx * sx + subject.x * dw, y: box.y - cy * sy + subject.y * dh, w: subject.w * dw, h: subject.h * dh };
      for (const room of rooms) {
        const sx0 = Math.min(product.x - room.x, room.x + room.w - product.x - product.w);
        const sy0 = Math.min(product.y - room.y, room.y + room.h - product.y - product.h);
        // The least room to spare; among equals the subject most in the middle of its room, then of the photo.
        const slack = Math.min(sx0, sy0);
        const off = Math.abs(cx - 0.5) + Math.abs(cy - 0.5) - (sx0 + sy0);
        if (slack >= 0 && (!best || slack > best.slack + 0.5 || (slack > best.slack - 0.5 && off < best.off))) best = { crop: { x: cx, y: cy }, product, room, slack, off };
      }
    }
  return best && { crop: best.crop, product: best.product, room: best.room };
}

/** The product's own box in frame pixels, when known: a cut-out's or alpha image's content, an uncropped photo's trimmed product (else null). */
export function productBox(f: ImageFrame): Box | null {
  return f.cutout ? f.content : (f.product ?? null);
}

/** A trim box worth using: inside the image and not the whole of it (else none). */
function usableTrim(t: Box | undefined): Box | undefined {
  if (!t || !(t.w > 0 && t.h > 0) || t.x < 0 || t.y < 0 || t.x + t.w > 1 + 1e-9 || t.y + t.h > 1 + 1e-9) return undefined;
  return t.w * t.h >= 0.999 ? undefined : t;
}

/** How much of its room's height a product shown whole may take (a cut-out's room is already clear of the frame's top and bottom; the rest is for its slow zoom). */
const heightFill = (cutout: boolean): number => (cutout ? 0.985 : 0.94);

/**
 * Where a product shown whole may stand: its box (clipped to the frame), or the whole frame for a
 * cut-out floating past its card; a cut-out's room leaves PRODUCT_HEADROOM of the frame's height
 * clear at the frame's top and bottom, PRODUCT_SIDE_MARGIN of its shorter side at its left and right.
 */
function roomOf(cutout: boolean, card: boolean | undefined, view: Box, fw: number, fh: number): Box {
  const room = cutout && card ? { x: 0, y: 0, w: fw, h: fh } : cutout ? toFoot(view, fw, fh) : view;
  if (!cutout) return room;
  // The side margin where the room is the frame's width (a full-bleed layout, a cut-out floating
  // past its card); a split's half keeps its own fit (its 30 % share needs the column's width).
  return intersection(room, cutoutArea(fw, fh, room.w >= fw - 1)) ?? room;
}

/**
 * A row the frame's width whose bottom edge lies in the frame's foot (within 2 × PRODUCT_HEADROOM
 * of its bottom: Side by Side 9:16's product row, 48-94 %): a cut-out in it may stand past that
 * edge down to the headroom (issue 27, bench #10: a squat bottle under the captions band 27.7 %
 * in the row, 30.1 % standing to the headroom), as a cut-out stands past its card.
 */
function toFoot(view: Box, fw: number, fh: number): Box {
  const bottom = view.y + view.h;
  const foot = fh * (1 - PRODUCT_HEADROOM);
  return view.w >= fw - 1 && bottom < foot && bottom >= fh * (1 - 2 * PRODUCT_HEADROOM) ? { ...view, h: foot - view.y } : view;
}

/** Where a cut-out may stand in a frame: all of it less PRODUCT_HEADROOM at the top and bottom and (`sides`) PRODUCT_SIDE_MARGIN at the sides. */
export function cutoutArea(fw: number, fh: number, sides = true): Box {
  const [mx, my] = [sides ? PRODUCT_SIDE_MARGIN * Math.min(fw, fh) : 0, PRODUCT_HEADROOM * fh];
  return { x: mx, y: my, w: fw - 2 * mx, h: fh - 2 * my };
}

/** Whether a product shown whole in `room` is stopped by the room's height (else by its width). */
function tallBound(source: { width: number; height: number }, room: Box, cutout: boolean): boolean {
  return (room.h * heightFill(cutout)) / source.height <= (room.w * 0.96) / source.width;
}

/** Before treatments (a caller with no frame context): cover or contain by shape only. */
function legacyTreatment(info: ImageInfo, box: Box): ImageTreatment {
  const coverScale = Math.max(box.w / Math.max(1, info.width), box.h / Math.max(1, info.height));
  if (!info.alpha && fitsByCover(info.width / Math.max(1, info.height), box.w / box.h) && coverScale <= MAX_UPSCALE) return 'cover';
  return info.alpha ? 'alpha' : 'contain';
}

/** A centre for a length `len` near `c`, kept inside [from, from + span] when it fits. */
function clampCentre(c: number, len: number, from: number, span: number): number {
  if (len >= span) return from + span / 2;
  return Math.min(Math.max(c, from + len / 2), from + span - len / 2);
}

/**
 * Pan: the image covers a window of the box, scaled so it stays sharp (MAX_UPSCALE) and is at
 * most PAN_MAX_WINDOWS windows long; the window is the box's full width (height for tall images)
 * and as tall (wide) as that allows, centred on the stage.
 */
function panFrame(source: { width: number; height: number }, view: Box, stage: Box, wantArea: number, product?: Box): ImageFrame {
  const wide = source.width >= source.height * (view.w / view.h);
  const a = source.width / source.height;
  if (wide) {
    const w = view.w;
    const sharp = Math.min(view.h, source.height * MAX_UPSCALE);
    // At most PAN_MAX_WINDOWS windows long, unless the share target asks for a taller window.
    const h = Math.min(sharp, Math.max((PAN_MAX_WINDOWS * w) / a, wantArea / w), sharp);
    const k = Math.max(h / source.height, w / source.width);
    const cy = clampCentre(stage.y + stage.h / 2, h, view.y, view.h);
    const drawn = source.width * k;
    return {
      mode: 'cover', treatment: 'pan', cutout: false, source,
      content: { x: view.x, y: cy - h / 2, w, h },
      pan: { axis: 'x', width: drawn, height: source.height * k, ...panTravel(drawn, w, product && [product.x, product.x + product.w]), ...(product ? { product } : {}) },
    };
  }
  const h = view.h;
  const sharp = Math.min(view.w, source.width * MAX_UPSCALE);
  const w = Math.min(sharp, Math.max(PAN_MAX_WINDOWS * h * a, wantArea / h));
  const k = Math.max(w / source.width, h / source.height);
  const cx = clampCentre(stage.x + stage.w / 2, w, view.x, view.w);
  const drawn = source.height * k;
  return {
    mode: 'cover', treatment: 'pan', cutout: false, source,
    content: { x: cx - w / 2, y: view.y, w, h },
    pan: { axis: 'y', width: source.width * k, height: drawn, ...panTravel(drawn, h, product && [product.y, product.y + product.h]), ...(product ? { product } : {}) },
  };
}

/**
 * A panning photo's product keeps this share of the window's length from the window's ends (it
 * never touches the edge; PRODUCT_SIDE_MARGIN's 4 %).
 */
export const PAN_PRODUCT_MARGIN = PRODUCT_SIDE_MARGIN;

/**
 * Where a pan starts and ends (shares 0..1 of the drawn image's spare length `drawn - win`), so
 * the image's product (`span`: its start and end along the pan's axis, fractions of the image)
 * stays whole in the window, PAN_PRODUCT_MARGIN from its ends, the whole scene; across the
 * product alone when it is longer than that; end to end when it is unknown. Sliding end to end,
 * a 3:1 photo's lamp (23 % of its width) left a 9:16 frame at both ends of every scene and was
 * out of it for a third of one (bench:quality cell 1, 2026-11-29 (7)).
 */
export function panTravel(drawn: number, win: number, span?: readonly [number, number]): { from: number; to: number } {
  const spare = drawn - win;
  if (!span || spare <= 0.5) return { from: 0, to: 1 };
  const m = win * PAN_PRODUCT_MARGIN;
  const [a, b] = [span[0] * drawn, span[1] * drawn];
  // Offsets (the window's start in the image) that hold [a, b] inside [o + m, o + win - m].
  let [lo, hi] = [b - win + m, a - m];
  if (lo > hi) [lo, hi] = [hi, lo];
  const c = (v: number) => Math.min(Math.max(v, 0), spare) / spare;
  return { from: c(lo), to: c(hi) };
}

/** The frame a scene shows its image in: its own pose (Scene.frame) or the image's; null for other media. */
export function sceneFrame(images: readonly (ImageFrame | null)[], s: { media: MediaSource; frame?: ImageFrame }): ImageFrame | null {
  if (s.media.kind !== 'image') return null;
  return s.frame ?? images[s.media.index] ?? null;
}
