/**
 * The README demo's video as a timeline: Spotlight 9:16 with the drawn presenter, the sample
 * shop's lamp and its night and desk photos, the built-in Feature Explainer script at 15 s,
 * the sample speech, captions on.
 */
import path from 'node:path';
import { buildTimeline } from '../../src/pipeline/timeline/index.ts';
import type { Timeline } from '../../src/pipeline/timeline/types.ts';
import { imageInfo } from '../../src/pipeline/render/media.ts';
import { sampleSpeech } from '../../src/pipeline/render/sample.ts';
import { writeBuiltin } from '../../src/pipeline/script/builtin.ts';

export const DEMO_PRODUCT_TEXT = {
  name: 'Aurora Desk Lamp', brand: 'Lumina', price: '49.90', currency: 'USD', language: 'english' as const, description: 'A desk lamp with three colour temperatures.', targetAudience: 'people who work at a desk', videoPaths: [] as string[],
  sellingPoints: ['Three colour temperatures, from warm 2700 K to daylight 6000 K', 'Stepless touch dimmer with memory', 'USB-C port charges your phone while you work', 'Flicker-free light that is gentle on your eyes'],
};

/** The demo's timeline at `scale` (1: 1080x1920). */
export async function demoTimeline(scale = 1): Promise<Timeline> {
  const dir = path.join(import.meta.dirname, '..', '..', 'samples', 'shop', 'img');
  const imagePaths = ['lamp-front.jpg', 'lamp-night.jpg', 'lamp-desk.jpg'].map((f) => path.join(dir, f));
  const infos = await Promise.all(imagePaths.map((p) => imageInfo(p)));
  const product = { ...DEMO_PRODUCT_TEXT, imagePaths };
  const script = writeBuiltin({ product, style: 'Feature Explainer', lengthS: 15, language: 'english', seed: 'x' });
  const sp = sampleSpeech(script.sentences, 'english');
  return buildTimeline({ script: { ...script, sentences: sp.script.sentences }, speech: sp.speech, product, templateId: 1, hasPresenter: true, visualStyle: null, aspectRatio: 0, caption: true, scale, imageInfo: infos });
}
