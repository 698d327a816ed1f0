/**
 * Template covers and short preview videos for GET /v1/templates: each public template in each
 * aspect ratio rendered from the built-in sample (procedurally drawn product photos, a three-
 * sentence script with a stand-in voice), about 4 s, at half the CONTRACT size by default.
 * generateTemplatePreviews is idempotent: a preview is re-rendered only when its inputs change.
 */
import './alloc-env.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { TEMPLATE_DEFS, STYLE_DEFS, templateDef } from '../templates/index.ts';
import type { AspectRatio } from '../templates/types.ts';
import type { Narration, ProductFacts } from '../types.ts';
import { renderVideo, type RenderVideoInput } from './render-video.ts';
import { PREVIEW_SENTENCES, sampleNarration, writeSampleProduct } from './sample.ts';

/** Bump when drawing changes in a way the template data does not show. */
export const PREVIEW_RENDERER_VERSION = 3;
export const PREVIEW_SCALE = 0.5;

/** A presenter per template, so the previews show the library's variety; none for Voice Over. */
export const PREVIEW_AVATAR: Record<number, number | null> = { 1: 1, 2: 4, 3: 2, 4: null, 5: 3, 6: 9 };

export interface TemplatePreview {
  templateId: number;
  aspectRatio: AspectRatio;
  coverPath: string;
  previewPath: string;
}

export interface PreviewOptions {
  scale?: number;
  /** A custom template (templates/custom-scene.ts) drawn instead of public template `templateId`, with its logo file. */
  custom?: { template: NonNullable<RenderVideoInput['custom']>; logoPath: string | null; avatarId: number | null };
  /** Sample assets, shared between previews (made once when absent). */
  sample?: { product: ProductFacts; narration: Narration };
}

export function previewDirName(templateId: number, aspectRatio: AspectRatio): string {
  return `template-${templateId}-${aspectRatio}`;
}

/** What a preview is made from (template data, style, sample, renderer version), hashed: part of its stored name. */
export function templatePreviewHash(templateId: number, aspectRatio: AspectRatio, scale = PREVIEW_SCALE): string {
  const def = templateDef(templateId);
  const style = STYLE_DEFS.find((s) => s.name === def.defaultStyle);
  return createHash('sha256')
    .update(JSON.stringify({ v: PREVIEW_RENDERER_VERSION, def, style, aspectRatio, scale, s: PREVIEW_SENTENCES, a: PREVIEW_AVATAR[templateId] }))
    .digest('hex')
    .slice(0, 16);
}

async function sampleAssets(workDir: string): Promise<{ product: ProductFacts; narration: Narration }> {
  const product = await writeSampleProduct(path.join(workDir, 'product'));
  const narration = await sampleNarration(path.join(workDir, 'voice'), PREVIEW_SENTENCES);
  return { product, narration };
}

/** Renders one template's cover.jpg and preview.mp4 into outDir. */
export async function renderTemplatePreview(templateId: number, aspectRatio: AspectRatio, outDir: string, opts: PreviewOptions = {}): Promise<TemplatePreview> {
  if (!opts.custom) templateDef(templateId);
  await fs.mkdir(outDir, { recursive: true });
  const work = opts.sample ? null : await fs.mkdtemp(path.join(outDir, '.sample-'));
  try {
    const { product, narration } = opts.sample ?? (await sampleAssets(work!));
    const renderDir = await fs.mkdtemp(path.join(outDir, '.render-'));
    try {
      const r = await renderVideo({
        narration,
        product,
        avatarId: opts.custom ? opts.custom.avatarId : (PREVIEW_AVATAR[templateId] ?? null),
        templateId,
        visualStyle: null,
        custom: opts.custom?.template ?? null,
        logoPath: opts.custom?.logoPath ?? null,
        aspectRatio,
        caption: true,
        scale: opts.scale ?? PREVIEW_SCALE,
        outDir: renderDir,
      });
      const coverPath = path.join(outDir, 'cover.jpg');
      const previewPath = path.join(outDir, 'preview.mp4');
      await fs.rename(r.coverPath, coverPath);
      await fs.rename(r.videoPath, previewPath);
      return { templateId, aspectRatio, coverPath, previewPath };
    } finally {
      await fs.rm(renderDir, { recursive: true, force: true });
    }
  } finally {
    if (work) await fs.rm(work, { recursive: true, force: true });
  }
}

