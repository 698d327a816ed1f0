/**
 * Draws one frame of a timeline. Static layers (the background and avatar scene, the inset's
 * backing and ring, text sprites) are rasterised once; per frame it blits the base, draws the
 * media box, the presenter's figure, the overlay sprites with their entrance moves, and the
 * caption sprites. Layer order: base, full-bleed media, presenter, card media, overlays, captions.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { ProductFacts } from '../types.ts';
import { isRtl } from '../captions/lang.ts';
import { clamp01, easeOutBack, easeOutCubic } from '../timeline/motion.ts';
import { frameTimeMs } from '../timeline/build.ts';
import type { TextOverlay, Timeline } from '../timeline/types.ts';
import { paintAvatarScene, type Presenter } from './avatar-adapter.ts';
import { drawStyleBackground } from './background.ts';
import { CaptionLayer } from './caption-layer.ts';
import { MediaLayer } from './media-layer.ts';
import { overlaySprite, type Sprite } from './text-sprites.ts';

const ENTER_MS = 350;
const EXIT_MS = 220;

export class Compositor {
  readonly canvas: Canvas;
  readonly ctx: SKRSContext2D;
  private base: Canvas | null = null;
  private baseCovered = false;
  private inset: { back: Canvas; ring: Canvas; pad: number } | null = null;
  private readonly media: MediaLayer;
  private readonly captions: CaptionLayer | null;
  private readonly sprites = new Map<string, Sprite>();
  private readonly rtl: boolean;

  constructor(
    private readonly t: Timeline,
    product: ProductFacts,
    private readonly presenter: Presenter | null,
    private readonly avatarId: number | null,
  ) {
    this.canvas = createCanvas(t.width, t.height);
    this.ctx = this.canvas.getContext('2d');
    this.media = new MediaLayer(t, product);
    this.captions = t.captions ? new CaptionLayer(t.captions, t.captionsBox, t.style) : null;
    this.rtl = isRtl(t.language);
  }

  async prepare(): Promise<void> {
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
        paintAvatarScene(bctx, this.avatarId, p.panel.w, p.panel.h);
        bctx.restore();
      } else this.inset = this.buildInset();
    }
    this.base = base;
    const m = t.media;
    this.baseCovered = !!m && m.show === 'always' && m.motion === 'kenburns' && m.radius === 0 && m.box.x <= 0 && m.box.y <= 0 && m.box.w >= t.width && m.box.h >= t.height;
    for (const o of t.overlays) this.sprites.set(o.id, overlaySprite(o, t.style, t.language, this.rtl));
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

  private drawPresenter(ctx: SKRSContext2D, frame: number): void {
    const pr = this.presenter;
    const p = this.t.presenter;
    if (!pr || !p) return;
    const b = p.box;
    if (this.inset) ctx.drawImage(this.inset.back, b.x - this.inset.pad, b.y - this.inset.pad);
    const pl = pr.placement;
    ctx.save();
    ctx.beginPath();
    if (pl.shape === 'circle') ctx.arc(b.x + b.w / 2, b.y + b.h / 2, Math.min(b.w, b.h) / 2, 0, Math.PI * 2);
    else if (pl.shape === 'round-rect') ctx.roundRect(b.x, b.y, b.w, b.h, Math.min(b.w, b.h) * 0.1);
    else ctx.rect(pl.clip.x, pl.clip.y, pl.clip.w, pl.clip.h);
    ctx.clip();
    pr.painter.draw(ctx, pr.track.poseAt(frame), pl.x, pl.y);
    ctx.restore();
    if (this.inset) ctx.drawImage(this.inset.ring, b.x - this.inset.pad, b.y - this.inset.pad);
  }

  private drawOverlay(ctx: SKRSContext2D, o: TextOverlay, tMs: number): void {
    if (tMs < o.startMs || tMs >= o.endMs) return;
    const s = this.sprites.get(o.id);
    if (!s) return;
    const enter = clamp01((tMs - o.startMs) / ENTER_MS);
    const exit = clamp01((o.endMs - tMs) / EXIT_MS);
    let alpha = Math.min(easeOutCubic(enter * 1.4), exit);
    let dx = 0;
    let dy = 0;
    let k = 1;
    if (o.enter === 'rise') dy = (1 - easeOutCubic(enter)) * o.box.h * 0.5;
    else if (o.enter === 'slide') dx = (1 - easeOutCubic(enter)) * o.box.h * 1.2 * (this.rtl ? 1 : -1);
    else if (o.enter === 'pop') {
      k = 0.6 + 0.4 * easeOutBack(enter);
      if (o.slot === 'cta' && enter >= 1) k = 1 + 0.035 * Math.sin(((tMs - o.startMs - ENTER_MS) / 1100) * Math.PI * 2);
    } else alpha = Math.min(enter, exit);
    if (alpha <= 0.004) return;
    const x = o.box.x + s.dx + dx;
    const y = o.box.y + s.dy + dy;
    ctx.globalAlpha = alpha;
    if (Math.abs(k - 1) < 0.002) ctx.drawImage(s.canvas, Math.round(x), Math.round(y));
    else {
      const w = s.canvas.width * k;
      const h = s.canvas.height * k;
      ctx.drawImage(s.canvas, x + (s.canvas.width - w) / 2, y + (s.canvas.height - h) / 2, w, h);
    }
    ctx.globalAlpha = 1;
  }

  async drawFrame(frame: number): Promise<void> {
    const { ctx, t } = this;
    const tMs = frameTimeMs(frame, t.fps);
    if (!this.baseCovered) ctx.drawImage(this.base!, 0, 0);
    const cardMedia = t.media?.frame === 'card';
    if (!cardMedia) await this.media.draw(ctx, tMs);
    this.drawPresenter(ctx, frame);
    if (cardMedia) await this.media.draw(ctx, tMs);
    for (const o of t.overlays) this.drawOverlay(ctx, o, tMs);
    this.captions?.draw(ctx, tMs);
  }

  close(): void {
    this.media.close();
  }
}
