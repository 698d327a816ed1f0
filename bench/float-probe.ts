/**
 * The presenter-float probe (docs/rendering.md "A presenter stands"): every template × ratio × four
 * product shapes × the sample and a long name × 15 / 30 s scripts (288 timelines), counting
 * `presenterFloatViolations` and `layoutViolations`, built as test/presenter-ground.test.ts does.
 * Run: node --import tsx bench/float-probe.ts [--list]
 */
import { SAMPLE_PRODUCT_TEXT } from '../src/pipeline/render/sample.ts';
import { layoutViolations } from '../src/pipeline/timeline/index.ts';
import { presenterFloatViolations } from '../src/pipeline/timeline/presenter.ts';
import { LONG_NAME, PROBE_SHAPES, probeTimeline } from '../test/support/probe-timelines.ts';

const floats: string[] = [];
const layout: string[] = [];
let n = 0;
for (const secs of [15, 30]) {
  for (let templateId = 1; templateId <= 6; templateId++)
    for (const ar of [0, 1, 2] as const)
      for (const [shape, info] of Object.entries(PROBE_SHAPES))
        for (const [nm, name] of [['sample', SAMPLE_PRODUCT_TEXT.name], ['long', LONG_NAME]] as const) {
          const t = probeTimeline(templateId, ar, info, { name, seconds: secs });
          n++;
          const id = `T${templateId} r${ar} ${shape} ${nm} ${secs}s`;
          for (const v of presenterFloatViolations(t)) floats.push(`${id}: ${v}`);
          for (const v of layoutViolations(t)) layout.push(`${id}: ${v}`);
        }
}
console.log(`${n} timelines: ${floats.length} presenter-float, ${layout.length} layoutViolations`);
if (process.argv.includes('--list')) for (const x of [...floats, ...layout]) console.log(x);
