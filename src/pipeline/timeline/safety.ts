/**
 * Layout checks on a built timeline (pure): text overlays, the captions band and the presenter's
 * face stay inside the platform safe area, and text that shows at the same time does not overlap.
 */
import { boxInside } from '../templates/safe-area.ts';
import { presenterFaceBox } from './presenter.ts';
import type { Box } from '../templates/types.ts';
import type { Timeline } from './types.ts';

const intersects = (a: Box, b: Box): boolean => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

/** Every rule the layout breaks, as readable strings; empty when the layout is sound. */
export function layoutViolations(t: Timeline): string[] {
  const out: string[] = [];
  const safe = t.safeArea;
  for (const o of t.overlays) if (!boxInside(o.box, safe)) out.push(`overlay ${o.id} (${o.slot}) leaves the safe area`);
  if (!boxInside(t.captionsBox, safe)) out.push('captions band leaves the safe area');
  if (t.presenter && !boxInside(presenterFaceBox(t.presenter), safe)) out.push("presenter's face leaves the safe area");
  for (let i = 0; i < t.overlays.length; i++) {
    const a = t.overlays[i]!;
    if (t.captions && intersects(a.box, t.captionsBox)) out.push(`overlay ${a.id} (${a.slot}) covers the captions band`);
    for (let j = i + 1; j < t.overlays.length; j++) {
      const b = t.overlays[j]!;
      const together = a.startMs < b.endMs && b.startMs < a.endMs;
      if (together && intersects(a.box, b.box)) out.push(`overlays ${a.id} and ${b.id} overlap while both show`);
    }
  }
  return out;
}
