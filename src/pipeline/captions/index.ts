export { buildCaptions, activeToken, pageAt, MAX_LINE_UNITS, MAX_LINES, PAGE_HOLD_MS } from './build.ts';
export type { Captions, CaptionPage, CaptionLine, CaptionToken, CaptionOptions } from './build.ts';
export { toWebVtt, vttTime } from './vtt.ts';
export { languageTag, isRtl, textUnits, isNoSpaceChar } from './lang.ts';
