import path from 'node:path';
import { PUBLIC_AVATARS } from '../../catalog/catalog.data.ts';
import { isLanguage, type Language, type ScriptStyle } from '../../catalog/languages.ts';
import { productLanguage, sameWrittenLanguage } from '../../products/language-detect.ts';
import type { Product } from '../../products/product.repository.ts';
import { shortOfLength } from '../../pipeline/length/decide.ts';
import { narrateToLength } from '../../pipeline/length/fit-narration.ts';
import { renderProfile, type RenderProfileName } from '../../pipeline/render/render-profile.ts';
import { EarlyMedia } from '../../pipeline/render/early-media.ts';
import { renderVideoSplit } from '../../pipeline/render/render-segments.ts';
import { writeScript } from '../../pipeline/script/index.ts';
import { defaultVoice } from '../../pipeline/speech/voice.catalog.ts';
import type { ProductFacts } from '../../pipeline/types.ts';
import type { PipelineDeps } from './kind.ts';
import { presenterFor, speechEnginesFor, speechFallbackWarning, renderProgress } from './shared-steps.ts';
import { loadProductMedia } from '../product-media.ts';
import type { GeneratedVideo, GenerationJob, ProgressReporter } from '../video-generator.ts';
import type { VideoRequest } from '../video.repository.ts';
import type { VideoKind } from './kind.ts';
import { compileScene } from '../../pipeline/templates/custom-scene.ts';
import { loadTemplateMedia } from './template.kind.ts';

/** Overall progress (0-100) at the start of each stage; render fills the rest. */
const STAGE_PCT = { media: 2, script: 8, speech: 12, render: 25, done: 98 } as const;

/**
 * The product video (create_video_from_url): product media → script → speech and mix → timeline
 * and frames → MP4, cover and captions, all in the job's work directory.
 */
export const productKind: VideoKind = {
  name: 'product',
  eventFamily: 'product_video',
  v1Events: true,
  free: false,
  generate: (job, deps, progress, signal) => productVideo(job, deps, progress, signal, 'full'),
};

/** The voice a request speaks with: its voice_id, else the default voice of its language for its (public) avatar. */
export function voiceFor(r: Pick<VideoRequest, 'voice_id' | 'language' | 'avatar_id'>): string {
  const avatar = PUBLIC_AVATARS.find((a) => a.avatar_id === r.avatar_id);
  return r.voice_id ?? defaultVoice(r.language, avatar?.gender ?? 'female', avatar?.age ?? 'adult');
}

/**
 * A product video's pipeline in a render profile: 'full' for product videos, 'draft' for their
 * previews (preview.kind.ts). Everything that decides what the video says and shows — script
 * (seeded by `script_seed`, default the video's own id), voice, avatar, template, style, captions —
 * is the same in both; the profile only sets size, frame rate and encoder (render-profile.ts).
 */
