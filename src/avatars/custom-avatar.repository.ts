import type { Kysely } from 'kysely';
import type { CustomAvatarRow, Database } from '../db/schema.ts';
import type { DrawnPresenter } from '../pipeline/avatar/index.ts';
import type { HoldSpec } from '../pipeline/avatar/product/index.ts';

/** drawn: painted from look; photo: animated from photo_key; video: the idle loop at video_key played (POST /v1/avatar/create); product: either of them holding a product (product_key, product_hold). */
export type CustomAvatarKind = 'drawn' | 'photo' | 'product' | 'video';
/** 0 processing, 1 ready, 2 failed (CONTRACT §10). */
export type CustomAvatarStatus = 0 | 1 | 2;

/** The add_motion job's input (custom_avatars.motion_request). */
export interface MotionRequest {
  /** The image_url as resolved (an asset URL, our own file or another site's). */
  imageUrl: string;
  /** An uploaded image read from storage in place of fetching imageUrl. */
  asset: { storageKey: string; contentType: string } | null;
  /** The greeting of the talking preview. */
  line: string;
}

export interface CustomAvatar {
  /** The avatar_id taken with avatar_type 1. */
  id: number;
  accountId: string;
  name: string;
  kind: CustomAvatarKind;
  status: CustomAvatarStatus;
  failMsg: string | null;
  /** Painter parameters of a drawn avatar. */
  look: DrawnPresenter | null;
  /** Blob key of a photo avatar's portrait. */
  photoKey: string | null;
  coverKey: string | null;
  previewKey: string | null;
  voiceId: string | null;
  aspectRatio: number;
  /** As the client gave them (vendor words: "Professional", "Female", "Young adult"). */
  style: string;
  gender: string;
  age: string;
  photoId: string | null;
  motionId: string | null;
  /** Product avatars: the stored product cut-out the presenter holds, and how. */
  productKey: string | null;
  productHold: HoldSpec | null;
  /** What the add_motion job still has to do (null once the motion is finished). */
  motionRequest: MotionRequest | null;
  /** Video avatars: the stored idle loop (loop.mp4; its landmarks in track.json beside it). */
  videoKey: string | null;
  /** Video avatars: the clip given (URL, or the uploaded asset's storage key). */
  videoOrigin: { url: string; assetKey: string | null } | null;
  /** Bytes of the avatar's own files, counted in the account's quota. */
  storageBytes: number;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const fromRow = (r: CustomAvatarRow): CustomAvatar => ({
  id: Number(r.id),
  accountId: r.account_id,
  name: r.name,
  kind: r.kind === 'photo' || r.kind === 'product' || r.kind === 'video' ? r.kind : 'drawn',
  status: (Number(r.status) as CustomAvatarStatus) ?? 0,
  failMsg: r.fail_msg,
  look: r.look ? (JSON.parse(r.look) as DrawnPresenter) : null,
  photoKey: r.photo_key,
  coverKey: r.cover_key,
  previewKey: r.preview_key,
  voiceId: r.voice_id,
  aspectRatio: Number(r.aspect_ratio),
  style: r.style,
  gender: r.gender,
  age: r.age,
  photoId: r.photo_id,
  motionId: r.motion_id,
  productKey: r.product_key ?? null,
  productHold: r.product_hold ? (JSON.parse(r.product_hold) as HoldSpec) : null,
  motionRequest: r.motion_request ? (JSON.parse(r.motion_request) as MotionRequest) : null,
  videoKey: r.video_key ?? null,
  videoOrigin: r.video_origin ? (JSON.parse(r.video_origin) as { url: string; assetKey: string | null }) : null,
  storageBytes: Number(r.storage_bytes ?? 0),
  deletedAt: r.deleted_at === null ? null : Number(r.deleted_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** Fields a later step may set (processing → ready or failed, cover, preview). */
export type CustomAvatarUpdate = Partial<Pick<CustomAvatar, 'name' | 'status' | 'failMsg' | 'look' | 'photoKey' | 'coverKey' | 'previewKey' | 'voiceId' | 'motionId' | 'motionRequest' | 'videoKey' | 'gender' | 'age' | 'storageBytes'>>;

export class CustomAvatarRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(a: CustomAvatar): Promise<void> {
    await this.db
      .insertInto('custom_avatars')
      .values({
        id: a.id,
        account_id: a.accountId,
        name: a.name,
        kind: a.kind,
        status: a.status,
        fail_msg: a.failMsg,
        look: a.look ? JSON.stringify(a.look) : null,
        photo_key: a.photoKey,
        cover_key: a.coverKey,
        preview_key: a.previewKey,
        voice_id: a.voiceId,
        aspect_ratio: a.aspectRatio,
        style: a.style,
        gender: a.gender,
        age: a.age,
        photo_id: a.photoId,
        motion_id: a.motionId,
        product_key: a.productKey,
        product_hold: a.productHold ? JSON.stringify(a.productHold) : null,
        motion_request: a.motionRequest ? JSON.stringify(a.motionRequest) : null,
        storage_bytes: a.storageBytes,
        ...(a.videoKey ? { video_key: a.videoKey } : {}),
        ...(a.videoOrigin ? { video_origin: JSON.stringify(a.videoOrigin) } : {}),
        deleted_at: null,
        created_at: a.createdAt,
        updated_at: a.updatedAt,
      })
      .execute();
  }

  /** An id in use, deleted or not (ids are never reused). */
  async exists(id: number): Promise<boolean> {
    return (await this.db.selectFrom('custom_avatars').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** The account's avatars that are not deleted, newest first; only `kind` when given. */
  async list(accountId: string, kind?: CustomAvatarKind): Promise<CustomAvatar[]> {
    let q = this.db.selectFrom('custom_avatars').selectAll().where('account_id', '=', accountId).where('deleted_at', 'is', null);
    if (kind) q = q.where('kind', '=', kind);
    return (await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map(fromRow);
  }

  /** One avatar of the account that is not deleted; without accountId, any account's. */
  async get(id: number, accountId?: string): Promise<CustomAvatar | undefined> {
    let q = this.db.selectFrom('custom_avatars').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const row = await q.executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** The avatar add_motion `motionId` made (not deleted); without accountId, any account's (the job). */
  async byMotionId(motionId: string, accountId?: string): Promise<CustomAvatar | undefined> {
    let q = this.db.selectFrom('custom_avatars').selectAll().where('motion_id', '=', motionId).where('deleted_at', 'is', null);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const row = await q.executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Updates an avatar that is not deleted; false when there is none. */
  async update(id: number, accountId: string | undefined, u: CustomAvatarUpdate, nowMs: number): Promise<boolean> {
    let q = this.db
      .updateTable('custom_avatars')
      .set({
        updated_at: nowMs,
        ...(u.name !== undefined ? { name: u.name } : {}),
        ...(u.status !== undefined ? { status: u.status } : {}),
        ...(u.failMsg !== undefined ? { fail_msg: u.failMsg } : {}),
        ...(u.look !== undefined ? { look: u.look ? JSON.stringify(u.look) : null } : {}),
        ...(u.photoKey !== undefined ? { photo_key: u.photoKey } : {}),
        ...(u.coverKey !== undefined ? { cover_key: u.coverKey } : {}),
        ...(u.previewKey !== undefined ? { preview_key: u.previewKey } : {}),
        ...(u.voiceId !== undefined ? { voice_id: u.voiceId } : {}),
        ...(u.motionId !== undefined ? { motion_id: u.motionId } : {}),
        ...(u.motionRequest !== undefined ? { motion_request: u.motionRequest ? JSON.stringify(u.motionRequest) : null } : {}),
        ...(u.videoKey !== undefined ? { video_key: u.videoKey } : {}),
        ...(u.gender !== undefined ? { gender: u.gender } : {}),
        ...(u.age !== undefined ? { age: u.age } : {}),
        ...(u.storageBytes !== undefined ? { storage_bytes: u.storageBytes } : {}),
      })
      .where('id', '=', id)
      .where('deleted_at', 'is', null);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Marks the avatar deleted (the row stays so its id is not reused); false when there is none. */
  async markDeleted(id: number, accountId: string, nowMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable('custom_avatars')
      .set({ deleted_at: nowMs, updated_at: nowMs })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
