/**
 * Template and visual-style lookup. Ids and names are the catalog's (catalog.data.ts); the
 * layouts and styles themselves are the data in layouts.ts and styles.ts.
 */
import { TEMPLATE_DEFS } from './layouts.ts';
import { STYLE_DEFS } from './styles.ts';
import type { AspectRatio, TemplateDef, TemplateLayout, VisualStyleDef } from './types.ts';

export type * from './types.ts';
export { TEMPLATE_DEFS } from './layouts.ts';
export { STYLE_DEFS } from './styles.ts';
export { TEMPLATE_MOTION, templateMotion } from './template-motion.ts';
export { SAFE_AREAS, boxInside, safeAreaPx } from './safe-area.ts';

/** The template used when a request names none: Spotlight with a presenter, Voice Over without. */
export function defaultTemplateId(hasPresenter: boolean): number {
  return hasPresenter ? 1 : 4;
}

export function templateDef(id: number): TemplateDef {
  const def = TEMPLATE_DEFS.find((t) => t.id === id);
  if (!def) throw new RangeError(`unknown template ${id}`);
  return def;
}

export function visualStyle(name: string | null, fallback: string): VisualStyleDef {
  const want = (name ?? fallback).trim().toLowerCase();
  return (
    STYLE_DEFS.find((s) => s.name.toLowerCase() === want) ??
    STYLE_DEFS.find((s) => s.name.toLowerCase() === fallback.toLowerCase()) ??
    STYLE_DEFS[0]!
  );
}

export interface ResolvedTemplate {
  def: TemplateDef;
  layout: TemplateLayout;
  style: VisualStyleDef;
}

/**
 * The layout for one request. Without a presenter, templates built around one (split screen,
 * feature cards, presenter) use the Voice Over layout; inset templates drop the inset and let
 * the captions take its row. A custom template comes compiled (custom-scene.ts): its def and style.
 */
export function resolveTemplate(template: number | TemplateDef | null, hasPresenter: boolean, aspectRatio: AspectRatio, styleName: string | null, styleDef?: VisualStyleDef): ResolvedTemplate {
  const def = typeof template === 'object' && template !== null ? template : templateDef(template ?? defaultTemplateId(hasPresenter));
  const style = styleDef ?? visualStyle(styleName, def.defaultStyle);
  let layout = def.ratios[aspectRatio];
  if (!hasPresenter && layout.presenter) {
    if (layout.presenter.frame === 'none') {
      layout = templateDef(4).ratios[aspectRatio];
    } else {
      const p = layout.presenter.box;
      const c = layout.captions;
      const sameRow = p.y < c.y + c.h && c.y < p.y + p.h;
      const captions = sameRow && p.x < c.x ? { ...c, x: p.x, w: c.x + c.w - p.x } : c;
      layout = { ...layout, presenter: null, captions };
    }
  }
  return { def, layout, style };
}
