import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Redis } from 'ioredis';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.ts';
import { openDb, migrate, type Db } from './db/database.ts';
import { reposFor, unitOfWork } from './db/repos.ts';
import { AccountService } from './accounts/account.service.ts';
import { AuthService } from './accounts/auth.service.ts';
import { accountRoutes } from './accounts/account.routes.ts';
import { adminRoutes } from './accounts/admin.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { CatalogService } from './catalog/catalog.service.ts';
import { catalogAssetRoutes } from './catalog/catalog-assets.routes.ts';
import { EspeakProcess } from './pipeline/speech/espeak.client.ts';
import type { SpeechEngines } from './pipeline/speech/engines.ts';
import { externalVoiceSpecs } from './pipeline/speech/external/external.config.ts';
import { configureNeuralPool } from './pipeline/speech/models/neural.pool.ts';
import { registerVoiceModels, scanVoiceModels, type ModelScan } from './pipeline/speech/models/voice-models.ts';
import { ExternalEngine } from './pipeline/speech/external/external.engine.ts';
import { FestivalProcess } from './pipeline/speech/festival/festival.client.ts';
import { defaultVoice, installedVoiceSpecs } from './pipeline/speech/voice.catalog.ts';
import { AvatarGenerationJob, AVATAR_GENERATION_JOB_KIND } from './avatars/avatar-generation.job.ts';
import { AvatarGenerationRepository } from './avatars/avatar-generation.repository.ts';
import { AvatarGenerationService } from './avatars/avatar-generation.service.ts';
import { photoGenerationRoutes } from './avatars/photo-generation.routes.ts';
import { photoMotionRoutes } from './avatars/photo-motion.routes.ts';
import { VideoAvatarJob } from './avatars/video-avatar.job.ts';
import { videoAvatarRoutes } from './avatars/video-avatar.routes.ts';
import { VIDEO_AVATAR_JOB_KIND, VideoAvatarService } from './avatars/video-avatar.service.ts';
import { PhotoMotionService, type MotionPreviewMaker } from './avatars/photo-motion.service.ts';
import { FacePool } from './pipeline/avatar/photo/index.ts';
import { ProductAvatarJob, PRODUCT_AVATAR_JOB_KIND } from './avatars/product-avatar.job.ts';
import { PhotoMotionJob, PHOTO_MOTION_JOB_KIND } from './avatars/photo-motion.job.ts';
import { hexId } from './lib/ids.ts';
import { mediaCheckJobId, ProductMediaCheckJob, PRODUCT_MEDIA_CHECK_JOB_KIND } from './products/product-media-check.job.ts';
import { ProductAvatarRepository } from './avatars/product-avatar.repository.ts';
import { productAvatarRoutes } from './avatars/product-avatar.routes.ts';
import { ProductAvatarService } from './avatars/product-avatar.service.ts';
import { renderTalkingPreview } from './pipeline/avatar/talking.preview.ts';
import { CustomAvatarRepository } from './avatars/custom-avatar.repository.ts';
import { customAvatarRoutes } from './avatars/custom-avatar.routes.ts';
import { CustomAvatarService } from './avatars/custom-avatar.service.ts';
import { AvatarOutcomes } from './avatars/avatar-outcome.ts';
import { CustomVoiceRepository } from './voices/custom-voice.repository.ts';
import { customVoiceRoutes } from './voices/custom-voice.routes.ts';
import { CustomVoiceService } from './voices/custom-voice.service.ts';
import { voiceAuditionRoutes } from './catalog/voice-audition.routes.ts';
import { MusicLibrary } from './catalog/music.library.ts';
import { narrationMediaLibrary } from './pipeline/narrate.ts';
import { createLlmClient } from './pipeline/script/index.ts';
import { PipelineGenerator } from './videos/pipeline-generator.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { catalogV2Routes } from './catalog/catalog.v2.routes.ts';
import { buildServer, closeServer } from './http/server.ts';
import type { App } from './http/http-types.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { ProductCrawler } from './products/product.crawler.ts';
import { MediaImporter } from './products/crawl/media-importer.ts';
import { ExtractPool } from './products/crawl/extract-pool.ts';
import { defaultPageLimits, PageCrawler } from './products/crawl/page-crawler.ts';
import { createSafeFetcher, type Resolver } from './net/safe-fetch.ts';
import { LocalBlobStore, type BlobStore } from './storage/blob-store.ts';
import { fileRoutes } from './storage/files.routes.ts';
import { S3BlobStore } from './storage/s3-blob-store.ts';
import { AccountStorage } from './storage/account-storage.ts';
import { StorageJanitor } from './storage/janitor.ts';
import { StorageRepository } from './storage/storage.repository.ts';
import { ProductService } from './products/product.service.ts';
import { AssetRepository } from './assets/asset.repository.ts';
import { MediaRefResolver } from './assets/media-ref.ts';
import { AssetService } from './assets/asset.service.ts';
import { assetRoutes, assetUploadRoutes } from './assets/asset.routes.ts';
import { signingKey, UploadSigner } from './assets/upload-signer.ts';
import { UrlSigner } from './net/url-signer.ts';
import { AiScriptService } from './scripts/ai-script.service.ts';
import { aiScriptRoutes } from './scripts/ai-script.routes.ts';
import { aiScriptV2Routes } from './scripts/ai-script.v2.routes.ts';
import { AiScriptJob, AI_SCRIPT_JOB_KIND } from './scripts/ai-script.job.ts';
import { AiScriptTaskRepository } from './scripts/ai-script-task.repository.ts';
import { AiScriptTaskService } from './scripts/ai-script-task.service.ts';
import { productRoutes } from './products/product.routes.ts';
import { VideoService } from './videos/video.service.ts';
import { CustomTemplateRepository } from './templates/custom-template.repository.ts';
import { TemplateService } from './templates/template.service.ts';
import { TemplateVideoService } from './templates/template-video.service.ts';
import { customTemplateFileRoutes, templateRoutes } from './templates/template.routes.ts';
import { previewRoutes } from './videos/preview.routes.ts';
import { videoRoutes } from './videos/video.routes.ts';
import { videoCancelV2Routes } from './videos/video-cancel.routes.ts';
import { VideoCancelService } from './videos/video-cancel.service.ts';
import { productVideoV2Routes } from './videos/product-video.v2.routes.ts';
import { productV2Routes } from './products/product.v2.routes.ts';
import { TalkingAvatarService } from './videos/talking-avatar.service.ts';
import { talkingAvatarRoutes } from './videos/talking-avatar.routes.ts';
import { talkingAvatarV2Routes } from './videos/talking-avatar.v2.routes.ts';
import { translateV2Routes } from './videos/translate.v2.routes.ts';
import { lipSyncV2Routes } from './videos/lip-sync.v2.routes.ts';
import { LipSyncService } from './videos/lip-sync.service.ts';
import { TranslateService } from './videos/translate.service.ts';
import { createSttClient } from './pipeline/translate/stt.client.ts';
import { templateVideoV2Routes } from './templates/template-video.v2.routes.ts';
import { templateV2Routes } from './templates/template.v2.routes.ts';
import { EndpointService } from './webhooks/endpoint.service.ts';
import { endpointRoutes } from './webhooks/endpoint.routes.ts';
import { Background } from './jobs/background.ts';
import { BackendHealth } from './health/backend-health.ts';
import { databaseProbe, redisProbe, storageProbe, withTimeout } from './health/backend-probes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { RedisLink } from './health/redis-link.ts';
import { checkDatabaseAtStart, checkServicesAtStart } from './health/startup-checks.ts';
import { JobRepository } from './jobs/job.repository.ts';
import type { JobHandler } from './jobs/leased-run.ts';
import { jsonLogger, type Log } from './jobs/log.ts';
import { Signals } from './jobs/wakeup.ts';
import { workUnitOfWork } from './jobs/work-unit.ts';
import { TEMPLATE_FILES_JOB_KIND, TemplateFilesJob } from './templates/template-files.job.ts';
import { VIDEO_JOB_KIND, type VideoGenerator } from './videos/video-generator.ts';
import { SEGMENT_JOB_KIND, SplitRender, splitsRenders } from './videos/segment-dispatch.ts';
import { SegmentJob } from './videos/segment.job.ts';
import { VideoJob } from './videos/video-job.ts';
import { warmUp, type WarmStep, type WarmUpReport } from './jobs/warm-up.ts';
import { DeliveryRepository } from './webhooks/delivery.repository.ts';
import { deliveryRoutes } from './webhooks/delivery.routes.ts';
import { DeliveryService } from './webhooks/delivery.service.ts';
import { EndpointOutboxRepository } from './webhooks/endpoint-outbox.repository.ts';
import { OutboxRepository } from './webhooks/outbox.repository.ts';

