/**
 * The product leads (pure; docs/rendering.md "Design rules"): in every scene that shows the
 * product, its image covers at least PRODUCT_SHARE of the frame (by aspect ratio) and more than
 * the presenter, unless the template is presenter-led (then at least PRESENTER_LED_SHARE).
 * Measured from the timeline's boxes: the product's content box (media-frame.ts) and the
 * presenter's box, each clipped to the frame (the presenter's also to its scene panel).
 */
import type { AspectRatio, LayoutName } from '../templates/types.ts';
import { intersection } from './rules.ts';
import { sceneContent } from './safety.ts';
import type { Timeline } from './types.ts';

export const PRODUCT_SHARE: Record<AspectRatio, number> = { 0: 0.3, 1: 0.25, 2: 0.3 };
export const PRESENTER_LED_SHARE = 0.2;
/** Templates whose presenter is the hero (the product pops up or floats beside them). */
export const PRESENTER_LED: readonly LayoutName[] = ['product_cards', 'presenter_full'];

export function presenterLed(layout: LayoutName, hasPresenter: boolean): boolean {
  return hasPresenter && PRESENTER_LED.includes(layout);
}

/** The share of the frame the product should cover in a template and ratio. */
export function productShareTarget(layout: LayoutName, ratio: AspectRatio, hasPresenter: boolean): number {
  return presenterLed(layout, hasPresenter) ? PRESENTER_LED_SHARE : PRODUCT_SHARE[ratio];
}

/** The presenter's share of the frame: its box clipped to its panel and the frame (0 without one). */
export function presenterShare(t: Pick<Timeline, 'presenter' | 'width' | 'height'>): number {
  const p = t.presenter;
  if (!p) return 0;
  const frame = { x: 0, y: 0, w: t.width, h: t.height };
  const inPanel = intersection(p.box, p.panel);
  const seen = inPanel && intersection(inPanel, frame);
  return seen ? (seen.w * seen.h) / (t.width * t.height) : 0;
}

export interface SceneShare {
  startMs: number;
  endMs: number;
  image: number | null;
  share: number;
  /** Under target for a reason no slot can change (media-frame.ts ImageFrame.limited). */
  limited?: 'sharpness' | 'shape' | 'inset';
}

/** The product's share of the frame in each scene that shows it. */
export function productShares(t: Timeline): SceneShare[] {
  const frame = { x: 0, y: 0, w: t.width, h: t.height };
  const box = t.media?.box ?? frame;
  return sceneContent(t).map((c) => {
    // A cut-out may stand past its card; anything else shows inside its box.
    const f = c.image !== null ? t.images[c.image] : null;
    const seen = f?.cutout ? c.content : intersection(c.content, box);
    const share = seen ? (seen.w * seen.h) / (t.width * t.height) : 0;
    return { startMs: c.startMs, endMs: c.endMs, image: c.image, share, ...(f?.limited ? { limited: f.limited } : {}) };
  });
}

/**
 * Tagged `product-share` violations (one per scene that misses), for the checks and bench:quality.
 * A product under target only because it is at its sharpness limit or as large as the frame
 * allows for its shape is not one (productShareNotes lists those).
 */
export function productShareViolations(t: Timeline): string[] {
  return shareFindings(t).filter((f) => !f.limited).map((f) => f.text);
}

/** Scenes under target for a reason no slot can change, as `product-share-limit:` notes. */
export function productShareNotes(t: Timeline): string[] {
  return shareFindings(t).filter((f) => f.limited).map((f) => f.text.replace(/^product-share:/, `product-share-limit (${f.limited}):`));
}

function shareFindings(t: Timeline): { text: string; limited?: string }[] {
  const led = presenterLed(t.layout, !!t.presenter);
  const target = productShareTarget(t.layout, t.aspectRatio, !!t.presenter);
  const presenter = presenterShare(t);
  const out: { text: string; limited?: string }[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  for (const s of productShares(t)) {
    const what = `scene at ${(s.startMs / 1000).toFixed(1)} s (${s.image === null ? 'clip' : `image ${s.image}`})`;
    const limited = s.limited ? { limited: s.limited } : {};
    if (s.share < target - 1e-6) out.push({ text: `product-share: ${what} covers ${pct(s.share)} of the frame, under ${pct(target)}`, ...limited });
    else if (!led && presenter > 0 && s.share <= presenter) out.push({ text: `product-share: ${what} covers ${pct(s.share)}, not more than the presenter's ${pct(presenter)}` });
  }
  return out;
}