export async function productVideo(job: GenerationJob, deps: PipelineDeps, progress: ProgressReporter, signal: AbortSignal, profile: RenderProfileName): Promise<GeneratedVideo> {
  const r = job.video.request as VideoRequest;
  if (!job.product) throw new Error('a product video without its product');
  const step = async (stage: keyof typeof STAGE_PCT) => {
    signal.throwIfAborted();
    await progress(stage, STAGE_PCT[stage]);
  };

  await step('media');
  const { facts, warnings } = await productFacts(job.product, job.workDir, deps);
  // template_type custom: the scene kept at acceptance, compiled; its logo loaded like the media.
  const custom = r.custom_scene && r.template_id !== null ? compileScene(r.template_id, r.custom_scene) : null;
  const logo = custom?.logo ? await loadTemplateMedia({ script: '', texts: {}, media: [] }, custom.logo.url, job.workDir, deps, job.video.id) : null;
  if (logo) warnings.push(...logo.warnings);

  await step('script');
  const presenter = await presenterFor(deps, job.video.accountId, r.avatar_id, r.avatar_type);
  const { traits } = presenter;
  // The product's images are made ready while the narration is written and spoken (early-media.ts).
  const early = new EarlyMedia(facts.imagePaths);
  const framing = {
    product: facts, templateId: custom ? null : r.template_id, custom, hasPresenter: presenter.ref !== null, visualStyle: r.visual_style,
    aspectRatio: r.aspect_ratio, caption: r.caption, scale: renderProfile(profile, deps.renderScale ?? 1).scale,
  };
  // The request's voice, else the custom avatar's own, else the language's default for the presenter.
  const givenVoice = r.voice_id ?? presenter.voiceId;
  const voiceId = givenVoice ?? defaultVoice(r.language, traits.gender, traits.age);
  const engine = await speechEnginesFor(deps, job.video.accountId, givenVoice);
  let written = 0;
  try {
    // Written, spoken and measured until it fits video_length (override_script: said as written).
    const { narration, fit } = await narrateToLength(
      {
        write: async (paceScale) => {
          // A plan kept from this video's preview (an LLM's script): said again, not written again.
          const script = r.script_plan ?? await writeScript(
            { product: facts, style: r.script_style as ScriptStyle, lengthS: r.video_length, language: r.language as Language, overrideScript: r.override_script, seed: r.script_seed ?? job.video.id, paceScale },
            deps.llm,
            { onLlmFailure: (err) => deps.log.warn({ project: job.video.id, err: err.message }, 'LLM script not used; built-in writer instead') },
          );
          if (written++ === 0) {
            void early.start(script, framing);
            await step('speech');
          }
          return script;
        },
        lengthS: r.video_length,
        voiceId,
        musicId: r.music_id,
        workDir: path.join(job.workDir, 'narration'),
      },
      { engine, music: (id) => deps.music.bed(id, job.workDir) },
    );
    const script = narration.script;
    warnings.push(...speechFallbackWarning(voiceId, narration.speech.fallback));

    deps.observe?.narration?.(narration);
    await step('render');
    // Long product videos may be split across idle workers (full profile only; previews are short).
    const rendered = await renderVideoSplit({
      narration,
      product: facts,
      avatarId: presenter.ref,
      templateId: custom ? null : r.template_id,
      visualStyle: r.visual_style,
      custom,
      logoPath: logo?.logoPath ?? null,
      aspectRatio: r.aspect_ratio,
      caption: r.caption,
      profile,
      scale: deps.renderScale,
      outDir: path.join(job.workDir, 'render'),
      onProgress: renderProgress(progress, STAGE_PCT.render, STAGE_PCT.done),
      signal,
      early,
    }, { onTimeline: deps.observe?.timeline }, profile === 'full' ? (job.segments ?? null) : null);
    signal.throwIfAborted();
    if (fit && shortOfLength(fit.totalS, r.video_length)) warnings.push(shortWarning(fit.totalS, r.video_length, r.language as Language, facts, script.source));
    warnings.push(...rendered.warnings);
    return { videoPath: rendered.videoPath, coverPath: rendered.coverPath, vttPath: rendered.vttPath, durationS: rendered.durationS, script: script.text, scriptPlan: script, warnings };
  } catch (err) {
    // Failed or cancelled (in speech, say) with the early images' cut-out thread still up: let it go.
    void early.release();
    throw err;
  }
}

/**
 * The stored product as the pipeline needs it, with its media as local files, and a warning per
 * media URL that did not load. None of its media loading fails the video (loadProductMedia).
 */
async function productFacts(product: Product, workDir: string, deps: PipelineDeps): Promise<{ facts: ProductFacts; warnings: string[] }> {
  const media = await loadProductMedia(product, workDir, deps);
  const facts: ProductFacts = {
    name: product.name,
    description: product.description,
    sellingPoints: product.sellingPoints,
    brand: product.brand,
    price: product.price,
    currency: product.currency,
    targetAudience: product.targetAudience,
    language: product.language ?? null,
    imagePaths: media.imagePaths,
    videoPaths: media.videoPaths,
  };
  return { facts, warnings: media.warnings };
}

/** Why a video came out shorter than video_length, and what gives a full one. */
export function shortWarning(totalS: number, lengthS: number, language: Language, facts: ProductFacts, source: string): string {
  const written = isLanguage(facts.language) ? facts.language : productLanguage(facts);
  const product = written && !sameWrittenLanguage(written, language) ? written : null;
  const why = product
    ? `the product's text is in ${product}, so the ${language} narration only says its name, price and the style's lines (the rest is shown, not read)`
    : 'the product has too little text for a longer narration';
  const fix = source === 'llm' ? 'add selling points or a longer description' : product ? 'configure an LLM (LLM_BASE_URL) to translate it, or give override_script' : 'add selling points or a longer description, or give override_script';
  return `video_length ${lengthS} s: the video lasts ${Math.round(totalS)} s because ${why}; ${fix}`;
}
