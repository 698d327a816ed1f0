import path from 'node:path';
import { PUBLIC_AVATARS } from '../../catalog/catalog.data.ts';
import type { Language } from '../../catalog/languages.ts';
import { narrateToLength } from '../../pipeline/length/fit-narration.ts';
import { renderVideoSplit } from '../../pipeline/render/render-segments.ts';
import { writeScript } from '../../pipeline/script/index.ts';
import { defaultVoice } from '../../pipeline/speech/voice.catalog.ts';
import { compileScene, type CustomScene } from '../../pipeline/templates/custom-scene.ts';
import { TEMPLATE_WRITTEN_S, templateFacts, withCallToAction, type TemplatePlan } from '../../pipeline/templates/variables.ts';
import type { SceneEffects } from '../../pipeline/timeline/build.ts';
import type { PipelineDeps } from './kind.ts';
import { presenterFor, speechEnginesFor, speechFallbackWarning, renderProgress } from './shared-steps.ts';
import { loadProductMedia, type LoadedMedia } from '../product-media.ts';
import { mediaItem, type MediaItem } from '../../products/product.repository.ts';
import type { VideoKind } from './kind.ts';

/**
 * The template kind's request (create_video_with_template), normalised: the template, the
 * variables already checked and turned into a plan (media references resolved to URLs), and for
 * a custom template the scene as it was at acceptance (a later edit or delete does not change
 * a video being made).
 */
export interface TemplateVideoRequest {
  template_type: 'public' | 'custom';
  template_id: number;
  language: Language;
  aspect_ratio: 0 | 1 | 2;
  /** The presenter, or null for none (avatar_id 0 or absent). */
  avatar_id: number | null;
  /** 0 public, 1 the account's custom avatar (absent in requests made before custom avatars: 0). */
  avatar_type?: 0 | 1;
  voice_id: string | null;
  music_id: number | null;
  caption: boolean;
  video_name: string | null;
  plan: TemplatePlan;
  scene: CustomScene | null;
  /** v2's disable_* flags as scene effects; absent (v1, older requests): transitions and random motion. */
  effects?: SceneEffects;
}

const STAGE_PCT = { media: 2, speech: 10, render: 25, done: 98 } as const;

/** The length class a script of about `seconds` belongs to (the script's `lengthS`; an override is not fitted to it). */
export function lengthClass(seconds: number): 15 | 30 | 60 {
  return seconds <= 20 ? 15 : seconds <= 45 ? 30 : 60;
}

/**
 * The media a plan names, and a custom template's logo, as local files: our stored files in
 * place, other sites' fetched and checked (the product media loader, so the same rules and
 * warnings). A logo that does not load is left out with a warning.
 */
export async function loadTemplateMedia(plan: TemplatePlan, logoUrl: string | null, workDir: string, deps: PipelineDeps, id: string): Promise<LoadedMedia & { logoPath: string | null }> {
  // Refs as kept at acceptance: an asset's storage key (read in place) or another site's URL.
  const items: MediaItem[] = plan.media.map((m) => mediaItem(m.type === 'video' ? 2 : 1, m.name, m.ref, ''));
  const media = await loadProductMedia({ id, media: items }, path.join(workDir, 'media'), deps);
  let logoPath: string | null = null;
  if (logoUrl) {
    const logo = await loadProductMedia({ id: `${id}-logo`, media: [mediaItem(1, 'logo', logoUrl, '')] }, path.join(workDir, 'logo'), deps).catch((err: Error) => ({ imagePaths: [], videoPaths: [], warnings: [`logo not loaded: ${err.message}`] }));
    logoPath = logo.imagePaths[0] ?? null;
    media.warnings.push(...logo.warnings.map((w) => `logo: ${w}`));
  }
  return { ...media, logoPath };
}

/**
 * The template video: the plan's media → the script variable said as written (the CTA text on
 * its last sentence) → speech and mix → the same timeline builder and renderer as product
 * videos, with the public template's layout or the custom scene compiled into one.
 */
export const templateKind: VideoKind = {
  name: 'template',
  eventFamily: 'template_video',
  v1Events: true,
  free: false,
  async generate(job, deps, progress, signal) {
    const r = job.video.request as TemplateVideoRequest;
    const step = async (stage: keyof typeof STAGE_PCT) => {
      signal.throwIfAborted();
      await progress(stage, STAGE_PCT[stage]);
    };
    await step('media');
    const custom = r.scene ? compileScene(r.template_id, r.scene) : null;
    const media = await loadTemplateMedia(r.plan, custom?.logo?.url ?? null, job.workDir, deps, job.video.id);
    const facts = templateFacts(r.plan, media, r.language);

    await step('speech');
    const presenter = r.avatar_id !== null ? await presenterFor(deps, job.video.accountId, r.avatar_id, r.avatar_type ?? 0) : null;
    const traits = presenter?.traits ?? null;
    const givenVoice = r.voice_id ?? presenter?.voiceId ?? null;
    const voiceId = givenVoice ?? defaultVoice(r.language, traits?.gender ?? 'female', traits?.age ?? 'adult');
    const lengthS = r.plan.script ? lengthClass(r.plan.script.length / 15) : TEMPLATE_WRITTEN_S;
    const engine = await speechEnginesFor(deps, job.video.accountId, givenVoice);
    const { narration } = await narrateToLength(
      {
        write: async (paceScale) =>
          withCallToAction(
            await writeScript({ product: facts, style: 'Soft Selling', lengthS, language: r.language, overrideScript: r.plan.script || null, seed: job.video.id, paceScale }, null),
            r.plan.texts.call_to_action,
          ),
        lengthS,
        voiceId,
        musicId: r.music_id,
        workDir: path.join(job.workDir, 'narration'),
      },
      { engine, music: (id) => deps.music.bed(id, job.workDir) },
    );
    media.warnings.push(...speechFallbackWarning(voiceId, narration.speech.fallback));
    deps.observe?.narration?.(narration);

    await step('render');
    const rendered = await renderVideoSplit(
      {
        narration,
        product: facts,
        avatarId: presenter?.ref ?? null,
        templateId: r.template_type === 'public' ? r.template_id : null,
        visualStyle: null,
        custom,
        logoPath: media.logoPath,
        aspectRatio: r.aspect_ratio,
        caption: r.caption,
        effects: r.effects,
        scale: deps.renderScale,
        outDir: path.join(job.workDir, 'render'),
        onProgress: renderProgress(progress, STAGE_PCT.render, STAGE_PCT.done),
        signal,
      },
      { onTimeline: deps.observe?.timeline },
      job.segments ?? null,
    );
    signal.throwIfAborted();
    return { videoPath: rendered.videoPath, coverPath: rendered.coverPath, vttPath: rendered.vttPath, durationS: rendered.durationS, script: narration.script.text, warnings: [...media.warnings, ...rendered.warnings] };
  },
};
