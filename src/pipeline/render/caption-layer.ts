/**
 * Captions on screen. Each word of the current page (each bidi run of it) is shaped and outlined
 * once into a small sprite; every frame draws the band (band styles, two vector rectangles), the
 * words but the spoken one, and the spoken word from a small cached sprite in the style's
 * highlight (pill, colour, glow or underline) with a short pop when it starts. Word positions
 * come from captions/place.ts (bidi order, one baseline per line from the font's metrics). The
 * spoken word is drawn ONCE: a highlight popping over its own plain copy showed both for the
 * pop's 2–3 frames (Luxury Dark). Leaving the word out, rather than clipping its box, keeps
 * touching neighbours (Thai, CJK) whole. Small unchanging sprites, because Skia copies a canvas
 * that changed since it was last drawn (~4.5 ms for a 1100x400 page sprite): repainting one
 * page sprite per spoken word cost ~1 ms a frame.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { activeToken, pageAt, type CaptionPage, type Captions } from '../captions/build.ts';
import { languageTag } from '../captions/lang.ts';
import { placePage, type PlacedPage, type PlacedRun, type TextMeasure } from '../captions/place.ts';
import type { Box, VisualStyleDef } from '../templates/types.ts';
import { easeOutCubic } from '../timeline/motion.ts';
import { meanColour } from '../templates/colours.ts';
import { captionInk, inkKey, type CaptionInk, type CaptionUnder } from '../templates/caption-ink.ts';
import { LARGE_TEXT_CONTRAST } from '../templates/legibility.ts';
import { fontString } from './fonts.ts';

interface PageSprite {
  page: CaptionPage;
  /** The ink the plain words were drawn in (inkKey). */
  ink: string;
  /** Each run rasterised once, with the "line:token" it belongs to, at whole-pixel offsets from the layer's origin. */
  runs: { key: string; canvas: Canvas; dx: number; dy: number }[];
  placed: PlacedPage;
  highlights: Map<string, Highlight>;
}

interface Highlight {
  canvas: Canvas;
  /** Top-left in page-sprite coordinates, and the point the pop scales about (word centre, baseline). */
  dx: number;
  dy: number;
  ax: number;
  ay: number;
}

const POP_MS = 110;
/** Outline width of stroked captions, as a share of the font size (half of it reaches outside each glyph). */
export const STROKE = 0.17;

/**
 * Measures caption text with the style's caption font on a canvas context (the layer's and the checks').
 * A space between words is widened by the outline's reach on both sides, so stroked words keep a
 * visible gap ("just discovered", not "justdiscovered").
 */
export function canvasMeasure(ctx: SKRSContext2D, style: VisualStyleDef): TextMeasure {
  const font = (size: number) => fontString(style.fonts.body, 700, size);
  const outline = style.caption.band ? 0 : STROKE;
  return {
    width(text, size, rtl) {
      ctx.font = font(size);
      ctx.direction = rtl ? 'rtl' : 'ltr';
      const w = ctx.measureText(text).width;
      return text.trim() === '' && text.length > 0 ? w + outline * size : w;
    },
    metrics(size) {
      ctx.font = font(size);
      ctx.direction = 'ltr';
      const m = ctx.measureText('Hg');
      return { ascent: m.fontBoundingBoxAscent, descent: m.fontBoundingBoxDescent };
    },
  };
}

/** Upper-cases caption text for styles that want it, with the language's casing rules. */
function captionTransform(captions: Captions, style: VisualStyleDef): (t: string) => string {
  const tag = languageTag(captions.language);
  return style.text.uppercase ? (t) => t.toLocaleUpperCase(tag) : (t) => t;
}

/**
 * The placement the layer draws with, in output pixels, for checks (captionViolations' `place`):
 * `captionViolations(t.captions, { protectedSpans, place: captionPlacer(t.captions, t.captionsBox, t.style) })`.
 */
export function captionPlacer(captions: Captions, box: Box, style: VisualStyleDef): (page: CaptionPage) => PlacedPage {
  const measure = canvasMeasure(createCanvas(8, 8).getContext('2d'), style);
  const transform = captionTransform(captions, style);
  return (page) => placePage(page, box, { rtl: captions.rtl, measure, transform });
}

