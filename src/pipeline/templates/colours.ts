/**
 * Colour choices from a style's palette (pure; docs/rendering.md "Plates" and "Caption
 * highlights"): the brand-colour field, a product plate that contrasts with the product on it,
 * and a caption highlight that keeps a contrast with what is under it. Contrast is WCAG 2's
 * ratio (colord's a11y plugin): 3 is the floor for large text and for non-text marks.
 */
import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';
import type { VisualStyleDef } from './types.ts';

extend([a11yPlugin, mixPlugin]);

/** WCAG's floor for large text (captions) and for marks such as a pill: 3. */
export const MIN_CONTRAST = 3;
/** A plate colour this far (RGB distance) from the background, the cards and the accent still reads as a plate. */
const PLATE_MIN_DIST = 60;
/** Another palette colour replaces the field colour on a plate only when it contrasts this much more with the product. */
const PLATE_GAIN = 1.25;

/** An opaque colour, or null (a translucent surface, or not a colour). */
function solid(c: string): Colord | null {
  const k = colord(c);
  return k.isValid() && k.alpha() === 1 ? k : null;
}

const dist = (a: string, b: string): number => {
  const x = colord(a).toRgb();
  const y = colord(b).toRgb();
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
};

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  return colord(a).contrast(b);
}

/** `a` seen through `alpha` of `b` on top (a translucent band over a colour). */
export function under(a: string, b: string, alpha: number): string {
  return colord(a).mix(b, alpha).toHex();
}

/** Distance of a candidate from what a field must stand out against: the accent (price and CTA pills), the cards, the background. */
function fieldScore(style: VisualStyleDef, c: string): number {
  const p = style.palette;
  return Math.min(dist(c, p.accent), dist(c, p.surface), dist(c, p.bg));
}

/**
 * The colour of a brand-colour field in this style: of highlight, accent, text and bg2, the one
 * farthest from the accent, the surface (cards) and the background (the highlight unless another
 * is clearly farther), so every card and pill stands out on it.
 */
export function fieldColour(style: VisualStyleDef): string {
  const p = style.palette;
  const score = (c: string) => fieldScore(style, c);
  return [p.highlight, p.accent, p.text, p.bg2].filter((c) => solid(c)).reduce((best, c) => (score(c) > score(best) * 1.15 ? c : best), p.highlight);
}

/**
 * The plate behind a product whose own (mean) colour is `product`: the field colour when the
 * product stands out on it (contrast ≥ 3) or its colour is unknown; else, of the palette colours
 * that still read as a plate (clear of the background, the cards and the accent), the one the
 * product contrasts with best, when that is clearly better (a red bottle on Warm Lifestyle's tan
 * rather than its dark brown).
 */
export function plateColour(style: VisualStyleDef, product: string | null | undefined): string {
  const field = fieldColour(style);
  if (!product || !solid(product)) return field;
  const own = contrast(field, product);
  if (own >= MIN_CONTRAST) return field;
  const p = style.palette;
  const best = [p.highlight, p.accent, p.text, p.bg2]
    .filter((c) => solid(c) && fieldScore(style, c) >= PLATE_MIN_DIST)
    .reduce((b, c) => (contrast(c, product) > contrast(b, product) ? c : b), field);
  return contrast(best, product) >= own * PLATE_GAIN ? best : field;
}

export interface CaptionHighlight {
  /** The highlight's colour: the word's fill ('color', 'glow'), its pill or underline. */
  highlight: string;
  /** Text drawn on a pill. */
  onHighlight: string;
  /**
   * The lit word's outline in styles that outline caption words: the style's stroke, or — when the
   * chosen fill is as dark as that stroke (Clean Minimal's ink over its yellow plate) — the light
   * one of the caption colours, so the word never turns into one dark blob.
   */
  outline?: string;
  /** Drawn as a pill although the style lights words by colour: no colour is both readable and apart from the plain words. */
  pill?: true;
}

/** How the caption words are drawn, for the highlight: through a dark band or not, and the plain words' fill. */
export interface CaptionWords {
  band: boolean;
  plain: string;
}

/**
 * The caption highlight over surfaces of these colours (`surfaces`: what lies under the captions,
 * e.g. a plate, or a gradient's two ends; a band is laid over them when the words have one): the
 * style's own when it contrasts ≥ 3 with every one, else the first palette colour that does (the
 * best one when none does). A coloured word also keeps apart from the plain words — when no
 * colour is both, the lit word takes a pill; a pill's text is the readable one of the style's text colours.
 */
