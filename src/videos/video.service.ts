import type { Principal } from '../accounts/auth.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { WorkRepos, WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import { mediaState, type ProductRepository } from '../products/product.repository.ts';
import { creditsFor, videoKind, type KindName } from './kinds/index.ts';
import { voiceFor } from './kinds/product.kind.ts';
import { VIDEO_JOB_KIND } from './video-generator.ts';
import type { TemplateService } from '../templates/template.service.ts';
import type { AccountStorage } from '../storage/account-storage.ts';
import type { UrlPolicy } from '../net/url-policy.ts';
import { requestWebhookUrl } from '../webhooks/request-webhook.ts';
import { statusDescriptions, VideoStatus, type Video, type VideoListQuery, type VideoRepository, type VideoRequest } from './video.repository.ts';

/** A validated request of some kind, ready to be accepted (VideoService.accept). */
export interface VideoAcceptance {
  kind: KindName;
  /** The product it is made from, or null for kinds without one. */
  productId: string | null;
  /** The kind's normalised request, stored as JSON and read back by the kind's pipeline. */
  request: unknown;
  title: string;
  /** The output length the request asks for, in seconds: what the credit rule charges for. */
  outputS: number;
  /** Checks that must hold under the account's row lock, in the accepting transaction (e.g. the product still exists). */
  underLock?: (repos: WorkRepos) => Promise<void>;
  /** The request's own webhook_url (v2, CONTRACT §9), as sent; null or absent: none. */
  webhookUrl?: string | null;
}

/** What a request may carry besides its kind's fields. */
export interface RequestOptions {
  /** The request's own webhook_url (v2), passed to accept as sent. */
  webhookUrl?: string | null;
}

/** One entry of VideoService.previews: the preview made for a visual style, or why it was refused. */
export interface PreviewEntry {
  visualStyle: string;
  projectId: string | null;
  error: AppError | null;
  /** Where the request was read otherwise than sent (the envelope's warnings). */
  notes: string[];
}

/** Called after a video and its job have been committed, to wake a worker. */
export type VideoAccepted = (video: { id: string; accountId: string }) => void;

export class VideoService {
  constructor(
    private readonly videos: VideoRepository,
    private readonly products: ProductRepository,
    private readonly catalog: CatalogService,
    private readonly uow: WorkUnitOfWork,
    private readonly clock: Clock,
    private readonly jobMaxAttempts: number,
    private readonly onAccepted: VideoAccepted = () => {},
    /** Quota checks and file removal; null in tests that do not store files. */
    private readonly storage: AccountStorage | null = null,
    /** Custom templates (template_type custom); null: none exist (tests without them). */
    private readonly templates: Pick<TemplateService, 'forVideo'> | null = null,
    /** The account has a custom voice of this id (GET /v1/voices/custom). */
    private readonly hasCustomVoice: (accountId: string, voiceId: string) => Promise<boolean> = async () => false,
    /** Our stored files' URLs from this process's PUBLIC_BASE_URL (BlobStore.publicUrl): video rows keep keys. */
    readonly fileUrl: (key: string) => string,
    /** The URL rules a request's own webhook_url must pass (the endpoints' rules, ALLOW_PRIVATE_URLS). */
    private readonly urlPolicy: UrlPolicy = { allowPrivate: false },
  ) {}

  /**
   * A product video (create_video_from_url): checks every reference, then accepts it (accept).
   * `notes` say where the request was read otherwise than sent (the envelope's `warnings`).
   */
  async create(who: Principal, request: VideoRequest, opts: RequestOptions = {}): Promise<{ project_id: string; notes: string[] }> {
    return this.fromProduct(who, request, 'product', opts);
  }

  /**
   * A preview (POST /v1/preview): the same checks, then a free video of kind `preview` with no
   * music, titled with the product name. Its voice is resolved now (the default voice of the
   * language and avatar when none was asked for) and stored with the request, so a full video
   * made from the preview later speaks with the same voice even if the defaults change.
   */
  async preview(who: Principal, request: VideoRequest, opts: RequestOptions = {}): Promise<{ project_id: string; notes: string[] }> {
    return this.fromProduct(who, { ...request, music_id: null, video_name: null }, 'preview', opts);
  }

