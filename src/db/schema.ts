import type { ColumnType, Generated, Selectable } from 'kysely';

/** Table shapes as Kysely sees them. Times are Unix milliseconds (bigint in PostgreSQL). */
export interface AccountsTable {
  id: string;
  username: string;
  email: string | null;
  credits: number;
  status: 'active' | 'suspended';
  /** Operator's storage quota for this account in MB (migration 004); null → STORAGE_QUOTA_MB. */
  storage_quota_mb: ColumnType<number | null, number | null | undefined, number | null>;
  /** Signs deliveries to a request's own webhook_url (migration 010): `whsec_` + base64 of 32 random bytes. */
  webhook_secret: string;
  created_at: number;
  updated_at: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  /** First characters of the key, so an operator can tell keys apart. */
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface CreditLedgerTable {
  id: string;
  account_id: string;
  delta: number;
  reason: string;
  /** With reason, unique: a refund for one video can be written once only. */
  ref: string | null;
  created_at: number;
}

export interface ProductsTable {
  id: string;
  account_id: string;
  source_url: string | null;
  name: string;
  description: string;
  target_audience: string;
  /** JSON array of media items. */
  media: string;
  brand: string | null;
  price: string | null;
  currency: string | null;
  /** JSON array of strings. */
  selling_points: string;
  /** Language of the product's own text (catalog name, e.g. "german"), or null when unknown. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bytes of the crawled media stored for the product (migration 004). */
  storage_bytes: ColumnType<number, number | undefined, number>;
  /** Set by DELETE /v1/product: the row stays (its videos refer to it) but reads as absent. */
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}

export interface VideosTable {
  id: string;
  account_id: string;
  /** The video's kind (migration 006): product, avatar, template, preview (src/videos/kinds/). */
  kind: ColumnType<string, string | undefined, string>;
  /** The product of a product video (or preview); null for kinds without one (migration 006). */
  product_id: string | null;
  /** JSON of the kind's normalised request (for product videos, the create_video_from_url body). */
  request: string;
  /** Credits taken at acceptance; a final failure gives back exactly these (migration 006). */
  credits: ColumnType<number, number | undefined, number>;
  title: string;
  status: number;
  progress: number;
  video_url: string;
  cover_url: string;
  subtitles_url: string;
  duration: number;
  script: string;
  error_code: number | null;
  error_message: string | null;
  /** JSON array of strings: problems that did not stop the video (some media did not load). */
  warnings: ColumnType<string, string | undefined, string>;
  /** Bytes of the video, cover and captions stored for the video (migration 004). */
  storage_bytes: ColumnType<number, number | undefined, number>;
  /** Random path segment of the file URLs (videos/<id>/<token>/...); null for older videos. */
  file_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the files were removed (DELETE /v1/project, or the retention period). */
  files_removed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The request's own webhook_url (v2, migration 010); its final event is delivered there too. */
  webhook_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The narration as planned, JSON (pipeline Script: sentences, cues, source); null when none (migration 015). */
  script_plan: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
}

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  secret: string;
  status: 'enabled' | 'disabled';
  /** JSON array of event kinds. */
  events: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** Durable work (migration 002): the database is the source of truth, a queue only wakes workers. */
export interface JobsTable {
  /** For 'video.generate' jobs: the project id. */
  id: string;
  kind: string;
  account_id: string;
  status: JobStatus;
  /** Claims so far; a claim counts as an attempt even if its worker dies. */
  attempts: number;
  max_attempts: number;
  /** When a queued job becomes due. */
  run_at: number;
  lease_owner: string | null;
  /** A running job whose lease has expired may be claimed again. */
  lease_expires_at: number | null;
  stage: string;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface EventsTable {
  id: string;
  account_id: string;
  kind: string;
  subject_id: string | null;
  /** The exact JSON body sent on every delivery and retry. */
  payload: string;
  created_at: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface DeliveriesTable {
  id: string;
  event_id: string;
  /** The endpoint delivered to; null for a delivery to a request's own webhook_url (target_url). */
  endpoint_id: string | null;
  /** A request's own webhook_url (migration 010); null for an endpoint's delivery. */
  target_url: ColumnType<string | null, string | null | undefined, string | null>;
  account_id: string;
  status: DeliveryStatus;
  attempts: number;
  /** Pending: when the next attempt is due; while leased: the lease's expiry. */
  next_attempt_at: number;
  lease_owner: string | null;
  last_status: number | null;
  last_error: string | null;
  resent_from: string | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: number;
  duration_ms: number;
  status_code: number | null;
  error_class: string | null;
  error_message: string | null;
  response_excerpt: string;
}

export interface CustomVoicesTable {
  /** The voice_id: "cv-" and 16 hex digits. */
  id: string;
  account_id: string;
  name: string;
  base_voice_id: string | null;
  external_voice: string | null;
  language: string;
  gender: string;
  /** Rate multiplier (0.5-2). */
  speed: number;
  /** Semitones (-12..12). */
  pitch: number;
  /** espeak variant key (f1..m3), espeak voices only. */
  timbre: string | null;
  created_at: number;
}

/** Uploaded assets (migration 008). */
export interface AssetsTable {
  id: string;
  account_id: string;
  filename: string;
  /** 'pending' until the signed PUT starts, 'uploading' while it runs, 'uploaded' once stored. */
  status: 'pending' | 'uploading' | 'uploaded';
  /** What the bytes are: 'image' | 'video' | 'audio'; null while pending. */
  kind: string | null;
  content_type: string | null;
  /** v2's content_type and file_size, as declared when the upload was asked for; null in v1. */
  declared_type: string | null;
  declared_size: number | null;
  storage_key: string | null;
  storage_bytes: ColumnType<number, number | undefined, number>;
  upload_expires_at: number;
  created_at: number;
  uploaded_at: number | null;
  last_used_at: number;
}

/** Secrets the server made itself (migration 008). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** Custom templates (migration 007). */
export interface CustomTemplatesTable {
  id: number;
  account_id: string;
  name: string;
  aspect_ratio: number;
  /** The validated scene description, JSON. */
  scene: string;
  file_token: string;
  cover_key: string | null;
  preview_key: string | null;
  created_at: number;
  deleted_at: number | null;
}

export interface CustomAvatarsTable {
  /** The avatar_id (with avatar_type 1): a random integer, never reused. */
  id: number;
  account_id: string;
  name: string;
  /** drawn: painted from `look`; photo: animated from the portrait at `photo_key`. */
  kind: string;
  /** 0 processing, 1 ready, 2 failed. */
  status: number;
  fail_msg: string | null;
  /** JSON DrawnPresenter (painter parameters), drawn avatars. */
  look: string | null;
  /** Stored portrait (blob key), photo avatars. */
  photo_key: string | null;
  cover_key: string | null;
  /** Stored talking preview (blob key), once made. */
  preview_key: string | null;
  voice_id: string | null;
  aspect_ratio: number;
  style: string;
  gender: string;
  age: string;
  /** The generation (photo_id) a drawn avatar was chosen from. */
  photo_id: string | null;
  motion_id: string | null;
  /** Stored idle loop (blob key), video avatars (migration 018). */
  video_key?: string | null;
  /** JSON {url, assetKey}: the clip a video avatar is made from. */
  video_origin?: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
  /** Product avatars (kind product): the stored product cut-out the presenter holds, and how (JSON HoldSpec). */
  product_key: string | null;
  product_hold: string | null;
  /** JSON MotionRequest: what the add_motion job needs, until the motion is finished (migration 016). */
  motion_request: string | null;
  /** Bytes of the avatar's own files (avatars/a-…), counted in the quota (migration 016). */
  storage_bytes: Generated<number>;
}

/** POST /v2/product_avatar/generation requests (batch_id). */
export interface ProductAvatarBatchesTable {
  id: string;
  account_id: string;
  /** JSON of the request as accepted. */
  request: string;
  webhook_url: string | null;
  /** pending, completed, failed. */
  status: string;
  msg: string;
  created_at: number;
  updated_at: number;
  /** Bytes of the batch's files (avatars/p-…), counted in the quota (migration 016). */
  storage_bytes: Generated<number>;
}

/** One picture of a product-avatar batch (generation_id). */
export interface ProductAvatarGenerationsTable {
  id: string;
  batch_id: string;
  account_id: string;
  idx: number;
  /** pending, processing, completed, failed. */
  status: string;
  image_key: string | null;
  /** JSON {kind:'drawn', presenter} | {kind:'photo', photoKey}. */
  presenter: string | null;
  product_key: string | null;
  /** JSON HoldSpec. */
  hold: string | null;
  error: string;
  created_at: number;
  updated_at: number;
}

export interface AvatarGenerationsTable {
  /** The photo_id. */
  id: string;
  account_id: string;
  /** JSON of the generate request as accepted. */
  request: string;
  /** in_progress, success, error. */
  status: string;
  msg: string;
  /** JSON [{key, look}]: each candidate's stored PNG and painter parameters. */
  candidates: string;
  /** Bytes of the candidate PNGs, counted in the quota; 0 once the janitor removed them (migration 016). */
  storage_bytes: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** v2 AI script tasks (migration 011). */
export interface AiScriptTasksTable {
  id: string;
  account_id: string;
  /** JSON: the accepted request (AiScriptTaskRequest). */
  request: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  /** JSON [{script_style, script_paragraphs, source}] once completed. */
  result: string | null;
  err_msg: string;
  webhook_url: string | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  custom_voices: CustomVoicesTable;
  custom_avatars: CustomAvatarsTable;
  avatar_generations: AvatarGenerationsTable;
  product_avatar_batches: ProductAvatarBatchesTable;
  product_avatar_generations: ProductAvatarGenerationsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  credit_ledger: CreditLedgerTable;
  products: ProductsTable;
  videos: VideosTable;
  webhook_endpoints: WebhookEndpointsTable;
  jobs: JobsTable;
  events: EventsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  assets: AssetsTable;
  custom_templates: CustomTemplatesTable;
  server_secrets: ServerSecretsTable;
  ai_script_tasks: AiScriptTasksTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type CustomVoiceRow = Selectable<CustomVoicesTable>;
export type CustomAvatarRow = Selectable<CustomAvatarsTable>;
export type AvatarGenerationRow = Selectable<AvatarGenerationsTable>;
export type ProductAvatarBatchRow = Selectable<ProductAvatarBatchesTable>;
export type ProductAvatarGenerationRow = Selectable<ProductAvatarGenerationsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ProductRow = Selectable<ProductsTable>;
export type VideoRow = Selectable<VideosTable>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type JobRow = Selectable<JobsTable>;
export type EventRow = Selectable<EventsTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type DeliveryAttemptRow = Selectable<DeliveryAttemptsTable>;
export type AssetRow = Selectable<AssetsTable>;
export type CustomTemplateRow = Selectable<CustomTemplatesTable>;
export type AiScriptTaskRow = Selectable<AiScriptTasksTable>;
// Generated is re-exported for migrations that add generated columns later.
export type { Generated };
