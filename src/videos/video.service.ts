import type { Principal } from '../accounts/auth.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { errors, type AppError } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { ProductRepository } from '../products/product.repository.ts';
import { VIDEO_JOB_KIND } from './video-generator.ts';
import type { AccountStorage } from '../storage/account-storage.ts';
import { statusDescriptions, VideoStatus, type Video, type VideoRepository, type VideoRequest } from './video.repository.ts';

/** Every product video costs one credit (CONTRACT §2). */
export const VIDEO_CREDIT_COST = 1;

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
    /** The account has a custom voice of this id (GET /v1/voices/custom). */
    private readonly hasCustomVoice: (accountId: string, voiceId: string) => Promise<boolean> = async () => false,
  ) {}

  /**
   * Checks every reference, then takes the credit, records the video (status 2, waiting) and
   * enqueues its generation job in one transaction. Not enough credit → 18020 and nothing is written.
   * `notes` say where the request was read otherwise than sent (the envelope's `warnings`).
   */
  async create(who: Principal, request: VideoRequest): Promise<{ project_id: string; notes: string[] }> {
    const product = await this.products.get(who.accountId, request.product_id);
    if (!product) throw errors.notFound(`product_id ${request.product_id}`);
    const notes: string[] = [];
    const customVoice = request.voice_id !== null && (await this.hasCustomVoice(who.accountId, request.voice_id));
    request = await this.resolveCatalogRefs(who.accountId, request, notes, customVoice);
    await this.storage?.assertRoom(who.accountId);

    const id = hexId();
    const nowMs = this.clock.nowMs();
    await this.uow(async (r) => {
      const taken = await r.accounts.addCredits(who.accountId, -VIDEO_CREDIT_COST, 'video', id, nowMs);
      if (!taken) {
        const balance = (await r.accounts.findById(who.accountId))?.credits ?? 0;
        throw errors.insufficientCredit(VIDEO_CREDIT_COST, balance);
      }
      // Checked again under the account's row lock (taken by the credit update), which
      // DELETE /v1/product also takes: a product is never deleted under a video being accepted.
      if (!(await r.products.get(who.accountId, product.id))) throw errors.notFound(`product_id ${request.product_id}`);
      const fileToken = hexId();
      await r.videos.insert({ id, accountId: who.accountId, productId: product.id, request, title: request.video_name ?? product.name, fileToken, nowMs });
      await r.jobs.insert({ id, kind: VIDEO_JOB_KIND, accountId: who.accountId, maxAttempts: this.jobMaxAttempts, runAt: nowMs, nowMs });
    });
    this.onAccepted({ id, accountId: who.accountId });
    return { project_id: id, notes };
  }

  async get(who: Principal, projectId: string): Promise<Video> {
    const video = await this.videos.get(who.accountId, projectId);
    if (!video) throw errors.notFound(`project_id ${projectId}`);
    return video;
  }

  /** A page of the account's videos, newest first; deleted ones (99) only when asked for with status=99. */
  async list(who: Principal, q: { page: number; pageSize: number; status?: number | undefined }): Promise<{ total: number; videos: Video[] }> {
    return this.videos.list(who.accountId, { status: q.status, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
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
    if (r.template_id !== null && !c.hasTemplate(r.template_id, r.template_type)) {
      const which = r.template_type === 'custom' ? 'template_type custom: this account has no template with that id' : 'template_type public';
      throw errors.notFound(`template_id ${r.template_id} (${which}); public templates are ${c.choices('template')}, 0 or absent for none; see GET /v1/templates`);
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