export function captionHighlight(style: VisualStyleDef, surfaces: readonly string[], words?: CaptionWords): CaptionHighlight {
  const p = style.palette;
  const band = words?.band ?? style.caption.band;
  const plain = words?.plain ?? p.captionText;
  const own: CaptionHighlight = { highlight: p.highlight, onHighlight: p.onHighlight, outline: outlineFor(style, p.highlight, band) };
  const seen = surfaces.filter((s) => solid(s)).map((s) => (band ? under(s, '#000000', 0.55) : s));
  if (seen.length === 0) return own;
  const worst = (c: string) => Math.min(...seen.map((s) => contrast(c, s)));
  const word = style.caption.highlight === 'color' || style.caption.highlight === 'glow';
  // The style's own pair of colours is apart by design; re-inked plain words must stay apart from it.
  if (worst(p.highlight) >= MIN_CONTRAST && (!word || plain === p.captionText || contrast(p.highlight, plain) >= 1.5)) return own;
  const all = [p.accent, p.text, p.captionStroke, p.onHighlight, p.bg, p.bg2, p.surface, p.captionText, '#000000', '#FFFFFF'].filter((c) => solid(c));
  const candidates = all.filter((c) => !word || contrast(c, plain) >= 1.5);
  let pick = candidates.find((c) => worst(c) >= MIN_CONTRAST);
  // A lit word that cannot be both readable and apart from the plain words (dark words on a light field) sits on a pill.
  const pill = word && !pick ? all.find((c) => worst(c) >= MIN_CONTRAST) : undefined;
  pick ??= pill ?? candidates.reduce((b, c) => (worst(c) > worst(b) ? c : b), p.highlight);
  const text = [p.onHighlight, p.onAccent, p.captionText, p.captionStroke, p.text, '#FFFFFF', '#000000'].filter((c) => solid(c));
  const onHighlight = contrast(p.onHighlight, pick) >= 4.5 ? p.onHighlight : text.reduce((b, c) => (contrast(c, pick!) > contrast(b, pick!) ? c : b));
  return { highlight: pick, onHighlight, outline: outlineFor(style, pick, band), ...(pill ? { pill: true as const } : {}) };
}

/** A lit word's outline (CaptionHighlight.outline): none on a band; the stroke when it reads against the fill. */
function outlineFor(style: VisualStyleDef, fill: string, band: boolean): string | undefined {
  const p = style.palette;
  if (band || !solid(p.captionStroke)) return undefined;
  if (!solid(fill) || contrast(fill, p.captionStroke) >= MIN_CONTRAST) return p.captionStroke;
  return [p.captionText, '#FFFFFF', '#000000'].filter((c) => solid(c)).reduce((b, c) => (contrast(c, fill) > contrast(b, fill) ? c : b));
}

/** The mean colour (#rrggbb) of the mostly opaque pixels of RGBA pixels, or null when there are none. */
export function meanColour(px: Uint8ClampedArray | Uint8Array): string | null {
  // Sums in locals, not an array's slots: the captions' ground samples ~12 M pixels before a
  // render's first frame (caption-ground.ts), and this loop was 60 ns a pixel (issue 29).
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < px.length; i += 4) {
    if (px[i + 3]! < 128) continue;
    r += px[i]!;
    g += px[i + 1]!;
    b += px[i + 2]!;
    n++;
  }
  return n === 0 ? null : `#${[r, g, b].map((v) => Math.round(v / n).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A product's typical colour (#rrggbb) from its mostly opaque RGBA pixels: the mean of the middle
 * fifth by lightness (40th–60th percentile), so a light label or a dark cap does not pull a red
 * bottle towards grey as a plain mean does (the bench's bottle: mean #a1504e, typical darker).
 */
export function typicalColour(px: Uint8ClampedArray | Uint8Array): string | null {
  const seen: number[] = [];
  for (let i = 0; i < px.length; i += 4) if (px[i + 3]! >= 128) seen.push(i);
  if (seen.length === 0) return null;
  const light = (i: number) => 0.2126 * px[i]! + 0.7152 * px[i + 1]! + 0.0722 * px[i + 2]!;
  seen.sort((a, b) => light(a) - light(b));
  const from = Math.floor(seen.length * 0.4);
  const to = Math.max(from + 1, Math.ceil(seen.length * 0.6));
  const band = new Uint8Array((to - from) * 4);
  seen.slice(from, to).forEach((i, k) => band.set([px[i]!, px[i + 1]!, px[i + 2]!, 255], k * 4));
  return meanColour(band);
}
