import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { UrlSigner } from '../net/url-signer.ts';

/**
 * Upload URLs: PUBLIC_BASE_URL/v1/upload/asset/<asset id>?expires=<unix s>&signature=<b64url>,
 * signature = HMAC-SHA256(key, "PUT <asset id> <expires>"). Anyone holding the URL may upload
 * once before it expires (the asset row makes it single-use); changing any part breaks it.
 */
export class UploadSigner {
  private readonly signer: UrlSigner;

  constructor(
    key: () => Promise<Buffer>,
    private readonly publicBaseUrl: string,
  ) {
    this.signer = new UrlSigner(key);
  }

  async url(assetId: string, expiresAtMs: number): Promise<string> {
    const expires = Math.floor(expiresAtMs / 1000);
    return `${this.publicBaseUrl}${uploadPath(assetId)}?expires=${expires}&signature=${await this.signer.sign('PUT', assetId, expires)}`;
  }

  /** True when `signature` was made by this server for this asset and expiry. */
  async verify(assetId: string, expires: string, signature: string): Promise<boolean> {
    return this.signer.verify('PUT', assetId, expires, signature);
  }
}

export function uploadPath(assetId: string): string {
  return `/v1/upload/asset/${assetId}`;
}

/**
 * The signing key of this server's signed URLs (uploads, custom voices' auditions): the
 * operator's ASSET_SIGNING_SECRET, else a random one the first process makes and keeps in
 * `server_secrets`, so every API process (and a restart) signs alike.
 */
export function signingKey(db: Kysely<Database>, configured: string | undefined, nowMs: () => number): () => Promise<Buffer> {
  let cached: Promise<Buffer> | null = configured ? Promise.resolve(Buffer.from(configured, 'utf8')) : null;
  return () => {
    cached ??= (async () => {
      const name = 'asset_upload_signing';
      await db
        .insertInto('server_secrets')
        .values({ name, value: randomBytes(32).toString('base64'), created_at: nowMs() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64');
    })().catch((err: unknown) => {
      cached = null;
      throw err;
    });
    return cached;
  };
}