  /**
   * One preview per visual style (v2 preview_list): each a preview like POST /v1/preview with that
   * visual_style ('' means none: the template's own look). An entry whose preview is refused (a
   * visual style the catalog does not list) carries its error instead of an id. When every entry
   * is refused the call fails with the first entry's error — the refusal is then the request's
   * (an unknown product or avatar) — and nothing was recorded. Each preview is its own job, made
   * as the job system's concurrency allows (JOB_CONCURRENCY per worker process, times the workers).
   */
  async previews(who: Principal, request: VideoRequest, visualStyles: readonly string[], opts: RequestOptions = {}): Promise<PreviewEntry[]> {
    const entries: PreviewEntry[] = [];
    for (const visualStyle of visualStyles) {
      try {
        const { project_id, notes } = await this.preview(who, { ...request, visual_style: visualStyle || null }, opts);
        entries.push({ visualStyle, projectId: project_id, error: null, notes });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        entries.push({ visualStyle, projectId: null, error: err, notes: [] });
      }
    }
    const refused = entries[0]?.error;
    if (refused && entries.every((e) => e.error)) throw refused;
    return entries;
  }

  /**
   * The full video of a preview's choices (the core of v2's render_single_preview): the preview's
   * stored request — voice as resolved when the preview was accepted — with `script_seed` = the
   * preview's id, so the built-in writer says the same words and the scenes, captions and
   * presenter fall at the same moments; `music_id` and `video_name` from the caller. When an LLM
   * wrote the finished preview's script, its plan (`script_plan`) goes with the request: the full
   * video says those words without asking the LLM again (whose answer would differ). A product
   * video like any other (1 credit, events). 10104 for an id that is not one of the account's
   * previews.
   */
  async fromPreview(who: Principal, previewId: string, extra: { music_id?: number | null; video_name?: string | null } & RequestOptions = {}): Promise<{ project_id: string; notes: string[] }> {
    const preview = await this.videos.get(who.accountId, previewId);
    if (!preview || preview.kind !== 'preview') throw errors.notFound(`preview_id ${previewId}`);
    const request = preview.request as VideoRequest;
    const plan = preview.status === VideoStatus.success && preview.scriptPlan?.source === 'llm' ? preview.scriptPlan : null;
    return this.fromProduct(who, { ...request, music_id: extra.music_id ?? null, video_name: extra.video_name ?? null, script_seed: preview.id, ...(plan ? { script_plan: plan } : {}) }, 'product', extra);
  }

  private async fromProduct(who: Principal, request: VideoRequest, kind: 'product' | 'preview', opts: RequestOptions): Promise<{ project_id: string; notes: string[] }> {
    const product = await this.products.get(who.accountId, request.product_id);
    if (!product) throw errors.notFound(`product_id ${request.product_id}`);
    // Refused before a credit is spent when every media item failed its check (docs/api.md "Media states").
    if (product.media.length > 0 && product.media.every((m) => mediaState(m) === 'failed')) {
      const which = product.media.map((m, i) => `media[${i}] (${m.name}): ${m.reason ?? 'failed'}`).join('; ');
      throw errors.parameter('product_id', `every media item of the product failed its check, so the video would show none: ${which}; replace the media (PUT /v1/product or PUT /v2/product)`);
    }
    const notes: string[] = [];
    const customVoice = request.voice_id !== null && (await this.hasCustomVoice(who.accountId, request.voice_id));
    request = await this.resolveCatalogRefs(who.accountId, request, notes, customVoice);
    if (request.template_type === 'custom' && request.template_id !== null) {
      // The account's own template (10104 otherwise); the video keeps a copy of its scene.
      if (!this.templates) throw errors.notFound(`template_id ${request.template_id} (template_type custom): this account has no template with that id`);
      const t = await this.templates.forVideo(who.accountId, 'custom', request.template_id);
      request = { ...request, custom_scene: t.scene };
    }
    if (kind === 'preview') request = { ...request, voice_id: voiceFor(request) };
    const project_id = await this.accept(who, {
      kind,
      productId: product.id,
      request,
      title: request.video_name ?? product.name,
      outputS: request.video_length,
      // Checked again under the account's row lock, which DELETE /v1/product also takes: a
      // product is never deleted under a video being accepted.
      underLock: async (r) => {
        if (!(await r.products.get(who.accountId, product.id))) throw errors.notFound(`product_id ${request.product_id}`);
      },
      webhookUrl: opts.webhookUrl ?? null,
    });
    return { project_id, notes };
  }

