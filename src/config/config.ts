import net from 'node:net';
import path from 'node:path';
import { isLanguage, type Language } from '../catalog/languages.ts';

/**
 * Every setting the service reads from its environment, parsed once at start.
 * This module is the only reader of process.env; everything else receives a Config.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent → SQLite file `reelsmith.db` in dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * Prefix of every key this deployment writes in Redis: BullMQ's (`<prefix>:reelsmith-jobs:*`) and
   * the rate limiter's (`<prefix>-rl-*`), so two deployments can share one Redis (QUEUE_PREFIX,
   * default "reelsmith").
   */
  queuePrefix: string;
  publicBaseUrl: string;
  /** Development/test only: accept http:// and private/loopback addresses for user URLs. */
  allowPrivateUrls: boolean;
  /** POST requests per minute per API key. */
  postRateLimitPerMinute: number;
  /** Requests per minute per client address that carry a missing or unknown API key (RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE). */
  unauthenticatedRateLimitPerMinute: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (TRUST_PROXY; Fastify's
   * trustProxy): false (default: the connecting address), true (every hop), a hop count, or
   * addresses/CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal).
   */
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  maxEndpointsPerAccount: number;
  logLevel: string;
  jobs: JobSettings;
  webhooks: WebhookSettings;
  storage: StorageSettings;
  assets: AssetSettings;
  /** Optional OpenAI-compatible chat endpoint that writes scripts (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS). */
  llm: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  /** Optional OpenAI-compatible speech-to-text server that transcribes outside videos for translation (STT_BASE_URL, STT_API_KEY, STT_MODEL, STT_TIMEOUT_MS). */
  stt: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  crawl: CrawlSettings;
  /** Optional OpenAI-compatible speech endpoint (TTS_BASE_URL, TTS_API_KEY, TTS_MODEL, TTS_VOICES, TTS_TIMEOUT_MS, TTS_RETRIES, TTS_ON_FAILURE). */
  tts: ExternalTtsConfig | null;
  /** The voice folder (docs/narration.md "Voice models"). */
  voiceModels: VoiceModelSettings;
  /** Output size as a fraction of the CONTRACT sizes (RENDER_SCALE, default 1 → 1080x1920 etc.). */
  renderScale: number;
  /** WARM_UP (default 1): `serve` (with its worker) and `worker` warm speech, renderer and music beds after start (src/jobs/warm-up.ts). */
  warmUp: boolean;
  /**
   * TEST ONLY (REELSMITH_TEST_GENERATOR): selects the ffmpeg test generator of
   * test/support/ffmpeg-generator.ts, e.g. "ffmpeg" or "ffmpeg:seconds=1,stageDelayMs=500".
   */
  testGenerator: string | undefined;
  /**
   * Operator mode of the API and dashboard (ADMIN_TOKEN): the /admin/ routes answer requests
   * carrying it in `x-admin-token`; absent → those routes do not exist (404).
   */
  adminToken: string | undefined;
}

/**
 * The operator's OpenAI-compatible speech endpoint (TTS_*). Declared here, in the base: the
 * pipeline's external engine reads this shape; the configuration knows nothing of the pipeline.
 */
export interface ExternalTtsConfig {
  /** e.g. "http://127.0.0.1:8880/v1"; requests go to `${baseUrl}/audio/speech`. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** The endpoint's voice names with the language and gender each speaks. */
  voices: { name: string; language: Language; gender: 'female' | 'male' }[];
  /** One attempt's deadline. */
  timeoutMs: number;
  /** Attempts after the first, for timeouts, unreachable servers, 429 and 5xx. */
  retries: number;
  /** When the endpoint fails: fail the job, or speak with the voice's built-in stand-in. */
  onFailure: 'fail' | 'fallback';
}

export type TrustProxy = boolean | number | string[];

export interface VoiceModelSettings {
  /** VOICE_MODELS_DIR (default DATA_DIR/voices): one sub-folder per model (Piper, Kokoro, Kitten, Matcha). */
  dir: string;
  /** VOICE_MODELS_DEFAULT (default true): a model's voices become the default of their language and gender. */
  asDefaults: boolean;
  /** VOICE_MODEL_THREADS (default 1): worker threads speaking with the models. */
  threads: number;
}

