import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring URLs of this server (the upload PUT, custom voices' auditions): signature =
 * HMAC-SHA256(key, "<purpose> <id> <expires>") in base64url, `expires` in Unix seconds. The
 * purpose word keeps one kind of URL from being used as another with the same key.
 */
export class UrlSigner {
  constructor(private readonly key: () => Promise<Buffer>) {}

  async sign(purpose: string, id: string, expires: number): Promise<string> {
    return createHmac('sha256', await this.key()).update(`${purpose} ${id} ${expires}`).digest('base64url');
  }

  /** True when `signature` was made by this server for this purpose, id and expiry (expiry not checked here). */
  async verify(purpose: string, id: string, expires: string, signature: string): Promise<boolean> {
    if (!/^\d{1,12}$/.test(expires)) return false;
    const want = Buffer.from(await this.sign(purpose, id, Number(expires)));
    const got = Buffer.from(signature);
    return got.length === want.length && timingSafeEqual(got, want);
  }
}
