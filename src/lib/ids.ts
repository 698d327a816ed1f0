import { createHash, randomBytes } from 'node:crypto';

/** 32 lowercase hex characters: request ids, product, project and endpoint ids. */
export function hexId(): string {
  return randomBytes(16).toString('hex');
}

/** API keys: shown once, stored as sha256 (they carry 192 random bits, so no slow hash is needed). */
export function newApiKey(): string {
  return `rs_${randomBytes(24).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Webhook signing secret (CONTRACT §6): whsec_ + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
