/**
 * Fonts for every script of the 54 narration languages. The Noto families are registered once
 * with Skia's GlobalFonts; text that the requested family lacks falls back to the registered
 * face that has the glyphs (Thai, Arabic, Devanagari, CJK, Ethiopic, ...).
 */
import fs from 'node:fs';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

const DIRS = ['/usr/share/fonts/truetype/noto', '/usr/share/fonts/opentype/noto'];

/** Faces the renderer asks for by name, then the script coverage the languages need. */
const FACES = [
  'NotoSans-Regular.ttf', 'NotoSans-Bold.ttf', 'NotoSansDisplay-Regular.ttf', 'NotoSansDisplay-Bold.ttf',
  'NotoSerif-Regular.ttf', 'NotoSerif-Bold.ttf', 'NotoSerifDisplay-Regular.ttf', 'NotoSerifDisplay-Bold.ttf',
  'NotoSansCJK-Regular.ttc', 'NotoSansCJK-Bold.ttc',
  'NotoSansThai-Regular.ttf', 'NotoSansThai-Bold.ttf', 'NotoSansArabic-Regular.ttf', 'NotoSansArabic-Bold.ttf',
  'NotoNaskhArabic-Regular.ttf', 'NotoNaskhArabic-Bold.ttf', 'NotoSansHebrew-Regular.ttf', 'NotoSansHebrew-Bold.ttf',
  'NotoSansDevanagari-Regular.ttf', 'NotoSansDevanagari-Bold.ttf', 'NotoSansBengali-Regular.ttf', 'NotoSansBengali-Bold.ttf',
  'NotoSansTamil-Regular.ttf', 'NotoSansTamil-Bold.ttf', 'NotoSansTelugu-Regular.ttf', 'NotoSansTelugu-Bold.ttf',
  'NotoSansMalayalam-Regular.ttf', 'NotoSansMalayalam-Bold.ttf', 'NotoSansKannada-Regular.ttf', 'NotoSansKannada-Bold.ttf',
  'NotoSansOriya-Regular.ttf', 'NotoSansOriya-Bold.ttf', 'NotoSansEthiopic-Regular.ttf', 'NotoSansEthiopic-Bold.ttf',
  'NotoSansMongolian-Regular.ttf', 'NotoSansSymbols2-Regular.ttf',
];

let registered: { found: number; missing: string[] } | null = null;

/** Registers the fonts (idempotent); reports which files were not installed. */
export function registerFonts(): { found: number; missing: string[] } {
  if (registered) return registered;
  const missing: string[] = [];
  let found = 0;
  for (const face of FACES) {
    const file = DIRS.map((d) => path.join(d, face)).find((p) => fs.existsSync(p));
    if (file && GlobalFonts.registerFromPath(file)) found++;
    else missing.push(face);
  }
  registered = { found, missing };
  return registered;
}

/** Per-script fallbacks named explicitly, after the style's family, so every glyph has a face. */
const FALLBACKS = '"Noto Sans", "Noto Sans CJK JP", "Noto Sans Thai", "Noto Sans Arabic", "Noto Sans Devanagari", sans-serif';

/** A CSS font string for ctx.font. */
export function fontString(family: string, weight: number, sizePx: number): string {
  return `${weight} ${Math.max(1, Math.round(sizePx * 10) / 10)}px "${family}", ${FALLBACKS}`;
}
