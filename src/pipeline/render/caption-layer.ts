/**
 * Captions on screen: the current page is rasterised once into a sprite (all words, outlined),
 * and the spoken word is drawn over it from a small cached sprite in the style's highlight
 * (pill, colour, glow or underline) with a short pop when it starts. Per frame that is two
 * bitmap draws; text is shaped only when a page or word first appears.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { activeToken, pageAt, type CaptionPage, type Captions } from '../captions/build.ts';
import { languageTag } from '../captions/lang.ts';
import type { Box, VisualStyleDef } from '../templates/types.ts';
import { easeOutCubic } from '../timeline/motion.ts';
import { fontString } from './fonts.ts';
import { baselineFor } from './text-sprites.ts';

interface PlacedToken {
  text: string;
  x: number;
  width: number;
  /** Baseline y in sprite coordinates. */
  y: number;
  centerY: number;
}

interface PageSprite {
  page: CaptionPage;
  canvas: Canvas;
  size: number;
  tokens: PlacedToken[][];
  highlights: Map<string, { canvas: Canvas; dx: number; dy: number }>;
}

const POP_MS = 110;

export class CaptionLayer {
  private current: PageSprite | null = null;
  private readonly pad: number;
  private readonly tag: string;

  constructor(private readonly captions: Captions, private readonly box: Box, private readonly style: VisualStyleDef) {
    this.pad = Math.ceil(box.h * 0.25);
    this.tag = languageTag(captions.language);
  }

  private text(t: string): string {
    return this.style.text.uppercase ? t.toLocaleUpperCase(this.tag) : t;
  }

  private font(size: number): string {
    return fontString(this.style.fonts.body, 700, size);
  }

  private layout(page: CaptionPage): PageSprite {
    const { box, pad, style } = this;
    const lineH = box.h / 2;
    const canvas = createCanvas(Math.ceil(box.w + pad * 2), Math.ceil(box.h + pad * 2));
    const ctx = canvas.getContext('2d');
    let size = lineH * 0.66;
    ctx.font = this.font(size);
    const space = () => ctx.measureText(' ').width;
    const widthOf = (line: CaptionPage['lines'][number]) =>
      line.tokens.reduce((s, t, i) => s + ctx.measureText(this.text(t.text)).width + (i > 0 && t.spaceBefore ? space() : 0), 0);
    const widest = Math.max(...page.lines.map(widthOf));
    if (widest > box.w * 0.96) {
      size *= (box.w * 0.96) / widest;
      ctx.font = this.font(size);
    }
    const n = page.lines.length;
    const top = pad + box.h / 2 - (n * lineH) / 2;
    const tokens: PlacedToken[][] = page.lines.map((line, li) => {
      const centerY = top + lineH * (li + 0.5);
      const total = widthOf(line);
      let x = this.captions.rtl ? pad + box.w / 2 + total / 2 : pad + box.w / 2 - total / 2;
      return line.tokens.map((t, i) => {
        const text = this.text(t.text);
        const width = ctx.measureText(text).width;
        const gap = i > 0 && t.spaceBefore ? space() : 0;
        if (this.captions.rtl) x -= gap + width;
        else x += gap;
        const placed = { text, x, width, y: baselineFor(ctx, text, centerY), centerY };
        if (!this.captions.rtl) x += width;
        return placed;
      });
    });
    if (style.caption.band) {
      ctx.fillStyle = 'rgba(0,0,0,0.55)';
      for (const line of tokens) {
        const x0 = Math.min(...line.map((t) => t.x));
        const x1 = Math.max(...line.map((t) => t.x + t.width));
        const cy = line[0]!.centerY;
        ctx.beginPath();
        ctx.roundRect(x0 - size * 0.35, cy - lineH * 0.48, x1 - x0 + size * 0.7, lineH * 0.96, size * 0.12);
        ctx.fill();
      }
    }
    ctx.lineJoin = 'round';
    ctx.textAlign = 'left';
    for (const line of tokens)
      for (const t of line) {
        if (!style.caption.band) {
          ctx.lineWidth = size * 0.17;
          ctx.strokeStyle = style.palette.captionStroke;
          ctx.strokeText(t.text, t.x, t.y);
        }
        ctx.fillStyle = style.palette.captionText;
        ctx.fillText(t.text, t.x, t.y);
      }
    return { page, canvas, size, tokens, highlights: new Map() };
  }

