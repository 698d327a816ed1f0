/**
 * The layout probe's product timelines (tests and bench/float-probe.ts): the sample product with a
 * product image of one of four shapes, the sample script at a length, Bold Pop, captions on.
 */
import { SAMPLE_PRODUCT_TEXT, sampleSentences, sampleSpeech } from '../../src/pipeline/render/sample.ts';
import { buildTimeline } from '../../src/pipeline/timeline/index.ts';
import type { ImageInfo } from '../../src/pipeline/timeline/media-frame.ts';

export const PROBE_SHAPES: Record<string, ImageInfo> = {
  packshot: { width: 600, height: 1800, alpha: false, plain: true },
  wide: { width: 1800, height: 600, alpha: false },
  square: { width: 1200, height: 1200, alpha: false },
  alpha: { width: 1000, height: 1000, alpha: true },
};

/** A name that fits no title slot whole (81 characters). */
export const LONG_NAME = 'UltraComfort Ergonomic Memory Foam Lumbar Support Cushion with Cooling Gel Layer';

export function probeTimeline(templateId: number, aspectRatio: 0 | 1 | 2, info: ImageInfo, o: { name?: string; seconds?: number } = {}) {
  const sp = sampleSpeech(sampleSentences(o.seconds ?? 15));
  return buildTimeline({
    script: sp.script, speech: sp.speech, product: { ...SAMPLE_PRODUCT_TEXT, ...(o.name ? { name: o.name } : {}), targetAudience: 'everyone', imagePaths: ['/a.png'], videoPaths: [] },
    templateId, hasPresenter: true, visualStyle: 'Bold Pop', aspectRatio, caption: true, imageInfo: [info],
  });
}