export const VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

export interface AppOverrides {
  clock?: Clock;
  crawler?: ProductCrawler;
  /** Tests open their own database (e.g. a private PostgreSQL schema). */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Tests answer DNS themselves, to point public-looking names at loopback servers. */
  resolver?: Resolver;
  /** The video generator; see resolveGenerator. */
  generator?: VideoGenerator;
}

/** The composition root: config → database → services. Nothing else wires dependencies. */
export function openDatabase(config: Config): Db {
  return openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'reelsmith.db') });
}

/** The catalogs (what a video's ids refer to); no database needed (the CLI's list commands use it alone). */
/** The catalogs (avatars, templates, styles, voices including the external engine's, music); the CLI's list commands use it too. */
export function buildCatalog(config: Config, music: MusicLibrary, customAvatars?: CustomAvatarService): CatalogService {
  return new CatalogService(
    narrationMediaLibrary(config.publicBaseUrl, music.records(), externalVoiceSpecs(config.tts)),
    config.publicBaseUrl,
    customAvatars ? async (accountId, avatarId) => (await customAvatars.ready(accountId, avatarId)) !== undefined : undefined,
  );
}

/** Where stored files live: DATA_DIR/files, or the S3-compatible bucket of STORAGE=s3 (docs/storage.md). */
export function buildStore(config: Config): BlobStore {
  const backend = config.storage.backend;
  // The AWS SDK prints a seven-line notice on Node 20 (its releases after January 2027 need Node
  // 22) at the first request, breaking the one-line start-up errors and the JSON log; it is said
  // once in docs/deploy.md instead. An operator who sets the variable to "false" sees it again.
  if (backend.kind === 's3') process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return backend.kind === 's3' ? new S3BlobStore(backend, config.publicBaseUrl) : new LocalBlobStore(path.join(config.dataDir, 'files'), config.publicBaseUrl);
}

