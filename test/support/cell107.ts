/**
 * bench:quality #107 as the template kind builds it (bench/quality/presenter-cells.ts): template 5
 * in 9:16, the photo presenter (the bench portrait's face box), the bench's lamp photo, the sample
 * speech for espeak's.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES, writeImage } from '../../bench/quality/fixtures.ts';
import { imageInfo } from '../../src/pipeline/render/media.ts';
import { sampleSpeech } from '../../src/pipeline/render/sample.ts';
import { scriptFromOverride } from '../../src/pipeline/script/override.ts';
import { templateFacts, withCallToAction, type TemplatePlan } from '../../src/pipeline/templates/variables.ts';
import { buildTimeline } from '../../src/pipeline/timeline/index.ts';

/** The bench portrait's face box (its landmarks, as presenterFaceShare gives it) as shares of the painter's box. */
export const PORTRAIT_FACE = { x: 0.2617, y: 0.2283, w: 0.4767, h: 0.2783 };

export async function cell107(scale = 0.25, presenterFace: typeof PORTRAIT_FACE | null = PORTRAIT_FACE) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cell107-'));
  const image = await writeImage(dir, FIXTURES.lamp!.images[0]!, 40);
  const text = 'Meet the lamp that follows your day. It gives warm, even light for late work. Dim it with one touch, and charge your phone on its base. Order yours today.';
  const plan = { script: text, texts: { title: FIXTURES.lamp!.name, brand: FIXTURES.lamp!.brand ?? undefined, price: '€89', call_to_action: 'Shop now' }, media: [] } as unknown as TemplatePlan;
  const product = templateFacts(plan, { imagePaths: [image], videoPaths: [] }, 'english');
  const script = withCallToAction(scriptFromOverride({ product, style: 'Soft Selling', lengthS: 15, language: 'english', overrideScript: text })!, 'Shop now');
  const sp = sampleSpeech(script.sentences, 'english');
  return buildTimeline({ script: { ...script, sentences: sp.script.sentences }, speech: sp.speech, product, templateId: 5, hasPresenter: true, presenterFace, visualStyle: null, aspectRatio: 0, caption: true, scale, imageInfo: [await imageInfo(image)] });
}
