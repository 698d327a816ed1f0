/**
 * The main colours of a reference picture (generate's image_url): the outfit and backdrop of
 * the candidates take them. Pure: raw RGB(A) pixels in, hex colours out.
 */

/**
 * Up to `max` colours, most common first: pixels binned at 3 bits a channel, near-white,
 * near-black and grey bins skipped unless nothing else is there, each colour the mean of its bin.
 */
export function mainColours(pixels: Uint8Array, channels: number, max = 3): string[] {
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 2 < pixels.length; i += channels) {
    if (channels === 4 && pixels[i + 3]! < 128) continue;
    const r = pixels[i]!, g = pixels[i + 1]!, b = pixels[i + 2]!;
    const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
    const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bin.n++;
    bin.r += r;
    bin.g += g;
    bin.b += b;
    bins.set(key, bin);
  }
  const all = [...bins.values()].sort((x, y) => y.n - x.n).map((bin) => [bin.r / bin.n, bin.g / bin.n, bin.b / bin.n] as const);
  const colourful = all.filter(([r, g, b]) => {
    const hi = Math.max(r, g, b), lo = Math.min(r, g, b);
    return hi - lo > 28 && hi > 40 && lo < 235;
  });
  const chosen: (readonly [number, number, number])[] = [];
  for (const c of colourful.length ? colourful : all) {
    // Skip colours too close to one already chosen.
    if (chosen.some((d) => Math.abs(d[0] - c[0]) + Math.abs(d[1] - c[1]) + Math.abs(d[2] - c[2]) < 60)) continue;
    chosen.push(c);
    if (chosen.length >= max) break;
  }
  return chosen.map(([r, g, b]) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase());
}
