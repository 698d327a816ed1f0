/**
 * Where each translated segment is spoken (pure). Every segment is first fitted to its own time
 * (the original segment's start → end): a longer translation is said faster, up to MAX_RATE; what
 * is still too long runs on into the pause after it, and when it reaches the next segment, that
 * segment (and the pause before it) moves later, never overlapping. A shorter translation is said
 * at its natural pace and the rest of its time is silence. Nothing is ever cut.
 */

/** The fastest a translation is said, × the voice's natural rate (beyond it speech gets hard to follow). */
export const MAX_RATE = 1.3;
/** The least silence kept between two segments when one has pushed the next. */
export const MIN_GAP_S = 0.15;

export interface SegmentTime {
  start: number;
  end: number;
}

/** The rate (1…MAX_RATE) that fits speech of `naturalS` seconds into `slotS` seconds. */
export function rateFor(naturalS: number, slotS: number, maxRate = MAX_RATE): number {
  if (!(slotS > 0) || naturalS <= slotS) return 1;
  return Math.min(maxRate, naturalS / slotS);
}

export interface Placement {
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  /** How much later than the original segment it starts (0 when it keeps its time). */
  movedS: number;
}

/** The start and end of each segment's speech, given how long each lasts as spoken (at its rate). */
export function placeSegments(segments: readonly SegmentTime[], spokenS: readonly number[], minGapS = MIN_GAP_S): Placement[] {
  const out: Placement[] = [];
  let cursor = -Infinity;
  segments.forEach((s, i) => {
    const start = Math.max(s.start, cursor + minGapS);
    const end = start + spokenS[i]!;
    out.push({ start, end, movedS: start - s.start });
    cursor = end;
  });
  return out;
}

/** How long the dubbed video lasts: the original's length, longer when the speech runs past its end (the last frame is held). */
export function dubbedLengthS(videoS: number, placements: readonly Placement[], tailS = 0.4): number {
  const last = placements.length ? placements[placements.length - 1]!.end + tailS : 0;
  return Math.max(videoS, last);
}
