/**
 * Draws one frame of a timeline. Static layers (the background and avatar scene, the inset's
 * backing and ring, text sprites) are rasterised once; per frame it blits the base, draws the
 * media box, the presenter's figure, the overlay sprites with their entrance moves, and the
 * caption sprites. Layer order: base, full-bleed media, presenter, card media, overlays, captions.
 *
 * The canvas is kept between frames, and each layer reports a key that changes exactly when its
 * pixels do: the media (MediaLayer.stateKey: a pan or zoom between its steps, a still card), the
 * presenter (posed on twos, as 2D animation is: a new pose every other frame), each overlay (its
 * place, size and opacity) and the captions (page, spoken word, pop). When the media key is the
 * previous frame's, only the rectangles of layers whose keys changed are redrawn, this frame's
 * and the previous frame's, each under a plain rectangle clip with the same layers in the same
 * order, so the frame is the one a full redraw gives (tested against full redraws). A frame
 * where nothing changed is not drawn or read back at all: `pixels()` hands out the last buffer
 * again, which the renderer then does not send (timed frames, mkv-frames.ts).
 */
import { createCanvas, loadImage, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { ProductFacts } from '../types.ts';
import { isRtl } from '../captions/lang.ts';
import { clamp01, easeOutBack, easeOutCubic } from '../timeline/motion.ts';
import { frameTimeMs } from '../timeline/build.ts';
import { overlayMinFontPx, OVERLAY_ENTER_MS } from '../timeline/rules.ts';
import type { Box } from '../templates/types.ts';
import type { TextOverlay, Timeline } from '../timeline/types.ts';
import { paintAvatarScene, type Presenter, type PresenterSource } from './avatar-adapter.ts';
import { drawStyleBackground } from './background.ts';
import { CaptionLayer, sampleSurfaces } from './caption-layer.ts';
import { CaptionGround } from './caption-ground.ts';
import { MediaLayer } from './media-layer.ts';
import type { EarlyMedia } from './early-media.ts';
import { overlaySprite, cardIconPx, type Sprite } from './text-sprites.ts';
import { drawShapes } from './shapes.ts';
import { captionsCrossSplit, captionSurfaceAt } from '../timeline/caption-surface.ts';
import { neededContrast } from '../templates/legibility.ts';
import { CAPTION_SIZE } from '../captions/place.ts';
import { iconImage } from './icons.ts';
import { FigureSprite } from './figure-sprite.ts';

/** The presenter is posed on twos: frames 2k and 2k+1 show pose 2k. */
export const poseFrame = (frame: number): number => frame - (frame % 2);

const ENTER_MS = OVERLAY_ENTER_MS;

/** A box grown by m pixels and rounded out to whole pixels, clamped to the frame. */
function pixelRect(b: Box, m: number, w: number, h: number): Box | null {
  const x0 = Math.max(0, Math.floor(b.x - m));
  const y0 = Math.max(0, Math.floor(b.y - m));
  const x1 = Math.min(w, Math.ceil(b.x + b.w + m));
  const y1 = Math.min(h, Math.ceil(b.y + b.h + m));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}

/** Rectangles that overlap or touch, merged into their bounding boxes until none do. */
export function mergeRects(list: readonly Box[]): Box[] {
  const out = list.map((r) => ({ ...r }));
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++)
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        if (a.x > b.x + b.w || b.x > a.x + a.w || a.y > b.y + b.h || b.y > a.y + a.h) continue;
        const x = Math.min(a.x, b.x);
        const y = Math.min(a.y, b.y);
        out[i] = { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
        out.splice(j, 1);
        merged = true;
        break;
      }
  }
  return out;
}

/** One moving layer's state in a frame: equal keys paint equal pixels inside `rect`. */
interface LayerState {
  key: string;
  rect: Box | null;
}

interface OverlayPlacement {
  alpha: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Drawn at its own size (whole pixels), not scaled. */
  exact: boolean;
  /** The sprite drawn: the overlay's own, or a step of a price counting up. */
  sprite: Sprite;
  spriteId: string;
}

