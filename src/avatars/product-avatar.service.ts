/**
 * Product avatars (issue 14 item 2; docs/avatars.md "Product avatars"): a batch of pictures of a
 * presenter holding a product (POST /v2/product_avatar/generation: the request, its pictures and
 * a job recorded in one transaction; ProductAvatarJob paints them), a batch's state, and
 * add_motion: a completed picture → a custom avatar of kind `product` whose presenter holds the
 * product in every video (ready at once; its talking preview follows).
 */
import type { MediaRefResolver } from '../assets/media-ref.ts';
import { PUBLIC_AVATARS } from '../catalog/catalog.data.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import { PREVIEW_SIZE } from '../pipeline/avatar/talking.preview.ts';
import { createHoldingPainter, type ProductPresenter } from '../pipeline/avatar/product/index.ts';
import type { UrlPolicy } from '../net/url-policy.ts';
import type { AccountStorage } from '../storage/account-storage.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { requestWebhookUrl } from '../webhooks/request-webhook.ts';
import type { CustomAvatarService } from './custom-avatar.service.ts';
import type { CustomAvatar } from './custom-avatar.repository.ts';
import type { AvatarOutcomes } from './avatar-outcome.ts';
import { avatarFilesPrefix } from './custom-avatar.service.ts';
import { loadHeldProduct, loadPhotoPresenter } from './photo-avatar.files.ts';
import { motionViewOf, type MotionPreviewMaker, type MotionView } from './photo-motion.service.ts';
import { PRODUCT_AVATAR_JOB_KIND } from './product-avatar.job.ts';
import type { ProductAvatarBatch, ProductAvatarGeneration, ProductAvatarRepository, ProductAvatarRequest } from './product-avatar.repository.ts';

export const PRODUCT_AVATAR_QUALITIES = ['low', 'medium', 'high'] as const;
export const PRODUCT_AVATAR_RATIOS = ['3:2', '2:3', '1:1'] as const;
/** avatar_source.avatar_type: the vendor's words, and v1's integers as strings. */
export const PRODUCT_AVATAR_SOURCE_TYPES = ['public', 'custom', 'photo', '0', '1'] as const;
export const MAX_PRODUCT_IMAGES = 4;

export interface ProductAvatarInput {
  product_image_url: string;
  avatar_source: { type: 'id' | 'image' | 'description'; value?: string | undefined; avatar_id?: number | undefined; avatar_type?: (typeof PRODUCT_AVATAR_SOURCE_TYPES)[number] | undefined };
  prompt?: string | undefined;
  quality?: ProductAvatarRequest['quality'] | undefined;
  aspect_ratio?: ProductAvatarRequest['aspect_ratio'] | undefined;
  num_images: number;
  webhook_url?: string | undefined;
}

export interface GenerationItem {
  generation_id: string;
  status: ProductAvatarGeneration['status'];
  url: string;
  error: string;
}

export interface BatchView {
  batch_id: string;
  status: ProductAvatarBatch['status'];
  summary: { pending: number; processing: number; completed: number; failed: number };
  generations: GenerationItem[];
  msg: string;
}

export interface ProductMotionInput {
  generation_id: string;
  name: string;
  voice_id?: string | undefined;
  description?: string | undefined;
}

/** As a photo avatar's motion (one view): image_url is the picture the avatar was made from. */
export type ProductMotionView = MotionView;

export interface ProductAvatarDeps {
  repo: ProductAvatarRepository;
  work: WorkUnitOfWork;
  mediaRefs: Pick<MediaRefResolver, 'resolve'>;
  avatars: Pick<CustomAvatarService, 'ready' | 'create' | 'update' | 'byMotion'>;
  /** Records the avatar's preview with its create_avatar_success event (one transaction). */
  outcomes: Pick<AvatarOutcomes, 'ready'>;
  store: BlobStore;
  urlPolicy: UrlPolicy;
  clock: Clock;
  signals: Pick<Signals, 'jobEnqueued'>;
  jobMaxAttempts: number;
  storage?: Pick<AccountStorage, 'assertRoom'> | null;
  resolveVoice?: (accountId: string, voiceId: string) => Promise<string | undefined>;
  preview?: MotionPreviewMaker;
  log: { warn(obj: object, msg: string): void };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export class ProductAvatarService {
  /** Previews being made (tests and shutdown wait for them). */
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly d: ProductAvatarDeps) {}

