/**
 * The plan step of a template video (pure): a template's declared variables + the request's
 * `variables[]` → what the existing stages take: the narration (script variable), the on-screen
 * texts (text variables, by slot) and the media references (image/video variables, in declared
 * order). Fetching the media and rendering are the caller's; nothing here does I/O.
 */
import { TEXT_VARIABLE_SLOTS, type TemplateVariable, type TextVariableSlot } from '../../catalog/catalog.data.ts';
import type { ProductFacts, Script } from '../types.ts';

export type { TemplateVariable, TextVariableSlot } from '../../catalog/catalog.data.ts';

/** One entry of the request's `variables[]`; the n8n node sends all three properties, `""`/`0` when unused. */
export interface VariableInput {
  type: string;
  name: string;
  properties?: { content?: string | undefined; url?: string | undefined; asset_id?: string | number | undefined } | undefined;
}

export interface TemplatePlan {
  /** The narration, said as written. */
  script: string;
  texts: Partial<Record<TextVariableSlot, string>>;
  /** Media in the template's declared order: a URL or an asset id, resolved by the caller into a stored ref (a storage key or another site's URL). */
  media: { name: string; type: 'image' | 'video'; ref: string }[];
}

/** A variable the request got wrong; `message` names it (the route answers 40000 with it). */
export class VariableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VariableError';
  }
}

export const MAX_SCRIPT_CHARS = 5000;
export const MAX_TEXT_CHARS = 200;

/** The on-screen slot a text variable fills: its `slot`, else its name when that is a slot. */
export function textSlotOf(v: TemplateVariable): TextVariableSlot | null {
  if (v.slot) return v.slot;
  return (TEXT_VARIABLE_SLOTS as readonly string[]).includes(v.name) ? (v.name as TextVariableSlot) : null;
}

const describe = (v: TemplateVariable) => `"${v.name}" (${v.type})`;

/** What a given variable holds: the text of text/script variables, the URL or asset id of media. */
function valueOf(input: VariableInput, type: TemplateVariable['type']): string {
  const p = input.properties ?? {};
  if (type === 'text' || type === 'script') return typeof p.content === 'string' ? p.content.trim() : '';
  const url = typeof p.url === 'string' ? p.url.trim() : '';
  if (url) return url;
  const asset = p.asset_id;
  if (typeof asset === 'number') return asset > 0 ? String(asset) : '';
  const id = typeof asset === 'string' ? asset.trim() : '';
  return id === '0' ? '' : id;
}

/**
 * Checks `given` against the template's declarations and returns the plan. Throws VariableError
 * for an unknown name, a repeated name, a type other than declared, a text too long, or a
 * required variable absent or empty (text/script: no `content`; media: neither `url` nor
 * `asset_id`). Optional variables given empty are left out.
 */
export function planTemplateVideo(declared: readonly TemplateVariable[], given: readonly VariableInput[], templateLabel: string): TemplatePlan {
  const byName = new Map(declared.map((d) => [d.name, d]));
  const values = new Map<string, string>();
  given.forEach((g, i) => {
    const d = byName.get(g.name);
    if (!d) throw new VariableError(`variables[${i}].name "${g.name}" is not a variable of ${templateLabel}; its variables are ${declared.map(describe).join(', ')}`);
    if (values.has(g.name)) throw new VariableError(`variables[${i}].name "${g.name}" is given twice`);
    if (g.type !== d.type) throw new VariableError(`variables[${i}].type: "${g.name}" is a ${d.type} variable of ${templateLabel}, not ${JSON.stringify(g.type)}`);
    const value = valueOf(g, d.type);
    const limit = d.type === 'script' ? MAX_SCRIPT_CHARS : d.type === 'text' ? MAX_TEXT_CHARS : 2048;
    const field = d.type === 'text' || d.type === 'script' ? 'properties.content' : 'properties.url';
    if (value.length > limit) throw new VariableError(`variables[${i}].${field}: "${g.name}" must be at most ${limit} characters`);
    if (d.type === 'script' && value && !/[\p{L}\p{N}]/u.test(value)) throw new VariableError(`variables[${i}].properties.content: "${g.name}" holds no words to say`);
    values.set(g.name, value);
  });
  for (const d of declared) {
    if (!d.required || values.get(d.name)) continue;
    const what = d.type === 'text' || d.type === 'script' ? 'properties.content' : 'properties.url or properties.asset_id';
    throw new VariableError(`variables: ${describe(d)} is required by ${templateLabel}; give it with ${what}`);
  }
  const plan: TemplatePlan = { script: '', texts: {}, media: [] };
  for (const d of declared) {
    const value = values.get(d.name);
    if (!value) continue;
    if (d.type === 'script') plan.script = plan.script ? `${plan.script} ${value}` : value;
    else if (d.type === 'text') {
      const slot = textSlotOf(d);
      if (slot) plan.texts[slot] = value;
    } else plan.media.push({ name: d.name, type: d.type, ref: value });
  }
  // No script (the n8n node always sends a script variable's content as ""): the narration is
  // written from the on-screen texts (TEMPLATE_WRITTEN_S long), so a title at least is needed.
  if (!plan.script && !plan.texts.title) {
    throw new VariableError(`variables: ${templateLabel} needs a script variable with properties.content, or a title to write the narration from`);
  }
  return plan;
}

/** Length of a template video whose script variable was left empty: written from its texts, at 15 s. */
export const TEMPLATE_WRITTEN_S = 15;

/** Seconds of narration a plan asks for: its script's estimated speaking time, or TEMPLATE_WRITTEN_S when the narration is written from its texts. */
export function planOutputS(plan: TemplatePlan, estimate: (script: string) => number): number {
  return plan.script ? estimate(plan.script) : TEMPLATE_WRITTEN_S;
}

/**
 * The plan as the facts the timeline builder reads: the title is the name slot, brand and price
 * their slots (the price shown as written), the media the loaded files. No description or
 * selling points: the script is said as written.
 */
export function templateFacts(plan: TemplatePlan, media: { imagePaths: string[]; videoPaths: string[] }, language: string): ProductFacts {
  return {
    name: plan.texts.title ?? '',
    description: '',
    sellingPoints: [],
    brand: plan.texts.brand ?? null,
    price: plan.texts.price ?? null,
    currency: null,
    targetAudience: '',
    language,
    imagePaths: media.imagePaths,
    videoPaths: media.videoPaths,
  };
}

/** The call_to_action text on the last sentence's cue, where the CTA slot reads it (28 characters at most fit the button). */
export function withCallToAction(script: Script, cta: string | undefined): Script {
  if (!cta || script.sentences.length === 0) return script;
  const last = script.sentences.length - 1;
  const sentences = script.sentences.map((s, i) => (i === last ? { ...s, cue: { ...s.cue, kind: 'cta' as const, overlay: cta } } : s));
  return { ...script, sentences };
}
