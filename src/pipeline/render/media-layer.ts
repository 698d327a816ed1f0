/**
 * The product media layer: per scene an image with its Ken Burns move, a product clip, or the
 * drawn product card, with the template's transition at each cut (crossfade, slide, push,
 * zoom-through, wipe, circle reveal) and the product's entrance (settle, parallax) after it; or,
 * for carousel templates, the row of cards sliding one place per cut. Images are pre-sized
 * (media.ts), so a frame costs one resampled draw of the box (two during a transition).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { probe } from '../../media/ffprobe.ts';
import type { ProductFacts } from '../types.ts';
import type { Box, TransitionKind } from '../templates/types.ts';
import { clamp01, easeInOut, easeOutBack, easeOutCubic, kenBurnsSource, KEN_BURNS_DRIFT, MAX_KEN_BURNS_SCALE, panOffset } from '../timeline/motion.ts';
import type { Scene, Timeline } from '../timeline/types.ts';
import { sceneFrame } from '../timeline/media-frame.ts';
import { frameTimeMs } from '../timeline/build.ts';
import { styleBackground } from './background.ts';
import { drawPlate } from './shapes.ts';
import { ClipReader, fitsByCover, prepareDetail, prepareImage, type PreparedImage } from './media.ts';
import { releaseCutoutThread } from './cutout-pool.ts';
import { drawFloatCut } from './float-transition.ts';
import type { EarlyMedia } from './early-media.ts';

const PREFETCH_MS = 800;
const POP_IN_MS = 350;
const POP_OUT_MS = 250;

interface ClipInfo {
  durationS: number;
  width: number;
  height: number;
}

function clipPath(ctx: SKRSContext2D, b: Box, r: number): void {
  ctx.beginPath();
  if (r > 0) ctx.roundRect(b.x, b.y, b.w, b.h, r);
  else ctx.rect(b.x, b.y, b.w, b.h);
  ctx.clip();
}

export class MediaLayer {
  private images = new Map<number, PreparedImage | null>();
  /** Detail views (timeline/detail.ts), by index into the timeline's details: the close-up on its card. */
  private details = new Map<number, { image: Canvas; pad: number }>();
  private cards = new Map<string, Canvas>();
  private clips: ClipInfo[] = [];
  private readers = new Map<number, ClipReader>();
  private art: Canvas | null = null;
  private styleFill: Canvas | null = null;
  private cardBack: { canvas: Canvas; pad: number } | null = null;
  /** The blend layers of a cut beside a floating scene (float-transition.ts), made at its first. */
  private floatLayers: [Canvas, Canvas] | null = null;
  private cursor = 0;

  constructor(
    private readonly t: Timeline,
    private readonly product: ProductFacts,
    /** Images prepared while the narration was spoken (early-media.ts), used where they match. */
    private readonly early: EarlyMedia | null = null,
  ) {}

  private get box(): Box {
    return this.t.media!.box;
  }

  async prepare(): Promise<void> {
    const m = this.t.media;
    if (!m) return;
    const carousel = m.motion === 'carousel';
    const needed = new Set(this.t.scenes.filter((s) => s.media.kind === 'image').map((s) => (s.media as { index: number }).index));
    await Promise.all(
      [...needed].map(async (i) => {
        try {
          const path = this.product.imagePaths[i]!;
          const maxScale = carousel ? 1 : MAX_KEN_BURNS_SCALE;
          const frame = this.t.images[i] ?? null;
          this.images.set(i, await (this.early ? this.early.image(path, m.box.w, m.box.h, maxScale, frame) : prepareImage(path, m.box.w, m.box.h, maxScale, { frame })));
        } catch {
          this.images.set(i, null);
        }
      }),
    );
    await Promise.all(
      (this.t.details ?? []).map(async (d, k) => {
        try {
          this.details.set(k, await prepareDetail(this.product.imagePaths[d.image]!, d.crop, d.box.w));
        } catch {
          // A detail whose image fails to load is not drawn (the scene shows the product alone).
        }
      }),
    );
    // The cut-outs are made: the worker thread would hold its memory through the whole render.
    if ([...needed].some((i) => this.t.images[i]?.treatment === 'cutout')) await releaseCutoutThread().catch(() => undefined);
    this.clips = await Promise.all(
      this.product.videoPaths.map(async (p) => {
        const info = await probe(p);
        return { durationS: info?.durationS ?? 0, width: info?.video?.width ?? 0, height: info?.video?.height ?? 0 };
      }),
    );
    this.styleFill = styleBackground(this.t.style, m.box.w, m.box.h, this.t.seed);
    if (m.frame === 'card') {
      const pad = Math.ceil(Math.min(this.t.width, this.t.height) * 0.04);
      const bw = Math.max(2, Math.min(this.t.width, this.t.height) * 0.007);
      const c = createCanvas(Math.ceil(m.box.w + pad * 2), Math.ceil(m.box.h + pad * 2));
      const ctx = c.getContext('2d');
      ctx.shadowColor = 'rgba(0,0,0,0.32)';
      ctx.shadowBlur = pad * 0.7;
      ctx.shadowOffsetY = pad * 0.25;
      ctx.fillStyle = '#FFFFFF';
      ctx.beginPath();
      ctx.roundRect(pad - bw, pad - bw, m.box.w + bw * 2, m.box.h + bw * 2, m.radius + bw);
      ctx.fill();
      this.cardBack = { canvas: c, pad };
    }
  }

  /** An image that failed to load shows the style's own fill: nothing pretends to be a photo. */
  private artCanvas(): Canvas {
    const k = this.t.media!.motion === 'carousel' ? 1 : MAX_KEN_BURNS_SCALE;
    this.art ??= styleBackground(this.t.style, this.box.w * k, this.box.h * k, this.t.seed);
    return this.art;
  }

  /** Centre of scene i's product (its image's framing, or its own pose: Scene.frame), or of the box when unknown. */
  private contentCentre(i: number): { x: number; y: number } {
    const c = sceneFrame(this.t.images, this.t.scenes[i]!)?.content;
    const b = this.box;
    return c ? { x: c.x + c.w / 2, y: c.y + c.h / 2 } : { x: b.x + b.w / 2, y: b.y + b.h / 2 };
  }

  private vStart(i: number): number {
    const s = this.t.scenes[i]!;
    return s.startMs - s.transitionIn.durationMs / 2;
  }

  private vEnd(i: number): number {
    const next = this.t.scenes[i + 1];
    return this.t.scenes[i]!.endMs + (next ? next.transitionIn.durationMs / 2 : 0);
  }

  private sceneIndexAt(tMs: number): number {
    const sc = this.t.scenes;
    if (this.cursor >= sc.length || sc[this.cursor]!.startMs > tMs) this.cursor = 0;
    while (this.cursor < sc.length - 1 && sc[this.cursor + 1]!.startMs <= tMs) this.cursor++;
    return this.cursor;
  }

  /** Starts decoders shortly before their scene and stops them after it. */
  private manageReaders(tMs: number): void {
    this.t.scenes.forEach((s, i) => {
      if (s.media.kind !== 'video') return;
      const start = this.vStart(i);
      const end = this.vEnd(i);
      const reader = this.readers.get(i);
      if (!reader && tMs >= start - PREFETCH_MS && tMs < end) {
        const info = this.clips[s.media.index];
        const path = this.product.videoPaths[s.media.index];
        if (!info || !path || info.durationS <= 0) return;
        const cover = fitsByCover(info.width / Math.max(1, info.height), this.box.w / this.box.h) || info.width === 0;
        const w = cover ? this.box.w : Math.min(this.box.w, (this.box.h * info.width) / info.height);
        const h = cover ? this.box.h : Math.min(this.box.h, (this.box.w * info.height) / info.width);
        const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
        const offset = (s.media.offsetMs / 1000) % info.durationS;
        this.readers.set(i, new ClipReader(path, offset, (end - start) / 1000 + 0.2, even(w), even(h), this.t.fps, 'cover'));
      } else if (reader && tMs >= end) {
        reader.close();
        this.readers.delete(i);
      }
    });
  }

  close(): void {
    for (const r of this.readers.values()) r.close();
    this.readers.clear();
    this.floatLayers = null;
  }

  /**
   * Where scene i's product entrance is at tMs: its scale, its offset and its backdrop's (px);
   * null once it is over (or the scene has none).
   */
  private entranceAt(i: number, tMs: number): { k: number; dx: number; bdx: number } | null {
    const en = this.t.scenes[i]!.entrance;
    if (!en) return null;
    const q = (tMs - this.vStart(i)) / Math.max(1, en.durationMs);
    if (q >= 1) return null;
    const e = en.ease === 'back' ? easeOutBack(q) : easeOutCubic(q);
    const w = this.box.w;
    return { k: en.fromScale + (1 - en.fromScale) * e, dx: en.fromDx * (1 - e) * w, bdx: en.backdropDx * (1 - e) * w };
  }

  /** Draws scene i's media into the box at time tMs, with its entrance while that lasts. */
  private async drawScene(ctx: SKRSContext2D, i: number, tMs: number): Promise<void> {
    const en = this.entranceAt(i, tMs);
    const s = this.t.scenes[i]!;
    const img = s.media.kind === 'image' ? this.images.get(s.media.index) : null;
    // A product shown whole moves itself over its backdrop (drawSceneMedia); anything else moves as a whole.
    if (!en || (img && img.mode !== 'cover')) return this.drawSceneMedia(ctx, i, tMs, en);
    const b = this.box;
    ctx.save();
    ctx.translate(b.x + b.w / 2 + en.dx, b.y + b.h / 2);
    ctx.scale(en.k, en.k);
    ctx.translate(-(b.x + b.w / 2), -(b.y + b.h / 2));
    await this.drawSceneMedia(ctx, i, tMs, null);
    ctx.restore();
  }

  private async drawSceneMedia(ctx: SKRSContext2D, i: number, tMs: number, en: { k: number; dx: number; bdx: number } | null): Promise<void> {
    const s = this.t.scenes[i]!;
    const b = this.box;
    if (s.media.kind === 'video') {
      const reader = this.readers.get(i);
      const frame = reader ? await reader.frameAt(Math.max(0, Math.round(((tMs - this.vStart(i)) * this.t.fps) / 1000))) : null;
      if (frame && reader) {
        if (reader.width < b.w - 1 || reader.height < b.h - 1) ctx.drawImage(this.styleFill!, b.x, b.y);
        ctx.drawImage(frame, b.x + (b.w - reader.width) / 2, b.y + (b.h - reader.height) / 2);
        return;
      }
    }
    const img = s.media.kind === 'image' ? this.images.get(s.media.index) : null;
    if (img?.mode === 'pan') return this.drawPan(ctx, i, img, tMs);
    const pan = s.motion.kind === 'pan' ? this.panAt(i, tMs) : null;
    const pz = this.zoomProgress(i, tMs);
    if (!img || img.mode === 'cover') {
      const src = img ? img.image : this.artCanvas();
      if (pan) {
        // Whole pixels at 1:1: a copy, no resampling.
        ctx.drawImage(src, Math.round(b.x) - pan.x, Math.round(b.y) - pan.y);
        return;
      }
      const r = kenBurnsSource(s.motion, pz, src.width, src.height, b.w, b.h);
      ctx.drawImage(src, r.x, r.y, r.w, r.h, b.x, b.y, b.w, b.h);
      return;
    }
    if (img.backdrop || !this.floats(i)) {
      const back = img.backdrop ?? this.styleFill!;
      if (en && en.bdx !== 0) {
        // Parallax: the backdrop travels a third as far as the product, grown just enough to keep covering the box.
        const g = 1 + (2 * Math.abs(en.bdx)) / b.w;
        ctx.drawImage(back, b.x + en.bdx - (b.w * (g - 1)) / 2, b.y - (b.h * (g - 1)) / 2, b.w * g, b.h * g);
      } else ctx.drawImage(back, b.x, b.y);
    }
    this.drawPlateOf(ctx, i, en?.bdx ?? 0);
    this.drawDetailsOf(ctx, i, en?.bdx ?? 0);
    const c = this.contentCentre(i);
    if (en) {
      ctx.save();
      ctx.translate(c.x + en.dx, c.y);
      ctx.scale(en.k, en.k);
      ctx.translate(-c.x, -c.y);
    }
    this.drawProduct(ctx, i, img, c, pan, pz);
    if (en) ctx.restore();
  }

  /** A product shown whole (over its backdrop, already drawn), at its Ken Burns step. */
  private drawProduct(ctx: SKRSContext2D, i: number, img: PreparedImage, c: { x: number; y: number }, pan: { x: number; y: number } | null, pz: number): void {
    const at = this.productPlace(i, img, c, pan, pz);
    // A pan is a 1:1 copy at whole pixels; a zoom step is resampled.
    if (pan && at.w === img.image.width) ctx.drawImage(img.image, at.x, at.y);
    else ctx.drawImage(img.image, at.x, at.y, at.w, at.h);
  }

  /** Where drawProduct puts the product image (before an entrance's transform). */
  private productPlace(i: number, img: PreparedImage, c: { x: number; y: number }, pan: { x: number; y: number } | null, pz: number): Box {
    const s = this.t.scenes[i]!;
    const b = this.box;
    // A scene's own pose may stand the product a little smaller (text-room.ts): the same bitmap, drawn smaller.
    const own = s.frame && s.media.kind === 'image' ? s.frame.content.w / Math.max(1e-9, this.t.images[s.media.index]?.content.w ?? s.frame.content.w) : 1;
    if (pan) {
      const room = this.containRoom();
      if (own !== 1) return { x: c.x - (img.image.width * own) / 2 + (room * own) / 2 - pan.x, y: c.y - (img.image.height * own) / 2 + (room * own) / 2 - pan.y, w: img.image.width * own, h: img.image.height * own };
      return { x: Math.round(c.x - img.image.width / 2 + room / 2) - pan.x, y: Math.round(c.y - img.image.height / 2 + room / 2) - pan.y, w: img.image.width, h: img.image.height };
    }
    const e = easeInOut(pz);
    const scale = (own * (s.motion.fromScale + (s.motion.toScale - s.motion.fromScale) * e)) / MAX_KEN_BURNS_SCALE;
    const w = img.image.width * scale;
    const h = img.image.height * scale;
    const fx = s.motion.fromX + (s.motion.toX - s.motion.fromX) * e;
    const fy = s.motion.fromY + (s.motion.toY - s.motion.fromY) * e;
    return { x: c.x - w / 2 + fx * b.w * KEN_BURNS_DRIFT, y: c.y - h / 2 + fy * b.h * KEN_BURNS_DRIFT, w, h };
  }

  /** Scene i's zoom progress at tMs (zooms step on twos: the frame between repeats its picture). */
  private zoomProgress(i: number, tMs: number): number {
    return clamp01((frameTimeMs(this.zoomFrame(tMs), this.t.fps) - this.vStart(i)) / Math.max(1, this.vEnd(i) - this.vStart(i)));
  }

  /**
   * The product of scene i when it is the only thing of the media layer that moves at tMs: a
   * product shown whole (a cut-out on the style's fill, or a photo on its blurred fill) whose
   * backdrop and plate hold still — no cut, pop-in or parallax under way. Its key changes exactly
   * when its picture does (its place and size), its rectangle covers every pixel it paints; so
   * the compositor redraws that rectangle instead of the whole frame. Null when the layer moves
   * as a whole.
   */
  productPart(tMs: number): { key: string; rect: Box } | null {
    const m = this.t.media;
    if (!m || m.motion === 'carousel') return null;
    const i = this.sceneIndexAt(tMs);
    const s = this.t.scenes[i]!;
    if (s.media.kind !== 'image' || this.visibility(i, tMs) < 1 || this.transitionAt(i, tMs)) return null;
    const img = this.images.get(s.media.index);
    if (!img || img.mode !== 'contain') return null;
    const en = this.entranceAt(i, tMs);
    if (en && en.bdx !== 0) return null;
    const pan = s.motion.kind === 'pan' ? this.panAt(i, tMs) : null;
    const c = this.contentCentre(i);
    const r = this.productPlace(i, img, c, pan, this.zoomProgress(i, tMs));
    // The entrance scales about the content's centre and slides (drawSceneMedia).
    const k = en?.k ?? 1;
    const rect = { x: c.x + (en?.dx ?? 0) + (r.x - c.x) * k, y: c.y + (r.y - c.y) * k, w: r.w * k, h: r.h * k };
    return { key: `${i}:${pan ? 'p' : 'z'}${en ? 'e' : ''} ${rect.x} ${rect.y} ${rect.w} ${rect.h}`, rect };
  }

  /**
   * The pan treatment (media-frame.ts): the whole image slides across its window along its long
   * side over the scene, at whole output pixels (a copy per frame, no resampling).
   */
  private drawPan(ctx: SKRSContext2D, i: number, img: Extract<PreparedImage, { mode: 'pan' }>, tMs: number): void {
    const s = this.t.scenes[i]!;
    const f = this.t.images[(s.media as { index: number }).index]!;
    const win = f.content;
    if (img.backdrop) ctx.drawImage(img.backdrop, this.box.x, this.box.y);
    this.drawPlateOf(ctx, i);
    const o = this.panTreatmentOffset(i, tMs);
    ctx.save();
    ctx.beginPath();
    ctx.rect(win.x, win.y, win.w, win.h);
    ctx.clip();
    ctx.drawImage(img.image, Math.round(win.x) - o.x, Math.round(win.y) - o.y);
    ctx.restore();
  }

  /** Scene i's product plate (timeline/plates.ts), over its backdrop and under the product. */
  private drawPlateOf(ctx: SKRSContext2D, i: number, dx = 0): void {
    const s = this.t.scenes[i]!;
    const plate = this.t.shapes.find((p) => p.role === 'plate' && p.startMs === s.startMs);
    if (plate) drawPlate(ctx, plate, this.t.style, dx);
  }

  /** Scene i's detail views (timeline/detail.ts): on its plate, beside the product, moving with the scene like the plate. */
  private drawDetailsOf(ctx: SKRSContext2D, i: number, dx = 0): void {
    const s = this.t.scenes[i]!;
    (this.t.details ?? []).forEach((d, k) => {
      const card = this.details.get(k);
      if (card && d.startMs === s.startMs) ctx.drawImage(card.image, Math.round(d.box.x + dx) - card.pad, Math.round(d.box.y) - card.pad);
    });
  }

  /** Scene i's pan-treatment offset at tMs: eased along its travel (end to end, or as far as keeps its product in the window). */
  private panTreatmentOffset(i: number, tMs: number): { x: number; y: number } {
    const s = this.t.scenes[i]!;
    const img = s.media.kind === 'image' ? this.images.get(s.media.index) : null;
    const f = s.media.kind === 'image' ? this.t.images[s.media.index] : null;
    if (!img || img.mode !== 'pan' || !f) return { x: 0, y: 0 };
    const fps = this.t.fps;
    const start = this.vStart(i);
    const n = Math.max(1, Math.round(((this.vEnd(i) - start) * fps) / 1000));
    const k = Math.min(n, Math.max(0, Math.round(((tMs - start) * fps) / 1000)));
    const p = easeInOut(k / n);
    // The scene's seeded move says which way it goes.
    const forward = s.motion.toX >= s.motion.fromX;
    // Within the travel that keeps the image's product in the window (media-frame.ts panTravel).
    const [from, to] = [f.pan?.from ?? 0, f.pan?.to ?? 1];
    const q = from + (to - from) * (forward ? p : 1 - p);
    const rx = Math.max(0, img.image.width - Math.round(f.content.w));
    const ry = Math.max(0, img.image.height - Math.round(f.content.h));
    return { x: Math.round(q * rx), y: Math.round(q * ry) };
  }

  /** Scene i shows a cut-out that stands on the background past its card (no card, no clip). */
  private floats(i: number): boolean {
    const s = this.t.scenes[i]!;
    return this.t.media?.frame === 'card' && this.t.media.motion !== 'carousel' && s.media.kind === 'image' && !!this.t.images[s.media.index]?.cutout;
  }

  /** Room a contained (letterboxed) image pans in. */
  private containRoom(): number {
    return Math.round(Math.min(this.box.w, this.box.h) * 0.05);
  }

  /** Scene i's whole-pixel pan offset at tMs (frame k of the n frames of its visible span). */
  private panAt(i: number, tMs: number): { x: number; y: number } {
    const s = this.t.scenes[i]!;
    const fps = this.t.fps;
    const start = this.vStart(i);
    const k = Math.round(((tMs - start) * fps) / 1000);
    const n = Math.max(1, Math.round(((this.vEnd(i) - start) * fps) / 1000));
    const img = s.media.kind === 'image' ? this.images.get(s.media.index) : null;
    if (img && img.mode !== 'cover') {
      const room = this.containRoom();
      return panOffset(s.motion, k, n, room, room);
    }
    const src = img ? img.image : this.artCanvas();
    return panOffset(s.motion, k, n, src.width - this.box.w, src.height - this.box.h);
  }

  /** How much of a pop-up media card shows (image-cue templates): 0 hidden … 1 fully in. */
  private visibility(i: number, tMs: number): number {
    const sc = this.t.scenes;
    const s = sc[i]!;
    if (!s.showMedia) return 0;
    const inP = i > 0 && !sc[i - 1]!.showMedia ? clamp01((tMs - s.startMs) / POP_IN_MS) : 1;
    const outP = sc[i + 1] && !sc[i + 1]!.showMedia ? clamp01((s.endMs - tMs) / POP_OUT_MS) : 1;
    return Math.min(inP, outP);
  }

  async draw(ctx: SKRSContext2D, tMs: number): Promise<void> {
    const m = this.t.media;
    if (!m) return;
    this.manageReaders(tMs);
    if (m.motion === 'carousel') return this.drawCarousel(ctx, tMs);
    const i = this.sceneIndexAt(tMs);
    const v = this.visibility(i, tMs);
    if (v <= 0) return;
    const b = m.box;
    ctx.save();
    if (v < 1) {
      const k = 0.88 + 0.12 * easeOutBack(v);
      ctx.globalAlpha = clamp01(v * 1.5);
      ctx.translate(b.x + b.w / 2, b.y + b.h / 2);
      ctx.scale(k, k);
      ctx.translate(-(b.x + b.w / 2), -(b.y + b.h / 2));
    }
    const pair = this.transitionAt(i, tMs);
    // A glide (the same product in two poses) floats like its scenes.
    const glide = !!pair && this.t.scenes[pair[1]]!.transitionIn.kind === 'glide';
    // A cut beside a floating scene: no card or fill under the pair, each scene on its own ground (float-transition.ts).
    if (pair && !glide && (this.floats(pair[0]) || this.floats(pair[1]))) {
      await this.drawFloatTransition(ctx, pair[0], pair[1], clamp01(pair[2]), tMs);
      ctx.restore();
      return;
    }
    const floating = (!pair || glide) && this.floats(i);
    if (this.cardBack && !floating) ctx.drawImage(this.cardBack.canvas, b.x - this.cardBack.pad, b.y - this.cardBack.pad);
    const full = b.x <= 0 && b.y <= 0 && b.w >= this.t.width && b.h >= this.t.height && m.radius === 0;
    if (!full && !floating) clipPath(ctx, b, m.radius);
    if (!pair) await this.drawScene(ctx, i, tMs);
    else await this.drawTransition(ctx, pair[0], pair[1], clamp01(pair[2]), tMs);
    ctx.restore();
  }

  /** The two scenes and the progress of a cut in progress at tMs, or null. */
  private transitionAt(i: number, tMs: number): [number, number, number] | null {
    const sc = this.t.scenes;
    const cur = sc[i]!;
    const next = sc[i + 1];
    const dIn = cur.transitionIn.durationMs;
    if (i > 0 && dIn > 0 && tMs < cur.startMs + dIn / 2 && sc[i - 1]!.showMedia) return [i - 1, i, 0.5 + (tMs - cur.startMs) / dIn];
    if (next && next.transitionIn.durationMs > 0 && next.showMedia && tMs >= next.startMs - next.transitionIn.durationMs / 2)
      return [i, i + 1, 0.5 - (next.startMs - tMs) / next.transitionIn.durationMs];
    return null;
  }

  /**
   * What the media layer shows at tMs, as a key that is equal for two times exactly when the layer
   * paints the same pixels outside its product part (productPart: keyed and redrawn on its own);
   * null when it changes every frame (zoom steps are keyed, clips, cuts, entrances that move the
   * backdrop, pop-ins and the carousel are not). The compositor redraws only the moving parts of
   * a frame whose media key equals the previous frame's.
   */
  stateKey(tMs: number): string | null {
    const m = this.t.media;
    if (!m) return 'none';
    if (m.motion === 'carousel') return null;
    const i = this.sceneIndexAt(tMs);
    const v = this.visibility(i, tMs);
    if (v <= 0) return 'hidden';
    // Only the product moves: the rest holds still (the compositor redraws the product's rectangle).
    if (this.productPart(tMs)) return `${i}:still`;
    if (v < 1 || this.transitionAt(i, tMs) || this.entranceAt(i, tMs)) return null;
    const s = this.t.scenes[i]!;
    if (s.media.kind === 'video') return null;
    if (this.images.get(s.media.kind === 'image' ? s.media.index : -1)?.mode === 'pan') {
      const o = this.panTreatmentOffset(i, tMs);
      return `${i}:t${o.x},${o.y}`;
    }
    if (s.motion.kind === 'pan') {
      const o = this.panAt(i, tMs);
      return `${i}:p${o.x},${o.y}`;
    }
    return `${i}:z${this.zoomFrame(tMs)}`;
  }

  /** Zooms advance on twos: the frame (even) whose time a zoom is drawn at. */
  private zoomFrame(tMs: number): number {
    return Math.floor(Math.round((tMs * this.t.fps) / 1000) / 2) * 2;
  }

  /**
   * Scenes a → b at progress p of the cut (0..1, eased here). slide: b comes in from the right
   * over a; push: both move left together; zoom (through): a grows as b fades in from larger;
   * wipe: b uncovered behind an accent bar sweeping left to right; reveal: b inside a circle
   * opening from its product's centre, edged in the accent colour; crossfade: b fades in over a.
   */
  private async drawTransition(ctx: SKRSContext2D, a: number, bIdx: number, p: number, tMs: number): Promise<void> {
    const kind = this.t.scenes[bIdx]!.transitionIn.kind;
    const e = easeInOut(p);
    if (kind === 'glide') return this.drawGlide(ctx, a, bIdx, e, tMs);
    const b = this.box;
    const cx = b.x + b.w / 2;
    const cy = b.y + b.h / 2;
    const accent = this.t.style.palette.accent;
    const edge = Math.max(2, Math.round(Math.min(this.t.width, this.t.height) * 0.012));
    if (kind === 'push') {
      ctx.save();
      // Whole pixels: the backdrops (a full box each) are then copied, not resampled at a
      // sub-pixel offset (~5 ms less a push frame at 1080x1920; the move looks the same).
      ctx.translate(-Math.round(e * b.w), 0);
      await this.drawScene(ctx, a, tMs);
      ctx.translate(b.w, 0);
      await this.drawScene(ctx, bIdx, tMs);
      ctx.restore();
      return;
    }
    if (kind === 'zoom') {
      ctx.save();
      const ka = 1 + 0.22 * e;
      ctx.translate(cx, cy);
      ctx.scale(ka, ka);
      ctx.translate(-cx, -cy);
      await this.drawScene(ctx, a, tMs);
      ctx.restore();
    } else await this.drawScene(ctx, a, tMs);
    ctx.save();
    if (kind === 'slide') {
      ctx.translate(Math.round((1 - e) * b.w), 0);
      ctx.shadowColor = 'rgba(0,0,0,0.35)';
      ctx.shadowBlur = edge * 2;
      ctx.fillStyle = this.t.style.palette.bg;
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.shadowColor = 'transparent';
    } else if (kind === 'wipe') {
      const x = b.x + e * b.w;
      ctx.beginPath();
      ctx.rect(b.x, b.y, x - b.x, b.h);
      ctx.clip();
    } else if (kind === 'reveal') {
      const c = this.revealCentre(bIdx);
      const r = e * Math.hypot(Math.max(c.x - b.x, b.x + b.w - c.x), Math.max(c.y - b.y, b.y + b.h - c.y));
      ctx.beginPath();
      ctx.arc(c.x, c.y, Math.max(0.5, r), 0, Math.PI * 2);
      ctx.clip();
    } else {
      ctx.globalAlpha *= e;
      if (kind === 'zoom') {
        const k = 1.12 - 0.12 * e;
        ctx.translate(cx, cy);
        ctx.scale(k, k);
        ctx.translate(-cx, -cy);
      }
    }
    await this.drawScene(ctx, bIdx, tMs);
    ctx.restore();
    if (kind === 'wipe' && e > 0 && e < 1) {
      ctx.fillStyle = accent;
      ctx.fillRect(b.x + e * b.w - edge / 2, b.y, edge, b.h);
    } else if (kind === 'reveal' && e > 0 && e < 1) {
      const c = this.revealCentre(bIdx);
      const r = e * Math.hypot(Math.max(c.x - b.x, b.x + b.w - c.x), Math.max(c.y - b.y, b.y + b.h - c.y));
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
      ctx.lineWidth = edge;
      ctx.strokeStyle = accent;
      ctx.stroke();
    }
  }

  /**
   * Scenes a → b showing the same image in two poses (text-room.ts): the backdrop holds, b's plate
   * fades in over a's, and the product moves from a's place to b's at progress e (both held still).
   */
  private async drawGlide(ctx: SKRSContext2D, a: number, bIdx: number, e: number, tMs: number): Promise<void> {
    const s = this.t.scenes[bIdx]!;
    const img = s.media.kind === 'image' ? this.images.get(s.media.index) : null;
    if (!img || img.mode !== 'contain') return this.drawSceneMedia(ctx, e < 0.5 ? a : bIdx, tMs, null);
    const b = this.box;
    if (img.backdrop || !this.floats(bIdx)) ctx.drawImage(img.backdrop ?? this.styleFill!, b.x, b.y);
    // a's plate, b's fading in over it (two half-faded plates would let the backdrop through).
    const alpha = ctx.globalAlpha;
    this.drawPlateOf(ctx, a);
    ctx.globalAlpha = alpha * e;
    this.drawPlateOf(ctx, bIdx);
    ctx.globalAlpha = alpha;
    // Each pose where its scene's move has it now (so the glide starts and ends where they stand).
    const at = (i: number) => this.productPlace(i, img, this.contentCentre(i), this.t.scenes[i]!.motion.kind === 'pan' ? this.panAt(i, tMs) : null, this.zoomProgress(i, tMs));
    const [from, to] = [at(a), at(bIdx)];
    const mix = (u: number, v: number) => u + (v - u) * e;
    ctx.drawImage(img.image, mix(from.x, to.x), mix(from.y, to.y), mix(from.w, to.w), mix(from.h, to.h));
  }

  /** Scene i as it stands on its own: a floating cut-out as it is, anything else on its card, clipped to it. */
  private async drawGrounded(ctx: SKRSContext2D, i: number, tMs: number): Promise<void> {
    if (this.floats(i)) return this.drawScene(ctx, i, tMs);
    const b = this.box;
    ctx.save();
    if (this.cardBack) ctx.drawImage(this.cardBack.canvas, b.x - this.cardBack.pad, b.y - this.cardBack.pad);
    clipPath(ctx, b, this.t.media!.radius);
    await this.drawScene(ctx, i, tMs);
    ctx.restore();
  }

  /** Scenes a → b at progress p when either floats (float-transition.ts), with the wipe's bar and the reveal's ring as drawTransition draws them. */
  private async drawFloatTransition(ctx: SKRSContext2D, a: number, bIdx: number, p: number, tMs: number): Promise<void> {
    const kind = this.t.scenes[bIdx]!.transitionIn.kind as TransitionKind;
    const e = easeInOut(p);
    const b = this.box;
    const { width, height } = this.t;
    const centre = this.revealCentre(bIdx);
    await drawFloatCut(ctx, {
      kind, e, box: b, width, height, centre,
      draw: (c, which) => this.drawGrounded(c, which === 0 ? a : bIdx, tMs),
      layers: () => (this.floatLayers ??= [createCanvas(width, height), createCanvas(width, height)]),
    });
    const edge = Math.max(2, Math.round(Math.min(width, height) * 0.012));
    if (kind === 'wipe' && e > 0 && e < 1) {
      ctx.fillStyle = this.t.style.palette.accent;
      ctx.fillRect(b.x + e * b.w - edge / 2, b.y, edge, b.h);
    } else if (kind === 'reveal' && e > 0 && e < 1) {
      const r = e * Math.hypot(Math.max(centre.x - b.x, b.x + b.w - centre.x), Math.max(centre.y - b.y, b.y + b.h - centre.y));
      ctx.beginPath();
      ctx.arc(centre.x, centre.y, r, 0, Math.PI * 2);
      ctx.lineWidth = edge;
      ctx.strokeStyle = this.t.style.palette.accent;
      ctx.stroke();
    }
  }

  /** Where a circle reveal opens: the incoming product's centre, or the box's. */
  private revealCentre(i: number): { x: number; y: number } {
    const m = this.t.scenes[i]!.media;
    if (m.kind === 'image') return this.contentCentre(i);
    return { x: this.box.x + this.box.w / 2, y: this.box.y + this.box.h / 2 };
  }

  /** A rounded card of scene i's media for the carousel (cached). */
  private card(s: Scene): Canvas {
    const key = s.media.kind === 'image' ? `i${s.media.index}` : 'art';
    const hit = this.cards.get(key);
    if (hit) return hit;
    const b = this.box;
    const c = createCanvas(Math.round(b.w), Math.round(b.h));
    const ctx = c.getContext('2d');
    clipPath(ctx, { x: 0, y: 0, w: c.width, h: c.height }, this.t.media!.radius);
    const img = s.media.kind === 'image' ? this.images.get(s.media.index) : null;
    if (!img) ctx.drawImage(this.artCanvas(), 0, 0, c.width, c.height);
    else if (img.mode === 'cover') ctx.drawImage(img.image, 0, 0, c.width, c.height);
    else if (img.mode === 'pan') {
      // A carousel card holds still: the middle of the long image.
      const f = this.t.images[(s.media as { index: number }).index]!;
      if (img.backdrop) ctx.drawImage(img.backdrop, 0, 0, c.width, c.height);
      ctx.drawImage(img.image, Math.round(f.content.x - b.x - (img.image.width - f.content.w) / 2), Math.round(f.content.y - b.y - (img.image.height - f.content.h) / 2));
    }
    else {
      ctx.drawImage(img.backdrop ?? this.styleFill!, 0, 0, c.width, c.height);
      const at = this.contentCentre(s.index);
      ctx.drawImage(img.image, Math.round(at.x - b.x - img.image.width / 2), Math.round(at.y - b.y - img.image.height / 2));
    }
    this.cards.set(key, c);
    return c;
  }

  private drawCarousel(ctx: SKRSContext2D, tMs: number): void {
    const sc = this.t.scenes;
    const i = this.sceneIndexAt(tMs);
    const cur = sc[i]!;
    const next = sc[i + 1];
    // Offset in card slots: 1 → 0 while the current card slides into the centre.
    let shift = 0;
    let base = i;
    const dIn = cur.transitionIn.durationMs;
    if (i > 0 && dIn > 0 && tMs < cur.startMs + dIn / 2) shift = 1 - easeInOut(0.5 + (tMs - cur.startMs) / dIn);
    else if (next && next.transitionIn.durationMs > 0 && tMs >= next.startMs - next.transitionIn.durationMs / 2) {
      base = i + 1;
      shift = 1 - easeInOut(0.5 - (next.startMs - tMs) / next.transitionIn.durationMs);
    }
    const b = this.box;
    const step = b.w * 0.94;
    const items: { j: number; pos: number }[] = [];
    // The row wraps around: the last card's neighbour is the first, so no slot is ever empty.
    const n = sc.length;
    for (let j = base - 2; j <= base + 2; j++) if (n > 1 || j === base) items.push({ j: ((j % n) + n) % n, pos: j - base + shift });
    items.sort((x, y) => Math.abs(y.pos) - Math.abs(x.pos));
    for (const { j, pos } of items) {
      const d = Math.min(1, Math.abs(pos));
      if (Math.abs(pos) > 1.6) continue;
      // The card arriving in the centre settles (its scene's entrance) while it slides in.
      const settle = j === base ? (this.entranceAt(base, tMs)?.k ?? 1) : 1;
      const k = settle * (1 - 0.2 * d) * (d < 0.01 ? 1 + 0.03 * clamp01((tMs - sc[base]!.startMs) / Math.max(1, sc[base]!.endMs - sc[base]!.startMs)) : 1);
      const w = b.w * k;
      const h = b.h * k;
      const cx = b.x + b.w / 2 + pos * step;
      const cy = b.y + b.h / 2;
      ctx.globalAlpha = 1 - 0.45 * d;
      if (this.cardBack) {
        const pd = this.cardBack.pad * k;
        ctx.drawImage(this.cardBack.canvas, cx - w / 2 - pd, cy - h / 2 - pd, w + pd * 2, h + pd * 2);
      }
      ctx.drawImage(this.card(sc[j]!), cx - w / 2, cy - h / 2, w, h);
    }
    ctx.globalAlpha = 1;
  }
}
