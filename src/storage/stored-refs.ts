import { isSafeStorageKey } from './blob-store.ts';
import { ownFileRef } from './own-files.ts';

/**
 * What the database keeps for a file a record refers to (docs/storage.md "Keys in the database,
 * URLs when read"): the storage key of one of our own files ("media/<id>/image-1.jpg"), or the URL
 * of another site's file that was not copied. A key never holds ":" and a URL always does, so one
 * string tells the two apart. Our files' URLs are built when they are read, from the answering
 * process's PUBLIC_BASE_URL, so every API process (and a moved domain) answers with its own.
 */
export function isKeyRef(ref: string): boolean {
  return ref !== '' && !ref.includes(':') && isSafeStorageKey(ref);
}

/** The URL a client reads: our file's URL from this process's store, another site's URL as kept, '' as ''. */
export function refUrl(ref: string, publicUrl: (key: string) => string): string {
  return isKeyRef(ref) ? publicUrl(ref) : ref;
}

/** What to keep for a URL: a URL of our stored files under this process's base becomes its key; anything else stays. */
export function refOf(url: string, publicBaseUrl: string): string {
  const own = ownFileRef(url.trim(), publicBaseUrl);
  return own.kind === 'stored' ? own.key : url;
}
