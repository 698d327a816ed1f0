import path from 'node:path';
import type { ReadyCustomAvatar } from '../avatars/custom-avatar.service.ts';
import { loadPhotoPresenter } from '../avatars/photo-avatar.files.ts';
import { presenterOf, type PresenterTraits } from '../pipeline/avatar/index.ts';
import type { PresenterSource } from '../pipeline/render/avatar-adapter.ts';
import { isLanguage, type Language, type ScriptStyle } from '../catalog/languages.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { productLanguage, sameWrittenLanguage } from '../products/language-detect.ts';
import type { Product } from '../products/product.repository.ts';
import type { MusicLibrary } from '../pipeline/music/music.library.ts';
import { shortOfLength } from '../pipeline/length/decide.ts';
import { narrateToLength } from '../pipeline/length/fit-narration.ts';
import { renderVideo } from '../pipeline/render/render-video.ts';
import { writeScript, type LlmClient } from '../pipeline/script/index.ts';
import type { SpeechEngines } from '../pipeline/speech/engines.ts';
import type { SpeechEngine } from '../pipeline/speech/espeak.client.ts';
import { defaultVoice, type VoiceSpec } from '../pipeline/speech/voice.catalog.ts';
import { asEngines } from '../pipeline/speech/engines.ts';
import type { Timeline } from '../pipeline/timeline/types.ts';
import type { Narration, ProductFacts } from '../pipeline/types.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { loadProductMedia } from './product-media.ts';
import { GenerationError, type GeneratedVideo, type GenerationJob, type ProgressReporter, type VideoGenerator } from './video-generator.ts';

export interface PipelineDeps {
  engine: SpeechEngine | SpeechEngines;
  /** The account's custom voice of a voice_id (GET /v1/voices/custom), looked up before speaking. */
  customVoice?: (accountId: string, voiceId: string) => Promise<VoiceSpec | undefined>;
  /** The account's ready custom avatar of an avatar_id (avatar_type 1): CustomAvatarService.ready. */
  customAvatar?: (accountId: string, avatarId: number) => Promise<ReadyCustomAvatar | undefined>;
  music: MusicLibrary;
  /** Where the product's copied media live (files under PUBLIC_BASE_URL/files/). */
  store: BlobStore & { root: string };
  publicBaseUrl: string;
  /** For media given by hand, which still point at other sites. */
  fetcher: SafeFetcher;
  llm: LlmClient | null;
  renderScale: number;
  log: { warn(obj: object, msg: string): void };
  /** Sees the narration and the built timeline of each video (bench:quality checks them). */
  observe?: { narration?(n: Narration): void; timeline?(t: Timeline): void };
}

/** Overall progress (0-100) at the start of each stage; render fills the rest. */
const STAGE_PCT = { media: 2, script: 8, speech: 12, render: 25, done: 98 } as const;

/**
 * The media pipeline behind a video job: product media → script → speech and mix → timeline
 * and frames → MP4, cover and captions, all in the job's work directory.
 */
export class PipelineGenerator implements VideoGenerator {
  constructor(private readonly deps: PipelineDeps) {}

