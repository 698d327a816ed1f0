/**
 * How the caption words are inked over what lies under them (pure; docs/rendering.md "Every text
 * readable"): the plain words' fill, their outline, whether they sit on the dark band, and the
 * spoken word's highlight (colours.ts captionHighlight).
 *
 * - Over known flat colours (a plate, a field, the background sampled under the band) the fill
 *   itself must reach the contrast the caption size needs (legibility.ts): the style's caption
 *   text; else its dark stroke colour as the fill in a thin light rim (white words on Clean
 *   Minimal's near-white or yellow become ink); else — colours under the band that no single ink reads
 *   on — the ground (below).
 * - Captions across a presenter's figure (Timeline.captionsGround), over a photo or video, across
 *   the line between two halves of the frame (Side by Side's presenter and product: one plate,
 *   not words half on each side), or where no ink reads, sit on an opaque **ground** of the style's colours
 *   (captionGround): the words and the lit word are read on it alone, whatever passes under it
 *   (a maroon jacket under Warm Lifestyle's outlined words read 1.8:1, bench #49).
 */
import { captionHighlight, contrast, under as through, type CaptionHighlight } from './colours.ts';
import { colord } from 'colord';
import { deepenFor, LARGE_TEXT_CONTRAST, worstContrast } from './legibility.ts';
import type { VisualStyleDef } from './types.ts';

export interface CaptionUnder {
  /** Flat colours under the band; null when not known (a photo or video). */
  colours: readonly string[] | null;
  /** The band crosses the edge between two parts of the frame (a split layout's halves). */
  split: boolean;
  /** The band crosses a full presenter's figure (Timeline.captionsGround): its lines need a ground of their own. */
  figure?: boolean;
  /** What is under the band is a photo or video (busy; `colours`, when known, are its means under the band). */
  busy?: boolean;
}

export interface CaptionInk extends CaptionHighlight {
  /** The plain words' fill and outline (null: none). */
  text: string;
  stroke: string | null;
  /** The words sit on the dark band. */
  band: boolean;
  /** The band is an opaque ground of this colour (captionGround), not the translucent dark band. */
  ground?: string;
  /** The rim is half the style's outline (dark words re-inked on a light ground). */
  thinRim?: boolean;
}

/**
 * The opaque ground caption lines sit on where they need one of their own: the style's colour on
 * which its caption text reads at `need` (else its dark stroke colour as the words on a light
 * one), the one that stands most apart from the colours under it (so it reads as a plate, not as
 * part of a dark jacket or a light photo); a style's own colours only, so the look stays.
 */
export function captionGround(style: VisualStyleDef, under: readonly string[], need: number): { ground: string; text: string } {
  const p = style.palette;
  const grounds = [...new Set([p.captionStroke, p.text, p.bg, p.bg2, p.surface, p.accent, p.captionText].filter(solid).map((c) => colord(c).toHex()))];
  const apart = (g: string) => (under.length ? worstContrast(g, under) : 0);
  for (const text of [p.captionText, p.captionStroke, p.text, '#FFFFFF', '#000000'].filter(solid)) {
    const ok = grounds.filter((g) => contrast(text, g) >= need);
    if (ok.length) return { ground: ok.reduce((b, g) => (apart(g) > apart(b) ? g : b)), text };
  }
  return { ground: '#000000', text: '#FFFFFF' };
}

const solid = (c: string) => colord(c).isValid() && colord(c).alpha() === 1;

export function captionInk(style: VisualStyleDef, under: CaptionUnder | null, need: number): CaptionInk {
  const p = style.palette;
  const stroke = style.caption.band ? null : p.captionStroke;
  const colours = (under?.colours ?? []).filter(solid);
  let ink: { text: string; stroke: string | null; band: boolean; ground?: string; thinRim?: boolean } = { text: p.captionText, stroke, band: style.caption.band || !!under?.split };
  let needsGround = !!under && (!!under.figure || !!under.split || !!under.busy || under.colours === null);
  if (!ink.band && colours.length > 0 && worstContrast(p.captionText, colours) < need) {
    // Dark words in a thin light rim (half the style's outline): the fill reads on every colour
    // under it; the full rim on a light ground fattened thin letters into a halo (Thai at a
    // quarter size, #4 and #20: the rim as thick as the stems, read 1.4–1.6:1), and no rim at all
    // left the letters with no edge where a wall and a floor meet behind the line (#17).
    if (!needsGround && solid(p.captionStroke) && worstContrast(p.captionStroke, colours) >= need) ink = { text: p.captionStroke, stroke: p.captionText, band: false, thinRim: true };
    else needsGround = true;
  }
  if (needsGround) {
    const g = captionGround(style, colours, need);
    ink = { text: g.text, stroke: null, band: true, ground: g.ground };
  }
  // On a ground the lit word is read on the ground alone.
  const lit = ink.ground ? captionHighlight(style, [ink.ground], { band: false, plain: ink.text }) : captionHighlight(style, colours, { band: ink.band, plain: ink.text });
  if (ink.ground) delete lit.outline;
  // The lit word on its pill is text too: the pill deepens until its word reads (Warm Lifestyle's terracotta under white: 4.35).
  if (lit.pill || style.caption.highlight === 'pill') {
    const deeper = deepenFor(lit.highlight, lit.onHighlight, need);
    const seen = ink.ground ? [ink.ground] : ink.band ? colours.map((c) => through(c, '#000000', 0.55)) : colours;
    if (seen.length === 0 || worstContrast(deeper, seen) >= LARGE_TEXT_CONTRAST) lit.highlight = deeper;
    else {
      // Deeper would sink into a dark ground: another palette pill that stands out and holds a readable word.
      const p = style.palette;
      const texts = [lit.onHighlight, p.onHighlight, p.onAccent, p.text, p.captionStroke, '#FFFFFF', '#000000'];
      for (const c of [p.bg, p.bg2, p.surface, p.accent, p.text, p.highlight].filter(solid)) {
        const word = texts.find((x) => solid(x) && contrast(x, c) >= need);
        if (word && worstContrast(c, seen) >= LARGE_TEXT_CONTRAST) {
          lit.highlight = c;
          lit.onHighlight = word;
          break;
        }
      }
    }
  }
  return { ...ink, ...lit };
}

/** A short key of what an ink draws (for the layer's state keys and caches). */
export const inkKey = (c: CaptionInk): string => `${c.text} ${c.stroke ?? '-'}${c.thinRim ? 't' : ''} ${c.band ? 'b' : ''}${c.ground ?? ''} ${c.highlight} ${c.onHighlight} ${c.outline ?? '-'} ${c.pill ? 'p' : ''}`;