export class Compositor {
  readonly canvas: Canvas;
  readonly ctx: SKRSContext2D;
  private base: Canvas | null = null;
  private logo: { image: Image; x: number; y: number; w: number; h: number } | null = null;
  private baseCovered = false;
  private inset: { back: Canvas; ring: Canvas; pad: number } | null = null;
  private readonly media: MediaLayer;
  private readonly captions: CaptionLayer | null;
  private readonly sprites = new Map<string, Sprite>();
  private readonly rtl: boolean;
  /** Media key and moving layers of the frame last drawn; null key: redraw everything. */
  private lastKey: string | null = null;
  private lastLayers: LayerState[] = [];
  private lastPixels: Buffer | null = null;
  private sprite: FigureSprite | null = null;
  /** The captions' ground per scene, sampled when a frame of the scene is first drawn (caption-ground.ts). */
  private ground: CaptionGround | null = null;
  /** The parts of the canvas the last drawFrame changed: null when it drew the whole frame, empty when nothing. */
  changedRects: Box[] | null = null;
  /** Frames drawn whole, in part, or not at all (unchanged) (bench, tests). */
  readonly stats = { full: 0, partial: 0, unchanged: 0 };

  constructor(
    private readonly t: Timeline,
    product: ProductFacts,
    private readonly presenter: Presenter | null,
    private readonly avatarId: PresenterSource | null,
    /** Redraw only the moving parts of frames whose media did not change (default true). */
    private readonly incremental = true,
    /** A custom template's logo image (drawn contained in timeline.logo, above media and presenter). */
    private readonly logoPath: string | null = null,
    /** Product images prepared while the narration was spoken (early-media.ts). */
    early: EarlyMedia | null = null,
  ) {
    this.canvas = createCanvas(t.width, t.height);
    this.ctx = this.canvas.getContext('2d');
    this.media = new MediaLayer(t, product, early);
    // The words' size decides the contrast they need (two lines to the band, CAPTION_SIZE of a line).
    this.captions = t.captions ? new CaptionLayer(t.captions, t.captionsBox, t.style, neededContrast((t.captionsBox.h / 2) * CAPTION_SIZE, t.height)) : null;
    this.rtl = isRtl(t.language);
  }

  /**
   * Makes the layers ready. `eagerGround`: the captions' ground of every scene sampled here, as
   * before issue 29 (tests compare); by default each scene's is sampled when its first frame is drawn.
   */
  async prepare(opts: { eagerGround?: boolean } = {}): Promise<void> {
    const { t } = this;
    await this.media.prepare();
    const base = createCanvas(t.width, t.height);
    const bctx = base.getContext('2d');
    drawStyleBackground(bctx, t.style, t.width, t.height, t.seed);
    const p = t.presenter;
    if (p && this.presenter && this.avatarId !== null) {
      if (p.frame === 'none') {
        bctx.save();
        bctx.beginPath();
        bctx.rect(p.panel.x, p.panel.y, p.panel.w, p.panel.h);
        bctx.clip();
        bctx.translate(p.panel.x, p.panel.y);
        const pl = this.presenter.placement;
        paintAvatarScene(bctx, this.avatarId, p.panel.w, p.panel.h, { x: pl.x - p.panel.x, y: pl.y - p.panel.y, width: pl.width, height: pl.height });
        bctx.restore();
      } else this.inset = this.buildInset();
    }
    drawShapes(bctx, t);
    this.base = base;
    if (this.captions) {
      // The words keep their contrast with what is under the band: in a scene showing a product
      // image, its frame sampled there (the photo, plate or product under the lines: caption-ground.ts);
      // else a plate, or the base sampled there (a video clip: not known).
      const samples = sampleSurfaces(bctx, t.captionsBox);
      const ground = new CaptionGround(t, base, this.media);
      this.ground = ground;
      if (opts.eagerGround) for (const [i] of t.scenes.entries()) await ground.scene(i);
      this.captions.setSurfaces((ms) => {
        const s = captionSurfaceAt(t, ms);
        const seen = ground.colours(this.groundScene(ms));
        return { colours: seen ?? (s.kind === 'plate' ? [s.colour] : s.kind === 'photo' ? null : samples), split: captionsCrossSplit(t, ms), figure: !!t.captionsGround, busy: s.kind === 'photo' };
      });
    }
    if (this.logoPath && t.logo) this.logo = await this.loadLogo(this.logoPath, t.logo);
    const m = t.media;
    this.baseCovered = !!m && m.show === 'always' && m.motion === 'kenburns' && m.radius === 0 && m.box.x <= 0 && m.box.y <= 0 && m.box.w >= t.width && m.box.h >= t.height;
    // Never drawn when the media covers every frame: its 8 MB (at 1080x1920) need not stay for the render.
    if (this.baseCovered) this.base = null;
    for (const o of t.overlays) {
      const icon = o.icon && o.badge ? await iconImage(o.icon, t.style.palette.onAccent, cardIconPx(o)) : null;
      this.sprites.set(o.id, overlaySprite(o, t.style, t.language, this.rtl, overlayMinFontPx(o, t.height), icon, t.height));
      // A price counting up: one sprite per step (the last step is the price's own sprite).
      o.count?.slice(0, -1).forEach((text, k) => this.sprites.set(`${o.id}#${k}`, overlaySprite({ ...o, text, lines: [text], source: text }, t.style, t.language, this.rtl, overlayMinFontPx(o, t.height), icon, t.height)));
    }
  }

