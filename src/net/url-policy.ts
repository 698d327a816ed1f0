import { isIpLiteral, isPublicAddress } from './address-policy.ts';

export interface UrlPolicy {
  /** ALLOW_PRIVATE_URLS: accept http:// and private/loopback hosts (development and tests only). */
  allowPrivate: boolean;
}

/**
 * Checks a user-supplied URL (product page, media, webhook receiver) before anything is stored or fetched. Returns the rule it breaks,
 * phrased to follow the field name ("must be an https:// URL"), or null when it is acceptable.
 * Host names are resolved and checked again at connect time by the fetcher.
 */
export function urlProblem(raw: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (policy.allowPrivate) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http:// or https:// URL';
  } else if (url.protocol !== 'https:') {
    return 'must be an https:// URL';
  }
  if (url.username || url.password) return 'must not contain credentials';
  if (policy.allowPrivate) return null;
  // A fully qualified name may end in a dot ("localhost."); it names the same host.
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (isIpLiteral(host)) return isPublicAddress(host) ? null : 'must not point at a private, loopback or reserved address';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) {
    return 'must use a public host name';
  }
  return null;
}
