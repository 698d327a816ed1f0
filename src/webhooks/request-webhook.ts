import { errors } from '../lib/errors.ts';
import { urlProblem, type UrlPolicy } from '../net/url-policy.ts';

/**
 * A request's own webhook_url (v2, CONTRACT §9): empty or absent → null; otherwise it must pass
 * the same URL rules as endpoints (40000 naming webhook_url). Stored with the request; the events
 * of that request carry it (NewEvent.webhookUrl) and the outbox delivers them there too.
 */
export function requestWebhookUrl(raw: string | null | undefined, policy: UrlPolicy): string | null {
  if (raw === undefined || raw === null || raw.trim() === '') return null;
  const problem = urlProblem(raw, policy);
  if (problem) throw errors.parameter('webhook_url', problem);
  return raw;
}
