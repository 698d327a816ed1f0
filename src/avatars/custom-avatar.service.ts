import crypto from 'node:crypto';
import path from 'node:path';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import { renderAvatarCover, type DrawnPresenter } from '../pipeline/avatar/index.ts';
import type { HoldSpec } from '../pipeline/avatar/product/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { isCutoutLoop } from './video-avatar.files.ts';
import type { CustomAvatar, CustomAvatarKind, CustomAvatarRepository, CustomAvatarUpdate, MotionRequest } from './custom-avatar.repository.ts';

export interface NewCustomAvatar {
  name: string;
  kind: CustomAvatarKind;
  /** Drawn avatars: the painter parameters; the avatar is ready at once, with a painted cover. */
  look?: DrawnPresenter | undefined;
  /** Photo avatars: the stored portrait; the avatar starts processing (status 0). */
  photoKey?: string | undefined;
  voiceId?: string | undefined;
  aspectRatio?: number | undefined;
  style: string;
  gender: string;
  age: string;
  photoId?: string | undefined;
  motionId?: string | undefined;
  /** Product avatars (kind product): the product the presenter (look or photoKey) holds; ready at once, with this cover. */
  product?: { key: string; hold: HoldSpec; coverKey: string } | undefined;
  /** add_motion: what its job will do (photo avatars: the photo; drawn ones: the talking preview). */
  motionRequest?: MotionRequest | undefined;
  /** Video avatars (kind video): the clip to make it from; it starts processing (status 0). */
  videoOrigin?: { url: string; assetKey: string | null } | undefined;
}

/** A row of GET /v1/avatars/custom and /v1/avatars/photo_avatars. */
export interface CustomAvatarFilter {
  name?: string | undefined;
  /** 0 processing, 1 ready, 2 failed. */
  status?: number | undefined;
  aspectRatio?: number | undefined;
}

export interface CustomAvatarView {
  avatar_id: number;
  name: string;
  cover_url: string;
  status: number;
  fail_msg: string;
  aspect_ratio: number;
  style: string;
  gender: string;
  age: string;
  kind: CustomAvatarKind;
  voice_id: string;
  /** Video avatars only: cut out from a green-screen or transparent clip (isCutoutLoop). */
  cutout?: boolean;
}

/** What the pipeline draws for avatar_type 1: a drawn presenter, or a photo avatar's stored portrait. */
export type ReadyCustomAvatar = (
  | { kind: 'drawn'; avatar: CustomAvatar; presenter: DrawnPresenter }
  | { kind: 'photo'; avatar: CustomAvatar; photoKey: string }
  | { kind: 'video'; avatar: CustomAvatar; videoKey: string }
) & {
  /** A product avatar: the presenter holds this stored product cut-out (docs/avatars.md "Product avatars"). */
  held?: { productKey: string; hold: HoldSpec };
};

export const MAX_AVATAR_NAME = 80;
/** Avatar ids are random integers in [MIN_ID, MAX_ID]: never the small public ids, within int4. */
const MIN_ID = 100_000;
const MAX_ID = 2_147_483_647;

/**
 * An account's own presenters (avatar_type 1, CONTRACT §10): drawn ones (painter parameters,
 * ready at once) and photo ones (a stored portrait, processed by add_motion). Each belongs to
 * its account only: another account's id is 10104 like an unknown one. Deleting keeps the row
 * (ids are never reused) and removes the avatar's own files.
 */
export class CustomAvatarService {
  constructor(
    private readonly repo: CustomAvatarRepository,
    private readonly store: BlobStore,
    private readonly clock: Clock,
  ) {}

  /**
   * `insert` stores the row (default: on its own); add_motion passes one that also queues its job
   * in the same transaction.
   */
  async create(accountId: string, input: NewCustomAvatar, insert?: (a: CustomAvatar) => Promise<void>): Promise<CustomAvatar> {
    const a = await this.draft(accountId, input);
    await (insert ? insert(a) : this.repo.insert(a));
    return a;
  }

