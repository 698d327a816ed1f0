/** The API client: every screen reads and writes through the public API (or the admin routes). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly rid: string | undefined,
  ) {
    super(message);
  }
}

const KEY = 'reelsmith.apiKey';
const ADMIN = 'reelsmith.adminToken';

/** Credentials live in sessionStorage only: gone when the tab closes, or on sign-out. */
export const session = {
  get key() {
    return sessionStorage.getItem(KEY);
  },
  get admin() {
    return sessionStorage.getItem(ADMIN);
  },
  set(key: string | null, admin: string | null) {
    if (key) sessionStorage.setItem(KEY, key);
    else sessionStorage.removeItem(KEY);
    if (admin) sessionStorage.setItem(ADMIN, admin);
    else sessionStorage.removeItem(ADMIN);
  },
  clear() {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(ADMIN);
  },
};

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  rid?: string;
  warnings?: string[];
}

export async function call<T>(method: string, path: string, body?: unknown, opts: { admin?: boolean; key?: string; adminToken?: string } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (opts.admin) headers['x-admin-token'] = opts.adminToken ?? session.admin ?? '';
  else headers['x-api-key'] = opts.key ?? session.key ?? '';
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.', undefined);
  }
  const text = await res.text();
  let env: Envelope<T>;
  try {
    env = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ApiError(res.status, `The server answered HTTP ${res.status} without a readable body.`, undefined);
  }
  if (env.code !== 0) throw new ApiError(env.code, humanMessage(env.code, env.msg), env.rid);
  return env;
}

export const api = async <T>(method: string, path: string, body?: unknown) => (await call<T>(method, path, body)).data;
export const admin = async <T>(method: string, path: string, body?: unknown) => (await call<T>(method, path, body, { admin: true })).data;

/** The API's messages are for developers; this puts the reason first in plain words. */
export function humanMessage(code: number, msg: string): string {
  if (code === 10105) return 'This key is not valid. Check that you copied the whole key.';
  if (code === 18025) return 'This key was revoked or the account is suspended. Ask your operator.';
  if (code === 18020) return `Not enough credits. ${msg.replace(/^Insufficient credit: /, '')}`;
  if (code === 429) return `Too many requests. ${msg.replace(/^Rate limit exceeded: /, 'Retry ')}`;
  if (code === 50000) return 'Something went wrong on the server. Try again; if it keeps failing, tell your operator.';
  const plain = msg
    .replace(/^Parameter error: /, '')
    .replace(/^Failed to extract product information: /, 'The page could not be read: ')
    .replace(/^Record not found: /, 'Not found: ');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/**
 * Uploads one file: asks for a signed single-use URL, then PUTs the bytes to it. The URL is used
 * on this page's own server (the dashboard is served by the API it uploads to), whatever host
 * PUBLIC_BASE_URL names. Resolves to the asset's file URL, what product media take.
 */
export async function uploadFile(file: File): Promise<{ url: string; type: string }> {
  const ticket = await api<{ sign_url: string; asset_id: string }>('POST', '/v1/upload/asset', { filename: file.name });
  const target = new URL(ticket.sign_url);
  let res: Response;
  try {
    res = await fetch(target.pathname + target.search, { method: 'PUT', body: file, headers: { 'content-type': file.type || 'application/octet-stream' } });
  } catch {
    throw new ApiError(0, `${file.name} could not be sent: the server cannot be reached.`, undefined);
  }
  const env = (await res.json().catch(() => ({ code: res.status, msg: `HTTP ${res.status}` }))) as Envelope<{ asset_url: string; type: string }>;
  if (env.code !== 0) throw new ApiError(env.code, `${file.name}: ${humanMessage(env.code, env.msg)}`, env.rid);
  return { url: env.data.asset_url, type: env.data.type };
}

// Records as the API gives them (docs/api.md).
export interface Media {
  type: number;
  url: string;
  name?: string;
  /** Media given by hand are checked after saving: pending, then ok or failed (fail_reason). */
  state?: 'ok' | 'pending' | 'failed';
  fail_reason?: string;
}
export interface Product {
  product_id: string;
  url: string;
  name: string;
  description: string;
  target_audience: string;
  media: Media[];
  brand: string;
  price: string;
  currency: string;
  selling_points: string[];
  language: string | null;
  created_at: number;
}
export interface Project {
  id: string;
  title: string;
  video_url: string;
  cover_url: string;
  video_duration: number;
  status_code: number;
  status_desc: string;
  created_at: number;
  progress: number;
  subtitles_url: string;
  script: string;
  warnings: string[];
  error?: { code: number; message: string } | null;
  files_removed_at: number | null;
}
export interface Avatar {
  avatar_id: number;
  name: string;
  cover_url: string;
  gender: string;
  age: string;
  style: string;
}
export interface Voice {
  voice_id: string;
  name: string;
  language: string;
  gender: string;
  audition_url: string;
  engine: string;
}
export interface CustomVoice extends Voice {
  base_voice_id: string | null;
  speed: number;
  pitch: number;
  timbre: string | null;
  created_at: number;
}
export interface Music {
  id: number;
  name: string;
  music_url: string;
  duration: number;
}
export interface TemplateVariable {
  type: 'text' | 'script' | 'image' | 'video';
  name: string;
  required: boolean;
}
export interface Template {
  id: number;
  name: string;
  cover_url: string;
  preview_url: string;
  /** `public` (GET /v1/templates) or `custom` (GET /v1/templates/custom). */
  template_type: 'public' | 'custom';
  variables: TemplateVariable[];
}
/** GET /v1/avatars/custom: status 0 processing, 1 ready, 2 failed. */
export interface CustomAvatar {
  avatar_id: number;
  name: string;
  cover_url: string;
  status: 0 | 1 | 2;
  fail_msg: string;
  aspect_ratio: number;
  style: string;
  gender: string;
  age: string;
  kind: 'drawn' | 'photo';
  voice_id: string;
}
/** GET /v1/photo_avatar/generation. */
export interface Generation {
  photo_id: string;
  status: 'in_progress' | 'success' | 'error';
  image_url_list: string[];
  image_key_list: string[];
  msg: string;
}
export interface Endpoint {
  endpoint_id: string;
  url: string;
  secret: string;
  status: 'enabled' | 'disabled';
  events: string[];
  created_at: number;
}
export interface Attempt {
  attempt: number;
  started_at: number;
  duration_ms: number;
  status_code: number | null;
  error_class: string | null;
  error: string | null;
  response_excerpt: string | null;
}
export interface Delivery {
  delivery_id: string;
  event_id: string;
  event: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  resent_from: string | null;
  created_at: number;
  completed_at: number | null;
  payload: unknown;
  attempt_log: Attempt[];
}
export interface AccountRow {
  username: string;
  email: string;
  credits: number;
  status: string;
  active_keys: number;
  quota_mb: number | null;
  created_at: string;
}
