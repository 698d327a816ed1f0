/**
 * bench:quality's "no empty frames" part (issue 27 item 2): the coverage rules from the
 * timeline's boxes (timeline/coverage.ts) for every video, and the cells that need them — the
 * no-media design in each ratio (a product with no images or videos, drawn presenter) and the
 * template-2 layout with no image (the template kind's public template 2 with no image variable
 * builds this same timeline), and a 300 px photo with and without captions. Talking-avatar cells get the same rules from their plan
 * (presenter-cells.ts, talkingCoverage).
 */
import { timelineCoverage, type CoverageReport } from '../../src/pipeline/timeline/coverage.ts';
import type { Timeline } from '../../src/pipeline/timeline/types.ts';
import type { Cell } from './matrix.ts';

export const COVERAGE_TAGS = ['coverage', 'empty-band'] as const;

export const DESIGN_CELLS: Cell[] = [
  { n: 201, aspect: 0, length: 15, language: 'english', templateId: 1, visualStyle: 'Clean Minimal', scriptStyle: 'Feature Explainer', fixture: 'noMedia', price: '29.00', currency: 'USD', avatarId: 1, musicId: null },
  { n: 202, aspect: 1, length: 30, language: 'english', templateId: 1, visualStyle: 'Warm Lifestyle', scriptStyle: 'Top 3 reasons', fixture: 'noMedia', price: '29.00', currency: 'USD', avatarId: 2, musicId: null },
  { n: 203, aspect: 2, length: 15, language: 'spanish', templateId: 6, visualStyle: 'Tech Neon', scriptStyle: 'Feature Explainer', fixture: 'noMedia', price: '89,00', currency: 'EUR', avatarId: 4, musicId: null },
  { n: 204, aspect: 0, length: 15, language: 'english', templateId: 2, visualStyle: 'Bold Pop', scriptStyle: 'Soft Selling', fixture: 'noMedia', price: '29.00', currency: 'USD', avatarId: 3, musicId: null },
  // A 300 px photo (held small by its sharpness): Voice Over 9:16 at 30 s with captions (it dipped
  // to 44-45 % between caption pages), and Spotlight 9:16 with captions off.
  { n: 205, aspect: 0, length: 30, language: 'english', templateId: 4, visualStyle: 'Clean Minimal', scriptStyle: 'Feature Explainer', fixture: 'smallPhoto', price: '29.00', currency: 'USD', avatarId: null, musicId: null },
  { n: 206, aspect: 0, length: 30, language: 'english', templateId: 1, visualStyle: 'Bold Pop', scriptStyle: 'Feature Explainer', fixture: 'smallPhoto', price: '29.00', currency: 'USD', avatarId: 2, musicId: null, caption: false },
  // Captions off with nothing but the product and the cards (issue 27 item 2's known misses): Voice Over
  // 9:16 and the Carousel 9:16 with the 300 px photo, and Voice Over 16:9 with the 750 ml bottle on
  // white (captions on: the frame between caption pages holds the bottle alone on its plate).
  { n: 207, aspect: 0, length: 15, language: 'english', templateId: 4, visualStyle: 'Warm Lifestyle', scriptStyle: 'Feature Explainer', fixture: 'smallPhoto', price: '29.00', currency: 'USD', avatarId: null, musicId: null, caption: false },
  { n: 208, aspect: 0, length: 15, language: 'english', templateId: 6, visualStyle: 'Clean Minimal', scriptStyle: 'Feature Explainer', fixture: 'smallPhoto', price: '29.00', currency: 'USD', avatarId: 3, musicId: null, caption: false },
  // Voice Over 16:9 with the 300 px photo and captions off: the known coverage miss 'T4 ratio 1 small'
  // in test/product-leads.test.ts (docs/rendering.md "No empty frames", known misses).
  { n: 210, aspect: 1, length: 15, language: 'english', templateId: 4, visualStyle: 'Clean Minimal', scriptStyle: 'Feature Explainer', fixture: 'smallPhoto', price: '29.00', currency: 'USD', avatarId: null, musicId: null, caption: false },
  // No media, 9:16 with a presenter and captions off: the selfie under its field (Spotlight, the
  // split screen, Carousel), its composition over the field's middle (docs/rendering.md "No empty
  // frames": before, the field's foot where the captions would stand was bare under the title and price).
  { n: 211, aspect: 0, length: 15, language: 'english', templateId: 1, visualStyle: 'Soft Pastel', scriptStyle: 'Feature Explainer', fixture: 'noMedia', price: '29.00', currency: 'USD', avatarId: 1, musicId: null, caption: false },
  { n: 212, aspect: 0, length: 15, language: 'english', templateId: 2, visualStyle: 'Bold Pop', scriptStyle: 'Soft Selling', fixture: 'noMedia', price: '29.00', currency: 'USD', avatarId: 3, musicId: null, caption: false },
  { n: 213, aspect: 0, length: 15, language: 'spanish', templateId: 6, visualStyle: 'Tech Neon', scriptStyle: 'Feature Explainer', fixture: 'noMedia', price: '89,00', currency: 'EUR', avatarId: 4, musicId: null, caption: false },
  { n: 209, aspect: 1, length: 30, language: 'english', templateId: 4, visualStyle: 'Bold Pop', scriptStyle: 'Feature Explainer', fixture: 'packshot', price: '24.90', currency: 'USD', avatarId: null, musicId: null },
];

/** The coverage violations of a video's timeline ("coverage: …", "empty-band: …"). */
export function coverageViolations(t: Timeline): string[] {
  return timelineCoverage(t).violations;
}

/** One line per video for the report: the lowest coverage and the longest empty band. */
export function coverageLine(label: string, r: CoverageReport): string {
  return `${label}: min coverage ${(r.minShare * 100).toFixed(0)} % at ${(r.minAtMs / 1000).toFixed(1)} s, longest empty band ${(r.longestEmptyBandMs / 1000).toFixed(1)} s${r.violations.length ? ` — ${r.violations.length} violation(s)` : ''}`;
}
