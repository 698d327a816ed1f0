/**
 * Card icons: a lucide-static SVG (ISC licence, shipped in the npm package) in one colour,
 * rasterised by Skia at the size it is drawn, cached per name, colour and size. Unknown names
 * fall back to the fallback icon, so a card always has one.
 */
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadImage, type Image } from '@napi-rs/canvas';
import { FALLBACK_ICON } from '../timeline/card-icon.ts';

const require = createRequire(import.meta.url);
const ICON_DIR = path.join(path.dirname(require.resolve('lucide-static/package.json')), 'icons');
const cache = new Map<string, Promise<Image | null>>();

function svgOf(name: string): string {
  const file = path.join(ICON_DIR, `${/^[a-z0-9-]+$/.test(name) ? name : FALLBACK_ICON}.svg`);
  return readFileSync(existsSync(file) ? file : path.join(ICON_DIR, `${FALLBACK_ICON}.svg`), 'utf8');
}

/** The icon drawn `color` at `sizePx` square; null when it does not decode. */
export function iconImage(name: string, color: string, sizePx: number): Promise<Image | null> {
  const size = Math.max(8, Math.round(sizePx));
  const key = `${name}|${color}|${size}`;
  let hit = cache.get(key);
  if (!hit) {
    const svg = svgOf(name)
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/currentColor/g, color)
      .replace(/width="24"/, `width="${size}"`)
      .replace(/height="24"/, `height="${size}"`);
    hit = loadImage(Buffer.from(svg)).catch(() => null);
    cache.set(key, hit);
  }
  return hit;
}