  /**
   * Accepting a video of any kind, in one transaction: takes the credits of the kind's rule for
   * the requested output (CONTRACT §9: 1 per started 2 minutes; free kinds none), records the
   * video (status 2, waiting) and enqueues its generation job; then wakes a worker. Not enough
   * credit → 18020, no room in the storage quota → its error; nothing is written. A webhook_url
   * that breaks the URL rules → 40000 naming it, before anything else; a good one is stored with
   * the video and gets the video's final v2 event (VideoJob). Returns the project id.
   */
  async accept(who: Principal, a: VideoAcceptance): Promise<string> {
    const webhookUrl = requestWebhookUrl(a.webhookUrl, this.urlPolicy);
    await this.storage?.assertRoom(who.accountId);
    const credits = creditsFor(videoKind(a.kind), a.outputS);
    const id = hexId();
    const nowMs = this.clock.nowMs();
    await this.uow(async (r) => {
      if (credits > 0) {
        if (!(await r.accounts.addCredits(who.accountId, -credits, 'video', id, nowMs))) {
          const balance = (await r.accounts.findById(who.accountId))?.credits ?? 0;
          throw errors.insufficientCredit(credits, balance);
        }
      } else {
        await r.accounts.lockAccount(who.accountId, nowMs);
      }
      await a.underLock?.(r);
      await r.videos.insert({ id, accountId: who.accountId, kind: a.kind, productId: a.productId, request: a.request, credits, title: a.title, fileToken: hexId(), webhookUrl, nowMs });
      await r.jobs.insert({ id, kind: VIDEO_JOB_KIND, accountId: who.accountId, maxAttempts: this.jobMaxAttempts, runAt: nowMs, nowMs });
    });
    this.onAccepted({ id, accountId: who.accountId });
    return id;
  }

  /** A video of the account; 10104 naming `field` when there is none of that id (or, with `kinds`, none of those kinds). */
  async get(who: Principal, projectId: string, kinds?: readonly KindName[], field = 'project_id'): Promise<Video> {
    const video = await this.videos.get(who.accountId, projectId);
    if (!video || (kinds && !kinds.includes(video.kind))) {
      throw errors.notFound(kinds ? `${field} ${projectId}: this account has no ${kinds.join(' or ')} video with that id` : `${field} ${projectId}`);
    }
    return video;
  }

