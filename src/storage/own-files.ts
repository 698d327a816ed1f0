import { isSafeStorageKey } from './blob-store.ts';

/**
 * How a media URL given by hand relates to this server's stored files
 * (PUBLIC_BASE_URL/files/<key>): another site's file (fetched and verified when a video is
 * made), one of our stored files (used in place), or a URL under our /files/ that names no
 * storage key (`../`, `%2e%2e`, a query string…), which the API refuses when it is given.
 */
export type OwnFileRef = { kind: 'foreign' } | { kind: 'stored'; key: string } | { kind: 'invalid'; problem: string };

export function ownFileRef(raw: string, publicBaseUrl: string): OwnFileRef {
  const prefix = `${publicBaseUrl}/files/`;
  if (raw.startsWith(prefix)) {
    const key = raw.slice(prefix.length);
    if (/[?#]/.test(key)) return { kind: 'invalid', problem: `must not carry a query string or fragment when it names a file of this server (${prefix}<key>)` };
    if (!isSafeStorageKey(key)) return { kind: 'invalid', problem: `names no stored file of this server (a key under ${prefix} has only letters, digits and / _ . - and no "..")` };
    return { kind: 'stored', key };
  }
  // The same place written another way ("/x/../files/…", another case for the host): the URL
  // parser would resolve it under /files/, so it is refused rather than fetched from ourselves.
  let url: URL;
  let base: URL;
  try {
    url = new URL(raw);
    base = new URL(publicBaseUrl);
  } catch {
    return { kind: 'foreign' };
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.origin === base.origin && url.pathname.startsWith(`${basePath}/files/`)) {
    return { kind: 'invalid', problem: `must be written as ${prefix}<key> when it names a file of this server` };
  }
  return { kind: 'foreign' };
}
