/**
 * How the caption words are inked over what lies under them (pure; docs/rendering.md "Every text
 * readable"): the plain words' fill, their outline, whether they sit on the dark band, and the
 * spoken word's highlight (colours.ts captionHighlight).
 *
 * - Over a photo or video (not known) the style's own colours: its outline or band carries them.
 * - Over known flat colours (a plate, a field, the background sampled under the band) the fill
 *   itself must reach the contrast the caption size needs (legibility.ts): the style's caption
 *   text; else its dark stroke colour as the fill with the light text colour as a rim (white
 *   words on Clean Minimal's near-white or yellow become ink with a white rim); else — colours
 *   under the band that no single ink reads on — the dark band (55 % black), as in band styles.
 * - Captions that cross the line between two halves of the frame (Side by Side's presenter and
 *   product) sit on the band, so the crossing is one plate, not words half on each side.
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
}

export interface CaptionInk extends CaptionHighlight {
  /** The plain words' fill and outline (null: none). */
  text: string;
  stroke: string | null;
  /** The words sit on the dark band. */
  band: boolean;
}

const solid = (c: string) => colord(c).isValid() && colord(c).alpha() === 1;

export function captionInk(style: VisualStyleDef, under: CaptionUnder | null, need: number): CaptionInk {
  const p = style.palette;
  const stroke = style.caption.band ? null : p.captionStroke;
  const colours = (under?.colours ?? []).filter(solid);
  let ink = { text: p.captionText, stroke, band: style.caption.band || !!under?.split };
  if (!ink.band && colours.length > 0 && worstContrast(p.captionText, colours) < need) {
    if (solid(p.captionStroke) && worstContrast(p.captionStroke, colours) >= need) ink = { text: p.captionStroke, stroke: p.captionText, band: false };
    else ink = { text: p.captionText, stroke, band: true };
  }
  const lit = captionHighlight(style, colours, { band: ink.band, plain: ink.text });
  // The lit word on its pill is text too: the pill deepens until its word reads (Warm Lifestyle's terracotta under white: 4.35).
  if (lit.pill || style.caption.highlight === 'pill') {
    const deeper = deepenFor(lit.highlight, lit.onHighlight, need);
    const seen = ink.band ? colours.map((c) => through(c, '#000000', 0.55)) : colours;
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
export const inkKey = (c: CaptionInk): string => `${c.text} ${c.stroke ?? '-'} ${c.band ? 'b' : ''} ${c.highlight} ${c.onHighlight} ${c.outline ?? '-'} ${c.pill ? 'p' : ''}`;