export function buildServices(config: Config, db: Db, overrides: AppOverrides = {}) {
  const clock = overrides.clock ?? systemClock;
  const repos = reposFor(db.kysely);
  const uow = unitOfWork(db.kysely);
  const urlPolicy = { allowPrivate: config.allowPrivateUrls };
  const store = buildStore(config);
  const music = new MusicLibrary(store);
  // espeak-ng (GPL) runs in its own process, started on first use.
  const speechEngine = new EspeakProcess();
  const externalVoices = externalVoiceSpecs(config.tts);
  // The operator's own speech server (often on the LAN or loopback): its URL is configuration,
  // not user input, so private addresses are allowed; deadline, size cap and redirects still apply.
  const ttsFetcher = config.tts ? createSafeFetcher({ allowPrivate: true, userAgent: `Reelsmith/${VERSION} (speech)` }) : null;
  // The voice folder's models speak in worker threads; the folder is read by loadVoiceModels().
  const neural = configureNeuralPool(config.voiceModels.threads);
  let voiceModels: Promise<ModelScan> | null = null;
  /** Reads VOICE_MODELS_DIR once (probing new models in child processes) and registers its voices; a broken model is one warning. */
  const loadVoiceModels = (log: Pick<Log, 'warn'> = jsonLogger(config.logLevel)) =>
    (voiceModels ??= scanVoiceModels(config.voiceModels.dir, { warn: (msg) => log.warn({ dir: config.voiceModels.dir }, msg) }).then((scan) => {
      registerVoiceModels(scan, config.voiceModels.asDefaults);
      return scan;
    }));
  const speech: SpeechEngines = {
    espeak: speechEngine,
    neural,
    festival: new FestivalProcess(),
    external: config.tts && ttsFetcher ? new ExternalEngine(config.tts, ttsFetcher, speechEngine) : null,
    voices: (id) => externalVoices.find((v) => v.voiceId === id),
  };
  const customAvatarRepo = new CustomAvatarRepository(db.kysely);
  const customAvatars = new CustomAvatarService(customAvatarRepo, store, clock);
  const catalog = buildCatalog(config, music, customAvatars);
  // One key for this server's signed URLs (uploads, custom voices' auditions).
  const urlSigningKey = signingKey(db.kysely, config.assets.signingSecret, () => clock.nowMs());
  const customVoices = new CustomVoiceService(new CustomVoiceRepository(db.kysely), clock, {
    // Looked up per call: the voice folder's voices register after the scan.
    listed: (id) => installedVoiceSpecs().find((v) => v.voiceId === id) ?? externalVoices.find((v) => v.voiceId === id),
    externalConfigured: config.tts !== null,
    publicBaseUrl: config.publicBaseUrl,
    signer: new UrlSigner(urlSigningKey),
  });
  const fetcher = createSafeFetcher({
    allowPrivate: config.allowPrivateUrls,
    userAgent: `Mozilla/5.0 (compatible; Reelsmith/${VERSION}; +${config.publicBaseUrl})`,
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
  });
  // Webhook deliveries: their own fetcher, keeping connections to receivers open (the address
  // checks still run on every new connection). Its pool is made on first use.
  const deliveryFetcher = createSafeFetcher({
    allowPrivate: config.allowPrivateUrls,
    userAgent: `Reelsmith-Webhook/${VERSION}`,
    ...(config.webhooks.keepAlive ? { keepAlive: { connectionsPerOrigin: config.webhooks.concurrency } } : {}),
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
  });
  // Pages are parsed and read in worker threads (started on the first crawl), within one deadline.
  const extractor = new ExtractPool(config.crawl);
  const crawler = overrides.crawler ?? new PageCrawler(fetcher, new MediaImporter(fetcher, store), extractor, { ...defaultPageLimits, crawlDeadlineMs: config.crawl.deadlineMs });
  // After-commit wake-ups: a job was enqueued, deliveries were committed.
  const signals = new Signals();
  const work = workUnitOfWork(db);
  // The script writer's LLM, when configured: the videos' and the AI scripts' writer alike.
  const llm = config.llm ? createLlmClient(config.llm) : null;
  const avatarGenerationRepo = new AvatarGenerationRepository(db.kysely);
  const storageRepo = new StorageRepository(db.kysely);
  const storage = new AccountStorage(storageRepo, repos.accounts, store, config.storage.quotaMb);
  const assetRepo = new AssetRepository(db.kysely);
  // The one resolver of media references: asset ids, asset URLs, URLs (docs/api.md).
  const mediaRefs = new MediaRefResolver(assetRepo, urlPolicy, config.publicBaseUrl, clock);
  const jobs = new JobRepository(db.kysely, db.dialect);
  // Media given by hand are checked by a queued job after the product is saved (product-media-check.job.ts).
  const queueMediaCheck = async (productId: string) => {
    const id = mediaCheckJobId(productId, hexId().slice(0, 8));
    const now = clock.nowMs();
    const p = await repos.products.byId(productId);
    if (!p) return;
    await jobs.insert({ id, kind: PRODUCT_MEDIA_CHECK_JOB_KIND, accountId: p.accountId, maxAttempts: config.jobs.maxAttempts, runAt: now, nowMs: now });
    signals.jobEnqueued(id, 0, 0);
  };
  const products = new ProductService(repos.products, crawler, urlPolicy, clock, mediaRefs, uow, storage, (key) => store.publicUrl(key), queueMediaCheck);
  const avatarGenerations = new AvatarGenerationService(avatarGenerationRepo, work, store, mediaRefs, clock, signals, config.jobs.maxAttempts, storage);
  const outbox = new OutboxRepository(db.kysely, db.dialect);
  const aiScripts = new AiScriptService(products, llm);
  const aiScriptTaskRepo = new AiScriptTaskRepository(db.kysely);
  const templates = new TemplateService({
    repo: new CustomTemplateRepository(db.kysely),
    mediaRefs,
    store,
    fetcher,
    clock,
    publicBaseUrl: config.publicBaseUrl,
    sampleDir: path.join(config.dataDir, 'cache', 'catalog', 'templates'),
    work,
    signals,
    jobMaxAttempts: config.jobs.maxAttempts,
  });
  const videos = new VideoService(repos.videos, repos.products, catalog, work, clock, config.jobs.maxAttempts, (v) => signals.jobEnqueued(v.id, 0, 0), storage, templates, async (accountId, voiceId) => (await customVoices.spec(accountId, voiceId)) !== undefined, (key) => store.publicUrl(key), urlPolicy);
  // The face models run in one worker thread, started on the first photo.
  const faces = new FacePool();
  // The talking preview of a new avatar (add_motion of photo and product avatars).
  const motionPreview: MotionPreviewMaker = async (painter, line, voiceId) => {
    const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'reelsmith-motion-'));
    try {
      const file = await renderTalkingPreview({ painter, line, voiceId: voiceId ?? defaultVoice('english', 'female', 'adult'), workDir }, speech);
      return await fs.promises.readFile(file);
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  };
  // Every custom avatar's final state and its create_avatar_* events, in one transaction.
  const avatarOutcomes = new AvatarOutcomes({ work, signals, clock, publicUrl: (key) => store.publicUrl(key) });
  // add_motion answers at once; the photo and the preview are made by its queued job (photo-motion.job.ts).
  const photoMotions = new PhotoMotionService({
    avatars: customAvatars, avatarRows: repos.customAvatars, generations: avatarGenerations, store, mediaRefs, work, clock, signals,
    jobMaxAttempts: config.jobs.maxAttempts,
    // The one voice_id rule of every kind: the account's custom voice, else the catalog's (vendor names mapped).
    resolveVoice: async (accountId, voiceId) => (await videos.resolveVoiceId(accountId, voiceId, 'english', [])) ?? undefined,
  });
  // Product avatars (issue 14): pictures of a presenter holding a product; add_motion makes them avatars.
  const productAvatarRepo = new ProductAvatarRepository(db.kysely);
  // Video presenters (issue 24): the avatar and its job in one transaction; VideoAvatarJob makes it.
  const videoAvatars = new VideoAvatarService({ avatars: customAvatars, mediaRefs, work, signals, clock, storage, jobMaxAttempts: config.jobs.maxAttempts });
  const productAvatars = new ProductAvatarService({
    repo: productAvatarRepo, work, mediaRefs, avatars: customAvatars, outcomes: avatarOutcomes, store, urlPolicy, clock, signals, jobMaxAttempts: config.jobs.maxAttempts, storage,
    resolveVoice: async (accountId, voiceId) => (await videos.resolveVoiceId(accountId, voiceId, 'english', [])) ?? undefined,
    preview: motionPreview,
    log: { warn: (obj, msg) => process.emitWarning(`${msg}: ${String((obj as { err?: unknown }).err ?? '')}`) },
  });
  return {
    clock,
    fetcher,
    deliveryFetcher,
    extractor,
    store,
    music,
    speechEngine,
    speech,
    loadVoiceModels,
    ttsFetcher,
    customVoices,
    customAvatars,
    avatarOutcomes,
    avatarGenerationRepo,
    avatarGenerations,
    faces,
    photoMotions,
    motionPreview,
    customAvatarRows: repos.customAvatars,
    videoAvatars,
    customAvatarRepo,
    productAvatarRepo,
    productAvatars,
    signals,
    work,
    jobs,
    outbox,
    videoRepo: repos.videos,
    productRepo: repos.products,
    storageRepo,
    storage,
    assetRepo,
    mediaRefs,
    assets: new AssetService(
      assetRepo,
      new UploadSigner(urlSigningKey, config.publicBaseUrl),
      store,
      storage,
      config.assets,
      clock,
    ),
    accounts: new AccountService(repos.accounts, uow, clock, storage),
    auth: new AuthService(repos.accounts),
    catalog,
    products,
    aiScripts,
    aiScriptTaskRepo,
    aiScriptTasks: new AiScriptTaskService(aiScriptTaskRepo, products, work, urlPolicy, clock, signals, config.jobs.maxAttempts),
    llm,
    videos,
    videoCancels: new VideoCancelService({ videos, uow: work, clock, deliveriesCommitted: () => signals.deliveriesCommitted() }),
    templates,
    templateVideos: new TemplateVideoService(templates, catalog, mediaRefs, videos),
    translations: new TranslateService({
      videos,
      mediaRefs,
      media: { fetcher, store, publicBaseUrl: config.publicBaseUrl },
      llmConfigured: llm !== null,
      sttConfigured: config.stt !== null,
      customAvatar: (accountId, avatarId) => customAvatars.ready(accountId, avatarId),
    }),
    lipSyncs: new LipSyncService({ videos, mediaRefs, media: { fetcher, store, publicBaseUrl: config.publicBaseUrl } }),
    // Transcribes outside videos for translation, when the operator has set STT_BASE_URL.
    stt: config.stt ? createSttClient(config.stt) : null,
    talkingAvatars: new TalkingAvatarService(videos, catalog, mediaRefs, { fetcher, store, publicBaseUrl: config.publicBaseUrl }, (accountId, avatarId) => customAvatars.ready(accountId, avatarId)),
    endpoints: new EndpointService(new EndpointOutboxRepository(db.kysely, db.dialect), uow, urlPolicy, config.maxEndpointsPerAccount, clock),
    deliveries: new DeliveryService(new DeliveryRepository(db.kysely), repos.endpoints, clock, () => signals.deliveriesCommitted()),
  };
}

