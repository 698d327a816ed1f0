/**
 * The presenter-float probe (docs/rendering.md "A presenter stands"): every template × ratio × four
 * product shapes × the sample and a long name × 15 / 30 s scripts (288 timelines), counting
 * `presenterFloatViolations` and `layoutViolations`, built as test/presenter-ground.test.ts does.
 * Run: node --import tsx scripts/float-probe.ts [--list]
 */
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import { buildTimeline, layoutViolations } from '../src/pipeline/timeline/index.ts';
import { presenterFloatViolations } from '../src/pipeline/timeline/presenter.ts';
import type { ImageInfo } from '../src/pipeline/timeline/media-frame.ts';

const SHAPES: Record<string, ImageInfo> = {
  packshot: { width: 600, height: 1800, alpha: false, plain: true },
  wide: { width: 1800, height: 600, alpha: false },
  square: { width: 1200, height: 1200, alpha: false },
  alpha: { width: 1000, height: 1000, alpha: true },
};
const LONG = 'UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer';
const floats: string[] = [];
const layout: string[] = [];
let n = 0;
for (const secs of [15, 30]) {
  const sp = sampleSpeech(sampleSentences(secs));
  for (let templateId = 1; templateId <= 6; templateId++)
    for (const ar of [0, 1, 2] as const)
      for (const [shape, info] of Object.entries(SHAPES))
        for (const [nm, name] of [['sample', SAMPLE_PRODUCT_TEXT.name], ['long', LONG]] as const) {
          const t = buildTimeline({
            script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, name, targetAudience: 'everyone', imagePaths: ['/a.png'], videoPaths: [] },
            templateId, hasPresenter: true, visualStyle: 'Bold Pop', aspectRatio: ar, caption: true, imageInfo: [info],
          });
          n++;
          const id = `T${templateId} r${ar} ${shape} ${nm} ${secs}s`;
          for (const v of presenterFloatViolations(t)) floats.push(`${id}: ${v}`);
          for (const v of layoutViolations(t)) layout.push(`${id}: ${v}`);
        }
}
console.log(`${n} timelines: ${floats.length} presenter-float, ${layout.length} layoutViolations`);
if (process.argv.includes('--list')) for (const x of [...floats, ...layout]) console.log(x);