export interface JobSettings {
  /** 'inline': the server process runs jobs from the database; 'bullmq': `reelsmith worker` processes take them through Redis. */
  runner: 'inline' | 'bullmq';
  /** Jobs one process runs at a time (JOB_CONCURRENCY). */
  concurrency: number;
  /** A claim lasts this long unless heartbeats extend it; a dead worker's job is retried after it (JOB_LEASE_MS). */
  leaseMs: number;
  /** Claims a job may use before it fails for good (JOB_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Retry n waits backoffMs × 4^(n-1) (JOB_BACKOFF_MS). */
  backoffMs: number;
  /** One attempt is aborted after this long (JOB_TIMEOUT_MS). */
  timeoutMs: number;
  /** Scale-out: how often the sweeper puts due database jobs back into BullMQ (JOB_SWEEP_MS). */
  sweepMs: number;
  /** Longest sleep when nothing is known to be due: a safety net for work written by other processes (JOB_MAX_SLEEP_MS). */
  maxSleepMs: number;
  /**
   * SPLIT_RENDER (default auto): with JOB_RUNNER=bullmq, a video of 30 s or more is rendered as
   * segments by idle workers at once (docs/rendering.md "Split renders"); off: always in one piece.
   * Never with the in-process runner.
   */
  splitRender: 'auto' | 'off';
}

/** Product-page crawling (docs/crawling.md). */
export interface CrawlSettings {
  /** One deadline for a whole crawl: page, extraction and media (CRAWL_DEADLINE_MS). */
  deadlineMs: number;
  /** Worker threads that parse and read pages (CRAWL_WORKERS). */
  workers: number;
  /** Time one page may take to parse and read in its worker (CRAWL_PARSE_TIMEOUT_MS). */
  parseTimeoutMs: number;
  /** Elements a page may have (CRAWL_MAX_ELEMENTS). */
  maxElements: number;
  /** Depth of nested elements a page may reach (CRAWL_MAX_DEPTH). */
  maxDepth: number;
}

export interface WebhookSettings {
  /** One attempt's deadline (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Waits after failed attempt 1, 2, ...; when they run out the delivery fails (WEBHOOK_RETRY_SCHEDULE_MS, comma separated). */
  retryScheduleMs: number[];
  /** Random delay added to a retry: up to a tenth of the wait, at most this (WEBHOOK_JITTER_MAX_MS). */
  jitterMaxMs: number;
  /** Retry-After is honoured up to this wait (WEBHOOK_RETRY_AFTER_MAX_MS). */
  retryAfterMaxMs: number;
  /** Attempts one process has in flight (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** A claimed delivery is retried by any dispatcher after this long unless its result was written (WEBHOOK_LEASE_MS). */
  leaseMs: number;
  /** Longest sleep when no delivery is known to be due (WEBHOOK_MAX_SLEEP_MS). */
  maxSleepMs: number;
  /** Keep connections to receivers open between attempts (WEBHOOK_KEEP_ALIVE, default 1). */
  keepAlive: boolean;
}

export interface StorageSettings {
  /** Default per-account storage quota in MB; 0 = no limit (STORAGE_QUOTA_MB, default 5120). The operator CLI sets per-account quotas. */
  quotaMb: number;
  /** How often the storage janitor runs (STORAGE_JANITOR_INTERVAL_S, default 600); it also runs at start. */
  janitorIntervalMs: number;
  /** Files and work directories nobody owns are removed only once older than this (STORAGE_ORPHAN_AGE_S, default 3600). */
  orphanAgeMs: number;
  /** Video files are removed this many days after the video was made; 0 = kept (VIDEO_RETENTION_DAYS, default 0). */
  videoRetentionDays: number;
  /** A photo generation's candidate portraits are removed this many days after it finished (AVATAR_CANDIDATE_RETENTION_DAYS, default 7). */
  candidateRetentionDays: number;
  /** Where stored files live (STORAGE=local|s3, default local): DATA_DIR/files, or an S3-compatible bucket. */
  backend: LocalStorageBackend | S3StorageBackend;
}

export interface LocalStorageBackend {
  kind: 'local';
}

/** An S3-compatible bucket (docs/storage.md "Backends"). */
export interface S3StorageBackend {
  kind: 's3';
  /** S3_ENDPOINT: e.g. http://127.0.0.1:9000 for MinIO; absent → AWS's endpoint for the region. */
  endpoint: string | undefined;
  /** S3_BUCKET (required). */
  bucket: string;
  /** S3_REGION, default us-east-1. */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; both absent → the SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_FORCE_PATH_STYLE: bucket in the path (MinIO, most self-hosted servers); default 1 when S3_ENDPOINT is set. */
  forcePathStyle: boolean;
}