export type Services = ReturnType<typeof buildServices>;

/**
 * The video generator. Order: a test's override; then, TEST ONLY, REELSMITH_TEST_GENERATOR
 * selects the ffmpeg test generator (test/support/ffmpeg-generator.ts: a real ffmpeg process
 * making a short test-pattern clip, with knobs to be slow or fail; never for production);
 * then the media pipeline: script, speech, avatar, render.
 */
export async function resolveGenerator(config: Config, overrides: AppOverrides, services: Services, log: Log): Promise<VideoGenerator> {
  if (overrides.generator) return overrides.generator;
  if (config.testGenerator) {
    const { ffmpegTestGenerator } = await import('../test/support/ffmpeg-generator.ts');
    return ffmpegTestGenerator(config.testGenerator, { store: services.store, publicBaseUrl: config.publicBaseUrl, fetcher: services.fetcher });
  }
  return new PipelineGenerator({
    engine: services.speech,
    customVoice: (accountId, voiceId) => services.customVoices.spec(accountId, voiceId),
    customAvatar: (accountId, avatarId) => services.customAvatars.ready(accountId, avatarId),
    music: services.music,
    store: services.store,
    publicBaseUrl: config.publicBaseUrl,
    fetcher: services.fetcher,
    llm: services.llm,
    stt: services.stt,
    renderScale: config.renderScale,
    faces: services.faces,
    log,
  });
}

