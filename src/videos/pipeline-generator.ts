import path from 'node:path';
import { PUBLIC_AVATARS } from '../catalog/catalog.data.ts';
import type { Language, ScriptStyle } from '../catalog/languages.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { MediaImporter } from '../products/crawl/media-importer.ts';
import type { Product } from '../products/product.repository.ts';
import type { MusicLibrary } from '../pipeline/music/music.library.ts';
import { narrate } from '../pipeline/narrate.ts';
import { renderVideo } from '../pipeline/render/render-video.ts';
import { writeScript, type LlmClient } from '../pipeline/script/index.ts';
import type { SpeechEngine } from '../pipeline/speech/espeak.client.ts';
import { defaultVoice } from '../pipeline/speech/voice.catalog.ts';
import type { Timeline } from '../pipeline/timeline/types.ts';
import type { Narration, ProductFacts } from '../pipeline/types.ts';
import { LocalBlobStore, type BlobStore } from '../storage/blob-store.ts';
import type { GeneratedVideo, GenerationJob, ProgressReporter, VideoGenerator } from './video-generator.ts';

export interface PipelineDeps {
  engine: SpeechEngine;
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

/** Share of video_length a video lasts at least when the script was written to that length. */
const MIN_LENGTH_SHARE = 0.95;

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
    const facts = await this.productFacts(job.product, job.workDir);

    await step('script');
    const script = await writeScript(
      { product: facts, style: r.script_style as ScriptStyle, lengthS: r.video_length, language: r.language as Language, overrideScript: r.override_script },
      this.deps.llm,
      { onLlmFailure: (err) => this.deps.log.warn({ project: job.video.id, err: err.message }, 'LLM script not used; built-in writer instead') },
    );

    await step('speech');
    const avatar = PUBLIC_AVATARS.find((a) => a.avatar_id === r.avatar_id);
    const voiceId = r.voice_id ?? defaultVoice(r.language, avatar?.gender ?? 'female', avatar?.age ?? 'adult');
    const narration = await narrate(
      { script, voiceId, musicId: r.music_id, workDir: path.join(job.workDir, 'narration') },
      // A set length (no override script) is met within 10%: the music tail is cut short on 15 s
      // videos, and a narration that came out short holds the end card up to 95% of the length.
      {
        engine: this.deps.engine,
        music: this.deps.music,
        mix: { ...(r.video_length === 15 ? { tailS: 1 } : {}), ...(r.override_script ? {} : { minTotalS: r.video_length * MIN_LENGTH_SHARE }) },
      },
    );

    this.deps.observe?.narration?.(narration);
    await step('render');
    let reported: number = STAGE_PCT.render;
    const rendered = await renderVideo({
      narration,
      product: facts,
      avatarId: r.avatar_type === 0 ? r.avatar_id : null,
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
    return { videoPath: rendered.videoPath, coverPath: rendered.coverPath, vttPath: rendered.vttPath, durationS: rendered.durationS, script: script.text };
  }

  /** The stored product as the pipeline needs it, with its media as local files. */
  private async productFacts(product: Product, workDir: string): Promise<ProductFacts> {
    const ours = `${this.deps.publicBaseUrl}/files/`;
    const local = (url: string) => this.deps.store.localPath(url.slice(ours.length));
    const isOurs = (url: string) => url.startsWith(ours);
    const images = product.media.filter((m) => m.type === 1);
    const videos = product.media.filter((m) => m.type === 2);
    const imagePaths = images.filter((m) => isOurs(m.url)).map((m) => local(m.url));
    const videoPaths = videos.filter((m) => isOurs(m.url)).map((m) => local(m.url));
    const foreignImages = images.filter((m) => !isOurs(m.url)).map((m) => m.url);
    const foreignVideos = videos.filter((m) => !isOurs(m.url)).map((m) => m.url);
    if (foreignImages.length + foreignVideos.length > 0) {
      // Media given by hand: downloaded, verified and normalised like crawled media, into the work dir.
      const scratch = new LocalBlobStore(path.join(workDir, 'media'), '');
      const copied = await new MediaImporter(this.deps.fetcher, scratch).importAll(product.id, foreignImages, foreignVideos);
      for (const m of copied) (m.type === 1 ? imagePaths : videoPaths).push(scratch.localPath(m.url.slice('/files/'.length)));
    }
    return {
      name: product.name,
      description: product.description,
      sellingPoints: product.sellingPoints,
      brand: product.brand,
      price: product.price,
      currency: product.currency,
      targetAudience: product.targetAudience,
      imagePaths,
      videoPaths,
    };
  }
}
