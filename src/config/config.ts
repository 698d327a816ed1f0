import path from 'node:path';

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
  publicBaseUrl: string;
  /** Development/test only: accept http:// and private/loopback addresses for user URLs. */
  allowPrivateUrls: boolean;
  /** POST requests per minute per API key. */
  postRateLimitPerMinute: number;
  bodyLimitBytes: number;
  maxEndpointsPerAccount: number;
  logLevel: string;
}

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
    publicBaseUrl,
    allowPrivateUrls: flag(env, 'ALLOW_PRIVATE_URLS'),
    postRateLimitPerMinute: intSetting(env, 'RATE_LIMIT_POST_PER_MINUTE', 20, 1, 1_000_000),
    bodyLimitBytes: intSetting(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    maxEndpointsPerAccount: intSetting(env, 'MAX_ENDPOINTS_PER_ACCOUNT', 20, 1, 10_000),
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
  };
}
