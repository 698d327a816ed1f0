/**
 * Entrance keyframes (pure): how the product comes into each scene and how a price counts up,
 * from the template's motion row (templates/template-motion.ts). The renderer only plays them.
 */
import type { ProductEntrance } from '../templates/types.ts';
import type { ImageFrame } from './media-frame.ts';
import { easeOutCubic } from './motion.ts';
import { formatPrice, parsePrice } from './text.ts';

/**
 * The product's entrance into a scene, from its first visible frame (the start of its
 * transition in): scale from `fromScale` to 1 and slide from `fromDx` (shares of the media box's
 * width) to 0, eased out; 'back' overshoots and settles. `backdropDx`: where the backdrop behind
 * a cut-out starts (parallax: a third of the product's travel, so the product glides over it).
 */
export interface SceneEntrance {
  kind: ProductEntrance;
  durationMs: number;
  fromScale: number;
  fromDx: number;
  backdropDx: number;
  ease: 'out' | 'back';
}

/** Product entrance length: the move is over before the scene's first words are (~0.6 s in). */
export const ENTRANCE_MS = 560;

/**
 * The entrance for a scene showing an image framed as `frame` (null: a clip, the style's art or
 * an image of unknown size). A photo that covers its box settles from 8% larger (never smaller:
 * it must keep covering the box); a product shown whole scales up from 84% with an overshoot;
 * parallax needs a cut-out (a product shown whole over its backdrop), else it settles.
 */
export function productEntrance(kind: ProductEntrance, frame: ImageFrame | null, rtl = false): SceneEntrance {
  const whole = frame?.mode === 'contain';
  if (kind === 'parallax' && whole) {
    const dx = (rtl ? -1 : 1) * 0.14;
    return { kind, durationMs: ENTRANCE_MS + 140, fromScale: 0.94, fromDx: dx, backdropDx: dx / 3, ease: 'out' };
  }
  return whole
    ? { kind: 'settle', durationMs: ENTRANCE_MS, fromScale: 0.84, fromDx: 0, backdropDx: 0, ease: 'back' }
    : { kind: 'settle', durationMs: ENTRANCE_MS, fromScale: 1.08, fromDx: 0, backdropDx: 0, ease: 'out' };
}

/** Steps of a price's count-up (the last is the price itself). */
export const COUNT_STEPS = 8;

/**
 * The texts a price shows while it counts up to its value, formatted as the price is
 * (currency, separators, decimals), eased out so the last steps are the slow ones; null when
 * the shown price is not one the formatter writes from a number (then the price pops instead).
 */
export function priceCountUp(shown: string, price: string | null, currency: string | null, language: string): string[] | null {
  const value = price ? parsePrice(price) : null;
  if (value === null || !(value > 0)) return null;
  const decimals = Number.isInteger(value) ? 0 : 2;
  const at = (v: number) => formatPrice(v.toFixed(decimals), currency, language);
  if (at(value) !== shown) return null;
  const out: string[] = [];
  for (let k = 1; k <= COUNT_STEPS; k++) {
    const v = k === COUNT_STEPS ? value : Math.max(10 ** -decimals, Math.round(value * easeOutCubic(k / COUNT_STEPS) * 10 ** decimals) / 10 ** decimals);
    const text = at(v);
    if (!text) return null;
    out.push(text);
  }
  return out;
}
