/**
 * The sticker's worst-case build time (docs/rendering.md "A text over the product's edge: the
 * sticker"): the 74-character name (test/support/text-product-sets.ts LONG) over the alpha product
 * in Spotlight 9:16 with a presenter, 15 s, built twice per render scale, each scale in a fresh
 * process (the first build warms the modules, as a service's first build does). A figure, not a test.
 * Usage: node --import tsx scripts/sticker-worst-case.ts [scale...]   (default: 1 0.3333 0.5)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildTimeline } from '../src/pipeline/timeline/index.ts';
import { layoutViolations, textProductViolations } from '../src/pipeline/timeline/safety.ts';
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../src/pipeline/render/sample.ts';
import { LONG, SETS } from '../test/support/text-product-sets.ts';

const args = process.argv.slice(2);
const child = args[0] === '--one';
if (!child) {
  for (const scale of args.length ? args : ['1', '0.3333', '0.5']) {
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--one', scale], { stdio: 'inherit' });
    if (r.status) process.exit(r.status);
  }
} else {
  const scale = Number(args[1]);
  const sp = sampleSpeech(sampleSentences(15));
  const infos = SETS.alpha!;
  const times: string[] = [];
  let last = null as ReturnType<typeof buildTimeline> | null;
  for (let round = 0; round < 2; round++) {
    const t0 = performance.now();
    last = buildTimeline({
      script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, name: LONG, targetAudience: 'everyone', imagePaths: infos.map((_, i) => `/img${i}.jpg`), videoPaths: [] },
      templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true, scale, imageInfo: infos,
    });
    times.push(((performance.now() - t0) / 1000).toFixed(2));
  }
  console.log(`scale ${scale}: first / second build ${times.join(' / ')} s; text-product ${textProductViolations(last!).length}, layoutViolations ${layoutViolations(last!).length}`);
}