/**
 * The in-process runner or BullMQ parts, the sweeper and the dispatcher, for a role. Not started.
 * `runJobs` false (`serve --no-worker`): no job handlers, so no runner and no BullMQ worker.
 */
export function buildBackground(role: 'serve' | 'worker', config: Config, services: Services, generator: VideoGenerator | undefined, log: Log, runJobs = true): Background {
  const s = services;
  const handlers: Record<string, JobHandler> = {};
  const workRoot = path.join(config.dataDir, 'work');
  // Split renders: only through BullMQ (single-node installs render in one piece); the queue exists once the background starts.
  let background: Background | null = null;
  const split =
    runJobs && generator && splitsRenders(config.jobs)
      ? new SplitRender({ jobs: s.jobs, queue: () => background?.queue ?? null, workRoot, concurrency: config.jobs.concurrency, maxAttempts: config.jobs.maxAttempts, leaseMs: config.jobs.leaseMs, clock: s.clock, log })
      : null;
  // Segments are rendered wherever video jobs run (a worker that cannot see the plan fails the segment; the video job renders it).
  if (runJobs && generator) handlers[SEGMENT_JOB_KIND] = new SegmentJob({ jobs: s.jobs, signals: s.signals, clock: s.clock, workRoot, log });
  if (runJobs && generator) {
    handlers[VIDEO_JOB_KIND] = new VideoJob({
          uow: s.work,
          videos: s.videoRepo,
          products: s.productRepo,
          jobs: s.jobs,
          store: s.store,
          generator,
          clock: s.clock,
          signals: s.signals,
          workRoot,
          backoffMs: config.jobs.backoffMs,
          split,
          log,
        });
  }
  // Candidate portraits: painted wherever jobs run (no generator needed).
  if (runJobs) handlers[AVATAR_GENERATION_JOB_KIND] = new AvatarGenerationJob({
    uow: s.work,
    generations: s.avatarGenerationRepo,
    jobs: s.jobs,
    store: s.store,
    fetcher: s.fetcher,
    clock: s.clock,
    signals: s.signals,
    log,
  });
  // Custom templates' covers and previews: drawn wherever jobs run, when the template is created.
  if (runJobs) handlers[TEMPLATE_FILES_JOB_KIND] = new TemplateFilesJob({ templates: s.templates, jobs: s.jobs, clock: s.clock, signals: s.signals, log });
  // v2 AI script tasks: written wherever jobs run (no generator needed).
  if (runJobs) handlers[AI_SCRIPT_JOB_KIND] = new AiScriptJob({ uow: s.work, tasks: s.aiScriptTaskRepo, jobs: s.jobs, scripts: s.aiScripts, clock: s.clock, signals: s.signals, log });
  // add_motion's photo avatars and previews: made wherever jobs run (a photo's face found in the face worker).
  if (runJobs) handlers[PHOTO_MOTION_JOB_KIND] = new PhotoMotionJob({
    uow: s.work,
    avatars: s.customAvatarRows,
    jobs: s.jobs,
    store: s.store,
    fetcher: s.fetcher,
    faces: s.faces,
    preview: s.motionPreview,
    clock: s.clock,
    signals: s.signals,
    log,
  });
  // Media given by hand: checked wherever jobs run.
  if (runJobs) handlers[PRODUCT_MEDIA_CHECK_JOB_KIND] = new ProductMediaCheckJob({ products: s.productRepo, jobs: s.jobs, store: s.store, fetcher: s.fetcher, clock: s.clock, log });
  // Product-avatar pictures: painted wherever jobs run (a photo presenter's face found in the face worker).
  if (runJobs) handlers[PRODUCT_AVATAR_JOB_KIND] = new ProductAvatarJob({
    uow: s.work,
    repo: s.productAvatarRepo,
    jobs: s.jobs,
    store: s.store,
    fetcher: s.fetcher,
    faces: s.faces,
    customAvatars: s.customAvatars,
    clock: s.clock,
    signals: s.signals,
    log,
  });
  // Video presenters: the face tracked in the face worker, the loop cut with ffmpeg.
  if (runJobs) handlers[VIDEO_AVATAR_JOB_KIND] = new VideoAvatarJob({
    uow: s.work,
    avatars: s.customAvatarRepo,
    jobs: s.jobs,
    store: s.store,
    fetcher: s.fetcher,
    faces: s.faces,
    clock: s.clock,
    signals: s.signals,
    preview: s.motionPreview,
    log,
  });
  background = new Background({
    role,
    config,
    jobs: s.jobs,
    outbox: s.outbox,
    uow: s.work,
    handlers,
    signals: s.signals,
    deliveryFetcher: s.deliveryFetcher,
    clock: s.clock,
    version: VERSION,
    log,
  });
  return background;
}