/**
 * The mean colours under a captions band on a drawn canvas (a 4 × 2 grid of the box): a gradient,
 * a pattern or a field under part of the band each count (CaptionLayer.setSurfaces).
 */
export function sampleSurfaces(ctx: SKRSContext2D, box: Box): string[] {
  const out = new Set<string>();
  for (let gy = 0; gy < 2; gy++)
    for (let gx = 0; gx < 4; gx++) {
      const x = Math.max(0, Math.floor(box.x + (box.w * gx) / 4));
      const y = Math.max(0, Math.floor(box.y + (box.h * gy) / 2));
      const w = Math.max(1, Math.min(ctx.canvas.width - x, Math.floor(box.w / 4)));
      const h = Math.max(1, Math.min(ctx.canvas.height - y, Math.floor(box.h / 2)));
      if (w < 1 || h < 1 || x >= ctx.canvas.width || y >= ctx.canvas.height) continue;
      const colour = meanColour(ctx.getImageData(x, y, w, h).data);
      if (colour) out.add(colour);
    }
  return [...out];
}

export class CaptionLayer {
  private current: PageSprite | null = null;
  private readonly pad: number;
  private readonly transform: (t: string) => string;

  private readonly measure: TextMeasure;
  /** What lies under the captions at a time (flat colours, or not known, e.g. a photo; a split), for the words' ink. */
  private surfaces: ((tMs: number) => CaptionUnder | null) | null = null;
  private readonly inks = new Map<string, CaptionInk>();

  /** `need`: the contrast the caption words need on flat colours (templates/legibility.ts neededContrast for their size). */
  constructor(private readonly captions: Captions, private readonly box: Box, private readonly style: VisualStyleDef, private readonly need = LARGE_TEXT_CONTRAST) {
    this.pad = Math.ceil(box.h * 0.25);
    this.transform = captionTransform(captions, style);
    this.measure = canvasMeasure(createCanvas(8, 8).getContext('2d'), style);
  }

  /** Tells the layer what lies under it over time, so its words keep their contrast with it (templates/caption-ink.ts). */
  setSurfaces(surfaces: (tMs: number) => CaptionUnder | null): void {
    this.surfaces = surfaces;
  }

  /** The words' ink at tMs: the style's own, or colours, a rim or the band that read on what is under the captions. */
  colours(tMs: number): CaptionInk {
    const under = this.surfaces?.(tMs) ?? null;
    const key = under ? `${under.colours?.join(' ') ?? '?'} ${under.split} ${!!under.figure} ${!!under.busy}` : '-';
    let h = this.inks.get(key);
    if (!h) {
      h = captionInk(this.style, under, this.need);
      this.inks.set(key, h);
    }
    return h;
  }

  private font(size: number): string {
    return fontString(this.style.fonts.body, 700, size);
  }

  private drawRun(ctx: SKRSContext2D, r: PlacedRun, x: number, y: number, fill: string, stroke: string | null, size: number, rim = STROKE): void {
    ctx.direction = r.rtl ? 'rtl' : 'ltr';
    ctx.textAlign = 'left';
    if (stroke) {
      ctx.lineWidth = size * rim;
      ctx.strokeStyle = stroke;
      ctx.strokeText(r.text, x, y);
    }
    ctx.fillStyle = fill;
    ctx.fillText(r.text, x, y);
  }

  private layout(page: CaptionPage, ink: CaptionInk): PageSprite {
    const { box, pad } = this;
    const placed = placePage(page, { x: pad, y: pad, w: box.w, h: box.h }, { rtl: this.captions.rtl, measure: this.measure, transform: this.transform });
    const { size } = placed;
    const stroke = ink.stroke;
    const m = Math.ceil(size * 0.6);
    const runs = placed.lines.flatMap((line, li) =>
      line.runs.map((r) => {
        const dx = Math.floor(r.x) - m;
        const dy = Math.floor(line.top) - m;
        const canvas = createCanvas(Math.ceil(r.width) + m * 2 + 1, Math.ceil(line.bottom - line.top) + m * 2 + 1);
        const ctx = canvas.getContext('2d');
        ctx.font = this.font(size);
        ctx.lineJoin = 'round';
        this.drawRun(ctx, r, r.x - dx, r.y - dy, ink.text, stroke, size, ink.thinRim ? STROKE / 2 : STROKE);
        return { key: `${li}:${r.token}`, canvas, dx, dy };
      }),
    );
    return { page, ink: inkKey(ink), runs, placed, highlights: new Map() };
  }

