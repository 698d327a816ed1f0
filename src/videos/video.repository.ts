import type { Kysely } from 'kysely';
import type { Database, VideoRow } from '../db/schema.ts';
import type { KindName } from './kinds/kind-names.ts';
import type { CustomScene } from '../pipeline/templates/custom-scene.ts';
import type { Script } from '../pipeline/types.ts';

/** status_code values (CONTRACT §4). */
export const VideoStatus = { start: 1, waiting: 2, processing: 3, success: 4, failed: 5, deleted: 99 } as const;
export const statusDescriptions: Record<number, string> = {
  1: 'start',
  2: 'waiting',
  3: 'processing',
  4: 'success',
  5: 'failed',
  99: 'deleted',
};

/** The product kind's request: the create_video_from_url body after validation and normalisation. */
export interface VideoRequest {
  product_id: string;
  aspect_ratio: 0 | 1 | 2;
  video_length: 15 | 30 | 60;
  language: string;
  avatar_id: number;
  avatar_type: 0 | 1;
  script_style: string;
  template_type: 'public' | 'custom';
  voice_id: string | null;
  music_id: number | null;
  visual_style: string | null;
  template_id: number | null;
  override_script: string | null;
  caption: boolean;
  video_name: string | null;
  /** template_type custom: the account's template scene at acceptance (templates/custom-scene.ts). */
  custom_scene?: CustomScene | null;
  /**
   * Seeds the built-in script writer's choice of wording; absent → the video's own id. A full
   * video made from a preview sets the preview's id here to say the same words (not a request field).
   */
  script_seed?: string | null;
  /**
   * The narration to say as planned, instead of writing one: a full video made from a preview whose
   * script an LLM wrote carries the preview's plan (not a request field; docs/api.md "Previews").
   */
  script_plan?: Script | null;
}

/** What a video list may be sorted by (the v2 lists' sort_by), and the column of each. */
export const VIDEO_SORT_KEYS = ['created_at', 'updated_at', 'video_duration', 'title'] as const;
export type VideoSortKey = (typeof VIDEO_SORT_KEYS)[number];
const SORT_COLUMNS = { created_at: 'created_at', updated_at: 'updated_at', video_duration: 'duration', title: 'title' } as const satisfies Record<VideoSortKey, keyof VideoRow>;

export interface VideoListQuery {
  /** Only these status_codes; absent: every status but 99 (deleted). */
  statuses?: readonly number[] | undefined;
  /** Only these kinds; absent: every kind. */
  kinds?: readonly KindName[] | undefined;
  /** Default created_at, desc (newest first). */
  sort?: { by: VideoSortKey; order: 'asc' | 'desc' } | undefined;
  limit: number;
  offset: number;
}

export interface Video {
  id: string;
  accountId: string;
  /** Which kind of video (src/videos/kinds/); its request's shape depends on it. */
  kind: KindName;
  /** The product of a product video; null for kinds without one. */
  productId: string | null;
  /** The kind's normalised request (VideoRequest for product videos); each kind reads its own. */
  request: unknown;
  /** Credits taken at acceptance (0 for free kinds); a final failure refunds exactly these. */
  credits: number;
  title: string;
  status: number;
  progress: number;
  /**
   * Storage keys of the published files ('' until success and after removal): the columns
   * video_url, cover_url and subtitles_url keep keys; URLs are built when read (src/storage/stored-refs.ts).
   */
  videoKey: string;
  coverKey: string;
  subtitlesKey: string;
  duration: number;
  script: string;
  /** The narration as planned (sentences, cues, writer), when the kind wrote one. */
  scriptPlan?: Script | null;
  error: { code: number; message: string } | null;
  /** Problems that did not stop the video (media URLs that did not load); empty when none. */
  warnings: string[];
  /** Random path segment of the file URLs; null for videos made before file tokens. */
  fileToken?: string | null;
  /** Bytes of the stored video, cover and captions (counted against the account's quota). */
  storageBytes?: number;
  /** When DELETE /v1/project or the retention period removed the files; null while they are kept. */
  filesRemovedAt?: number | null;
  /** The request's own webhook_url (v2, CONTRACT §9): its final v2 event is delivered there too; null: none. */
  webhookUrl?: string | null;
  createdAt: number;
  updatedAt: number;
}

