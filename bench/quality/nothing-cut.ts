/**
 * bench:quality's "no text cut with an ellipsis" check (issue 27 item 3; docs/rendering.md
 * "Nothing cut"), over every text box of a video's timeline: the overlays (name, brand, price,
 * call to action, cards) and the caption lines. The rule itself is the pipeline's
 * (timeline/cut-check.ts); the bench counts it in its own column, not again under layout.
 */
import { cutTextViolations } from '../../src/pipeline/timeline/cut-check.ts';
import type { Timeline } from '../../src/pipeline/timeline/types.ts';
import type { Script } from '../../src/pipeline/types.ts';

export function nothingCutViolations(t: Timeline, script: Pick<Script, 'sentences'>): string[] {
  return cutTextViolations(t, script);
}
