/**
 * The image sets and the long name of the text-product survey (docs/rendering.md "Text keeps a
 * gap from the product"): test/text-product.layout.test.ts and scripts/text-product-probe.ts.
 */
import type { ImageInfo } from '../../src/pipeline/timeline/media-frame.ts';

export const LONG = 'Aurora Adjustable LED Desk Lamp with Wireless Charging Base and USB-C Port';

/** The probe's image sets. */
export const SETS: Record<string, ImageInfo[]> = {
  bottle: [{ width: 600, height: 1800, alpha: false, plain: true, trim: { x: 0.255, y: 0.075, w: 0.49, h: 0.9 } }],
  packshot: [{ width: 500, height: 1500, alpha: false, plain: true }],
  alpha: [{ width: 1000, height: 1000, alpha: true, trim: { x: 0.3, y: 0.05, w: 0.4, h: 0.9 } }],
  mug: [{ width: 1200, height: 1200, alpha: false, plain: true, trim: { x: 0.19, y: 0.06, w: 0.62, h: 0.86 } }],
  photos: [{ width: 1200, height: 1500, alpha: false }, { width: 1600, height: 1000, alpha: false }, { width: 1200, height: 1200, alpha: false }],
  wide: [{ width: 1800, height: 600, alpha: false }],
  small: [{ width: 300, height: 300, alpha: false }],
};