function fromRow(row: VideoRow): Video {
  return {
    id: row.id,
    accountId: row.account_id,
    kind: row.kind as KindName,
    productId: row.product_id,
    request: JSON.parse(row.request) as unknown,
    credits: row.credits,
    title: row.title,
    status: row.status,
    progress: row.progress,
    videoKey: row.video_url,
    coverKey: row.cover_url,
    subtitlesKey: row.subtitles_url,
    duration: row.duration,
    script: row.script,
    scriptPlan: row.script_plan ? (JSON.parse(row.script_plan) as Script) : null,
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    warnings: parseWarnings(row.warnings),
    fileToken: row.file_token ?? null,
    storageBytes: Number(row.storage_bytes),
    filesRemovedAt: row.files_removed_at === null ? null : Number(row.files_removed_at),
    webhookUrl: row.webhook_url ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function parseWarnings(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

export class VideoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(v: {
    id: string;
    accountId: string;
    /** Default 'product'. */
    kind?: KindName;
    productId: string | null;
    request: unknown;
    /** Credits taken at acceptance; default 1. */
    credits?: number;
    title: string;
    fileToken?: string;
    /** The request's own webhook_url, already checked (requestWebhookUrl). */
    webhookUrl?: string | null;
    nowMs: number;
  }): Promise<void> {
    await this.db
      .insertInto('videos')
      .values({
        id: v.id,
        account_id: v.accountId,
        kind: v.kind ?? 'product',
        product_id: v.productId,
        request: JSON.stringify(v.request),
        credits: v.credits ?? 1,
        title: v.title,
        status: VideoStatus.waiting,
        progress: 0,
        video_url: '',
        cover_url: '',
        subtitles_url: '',
        duration: 0,
        script: '',
        error_code: null,
        error_message: null,
        file_token: v.fileToken ?? null,
        webhook_url: v.webhookUrl ?? null,
        created_at: v.nowMs,
        updated_at: v.nowMs,
      })
      .execute();
  }

  async get(accountId: string, id: string): Promise<Video | undefined> {
    const row = await this.db.selectFrom('videos').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** For workers, which act for every account. */
  async getById(id: string): Promise<Video | undefined> {
    const row = await this.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Status 3 with progress; only while the video is not finished. */
  async setProgress(id: string, progress: number, nowMs: number): Promise<boolean> {
    return this.transition(id, { status: VideoStatus.processing, progress, updated_at: nowMs });
  }

  /** Back to status 2 while a retry waits. */
  async markWaiting(id: string, nowMs: number): Promise<boolean> {
    return this.transition(id, { status: VideoStatus.waiting, progress: 0, updated_at: nowMs });
  }

  /** The final success; false when the video had already finished (so nothing is emitted twice). */
  async markSucceeded(
    id: string,
    r: { videoKey: string; coverKey: string; subtitlesKey: string; durationS: number; script: string; scriptPlan?: Script | null; warnings?: string[]; storageBytes?: number },
    nowMs: number,
  ): Promise<boolean> {
    return this.transition(id, {
      status: VideoStatus.success,
      progress: 100,
      video_url: r.videoKey,
      cover_url: r.coverKey,
      subtitles_url: r.subtitlesKey,
      duration: r.durationS,
      script: r.script,
      script_plan: r.scriptPlan ? JSON.stringify(r.scriptPlan) : null,
      warnings: JSON.stringify(r.warnings ?? []),
      storage_bytes: r.storageBytes ?? 0,
      error_code: null,
      error_message: null,
      updated_at: nowMs,
    });
  }

  /** The final failure; false when the video had already finished. */
  async markFailed(id: string, error: { code: number; message: string }, nowMs: number): Promise<boolean> {
    return this.transition(id, { status: VideoStatus.failed, error_code: error.code, error_message: error.message, updated_at: nowMs });
  }

  private async transition(id: string, set: Partial<Omit<VideoRow, 'id'>>): Promise<boolean> {
    const result = await this.db
      .updateTable('videos')
      .set(set)
      .where('id', '=', id)
      .where('status', 'in', [VideoStatus.start, VideoStatus.waiting, VideoStatus.processing])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * DELETE /v1/project on a finished video (4 or 5): status 99, no file URLs, no stored bytes.
   * False when the video is not finished (or already deleted).
   */
  async markDeleted(accountId: string, id: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('videos')
      .set({ status: VideoStatus.deleted, video_url: '', cover_url: '', subtitles_url: '', storage_bytes: 0, files_removed_at: nowMs, updated_at: nowMs })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('status', 'in', [VideoStatus.success, VideoStatus.failed])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The retention period: successful videos made before `createdBefore` whose files are still kept. */
  async withExpiredFiles(createdBefore: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select('id')
      .where('status', '=', VideoStatus.success)
      .where('files_removed_at', 'is', null)
      .where('created_at', '<', createdBefore)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The retention period removed the files: URLs emptied, bytes released, a warning says why. Status stays 4. */
  async markFilesExpired(id: string, warning: string, nowMs: number): Promise<boolean> {
    const row = await this.db.selectFrom('videos').select('warnings').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    const result = await this.db
      .updateTable('videos')
      .set({
        video_url: '',
        cover_url: '',
        subtitles_url: '',
        storage_bytes: 0,
        files_removed_at: nowMs,
        warnings: JSON.stringify([...parseWarnings(row.warnings), warning]),
        updated_at: nowMs,
      })
      .where('id', '=', id)
      .where('status', '=', VideoStatus.success)
      .where('files_removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** One unfinished video (status 1-3) of the product, if any: a product is not deleted under it. */
  async unfinishedOfProduct(productId: string): Promise<Video | undefined> {
    const row = await this.db
      .selectFrom('videos')
      .selectAll()
      .where('product_id', '=', productId)
      .where('status', 'in', [VideoStatus.start, VideoStatus.waiting, VideoStatus.processing])
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /**
   * A page of the account's videos with the total: the one list query (GET /v1/projects, the v2
   * lists). Newest first unless `sort` says otherwise; ties by id in the same direction, so pages
   * are stable. `statuses` filters by status_code; without it deleted videos (99) are left out.
   * `kinds` keeps only those kinds (absent: every kind).
   */
  async list(accountId: string, q: VideoListQuery): Promise<{ total: number; videos: Video[] }> {
    if (q.statuses?.length === 0 || q.kinds?.length === 0) return { total: 0, videos: [] };
    let base = this.db.selectFrom('videos').where('account_id', '=', accountId);
    base = q.statuses === undefined ? base.where('status', '<>', VideoStatus.deleted) : base.where('status', 'in', q.statuses);
    if (q.kinds !== undefined) base = base.where('kind', 'in', q.kinds);
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const order = q.sort?.order ?? 'desc';
    const rows = await base
      .selectAll()
      .orderBy(SORT_COLUMNS[q.sort?.by ?? 'created_at'], order)
      .orderBy('id', order)
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    return { total: Number(count.n), videos: rows.map(fromRow) };
  }

  async countByAccount(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