  /**
   * A page of the account's videos (GET /v1/projects and the v2 lists): newest first unless
   * `sort` says otherwise; deleted ones (99) only when `statuses` asks for them; `kinds` narrows.
   */
  async list(who: Principal, q: { page: number; pageSize: number } & Pick<VideoListQuery, 'statuses' | 'kinds' | 'sort'>): Promise<{ total: number; videos: Video[] }> {
    return this.videos.list(who.accountId, { statuses: q.statuses, kinds: q.kinds, sort: q.sort, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  }

  /**
   * DELETE /v1/project: a finished video (4 or 5) becomes status 99 and its files are removed
   * (the janitor finishes a removal cut short). A video still being made (1-3) is refused with
   * 40000; deleting a deleted video again is a success.
   */
  async delete(who: Principal, projectId: string): Promise<void> {
    const video = await this.get(who, projectId);
    if (video.status !== VideoStatus.deleted) {
      if (!(await this.videos.markDeleted(who.accountId, projectId, this.clock.nowMs()))) {
        const now = (await this.videos.get(who.accountId, projectId)) ?? video;
        if (now.status !== VideoStatus.deleted) throw stillBeingMade(now);
      }
    }
    await this.storage?.removeVideoFiles(projectId);
  }

  /**
   * 10104 for any reference the catalogs do not list, saying which ones exist; returns the request
   * in the catalog's spelling.
   */
  /**
   * A request's voice_id, for every kind: the account's custom voice as given; else a voice of the
   * catalog (another vendor's name mapped to ours for `language`, with a note; null = the default
   * voice). 10104 when it is neither.
   */
  async resolveVoiceId(accountId: string, voiceId: string, language: string, notes: string[]): Promise<string | null> {
    if (await this.hasCustomVoice(accountId, voiceId)) return voiceId;
    const resolved = this.catalog.resolveVoice(voiceId, language);
    if (resolved === undefined) throw errors.notFound(`voice_id ${voiceId}; see GET /v1/voices and GET /v1/voices/custom, or leave it out for the default voice`);
    if (resolved !== voiceId) notes.push(`voice_id ${voiceId} is another vendor's voice name: ${resolved === null ? `the default ${language} voice` : `voice_id ${resolved}`} speaks instead`);
    return resolved;
  }

  private async resolveCatalogRefs(accountId: string, r: VideoRequest, notes: string[], customVoice = false): Promise<VideoRequest> {
    const c = this.catalog;
    if (!(await c.hasAvatar(r.avatar_id, r.avatar_type, accountId))) {
      const which = r.avatar_type === 1 ? 'avatar_type 1 (custom): this account has no ready custom avatar with that id; see GET /v1/avatars/custom' : 'avatar_type 0 (public)';
      throw errors.notFound(`avatar_id ${r.avatar_id} (${which}); public avatars (avatar_type 0) are ${c.choices('avatar')}; see GET /v1/avatars`);
    }
    if (r.voice_id !== null && !customVoice) {
      const voiceId = c.resolveVoice(r.voice_id, r.language);
      if (voiceId === undefined) throw errors.notFound(`voice_id ${r.voice_id}; see GET /v1/voices and GET /v1/voices/custom, or leave it out for the default voice`);
      if (voiceId !== r.voice_id) {
        notes.push(`voice_id ${r.voice_id} is another vendor's voice name: ${voiceId === null ? `the default ${r.language} voice` : `voice_id ${voiceId}`} speaks instead`);
      }
      r = { ...r, voice_id: voiceId };
    }
    if (r.music_id !== null && !c.hasMusic(r.music_id)) {
      const listed = c.choices('music');
      throw errors.notFound(`music_id ${r.music_id}; ${listed ? `tracks are ${listed}, 0 or absent for none` : 'no music tracks exist; 0 or absent for none'}; see GET /v1/musics`);
    }
    if (r.template_id !== null && r.template_type === 'public' && !c.hasTemplate(r.template_id, r.template_type)) {
      throw errors.notFound(`template_id ${r.template_id} (template_type public); public templates are ${c.choices('template')}, 0 or absent for none; see GET /v1/templates`);
    }
    if (r.visual_style === null) return r;
    const visualStyle = c.visualStyleName(r.visual_style);
    if (!visualStyle) throw errors.notFound(`visual_style "${r.visual_style}"; one of ${c.choices('visual_style')}; see GET /v1/visual_styles`);
    return { ...r, visual_style: visualStyle };
  }
}

function describeStatus(v: Video): string {
  return `status_code ${v.status} ${statusDescriptions[v.status] ?? 'unknown'}`;
}

/** 40000 for a video that has not finished yet (status 1-3). */
function stillBeingMade(v: Video): AppError {
  return errors.badRequest(`project_id ${v.id} is still being made (${describeStatus(v)}); delete it once it has finished (status_code 4 or 5)`);
}