/** Removes orphaned files and work directories, and expired video files; started with the background work. */
export function buildJanitor(config: Config, services: Services, log: Log): StorageJanitor {
  return new StorageJanitor({
    store: services.store,
    workRoot: path.join(config.dataDir, 'work'),
    repo: services.storageRepo,
    videos: services.videoRepo,
    clock: services.clock,
    orphanAgeMs: config.storage.orphanAgeMs,
    intervalMs: config.storage.janitorIntervalMs,
    videoRetentionDays: config.storage.videoRetentionDays,
    assets: services.assetRepo,
    assetRetentionDays: config.assets.retentionDays,
    generations: services.avatarGenerationRepo,
    candidateRetentionDays: config.storage.candidateRetentionDays,
    log,
  });
}

/** How a process of a role is started. */
export interface RoleOptions {
  /** False for `serve --no-worker`: the API enqueues jobs and runs none (docs/deploy.md "Roles"). Default true. */
  runJobs?: boolean;
}

/** Answers GET /health from the database, the rate limiter's Redis client and the blob store. */
function buildHealth(db: Db, redis: Redis | undefined, services: Services): BackendHealth {
  return new BackendHealth(
    { database: databaseProbe(db), redis: redis ? redisProbe(redis) : null, storage: storageProbe(services.store) },
    // Bounded by the timeout; a flood of probes is answered from the cache (bench:crawl-load).
    { timeoutMs: 1000, cacheMs: 500 },
  );
}

