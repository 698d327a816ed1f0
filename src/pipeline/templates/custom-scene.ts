/**
 * Custom templates (pure): an account's scene description as data — a public layout to start
 * from, boxes for the media, presenter, captions and text slots at the template's aspect ratio,
 * colours, installed fonts, a background pattern, a logo image and the variables — validated
 * with messages naming the wrong field by its JSON-pointer path (`/layout/text/title/box/w`),
 * and compiled into the TemplateDef + VisualStyleDef the timeline builder already takes.
 * The format is documented with a complete example in docs/templates.md.
 */
import { TEXT_VARIABLE_SLOTS, type TemplateVariable, type TextVariableSlot } from '../../catalog/catalog.data.ts';
import { SAFE_AREAS, boxInside } from './safe-area.ts';
import { templateDef, visualStyle } from './index.ts';
import { STYLE_DEFS } from './styles.ts';
import type { AspectRatio, BackgroundKind, Box, TemplateDef, TemplateLayout, TextSlot, TextSlotName, VisualStyleDef } from './types.ts';

/** Families of the installed Noto faces the renderer registers (render/fonts.ts). */
export const SCENE_FONTS = ['Noto Sans', 'Noto Sans Display', 'Noto Serif', 'Noto Serif Display'] as const;
export const SCENE_BACKGROUNDS: readonly BackgroundKind[] = ['gradient', 'radial', 'dots', 'grid', 'blobs', 'stripes'];
export const SCENE_COLORS = ['background', 'background2', 'decor', 'surface', 'text', 'accent', 'on_accent', 'caption', 'caption_stroke', 'highlight'] as const;
/** Text boxes of the layout: the text variables' slots, plus `point` (the script's on-screen cues). */
export const SCENE_TEXT_BOXES = [...TEXT_VARIABLE_SLOTS, 'point'] as const;
export const MAX_SCENE_VARIABLES = 20;

type SceneColor = (typeof SCENE_COLORS)[number];
type SceneTextBox = (typeof SCENE_TEXT_BOXES)[number];
type Align = 'left' | 'center' | 'right';

export interface CustomScene {
  name: string;
  aspect_ratio: AspectRatio;
  /** The public template (1-6) whose layout, at every aspect ratio, the scene starts from. */
  base_template_id: number;
  /** The visual style whose palette and fonts the overrides start from; absent → the base template's. */
  visual_style: string | null;
  colors: Partial<Record<SceneColor, string>>;
  fonts: { display?: string; body?: string };
  background: BackgroundKind | null;
  /** `url` as given; once kept (TemplateService.create), a stored ref: an asset's storage key or another site's URL. */
  logo: { url: string; box: Box } | null;
  layout: {
    media?: { box: Box; frame?: 'none' | 'card'; radius?: number };
    presenter?: { box: Box; frame?: 'none' | 'card' | 'circle' };
    captions?: { box: Box };
    text?: Partial<Record<SceneTextBox, { box: Box; align?: Align }>>;
  };
  variables: TemplateVariable[];
}

export interface SceneIssue {
  /** JSON pointer into the request body. */
  path: string;
  message: string;
}

export class SceneError extends Error {
  constructor(readonly issues: SceneIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    this.name = 'SceneError';
  }
}