  async generate(job: GenerationJob, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo> {
    const r = job.video.request;
    const step = async (stage: keyof typeof STAGE_PCT) => {
      signal.throwIfAborted();
      await progress(stage, STAGE_PCT[stage]);
    };

    await step('media');
    const { facts, warnings } = await this.productFacts(job.product, job.workDir);

    await step('script');
    const presenter = await this.presenterFor(job.video.accountId, r.avatar_id, r.avatar_type);
    const { traits } = presenter;
    const givenVoice = r.voice_id ?? presenter.voiceId;
    const voiceId = givenVoice ?? defaultVoice(r.language, traits.gender, traits.age);
    const custom = givenVoice ? await this.deps.customVoice?.(job.video.accountId, givenVoice) : undefined;
    const engines = asEngines(this.deps.engine);
    const speechEngines = custom ? { ...engines, voices: (id: string) => (id === custom.voiceId ? custom : engines.voices?.(id)) } : engines;
    let written = 0;
    // Written, spoken and measured until it fits video_length (override_script: said as written).
    const { narration, fit } = await narrateToLength(
      {
        write: async (paceScale) => {
          const script = await writeScript(
            { product: facts, style: r.script_style as ScriptStyle, lengthS: r.video_length, language: r.language as Language, overrideScript: r.override_script, seed: job.video.id, paceScale },
            this.deps.llm,
            { onLlmFailure: (err) => this.deps.log.warn({ project: job.video.id, err: err.message }, 'LLM script not used; built-in writer instead') },
          );
          if (written++ === 0) await step('speech');
          return script;
        },
        lengthS: r.video_length,
        voiceId,
        musicId: r.music_id,
        workDir: path.join(job.workDir, 'narration'),
      },
      { engine: speechEngines, music: this.deps.music },
    );
    const script = narration.script;
    if (narration.speech.fallback) warnings.push(`voice ${voiceId}: ${narration.speech.fallback}`);

    this.deps.observe?.narration?.(narration);
    await step('render');
    let reported: number = STAGE_PCT.render;
    const rendered = await renderVideo({
      narration,
      product: facts,
      avatarId: presenter.ref,
      templateId: r.template_id,
      visualStyle: r.visual_style,
      aspectRatio: r.aspect_ratio,
      caption: r.caption,
      scale: this.deps.renderScale,
      outDir: path.join(job.workDir, 'render'),
      onProgress: (fraction) => {
        const pct = Math.floor(STAGE_PCT.render + fraction * (STAGE_PCT.done - STAGE_PCT.render));
        if (pct >= reported + 5) {
          reported = pct;
          void Promise.resolve(progress('render', pct)).catch(() => {});
        }
      },
    }, { onTimeline: this.deps.observe?.timeline });
    signal.throwIfAborted();
    if (fit && shortOfLength(fit.totalS, r.video_length)) warnings.push(shortWarning(fit.totalS, r.video_length, r.language as Language, facts, script.source));
    return { videoPath: rendered.videoPath, coverPath: rendered.coverPath, vttPath: rendered.vttPath, durationS: rendered.durationS, script: script.text, warnings };
  }

  /**
   * What draws the presenter: a public avatar_id, or the account's ready custom avatar (checked
   * again here: it may have been deleted since the video was accepted), with its own voice.
   */
  private async presenterFor(accountId: string, avatarId: number, avatarType: 0 | 1): Promise<{ ref: PresenterSource; voiceId: string | null; traits: Pick<PresenterTraits, 'gender' | 'age'> }> {
    if (avatarType === 0) return { ref: avatarId, voiceId: null, traits: presenterOf(avatarId).traits };
    const custom = await this.deps.customAvatar?.(accountId, avatarId);
    if (!custom) throw new GenerationError(`The custom avatar ${avatarId} (avatar_type 1) is no longer a ready custom avatar of this account`, { code: 10104, retryable: false });
    if (custom.kind === 'photo') {
      // A photo avatar's voice default: its recorded gender when known, else a female adult voice.
      const gender = custom.avatar.gender.toLowerCase() === 'male' ? 'male' : 'female';
      return { ref: await loadPhotoPresenter(this.deps.store, custom.photoKey), voiceId: custom.avatar.voiceId, traits: { gender, age: 'adult' } };
    }
    return { ref: custom.presenter, voiceId: custom.avatar.voiceId, traits: custom.presenter.traits };
  }

  /**
   * The stored product as the pipeline needs it, with its media as local files, and a warning per
   * media URL that did not load. None of its media loading fails the video (loadProductMedia).
   */
  private async productFacts(product: Product, workDir: string): Promise<{ facts: ProductFacts; warnings: string[] }> {
    const media = await loadProductMedia(product, workDir, this.deps);
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
