/**
 * Burnt-in captions of a translated video as an ASS script for libass (pure but for measuring the
 * font): the renderer's caption look, not libass's defaults. The talking-avatar video's captions
 * band for the video's shape (render/talking.plan.ts talkingLayout: 9:16 72–84 % of the height,
 * low over the torso, clear of a selfie-framed face), each page placed by the renderer's own
 * placement (captions/place.ts via captionPlacer: the font size, shrunk for a wide line, and each
 * line's centre), in the first visual style's caption font (bold Noto Sans), fill, outline
 * (STROKE of the size, half of it outside each glyph) and highlight colour on the spoken word.
 *
 * libass sizes a font by its line height (the font's ascent + descent), the renderer by its em:
 * the script's \fs is the renderer's size × (ascent + descent) / size, from the same font's
 * metrics. Before, the SRT was burnt at FontSize 11 (9:16) or 16 of libass's 288-unit frame,
 * about 0.71× the renderer's caption in 9:16 (docs/rendering.md "Every video kind, looked at").
 */
import { createCanvas } from '@napi-rs/canvas';
import { activeToken, type Captions } from '../captions/build.ts';
import { languageTag } from '../captions/lang.ts';
import { canvasMeasure, captionPlacer, STROKE } from '../render/caption-layer.ts';
import { registerFonts } from '../render/fonts.ts';
import { talkingLayout } from '../render/talking.plan.ts';
import { STYLE_DEFS } from '../templates/styles.ts';
import type { AspectRatio, Box } from '../templates/types.ts';
import { vttTime } from '../captions/vtt.ts';

/** The captions band a translated video's burnt-in captions use: the talking video's for its shape. */
export function burnBand(width: number, height: number): Box {
  const aspect: AspectRatio = height > width ? 0 : height === width ? 2 : 1;
  return talkingLayout(aspect, width, height).captions;
}

/** `#RRGGBB` as ASS `&HBBGGRR&` (alpha 00: opaque). */
function assColour(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!m) return '&H00FFFFFF';
  return `&H00${m[3]}${m[2]}${m[1]}`.toUpperCase();
}

/** ASS time: H:MM:SS.cc (centiseconds). */
function assTime(ms: number): string {
  const v = vttTime(Math.max(0, ms)); // HH:MM:SS.mmm
  return `${Number(v.slice(0, 2))}${v.slice(2, 8)}.${v.slice(9, 11)}`;
}

/** Override braces and backslashes said literally. */
const escape = (s: string): string => s.replace(/\\/g, '\\\u2060').replace(/\{/g, '\\{').replace(/\}/g, '\\}');

/** The ASS script (PlayRes = the video's pixels) burning `captions` into a width × height video. */
export function burnCaptionsAss(captions: Captions, width: number, height: number): string {
  registerFonts();
  const style = STYLE_DEFS[0]!;
  const band = burnBand(width, height);
  const place = captionPlacer(captions, band, style);
  const measure = canvasMeasure(createCanvas(8, 8).getContext('2d'), style);
  const tag = languageTag(captions.language);
  const tf = style.text.uppercase ? (t: string) => t.toLocaleUpperCase(tag) : (t: string) => t;
  const fill = assColour(style.palette.captionText);
  const lit = assColour(style.caption.highlight === 'color' ? style.palette.highlight : style.palette.captionText);
  const events: string[] = [];
  const cx = Math.round(band.x + band.w / 2);
  for (const page of captions.pages) {
    const placed = place(page);
    const { ascent, descent } = measure.metrics(placed.size);
    const fs = (ascent + descent).toFixed(2);
    const bord = ((placed.size * STROKE) / 2).toFixed(2);
    // The page's states: nothing lit before its first word, then each word from its start (activeToken).
    const starts = [page.startMs, ...page.lines.flatMap((l) => l.tokens.map((t) => Math.max(page.startMs, t.startMs)))];
    const cuts = [...new Set(starts)].filter((ms) => ms < page.endMs).sort((a, b) => a - b);
    cuts.forEach((from, k) => {
      const to = cuts[k + 1] ?? page.endMs;
      if (to - from < 10) return;
      const on = activeToken(page, from);
      page.lines.forEach((line, li) => {
        const text = line.tokens
          .map((tok, ti) => {
            const word = escape(tf(tok.text));
            const w = on && on.line === li && on.token === ti ? `{\\c${lit}}${word}{\\c${fill}}` : word;
            return (ti > 0 && tok.spaceBefore ? ' ' : '') + w;
          })
          .join('');
        const y = Math.round(placed.lines[li]!.centerY);
        events.push(`Dialogue: 0,${assTime(from)},${assTime(to)},Caption,,0,0,0,,{\\an5\\pos(${cx},${y})\\fs${fs}\\bord${bord}}${text}`);
      });
    });
  }
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${style.fonts.body},${Math.round(band.h / 2)},${fill},${fill},${assColour(style.palette.captionStroke)},&H00000000,-1,0,0,0,100,100,0,0,1,2,0,5,0,0,0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}