const inFlight = new Map<string, Promise<TemplatePreview>>();

/**
 * One template's preview in dir/template-<id>-<ratio>/{cover.jpg, preview.mp4}, rendered only
 * when missing or made from other inputs (template data, style, sample, renderer version);
 * concurrent calls for the same preview share one render. For a route that serves them on demand.
 */
export async function ensureTemplatePreview(dir: string, templateId: number, aspectRatio: AspectRatio, opts: { scale?: number; onRendered?: (p: TemplatePreview) => void } = {}): Promise<TemplatePreview> {
  const scale = opts.scale ?? PREVIEW_SCALE;
  const sub = path.join(dir, previewDirName(templateId, aspectRatio));
  const running = inFlight.get(sub);
  if (running) return running;
  const job = (async () => {
    const stamp = path.join(sub, 'inputs.txt');
    const hash = templatePreviewHash(templateId, aspectRatio, scale);
    const entry = { templateId, aspectRatio, coverPath: path.join(sub, 'cover.jpg'), previewPath: path.join(sub, 'preview.mp4') };
    const done = await fs.readFile(stamp, 'utf8').catch(() => '');
    const present = await Promise.all([entry.coverPath, entry.previewPath].map((p) => fs.stat(p).then(() => true, () => false)));
    if (done.trim() === hash && present.every(Boolean)) return entry;
    await fs.rm(stamp, { force: true });
    const made = await renderTemplatePreview(templateId, aspectRatio, sub, { scale, sample: await sharedSample(dir) });
    await fs.writeFile(stamp, `${hash}\n`);
    opts.onRendered?.(made);
    return made;
  })().finally(() => inFlight.delete(sub));
  inFlight.set(sub, job);
  return job;
}

/** The sample assets, made once per preview directory and kept next to the previews. */
const samples = new Map<string, Promise<{ product: ProductFacts; narration: Narration }>>();
function sharedSample(dir: string): Promise<{ product: ProductFacts; narration: Narration }> {
  const key = path.resolve(dir);
  let s = samples.get(key);
  if (!s) {
    s = sampleAssets(path.join(dir, '.sample'));
    s.catch(() => samples.delete(key));
    samples.set(key, s);
  }
  return s;
}

/**
 * Every public template in every aspect ratio into dir/template-<id>-<ratio>/{cover.jpg,
 * preview.mp4}; previews whose inputs are unchanged since they were made are kept.
 */
export async function generateTemplatePreviews(dir: string, opts: { scale?: number; onRendered?: (p: TemplatePreview) => void } = {}): Promise<TemplatePreview[]> {
  await fs.mkdir(dir, { recursive: true });
  const out: TemplatePreview[] = [];
  for (const def of TEMPLATE_DEFS) for (const ar of [0, 1, 2] as const) out.push(await ensureTemplatePreview(dir, def.id, ar, opts));
  return out;
}

/**
 * A custom template's cover.jpg and preview.mp4 into outDir, drawn from the same sample as the
 * public previews (kept in sampleDir), at the template's own aspect ratio.
 */
export async function renderCustomTemplatePreview(sampleDir: string, outDir: string, aspectRatio: AspectRatio, custom: NonNullable<PreviewOptions['custom']>, scale = PREVIEW_SCALE): Promise<TemplatePreview> {
  return renderTemplatePreview(custom.template.def.id, aspectRatio, outDir, { scale, sample: await sharedSample(sampleDir), custom });
}
