import type { Principal } from '../accounts/auth.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { ProductRepository } from '../products/product.repository.ts';
import { VIDEO_JOB_KIND } from './video-generator.ts';
import { type Video, type VideoRepository, type VideoRequest } from './video.repository.ts';

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
    /** The account has a custom voice of this id (GET /v1/voices/custom). */
    private readonly hasCustomVoice: (accountId: string, voiceId: string) => Promise<boolean> = async () => false,
  ) {}

  /**
   * Checks every reference, then takes the credit, records the video (status 2, waiting) and
   * enqueues its generation job in one transaction. Not enough credit → 18020 and nothing is written.
   */
  async create(who: Principal, request: VideoRequest): Promise<{ project_id: string }> {
    const product = await this.products.get(who.accountId, request.product_id);
    if (!product) throw errors.notFound(`product_id ${request.product_id}`);
    request = this.resolveCatalogRefs(request, request.voice_id !== null && (await this.hasCustomVoice(who.accountId, request.voice_id)));

    const id = hexId();
    const nowMs = this.clock.nowMs();
    await this.uow(async (r) => {
      const taken = await r.accounts.addCredits(who.accountId, -VIDEO_CREDIT_COST, 'video', id, nowMs);
      if (!taken) {
        const balance = (await r.accounts.findById(who.accountId))?.credits ?? 0;
        throw errors.insufficientCredit(VIDEO_CREDIT_COST, balance);
      }
      await r.videos.insert({ id, accountId: who.accountId, productId: product.id, request, title: request.video_name ?? product.name, nowMs });
      await r.jobs.insert({ id, kind: VIDEO_JOB_KIND, accountId: who.accountId, maxAttempts: this.jobMaxAttempts, runAt: nowMs, nowMs });
    });
    this.onAccepted({ id, accountId: who.accountId });
    return { project_id: id };
  }

  async get(who: Principal, projectId: string): Promise<Video> {
    const video = await this.videos.get(who.accountId, projectId);
    if (!video) throw errors.notFound(`project_id ${projectId}`);
    return video;
  }

  /** 10104 for any reference the catalogs do not list; returns the request in the catalog's spelling. */
  private resolveCatalogRefs(r: VideoRequest, customVoice = false): VideoRequest {
    if (!this.catalog.hasAvatar(r.avatar_id, r.avatar_type)) {
      throw errors.notFound(`avatar_id ${r.avatar_id} (avatar_type ${r.avatar_type}); see GET /v1/avatars`);
    }
    if (r.voice_id !== null && !customVoice && !this.catalog.hasVoice(r.voice_id)) throw errors.notFound(`voice_id ${r.voice_id}; see GET /v1/voices and GET /v1/voices/custom`);
    if (r.music_id !== null && !this.catalog.hasMusic(r.music_id)) throw errors.notFound(`music_id ${r.music_id}; see GET /v1/musics`);
    if (r.template_id !== null && !this.catalog.hasTemplate(r.template_id, r.template_type)) {
      throw errors.notFound(`template_id ${r.template_id} (template_type ${r.template_type}); see GET /v1/templates`);
    }
    if (r.visual_style === null) return r;
    const visualStyle = this.catalog.visualStyleName(r.visual_style);
    if (!visualStyle) throw errors.notFound(`visual_style "${r.visual_style}"; see GET /v1/visual_styles`);
    return { ...r, visual_style: visualStyle };
  }
}