  async generate(accountId: string, input: ProductAvatarInput): Promise<{ batch_id: string; generations: GenerationItem[] }> {
    const product = await this.d.mediaRefs.resolve(accountId, input.product_image_url, 'product_image_url', ['image']);
    const source = await this.source(accountId, input.avatar_source);
    const webhookUrl = requestWebhookUrl(input.webhook_url, this.d.urlPolicy);
    const request: ProductAvatarRequest = {
      product_image_url: product.url,
      product_asset_key: product.storageKey,
      source,
      prompt: input.prompt?.trim() ?? '',
      quality: input.quality ?? 'medium',
      aspect_ratio: input.aspect_ratio ?? '2:3',
      num_images: input.num_images,
    };
    await this.d.storage?.assertRoom(accountId);
    const now = this.d.clock.nowMs();
    const batch: ProductAvatarBatch = { id: hexId(), accountId, request, webhookUrl, status: 'pending', msg: '', createdAt: now, updatedAt: now };
    const ids = Array.from({ length: input.num_images }, () => hexId());
    await this.d.work(async (r) => {
      await r.productAvatars.insert(batch, ids);
      await r.jobs.insert({ id: batch.id, kind: PRODUCT_AVATAR_JOB_KIND, accountId, maxAttempts: this.d.jobMaxAttempts, runAt: now, nowMs: now });
    });
    this.d.signals.jobEnqueued(batch.id, 0, 0);
    return { batch_id: batch.id, generations: ids.map((id) => ({ generation_id: id, status: 'pending', url: '', error: '' })) };
  }

  async batch(accountId: string, batchId: string): Promise<BatchView> {
    const b = await this.d.repo.batch(batchId, accountId);
    if (!b) throw errors.notFound(`batch_id ${batchId}; see POST /v2/product_avatar/generation`);
    const gens = await this.d.repo.generations(b.id);
    const summary = { pending: 0, processing: 0, completed: 0, failed: 0 };
    for (const g of gens) summary[g.status]++;
    return {
      batch_id: b.id,
      status: b.status,
      summary,
      generations: gens.map((g) => ({ generation_id: g.id, status: g.status, url: g.imageKey ? this.d.store.publicUrl(g.imageKey) : '', error: g.error })),
      msg: b.msg,
    };
  }

  async addMotion(accountId: string, input: ProductMotionInput): Promise<{ motion_id: string; avatar_id: number; name: string }> {
    const g = await this.d.repo.generation(input.generation_id.trim(), accountId);
    if (!g) throw errors.notFound(`generation_id ${input.generation_id}; see GET /v2/product_avatar/generation/{batch_id}`);
    if (g.status !== 'completed' || !g.presenter || !g.productKey || !g.hold || !g.imageKey) {
      throw errors.parameter('generation_id', `is ${g.status}; only a completed picture can become an avatar`);
    }
    let voiceId = input.voice_id?.trim() || undefined;
    if (voiceId !== undefined && this.d.resolveVoice) {
      const known = await this.d.resolveVoice(accountId, voiceId);
      if (known === undefined) throw errors.notFound(`voice_id ${voiceId}; see GET /v2/voices and GET /v2/voices/custom, or leave it out`);
      voiceId = known;
    }
    const batch = (await this.d.repo.batch(g.batchId, accountId))!;
    const p = g.presenter;
    const traits = p.kind === 'drawn' ? p.presenter.traits : null;
    const motionId = hexId();
    const a = await this.d.avatars.create(accountId, {
      name: input.name,
      kind: 'product',
      look: p.kind === 'drawn' ? p.presenter : undefined,
      photoKey: p.kind === 'photo' ? p.photoKey : undefined,
      product: { key: g.productKey, hold: g.hold, coverKey: g.imageKey },
      voiceId,
      aspectRatio: batch.request.aspect_ratio === '3:2' ? 1 : 0,
      style: 'Product',
      gender: traits ? cap(traits.gender) : '',
      age: traits ? cap(traits.age) : '',
      photoId: g.batchId,
      motionId,
    });
    const run = this.makePreview(a, g).finally(() => this.inflight.delete(run));
    this.inflight.add(run);
    return { motion_id: motionId, avatar_id: a.id, name: a.name };
  }

