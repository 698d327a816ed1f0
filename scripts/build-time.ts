/**
 * Timeline build time: the German cut case (test/support/nothing-cut-cases.ts), T1 9:16, 30 s, in three
 * script styles (docs/rendering.md "What a build costs"), each built twice (the first warms the modules).
 * Usage: node --import tsx scripts/build-time.ts
 */
import { CUT_CASES, cutCaseTimeline } from '../test/support/nothing-cut-cases.ts';

const german = CUT_CASES.find((c) => c.language === 'german')!;
for (const style of ['Feature Explainer', 'Top 3 reasons', 'Expert Advice'] as const)
  for (const round of [1, 2]) {
    const t0 = performance.now();
    const t = cutCaseTimeline(german, 1, 0, style, 30);
    console.log(`${style} round ${round}: ${((performance.now() - t0) / 1000).toFixed(2)} s, ${t.overlays.length} overlays`);
  }