/** Uploaded assets (docs/storage.md "Assets"). */
export interface AssetSettings {
  /** How long an upload URL stays valid (ASSET_UPLOAD_URL_TTL_S, default 900). */
  uploadUrlTtlMs: number;
  /** Largest file one upload may store (ASSET_MAX_MB, default 200). */
  maxBytes: number;
  /** An uploaded asset no live product lists is removed this many days after its last use (ASSET_RETENTION_DAYS, default 30). */
  retentionDays: number;
  /** HMAC key of upload URLs (ASSET_SIGNING_SECRET); unset → one made once and kept in the database. */
  signingSecret: string | undefined;
}

function assetSettings(env: Env): AssetSettings {
  const secret = optional(env, 'ASSET_SIGNING_SECRET');
  if (secret !== undefined && secret.length < 16) throw new ConfigError('ASSET_SIGNING_SECRET must have at least 16 characters');
  return {
    uploadUrlTtlMs: intSetting(env, 'ASSET_UPLOAD_URL_TTL_S', 900, 1, 7 * 86_400) * 1000,
    maxBytes: intSetting(env, 'ASSET_MAX_MB', 200, 1, 100_000) * 1024 * 1024,
    retentionDays: intSetting(env, 'ASSET_RETENTION_DAYS', 30, 1, 100_000),
    signingSecret: secret,
  };
}

function storageSettings(env: Env): StorageSettings {
  return {
    quotaMb: intSetting(env, 'STORAGE_QUOTA_MB', 5120, 0, 1_000_000_000),
    janitorIntervalMs: intSetting(env, 'STORAGE_JANITOR_INTERVAL_S', 600, 1, 7 * 86_400) * 1000,
    orphanAgeMs: intSetting(env, 'STORAGE_ORPHAN_AGE_S', 3600, 0, 30 * 86_400) * 1000,
    videoRetentionDays: intSetting(env, 'VIDEO_RETENTION_DAYS', 0, 0, 100_000),
    candidateRetentionDays: intSetting(env, 'AVATAR_CANDIDATE_RETENTION_DAYS', 7, 1, 100_000),
    backend: storageBackend(env),
  };
}