export interface Running {
  app: App;
  services: Services;
  db: Db;
  /** GET /health's checks (tests read them directly). */
  health: BackendHealth;
  background: Background;
  janitor: StorageJanitor;
  /** Starts the job runner (or BullMQ enqueuer and sweeper) and the webhook dispatcher. */
  startBackground(): void;
  /**
   * Warms what the first video would load on first use (src/jobs/warm-up.ts), in the background;
   * logs one `warm-up done` line. Nothing to do (null) where no video job runs here.
   */
  warmUp(steps?: readonly WarmStep[]): Promise<WarmUpReport | null>;
  close(): Promise<void>;
}

/**
 * Everything `reelsmith serve` runs, ready to listen. Each configured backend is checked first
 * (one clear line and no start when one is out of reach), then migrations are applied.
 */
export async function createApp(config: Config, overrides: AppOverrides = {}, role: RoleOptions = {}): Promise<Running> {
  const db = overrides.db ?? openDatabase(config);
  await checkDatabaseAtStart(db);
  await migrate(db);
  const services = buildServices(config, db, overrides);
  await checkServicesAtStart({ redisUrl: config.redisUrl, store: services.store });
  await services.loadVoiceModels(jsonLogger(config.logLevel, { role: 'serve' }));
  // Rate-limit counters. No offline queue: while Redis is away a request is not held up waiting
  // for it (the limiter skips, /health says degraded). Connected once its error listener is on.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true, enableOfflineQueue: false }) : undefined;
  const app = await buildServer(
    {
      bodyLimitBytes: config.bodyLimitBytes,
      postRateLimitPerMinute: config.postRateLimitPerMinute,
      unauthenticatedRateLimitPerMinute: config.unauthenticatedRateLimitPerMinute,
      trustProxy: config.trustProxy,
      redis,
      rateLimitNameSpace: `${config.queuePrefix}-rl-`,
      logger: overrides.logger ?? { level: config.logLevel },
      version: VERSION,
    },
    services.auth,
    (api) => {
      accountRoutes(api, services.accounts);
      productRoutes(api, services.products);
      videoRoutes(api, services.videos, services.videoCancels);
      videoCancelV2Routes(api, services.videoCancels);
      previewRoutes(api, services.videos);
      productV2Routes(api, services.products);
      productVideoV2Routes(api, services.videos);
      talkingAvatarRoutes(api, services.talkingAvatars);
      catalogRoutes(api, services.catalog);
      catalogV2Routes(api, services.catalog);
      customVoiceRoutes(api, services.customVoices);
      templateRoutes(api, services.templates, services.templateVideos);
      customAvatarRoutes(api, services.customAvatars);
      photoGenerationRoutes(api, services.avatarGenerations);
      photoMotionRoutes(api, services.photoMotions);
      videoAvatarRoutes(api, services.videoAvatars);
      productAvatarRoutes(api, services.productAvatars, services.customAvatars);
      endpointRoutes(api, services.endpoints);
      deliveryRoutes(api, services.deliveries);
      assetRoutes(api, services.assets);
      aiScriptRoutes(api, services.aiScripts);
      // v2 avatar and template videos, v2 template catalog (adapters over the same services).
      talkingAvatarV2Routes(api, services.talkingAvatars, services.videos);
      translateV2Routes(api, services.translations, services.videos);
      lipSyncV2Routes(api, services.lipSyncs, services.videos);
      templateVideoV2Routes(api, services.templateVideos, services.videos);
      templateV2Routes(api, services.catalog, services.templates);
      aiScriptV2Routes(api, services.aiScriptTasks);
    },
  );
  // Stored files at /files/<key>, from either store.
  fileRoutes(app, services.store);
  // The signed upload URL: its signature is the credential.
  await assetUploadRoutes(app, services.assets, config.bodyLimitBytes);
  // Public media behind catalog URLs (players and image tags send no API key).
  voiceAuditionRoutes(app, {
    engine: services.speech,
    store: services.store,
    customVoices: {
      authenticate: (key) => services.auth.authenticate(key),
      spec: (accountId, id) => services.customVoices.spec(accountId, id),
      auditionAllowed: (id, expires, signature) => services.customVoices.auditionAllowed(id, expires, signature),
    },
  });
  catalogAssetRoutes(app, { store: services.store, music: services.music, renderDir: path.join(config.dataDir, 'cache', 'catalog') });
  customTemplateFileRoutes(app, services.templates, services.store);
  // Operator mode (the CLI's operator commands over HTTP) only when ADMIN_TOKEN is set.
  if (config.adminToken) adminRoutes(app, services.accounts, config.adminToken);
  await dashboardRoutes(app);
  if (redis) {
    new RedisLink('rate limiter', app.log).watch(redis);
    // Reached a moment ago (checkServicesAtStart); connected before the first request is limited.
    // A failure here reaches the link's error listener, and ioredis keeps reconnecting.
    await withTimeout(redis.connect(), 5000, 'Redis').catch(() => undefined);
  }
  const health = buildHealth(db, redis, services);
  healthRoutes(app, health);
  const runJobs = role.runJobs ?? true;
  const generator = runJobs ? await resolveGenerator(config, overrides, services, app.log) : undefined;
  const warming = warmer(runJobs && !overrides.generator && !config.testGenerator, services, app.log);
  const background = buildBackground('serve', config, services, warming.steppingAside(generator), app.log, runJobs);
  const janitor = buildJanitor(config, services, app.log);
  return {
    app,
    services,
    db,
    health,
    background,
    janitor,
    // Music tracks, covers and auditions are made on first use and kept, so an idle server idles.
    startBackground: () => {
      background.start();
      janitor.start();
    },
    warmUp: warming.start,
    close: async () => {
      await warming.stop();
      await janitor.stop();
      await background.stop();
      await closeServer(app);
      await services.productAvatars.idle();
      // The neural pool's threads (onnxruntime) end with the other speech engines.
      await services.speech.neural?.close();
      await services.faces.close();
      await services.speechEngine.close();
      await services.speech.festival?.close();
      await services.ttsFetcher?.close();
      await services.fetcher.close();
      await services.deliveryFetcher.close();
      await services.extractor.close();
      services.store.close();
      redis?.disconnect();
      if (!overrides.db) await db.close();
    },
  };
}