const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const VAR_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Collects every issue (not just the first) so a client can fix the body in one go. */
class Checker {
  readonly issues: SceneIssue[] = [];
  fail(path: string, message: string): void {
    this.issues.push({ path, message });
  }
  obj(x: unknown, path: string): Record<string, unknown> | null {
    if (isObj(x)) return x;
    this.fail(path, 'must be an object');
    return null;
  }
  known(o: Record<string, unknown>, path: string, keys: readonly string[]): void {
    for (const k of Object.keys(o)) if (!keys.includes(k)) this.fail(`${path}/${k}`, `is not a field here; the fields are ${keys.join(', ')}`);
  }
  oneOf<T>(x: unknown, path: string, values: readonly T[]): T | undefined {
    if (values.includes(x as T)) return x as T;
    this.fail(path, `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
    return undefined;
  }
  num(x: unknown, path: string, min: number, max: number): number | undefined {
    if (typeof x === 'number' && Number.isFinite(x) && x >= min && x <= max) return x;
    this.fail(path, `must be a number from ${min} to ${max}`);
    return undefined;
  }
  str(x: unknown, path: string, max: number, min = 1): string | undefined {
    if (typeof x === 'string' && x.trim().length >= min && x.length <= max) return x.trim();
    this.fail(path, `must be a string of ${min} to ${max} characters`);
    return undefined;
  }
  /** A box in frame fractions: x, y from -1 to 2, w, h above 0 up to 2 (media and presenters may bleed). */
  box(x: unknown, path: string): Box | undefined {
    const o = this.obj(x, path);
    if (!o) return undefined;
    this.known(o, path, ['x', 'y', 'w', 'h']);
    const n = this.issues.length;
    const b = { x: this.num(o.x, `${path}/x`, -1, 2), y: this.num(o.y, `${path}/y`, -1, 2), w: this.num(o.w, `${path}/w`, 0.01, 2), h: this.num(o.h, `${path}/h`, 0.01, 2) };
    return this.issues.length === n ? (b as Box) : undefined;
  }
  /** A box that text reads in: inside the aspect ratio's safe area. */
  textBox(x: unknown, path: string, ratio: AspectRatio | undefined): Box | undefined {
    const b = this.box(x, path);
    if (b && ratio !== undefined && !boxInside(b, SAFE_AREAS[ratio])) {
      const s = SAFE_AREAS[ratio];
      this.fail(path, `must lie inside the safe area of aspect_ratio ${ratio} (x ${s.x}..${round(s.x + s.w)}, y ${s.y}..${round(s.y + s.h)}), where text stays visible`);
      return undefined;
    }
    return b;
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Validates a scene description (the body of POST /v1/templates/custom). Throws SceneError
 * listing every wrong field by path; returns the scene with defaults filled in.
 */
export function validateScene(body: unknown): CustomScene {
  const c = new Checker();
  const o = c.obj(body, '');
  if (!o) throw new SceneError(c.issues);
  c.known(o, '', ['name', 'aspect_ratio', 'base_template_id', 'visual_style', 'colors', 'fonts', 'background', 'logo', 'layout', 'variables']);
  const name = c.str(o.name, '/name', 100);
  const ratio = c.oneOf(o.aspect_ratio, '/aspect_ratio', [0, 1, 2] as const);
  const base = o.base_template_id === undefined ? 4 : c.oneOf(o.base_template_id, '/base_template_id', [1, 2, 3, 4, 5, 6]);
  let style: string | null = null;
  if (o.visual_style !== undefined && o.visual_style !== null) {
    const want = typeof o.visual_style === 'string' ? o.visual_style.trim().toLowerCase() : '';
    const found = STYLE_DEFS.find((s) => s.name.toLowerCase() === want);
    if (found) style = found.name;
    else c.fail('/visual_style', `must be one of ${STYLE_DEFS.map((s) => JSON.stringify(s.name)).join(', ')}`);
  }
  const colors: CustomScene['colors'] = {};
  if (o.colors !== undefined) {
    const co = c.obj(o.colors, '/colors');
    if (co) {
      c.known(co, '/colors', SCENE_COLORS);
      for (const k of SCENE_COLORS) {
        if (co[k] === undefined) continue;
        if (typeof co[k] === 'string' && COLOR.test(co[k] as string)) colors[k] = (co[k] as string).toUpperCase();
        else c.fail(`/colors/${k}`, 'must be a colour written #RGB, #RRGGBB or #RRGGBBAA');
      }
    }
  }
  const fonts: CustomScene['fonts'] = {};
  if (o.fonts !== undefined) {
    const fo = c.obj(o.fonts, '/fonts');
    if (fo) {
      c.known(fo, '/fonts', ['display', 'body']);
      for (const k of ['display', 'body'] as const) if (fo[k] !== undefined) fonts[k] = c.oneOf(fo[k], `/fonts/${k}`, SCENE_FONTS);
    }
  }
  const background = o.background === undefined || o.background === null ? null : (c.oneOf(o.background, '/background', SCENE_BACKGROUNDS) ?? null);
  let logo: CustomScene['logo'] = null;
  if (o.logo !== undefined && o.logo !== null) {
    const lo = c.obj(o.logo, '/logo');
    if (lo) {
      c.known(lo, '/logo', ['url', 'box']);
      const url = c.str(lo.url, '/logo/url', 2048);
      if (url && !/^https?:\/\//i.test(url) && !/^[A-Za-z0-9_-]{6,64}$/.test(url)) c.fail('/logo/url', 'must be an http(s) URL of an image, or an uploaded asset id');
      const box = c.textBox(lo.box, '/logo/box', ratio);
      if (url && box) logo = { url, box };
    }
  }
  const layout: CustomScene['layout'] = {};
  if (o.layout !== undefined) {
    const la = c.obj(o.layout, '/layout');
    if (la) {
      c.known(la, '/layout', ['media', 'presenter', 'captions', 'text']);
      if (la.media !== undefined) {
        const m = c.obj(la.media, '/layout/media');
        if (m) {
          c.known(m, '/layout/media', ['box', 'frame', 'radius']);
          const box = c.box(m.box, '/layout/media/box');
          const frame = m.frame === undefined ? undefined : c.oneOf(m.frame, '/layout/media/frame', ['none', 'card'] as const);
          const radius = m.radius === undefined ? undefined : c.num(m.radius, '/layout/media/radius', 0, 0.5);
          if (box) layout.media = { box, ...(frame ? { frame } : {}), ...(radius !== undefined ? { radius } : {}) };
        }
      }
      if (la.presenter !== undefined) {
        const p = c.obj(la.presenter, '/layout/presenter');
        if (p) {
          c.known(p, '/layout/presenter', ['box', 'frame']);
          const box = c.box(p.box, '/layout/presenter/box');
          const frame = p.frame === undefined ? undefined : c.oneOf(p.frame, '/layout/presenter/frame', ['none', 'card', 'circle'] as const);
          if (box) layout.presenter = { box, ...(frame ? { frame } : {}) };
        }
      }
      if (la.captions !== undefined) {
        const cp = c.obj(la.captions, '/layout/captions');
        if (cp) {
          c.known(cp, '/layout/captions', ['box']);
          const box = c.textBox(cp.box, '/layout/captions/box', ratio);
          if (box) layout.captions = { box };
        }
      }
      if (la.text !== undefined) {
        const t = c.obj(la.text, '/layout/text');
        if (t) {
          c.known(t, '/layout/text', SCENE_TEXT_BOXES);
          layout.text = {};
          for (const k of SCENE_TEXT_BOXES) {
            if (t[k] === undefined) continue;
            const path = `/layout/text/${k}`;
            const e = c.obj(t[k], path);
            if (!e) continue;
            c.known(e, path, ['box', 'align']);
            const box = c.textBox(e.box, `${path}/box`, ratio);
            const align = e.align === undefined ? undefined : c.oneOf(e.align, `${path}/align`, ['left', 'center', 'right'] as const);
            if (box) layout.text[k] = { box, ...(align ? { align } : {}) };
          }
        }
      }
    }
  }
  const variables = checkVariables(c, o.variables);
  if (c.issues.length > 0) throw new SceneError(c.issues);
  return { name: name!, aspect_ratio: ratio!, base_template_id: base!, visual_style: style, colors, fonts, background, logo, layout, variables };
}

function checkVariables(c: Checker, x: unknown): TemplateVariable[] {
  if (!Array.isArray(x) || x.length === 0 || x.length > MAX_SCENE_VARIABLES) {
    c.fail('/variables', `must be an array of 1 to ${MAX_SCENE_VARIABLES} variables {type, name}`);
    return [];
  }
  const out: TemplateVariable[] = [];
  const names = new Set<string>();
  const slots = new Map<string, number>();
  x.forEach((raw, i) => {
    const path = `/variables/${i}`;
    const v = c.obj(raw, path);
    if (!v) return;
    c.known(v, path, ['type', 'name', 'required', 'slot']);
    const type = c.oneOf(v.type, `${path}/type`, ['text', 'image', 'video', 'script'] as const);
    const name = typeof v.name === 'string' && VAR_NAME.test(v.name) ? v.name : undefined;
    if (!name) c.fail(`${path}/name`, 'must be 1 to 40 letters, digits or _, starting with a letter');
    else if (names.has(name)) c.fail(`${path}/name`, `"${name}" is declared twice`);
    else names.add(name);
    if (v.required !== undefined && typeof v.required !== 'boolean') c.fail(`${path}/required`, 'must be true or false');
    let slot: TextVariableSlot | undefined;
    if (v.slot !== undefined) {
      if (type !== 'text') c.fail(`${path}/slot`, 'only text variables have a slot');
      else slot = c.oneOf(v.slot, `${path}/slot`, TEXT_VARIABLE_SLOTS);
    }
    if (type === 'text' && name && !slot) {
      if ((TEXT_VARIABLE_SLOTS as readonly string[]).includes(name)) slot = name as TextVariableSlot;
      else c.fail(`${path}/slot`, `text variable "${name}" needs a slot: one of ${TEXT_VARIABLE_SLOTS.join(', ')} (or be named after one)`);
    }
    if (slot) {
      if (slots.has(slot)) c.fail(`${path}/slot`, `slot "${slot}" is already filled by /variables/${slots.get(slot)}`);
      else slots.set(slot, i);
    }
    if (type && name) out.push({ type, name, required: typeof v.required === 'boolean' ? v.required : type === 'script', ...(slot && slot !== name ? { slot } : {}) });
  });
  const scripts = out.filter((v) => v.type === 'script');
  if (scripts.length !== 1) c.fail('/variables', `must declare exactly one script variable (the narration), not ${scripts.length}`);
  return out;
}

export interface CompiledTemplate {
  def: TemplateDef;
  style: VisualStyleDef;
  /** Where the logo goes (frame fractions), and where it comes from; null without a logo. */
  logo: { url: string; box: Box } | null;
}

const TEXT_SLOT: Record<SceneTextBox, TextSlotName> = { title: 'name', brand: 'brand', price: 'price', call_to_action: 'cta', point: 'cue' };

/**
 * The scene as the timeline builder's inputs: the base template's layouts at every ratio, the
 * scene's boxes replacing its own at the scene's ratio; the style's palette and fonts with the
 * scene's colours and fonts over them. `id` is the custom template's id.
 */
export function compileScene(id: number, scene: CustomScene): CompiledTemplate {
  const base = templateDef(scene.base_template_id);
  const r = scene.aspect_ratio;
  const was = base.ratios[r];
  const l = scene.layout;
  const slots: TemplateLayout['slots'] = { ...was.slots };
  for (const [k, e] of Object.entries(l.text ?? {}) as [SceneTextBox, { box: Box; align?: Align }][]) {
    const name = TEXT_SLOT[k];
    const old: TextSlot = slots[name] ?? { box: e.box, align: 'left', scenes: ['hook', 'intro', 'point', 'story', 'price', 'cta'], enter: 'fade', fill: 0.58, lines: 1 };
    slots[name] = { ...old, box: e.box, align: e.align ?? old.align };
  }
  const media = was.media && l.media ? { ...was.media, box: l.media.box, stage: l.media.frame === 'card' ? undefined : l.media.box, frame: l.media.frame ?? was.media.frame, radius: l.media.radius ?? was.media.radius } : was.media;
  let presenter = was.presenter;
  if (presenter && l.presenter) {
    const frame = l.presenter.frame ?? presenter.frame;
    presenter = { box: l.presenter.box, frame, panel: frame === 'none' ? presenter.panel : l.presenter.box };
  }
  // The base's shape variants (tall, wide product, floor) are drawn for its own boxes, not the scene's.
  const { tallProduct: _tall, floorProduct: _floor, wideProduct: _wide, ...own } = was;
  const layout: TemplateLayout = { ...own, media: media ? stripUndefined(media) : null, presenter, captions: l.captions?.box ?? was.captions, slots };
  const def: TemplateDef = { ...base, id, ratios: { ...base.ratios, [r]: layout } };
  const from = visualStyle(scene.visual_style, base.defaultStyle);
  const c = scene.colors;
  const p = from.palette;
  const style: VisualStyleDef = {
    ...from,
    name: scene.name,
    palette: {
      bg: c.background ?? p.bg,
      bg2: c.background2 ?? c.background ?? p.bg2,
      decor: c.decor ?? p.decor,
      surface: c.surface ?? p.surface,
      text: c.text ?? p.text,
      accent: c.accent ?? p.accent,
      onAccent: c.on_accent ?? p.onAccent,
      captionText: c.caption ?? p.captionText,
      captionStroke: c.caption_stroke ?? p.captionStroke,
      highlight: c.highlight ?? p.highlight,
      onHighlight: p.onHighlight,
    },
    fonts: { ...from.fonts, display: scene.fonts.display ?? from.fonts.display, body: scene.fonts.body ?? from.fonts.body },
    background: scene.background ?? from.background,
  };
  return { def, style, logo: scene.logo };
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
