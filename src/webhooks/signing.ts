import { createHmac } from 'node:crypto';

/**
 * Both signature schemes of CONTRACT §7 over the exact body bytes:
 * - X-Webhook-Signature: hex HMAC-SHA256 of the body, key = the secret string's UTF-8 bytes
 *   (what the JoggAI docs' receiver code and existing clients verify);
 * - Standard Webhooks: webhook-id, webhook-timestamp (attempt time, Unix seconds) and
 *   webhook-signature "v1,<base64 HMAC-SHA256 of id.timestamp.body>", key = base64-decoded part
 *   after "whsec_".
 */
export function signatureHeaders(secret: string, eventId: string, body: string, timestampS: number): Record<string, string> {
  const hex = createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex');
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const v1 = createHmac('sha256', key).update(`${eventId}.${timestampS}.${body}`, 'utf8').digest('base64');
  return {
    'x-webhook-signature': hex,
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': `v1,${v1}`,
  };
}