  /** The scene whose captions' ground holds at ms (the last one past the end). */
  private groundScene(ms: number): number {
    const i = this.t.scenes.findIndex((x) => x.startMs <= ms && ms < x.endMs);
    return i === -1 ? this.t.scenes.length - 1 : i;
  }

  /** The logo image fitted inside its box (kept in proportion, centred), at whole pixels; null when it does not decode. */
  private async loadLogo(file: string, box: Box): Promise<{ image: Image; x: number; y: number; w: number; h: number } | null> {
    const image = await loadImage(file).catch(() => null);
    if (!image || !(image.width > 0 && image.height > 0)) return null;
    const k = Math.min(box.w / image.width, box.h / image.height);
    const w = Math.max(1, Math.round(image.width * k));
    const h = Math.max(1, Math.round(image.height * k));
    return { image, w, h, x: Math.round(box.x + (box.w - w) / 2), y: Math.round(box.y + (box.h - h) / 2) };
  }

  /** Backing (shadow + the avatar's scene in the card or circle) and ring of an inset presenter. */
  private buildInset(): { back: Canvas; ring: Canvas; pad: number } {
    const p = this.t.presenter!;
    const b = p.box;
    const pad = Math.ceil(Math.min(this.t.width, this.t.height) * 0.03);
    const r = p.frame === 'circle' ? Math.min(b.w, b.h) / 2 : Math.min(b.w, b.h) * 0.1;
    const shape = (ctx: SKRSContext2D) => {
      ctx.beginPath();
      ctx.roundRect(pad, pad, b.w, b.h, r);
    };
    const back = createCanvas(Math.ceil(b.w + pad * 2), Math.ceil(b.h + pad * 2));
    const bc = back.getContext('2d');
    bc.save();
    bc.shadowColor = 'rgba(0,0,0,0.35)';
    bc.shadowBlur = pad * 0.8;
    bc.shadowOffsetY = pad * 0.25;
    shape(bc);
    bc.fillStyle = this.t.style.palette.surface;
    bc.fill();
    bc.restore();
    bc.save();
    shape(bc);
    bc.clip();
    bc.translate(pad, pad);
    paintAvatarScene(bc, this.avatarId!, b.w, b.h);
    bc.restore();
    const ring = createCanvas(back.width, back.height);
    const rc = ring.getContext('2d');
    shape(rc);
    rc.lineWidth = Math.max(2, Math.min(this.t.width, this.t.height) * 0.006);
    rc.strokeStyle = this.t.style.text.treatment === 'glow' ? this.t.style.palette.accent : '#FFFFFF';
    rc.stroke();
    return { back, ring, pad };
  }