  /**
   * The band behind each line, drawn as vectors (cheaper than a sprite that is copied): translucent
   * black (band styles), or the opaque ground of the style's colour where the lines need one of
   * their own (across a presenter's figure, over a photo: templates/caption-ink.ts captionGround).
   */
  private drawBand(ctx: SKRSContext2D, ps: PageSprite, ox: number, oy: number, ground: string | undefined): void {
    const { size, lineHeight } = ps.placed;
    ctx.fillStyle = ground ?? 'rgba(0,0,0,0.55)';
    for (const line of ps.placed.lines) {
      if (line.runs.length === 0) continue;
      const x0 = Math.min(...line.runs.map((r) => r.x));
      const x1 = Math.max(...line.runs.map((r) => r.x + r.width));
      // On whole pixels: a plate's straight edges then have no anti-aliased row, which a redraw's
      // rectangle clip through it would round differently from a full frame (render.compositor).
      const bx = Math.round(ox + x0 - size * 0.35);
      const by = Math.round(oy + line.centerY - lineHeight * 0.48);
      ctx.beginPath();
      ctx.roundRect(bx, by, Math.round(ox + x1 + size * 0.35) - bx, Math.round(oy + line.centerY + lineHeight * 0.48) - by, size * 0.12);
      ctx.fill();
    }
  }