export interface RunningWorker {
  services: Services;
  db: Db;
  background: Background;
  /** As Running.warmUp. */
  warmUp(steps?: readonly WarmStep[]): Promise<WarmUpReport | null>;
  close(): Promise<void>;
}

/**
 * The start-up warm-up of a job-running process (warm-up.ts): started once, in the background,
 * after the process is ready; `stop` (on close) lets the current step finish and skips the rest.
 */
function warmer(runsVideos: boolean, services: Services, log: Log): { start(steps?: readonly WarmStep[]): Promise<WarmUpReport | null>; stop(): Promise<void>; steppingAside(g: VideoGenerator | undefined): VideoGenerator | undefined } {
  let running: Promise<WarmUpReport | null> | null = null;
  let stopping = false;
  // A video job started here: the warm-up steps aside (warm-up.ts yieldTo).
  const jobStarted = new AbortController();
  return {
    steppingAside: (g) =>
      g && {
        generate: (job, progress, signal) => {
          if (!jobStarted.signal.aborted) jobStarted.abort();
          return g.generate(job, progress, signal);
        },
      },
    start: (steps) => {
      running ??= !runsVideos
        ? Promise.resolve(null)
        : warmUp({ espeak: services.speechEngine, music: services.music, steps, stopped: () => stopping, yieldTo: jobStarted.signal }).then(
            (report) => {
              log.info({ warmUp: report }, 'warm-up done');
              return report;
            },
            (err: unknown) => {
              log.warn({ err }, 'warm-up failed');
              return null;
            },
          );
      return running;
    },
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

/** Everything `reelsmith worker` runs: jobs (BullMQ with REDIS_URL, else the database) and deliveries. Started. */
export async function createWorker(config: Config, overrides: AppOverrides = {}): Promise<RunningWorker> {
  const log = jsonLogger(config.logLevel, { role: 'worker', pid: process.pid });
  const db = overrides.db ?? openDatabase(config);
  await checkDatabaseAtStart(db);
  await migrate(db);
  const services = buildServices(config, db, overrides);
  await checkServicesAtStart({ redisUrl: config.redisUrl, store: services.store });
  await services.loadVoiceModels(log);
  const generator = await resolveGenerator(config, overrides, services, log);
  const warming = warmer(!overrides.generator && !config.testGenerator, services, log);
  const background = buildBackground('worker', config, services, warming.steppingAside(generator), log);
  background.start();
  const janitor = buildJanitor(config, services, log);
  janitor.start();
  return {
    services,
    db,
    background,
    warmUp: warming.start,
    close: async () => {
      await warming.stop();
      await janitor.stop();
      await background.stop();
      // The neural pool's threads (onnxruntime) end with the other speech engines.
      await services.speech.neural?.close();
      await services.faces.close();
      await services.speechEngine.close();
      await services.speech.festival?.close();
      await services.ttsFetcher?.close();
      await services.fetcher.close();
      await services.deliveryFetcher.close();
      await services.extractor.close();
      services.store.close();
      if (!overrides.db) await db.close();
    },
  };
}
