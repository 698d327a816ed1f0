import type { SceneCue, ScriptSentence } from '../types.ts';

export interface Draft {
  text: string;
  role: string;
  cue: Omit<SceneCue, 'imageIndex'>;
}

/**
 * Spreads the product's images over the sentences: the hook and the call to action show the
 * first (hero) image, the sentence about point i shows image i (wrapping when there are fewer
 * images than points), and the other product sentences (intro, price, recaps) take the images
 * no point used, in turn. Story sentences belong to the presenter (null). No images: all null.
 */
export function assignImages(drafts: readonly Draft[], imageCount: number): ScriptSentence[] {
  if (imageCount <= 0) return drafts.map((d) => ({ text: d.text, cue: { ...d.cue, imageIndex: null } }));
  const used = new Set<number>([0]);
  for (const d of drafts) if (d.cue.pointIndex !== null) used.add(d.cue.pointIndex % imageCount);
  const spare = [...Array(imageCount).keys()].filter((i) => !used.has(i));
  const cycle = spare.length > 0 ? spare : [...Array(imageCount).keys()];
  let next = 0;
  return drafts.map((d) => {
    let imageIndex: number | null;
    if (d.cue.kind === 'hook' || d.cue.kind === 'cta') imageIndex = 0;
    else if (d.cue.pointIndex !== null) imageIndex = d.cue.pointIndex % imageCount;
    else if (d.cue.kind === 'story') imageIndex = null;
    else imageIndex = cycle[next++ % cycle.length]!;
    return { text: d.text, cue: { ...d.cue, imageIndex } };
  });
}