  async motion(accountId: string, motionId: string): Promise<ProductMotionView> {
    const a = await this.d.avatars.byMotion(accountId, motionId);
    if (a.kind !== 'product') throw errors.notFound(`motion_id ${motionId}; see POST /v2/product_avatar/add_motion`);
    return motionViewOf(a, motionId, a.coverKey, (key) => this.d.store.publicUrl(key));
  }

  /** Waits for the previews being made (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  /** avatar_source → what the job paints; unknown or unusable avatars are 10104 now, not a failed batch later. */
  private async source(accountId: string, s: ProductAvatarInput['avatar_source']): Promise<ProductAvatarRequest['source']> {
    const value = s.value?.trim() ?? '';
    if (s.type === 'id') {
      const id = s.avatar_id ?? (/^\d+$/.test(value) ? Number(value) : undefined);
      if (id === undefined) throw errors.parameter('avatar_source.avatar_id', 'is required when avatar_source.type is "id"');
      const custom = s.avatar_type === 'custom' || s.avatar_type === 'photo' || s.avatar_type === '1'
        || (s.avatar_type === undefined && !PUBLIC_AVATARS.some((a) => a.avatar_id === id));
      if (!custom) {
        if (!PUBLIC_AVATARS.some((a) => a.avatar_id === id)) throw errors.notFound(`avatar_id ${id}; see GET /v2/avatars/public`);
        return { type: 'id', avatar_id: id, avatar_type: 'public' };
      }
      if (!(await this.d.avatars.ready(accountId, id))) throw errors.notFound(`avatar_id ${id} is not a ready custom avatar of this account; see GET /v2/avatars/custom`);
      return { type: 'id', avatar_id: id, avatar_type: 'custom' };
    }
    if (!value) throw errors.parameter('avatar_source.value', `is required when avatar_source.type is "${s.type}"`);
    if (s.type === 'description') {
      if (value.length > 500) throw errors.parameter('avatar_source.value', 'must be at most 500 characters');
      return { type: 'description', value };
    }
    const ref = await this.d.mediaRefs.resolve(accountId, value, 'avatar_source.value', ['image']);
    return { type: 'image', value: ref.url, asset_key: ref.storageKey };
  }

  /**
   * The new avatar saying its greeting with the product in hand (motion_preview_url; best effort),
   * then its create_avatar_success with the preview (or the cover when none could be made).
   */
  private async makePreview(a: CustomAvatar, g: ProductAvatarGeneration): Promise<void> {
    let previewKey: string | null = null;
    if (this.d.preview) {
      try {
        const p = g.presenter!;
        const base: ProductPresenter = p.kind === 'drawn' ? p.presenter : await loadPhotoPresenter(this.d.store, p.photoKey);
        const painter = createHoldingPainter(base, PREVIEW_SIZE, { image: await loadHeldProduct(this.d.store, g.productKey!), hold: g.hold! });
        const key = `${avatarFilesPrefix()}/preview.mp4`;
        await this.d.store.put(key, await this.d.preview(painter, 'Hi! Let me show you something I really like.', a.voiceId));
        previewKey = key;
      } catch (err) {
        this.d.log.warn({ err, avatarId: a.id }, 'product avatar preview failed');
      }
    }
    await this.d.outcomes.ready(a, previewKey ? { previewKey } : {}).catch((err) => this.d.log.warn({ err, avatarId: a.id }, 'product avatar events could not be recorded'));
  }
}