  /** The avatar create() would insert (its cover stored), for a caller that inserts it in its own transaction. */
  async draft(accountId: string, input: NewCustomAvatar): Promise<CustomAvatar> {
    const name = input.name.trim();
    if (!name) throw errors.parameter('name', 'must not be empty');
    if (name.length > MAX_AVATAR_NAME) throw errors.parameter('name', `must be at most ${MAX_AVATAR_NAME} characters`);
    if (input.kind === 'drawn' && !input.look) throw new Error('a drawn avatar needs its painter parameters');
    if (input.kind === 'product' && (!input.product || (!input.look && !input.photoKey))) throw new Error('a product avatar needs its presenter and product');
    const now = this.clock.nowMs();
    const a: CustomAvatar = {
      id: await this.newId(),
      accountId,
      name,
      kind: input.kind,
      status: 0,
      failMsg: null,
      look: input.look ?? null,
      photoKey: input.photoKey ?? null,
      coverKey: null,
      previewKey: null,
      voiceId: input.voiceId ?? null,
      aspectRatio: input.aspectRatio ?? 0,
      style: input.style,
      gender: input.gender,
      age: input.age,
      photoId: input.photoId ?? null,
      motionId: input.motionId ?? null,
      productKey: input.product?.key ?? null,
      productHold: input.product?.hold ?? null,
      motionRequest: input.motionRequest ?? null,
      videoKey: null,
      videoOrigin: input.videoOrigin ?? null,
      storageBytes: 0,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    if (a.kind === 'drawn' && a.look) {
      a.coverKey = `${avatarFilesPrefix()}/cover.png`;
      const cover = await renderAvatarCover(a.look);
      await this.store.put(a.coverKey, cover);
      a.storageBytes = cover.length;
      a.status = 1;
    }
    if (a.kind === 'product' && input.product) {
      // Its picture is its cover; the presenter was checked when the picture was made.
      a.coverKey = input.product.coverKey;
      a.status = 1;
    }
    return a;
  }

  /** The account's avatar (not deleted), else 10104. */
  async get(accountId: string, avatarId: number): Promise<CustomAvatar> {
    const a = await this.repo.get(avatarId, accountId);
    if (!a) throw errors.notFound(`avatar_id ${avatarId}; see GET /v1/avatars/custom`);
    return a;
  }

  /** The account's avatar made by add_motion `motionId` (not deleted), else 10104. */
  async byMotion(accountId: string, motionId: string): Promise<CustomAvatar> {
    const a = await this.repo.byMotionId(motionId, accountId);
    if (!a) throw errors.notFound(`motion_id ${motionId}; see POST /v1/photo_avatar/add_motion`);
    return a;
  }

  /** The account's avatars not deleted, newest first; the v2 lists narrow them by name (part of it, any case), status and ratio. */
  async list(accountId: string, kind?: CustomAvatarKind, filter: CustomAvatarFilter = {}): Promise<CustomAvatar[]> {
    const all = await this.repo.list(accountId, kind);
    const name = filter.name?.trim().toLowerCase();
    return all.filter(
      (a) =>
        (!name || a.name.toLowerCase().includes(name)) &&
        (filter.status === undefined || a.status === filter.status) &&
        (filter.aspectRatio === undefined || a.aspectRatio === filter.aspectRatio),
    );
  }

  async rename(accountId: string, avatarId: number, name: string): Promise<CustomAvatar> {
    const trimmed = name.trim();
    if (!trimmed) throw errors.parameter('name', 'must not be empty');
    if (trimmed.length > MAX_AVATAR_NAME) throw errors.parameter('name', `must be at most ${MAX_AVATAR_NAME} characters`);
    if (!(await this.repo.update(avatarId, accountId, { name: trimmed }, this.clock.nowMs()))) throw errors.notFound(`avatar_id ${avatarId}; see GET /v1/avatars/custom`);
    return this.get(accountId, avatarId);
  }

  /** Marks it deleted and removes its cover and preview; videos already made keep their files. */
  async delete(accountId: string, avatarId: number): Promise<void> {
    const a = await this.get(accountId, avatarId);
    if (!(await this.repo.markDeleted(avatarId, accountId, this.clock.nowMs()))) throw errors.notFound(`avatar_id ${avatarId}; see GET /v1/avatars/custom`);
    for (const key of new Set([a.coverKey, a.previewKey, a.videoKey])) {
      if (key && key.startsWith('avatars/a-')) await this.store.removeUnder(path.posix.dirname(key));
    }
  }

  /** Sets what a later step made (status, fail_msg, cover, preview, …); any account (jobs). */
  async update(avatarId: number, u: CustomAvatarUpdate): Promise<boolean> {
    return this.repo.update(avatarId, undefined, u, this.clock.nowMs());
  }

  /**
   * The hook for avatar_type 1: the account's ready custom avatar and how to draw it, or
   * undefined when (accountId, avatarId) is not one (unknown, another account's, deleted,
   * processing or failed). The one lookup every video kind uses.
   */
  async ready(accountId: string, avatarId: number): Promise<ReadyCustomAvatar | undefined> {
    if (!Number.isSafeInteger(avatarId)) return undefined;
    const a = await this.repo.get(avatarId, accountId);
    if (!a || a.status !== 1) return undefined;
    if (a.kind === 'drawn' && a.look) return { kind: 'drawn', avatar: a, presenter: a.look };
    if (a.kind === 'photo' && a.photoKey) return { kind: 'photo', avatar: a, photoKey: a.photoKey };
    if (a.kind === 'video' && a.videoKey) return { kind: 'video', avatar: a, videoKey: a.videoKey };
    if (a.kind === 'product' && a.productKey && a.productHold) {
      const held = { productKey: a.productKey, hold: a.productHold };
      if (a.look) return { kind: 'drawn', avatar: a, presenter: a.look, held };
      if (a.photoKey) return { kind: 'photo', avatar: a, photoKey: a.photoKey, held };
    }
    return undefined;
  }

  view(a: CustomAvatar): CustomAvatarView {
    return {
      avatar_id: a.id,
      name: a.name,
      cover_url: a.coverKey ? this.store.publicUrl(a.coverKey) : '',
      status: a.status,
      fail_msg: a.failMsg ?? '',
      aspect_ratio: a.aspectRatio,
      style: a.style,
      gender: a.gender,
      age: a.age,
      kind: a.kind,
      voice_id: a.voiceId ?? '',
      ...(a.kind === 'video' ? { cutout: !!a.videoKey && isCutoutLoop(a.videoKey) } : {}),
    };
  }

  private async newId(): Promise<number> {
    for (;;) {
      const id = crypto.randomInt(MIN_ID, MAX_ID);
      if (!(await this.repo.exists(id))) return id;
    }
  }
}

/** Where one custom avatar's own files go: avatars/a-<32 hex>/ (unguessable; served under /files/). */
export function avatarFilesPrefix(): string {
  return `avatars/a-${hexId()}`;
}
