export { buildCaptions, activeToken, pageAt, MAX_LINE_UNITS, MAX_LINES, PAGE_HOLD_MS } from './build.ts';
export type { Captions, CaptionPage, CaptionLine, CaptionToken, CaptionOptions } from './build.ts';
export { toWebVtt, vttTime } from './vtt.ts';
export { languageTag, isRtl, textUnits, isNoSpaceChar } from './lang.ts';
export { captionViolations, type CaptionCheckOptions } from './check.ts';
export { placePage, visualRuns, type PlacedPage, type PlacedLine, type PlacedRun, type TextMeasure } from './place.ts';
export { tokenizeDisplay, NO_LINE_START, NO_LINE_END } from './tokens.ts';
export { alignTokens } from './align.ts';
