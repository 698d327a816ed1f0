/**
 * A look that keys cleanly against chroma green (pure): every colour of the figure in the green
 * range (hue 70°–185°, saturated enough to be picked by a keyer) is turned to a blue of the same
 * lightness, so no part of the presenter — a teal dress, a green tie — is keyed out with the
 * background. Other colours are kept as they are.
 */
import type { AvatarLook } from './looks.data.ts';

const HEX = /^#([0-9a-f]{6})$/i;

function hexToHsv(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  let h = 0;
  if (d > 0) h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [(h * 60 + 360) % 360, max === 0 ? 0 : d / max, max];
}

function hsvToHex(h: number, s: number, v: number): string {
  const f = (k: number) => {
    const x = (k + h / 60) % 6;
    return v - v * s * Math.max(0, Math.min(x, 4 - x, 1));
  };
  return `#${[f(5), f(3), f(1)].map((c) => Math.round(c * 255).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

/** Whether a keyer for CHROMA_GREEN could take this colour for the background. */
export function keyableGreen(hex: string): boolean {
  if (!HEX.test(hex)) return false;
  const [h, s, v] = hexToHsv(hex);
  return h >= 70 && h <= 185 && s >= 0.25 && v >= 0.15;
}

function recolor(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!keyableGreen(value)) return value;
    const [, s, v] = hexToHsv(value);
    return hsvToHex(215, s, v);
  }
  if (Array.isArray(value)) return value.map(recolor);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, recolor(v)]));
  return value;
}

export function keySafeLook(look: AvatarLook): AvatarLook {
  return recolor(look) as AvatarLook;
}
