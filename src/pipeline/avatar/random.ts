import { mulberry32 } from '../../lib/random.ts';

/** Seeded generator: the same seed gives the same blinks and sway every render. */
export const seededRandom = (seed: number): (() => number) => mulberry32(Math.floor(seed) ^ 0x9e3779b9);

export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
export const smoothstep = (v: number) => {
  const x = clamp01(v);
  return x * x * (3 - 2 * x);
};
export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
