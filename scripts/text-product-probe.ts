/**
 * Probe: text-product hits over the text-product.layout survey (7 image sets × 6 templates × 3 ratios ×
 * presenter or not × 2 names, 15 s, scale 0.5). Prints one JSON line per timeline with hits, then totals
 * per ratio, with the slowest builds. Usage: node --import tsx scripts/text-product-probe.ts [ratio...] [--sets a,b]
 */
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { layoutViolations, textProductViolations } from '../src/pipeline/timeline/safety.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import type { AspectRatio } from '../src/pipeline/templates/types.ts';
import { LONG, SETS } from '../test/support/text-product-sets.ts';

const args = process.argv.slice(2);
const setArg = args.indexOf('--sets');
const sets = setArg >= 0 ? args[setArg + 1]!.split(',') : Object.keys(SETS);
const ratios = (args.filter((a, i) => /^[012]$/.test(a) && (setArg < 0 || i !== setArg + 1)).map(Number) as AspectRatio[]);
const sp = sampleSpeech(sampleSentences(15));
const totals = new Map<number, { timelines: number; withHits: number; hits: number; layout: number; ms: number; maxMs: number }>();
for (const aspectRatio of ratios.length ? ratios : ([0, 1, 2] as AspectRatio[])) {
  const tot = { timelines: 0, withHits: 0, hits: 0, layout: 0, ms: 0, maxMs: 0 };
  const times: { where: string; ms: number }[] = [];
  totals.set(aspectRatio, tot);
  for (const set of sets)
    for (const templateId of [1, 2, 3, 4, 5, 6])
      for (const hasPresenter of [true, false])
        for (const name of [SAMPLE_PRODUCT_TEXT.name, LONG]) {
          const infos = SETS[set]!;
          const t0 = performance.now();
          const t = buildTimeline({
            script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, name, targetAudience: 'everyone', imagePaths: infos.map((_, i) => `/img${i}.jpg`), videoPaths: [] },
            templateId, hasPresenter, visualStyle: null, aspectRatio, caption: true, scale: 0.5, imageInfo: infos,
          });
          const ms = performance.now() - t0;
          tot.ms += ms;
          tot.maxMs = Math.max(tot.maxMs, ms);
          times.push({ where: `${set} T${templateId} presenter ${hasPresenter} ${name.length}`, ms: Math.round(ms) });
          tot.timelines++;
          const v = textProductViolations(t);
          const l = layoutViolations(t);
          tot.layout += l.length ? 1 : 0;
          if (v.length) {
            tot.withHits++;
            tot.hits += v.length;
            console.log(JSON.stringify({ where: `r${aspectRatio} ${set} T${templateId} presenter ${hasPresenter} ${name.length}`, ms: Math.round(ms), v, l }));
          } else if (l.length) console.log(JSON.stringify({ where: `r${aspectRatio} ${set} T${templateId} presenter ${hasPresenter} ${name.length}`, ms: Math.round(ms), v, l }));
        }
  console.log(`TOTAL r${aspectRatio}: ${JSON.stringify({ ...tot, ms: Math.round(tot.ms), maxMs: Math.round(tot.maxMs) })}`);
  console.log(`SLOWEST r${aspectRatio}: ${JSON.stringify(times.sort((a, b) => b.ms - a.ms).slice(0, 6))}`);
}