  private highlight(ps: PageSprite, li: number, ti: number, c: CaptionInk): Highlight {
    const key = `${li}:${ti}:${inkKey(c)}`;
    const cached = ps.highlights.get(key);
    if (cached) return cached;
    const line = ps.placed.lines[li]!;
    const runs = line.runs.filter((r) => r.token === ti);
    const { size } = ps.placed;
    const p = this.style.palette;
    const x0 = Math.min(...runs.map((r) => r.x));
    const x1 = Math.max(...runs.map((r) => r.x + r.width));
    // Touching runs of the word form one piece; a bidi-separated part is a piece of its own.
    const pieces: { x0: number; x1: number }[] = [];
    for (const r of [...runs].sort((a, b) => a.x - b.x)) {
      const last = pieces[pieces.length - 1];
      if (last && r.x - last.x1 < size * 0.05) last.x1 = Math.max(last.x1, r.x + r.width);
      else pieces.push({ x0: r.x, x1: r.x + r.width });
    }
    const mx = size * 0.3;
    const my = size * 0.45;
    // Whole-pixel origin, so the lit word at rest sits exactly where its plain copy would.
    const dx = Math.floor(x0 - mx);
    const dy = Math.floor(line.centerY - size * 0.65 - my);
    const canvas = createCanvas(Math.ceil(x1 - x0 + mx * 2) + 1, Math.ceil(size * 1.3 + my * 2) + 1);
    const ctx = canvas.getContext('2d');
    ctx.font = this.font(size);
    ctx.lineJoin = 'round';
    const drawAll = (fill: string, stroke: string | null) => runs.forEach((r) => this.drawRun(ctx, r, r.x - dx, r.y - dy, fill, stroke, size, c.thinRim && stroke === c.stroke ? STROKE / 2 : STROKE));
    switch (c.pill ? 'pill' : this.style.caption.highlight) {
      case 'pill': {
        // A pill per piece of the word (a Latin name's Arabic comma sits apart from it in an RTL
        // line), reaching into the space beside it, never over a neighbour that touches it (Thai, CJK).
        const others = line.runs.filter((r) => r.token !== ti);
        ctx.fillStyle = c.highlight;
        for (const seg of pieces) {
          const gapL = Math.min(size, ...others.filter((r) => r.x < seg.x0).map((r) => seg.x0 - (r.x + r.width)));
          const gapR = Math.min(size, ...others.filter((r) => r.x >= seg.x1 - 0.5).map((r) => r.x - seg.x1));
          const padL = Math.min(size * 0.18, Math.max(size * 0.03, gapL * 0.6));
          const padR = Math.min(size * 0.18, Math.max(size * 0.03, gapR * 0.6));
          ctx.beginPath();
          ctx.roundRect(seg.x0 - dx - padL, line.centerY - dy - size * 0.62, seg.x1 - seg.x0 + padL + padR, size * 1.24, size * 0.22);
          ctx.fill();
        }
        drawAll(c.onHighlight, null);
        break;
      }
      case 'glow':
        ctx.shadowColor = c.highlight;
        ctx.shadowBlur = size * 0.45;
        drawAll(c.highlight, c.outline ?? p.captionStroke);
        ctx.shadowBlur = 0;
        // The neon's white-hot core is the style's own look; a replacing colour is drawn as it is
        // (a 35 % white wash turned Tech Neon's dark replacement grey on its magenta field: #203).
        if (c.highlight === p.highlight) {
          ctx.globalAlpha = 0.35;
          drawAll('#FFFFFF', null);
          ctx.globalAlpha = 1;
        }
        break;
      case 'underline':
        drawAll(c.text, c.stroke);
        ctx.fillStyle = c.highlight;
        for (const seg of pieces) ctx.fillRect(seg.x0 - dx, line.baseline - dy + size * 0.12, seg.x1 - seg.x0, Math.max(2, size * 0.12));
        break;
      default:
        drawAll(c.highlight, c.band ? null : (c.outline ?? p.captionStroke));
    }
    const h = { canvas, dx, dy, ax: (x0 + x1) / 2, ay: line.baseline };
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
  private stateAt(tMs: number): { page: CaptionPage; ink: CaptionInk; word: { line: number; token: number; k: number } | null } | null {
    const page = pageAt(this.captions, tMs);
    if (!page) return null;
    const ink = this.colours(tMs);
    const at = activeToken(page, tMs);
    if (!at) return { page, ink, word: null };
    const tok = page.lines[at.line]!.tokens[at.token]!;
    const k = 1 + 0.12 * (1 - easeOutCubic((tMs - tok.startMs) / POP_MS));
    return { page, ink, word: { line: at.line, token: at.token, k: k <= 1.001 ? 1 : k } };
  }

  /** Equal for two times exactly when draw() paints the same pixels: page, spoken word and its pop. */
  stateKey(tMs: number): string {
    const st = this.stateAt(tMs);
    if (!st) return '-';
    const w = st.word;
    const ink = inkKey(st.ink);
    return w ? `${st.page.startMs} ${w.line}:${w.token} ${w.k === 1 ? 1 : w.k.toFixed(5)} ${ink}` : `${st.page.startMs} ${ink}`;
  }

  draw(ctx: SKRSContext2D, tMs: number): void {
    const st = this.stateAt(tMs);
    if (!st) {
      this.current = null;
      return;
    }
    if (this.current?.page !== st.page || this.current.ink !== inkKey(st.ink)) this.current = this.layout(st.page, st.ink);
    const ps = this.current;
    const ox = Math.round(this.box.x - this.pad);
    const oy = Math.round(this.box.y - this.pad);
    if (st.ink.band) this.drawBand(ctx, ps, ox, oy, st.ink.ground);
    const w = st.word;
    const lit = w ? `${w.line}:${w.token}` : null;
    for (const r of ps.runs) if (r.key !== lit) ctx.drawImage(r.canvas, ox + r.dx, oy + r.dy);
    if (!w) return;
    const h = this.highlight(ps, w.line, w.token, st.ink);
    if (w.k === 1) {
      ctx.drawImage(h.canvas, ox + h.dx, oy + h.dy);
      return;
    }
    // The pop grows the word about its centre on the baseline, so it never leaves its line.
    const x = h.ax + (h.dx - h.ax) * w.k;
    const y = h.ay + (h.dy - h.ay) * w.k;
    ctx.drawImage(h.canvas, ox + x, oy + y, h.canvas.width * w.k, h.canvas.height * w.k);
  }
}
