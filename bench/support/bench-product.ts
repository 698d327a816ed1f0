import type { ProductFacts } from '../../src/pipeline/types.ts';

/** The product the narration and alignment benches write their scripts for (no media). */
export const BENCH_PRODUCT: ProductFacts = {
  name: 'Aero Dock 3-in-1 Wireless Charger',
  description:
    'The Aero Dock charges your phone, earbuds and watch at the same time. It folds flat and fits in any bag. Fast 15 W charging fills a phone in under two hours. The soft-touch base keeps it from sliding on the desk.',
  sellingPoints: ['Charges three devices at once', 'Folds flat for travel', '15 W fast charging', 'Non-slip soft-touch base'],
  brand: 'Aero',
  price: '49.99',
  currency: 'USD',
  targetAudience: 'busy commuters',
  imagePaths: [],
  videoPaths: [],
};