  private highlight(ps: PageSprite, li: number, ti: number): { canvas: Canvas; dx: number; dy: number } {
    const key = `${li}:${ti}`;
    const cached = ps.highlights.get(key);
    if (cached) return cached;
    const t = ps.tokens[li]![ti]!;
    const { size } = ps;
    const p = this.style.palette;
    const mx = size * 0.3;
    const my = size * 0.45;
    const canvas = createCanvas(Math.ceil(t.width + mx * 2), Math.ceil(size * 1.3 + my * 2));
    const ctx = canvas.getContext('2d');
    ctx.font = this.font(size);
    ctx.lineJoin = 'round';
    const ox = mx - t.x;
    const oy = canvas.height / 2 - t.centerY;
    const x = t.x + ox;
    const y = t.y + oy;
    const drawStroked = (fill: string) => {
      ctx.lineWidth = size * 0.17;
      ctx.strokeStyle = p.captionStroke;
      ctx.strokeText(t.text, x, y);
      ctx.fillStyle = fill;
      ctx.fillText(t.text, x, y);
    };
    switch (this.style.caption.highlight) {
      case 'pill':
        ctx.beginPath();
        ctx.roundRect(mx - size * 0.18, canvas.height / 2 - size * 0.62, t.width + size * 0.36, size * 1.24, size * 0.22);
        ctx.fillStyle = p.highlight;
        ctx.fill();
        ctx.fillStyle = p.onHighlight;
        ctx.fillText(t.text, x, y);
        break;
      case 'glow':
        ctx.shadowColor = p.highlight;
        ctx.shadowBlur = size * 0.45;
        drawStroked(p.highlight);
        ctx.shadowBlur = 0;
        ctx.fillStyle = '#FFFFFF';
        ctx.globalAlpha = 0.35;
        ctx.fillText(t.text, x, y);
        ctx.globalAlpha = 1;
        break;
      case 'underline':
        drawStroked(p.captionText);
        ctx.fillStyle = p.highlight;
        ctx.fillRect(mx, canvas.height / 2 + size * 0.5, t.width, Math.max(2, size * 0.12));
        break;
      default:
        if (this.style.caption.band) {
          ctx.fillStyle = p.highlight;
          ctx.fillText(t.text, x, y);
        } else drawStroked(p.highlight);
    }
    const h = { canvas, dx: t.x - mx, dy: t.centerY - canvas.height / 2 };
    ps.highlights.set(key, h);
    return h;
  }

  /**
   * Everything draw() can paint: the page sprite (the box with its padding) and a popping word
   * highlight (at most 12% larger than its sprite, which is inside the padding at rest).
   */
  bounds(): Box {
    const m = this.pad * 1.5;
    return { x: this.box.x - m, y: this.box.y - m, w: this.box.w + m * 2, h: this.box.h + m * 2 };
  }

  /** What shows at tMs: the page, the spoken word (line, token) and its pop scale (1 at rest). */
  private stateAt(tMs: number): { page: CaptionPage; word: { line: number; token: number; k: number } | null } | null {
    const page = pageAt(this.captions, tMs);
    if (!page) return null;
    const at = activeToken(page, tMs);
    if (!at) return { page, word: null };
    const tok = page.lines[at.line]!.tokens[at.token]!;
    const k = 1 + 0.12 * (1 - easeOutCubic((tMs - tok.startMs) / POP_MS));
    return { page, word: { line: at.line, token: at.token, k: k <= 1.001 ? 1 : k } };
  }

  /** Equal for two times exactly when draw() paints the same pixels: page, spoken word and its pop. */
  stateKey(tMs: number): string {
    const st = this.stateAt(tMs);
    if (!st) return '-';
    const w = st.word;
    return w ? `${st.page.startMs} ${w.line}:${w.token} ${w.k === 1 ? 1 : w.k.toFixed(5)}` : `${st.page.startMs}`;
  }

  draw(ctx: SKRSContext2D, tMs: number): void {
    const st = this.stateAt(tMs);
    if (!st) {
      this.current = null;
      return;
    }
    if (this.current?.page !== st.page) this.current = this.layout(st.page);
    const ps = this.current;
    const ox = Math.round(this.box.x - this.pad);
    const oy = Math.round(this.box.y - this.pad);
    ctx.drawImage(ps.canvas, ox, oy);
    const w = st.word;
    if (!w) return;
    const h = this.highlight(ps, w.line, w.token);
    if (w.k === 1) {
      ctx.drawImage(h.canvas, ox + Math.round(h.dx), oy + Math.round(h.dy));
      return;
    }
    const dw = h.canvas.width * w.k;
    const dh = h.canvas.height * w.k;
    ctx.drawImage(h.canvas, ox + h.dx - (dw - h.canvas.width) / 2, oy + h.dy - (dh - h.canvas.height) / 2, dw, dh);
  }
}
