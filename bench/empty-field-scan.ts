/**
 * The `empty-field` scan of the no-media design (docs/rendering.md "No empty frames"): the
 * sample 30 s script × 6 templates × 3 ratios × presenter on/off × captions on/off (72 cells),
 * each built timeline judged by timelineFieldBands. Prints one line per cell with a finding and
 * the count. `node --import tsx bench/empty-field-scan.ts [--all]` (--all: every cell's line).
 */
import { TEMPLATE_DEFS } from '../src/pipeline/templates/index.ts';
import { buildTimeline, timelineFieldBands } from '../src/pipeline/timeline/index.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import type { ProductFacts } from '../src/pipeline/types.ts';

const noMedia = (): ProductFacts => ({ ...SAMPLE_PRODUCT_TEXT, sellingPoints: [...SAMPLE_PRODUCT_TEXT.sellingPoints], targetAudience: 'everyone', imagePaths: [], videoPaths: [] });
const all = process.argv.includes('--all');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const { script, speech } = sampleSpeech(sampleSentences(30));
let found = 0;
let cells = 0;
for (const tpl of TEMPLATE_DEFS)
  for (const ar of [0, 1, 2] as const)
    for (const hasPresenter of [true, false])
      for (const caption of [true, false]) {
        const tag = `t${tpl.id} r${ar} p${hasPresenter ? 1 : 0} c${caption ? 1 : 0}`;
        if (only && !only.some((o) => tag.startsWith(o))) continue;
        cells++;
        const v = timelineFieldBands(buildTimeline({ script, speech, product: noMedia(), templateId: tpl.id, hasPresenter, visualStyle: null, aspectRatio: ar, caption }));
        if (v.length) found++;
        if (v.length || all) console.log(`${tag}: ${v.length ? v.join(' | ') : 'ok'}`);
      }
console.log(`empty-field: ${found} of ${cells} no-media cells`);
