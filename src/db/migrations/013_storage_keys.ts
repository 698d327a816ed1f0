import type { Kysely } from 'kysely';

/**
 * The database keeps storage keys, not URLs, of our own files (docs/storage.md "Keys in the
 * database, URLs when read"). Rows written before kept whole URLs built from the writing
 * process's PUBLIC_BASE_URL; each URL of our stored files, under whatever base it was written
 * (`…/files/<key>`), becomes its key. Anything else (another site's file given by hand) stays a URL.
 *
 * - products.media: an item `{url}` naming one of our files becomes `{key}`;
 * - videos.video_url, cover_url, subtitles_url: the key;
 * - videos.request and custom_templates.scene (JSON): a media reference naming one of our files
 *   (a talking video's audio_url, a template video's media refs, a custom template's logo) becomes
 *   its key.
 * events.payload is left as it is: a webhook body is resent exactly as first sent.
 *
 * One-way: a key cannot be turned back into the URL it came from (the base it was written with is
 * not known here), so `down` refuses rather than leaving rows the older code would misread.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as Kysely<any>;

  const products = await k.selectFrom('products').select(['id', 'media']).where('media', 'like', '%/files/%').execute();
  for (const p of products as { id: string; media: string }[]) {
    const media = convertMedia(p.media);
    if (media !== null) await k.updateTable('products').set({ media }).where('id', '=', p.id).execute();
  }

  const videos = await k
    .selectFrom('videos')
    .select(['id', 'video_url', 'cover_url', 'subtitles_url', 'request'])
    .where((eb: any) => eb.or(['video_url', 'cover_url', 'subtitles_url', 'request'].map((c) => eb(c, 'like', '%/files/%'))))
    .execute();
  for (const v of videos as { id: string; video_url: string; cover_url: string; subtitles_url: string; request: string }[]) {
    const changes: Record<string, string> = {};
    for (const c of ['video_url', 'cover_url', 'subtitles_url'] as const) {
      const key = keyOfOwnUrl(v[c]);
      if (key !== null) changes[c] = key;
    }
    const request = convertJson(v.request);
    if (request !== null) changes.request = request;
    if (Object.keys(changes).length > 0) await k.updateTable('videos').set(changes).where('id', '=', v.id).execute();
  }

  const templates = await k.selectFrom('custom_templates').select(['id', 'scene']).where('scene', 'like', '%/files/%').execute();
  for (const t of templates as { id: number; scene: string }[]) {
    const scene = convertJson(t.scene);
    if (scene !== null) await k.updateTable('custom_templates').set({ scene }).where('id', '=', t.id).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('migration 013_storage_keys is one-way: stored keys cannot be turned back into the URLs they came from (docs/storage.md)');
}

/** products.media with each `{url}` of ours made `{key}`; null when nothing changed (or the text is not JSON). */
export function convertMedia(text: string): string | null {
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(items)) return null;
  let changed = false;
  const out = items.map((m: unknown) => {
    if (typeof m !== 'object' || m === null || typeof (m as { url?: unknown }).url !== 'string') return m;
    const { url, ...rest } = m as { url: string } & Record<string, unknown>;
    const key = keyOfOwnUrl(url);
    if (key === null) return m;
    changed = true;
    return { type: rest.type, name: rest.name, key, description: rest.description ?? '' };
  });
  return changed ? JSON.stringify(out) : null;
}

/** A JSON document with every string naming one of our files made its key; null when nothing changed. */
export function convertJson(text: string): string | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const key = keyOfOwnUrl(v);
      if (key === null) return v;
      changed = true;
      return key;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(doc);
  return changed ? JSON.stringify(out) : null;
}

/**
 * Key prefixes of the files a record refers to (src/storage/storage-keys.ts, the avatar files):
 * each starts with a random id, so a foreign URL that happens to contain "/files/" (Shopify's
 * cdn.shopify.com/s/files/…) is never mistaken for one of ours. Kept here, frozen with the migration.
 */
const OWN_KEY = /^(?:media|videos|assets)\/[0-9a-f]{32}\/|^avatars\/[ag]-[0-9a-f]{32}\//;
const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/**
 * The key of a URL of our stored files written under ANY base (`<scheme>://<host>[/path]/files/<key>`
 * whose key is one of ours), or null.
 */
export function keyOfOwnUrl(url: string): string | null {
  const m = /^https?:\/\/[^/?#]+(?:\/[^?#]*?)?\/files\/([^?#]+)$/i.exec(url.trim());
  if (!m) return null;
  const key = m[1]!;
  const safe = SAFE_KEY.test(key) && !key.includes('..') && !key.split('/').some((s) => s === '' || s === '.');
  return safe && OWN_KEY.test(key) ? key : null;
}