function storageBackend(env: Env): StorageSettings['backend'] {
  const kind = optional(env, 'STORAGE') ?? 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError(`STORAGE must be local or s3, got "${kind}"`);
  const bucket = optional(env, 'S3_BUCKET');
  if (!bucket) throw new ConfigError('S3_BUCKET is required when STORAGE=s3');
  const endpoint = optional(env, 'S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new ConfigError(`S3_ENDPOINT is not a URL: "${endpoint}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`S3_ENDPOINT must be http(s), got "${endpoint}"`);
  }
  const accessKeyId = optional(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = optional(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    kind,
    endpoint: endpoint?.replace(/\/+$/, ''),
    bucket,
    region: optional(env, 'S3_REGION') ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: flagDefault(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
  };
}

/** CONTRACT §7: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function intSetting(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** At least 16 characters: the token is the whole of the operator's authentication. */
function adminToken(env: Env): string | undefined {
  const token = optional(env, 'ADMIN_TOKEN');
  if (token !== undefined && token.length < 16) throw new ConfigError(`ADMIN_TOKEN must be at least 16 characters, got ${token.length}`);
  return token;
}

function optional(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function flag(env: Env, name: string): boolean {
  const raw = optional(env, name);
  if (raw === undefined) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset/false → false; true → true; a whole number ≥ 1 → hops; else addresses or CIDRs, comma separated. */
function trustProxySetting(env: Env): TrustProxy {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (['false', 'no', 'off', '0'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 64) throw new ConfigError(`TRUST_PROXY as a hop count must be between 1 and 64, got "${raw}"`);
    return hops;
  }
  return raw.split(',').map((e) => e.trim()).filter(Boolean).map((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return entry;
    const [addr, prefix, extra] = entry.split('/');
    const family = net.isIP(addr ?? '');
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined) {
      throw new ConfigError(`TRUST_PROXY entry "${entry}" must be an IP address, a CIDR (e.g. 10.0.0.0/8) or loopback, linklocal, uniquelocal; or TRUST_PROXY is true, false or a hop count`);
    }
    return entry;
  });
}

function flagDefault(env: Env, name: string, fallback: boolean): boolean {
  return optional(env, name) === undefined ? fallback : flag(env, name);
}

function msList(env: Env, name: string, fallback: number[]): number[] {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const values = raw.split(',').map((v) => Number(v.trim()));
  if (!values.length || values.some((v) => !Number.isInteger(v) || v < 0 || v > 7 * 86_400_000)) {
    throw new ConfigError(`${name} must be a comma-separated list of milliseconds, got "${raw}"`);
  }
  return values;
}

function jobSettings(env: Env, redisUrl: string | undefined): JobSettings {
  const runner = optional(env, 'JOB_RUNNER') ?? (redisUrl ? 'bullmq' : 'inline');
  if (runner !== 'inline' && runner !== 'bullmq') throw new ConfigError(`JOB_RUNNER must be inline or bullmq, got "${runner}"`);
  if (runner === 'bullmq' && !redisUrl) throw new ConfigError('JOB_RUNNER=bullmq needs REDIS_URL');
  const splitRender = optional(env, 'SPLIT_RENDER') ?? 'auto';
  if (splitRender !== 'auto' && splitRender !== 'off') throw new ConfigError(`SPLIT_RENDER must be auto or off, got "${splitRender}"`);
  return {
    splitRender,
    runner,
    concurrency: intSetting(env, 'JOB_CONCURRENCY', 1, 1, 64),
    leaseMs: intSetting(env, 'JOB_LEASE_MS', 60_000, 500, 3_600_000),
    maxAttempts: intSetting(env, 'JOB_MAX_ATTEMPTS', 3, 1, 20),
    backoffMs: intSetting(env, 'JOB_BACKOFF_MS', 10_000, 0, 3_600_000),
    timeoutMs: intSetting(env, 'JOB_TIMEOUT_MS', 1_800_000, 1000, 86_400_000),
    sweepMs: intSetting(env, 'JOB_SWEEP_MS', 10_000, 100, 3_600_000),
    maxSleepMs: intSetting(env, 'JOB_MAX_SLEEP_MS', 60_000, 100, 3_600_000),
  };
}

function webhookSettings(env: Env): WebhookSettings {
  const timeoutMs = intSetting(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 100, 120_000);
  const leaseMs = intSetting(env, 'WEBHOOK_LEASE_MS', timeoutMs + 15_000, 200, 600_000);
  if (leaseMs <= timeoutMs) throw new ConfigError(`WEBHOOK_LEASE_MS (${leaseMs}) must be longer than WEBHOOK_TIMEOUT_MS (${timeoutMs})`);
  return {
    timeoutMs,
    retryScheduleMs: msList(env, 'WEBHOOK_RETRY_SCHEDULE_MS', DEFAULT_RETRY_SCHEDULE_MS),
    jitterMaxMs: intSetting(env, 'WEBHOOK_JITTER_MAX_MS', 30_000, 0, 3_600_000),
    retryAfterMaxMs: intSetting(env, 'WEBHOOK_RETRY_AFTER_MAX_MS', 86_400_000, 0, 7 * 86_400_000),
    concurrency: intSetting(env, 'WEBHOOK_CONCURRENCY', 32, 1, 1024),
    leaseMs,
    maxSleepMs: intSetting(env, 'WEBHOOK_MAX_SLEEP_MS', 30_000, 100, 3_600_000),
    keepAlive: flagDefault(env, 'WEBHOOK_KEEP_ALIVE', true),
  };
}

function crawlSettings(env: Env): CrawlSettings {
  return {
    deadlineMs: intSetting(env, 'CRAWL_DEADLINE_MS', 45_000, 500, 600_000),
    workers: intSetting(env, 'CRAWL_WORKERS', 2, 1, 16),
    parseTimeoutMs: intSetting(env, 'CRAWL_PARSE_TIMEOUT_MS', 5_000, 100, 120_000),
    maxElements: intSetting(env, 'CRAWL_MAX_ELEMENTS', 200_000, 1_000, 10_000_000),
    maxDepth: intSetting(env, 'CRAWL_MAX_DEPTH', 1_000, 50, 10_000_000),
  };
}

function llmSettings(env: Env): Config['llm'] {
  const baseUrl = optional(env, 'LLM_BASE_URL');
  if (!baseUrl) return null;
  try {
    new URL(baseUrl);
  } catch {
    throw new ConfigError(`LLM_BASE_URL is not a URL: "${baseUrl}"`);
  }
  const model = optional(env, 'LLM_MODEL');
  if (!model) throw new ConfigError('LLM_MODEL is required when LLM_BASE_URL is set');
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: optional(env, 'LLM_API_KEY') ?? null,
    model,
    timeoutMs: intSetting(env, 'LLM_TIMEOUT_MS', 20_000, 1000, 600_000),
  };
}

function sttSettings(env: Env): Config['stt'] {
  const baseUrl = optional(env, 'STT_BASE_URL');
  if (!baseUrl) return null;
  try {
    new URL(baseUrl);
  } catch {
    throw new ConfigError(`STT_BASE_URL is not a URL: "${baseUrl}"`);
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: optional(env, 'STT_API_KEY') ?? null,
    // OpenAI's name; whisper.cpp and faster-whisper servers take any model name or their own.
    model: optional(env, 'STT_MODEL') ?? 'whisper-1',
    timeoutMs: intSetting(env, 'STT_TIMEOUT_MS', 300_000, 1000, 3_600_000),
  };
}

/** TTS_VOICES: "name=language/gender" entries, comma separated, e.g. "af_bella=english/female,am_adam=english/male". */
function ttsSettings(env: Env): ExternalTtsConfig | null {
  const baseUrl = optional(env, 'TTS_BASE_URL');
  if (!baseUrl) return null;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError(`TTS_BASE_URL is not a URL: "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`TTS_BASE_URL must be http(s), got "${baseUrl}"`);
  const voices = (optional(env, 'TTS_VOICES') ?? '').split(',').map((v) => v.trim()).filter(Boolean).map((entry) => {
    const m = /^([^=\s]+)=([a-z-]+)\/(female|male)$/.exec(entry);
    if (!m || !isLanguage(m[2])) throw new ConfigError(`TTS_VOICES entry "${entry}" must be name=language/gender (a catalog language; female or male)`);
    return { name: m[1]!, language: m[2], gender: m[3] as 'female' | 'male' };
  });
  if (voices.length === 0) throw new ConfigError('TTS_VOICES is required when TTS_BASE_URL is set (e.g. "af_bella=english/female")');
  const onFailure = optional(env, 'TTS_ON_FAILURE') ?? 'fallback';
  if (onFailure !== 'fallback' && onFailure !== 'fail') throw new ConfigError(`TTS_ON_FAILURE must be fallback or fail, got "${onFailure}"`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: optional(env, 'TTS_API_KEY') ?? null,
    model: optional(env, 'TTS_MODEL') ?? 'tts-1',
    voices,
    timeoutMs: intSetting(env, 'TTS_TIMEOUT_MS', 30_000, 500, 600_000),
    retries: intSetting(env, 'TTS_RETRIES', 2, 0, 10),
    onFailure,
  };
}

function numberSetting(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  return value;
}

export function loadConfig(env: Env = process.env): Config {
  const port = intSetting(env, 'PORT', 8080, 0, 65535);
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  const redisUrl = optional(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  }
  const queuePrefix = optional(env, 'QUEUE_PREFIX') ?? 'reelsmith';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(queuePrefix)) {
    throw new ConfigError(`QUEUE_PREFIX must be 1-64 letters, digits, "_", "." or "-", got "${queuePrefix}"`);
  }
  const publicBaseUrl = (optional(env, 'PUBLIC_BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL is not a URL: "${publicBaseUrl}"`);
  }
  return {
    port,
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(optional(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    redisUrl,
    queuePrefix,
    publicBaseUrl,
    allowPrivateUrls: flag(env, 'ALLOW_PRIVATE_URLS'),
    postRateLimitPerMinute: intSetting(env, 'RATE_LIMIT_POST_PER_MINUTE', 20, 1, 1_000_000),
    unauthenticatedRateLimitPerMinute: intSetting(env, 'RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE', 30, 1, 1_000_000),
    trustProxy: trustProxySetting(env),
    bodyLimitBytes: intSetting(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    maxEndpointsPerAccount: intSetting(env, 'MAX_ENDPOINTS_PER_ACCOUNT', 20, 1, 10_000),
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    jobs: jobSettings(env, redisUrl),
    webhooks: webhookSettings(env),
    storage: storageSettings(env),
    assets: assetSettings(env),
    testGenerator: optional(env, 'REELSMITH_TEST_GENERATOR'),
    adminToken: adminToken(env),
    llm: llmSettings(env),
    stt: sttSettings(env),
    crawl: crawlSettings(env),
    tts: ttsSettings(env),
    renderScale: numberSetting(env, 'RENDER_SCALE', 1, 0.25, 1),
    warmUp: flagDefault(env, 'WARM_UP', true),
    voiceModels: {
      dir: path.resolve(optional(env, 'VOICE_MODELS_DIR') ?? path.join(optional(env, 'DATA_DIR') ?? './data', 'voices')),
      asDefaults: flagDefault(env, 'VOICE_MODELS_DEFAULT', true),
      threads: intSetting(env, 'VOICE_MODEL_THREADS', 1, 1, 64),
    },
  };
}
