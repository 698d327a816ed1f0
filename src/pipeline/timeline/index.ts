export { buildTimeline, outputSize, frameCount, frameTimeMs, sentenceSpans, OUTPUT_SIZES, DEFAULT_FPS } from './build.ts';
export type { TimelineInput } from './build.ts';
export { layoutViolations } from './safety.ts';
export { presenterPlacement, presenterFaceBox, type PresenterPlacement } from './presenter.ts';
export { kenBurnsSource, kenBurnsFor, panOffset, MAX_KEN_BURNS_SCALE, rng, hashString, easeInOut, easeOutCubic, easeOutBack, clamp01 } from './motion.ts';
export { formatPrice, parsePrice, shopNow, shorten } from './text.ts';
export type * from './types.ts';