  /** The whole-pixel part of the frame the figure can cover: its clip (inset shape or panel) within the painter's box. */
  private figureRect(): Box | null {
    const pr = this.presenter;
    const p = this.t.presenter;
    if (!pr || !p) return null;
    const pl = pr.placement;
    const c = this.inset ? p.box : pl.clip;
    const x0 = Math.max(c.x, pl.x);
    const y0 = Math.max(c.y, pl.y);
    const x1 = Math.min(c.x + c.w, pl.x + pl.width);
    const y1 = Math.min(c.y + c.h, pl.y + pl.height);
    return x1 > x0 && y1 > y0 ? pixelRect({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, 1, this.t.width, this.t.height) : null;
  }

  /**
   * The presenter's figure for a frame: a transparent sprite clipped to its inset shape or panel,
   * painted when the pose changes and reused until it does (figure-sprite.ts). Full and partial
   * redraws both blit it at whole pixels, so they give the same pixels; painting the vector figure
   * under another clip would not (anti-aliased clips inside the painter round differently).
   */
  private figure(frame: number): FigureSprite | null {
    const pr = this.presenter;
    const p = this.t.presenter;
    if (!pr || !p) return null;
    if (!this.sprite) {
      const r = this.figureRect();
      if (!r) return null;
      this.sprite = new FigureSprite(pr, r, p.box);
    }
    this.sprite.at(poseFrame(frame));
    return this.sprite;
  }

  /** Where an inset's backing and ring go (whole pixels), with their size; null without an inset. */
  private insetRect(): Box | null {
    const p = this.t.presenter;
    if (!p || !this.inset) return null;
    const { back, pad } = this.inset;
    return { x: Math.round(p.box.x - pad), y: Math.round(p.box.y - pad), w: back.width, h: back.height };
  }

  private drawPresenter(ctx: SKRSContext2D, frame: number): void {
    const fig = this.figure(frame);
    if (!fig) return;
    const ir = this.insetRect();
    if (ir) ctx.drawImage(this.inset!.back, ir.x, ir.y);
    ctx.drawImage(fig.canvas, fig.rect.x, fig.rect.y);
    if (ir) ctx.drawImage(this.inset!.ring, ir.x, ir.y);
  }

  /** Where and how an overlay's sprite is drawn at tMs; null when it is not shown. */
  private overlayAt(o: TextOverlay, tMs: number): OverlayPlacement | null {
    if (tMs < o.startMs || tMs >= o.endMs) return null;
    const enter = clamp01((tMs - o.startMs) / ENTER_MS);
    const steps = o.enter === 'count' ? (o.count?.length ?? 0) : 0;
    const step = Math.min(steps - 1, Math.floor(enter * steps));
    const spriteId = step >= 0 && step < steps - 1 ? `${o.id}#${step}` : o.id;
    const s = this.sprites.get(spriteId);
    if (!s) return null;
    // Price and call to action hold to the end (exitMs 0): the loop frame shows them whole.
    const exit = o.exitMs > 0 ? clamp01((o.endMs - tMs) / o.exitMs) : 1;
    let alpha = Math.min(easeOutCubic(enter * 1.4), exit);
    let dx = 0;
    let dy = 0;
    let k = 1;
    // Moves in proportion to the font, not the box (a wrapped box is tall; it must not fly in from off-frame).
    if (o.enter === 'rise') dy = (1 - easeOutCubic(enter)) * o.fontPx * 0.9;
    else if (o.enter === 'count') dy = (1 - easeOutCubic(enter)) * o.fontPx * 0.4;
    else if (o.enter === 'slide') dx = (1 - easeOutCubic(enter)) * o.fontPx * 2 * (this.rtl ? 1 : -1);
    else if (o.enter === 'pop') {
      k = 0.6 + 0.4 * easeOutBack(enter);
      if (o.slot === 'cta' && enter >= 1) k = 1 + 0.035 * Math.sin(((tMs - o.startMs - ENTER_MS) / 1100) * Math.PI * 2);
    } else alpha = Math.min(enter, exit);
    if (alpha <= 0.004) return null;
    const x = o.box.x + s.dx + dx;
    const y = o.box.y + s.dy + dy;
    if (Math.abs(k - 1) < 0.002) return { alpha, x: Math.round(x), y: Math.round(y), w: s.canvas.width, h: s.canvas.height, exact: true, sprite: s, spriteId };
    const w = s.canvas.width * k;
    const h = s.canvas.height * k;
    return { alpha, x: x + (s.canvas.width - w) / 2, y: y + (s.canvas.height - h) / 2, w, h, exact: false, sprite: s, spriteId };
  }

  private drawOverlay(ctx: SKRSContext2D, o: TextOverlay, tMs: number): void {
    const at = this.overlayAt(o, tMs);
    if (!at) return;
    const c = at.sprite.canvas;
    ctx.globalAlpha = at.alpha;
    if (at.exact) ctx.drawImage(c, at.x, at.y);
    else ctx.drawImage(c, at.x, at.y, at.w, at.h);
    ctx.globalAlpha = 1;
  }

  /** The moving layers of a frame: the media's product part, presenter, each overlay, captions, with keys and whole-pixel rectangles. */
  private layersAt(frame: number, tMs: number): LayerState[] {
    const { t } = this;
    const out: LayerState[] = [];
    const product = this.media.productPart(tMs);
    out.push(product ? { key: product.key, rect: pixelRect(product.rect, 2, t.width, t.height) } : { key: '-', rect: null });
    const p = t.presenter;
    const pr = this.presenter;
    // A new pose changes the figure's sprite only: an inset's backing and ring hold still around it.
    if (p && pr) out.push({ key: `pose ${poseFrame(frame)}`, rect: this.figureRect() });
    for (const o of t.overlays) {
      const at = this.overlayAt(o, tMs);
      out.push(at ? { key: `${at.spriteId} ${at.alpha.toFixed(4)} ${at.x} ${at.y} ${at.w} ${at.h}`, rect: pixelRect(at, 2, t.width, t.height) } : { key: '-', rect: null });
    }
    if (this.captions) out.push({ key: this.captions.stateKey(tMs), rect: pixelRect(this.captions.bounds(), 2, t.width, t.height) });
    return out;
  }

  /** Draws frame `frame`; false when it is pixel for pixel the frame drawn before it (nothing was drawn). */
  async drawFrame(frame: number): Promise<boolean> {
    const { ctx, t } = this;
    const tMs = frameTimeMs(frame, t.fps);
    // The captions' ink of this frame reads its scene's ground: sampled on the scene's first frame.
    await this.ground?.scene(this.groundScene(tMs));
    const key = this.incremental ? this.media.stateKey(tMs) : null;
    const layers = key !== null ? this.layersAt(frame, tMs) : [];
    let changed = true;
    if (key !== null && key === this.lastKey && layers.length === this.lastLayers.length) {
      const dirty: Box[] = [];
      layers.forEach((l, i) => {
        const before = this.lastLayers[i]!;
        if (before.key === l.key) return;
        if (before.rect) dirty.push(before.rect);
        if (l.rect) dirty.push(l.rect);
      });
      // One pass per rectangle, each under a plain rectangle clip: a clip path of overlapping
      // rectangles is rasterised with anti-aliasing and blends a level off here and there.
      const rects = mergeRects(dirty);
      for (const r of rects) {
        ctx.save();
        ctx.beginPath();
        ctx.rect(r.x, r.y, r.w, r.h);
        ctx.clip();
        await this.drawLayers(frame, tMs);
        ctx.restore();
      }
      changed = dirty.length > 0;
      if (changed) this.stats.partial++;
      else this.stats.unchanged++;
      this.changedRects = rects;
    } else {
      await this.drawLayers(frame, tMs);
      this.stats.full++;
      this.changedRects = null;
    }
    this.lastKey = key;
    this.lastLayers = layers;
    return changed;
  }

  /**
   * Draws frame `frame` and returns its RGBA pixels: a fresh copy (canvas.data()), or the previous
   * frame's buffer again when nothing changed. Callers must not modify the buffer.
   */
  async pixels(frame: number): Promise<Buffer> {
    const changed = await this.drawFrame(frame);
    if (changed || !this.lastPixels) this.lastPixels = this.canvas.data();
    return this.lastPixels;
  }

  private async drawLayers(frame: number, tMs: number): Promise<void> {
    const { ctx, t } = this;
    if (!this.baseCovered) ctx.drawImage(this.base!, 0, 0);
    const cardMedia = t.media?.frame === 'card';
    if (!cardMedia) await this.media.draw(ctx, tMs);
    this.drawPresenter(ctx, frame);
    if (cardMedia) await this.media.draw(ctx, tMs);
    // Static, so drawing it under each redraw's clip gives the pixels a full redraw does.
    if (this.logo) ctx.drawImage(this.logo.image, this.logo.x, this.logo.y, this.logo.w, this.logo.h);
    for (const o of t.overlays) this.drawOverlay(ctx, o, tMs);
    this.captions?.draw(ctx, tMs);
  }

  close(): void {
    this.media.close();
  }
}
